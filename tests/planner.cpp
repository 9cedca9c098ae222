#include <rollplan/analysis.hpp>
#include <rollplan/optimum.hpp>
#include <rollplan/planner.hpp>

#include <array>
#include <cmath>
#include <catch2/catch.hpp>
#include <random>
#include <stdexcept>
#include <utility>
#include <type_traits>
#include <vector>

using namespace rollplan;
using strategy::cheapest;
using strategy::digits;
using strategy::optimal;
using strategy::fastest;
using strategy::smooth;

template <count_t N, class Die, class S = cheapest>
inline constexpr rational cost = expected_rolls_v<plan_t<N, Die, S>>;

TEST_CASE("digits: the rand7-from-rand5 method", "[planner]") {
    STATIC_REQUIRE(std::is_same_v<plan_t<7, die<5>, digits>, reject<mixed_radix<roll<die<5>>, roll<die<5>>>, 7>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<5, die<7>, digits>, reject<roll<die<7>>, 5>>);
    STATIC_REQUIRE(cost<7, die<5>, digits> == rational{50, 21});
    STATIC_REQUIRE(cost<20, d6, digits> == rational{18, 5});
    STATIC_REQUIRE(std::is_same_v<plan_t<4, coin, digits>, mixed_radix<roll<coin>, roll<coin>>>);
}

TEST_CASE("smooth: the Hungarian text read literally", "[planner]") {
    STATIC_REQUIRE(std::is_same_v<plan_t<29, d6, smooth>,
                                  reject<mixed_radix<fold<roll<d6>, 2>, fold<roll<d6>, 3>, reject<roll<d6>, 5>>, 29>>);
    STATIC_REQUIRE(cost<29, d6, smooth> == rational{96, 29});
    STATIC_REQUIRE(std::is_same_v<plan_t<2, d6, smooth>, fold<roll<d6>, 2>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<3, d6, smooth>, fold<roll<d6>, 3>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<5, d6, smooth>, reject<roll<d6>, 5>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<6, d6, smooth>, roll<d6>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<1, d6, smooth>, mixed_radix<>>);
    STATIC_REQUIRE(cost<1, d6, smooth> == rational{0});
    STATIC_REQUIRE(cost<4, d6, smooth> == rational{2});
    STATIC_REQUIRE(cost<8, d6, smooth> == rational{3});
    STATIC_REQUIRE(cost<10, d6, smooth> == rational{11, 5});
    STATIC_REQUIRE(cost<100, d6, smooth> == rational{22, 5});
    STATIC_REQUIRE(cost<20, d6, smooth> == rational{16, 5});
}

TEST_CASE("cheapest: a d4 and a d5 make the d20", "[planner]") {
    STATIC_REQUIRE(cost<20, d6> <= rational{27, 10});
    STATIC_REQUIRE(std::is_same_v<plan_t<20, d6, cheapest>, mixed_radix<reject<roll<d6>, 4>, reject<roll<d6>, 5>>>);
    STATIC_REQUIRE(cost<29, d6> < cost<29, d6, digits>);
    STATIC_REQUIRE(cost<29, d6> == rational{66, 29});
}

namespace {
count_t smallest_smooth_at_least(count_t n, count_t faces) {
    for (count_t m = n;; ++m) {
        count_t rest = m;
        for (count_t p = 2; p <= faces && rest > 1; ++p)
            while (rest % p == 0) rest /= p;
        if (rest == 1) return m;
    }
}
// The product of the digits the smooth plan rolls before its last rejection.
count_t smooth_product(count_t n, count_t faces) {
    return detail::smooth_blueprint(n, dice_faces{faces}, detail::factor(n)).product;
}
}  // namespace

