#include <rollplan/analysis.hpp>
#include <rollplan/planner.hpp>
#include <rollplan/sample.hpp>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <stdexcept>
#include <utility>
#include <vector>

using namespace rollplan;

namespace {
// A plan as data, its nodes {kind, outcomes, first child, children} in order:
// also what the vocabulary refuses, such as folds that do not divide, whose
// values are not uniform.
constexpr plan_description nodes_of(count_t faces, std::initializer_list<plan_node> nodes) {
    plan_description d;
    d.faces = faces;
    d.reserve(nodes.size());
    std::size_t i = 0;
    for (const plan_node& n : nodes) d.nodes[i++] = n;
    return d;
}

// A description the vocabulary would refuse: a fold that does not divide.
constexpr plan_description fold_d6_by_4() {
    return nodes_of(6, {{node_kind::fold, 4, 1, 1}, {node_kind::roll, 6, 0, 0}});
}
}  // namespace

TEST_CASE("the analysis finds the bias of a bad fold", "[analysis]") {
    constexpr distribution biased = distribution_of(fold_d6_by_4());
    STATIC_REQUIRE(!biased.is_uniform());
    STATIC_REQUIRE(biased.mass_of(0) == rational{1, 3});
    STATIC_REQUIRE(biased.mass_of(1) == rational{1, 3});
    STATIC_REQUIRE(biased.mass_of(2) == rational{1, 6});
    STATIC_REQUIRE(biased.mass_of(3) == rational{1, 6});
    STATIC_REQUIRE(biased.total() == rational{1});
}

namespace {
// `kind` to M over a roll of a die with L faces, or over the biased fold above
// when L is 0 (its four values have masses 1/3, 1/3, 1/6, 1/6).
plan_description unary_over(node_kind kind, count_t m, count_t l) {
    plan_description d;
    if (l == 0) {
        d = fold_d6_by_4();
        const std::uint16_t old_root = d.reserve(1);  // the fold and its roll move down one place
        d.nodes[old_root] = d.nodes[1];
        d.nodes[1] = d.nodes[0];
        d.nodes[1].first_child = old_root;
    } else {
        d.faces = l;
        d.reserve(2);
        d.nodes[1] = {node_kind::roll, l, 0, 0};
    }
    d.nodes[0] = {kind, m, 1, 1};
    return d;
}
}  // namespace

TEST_CASE("a biased sub-plan makes the whole plan biased", "[analysis]") {
    STATIC_REQUIRE(!is_exactly_uniform(fold_d6_by_4()));
    // the biased fold as the low digit of a product, then rejected to 7
    constexpr plan_description product = nodes_of(
        6, {{node_kind::mixed_radix, 24, 1, 2}, {node_kind::roll, 6, 0, 0}, {node_kind::fold, 4, 3, 1}, {node_kind::roll, 6, 0, 0}});
    STATIC_REQUIRE(!is_exactly_uniform(product));
    REQUIRE(!is_exactly_uniform(unary_over(node_kind::reject, 3, 0)));
    // counting, not the invariants, finds that a biased operand can still fold
    // to a uniform value: 1/3 + 1/6 on each parity
    REQUIRE(detail::uniform_by_invariant(unary_over(node_kind::fold, 2, 0), unary_over(node_kind::fold, 2, 0).root()) == 0);
    REQUIRE(is_exactly_uniform(unary_over(node_kind::fold, 2, 0)));
}

// uniform_by_invariant states theorems about the nodes; here they are checked
// against the counting of analysis.hpp on every node over a small operand,
// uniform or biased: where the invariant says "uniform on M", counting finds
// exactly that; over a uniform operand the invariant gives up only where
// counting finds a bias or an error; over a biased operand it always gives up.
TEST_CASE("the nodes' invariants agree with counting on every small node", "[analysis]") {
    std::size_t by_invariant = 0, by_counting_only = 0;
    for (const node_kind kind : {node_kind::fold, node_kind::reject, node_kind::scale, node_kind::recycle}) {
        for (count_t l = 0; l <= 40; ++l) {
            if (l == 1) continue;
            for (count_t m = 1; m <= 40; ++m) {
                const plan_description d = unary_over(kind, m, l);
                const count_t invariant = detail::uniform_by_invariant(d, d.root());
                INFO("kind " << static_cast<int>(kind) << ", M = " << to_string(m) << ", L = " << to_string(l));
                if (l == 0) {
                    REQUIRE(invariant == 0);
                } else if (invariant != 0) {
                    ++by_invariant;
                    REQUIRE(invariant == m);
                    const distribution counted = detail::node_distribution(d, d.root());
                    REQUIRE(counted.is_uniform());
                    REQUIRE(counted.outcomes == m);
                    if (kind == node_kind::reject || kind == node_kind::scale) {
                        const distribution operand = detail::node_distribution(d, d.child(d.root()));
                        REQUIRE(detail::acceptance(d, d.root()) ==
                                detail::below(operand, detail::kept_below(operand.outcomes, m)).total());
                    }
                } else {
                    ++by_counting_only;
                    bool uniform = false;
                    try {
                        uniform = is_exactly_uniform(d);
                    } catch (const std::exception&) {  // a rejection that never accepts, a biased recycle
                    }
                    REQUIRE(!uniform);
                }
            }
        }
    }
    // both branches ran, so neither check is vacuous
    REQUIRE(by_invariant > 1000);
    REQUIRE(by_counting_only > 500);
}

