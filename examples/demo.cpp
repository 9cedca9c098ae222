// rollplan in one screen: plans for dice of every size, their exact costs,
// instructions for people, and a drop-in for std::uniform_int_distribution.
#include <rollplan/rollplan.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>

namespace rp = rollplan;

using d29 = rp::plan_t<29, rp::d6>;             // the optimal plan: recycle<roll<d6>, 29>
static_assert(rp::is_exactly_uniform_v<d29>);    // proved while compiling
static_assert(rp::verify_exhaustively<d29>(3));  // the running code, on every 3-roll sequence
static_assert(rp::certify_optimal<d29>());       // the fewest rolls possible (Knuth–Yao)

int main() {
    std::cout << "Expected rolls of a d6 to make a dN, by strategy (exact values, computed at run time\n"
                 "by the same constexpr planner and analysis that the compiler runs):\n\n";
    std::printf("%6s  %10s  %10s  %10s  %10s  %10s\n", "N", "digits", "smooth", "cheapest", "optimal", "log_6 N");
    for (rp::count_t n : std::to_array<rp::count_t>({2, 3, 4, 5, 7, 8, 10, 12, 20, 29, 30, 100})) {
        auto cell = [&](auto strategy) {
            const rp::rational r = rp::expected_rolls(rp::make_plan(n, 6, strategy));
            char text[64];
            std::snprintf(text, sizeof text, "%.4f", r.to_double());
            return std::string(text);
        };
        std::printf("%6s  %10s  %10s  %10s  %10s  %10.4f\n", rp::to_string(n).c_str(), cell(rp::strategy::digits{}).c_str(),
                    cell(rp::strategy::smooth{}).c_str(), cell(rp::strategy::cheapest{}).c_str(),
                    cell(rp::strategy::optimal{}).c_str(), std::log2(static_cast<double>(n)) / std::log2(6.0));
    }

    std::cout << "\nThe d29 plan: " << rp::plan_name<d29>() << "\nexpected rolls "
              << rp::expected_rolls_v<d29> << "\n" << rp::describe<d29>() << '\n';

    std::mt19937 engine(29);
    rp::uniform_int_distribution<int, 1, 6> d6;
    std::cout << "With std::mt19937 (a die with 2^32 faces) a d6 is " << rp::plan_name<decltype(d6)::plan_for<std::mt19937>>()
              << ".\nSix thousand rolls:";
    int counts[7] = {};
    for (int i = 0; i < 6000; ++i) ++counts[d6(engine)];
    for (int face = 1; face <= 6; ++face) std::cout << "  " << face << ": " << counts[face];
    std::cout << '\n';
    // Bounds known only at run time: std's spelling, the same values as the bounds at compile time.
    rp::uniform_int_distribution<int> run_time_d6(1, 6);
    std::mt19937 one(7), other(7);
    bool same = true;
    for (int i = 0; i < 6000; ++i) same = same && run_time_d6(one) == d6(other);
    std::cout << "uniform_int_distribution<int> d(1, 6), bounds at run time, gives the same rolls: "
              << (same ? "yes" : "NO") << '\n';
    if (!same) return 1;

    // Many draws: an entropy pool keeps what each draw leaves over.
    rp::uniform_int_distribution<int, 1, 6> real_die;
    auto d6_faces = rp::from_faces<rp::d6>([&] { return real_die(engine); });  // stands in for a person's d6
    rp::entropy_pool pool(d6_faces);
    const int draws = 100000;
    for (int i = 0; i < draws; ++i) (void)pool.draw<29>();
    std::printf("\nAn entropy pool drew %d numbers from 1 to 29 with %llu d6 rolls: %.4f rolls per draw\n"
                "(one optimal draw at a time: %.4f; the information bound log_6 29: %.4f).\n",
                draws, static_cast<unsigned long long>(pool.rolls()), static_cast<double>(pool.rolls()) / draws,
                rp::optimal_expected_rolls(29, 6).to_double(), std::log2(29.0) / std::log2(6.0));
}
