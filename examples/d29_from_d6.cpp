// A d29 from a d6, the Hungarian way: roll a d30 as three digits (a d2, a d3
// and a d5 from the d6), and reroll a 30. Then rollplan's cheaper plans: the
// cheapest fold/reject plan, and the optimal one that recycles what a
// rejection leaves (the Knuth–Yao optimum, certified).
#include <rollplan/rollplan.hpp>

#include <array>
#include <iostream>
#include <random>

namespace rp = rollplan;

using hungarian = rp::plan_t<29, rp::d6, rp::strategy::smooth>;
using cheapest = rp::plan_t<29, rp::d6, rp::strategy::cheapest>;
using optimal = rp::plan_t<29, rp::d6>;  // the default on a die: strategy::optimal

// The proofs: exactly uniform, the costs as computed by hand, and the running
// code checked on every sequence of up to 3 rolls.
static_assert(std::is_same_v<hungarian, rp::reject<rp::mixed_radix<rp::fold<rp::roll<rp::d6>, 2>,
                                                                   rp::fold<rp::roll<rp::d6>, 3>,
                                                                   rp::reject<rp::roll<rp::d6>, 5>>,
                                                   29>>);
static_assert(rp::is_exactly_uniform_v<hungarian> && rp::is_exactly_uniform_v<cheapest>);
static_assert(rp::expected_rolls_v<hungarian> == rp::rational{96, 29});
static_assert(rp::expected_rolls_v<cheapest> < rp::expected_rolls_v<hungarian>);
static_assert(rp::verify_exhaustively<hungarian>(3) && rp::verify_exhaustively<cheapest>(3));
static_assert(rp::is_exactly_uniform_v<optimal> && rp::verify_exhaustively<optimal>(3));
static_assert(rp::expected_rolls_v<optimal> == rp::optimal_expected_rolls(29, 6));
static_assert(rp::certify_optimal<optimal>());  // no exact sampler can take fewer rolls

int main() {
    for (auto [name, type, rolls, words] :
         {std::array<std::string, 4>{"The Hungarian plan", rp::plan_name<hungarian>(),
                                     rp::to_string(rp::expected_rolls_v<hungarian>), rp::describe<hungarian>()},
          std::array<std::string, 4>{"rollplan's cheapest fold/reject plan", rp::plan_name<cheapest>(),
                                     rp::to_string(rp::expected_rolls_v<cheapest>), rp::describe<cheapest>()},
          std::array<std::string, 4>{"rollplan's optimal plan", rp::plan_name<optimal>(),
                                     rp::to_string(rp::expected_rolls_v<optimal>), rp::describe<optimal>()}}) {
        std::cout << name << ": " << type << "\nexpected rolls: " << rolls << "\n" << words << "\n";
    }

    // A simulated person rolling a real d6, faces 1..6 (rollplan's distribution, not std's, whose
    // values differ between standard libraries: these are the same everywhere).
    std::mt19937 hand(2024);
    rp::uniform_int_distribution<int> d6_faces(1, 6);
    auto die = rp::from_faces<rp::d6>([&] { return d6_faces(hand); });
    std::cout << "ten d29 rolls:";
    for (int i = 0; i < 10; ++i) std::cout << ' ' << rp::sample<optimal>(die) + 1;
    std::cout << '\n';
}
