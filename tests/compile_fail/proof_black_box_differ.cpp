// expect: rollplan: not proven uniform: two outcomes have different masses
// expect: rollplan::masses_differ<rollplan::after_rolls<1>, rollplan::outcome<0>, rollplan::mass<2, 7>, rollplan::outcome<2>, rollplan::mass<1, 7>
#include <rollplan/rollplan.hpp>
// rand() % 5 with seven values
constexpr auto report = rollplan::check_sampler<rollplan::die<7>, 5>([](auto& rand) { return rand() % 5; }, 1);
static_assert(rollplan::proven_uniform<report>);