TEST_CASE("exact distributions of plans", "[analysis]") {
    constexpr auto d29 = exact_distribution<plan_t<29, d6>>();
    STATIC_REQUIRE(d29.size() == 29);
    for (const auto& p : d29) REQUIRE(p == rational{1, 29});
    constexpr auto big = exact_distribution<plan_t<4096, d6>>();
    STATIC_REQUIRE(big[4095] == rational{1, 4096});
    STATIC_REQUIRE(is_exactly_uniform_v<plan_t<max_target, d6>>);
    STATIC_REQUIRE(is_exactly_uniform_v<plan_t<max_target, die<two_to_64>>>);
}

TEST_CASE("expected rolls follow the node rules", "[analysis]") {
    STATIC_REQUIRE(expected_rolls_v<roll<d6>> == rational{1});
    STATIC_REQUIRE(expected_rolls_v<reject<roll<d6>, 5>> == rational{6, 5});
    STATIC_REQUIRE(expected_rolls_v<reject<mixed_radix<roll<d6>, roll<d6>>, 29>> == rational{2 * 36, 29});
    STATIC_REQUIRE(expected_rolls_v<mixed_radix<reject<roll<d6>, 4>, reject<roll<d6>, 5>>> == rational{27, 10});
    STATIC_REQUIRE(expected_rolls_v<reject<roll<die<two_to_64>>, 3>> == rational{two_to_64, two_to_64 - 1});
}

TEST_CASE("sequences resolved by each length", "[analysis]") {
    // d5 from d6: each roll finishes 5 of the 6 ways
    constexpr auto d5 = description_v<reject<roll<d6>, 5>>;
    STATIC_REQUIRE(resolved_by_length(d5, 3)[1] == 5);
    STATIC_REQUIRE(resolved_by_length(d5, 3)[2] == 5);   // the 6, then one of five
    STATIC_REQUIRE(resolved_by_length(d5, 3)[3] == 5);
    STATIC_REQUIRE(unresolved_after(d5, 3) == 1);        // 6, 6, 6
    // rand7 from rand5: 21 of 25 pairs finish after two rolls, 4·21 after four
    constexpr auto r7 = description_v<plan_t<7, die<5>, strategy::digits>>;
    STATIC_REQUIRE(resolved_by_length(r7, 4)[2] == 21);
    STATIC_REQUIRE(resolved_by_length(r7, 4)[3] == 0);
    STATIC_REQUIRE(resolved_by_length(r7, 4)[4] == 84);
    STATIC_REQUIRE(unresolved_after(r7, 4) == 16);
}

TEST_CASE("the tail: the chance of needing more than k rolls", "[analysis]") {
    // d5 from d6: still going after k rolls only on k sixes
    STATIC_REQUIRE(tail_probability<reject<roll<d6>, 5>>(0) == rational{1});
    STATIC_REQUIRE(tail_probability<reject<roll<d6>, 5>>(3) == rational{1, 216});
    STATIC_REQUIRE(rolls_enough<reject<roll<d6>, 5>>(rational{99, 100}) == 3);  // 1/36 > 1/100 >= 1/216
    STATIC_REQUIRE(rolls_enough<reject<roll<d6>, 5>>(rational{0}) == 0);
    // a pair of d6 for 29: 7 of 36 pairs start over, and a pair is never cut short
    using pair29 = reject<mixed_radix<roll<d6>, roll<d6>>, 29>;
    STATIC_REQUIRE(tail_probability<pair29>(1) == rational{1});
    STATIC_REQUIRE(tail_probability<pair29>(4) == rational{49, 1296});
    STATIC_REQUIRE(tail_probability<pair29>(5) == rational{49, 1296});
    STATIC_REQUIRE(rolls_enough<pair29>(rational{99, 100}) == 6);  // (7/36)^2 > 1/100 >= (7/36)^3
    STATIC_REQUIRE(rolls_enough<roll<d6>>(rational{1}) == 1);
    STATIC_REQUIRE(rolls_enough<mixed_radix<>>(rational{1}) == 0);
}

TEST_CASE("the Knuth-Yao plan leaves K^k mod N of the K^k sequences unfinished", "[analysis]") {
    // the number theory of the recycle loop, not the model's counting
    for (count_t faces : {count_t{2}, count_t{6}, count_t{10}})
        for (count_t n = 2; n <= 60; ++n) {
            const auto d = make_plan(n, faces, strategy::optimal{});
            count_t power = 1;
            std::size_t done99 = 0;
            for (std::size_t k = 0; k <= 12; ++k) {
                const bool recycles = d.root().kind == node_kind::recycle;
                // digits that never reject finish after exactly their rolls
                const count_t unfinished = recycles ? power % n : (power >= n ? 0 : power);
                REQUIRE(tail_probability(d, k) == rational{unfinished, power});
                if (done99 == 0 && k > 0 && rational{unfinished, power} <= rational{1, 100}) done99 = k;
                power *= faces;
            }
            if (done99 != 0) REQUIRE(rolls_enough(d, rational{99, 100}) == done99);
        }
}

