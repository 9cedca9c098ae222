// expect: rollplan: not proven uniform: the sampler returned an outcome outside [0, N)
// expect: rollplan::outcome_out_of_range<rollplan::outcome<5>
#include <rollplan/rollplan.hpp>
constexpr auto report = rollplan::check_sampler<rollplan::d6, 5>([](auto& r) { return r(); }, 1);
static_assert(rollplan::proven_uniform<report>);
