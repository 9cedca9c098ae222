// Prove your own sampler uniform, or see its exact bias: check_sampler runs it
// at compile time on every sequence of source rolls up to a depth.
#include <rollplan/rollplan.hpp>

#include <iostream>

namespace rp = rollplan;

// The seed's rand7(), written against any rand5 that returns 0..4.
constexpr auto rand7 = [](auto& rand5) {
    int x = 0;
    do {
        x = 5 * static_cast<int>(rand5()) + static_cast<int>(rand5());
    } while (x >= 21);
    return x % 7;
};
constexpr auto rand7_report = rp::check_sampler<rp::die<5>, 7>(rand7, 4);
static_assert(rand7_report.is_uniform());

// rand() % 5 where rand() has 7 values, 0..6 (RAND_MAX = 6): 5 and 6 wrap
// onto 0 and 1, which come up twice as often.
constexpr auto modulo = [](auto& rand) { return rand() % 5; };
constexpr auto modulo_report = rp::check_sampler<rp::die<7>, 5>(modulo, 1);
static_assert(!modulo_report.is_uniform());
static_assert(modulo_report.mass(0) == rp::rational{2, 7} && modulo_report.mass(1) == rp::rational{2, 7});
static_assert(modulo_report.mass(2) == rp::rational{1, 7} && modulo_report.mass(4) == rp::rational{1, 7});

// rollplan's fix for the same source.
using fix = rp::plan_t<5, rp::die<7>>;
static_assert(rp::is_exactly_uniform_v<fix> && rp::verify_exhaustively<fix>(3));

int main() {
    std::cout << "rand7 from rand5, chance of each outcome within 4 calls (the rest: "
              << rand7_report.unresolved_mass() << " still rolling):\n";
    for (std::size_t v = 0; v < 7; ++v) std::cout << "  " << v << ": " << rand7_report.mass(v) << '\n';
    std::cout << "rand() % 5 with RAND_MAX = 6:\n";
    for (std::size_t v = 0; v < 5; ++v) std::cout << "  " << v << ": " << modulo_report.mass(v) << '\n';
    std::cout << "the fix: " << rp::plan_name<fix>() << ", expected rand() calls " << rp::expected_rolls_v<fix>
              << "\n" << rp::describe<fix>();
}