TEST_CASE("the tail refuses what it cannot count", "[analysis]") {
    REQUIRE_THROWS_AS(rolls_enough(description_v<roll<d6>>, rational{3, 2}), std::invalid_argument);
    // 41 coin tosses at least: past the 24 rolls the model counts
    const auto wide = make_plan((count_t{1} << 40) + 1, 2, strategy::digits{});
    REQUIRE_THROWS_WITH(rolls_enough(wide, rational{99, 100}), Catch::Contains("rollplan: rolls_enough"));
    REQUIRE_THROWS_AS(tail_probability(wide, 25), std::invalid_argument);
    REQUIRE_THROWS_AS(tail_probability(description_v<roll<die<two_to_64>>>, 2), std::overflow_error);
    REQUIRE(tail_probability(description_v<roll<die<two_to_64>>>, 1) == rational{0});
}

TEST_CASE("numbers past 128 bits are an error, not a wrong value", "[analysis]") {
    // seven rejections of a 2^32-faced die, each with its own denominator
    const auto d = make_plan(18446744073709551557ull, count_t{1} << 32, strategy::smooth{});
    REQUIRE(is_exactly_uniform(d));
    REQUIRE_THROWS_AS(expected_rolls(d), std::overflow_error);
}

TEST_CASE("finishing probabilities: the counts over K^l on one die, and any set of dice", "[analysis]") {
    // on one die both units of the model agree
    for (count_t faces : {count_t{2}, count_t{6}})
        for (count_t n = 1; n <= 40; ++n)
            for (const plan_description& d : {make_plan(n, faces, strategy::digits{}), make_plan(n, faces, strategy::smooth{}),
                                              make_plan(n, faces, strategy::cheapest{}), make_plan(n, faces, strategy::optimal{})}) {
                const length_counts counts = resolved_by_length(d, 8);
                const length_probabilities p = finishing_probabilities(d, 8);
                count_t power = 1;
                for (std::size_t l = 0; l <= 8; ++l, power *= faces) REQUIRE(p[l] == rational{counts[l], power});
            }
    // d29 from a d6 and a d10: a d6 folded to 3, a d10, 30 values, one of them rerolled
    using d29 = reject<mixed_radix<fold<roll<d6>, 3>, roll<d10>>, 29>;
    STATIC_REQUIRE(finishing_probabilities(description_v<d29>, 4)[2] == rational{29, 30});
    STATIC_REQUIRE(finishing_probabilities(description_v<d29>, 4)[4] == rational{29, 900});
    STATIC_REQUIRE(tail_probability<d29>(2) == rational{1, 30});
    STATIC_REQUIRE(tail_probability<d29>(4) == rational{1, 900});
    STATIC_REQUIRE(rolls_enough<d29>(rational{99, 100}) == 4);  // 1/30 > 1/100 >= 1/900
    STATIC_REQUIRE(expected_rolls_v<d29> == rational{60, 29});
    // resolved_by_length counts one die's sequences only
    REQUIRE_THROWS_WITH(resolved_by_length(description_v<d29>, 3), Catch::Contains("use finishing_probabilities"));
}

TEST_CASE("approximate_expected_rolls: the exact value in double, and a value where the exact one overflows", "[analysis]") {
    for (count_t faces : {count_t{2}, count_t{6}, count_t{20}})
        for (count_t n = 1; n <= 60; ++n)
            for (const plan_description& d : {make_plan(n, faces, strategy::cheapest{}), make_plan(n, faces, strategy::optimal{})}) {
                rational exact;
                try {
                    exact = expected_rolls(d);
                } catch (const std::overflow_error&) {
                    continue;
                }
                REQUIRE(approximate_expected_rolls(d) == Approx(exact.to_double()).epsilon(1e-12));
            }
    // 7776 from a d20: the period of 20^k mod 7776 is too long for 128 bits; between the bounds
    const auto d = make_plan(7776, 20, strategy::optimal{});
    REQUIRE_THROWS_AS(expected_rolls(d), std::overflow_error);
    const double estimate = approximate_expected_rolls(d);
    REQUIRE(estimate > std::log(7776.0) / std::log(20.0));  // the information bound
    REQUIRE(estimate < expected_rolls(make_plan(7776, 20, strategy::digits{})).to_double());
    // E = Σ_k P(more than k rolls) = Σ_k (20^k mod 7776)/20^k, summed here in long double
    long double sum = 0, weight = 1;
    for (std::uint64_t k = 0, r = 1; k < 40; ++k, r = r * 20 % 7776, weight /= 20) sum += static_cast<long double>(r) * weight;
    REQUIRE(estimate == Approx(static_cast<double>(sum)).epsilon(1e-12));
}

TEST_CASE("recycle_set: counting, invariants and the chain's expected rolls agree", "[analysis]") {
    for (count_t n = 2; n <= 80; ++n) {
        INFO("N = " << static_cast<std::uint64_t>(n));
        const plan_description d = nodes_of(0, {{node_kind::recycle_set, n, 1, 3}, {node_kind::roll, 4, 0, 0},
                                                {node_kind::roll, 6, 0, 0}, {node_kind::roll, 10, 0, 0}});
        REQUIRE(distribution_of(d).is_uniform());  // by counting every attempt
        REQUIRE(is_exactly_uniform(d));
        REQUIRE(approximate_expected_rolls(d) == Approx(expected_rolls(d).to_double()).epsilon(1e-12));
    }
}

// ---- loaded dice ----------------------------------------------------------------