TEST_CASE("optimal: the recycle node, the default on dice", "[planner]") {
    STATIC_REQUIRE(std::is_same_v<plan_t<29, d6>, recycle<roll<d6>, 29>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<29, d6>, plan_t<29, d6, optimal>>);
    STATIC_REQUIRE(expected_rolls_v<plan_t<29, d6>> == optimal_expected_rolls(29, 6));
    STATIC_REQUIRE(expected_rolls_v<plan_t<29, d6>> == rational{3178974, 1399685});
    // where the first power of K that reaches N is a multiple of N, the digits never reject
    STATIC_REQUIRE(std::is_same_v<plan_t<4, coin>, mixed_radix<roll<coin>, roll<coin>>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<3, d6>, fold<roll<d6>, 3>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<6, d6>, roll<d6>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<1, d6>, mixed_radix<>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<100, d10>, mixed_radix<roll<d10>, roll<d10>>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<max_target, die<two_to_64>, optimal>, recycle<roll<die<two_to_64>>, max_target>>);
}

TEST_CASE("fastest: optimal on dice, Lemire's multiply-shift on engine words", "[planner]") {
    using word64 = die<two_to_64>;
    using word32 = die<count_t{1} << 32>;
    STATIC_REQUIRE(std::is_same_v<plan_t<6, word64>, scale<roll<word64>, 6>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<max_target, word64>, scale<roll<word64>, max_target>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<1000, word32>, scale<roll<word32>, 1000>>);
    // past one 32-bit word: two rolls as digits, |D| = 2^64
    STATIC_REQUIRE(std::is_same_v<plan_t<(count_t{1} << 32) + 1, word32>,
                                  scale<mixed_radix<roll<word32>, roll<word32>>, (count_t{1} << 32) + 1>>);
    // a power of two reads the high bits, not the low ones
    STATIC_REQUIRE(std::is_same_v<plan_t<256, word64>, scale<roll<word64>, 256>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<256, word64, optimal>, fold<roll<word64>, 256>>);
    // nothing to map: the digits themselves, or no roll
    STATIC_REQUIRE(std::is_same_v<plan_t<count_t{1} << 32, word32>, roll<word32>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<1, word64>, mixed_radix<>>);
    // dice, rand() (K = 2^31) and minstd (K = 2^31 − 2): rolls are what cost, the optimal plan
    STATIC_REQUIRE(std::is_same_v<plan_t<29, d6, fastest>, plan_t<29, d6, optimal>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<6, die<count_t{1} << 31>>, plan_t<6, die<count_t{1} << 31>, optimal>>);
    STATIC_REQUIRE(std::is_same_v<plan_t<5, die<2147483646>>, recycle<roll<die<2147483646>>, 5>>);
    // a 2^33-faced word cannot take two rolls in 64 bits: past one roll, the optimal plan
    STATIC_REQUIRE(std::is_same_v<plan_t<(count_t{1} << 33) + 1, die<count_t{1} << 33>>,
                                  recycle<roll<die<count_t{1} << 33>>, (count_t{1} << 33) + 1>>);
    // the same expected rolls as a rejection: 2^64 / (2^64 − 2^64 mod N)
    STATIC_REQUIRE(expected_rolls_v<plan_t<6, word64>> == rational{two_to_64, two_to_64 - 4});
    STATIC_REQUIRE(is_exactly_uniform_v<plan_t<(count_t{1} << 63) + 1, word64>>);
    STATIC_REQUIRE(expected_rolls_v<plan_t<(count_t{1} << 63) + 1, word64>> == rational{two_to_64, (count_t{1} << 63) + 1});
}

TEST_CASE("smooth overshoots to the smallest K-smooth number", "[planner]") {
    for (count_t faces : std::to_array<count_t>({2, 3, 5, 6, 7, 10, 20})) {
        for (count_t n = 2; n <= 3000; ++n) {
            if (faces % n == 0) continue;  // one roll, folded
            INFO("N = " << to_string(n) << ", K = " << to_string(faces));
            REQUIRE(smooth_product(n, faces) == smallest_smooth_at_least(n, faces));
        }
    }
}

