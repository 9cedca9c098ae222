// expect: rollplan: not proven uniform: some roll sequences are still unfinished at this depth
// expect: rollplan::mass_unresolved<rollplan::after_rolls<4>, rollplan::mass<1, 1>
#include <rollplan/rollplan.hpp>
#include <cstdint>
// the sum of seven rolls mod 7 resolves nothing within 4 rolls
constexpr auto sum_of_7_rolls_mod_7 = [](auto& r) {
    std::uint64_t sum = 0;
    for (int i = 0; i < 7; ++i) sum += r();
    return sum % 7;
};
constexpr auto report = rollplan::check_sampler<rollplan::die<5>, 7>(sum_of_7_rolls_mod_7, 4);
static_assert(rollplan::proven_uniform<report>);
