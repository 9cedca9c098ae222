// rand7() from rand5(): two rand5 digits make 0..24; keep 0..20 and take it mod 7.
#include <rollplan/rollplan.hpp>

#include <iostream>
#include <random>

namespace rp = rollplan;

using plan = rp::plan_t<7, rp::die<5>, rp::strategy::digits>;
static_assert(std::is_same_v<plan, rp::reject<rp::mixed_radix<rp::roll<rp::die<5>>, rp::roll<rp::die<5>>>, 7>>);
static_assert(rp::is_exactly_uniform_v<plan>);
static_assert(rp::expected_rolls_v<plan> == rp::rational{50, 21});  // 2 rolls × 25/21 attempts
static_assert(rp::verify_exhaustively<plan>(4));

// To prove a hand-written rand7 of your own, see find_the_bias.cpp.

int main() {
    std::mt19937 engine(7);
    rp::uniform_int_distribution<0, 4> five;
    auto rand5 = [&] { return five(engine); };

    std::cout << "plan: " << rp::plan_name<plan>() << "\nexpected rand5 calls: "
              << rp::expected_rolls_v<plan> << "\n"
              << rp::describe<plan>();
    auto source = rp::from_values<rp::die<5>>(rand5);
    std::cout << "ten rand7 results:";
    for (int i = 0; i < 10; ++i) std::cout << ' ' << rp::sample<plan>(source);
    std::cout << '\n';
}
