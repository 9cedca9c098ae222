// plans.cpp: the planner at run time, on whatever CPU runs it. It prints
// the plan every strategy chooses for N = 2…400 from single dice and two sets
// of dice, and the loaded plans of some weights. The planner ranks candidate
// plans by costs in doubles, which a compiler may evaluate with fused
// multiply-adds on one CPU and not on another: tests/cross/check.sh requires
// the same plans on every CPU (docs/spec.md, section 8).
#include <rollplan/rollplan.hpp>

#include <iostream>

namespace rp = rollplan;

namespace {
template <class Dice>
void every_strategy(rp::count_t n, const Dice& dice) {
    std::cout << static_cast<unsigned long long>(n) << ' ' << rp::plan_name(rp::make_plan(n, dice, rp::strategy::digits{})) << ' '
              << rp::plan_name(rp::make_plan(n, dice, rp::strategy::smooth{})) << ' '
              << rp::plan_name(rp::make_plan(n, dice, rp::strategy::cheapest{})) << ' '
              << rp::plan_name(rp::make_plan(n, dice, rp::strategy::optimal{})) << ' '
              << rp::plan_name(rp::make_plan(n, dice, rp::strategy::fastest{})) << '\n';
}
}  // namespace

int main(int argc, char**) {
    // argc keeps the bounds out of the compiler's reach: the plans are made at run time
    const auto last = static_cast<rp::count_t>(399) + static_cast<unsigned>(argc);
    for (const unsigned faces : {2u, 3u, 6u, 10u, 20u}) {
        for (rp::count_t n = 2; n <= last; ++n) every_strategy(n, faces);
    }
    const rp::dice_faces pair{6, 10}, polyhedral{4, 6, 8, 10, 12, 20};
    for (rp::count_t n = 2; n <= last; ++n) every_strategy(n, pair), every_strategy(n, polyhedral);
    for (rp::count_t w = 1; w <= last / 20; ++w) {
        const rp::weight_list weights{w, 2 * w + 1, 3, w * w};
        std::cout << rp::plan_name(rp::make_loaded_plan(weights, 6)) << ' '
                  << rp::plan_name(rp::make_loaded_plan(weights, polyhedral, rp::strategy::optimal{})) << '\n';
    }
}
