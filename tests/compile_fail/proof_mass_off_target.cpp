// expect: rollplan: not proven exact: an outcome's probability differs from its weight's share
// expect: rollplan::mass_off_target<rollplan::after_rolls<1>, rollplan::outcome<0>, rollplan::mass<1, 3>, rollplan::mass<1, 2>
#include <rollplan/rollplan.hpp>
// weights 3, 2, 1 from a d6 with an off-by-one: faces 1-2, 3-5, 6
constexpr auto report = rollplan::check_sampler<rollplan::d6, rollplan::loaded<3, 2, 1>>(
    [](auto& d6) { const auto v = d6(); return v < 2 ? 0 : v < 5 ? 1 : 2; }, 1);
static_assert(rollplan::proven_exact<report>);
