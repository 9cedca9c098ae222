// expect: rollplan: N must be between 1 and 2^64 - 1
#include <rollplan/rollplan.hpp>
constexpr auto plan = rollplan::make_plan(0, 6, rollplan::strategy::optimal{});