TEST_CASE("loaded plans: exact distributions, by the invariants and by counting", "[analysis][loaded]") {
    constexpr auto cut321 = exact_distribution<cut<roll<d6>, 3, 2, 1>>();
    STATIC_REQUIRE(cut321[0] == rational{1, 2});
    STATIC_REQUIRE(cut321[1] == rational{1, 3});
    STATIC_REQUIRE(cut321[2] == rational{1, 6});
    constexpr auto tree = exact_distribution<knuth_yao<roll<coin>, 3, 0, 2, 1>>();
    STATIC_REQUIRE(tree[0] == rational{1, 2});
    STATIC_REQUIRE(tree[1] == rational{0});
    STATIC_REQUIRE(tree[3] == rational{1, 6});
    // a cut over a uniform plan on W that the invariants do not cover is counted
    STATIC_REQUIRE(is_exactly_distributed_v<cut<mixed_radix<fold<roll<d6>, 2>, reject<roll<d4>, 3>>, 1, 4, 1>, loaded<1, 4, 1>>);
    STATIC_REQUIRE(is_exactly_distributed_v<cut<roll<d6>, 3, 2, 1>, loaded<6, 4, 2>>);  // the same proportions
    STATIC_REQUIRE(!is_exactly_distributed_v<cut<roll<d6>, 3, 2, 1>, loaded<2, 2, 2>>);
    STATIC_REQUIRE(!is_exactly_distributed_v<cut<roll<d6>, 3, 2, 1>, loaded<3, 2, 1, 0>>);
    STATIC_REQUIRE(!is_exactly_distributed_v<knuth_yao<roll<coin>, 3, 2, 1>, loaded<3, 1, 2>>);
    STATIC_REQUIRE(is_exactly_distributed_v<plan_t<3, d6>, loaded<1, 1, 1>>);
    STATIC_REQUIRE(!is_exactly_distributed_v<plan_t<3, d6>, loaded<1, 1, 2>>);
    STATIC_REQUIRE(!is_exactly_uniform_v<cut<roll<d6>, 3, 2, 1>>);
    STATIC_REQUIRE(is_exactly_uniform_v<cut<roll<d6>, 2, 2, 2>>);
}

namespace {
// fold_d6_by_4 under a cut into 1, 3: counting finds value 0's mass 2/6, not 1/4
constexpr plan_description cut_over_bad_fold() {
    plan_description d;
    d.faces = 6;
    d.reserve(1);
    d.nodes[0] = {node_kind::cut, 2, 1, 3};
    d.reserve(3);
    d.nodes[1] = {node_kind::fold, 4, 4, 1};
    d.nodes[2] = {node_kind::weight, 1, 0, 0};
    d.nodes[3] = {node_kind::weight, 3, 0, 0};
    d.reserve(1);
    d.nodes[4] = {node_kind::roll, 6, 0, 0};
    return d;
}
}  // namespace

TEST_CASE("is_exactly_distributed refuses a cut over a biased operand", "[analysis][loaded]") {
    constexpr plan_description bad = cut_over_bad_fold();
    constexpr std::array<count_t, 2> weights{1, 3};
    STATIC_REQUIRE(!is_exactly_distributed(bad, weights.data(), 2));
    STATIC_REQUIRE(distribution_of(bad).mass_of(0) == rational{1, 3});
    // the same node over the right fold is proven
    constexpr plan_description good = description_v<cut<fold<mixed_radix<roll<d6>, roll<d6>>, 4>, 1, 3>>;
    STATIC_REQUIRE(is_exactly_distributed(good, weights.data(), 2));
}

// The invariant of knuth_yao summed by hand: the leaves of each outcome over
// the pre-period and one period of K^k mod W, the period closed as a
// geometric series, give W_i / W.
TEST_CASE("the Knuth-Yao tree's leaves add up to W_i / W", "[analysis][loaded]") {
    const std::vector<std::vector<count_t>> tables = {{3, 2, 1}, {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}, {5, 0, 2}, {1, 6}, {2, 3, 5, 7}};
    for (const auto& w : tables)
        for (const count_t k : {count_t{2}, count_t{3}, count_t{6}, count_t{10}}) {
            count_t total = 0;
            for (count_t x : w) total += x;
            std::vector<count_t> shares;  // K^(k−1) mod W for depth k = 1, 2, …
            std::size_t repeat = 0;
            for (count_t share = 1;; share = share * k % total) {
                bool seen = false;
                for (std::size_t j = 0; j < shares.size() && !seen; ++j)
                    if (shares[j] == share) seen = true, repeat = j;
                if (seen || share == 0) {
                    if (share == 0) repeat = shares.size();
                    break;
                }
                shares.push_back(share);
            }
            for (std::size_t i = 0; i < w.size(); ++i) {
                rational head, cycle, scale{1};
                rational scale_at_repeat{1};
                for (std::size_t depth = 0; depth < shares.size(); ++depth) {
                    scale = scale * rational{1, k};
                    if (depth == repeat) scale_at_repeat = scale;
                    const rational term = rational{detail::knuth_yao_leaves(shares[depth], w[i], total, k)} * scale;
                    (depth < repeat ? head : cycle) = (depth < repeat ? head : cycle) + term;
                }
                // the cycle repeats with factor K^-λ: cycle / (1 − K^-λ)
                const rational factor = repeat == shares.size() ? rational{0} : scale / scale_at_repeat * rational{1, k};
                const rational sum = head + (repeat == shares.size() ? rational{0} : cycle / (rational{1} - factor));
                INFO("K = " << static_cast<unsigned>(k) << ", outcome " << i);
                REQUIRE(sum == rational{w[i], total});
            }
        }
}

