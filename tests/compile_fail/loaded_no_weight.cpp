// expect: rollplan: loaded<W...> needs at least one weight
#include <rollplan/rollplan.hpp>
rollplan::loaded_plan_t<rollplan::loaded<>, rollplan::d6> plan;
