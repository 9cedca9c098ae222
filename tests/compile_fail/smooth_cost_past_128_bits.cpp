// expect: rollplan: a sum of rationals needs more than 128 bits
#include <rollplan/rollplan.hpp>
// the smooth plan of a d33 from a 64-bit engine: two rejections with denominators near 2^64
using plan = rollplan::plan_t<33, rollplan::die<rollplan::two_to_64>, rollplan::strategy::smooth>;
constexpr auto rolls = rollplan::expected_rolls_v<plan>;