TEST_CASE("cheapest is never worse than digits or smooth, and every plan is uniform", "[planner]") {
    const std::vector<count_t> dice = {2, 3, 4, 5, 6, 7, 8, 10, 12, 20, 100, 65536, 2147483646, count_t{1} << 32, two_to_64};
    int beyond_128_bits = 0, optimum_past_128_bits = 0;
    for (count_t faces : dice) {
        for (count_t n = 1; n <= 1000; ++n) {
            INFO("N = " << to_string(n) << ", K = " << to_string(faces));
            const auto best = make_plan(n, faces, cheapest{});
            const auto by_digits = make_plan(n, faces, digits{});
            const auto by_smooth = make_plan(n, faces, smooth{});
            REQUIRE(is_exactly_uniform(make_plan(n, faces, optimal{})));
            REQUIRE(is_exactly_uniform(best));
            REQUIRE(is_exactly_uniform(by_digits));
            REQUIRE(is_exactly_uniform(by_smooth));
            REQUIRE(best.outcomes() == n);
            const rational cost = expected_rolls(best);  // always representable here
            REQUIRE(cost <= expected_rolls(by_digits));
            try {
                const rational fewest = optimal_expected_rolls(n, faces);
                REQUIRE(fewest <= cost);
                REQUIRE(expected_rolls(make_plan(n, faces, optimal{})) == fewest);
            } catch (const std::overflow_error&) {
                ++optimum_past_128_bits;  // certify_optimal covers these (tests/proofs/certificate.cpp)
            }
            try {
                const rational smooth_cost = expected_rolls(by_smooth);
                REQUIRE(cost <= smooth_cost);
            } catch (const std::overflow_error&) {
                // smooth's exact cost needs more than 128 bits: only for dice past 2^16
                REQUIRE(faces > 65536);
                ++beyond_128_bits;
            }
        }
    }
    WARN(beyond_128_bits << " smooth plans on dice past 2^16 have costs past 128 bits; " << optimum_past_128_bits
                         << " Knuth-Yao optima need more than 128 bits");
}

TEST_CASE("exact costs for N and K up to 2^16", "[planner]") {
    // every N <= 2^16 from a few dice, and random pairs (fixed seed) of N, K <= 2^16
    std::vector<std::pair<count_t, count_t>> cases;
    for (count_t n = 1; n <= 65536; n += 1 + n / 64)
        for (count_t faces : std::to_array<count_t>({2, 3, 6, 7, 20, 255, 256, 65535, 65536})) cases.emplace_back(n, faces);
    std::mt19937_64 pick(216);
    for (int i = 0; i < 20000; ++i) cases.emplace_back(pick() % 65536 + 1, pick() % 65535 + 2);
    for (auto [n, faces] : cases) {
        INFO("N = " << to_string(n) << ", K = " << to_string(faces));
        const rational best = expected_rolls(make_plan(n, faces, cheapest{}));
        const rational by_digits = expected_rolls(make_plan(n, faces, digits{}));
        const rational by_smooth = expected_rolls(make_plan(n, faces, smooth{}));
        REQUIRE(best <= by_digits);
        REQUIRE(best <= by_smooth);
    }
}

TEST_CASE("the planner finishes for the largest targets", "[planner]") {
    const std::vector<count_t> targets = {max_target, 18446744073709551557ull, count_t{4294967291ull} * 4294967279ull,
                                          (count_t{1} << 63) + 1, 1000000007};
    const std::vector<count_t> dice = {2, 6, 20, 5000, count_t{1} << 32, (count_t{1} << 32) + 1, two_to_64};
    for (count_t n : targets)
        for (count_t faces : dice) {
            INFO("N = " << to_string(n) << ", K = " << to_string(faces));
            const auto best = make_plan(n, faces, cheapest{});
            REQUIRE(best.outcomes() == n);
            REQUIRE(is_exactly_uniform(best));
            REQUIRE(is_exactly_uniform(make_plan(n, faces, smooth{})));
            REQUIRE(is_exactly_uniform(make_plan(n, faces, digits{})));
            REQUIRE(is_exactly_uniform(make_plan(n, faces, optimal{})));
        }
}