TEST_CASE("loaded plans: tails, expected rolls and the rolls that are enough", "[analysis][loaded]") {
    using coin321 = knuth_yao<roll<coin>, 3, 2, 1>;  // U_k = 1: one sequence of 2^k unfinished
    STATIC_REQUIRE(tail_probability<coin321>(0) == rational{1});
    STATIC_REQUIRE(tail_probability<coin321>(3) == rational{1, 8});
    STATIC_REQUIRE(rolls_enough<coin321>(rational{99, 100}) == 7);
    STATIC_REQUIRE(resolved_by_length(description_v<coin321>, 4) == length_counts{0, 1, 1, 1, 1});
    STATIC_REQUIRE(resolved_by_outcome(description_v<coin321>, 4, 1) == length_counts{0, 0, 1, 0, 1});
    using two_d6 = knuth_yao<roll<d6>, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>;
    STATIC_REQUIRE(tail_probability<two_d6>(1) == rational{5, 6});
    STATIC_REQUIRE(tail_probability<two_d6>(2) == rational{0});
    STATIC_REQUIRE(expected_rolls_v<two_d6> == rational{1} + rational{5, 6});
    STATIC_REQUIRE(finishing_probabilities(description_v<two_d6>, 2)[1] == rational{1, 6});
    // a cut finishes as its operand does
    STATIC_REQUIRE(tail_probability<cut<recycle<roll<d6>, 29>, 20, 9>>(2) == tail_probability<recycle<roll<d6>, 29>>(2));
    STATIC_REQUIRE(resolved_by_outcome(description_v<cut<roll<d6>, 3, 2, 1>>, 1, 1) == length_counts{0, 2});
    // no roll for a certain outcome
    STATIC_REQUIRE(tail_probability<knuth_yao<roll<d6>, 0, 3>>(0) == rational{0});
    REQUIRE(approximate_expected_rolls(description_v<two_d6>) == Approx(11.0 / 6));
}

namespace {
// The masses of a plan that rolls the same dice every time (digits and
// folds, no rejection), by running it on every sequence of its rolls.
std::vector<rational> masses_by_running(const plan_description& d, const std::vector<count_t>& dice) {
    std::vector<std::uint64_t> faces_up(dice.size(), 0);
    std::vector<count_t> counts(static_cast<std::size_t>(d.outcomes()), 0);
    count_t sequences = 0;
    for (;;) {
        std::size_t next = 0;
        const std::uint64_t v = sample(d, [&](count_t k) {
            REQUIRE(k == dice.at(next));
            return faces_up.at(next++);
        });
        REQUIRE(next == dice.size());
        ++counts.at(static_cast<std::size_t>(v));
        ++sequences;
        std::size_t i = 0;
        while (i < dice.size() && ++faces_up[i] == dice[i]) faces_up[i++] = 0;
        if (i == dice.size()) break;
    }
    std::vector<rational> masses;
    for (const count_t c : counts) masses.push_back(rational{c, sequences});
    return masses;
}

void counted_as_run(const plan_description& d, const std::vector<rational>& masses) {
    const distribution counted = distribution_of(d);
    REQUIRE(counted.outcomes == d.outcomes());
    REQUIRE(counted.total() == rational{1});
    for (std::size_t i = 0; i < counted.size; ++i) {  // segments in order, within the outcomes
        REQUIRE(counted.parts[i].begin < counted.parts[i].end);
        REQUIRE(counted.parts[i].end <= counted.outcomes);
        if (i > 0) REQUIRE(counted.parts[i - 1].end <= counted.parts[i].begin);
    }
    for (std::size_t v = 0; v < masses.size(); ++v) {
        INFO("value " << v);
        REQUIRE(counted.mass_of(v) == masses[v]);
    }
}
}  // namespace

