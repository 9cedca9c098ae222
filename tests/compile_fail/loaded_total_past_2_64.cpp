// expect: rollplan: the weights of loaded<W...> add up to more than 2^64
#include <rollplan/rollplan.hpp>
#include <cstdint>
rollplan::loaded_plan_t<rollplan::loaded<~std::uint64_t{0}, 2>, rollplan::d6> plan;