TEST_CASE("bad arguments at run time", "[planner]") {
    REQUIRE_THROWS_AS(make_plan(0, 6), std::invalid_argument);
    REQUIRE_THROWS_AS(make_plan(5, 1), std::invalid_argument);
    REQUIRE_THROWS_AS(make_plan(two_to_64, 6), std::invalid_argument);
    REQUIRE_THROWS_WITH(make_plan(two_to_64, 6), "rollplan: N must be between 1 and 2^64 - 1 (N = 18446744073709551616)");
    REQUIRE_THROWS_WITH(make_plan(5, two_to_64 + 1), "rollplan: a die needs 2 to 2^64 faces (K = 18446744073709551617)");
}

// ---- dice sets ----------------------------------------------------------------

using polyhedral = dice_set<d4, d6, d8, d10, d12, d20>;

TEST_CASE("dice sets: a d30 from a d6 and a d10 in exactly two rolls", "[planner][dice]") {
    // the d6 folded to 3 is the high digit, the d10 the low: 3 · 10 values, no reroll
    using d30 = plan_t<30, dice_set<d6, d10>>;
    STATIC_REQUIRE(std::is_same_v<d30, mixed_radix<fold<roll<d6>, 3>, roll<d10>>>);
    STATIC_REQUIRE(std::is_same_v<d30::die_type, dice_set<d6, d10>>);
    STATIC_REQUIRE(expected_rolls_v<d30> == rational{2});
    STATIC_REQUIRE(is_exactly_uniform_v<d30>);
    STATIC_REQUIRE(tail_probability<d30>(2) == rational{0});
    // a d7 from a d8: roll, reroll an 8 (as few rolls as the Knuth–Yao loop, simpler steps)
    STATIC_REQUIRE(std::is_same_v<plan_t<7, dice_set<d8>>, reject<roll<d8>, 7>>);
    STATIC_REQUIRE(expected_rolls_v<plan_t<7, dice_set<d8>>> == rational{8, 7});
    // a d100 from the polyhedral set: two d10
    STATIC_REQUIRE(std::is_same_v<plan_t<100, polyhedral>, mixed_radix<roll<d10>, roll<d10>>>);
    // the other strategies over one die are that die's
    STATIC_REQUIRE(std::is_same_v<plan_t<29, dice_set<d6>, cheapest>, plan_t<29, d6, cheapest>>);
}

TEST_CASE("dice sets: never more rolls than the best die of the set alone", "[planner][dice]") {
    const dice_faces set{4, 6, 8, 10, 12, 20};
    int compared = 0;
    for (count_t n = 1; n <= 200; ++n) {
        INFO("N = " << static_cast<std::uint64_t>(n));
        const plan_description over_set = make_plan(n, set, optimal{});
        REQUIRE(over_set.outcomes() == n);
        REQUIRE(is_exactly_uniform(over_set));
        for (count_t faces : set.faces) {
            if (faces == 0) continue;
            // the one-die optimum's exact sum needs 128 bits, which some periods pass
            rational alone, with_set;
            try {
                alone = expected_rolls(make_plan(n, faces, optimal{}));
                with_set = expected_rolls(over_set);
            } catch (const std::overflow_error&) {
                continue;
            }
            REQUIRE(with_set <= alone);
            ++compared;
        }
        // cheapest over the set is never worse than cheapest on any one die
        const rational cheapest_set = expected_rolls(make_plan(n, set, cheapest{}));
        for (count_t faces : set.faces)
            if (faces != 0) REQUIRE(cheapest_set <= expected_rolls(make_plan(n, faces, cheapest{})));
    }
    REQUIRE(compared > 1000);
}

namespace {
template <class Set, class S, std::size_t... I>
void same_plan_at_run_time(const dice_faces& set, std::index_sequence<I...>) {
    const std::array<plan_description, sizeof...(I)> compiled{planned<I + 1, Set, S>::value...};
    for (std::size_t i = 0; i < compiled.size(); ++i) {
        INFO("N = " << i + 1);
        REQUIRE(make_plan(i + 1, set, S{}) == compiled[i]);
    }
}
}  // namespace