TEST_CASE("counting a plan's distribution agrees with running it on every sequence", "[analysis]") {
    using enum node_kind;
    // d6 folded to 4 (faces 1-6 → 0 1 2 3 0 1: not uniform) as the high digit, then as the low one
    const auto fold_high = nodes_of(6, {{mixed_radix, 24, 1, 2}, {fold, 4, 3, 1}, {roll, 6, 0, 0}, {roll, 6, 0, 0}});
    const auto fold_low = nodes_of(6, {{mixed_radix, 24, 1, 2}, {roll, 6, 0, 0}, {fold, 4, 3, 1}, {roll, 6, 0, 0}});
    const auto two_folds = nodes_of(6, {{mixed_radix, 20, 1, 2}, {fold, 4, 3, 1}, {fold, 5, 4, 1}, {roll, 6, 0, 0}, {roll, 6, 0, 0}});
    counted_as_run(fold_high, masses_by_running(fold_high, {6, 6}));
    counted_as_run(fold_low, masses_by_running(fold_low, {6, 6}));
    counted_as_run(two_folds, masses_by_running(two_folds, {6, 6}));
    // residues of a distribution of several masses: the 24 values above, mod 7 and mod 5
    for (const count_t m : {count_t{7}, count_t{5}, count_t{24}}) {
        const auto folded = nodes_of(6, {{fold, m, 1, 1}, {mixed_radix, 24, 2, 2}, {fold, 4, 4, 1}, {roll, 6, 0, 0}, {roll, 6, 0, 0}});
        counted_as_run(folded, masses_by_running(folded, {6, 6}));
    }
    // three digits, the middle one folded: products past one segment on both sides
    const auto three = nodes_of(6, {{mixed_radix, 144, 1, 3}, {roll, 6, 0, 0}, {fold, 4, 4, 1}, {roll, 6, 0, 0}, {roll, 6, 0, 0}});
    counted_as_run(three, masses_by_running(three, {6, 6, 6}));
    // a uniform low digit below a high digit of more than max_segments values: one segment each
    const auto wide_high = nodes_of(0, {{mixed_radix, 600, 1, 2}, {roll, 100, 0, 0}, {roll, 6, 0, 0}});
    counted_as_run(wide_high, masses_by_running(wide_high, {100, 6}));
    REQUIRE(distribution_of(wide_high).is_uniform());
    // a rejection of the folded 24 values down to 10: the kept 20 values' masses, mod 10, normalised
    const auto rejected = nodes_of(6, {{reject, 10, 1, 1}, {mixed_radix, 24, 2, 2}, {fold, 4, 4, 1}, {roll, 6, 0, 0}, {roll, 6, 0, 0}});
    const std::vector<rational> joint = masses_by_running(fold_high, {6, 6});
    rational kept;
    std::vector<rational> expected(10);
    for (std::size_t x = 0; x < 20; ++x) kept = kept + joint[x], expected[x % 10] = expected[x % 10] + joint[x];
    for (rational& p : expected) p = p / kept;
    counted_as_run(rejected, expected);
}

TEST_CASE("residues of a distribution of max_segments segments", "[analysis]") {
    // 64 values, masses 2, 1, 2, 1, … (/96), mod 8: the even residues 8·2/96, the odd ones 8/96
    constexpr distribution folded = [] {
        distribution d;
        d.outcomes = 64;
        for (count_t v = 0; v < 64; ++v) d.append(v, v + 1, rational{v % 2 == 0 ? 2u : 1u, 96});
        return detail::residues(d, 8);
    }();
    STATIC_REQUIRE(folded.outcomes == 8);
    STATIC_REQUIRE(folded.size == 8);
    STATIC_REQUIRE(folded.mass_of(0) == rational{16, 96});
    STATIC_REQUIRE(folded.mass_of(7) == rational{8, 96});
    STATIC_REQUIRE(folded.total() == rational{1});
}

TEST_CASE("the invariants of nodes with several children", "[analysis]") {
    using enum node_kind;
    auto invariant = [](const plan_description& d) { return detail::uniform_by_invariant(d, d.root()); };
    // digits: the product of uniform digits
    constexpr plan_description two_d6 = description_v<rollplan::mixed_radix<rollplan::roll<d6>, rollplan::roll<d6>>>;
    STATIC_REQUIRE(detail::uniform_by_invariant(two_d6, two_d6.root()) == 36);
    using three_digits = rollplan::mixed_radix<rollplan::roll<d6>, rollplan::fold<rollplan::roll<d6>, 3>, rollplan::roll<coin>>;
    REQUIRE(invariant(description_v<three_digits>) == 36);
    REQUIRE(invariant(nodes_of(6, {{mixed_radix, 24, 1, 2}, {fold, 4, 3, 1}, {roll, 6, 0, 0}, {roll, 6, 0, 0}})) == 0);
    REQUIRE(invariant(nodes_of(6, {{mixed_radix, 35, 1, 2}, {roll, 6, 0, 0}, {roll, 6, 0, 0}})) == 0);  // 36 is not 35
    // recycle_set: its outcomes, when every child is a roll of two faces or more, one die or several
    REQUIRE(invariant(description_v<rollplan::recycle_set<dice_set<coin, d6>, 29>>) == 29);
    REQUIRE(invariant(nodes_of(0, {{recycle_set, 29, 1, 1}, {roll, 6, 0, 0}})) == 29);
    REQUIRE(invariant(nodes_of(0, {{recycle_set, 29, 1, 2}, {roll, 6, 0, 0}, {roll, 1, 0, 0}})) == 0);
    REQUIRE(invariant(nodes_of(0, {{recycle_set, 29, 1, 2}, {roll, 6, 0, 0}, {fold, 2, 3, 1}, {roll, 6, 0, 0}})) == 0);
    // a plan of no outcomes is refused, never called uniform
    REQUIRE_THROWS_AS(is_exactly_uniform(plan_description{}), std::domain_error);
    // equal weights on a uniform plan, in a constant expression (every weight read, none past the n given)
    constexpr count_t equal[] = {4, 4, 4};
    STATIC_REQUIRE(is_exactly_distributed(description_v<plan_t<3, d6>>, equal, 3));
    // and by counting, every outcome compared: a d6 folded to 4 gives 2, 2, 1, 1 sixths
    constexpr count_t folded[] = {2, 2, 1, 1}, other[] = {2, 2, 2, 1};
    STATIC_REQUIRE(is_exactly_distributed(fold_d6_by_4(), folded, 4));
    STATIC_REQUIRE_FALSE(is_exactly_distributed(fold_d6_by_4(), other, 4));
}

