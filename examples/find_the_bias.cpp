// Prove your own sampler uniform, or see its exact bias, at compile time.
//
// A rejection sampler is proved from one attempt (check_attempt): every roll
// sequence of the attempt is counted, so equal masses prove the loop exact.
// Any other sampler is a black box (check_sampler): run on every sequence of
// rolls up to a depth, it gets exact masses so far and a proven bound on its
// bias; it is proved uniform only if every sequence finished within the depth.
#include <rollplan/rollplan.hpp>

#include <iostream>
#include <optional>

namespace rp = rollplan;

// The seed's rand7(), written against any rand5 that returns 0..4, as one attempt.
constexpr auto rand7_attempt = [](auto& rand5) -> std::optional<int> {
    const int x = 5 * static_cast<int>(rand5()) + static_cast<int>(rand5());
    if (x >= 21) return std::nullopt;
    return x % 7;
};
constexpr auto rand7_proof = rp::check_attempt<rp::die<5>, 7>(rand7_attempt, 2);
static_assert(rp::proven_uniform<rand7_proof>);

// The same loop as a black box: after 4 calls, 16/625 of the sequences are
// still rolling, so the report bounds the bias but does not claim uniformity.
constexpr auto rand7_black_box = rp::check_sampler<rp::die<5>, 7>(rp::until_accepted(rand7_attempt), 4);
static_assert(!rand7_black_box.proves_uniform() && rand7_black_box.proves_bias_below(rp::rational{1, 40}));

// rand() % 5 where rand() has 7 values, 0..6 (RAND_MAX = 6): 5 and 6 wrap
// onto 0 and 1, which come up twice as often.
constexpr auto modulo = [](auto& rand) { return rand() % 5; };
constexpr auto modulo_report = rp::check_sampler<rp::die<7>, 5>(modulo, 1);
static_assert(modulo_report.proves_biased());
static_assert(modulo_report.mass(0) == rp::rational{2, 7} && modulo_report.mass(1) == rp::rational{2, 7});
static_assert(modulo_report.mass(2) == rp::rational{1, 7} && modulo_report.mass(4) == rp::rational{1, 7});
// static_assert(rp::proven_uniform<modulo_report>) would fail, and the compiler
// would show rollplan::masses_differ<after_rolls<1>, outcome<0>, mass<2, 7>, outcome<2>, mass<1, 7>>.

// rollplan's fix for the same source.
using fix = rp::plan_t<5, rp::die<7>>;
static_assert(rp::is_exactly_uniform_v<fix> && rp::verify_exhaustively<fix>(3));

int main() {
    std::cout << "rand7 from rand5, one attempt: each outcome " << rand7_proof.mass(0) << ", accepted "
              << rand7_proof.acceptance() << ", so the loop is exactly uniform with "
              << rand7_proof.expected_rolls() << " rand5 calls on average\n";
    std::cout << "the loop as a black box, chance of each outcome within 4 calls (the rest: "
              << rand7_black_box.unresolved_mass() << " still rolling; bias at most "
              << rand7_black_box.bias_bound() << "):\n";
    for (std::size_t v = 0; v < 7; ++v) std::cout << "  " << v << ": " << rand7_black_box.mass(v) << '\n';
    std::cout << "rand() % 5 with RAND_MAX = 6:\n";
    for (std::size_t v = 0; v < 5; ++v) std::cout << "  " << v << ": " << modulo_report.mass(v) << '\n';
    std::cout << "the fix: " << rp::plan_name<fix>() << ", expected rand() calls " << rp::expected_rolls_v<fix>
              << "\n" << rp::describe<fix>();
}