TEST_CASE("dice sets: the run-time planner gives the compile-time plans", "[planner][dice]") {
    const dice_faces pair{6, 10}, set{4, 6, 8, 10, 12, 20};
    same_plan_at_run_time<dice_set<d6, d10>, digits>(pair, std::make_index_sequence<40>{});
    same_plan_at_run_time<dice_set<d6, d10>, smooth>(pair, std::make_index_sequence<40>{});
    same_plan_at_run_time<dice_set<d6, d10>, cheapest>(pair, std::make_index_sequence<40>{});
    same_plan_at_run_time<dice_set<d6, d10>, optimal>(pair, std::make_index_sequence<40>{});
    same_plan_at_run_time<polyhedral, digits>(set, std::make_index_sequence<40>{});
    same_plan_at_run_time<polyhedral, smooth>(set, std::make_index_sequence<40>{});
    same_plan_at_run_time<polyhedral, cheapest>(set, std::make_index_sequence<40>{});
    same_plan_at_run_time<polyhedral, optimal>(set, std::make_index_sequence<40>{});
    // and the types they make are the plans (type -> data -> type)
    STATIC_REQUIRE(description_v<plan_t<29, polyhedral, cheapest>> == planned<29, polyhedral, cheapest>::value);
}

TEST_CASE("dice sets: bad sets are refused", "[planner][dice]") {
    REQUIRE_THROWS_WITH(make_plan(5, dice_faces{}), Catch::Contains("rollplan: a set of dice needs at least one die"));
    REQUIRE_THROWS_WITH(make_plan(5, dice_faces{6, 1}), Catch::Contains("(K = 1)"));
    REQUIRE_THROWS_WITH((dice_faces{2, 3, 4, 5, 6, 7, 8, 9, 10}), Catch::Contains("rollplan: a set holds at most 8 dice"));
    REQUIRE(dice_faces{6, 6, 10}.size == 2);  // a die given twice counts once
    REQUIRE_THROWS_AS(make_plan(0, dice_faces{6, 10}), std::invalid_argument);
}

TEST_CASE("dice sets: the Knuth-Yao loop that picks its die by its range", "[planner][dice]") {
    // a d15 from the polyhedral set: the d20 (15 of 20 accepted, 5 left), then a d6 on the 5 left
    // (30 values, all accepted): 1 + 5/20 rolls; no one die does as well
    using d15 = plan_t<15, polyhedral>;
    STATIC_REQUIRE(std::is_same_v<d15, recycle_set<dice_set<d6, d20>, 15>>);
    STATIC_REQUIRE(expected_rolls_v<d15> == rational{5, 4});
    STATIC_REQUIRE(is_exactly_uniform_v<d15>);
    STATIC_REQUIRE(tail_probability<d15>(1) == rational{1, 4});
    STATIC_REQUIRE(tail_probability<d15>(2) == rational{0});
    for (count_t faces : {count_t{4}, count_t{6}, count_t{8}, count_t{10}, count_t{12}, count_t{20}})
        REQUIRE(rational{5, 4} < expected_rolls(make_plan(15, faces, optimal{})));
    // the rule: of the dice that reach M, the smallest share left; else the most faces
    constexpr count_t dice[] = {6, 20};
    STATIC_REQUIRE(detail::die_for_range(1, 15, dice, 2) == 1);  // none reaches 15: the d20
    STATIC_REQUIRE(detail::die_for_range(5, 15, dice, 2) == 0);  // 30 leaves 0 of 30, 100 leaves 10 of 100
    // only the dice its ranges ever roll are in the node
    STATIC_REQUIRE(std::is_same_v<d15::die_type, dice_set<d6, d20>>);
}

// ---- loaded dice ----------------------------------------------------------------

template <class Target, class Die, class S = fastest>
using loaded_p = loaded_plan_t<Target, Die, S>;

