// expect: rollplan: check_sampler's depth is above its MaxDepth
#include <rollplan/rollplan.hpp>
constexpr auto report = rollplan::check_sampler<rollplan::d6, 3, 4>([](auto& r) { return r() % 3; }, 8);