TEST_CASE("resolved_by_outcome: each outcome's share of the sequences that finish", "[analysis]") {
    // uniform: a 29th of resolved_by_length at every length
    const plan_description d29 = description_v<plan_t<29, d6>>;
    const length_counts all = resolved_by_length(d29, 6);
    for (std::size_t v : {0u, 13u, 28u}) {
        const length_counts mine = resolved_by_outcome(d29, 6, v);
        for (std::size_t l = 0; l <= 6; ++l) REQUIRE(mine[l] * 29 == all[l]);
    }
    // loaded by a cut: W_v / W of them (3, 2, 1 of 6)
    const plan_description cut321 = make_loaded_plan(weight_list{3, 2, 1}, 6);
    const length_counts cut_all = resolved_by_length(cut321, 4);
    for (std::size_t v = 0; v < 3; ++v) {
        const length_counts mine = resolved_by_outcome(cut321, 4, v);
        for (std::size_t l = 0; l <= 4; ++l) REQUIRE(mine[l] * 6 == cut_all[l] * (3 - v));
    }
    // a Knuth–Yao tree with one certain outcome: it finishes before any roll, with that outcome
    const plan_description certain = make_loaded_plan(weight_list{0, 5, 0}, 6, strategy::optimal{});
    REQUIRE(certain.root().kind == node_kind::knuth_yao);
    REQUIRE(resolved_by_outcome(certain, 3, 1) == length_counts{1});
    REQUIRE(resolved_by_outcome(certain, 3, 0) == length_counts{});
}

TEST_CASE("how deep the counts reach, and plans that roll nothing", "[analysis]") {
    STATIC_REQUIRE(detail::countable_depth(description_v<plan_t<1000, die<two_to_64>>>) == 1);  // 2^128 does not fit
    STATIC_REQUIRE(detail::countable_depth(description_v<plan_t<1000, die<count_t{1} << 32>>>) == 3);
    STATIC_REQUIRE(detail::countable_depth(description_v<plan_t<29, d6>>) == max_model_depth);
    // one outcome: nothing to roll, done at once
    const plan_description one = make_plan(1, 6);
    REQUIRE(one.faces == 0);
    REQUIRE(tail_probability(one, 0) == rational{0});
    REQUIRE(tail_probability(one, 3) == rational{0});
}

TEST_CASE("rolls_enough over several dice, to the deepest roll counted", "[analysis][dice]") {
    const plan_description d = description_v<recycle_set<dice_set<d6, d10>, 29>>;
    REQUIRE(d.rolls_several_dice());
    REQUIRE(rolls_enough(d, rational{0}) == 0);  // nothing is asked before the first roll
    for (const std::size_t k : {std::size_t{2}, std::size_t{20}, max_model_depth}) {
        INFO("k = " << k);
        REQUIRE(tail_probability(d, k) < tail_probability(d, k - 1));
        REQUIRE(rolls_enough(d, rational{1} - tail_probability(d, k)) == k);
    }
}

TEST_CASE("a loaded plan of one weight: no roll, exactly its one outcome", "[analysis][loaded]") {
    using P = loaded_plan_t<loaded<7>, d6>;
    STATIC_REQUIRE(std::is_same_v<P, knuth_yao<roll<d6>, 7>>);
    STATIC_REQUIRE(expected_rolls_v<P> == rational{0});
    STATIC_REQUIRE(is_exactly_distributed_v<P, loaded<7>>);
    STATIC_REQUIRE(!is_exactly_distributed_v<P, loaded<7, 1>>);
}

// ---- edges that a mutation of analysis.hpp showed untested ---------------------------

namespace {
// A plan that rolls nothing and never finishes: a rejection to 2 of a node of one value.
constexpr plan_description never_accepts() {
    return nodes_of(0, {{node_kind::reject, 2, 1, 1}, {node_kind::mixed_radix, 1, 0, 0}});
}
// 64 segments of distinct masses, the most a distribution holds.
constexpr distribution sixty_four_segments() {
    distribution d;
    d.outcomes = max_segments;
    for (std::size_t i = 0; i < max_segments; ++i) d.append(i, i + 1, rational{1, count_t{i} + 2});
    return d;
}
template <std::size_t... I>
constexpr bool coin_tree_is_exact(std::index_sequence<I...>) {
    return is_exactly_distributed_v<knuth_yao<roll<coin>, (I + 1)...>, loaded<(I + 1)...>>;
}
}  // namespace

TEST_CASE("analysis at its edges: empty segments, 64 segments, long coin trees, plans that never finish", "[analysis]") {
    // a segment is empty until set
    STATIC_REQUIRE(segment{}.begin == 0);
    STATIC_REQUIRE(segment{}.end == 0);
    STATIC_REQUIRE(segment{}.mass == rational{});
    // a product whose first digit has all 64 segments: each one scaled, none past the last
    constexpr distribution product = detail::digits_product(sixty_four_segments(), detail::uniform_on(3));
    STATIC_REQUIRE(product.size == max_segments);
    STATIC_REQUIRE(product.parts[max_segments - 1].begin == 63 * 3);
    STATIC_REQUIRE(product.parts[max_segments - 1].end == 64 * 3);
    STATIC_REQUIRE(product.parts[max_segments - 1].mass == rational{1, 65 * 3});
    // a Knuth–Yao tree on a coin with more weights than a distribution has segments: by its invariant
    STATIC_REQUIRE(coin_tree_is_exact(std::make_index_sequence<65>{}));
    // a plan whose sequences do not split in the outcomes' proportions: an error, not a count
    REQUIRE_THROWS_AS(resolved_by_outcome(fold_d6_by_4(), 1, 0), std::logic_error);
    // a plan that rolls nothing and never finishes: unfinished after any number of rolls
    STATIC_REQUIRE(tail_probability(never_accepts(), 0) == rational{1});
    STATIC_REQUIRE(tail_probability(never_accepts(), 1) == rational{1});
    STATIC_REQUIRE(tail_probability(never_accepts(), 5) == rational{1});
}