TEST_CASE("loaded: 3, 2, 1 from a d6 is one roll, cut by the weights", "[planner][loaded]") {
    using P = loaded_p<loaded<3, 2, 1>, d6>;
    STATIC_REQUIRE(std::is_same_v<P, cut<roll<d6>, 3, 2, 1>>);
    STATIC_REQUIRE(is_exactly_distributed_v<P, loaded<3, 2, 1>>);
    STATIC_REQUIRE(expected_rolls_v<P> == rational{1});
    STATIC_REQUIRE(std::is_same_v<loaded_p<loaded<3, 2, 1>, d6, optimal>, P>);
    STATIC_REQUIRE(std::is_same_v<loaded_p<loaded<3, 2, 1>, d6, digits>, P>);
}

TEST_CASE("loaded: the Knuth-Yao tree where it needs fewer rolls than a uniform plan and a cut", "[planner][loaded]") {
    // from a coin: W = 6 has the optimal uniform plan of 11/3 flips; the tree needs 2
    using coin321 = loaded_p<loaded<3, 2, 1>, coin>;
    STATIC_REQUIRE(std::is_same_v<coin321, knuth_yao<roll<coin>, 3, 2, 1>>);
    STATIC_REQUIRE(expected_rolls_v<coin321> == rational{2});
    STATIC_REQUIRE(expected_rolls_v<cut<plan_t<6, coin, optimal>, 3, 2, 1>> == rational{11, 3});
    // the sum of 2d6 from one d6: a 7 at once on one face in six, else a second roll (11/6),
    // where two rolls cut by the 36 values take 2
    using two_d6 = loaded_p<loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>, d6>;
    STATIC_REQUIRE(std::is_same_v<two_d6, knuth_yao<roll<d6>, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>>);
    STATIC_REQUIRE(expected_rolls_v<two_d6> == rational{11, 6});
    STATIC_REQUIRE(expected_rolls_v<loaded_p<loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>, d6, digits>> == rational{2});
    STATIC_REQUIRE(is_exactly_distributed_v<two_d6, loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>>);
    // and with a d20
    STATIC_REQUIRE(expected_rolls_v<loaded_p<loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>, d20>> == rational{191645, 152019});
}

TEST_CASE("loaded: on engine words, Lemire's map onto W and a cut", "[planner][loaded]") {
    using word64 = die<two_to_64>;
    STATIC_REQUIRE(std::is_same_v<loaded_p<loaded<1, 2, 3>, word64>, cut<scale<roll<word64>, 6>, 1, 2, 3>>);
    STATIC_REQUIRE(std::is_same_v<loaded_p<loaded<1, 2, 3>, die<count_t{1} << 32>>, cut<scale<roll<die<count_t{1} << 32>>, 6>, 1, 2, 3>>);
    // the fewest rolls: the tree takes 1 + 2^-64 + … words, recycle 1 + 4·2^-64 + …; in double a tie, kept by the cut
    STATIC_REQUIRE(std::is_same_v<loaded_p<loaded<1, 2, 3>, word64, optimal>, cut<recycle<roll<word64>, 6>, 1, 2, 3>>);
    STATIC_REQUIRE(expected_rolls_v<knuth_yao<roll<word64>, 1, 2, 3>> < expected_rolls_v<cut<recycle<roll<word64>, 6>, 1, 2, 3>>);
    STATIC_REQUIRE(is_exactly_distributed_v<loaded_p<loaded<1, 2, 3>, word64>, loaded<1, 2, 3>>);
}

TEST_CASE("loaded: zeros, one outcome, and W = 2^64", "[planner][loaded]") {
    // one positive weight: the tree's leaf at depth 0, no roll
    using certain = loaded_p<loaded<0, 5, 0>, d6>;
    STATIC_REQUIRE(std::is_same_v<certain, knuth_yao<roll<d6>, 0, 5, 0>>);
    STATIC_REQUIRE(expected_rolls_v<certain> == rational{0});
    STATIC_REQUIRE(is_exactly_distributed_v<certain, loaded<0, 1, 0>>);
    STATIC_REQUIRE(std::is_same_v<loaded_p<loaded<0, 3, 0, 3>, d6>, cut<roll<d6>, 0, 3, 0, 3>>);
    // W = 2^64 on a power-of-two die: the digits, cut
    constexpr auto half = std::uint64_t{1} << 63;
    using halves = loaded_p<loaded<half, half>, die<count_t{1} << 32>>;
    STATIC_REQUIRE(std::is_same_v<halves, cut<mixed_radix<roll<die<count_t{1} << 32>>, roll<die<count_t{1} << 32>>>, half, half>>);
    STATIC_REQUIRE(is_exactly_distributed_v<halves, loaded<1, 1>>);
    STATIC_REQUIRE(std::is_same_v<loaded_p<loaded<half, half>, d6>, knuth_yao<roll<d6>, half, half>>);
}

