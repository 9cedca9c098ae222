// rollplan in one screen: plans for dice of every size, their exact costs,
// instructions for people, and a drop-in for std::uniform_int_distribution.
#include <rollplan/rollplan.hpp>

#include <cstdio>
#include <iostream>
#include <random>

namespace rp = rollplan;

using d29 = rp::plan_t<29, rp::d6>;
static_assert(rp::is_exactly_uniform_v<d29>);  // proved while compiling
static_assert(rp::verify_exhaustively<d29>(3));

int main() {
    std::cout << "Expected rolls of a d6 to make a dN, by strategy (exact values, computed at run time\n"
                 "by the same constexpr planner and analysis that the compiler runs):\n\n";
    std::printf("%6s  %14s  %14s  %14s\n", "N", "digits", "smooth", "cheapest");
    for (rp::count_t n : {2, 3, 4, 5, 7, 8, 10, 12, 20, 29, 30, 100, 1000}) {
        auto cell = [&](auto strategy) {
            const rp::rational r = rp::expected_rolls(rp::make_plan(n, 6, strategy));
            char text[64];
            std::snprintf(text, sizeof text, "%.4f", r.to_double());
            return std::string(text);
        };
        std::printf("%6s  %14s  %14s  %14s\n", rp::to_string(n).c_str(), cell(rp::strategy::digits{}).c_str(),
                    cell(rp::strategy::smooth{}).c_str(), cell(rp::strategy::cheapest{}).c_str());
    }

    std::cout << "\nThe d29 plan: " << rp::plan_name<d29>() << "\nexpected rolls "
              << rp::expected_rolls_v<d29> << "\n" << rp::describe<d29>() << '\n';

    std::mt19937 engine(29);
    rp::uniform_int_distribution<1, 6> d6;
    std::cout << "With std::mt19937 (a die with 2^32 faces) a d6 is " << rp::plan_name<decltype(d6)::plan_for<std::mt19937>>()
              << ".\nSix thousand rolls:";
    int counts[7] = {};
    for (int i = 0; i < 6000; ++i) ++counts[d6(engine)];
    for (int face = 1; face <= 6; ++face) std::cout << "  " << face << ": " << counts[face];
    std::cout << '\n';
}
