// expect: rollplan: N must be between 1 and 2^64 - 1
// flags: -std=c++20 -fno-exceptions
#include <rollplan/rollplan.hpp>
constexpr auto plan = rollplan::make_plan(0, 6);