TEST_CASE("loaded: over a set of dice, the cut over the set's plan or a tree on one die", "[planner][loaded]") {
    using P = loaded_p<loaded<5, 0, 2, 3>, dice_set<d4, d10>>;  // W = 10: one d10
    STATIC_REQUIRE(std::is_same_v<P, cut<roll<d10>, 5, 0, 2, 3>>);
    using Q = loaded_p<loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>, polyhedral>;
    STATIC_REQUIRE(is_exactly_distributed_v<Q, loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>>);
    STATIC_REQUIRE(expected_rolls_v<Q> <= rational{191645, 152019});  // no worse than the d20's tree
}

// On dice and coins the planned plan is never worse than the cut over the
// optimal uniform plan, and within the Knuth–Yao bound H/log2 K + 2.
TEST_CASE("loaded: the fewest rolls, within the Knuth-Yao bound", "[planner][loaded]") {
    const std::vector<std::vector<count_t>> tables = {
        {3, 2, 1}, {1, 2}, {5, 0, 2}, {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}, {1, 3, 4}, {2, 3, 5, 7, 11, 13}, {1, 1000000}, {9, 1}, {7, 7, 7}};
    for (const auto& w : tables) {
        weight_list weights;
        count_t total = 0;
        double entropy = 0;
        for (count_t x : w) weights.add(x), total += x;
        for (count_t x : w)
            if (x != 0) entropy -= static_cast<double>(x) / static_cast<double>(total) * std::log2(static_cast<double>(x) / static_cast<double>(total));
        for (const count_t k : {count_t{2}, count_t{3}, count_t{4}, count_t{6}, count_t{10}, count_t{20}}) {
            const plan_description planned = make_loaded_plan(weights, k);
            const double rolls = approximate_expected_rolls(planned);
            INFO("K = " << static_cast<unsigned>(k) << ", W = " << static_cast<double>(total));
            REQUIRE(is_exactly_distributed(planned, weights.values.data(), weights.size));
            REQUIRE(rolls < entropy / std::log2(static_cast<double>(k)) + 2);
            REQUIRE(rolls <= approximate_expected_rolls(make_loaded_plan(weights, k, digits{})) * (1 + 1e-12));
            REQUIRE(rolls <= approximate_expected_rolls(make_plan(total, k, optimal{})) * (1 + 1e-12));
            REQUIRE(planned == make_loaded_plan(weights, k, optimal{}));
        }
    }
}

TEST_CASE("loaded: bad weights are refused in words", "[planner][loaded]") {
    REQUIRE_THROWS_WITH(make_loaded_plan(weight_list{}, 6), Catch::Contains("rollplan: a loaded die needs at least one weight"));
    REQUIRE_THROWS_WITH(make_loaded_plan({0, 0}, 6), Catch::Contains("rollplan: a loaded die needs a positive weight"));
    REQUIRE_THROWS_WITH(make_loaded_plan({max_target, 2}, 6), Catch::Contains("rollplan: the weights add up to more than 2^64"));
    REQUIRE_THROWS_WITH(make_loaded_plan({3, 2, 1}, 1), Catch::Contains("rollplan: a die needs 2 to 2^64 faces"));
    weight_list many;
    for (int i = 0; i < 200; ++i) many.add(1);
    REQUIRE_THROWS_WITH(many.add(1), Catch::Contains("rollplan: a loaded plan holds at most 200 weights"));
    REQUIRE(expected_rolls(make_loaded_plan(many, 20)) > rational{1});  // 200 weights plan
}
