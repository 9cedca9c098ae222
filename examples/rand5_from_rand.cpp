// A number in 0..4 from C's rand(), without the bias of rand() % 5: rand()
// is a die with RAND_MAX + 1 faces; reject the few values above the largest
// multiple of 5.
#include <rollplan/rollplan.hpp>

#include <cstdlib>
#include <iostream>

namespace rp = rollplan;

using c_rand = rp::die<rp::count_t{RAND_MAX} + 1>;
using plan = rp::plan_t<5, c_rand, rp::strategy::digits>;  // the seed's "reroll the top values"
static_assert(rp::is_exactly_uniform_v<plan>);
static_assert(rp::expected_rolls_v<plan> ==
              rp::rational{rp::count_t{RAND_MAX} + 1, (rp::count_t{RAND_MAX} + 1) / 5 * 5});

int main() {
    std::srand(5);
    auto source = rp::from_values<c_rand>([] { return std::rand(); });
    std::cout << "RAND_MAX = " << RAND_MAX << "\nplan: " << rp::plan_name<plan>()
              << "\nexpected rand() calls: " << rp::expected_rolls_v<plan> << " (about "
              << rp::expected_rolls_v<plan>.to_double() << ")\n"
              << rp::describe<plan>();
    std::cout << "ten rand5 results:";
    for (int i = 0; i < 10; ++i) std::cout << ' ' << rp::sample<plan>(source);
    std::cout << '\n';
}
