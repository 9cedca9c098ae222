// rand7() from rand5(): two rand5 digits make 0..24; keep 0..20 and take it mod 7.
// Both ways to get it right, proved at compile time: rollplan's plan, and the
// classic hand-written loop, proved from one attempt.
#include <rollplan/rollplan.hpp>

#include <iostream>
#include <optional>
#include <random>

namespace rp = rollplan;

using plan = rp::plan_t<7, rp::die<5>, rp::strategy::digits>;
static_assert(std::is_same_v<plan, rp::reject<rp::mixed_radix<rp::roll<rp::die<5>>, rp::roll<rp::die<5>>>, 7>>);
static_assert(rp::is_exactly_uniform_v<plan>);
static_assert(rp::expected_rolls_v<plan> == rp::rational{50, 21});  // 2 rolls × 25/21 attempts
static_assert(rp::verify_exhaustively<plan>(4));

// The hand-written rand7: one attempt reads two rand5 values and returns an
// outcome, or nothing to say "try again". check_attempt runs it on all 25
// pairs: every outcome comes from 3 of them and 21 of 25 are kept, so
// repeating it until it returns is exactly uniform.
constexpr auto rand7_attempt = [](auto& rand5) -> std::optional<int> {
    const int x = 5 * static_cast<int>(rand5()) + static_cast<int>(rand5());
    if (x < 21) return x % 7;
    return std::nullopt;
};
constexpr auto rand7_proof = rp::check_attempt<rp::die<5>, 7>(rand7_attempt, 2);
static_assert(rp::proven_uniform<rand7_proof>);
static_assert(rand7_proof.expected_rolls() == rp::rational{50, 21});
constexpr auto rand7 = rp::until_accepted(rand7_attempt);  // the loop that was proved

int main() {
    std::mt19937 engine(7);
    rp::uniform_int_distribution<int, 0, 4> five;
    auto rand5 = [&] { return five(engine); };

    std::cout << "plan: " << rp::plan_name<plan>() << "\nexpected rand5 calls: "
              << rp::expected_rolls_v<plan> << "\n"
              << rp::describe<plan>();
    auto source = rp::from_values<rp::die<5>>(rand5);
    std::cout << "ten rand7 results from the plan (0 to 6, as rand5 gives 0 to 4):";
    for (int i = 0; i < 10; ++i) std::cout << ' ' << rp::sample<plan>(source);
    std::cout << "\nten from the hand-written loop, proved from one attempt:";
    for (int i = 0; i < 10; ++i) std::cout << ' ' << rand7(source);
    std::cout << '\n';
}