// is_uniform is exactly "one segment over every value of [0, N), each with mass
// 1/N": a single segment that leaves out values at either end, or whose mass
// is not 1/N, is not uniform, whichever of the conditions fails alone.
TEST_CASE("a distribution is uniform only as one segment over every value at 1/N", "[analysis]") {
    constexpr auto one_segment = [](count_t outcomes, count_t begin, count_t end, const rational& mass) {
        distribution d;
        d.outcomes = outcomes;
        d.append(begin, end, mass);
        return d;
    };
    STATIC_REQUIRE(one_segment(4, 0, 4, rational{1, 4}).is_uniform());
    STATIC_REQUIRE(one_segment(1, 0, 1, rational{1}).is_uniform());
    STATIC_REQUIRE(!one_segment(4, 0, 3, rational{1, 4}).is_uniform());  // value 3 left out
    STATIC_REQUIRE(!one_segment(2, 0, 1, rational{1}).is_uniform());     // all the mass on 0 of 2 values
    STATIC_REQUIRE(!one_segment(4, 1, 4, rational{1, 4}).is_uniform());  // value 0 left out
    STATIC_REQUIRE(!one_segment(2, 1, 2, rational{1, 2}).is_uniform());
    STATIC_REQUIRE(!one_segment(4, 0, 4, rational{1, 6}).is_uniform());  // every value, but 1/6 each
    STATIC_REQUIRE(!one_segment(4, 0, 4, rational{1, 2}).is_uniform());
    // the values of a d6 below 4, not normalised: one segment from 0, still not uniform
    STATIC_REQUIRE(!detail::below(detail::uniform_on(6), 4).is_uniform());
    // equal masses on adjacent values make one segment: uniform
    STATIC_REQUIRE(detail::residues(detail::uniform_on(12), 4).is_uniform());
    // a distribution of no values, as made by default, is not uniform (and asking does not divide by 0)
    REQUIRE_FALSE(distribution{}.is_uniform());
}

// A Knuth–Yao tree walks down one digit per roll of its die. On a die of one
// face every roll is 0, no leaf is ever reached (each depth's leaves
// ⌊1·r/W⌋ are 0 for a residue r < W) and the plan never finishes: the analysis
// refuses it, as it refuses a die of no faces, rather than claim W_i / W.
// From two faces on the tree gives W_i / W.
TEST_CASE("a Knuth-Yao tree needs a die of two faces or more", "[analysis][loaded]") {
    constexpr count_t weights[] = {1, 2};
    for (count_t faces = 0; faces <= 3; ++faces) {
        INFO("faces " << static_cast<unsigned>(faces));
        const plan_description d = nodes_of(faces, {{node_kind::knuth_yao, 2, 1, 3}, {node_kind::roll, faces, 0, 0},
                                                    {node_kind::weight, 1, 0, 0}, {node_kind::weight, 2, 0, 0}});
        if (faces < 2) {
            REQUIRE_THROWS_AS(distribution_of(d), std::domain_error);
            REQUIRE_THROWS_AS(is_exactly_distributed(d, weights, 2), std::domain_error);
        } else {
            REQUIRE(distribution_of(d).mass_of(0) == rational{1, 3});
            REQUIRE(distribution_of(d).mass_of(1) == rational{2, 3});
            REQUIRE(is_exactly_distributed(d, weights, 2));
        }
    }
}

// The model of a Knuth–Yao tree reads the tree's own nodes, its die and its
// weights, and nothing stored after them. The tree on a coin for 1, 2, 3, cut
// back in place to its first two weights (the third stays in the array, no
// longer a child of the root), counts as the tree for 1, 2 does: W = 3, and
// 2^k·1, 2^k·2 mod 3 are 1 and 2 in some order, so U_k = 1 at every depth and
// 2·U_(k−1) − U_k = 1 sequence finishes at each roll.
TEST_CASE("the Knuth-Yao model reads only the tree's weights", "[analysis][loaded]") {
    constexpr plan_description shortened = [] {
        plan_description d = description_v<knuth_yao<roll<coin>, 1, 2, 3>>;
        d.nodes[0].outcomes = 2;
        d.nodes[0].children = 3;  // the roll and the weights 1, 2
        return d;
    }();
    STATIC_REQUIRE(shortened.nodes[4].outcomes == 3);  // the weight left behind, after the tree's
    STATIC_REQUIRE(resolved_by_length(shortened, 4) == length_counts{0, 1, 1, 1, 1});
    STATIC_REQUIRE(resolved_by_length(description_v<knuth_yao<roll<coin>, 1, 2>>, 4) == length_counts{0, 1, 1, 1, 1});
    STATIC_REQUIRE(finishing_probabilities(shortened, 3)[3] == rational{1, 8});
    STATIC_REQUIRE(tail_probability(shortened, 3) == rational{1, 8});
    STATIC_REQUIRE(distribution_of(shortened).mass_of(1) == rational{2, 3});
}
