// expect: rollplan: a die needs 2 to 2^64 faces
#include <rollplan/rollplan.hpp>
constexpr auto plan = rollplan::make_plan(6, 1, rollplan::strategy::optimal{});
