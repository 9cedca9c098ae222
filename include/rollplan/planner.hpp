// rollplan/planner.hpp: choosing a roll plan for N outcomes from a die with K
// faces, or from a set of dice (dice_faces, dice_set).
//
// Every strategy builds a blueprint: `atoms`, each a few rolls of one die
// folded or rejected onto a smaller count (over a set, each atom on the die
// that makes it cheapest), read together as mixed-radix digits (smallest
// atom first, as the most significant digit) and, when their product
// overshoots N, one final rejection onto N. The search runs on plain structs
// with constexpr functions and costs in double (the choice only); exact costs
// come from analysis.hpp. make_plan writes the chosen blueprint as a
// plan_description in canonical form, and plan_t turns that into the type.
#pragma once

#include "detail/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "description.hpp"
#include "die.hpp"
#include "detail/factor.hpp"
#include "detail/integer.hpp"
#include "detail/residues.hpp"
#include "detail/uniform_state.hpp"
#include "detail/weights.hpp"

namespace rollplan {

namespace strategy {
// The rand7-from-rand5 method: ⌈log_K N⌉ rolls as digits, reject to the
// largest multiple of N.
struct digits {};
// One roll per prime factor of N (or of the smallest M ≥ N whose prime factors
// are all ≤ K), each folded or rerolled, then reject M down to N.
struct smooth {};
// The fewest expected rolls among plans of digits, folds, rejections and one
// overshoot, by a bounded search (docs/plans.md, "Limits").
struct cheapest {};
// The fewest expected rolls of any exact sampler (Knuth–Yao): the recycle
// node, or plain digits when they never reject.
struct optimal {};
// The default: what costs least where it runs. On a die whose rolls cost
// (K below 2^32, or not a power of two: dice, rand(), minstd) the optimal
// plan. On an engine word (K a power of two, 2^32 or more) the rolls are
// cheap and the arithmetic is what costs: Lemire's multiply-shift,
// scale<D, N> over the fewest rolls D that reach N (K^j <= 2^64), which
// needs one multiplication and no division.
struct fastest {};
}  // namespace strategy

template <class S>
inline constexpr bool is_strategy_v = std::is_same_v<S, strategy::digits> || std::is_same_v<S, strategy::smooth> ||
                                      std::is_same_v<S, strategy::cheapest> || std::is_same_v<S, strategy::optimal> ||
                                      std::is_same_v<S, strategy::fastest>;

// A set of dice as data (the faces of each, in the order given; a die given
// twice counts once): what make_plan plans over when a person holds several.
struct dice_faces {
    std::array<count_t, max_dice_in_set> faces{};
    std::size_t size = 0;

    constexpr dice_faces() = default;
    template <class... K>
        requires(sizeof...(K) >= 1 && ((std::is_integral_v<K> || std::is_same_v<K, count_t>) && ...))
    constexpr explicit dice_faces(K... k) {
        (add(static_cast<count_t>(k)), ...);
    }
    constexpr void add(count_t k) {
        for (std::size_t i = 0; i < size; ++i)
            if (faces[i] == k) return;
        if (size == max_dice_in_set) detail::fail<std::invalid_argument>("rollplan: a set holds at most 8 dice");
        faces[size++] = k;
    }
    constexpr count_t largest() const {
        count_t m = 0;
        for (std::size_t i = 0; i < size; ++i) m = faces[i] > m ? faces[i] : m;
        return m;
    }
};

namespace detail {

// `rolls` rolls of the die with `faces` faces read as digits, folded or
// rejected onto `outcomes`. No default member initialisers, as plan_node: a
// blueprint's atoms{} is then free in constant evaluation.
struct atom {
    count_t outcomes;
    unsigned rolls;
    count_t faces;
};

struct blueprint {
    count_t target = 1;
    count_t product = 1;  // ∏ atom outcomes, at least target
    std::array<atom, 72> atoms{};
    std::size_t size = 0;
    double cost = 0;

    constexpr void add(atom a, double atom_cost) {
        if (size == atoms.size()) detail::fail<std::length_error>("rollplan: too many factors in a plan");
        atoms[size++] = a;
        product = checked_mul(product, a.outcomes, "rollplan: a plan's product of digits passed 2^128");
        cost += atom_cost;
    }
};

// Expected rolls when a plan costing `inner_cost` with `inner` outcomes is
// rejected down to `target` outcomes (inner_cost itself when nothing is rejected).
constexpr double overshoot_cost(count_t inner, double inner_cost, count_t target) {
    const count_t kept = inner / target * target;
    return inner_cost * (static_cast<double>(inner) / static_cast<double>(kept));
}

// Infinite when faces^rolls does not fit in 128 bits: no such atom is made.
constexpr double atom_cost(count_t outcomes, unsigned rolls, count_t faces) {
    const count_t reach = power_or_zero(faces, rolls);
    return reach == 0 ? std::numeric_limits<double>::infinity() : overshoot_cost(reach, rolls, outcomes);
}

// The cheapest way to make `outcomes` from whole rolls of one die of the set:
// the fewest digits that reach it, or one or two more when a smaller
// rejection pays for them; on a tie, the die given first.
struct priced_atom {
    atom value;
    double cost;
};
constexpr priced_atom best_atom(count_t outcomes, const dice_faces& dice) {
    priced_atom best{{outcomes, 0, 0}, std::numeric_limits<double>::infinity()};
    for (std::size_t i = 0; i < dice.size; ++i) {
        const count_t faces = dice.faces[i];
        const unsigned fewest = digits_needed(outcomes, faces);
        for (unsigned rolls = fewest; rolls <= fewest + 2; ++rolls) {
            if (rolls > fewest && power_or_zero(faces, rolls) == 0) break;
            const double cost = atom_cost(outcomes, rolls, faces);
            if ((i == 0 && rolls == fewest) || cost < best.cost) best = {{outcomes, rolls, faces}, cost};
        }
    }
    return best;
}

// The fewest digits of one die that reach n, then one rejection: of the set's
// dice, the one with the fewest expected rolls.
constexpr blueprint digits_blueprint(count_t n, const dice_faces& dice) {
    blueprint best;
    best.target = n;
    if (n == 1) return best;
    for (std::size_t i = 0; i < dice.size; ++i) {
        blueprint b;
        b.target = n;
        const unsigned rolls = digits_needed(n, dice.faces[i]);
        b.add({n, rolls, dice.faces[i]}, atom_cost(n, rolls, dice.faces[i]));
        if (i == 0 || b.cost < best.cost) best = b;
    }
    return best;
}

// ---- smooth ---------------------------------------------------------------

inline constexpr std::size_t smooth_search_budget = 2000;

// The smallest M >= n whose prime factors are all <= faces. Depth-first over
// the exponents of the primes from the largest down to 3, the power of 2 then
// chosen directly; a branch stops once its product reaches the best M so far.
// Exact for faces < 4096 unless the budget runs out (then the best found so
// far); for larger dice see smooth_target.
constexpr count_t smallest_smooth_by_search(count_t n, count_t faces) {
    std::size_t primes = 0;
    while (primes < small_primes.size && small_primes.values[primes] <= faces) ++primes;
    auto complete_with_twos = [n](count_t m) {
        while (m < n) m *= 2;
        return m;
    };
    count_t best = complete_with_twos(1);
    std::size_t budget = smooth_search_budget;
    // Explicit stack: (prime index, product so far); index 0 is the prime 2.
    struct frame {
        std::size_t index;
        count_t product;
    };
    std::array<frame, 600> stack{};
    std::size_t top = 0;
    if (primes > 1) stack[top++] = {primes - 1, 1};
    while (top > 0 && budget > 0) {
        --budget;
        const frame f = stack[--top];
        if (f.index == 0) {
            if (const count_t c = complete_with_twos(f.product); c < best) best = c;
            continue;
        }
        const count_t p = small_primes.values[f.index];
        // this prime's exponent 0, 1, 2, … as long as the product stays below best
        for (count_t m = f.product; m < best && top < stack.size(); m *= p) stack[top++] = {f.index - 1, m};
    }
    return best;
}

constexpr bool is_smooth(const factorization& f, count_t faces) { return f.largest() <= faces; }

// M for the smooth strategy.
constexpr count_t smooth_target(count_t n, count_t faces, const factorization& of_n) {
    if (is_smooth(of_n, faces)) return n;
    if (faces >= trial_limit) {
        // Scan upward; a number counts as smooth when what trial division
        // leaves of it is at most `faces`.
        for (count_t m = n + 1; m < n + 64; ++m)
            if (is_smooth(factor(m, false), faces)) return m;
    }
    return smallest_smooth_by_search(n, faces);
}

// One roll per prime factor; over a set, primes up to the largest die, each
// prime rolled on the die that gives it cheapest (a fold when it divides).
constexpr blueprint smooth_blueprint(count_t n, const dice_faces& dice, const factorization& of_n) {
    blueprint b;
    b.target = n;
    if (n == 1) return b;
    for (std::size_t i = 0; i < dice.size; ++i)
        if (dice.faces[i] % n == 0) {
            b.add({n, 1, dice.faces[i]}, 1);
            return b;
        }
    const count_t m = smooth_target(n, dice.largest(), of_n);
    const factorization of_m = m == n ? of_n : factor(m);
    for (std::size_t i = 0; i < of_m.size; ++i) {
        atom a{of_m.primes[i], 1, 0};
        double cost = std::numeric_limits<double>::infinity();
        for (std::size_t j = 0; j < dice.size; ++j)
            if (dice.faces[j] >= a.outcomes && atom_cost(a.outcomes, 1, dice.faces[j]) < cost) {
                cost = atom_cost(a.outcomes, 1, dice.faces[j]);
                a.faces = dice.faces[j];
            }
        for (unsigned e = 0; e < of_m.exponents[i]; ++e) b.add(a, cost);
    }
    b.cost = overshoot_cost(b.product, b.cost, n);
    return b;
}

// ---- cheapest -------------------------------------------------------------

// The search's bounds, chosen so that planning any N fits Clang's default
// constexpr budget: products N..N+window are tried (a smaller window past
// 2^16), each split over its divisors when it has at most max_divisors of
// them, found by trial division by primes below split_trial_bound (N itself
// is factored completely).
inline constexpr count_t overshoot_window = 32;
inline constexpr count_t overshoot_window_large = 8;
inline constexpr std::size_t max_divisors = 64;
inline constexpr std::size_t divisor_capacity = 72;  // a prime power below 2^65 has at most 66 divisors
inline constexpr count_t split_trial_bound = 256;

struct divisor_table {
    std::array<count_t, divisor_capacity> values{};  // ascending
    std::size_t size = 0;
};

constexpr divisor_table divisors_of(const factorization& f) {
    divisor_table t;
    t.values[t.size++] = 1;
    for (std::size_t i = 0; i < f.size; ++i) {
        const std::size_t before = t.size;
        count_t power = 1;
        for (unsigned e = 0; e < f.exponents[i]; ++e) {
            power *= f.primes[i];
            for (std::size_t j = 0; j < before; ++j) t.values[t.size++] = t.values[j] * power;
        }
    }
    sort_small(t.values.begin(), t.values.begin() + static_cast<std::ptrdiff_t>(t.size));
    return t;
}

constexpr std::size_t divisor_count(const factorization& f) {
    std::size_t count = 1;
    for (std::size_t i = 0; i < f.size; ++i) {
        count *= f.exponents[i] + 1;
        if (count > max_divisors) return max_divisors + 1;
    }
    return count;
}

// The cheapest split of `m` into atoms: over the divisors d of m,
// best(d) = min(best atom for d, best(e) + best(d/e) for e | d).
constexpr void add_cheapest_split(blueprint& b, const factorization& f, const dice_faces& dice) {
    const divisor_table t = divisors_of(f);
    std::array<double, divisor_capacity> cost{};
    std::array<std::size_t, divisor_capacity> split{};  // index of e, or 0 for "one atom"
    for (std::size_t i = 1; i < t.size; ++i) {
        const count_t d = t.values[i];
        cost[i] = best_atom(d, dice).cost;
        for (std::size_t j = 1; j < i && t.values[j] * t.values[j] <= d; ++j) {
            if (d % t.values[j] != 0) continue;
            const count_t rest = d / t.values[j];
            const auto k = static_cast<std::size_t>(
                first_not_below(t.values.begin(), t.values.begin() + static_cast<std::ptrdiff_t>(t.size), rest) -
                t.values.begin());
            if (cost[j] + cost[k] < cost[i]) {
                cost[i] = cost[j] + cost[k];
                split[i] = j;
            }
        }
    }
    std::array<std::size_t, 80> pending{};
    std::size_t top = 0;
    pending[top++] = t.size - 1;
    while (top > 0) {
        const std::size_t i = pending[--top];
        if (split[i] == 0) {
            const priced_atom a = best_atom(t.values[i], dice);
            b.add(a.value, a.cost);
            continue;
        }
        const count_t rest = t.values[i] / t.values[split[i]];
        pending[top++] = split[i];
        pending[top++] = static_cast<std::size_t>(
            first_not_below(t.values.begin(), t.values.begin() + static_cast<std::ptrdiff_t>(t.size), rest) -
            t.values.begin());
    }
}

// Atoms for the number factored as f: the divisor search when it has few
// divisors, else the same search within each prime power.
constexpr blueprint split_blueprint(const factorization& f, count_t target, const dice_faces& dice) {
    blueprint b;
    b.target = target;
    if (divisor_count(f) <= max_divisors) {
        add_cheapest_split(b, f, dice);
    } else {
        for (std::size_t i = 0; i < f.size; ++i) {
            factorization power;
            power.add(f.primes[i], f.exponents[i]);
            add_cheapest_split(b, power, dice);
        }
    }
    b.cost = overshoot_cost(b.product, b.cost, target);
    return b;
}

constexpr blueprint cheapest_blueprint(count_t n, const dice_faces& dice) {
    blueprint best = digits_blueprint(n, dice);
    if (n == 1) return best;
    const factorization of_n = factor(n);
    const blueprint smooth = smooth_blueprint(n, dice, of_n);
    if (smooth.cost < best.cost) best = smooth;
    const count_t window = n <= (count_t{1} << 16) ? overshoot_window : overshoot_window_large;
    const count_t last = n + window < 2 * n - 1 ? n + window : 2 * n - 1;
    for (count_t m = n; m <= last; ++m) {
        const blueprint candidate = split_blueprint(m == n ? of_n : factor(m, false, split_trial_bound), n, dice);
        if (candidate.cost < best.cost) best = candidate;
    }
    return best;
}

constexpr blueprint make_blueprint(count_t n, const dice_faces& dice, strategy::digits) { return digits_blueprint(n, dice); }
constexpr blueprint make_blueprint(count_t n, const dice_faces& dice, strategy::smooth) {
    return smooth_blueprint(n, dice, factor(n));
}
constexpr blueprint make_blueprint(count_t n, const dice_faces& dice, strategy::cheapest) {
    return cheapest_blueprint(n, dice);
}

// ---- blueprint -> description (canonical form) ----------------------------
// An atom whose digits have exactly its outcomes is the digits themselves
// (spliced into the enclosing mixed_radix); a rejection that never rejects is
// a fold; a mixed_radix of one operand is that operand.

constexpr bool is_bare(const atom& a) { return power_or_zero(a.faces, a.rolls) == a.outcomes; }

constexpr void write_digits(plan_description& d, std::uint16_t at, unsigned rolls, count_t faces) {
    if (rolls == 1) {
        d.nodes[at] = {node_kind::roll, faces, 0, 0};
        return;
    }
    const auto first = d.reserve(rolls);
    d.nodes[at] = {node_kind::mixed_radix, power_or_zero(faces, rolls), first, static_cast<std::uint16_t>(rolls)};
    for (unsigned i = 0; i < rolls; ++i) d.nodes[first + i] = {node_kind::roll, faces, 0, 0};
}

// Node `at` becomes `inner` reduced to `target` outcomes by a fold or a rejection.
constexpr void write_reduction(plan_description& d, std::uint16_t at, count_t inner, count_t target) {
    const auto first = d.reserve(1);
    d.nodes[at] = {inner % target == 0 ? node_kind::fold : node_kind::reject, target, first, 1};
}

constexpr void write_atom(plan_description& d, std::uint16_t at, const atom& a) {
    if (is_bare(a)) {
        write_digits(d, at, a.rolls, a.faces);
        return;
    }
    write_reduction(d, at, power_or_zero(a.faces, a.rolls), a.outcomes);
    write_digits(d, d.nodes[at].first_child, a.rolls, a.faces);
}

constexpr void write_product(plan_description& d, std::uint16_t at, blueprint b) {
    sort_small(b.atoms.begin(), b.atoms.begin() + static_cast<std::ptrdiff_t>(b.size), [](const atom& x, const atom& y) {
        return x.outcomes != y.outcomes ? x.outcomes < y.outcomes : x.rolls != y.rolls ? x.rolls < y.rolls : x.faces < y.faces;
    });
    std::size_t operands = 0;
    for (std::size_t i = 0; i < b.size; ++i) operands += is_bare(b.atoms[i]) ? b.atoms[i].rolls : 1;
    if (b.size == 1 && operands == 1) {
        write_atom(d, at, b.atoms[0]);
        return;
    }
    const auto first = d.reserve(operands);
    d.nodes[at] = {node_kind::mixed_radix, b.product, first, static_cast<std::uint16_t>(operands)};
    auto slot = first;
    for (std::size_t i = 0; i < b.size; ++i) {
        const atom& a = b.atoms[i];
        if (is_bare(a))
            for (unsigned r = 0; r < a.rolls; ++r) d.nodes[slot++] = {node_kind::roll, a.faces, 0, 0};
        else
            write_atom(d, slot++, a);
    }
}

// The plan's die: the one all atoms roll, or 0 for none or several.
constexpr count_t die_of(const blueprint& b) {
    for (std::size_t i = 1; i < b.size; ++i)
        if (b.atoms[i].faces != b.atoms[0].faces) return 0;
    return b.size == 0 ? 0 : b.atoms[0].faces;
}

constexpr plan_description describe_blueprint(const blueprint& b) {
    plan_description d;
    d.faces = die_of(b);
    d.reserve(1);
    if (b.product == b.target) {
        write_product(d, 0, b);
    } else {
        write_reduction(d, 0, b.product, b.target);
        write_product(d, d.nodes[0].first_child, b);
    }
    return d;
}

// recycle<roll<D>, n>, or the digits themselves when the first power of K that
// reaches n is a multiple of n (then nothing is ever rejected, and the digits
// take exactly the optimal number of rolls).
constexpr plan_description optimal_description(count_t n, count_t faces) {
    const blueprint digits = digits_blueprint(n, dice_faces{faces});
    if (n == 1 || power_or_zero(faces, digits_needed(n, faces)) % n == 0) return describe_blueprint(digits);
    plan_description d;
    d.faces = faces;
    d.reserve(1);
    const auto first = d.reserve(1);
    d.nodes[0] = {node_kind::recycle, n, first, 1};
    d.nodes[first] = {node_kind::roll, faces, 0, 0};
    return d;
}

// scale<D, n> over the fewest rolls D that reach n, on an engine word when
// |D| <= 2^64; D itself when |D| = n; otherwise the optimal plan.
constexpr plan_description fastest_description(count_t n, count_t faces) {
    if (!is_engine_word(faces) || n == 1) return optimal_description(n, faces);
    const unsigned rolls = digits_needed(n, faces);
    const count_t reach = power_or_zero(faces, rolls);
    if (reach == 0 || reach > two_to_64) return optimal_description(n, faces);
    if (reach == n) return describe_blueprint(digits_blueprint(n, dice_faces{faces}));
    plan_description d;
    d.faces = faces;
    d.reserve(1);
    const auto first = d.reserve(1);
    d.nodes[0] = {node_kind::scale, n, first, 1};
    write_digits(d, first, rolls, faces);
    return d;
}

}  // namespace detail

// The plan for n outcomes from a die with `faces` faces, as data. Usable at
// run time as well; bad arguments throw std::invalid_argument.
template <class Strategy = strategy::fastest>
constexpr plan_description make_plan(count_t n, count_t faces, Strategy s = {}) {
    if (n < 1 || n > max_target) detail::fail<std::invalid_argument>("rollplan: N must be between 1 and 2^64 - 1", "N", n);
    if (faces < 2 || faces > two_to_64) detail::fail<std::invalid_argument>("rollplan: a die needs 2 to 2^64 faces", "K", faces);
    if constexpr (std::is_same_v<Strategy, strategy::optimal>)
        return detail::optimal_description(n, faces);
    else if constexpr (std::is_same_v<Strategy, strategy::fastest>)
        return detail::fastest_description(n, faces);
    else
        return detail::describe_blueprint(detail::make_blueprint(n, dice_faces{faces}, s));
}

namespace detail {

// What make_plan takes for plan_t's Die: the faces of a die, the dice_faces of a set.
template <class Die>
struct planned_dice {
    static constexpr count_t value = Die::faces;
};
template <class... D>
struct planned_dice<dice_set<D...>> {
    static constexpr dice_faces value{D::faces...};
};

// The Knuth–Yao plan of one die, or its digits when they never reject, and its cost.
struct priced_plan {
    plan_description plan;
    double cost;
};
constexpr priced_plan optimal_on(count_t n, count_t faces) {
    const unsigned rolls = digits_needed(n, faces);
    const bool exact_digits = n == 1 || power_or_zero(faces, rolls) % n == 0;
    return {optimal_description(n, faces), exact_digits ? (n == 1 ? 0.0 : double(rolls)) : detail::knuth_yao_estimate(n, faces)};
}

// The Knuth–Yao loop over the set, each roll on the die die_for_range picks
// (recycle_set), with only the dice its chain of ranges ever rolls (the rule
// picks the same die without the others), and its cost; none when it rolls
// one die only (that die's Knuth–Yao loop is a candidate already).
struct optional_plan {
    priced_plan value;
    bool exists;
};
constexpr optional_plan recycle_over(count_t n, const dice_faces& dice) {
    detail::range_chain chain;
    chain.m = n;
    for (std::size_t i = 0; i < dice.size; ++i) chain.radix[chain.size++] = dice.faces[i];
    std::array<bool, max_dice_in_set> used{};
    detail::range_chain walk = chain;
    for (int attempt = 0; attempt < 200 && walk.range != 0; ++attempt) {
        while (walk.range < n) {
            const std::size_t i = detail::die_for_range(walk.range, n, walk.radix.data(), walk.size);
            used[i] = true;
            walk.range *= walk.radix[i];
        }
        walk.reject();
    }
    detail::range_chain kept;
    kept.m = n;
    for (std::size_t i = 0; i < chain.size; ++i)
        if (used[i]) kept.radix[kept.size++] = chain.radix[i];
    if (kept.size < 2) return {{plan_description{}, 0}, false};
    plan_description d;
    d.reserve(1);
    const auto first = d.reserve(kept.size);
    d.nodes[0] = {node_kind::recycle_set, n, first, static_cast<std::uint16_t>(kept.size)};
    for (std::size_t i = 0; i < kept.size; ++i) d.nodes[first + i] = {node_kind::roll, kept.radix[i], 0, 0};
    return {{d, kept.expected_digits()}, true};
}

}  // namespace detail

// The plan for n outcomes over a set of dice, as data. digits, smooth and
// cheapest search as on one die with atoms that each roll one die of the set
// (cheapest: products of atoms of different dice, e.g. a d30 from a d6 folded
// to 3 and a d10); optimal and fastest take the fewest expected rolls among
// the cheapest plan over the set, each die's Knuth–Yao plan and the
// Knuth–Yao loop over the set (recycle_set), the earlier on a tie, so the
// plan of folds and rerolls, whose steps are simpler to follow (over a set
// no optimum is proven; a d7 from {d8}: roll, reroll an 8). With one die
// the other strategies plan as on that die.
namespace detail {

constexpr void check_dice(const dice_faces& dice) {
    if (dice.size == 0) fail<std::invalid_argument>("rollplan: a set of dice needs at least one die");
    for (std::size_t i = 0; i < dice.size; ++i)
        if (dice.faces[i] < 2 || dice.faces[i] > two_to_64)
            fail<std::invalid_argument>("rollplan: a die needs 2 to 2^64 faces", "K", dice.faces[i]);
}

// The fewest expected rolls over the set: the cheapest plan over the set,
// each die's Knuth–Yao plan, the Knuth–Yao loop over the set, the earlier
// on a tie; and its cost.
constexpr priced_plan fewest_over(count_t n, const dice_faces& dice) {
    const blueprint cheapest = cheapest_blueprint(n, dice);
    priced_plan best{describe_blueprint(cheapest), cheapest.cost};
    for (std::size_t i = 0; i < dice.size; ++i) {
        const priced_plan p = optimal_on(n, dice.faces[i]);
        if (p.cost < best.cost * (1 - 1e-12)) best = p;  // a tie keeps the plan of folds and rerolls
    }
    if (n > 1) {
        const optional_plan over = recycle_over(n, dice);
        if (over.exists && over.value.cost < best.cost * (1 - 1e-12)) best = over.value;
    }
    return best;
}

}  // namespace detail

template <class Strategy = strategy::fastest>
constexpr plan_description make_plan(count_t n, const dice_faces& dice, Strategy s = {}) {
    detail::check_dice(dice);
    constexpr bool fewest = std::is_same_v<Strategy, strategy::optimal> || std::is_same_v<Strategy, strategy::fastest>;
    if (dice.size == 1 && !fewest) return make_plan(n, dice.faces[0], s);
    if (n < 1 || n > max_target) detail::fail<std::invalid_argument>("rollplan: N must be between 1 and 2^64 - 1", "N", n);
    if constexpr (fewest)
        return detail::fewest_over(n, dice).plan;
    else
        return detail::describe_blueprint(detail::make_blueprint(n, dice, s));
}

template <count_t N, class Die, class Strategy>
struct planned {
    static_assert(N >= 1, "rollplan: N must be at least 1 (a plan needs an outcome)");
    static_assert(N <= max_target, "rollplan: N must be at most 2^64 - 1");
    static_assert(is_die_v<Die> || is_dice_set_v<Die>,
                  "rollplan: plan_t<N, Die> needs a die, like rollplan::d6 or rollplan::die<5>, or a dice_set<...>");
    static_assert(is_strategy_v<Strategy>, "rollplan: unknown strategy; use one in rollplan::strategy");
    static constexpr plan_description value = make_plan(N, detail::planned_dice<Die>::value, Strategy{});
};

template <count_t N, class Die, class Strategy = strategy::fastest>
using plan_t = plan_type_t<planned<N, Die, Strategy>>;

// ---- loaded dice --------------------------------------------------------------

// Weights as data, for planning a loaded die (make_loaded_plan): at most
// max_loaded_outcomes of them.
struct weight_list {
    std::array<count_t, max_loaded_outcomes> values{};
    std::size_t size = 0;

    constexpr weight_list() = default;
    constexpr weight_list(std::initializer_list<count_t> weights) {
        for (count_t w : weights) add(w);
    }
    template <std::size_t N>
    constexpr explicit weight_list(const std::array<count_t, N>& weights) {
        for (count_t w : weights) add(w);
    }
    constexpr void add(count_t weight) {
        if (size == max_loaded_outcomes)
            detail::fail<std::invalid_argument>("rollplan: a loaded plan holds at most 200 weights (max_loaded_outcomes)");
        values[size++] = weight;
    }
    constexpr count_t total() const {
        count_t sum = 0;
        for (std::size_t i = 0; i < size; ++i) sum = detail::checked_add(sum, values[i], "rollplan: the weights add up to more than 2^64");
        return sum;
    }
};

namespace detail {

constexpr count_t checked_total(const weight_list& weights) {
    if (weights.size == 0) fail<std::invalid_argument>("rollplan: a loaded die needs at least one weight");
    const count_t total = weights.total();
    if (total == 0) fail<std::invalid_argument>("rollplan: a loaded die needs a positive weight (all of them are zero)");
    if (total > two_to_64) fail<std::invalid_argument>("rollplan: the weights add up to more than 2^64", "W", total);
    return total;
}

// Node `at` and its operands, copied from `from` in the order the plan types
// write them (description.hpp), so that the result is canonical.
constexpr void copy_tree(const plan_description& from, const plan_node& node, plan_description& to, std::uint16_t at) {
    to.nodes[at] = node;
    if (node.children == 0) return;
    const auto first = to.reserve(node.children);
    to.nodes[at].first_child = first;
    for (std::size_t i = 0; i < node.children; ++i)
        copy_tree(from, from.child(node, i), to, static_cast<std::uint16_t>(first + i));
}

// A loaded node over `operand` (a uniform plan on W for cut, a roll for
// knuth_yao) with the weights.
constexpr plan_description loaded_over(node_kind kind, const plan_description& operand, const weight_list& weights) {
    plan_description d;
    d.faces = operand.faces;
    d.reserve(1);
    const auto first = d.reserve(1 + weights.size);
    d.nodes[0] = {kind, weights.size, first, static_cast<std::uint16_t>(1 + weights.size)};
    for (std::size_t i = 0; i < weights.size; ++i) d.nodes[first + 1 + i] = {node_kind::weight, weights.values[i], 0, 0};
    copy_tree(operand, operand.root(), d, first);
    return d;
}

constexpr plan_description knuth_yao_on(const weight_list& weights, count_t faces) {
    plan_description roll;
    roll.faces = faces;
    roll.reserve(1);
    roll.nodes[0] = {node_kind::roll, faces, 0, 0};
    return loaded_over(node_kind::knuth_yao, roll, weights);
}
constexpr double knuth_yao_cost(const weight_list& weights, count_t total, count_t faces) {
    return knuth_yao_rolls_estimate(weights.size, total, faces, [&](std::size_t i) { return weights.values[i]; });
}

// The digits of a die that make exactly 2^64 (a power-of-two die), else none.
constexpr optional_plan digits_to_2_64(count_t faces) {
    const unsigned rolls = digits_needed(two_to_64, faces);
    if (power_or_zero(faces, rolls) != two_to_64) return {{plan_description{}, 0}, false};
    plan_description d;
    d.faces = faces;
    d.reserve(1);
    write_digits(d, 0, rolls, faces);
    return {{d, double(rolls)}, true};
}

}  // namespace detail

// The plan for outcome i with probability W_i / W (weights as data), from a
// die or a set of dice; usable at run time, bad weights throw
// std::invalid_argument. The plans searched:
//   - cut over the strategy's uniform plan on W (uniform, then cut);
//   - for strategy::optimal, and strategy::fastest on dice that are not
//     engine words: also the Knuth–Yao tree on each die (knuth_yao), the
//     fewest expected rolls of any exact sampler on that die; the tree is
//     taken when it needs fewer rolls than the cut (on a tie, the cut, whose
//     steps are simpler and which runs faster; costs compare in double, so
//     on an engine word, where both take 1 + O(2^-64) words, the cut);
//   - strategy::fastest on an engine word: the cut over scale<D, W>, one
//     multiplication and a search of the cumulative weights;
//   - one positive weight: the tree, which rolls nothing; W = 2^64: the cut
//     over the digits that make 2^64 on a power-of-two die, else the tree.
template <class Strategy = strategy::fastest>
constexpr plan_description make_loaded_plan(const weight_list& weights, const dice_faces& dice, Strategy s = {}) {
    detail::check_dice(dice);
    const count_t total = detail::checked_total(weights);
    if (detail::certain_outcome(weights.size, total, [&](std::size_t i) { return weights.values[i]; }) != weights.size)
        return detail::knuth_yao_on(weights, dice.faces[0]);
    if (total == two_to_64) {
        for (std::size_t i = 0; i < dice.size; ++i)
            if (const auto digits = detail::digits_to_2_64(dice.faces[i]); digits.exists)
                return detail::loaded_over(node_kind::cut, digits.value.plan, weights);
        return detail::knuth_yao_on(weights, dice.faces[0]);
    }
    constexpr bool fewest = std::is_same_v<Strategy, strategy::optimal> || std::is_same_v<Strategy, strategy::fastest>;
    const bool engine = std::is_same_v<Strategy, strategy::fastest> && dice.size == 1 && is_engine_word(dice.faces[0]);
    if (engine) return detail::loaded_over(node_kind::cut, make_plan(total, dice.faces[0], s), weights);
    if (!fewest) return detail::loaded_over(node_kind::cut, make_plan(total, dice, s), weights);
    const detail::priced_plan uniform = dice.size == 1 ? detail::optimal_on(total, dice.faces[0]) : detail::fewest_over(total, dice);
    std::size_t tree = dice.size;
    double tree_cost = uniform.cost * (1 - 1e-12);
    for (std::size_t i = 0; i < dice.size; ++i)
        if (const double cost = detail::knuth_yao_cost(weights, total, dice.faces[i]); cost < tree_cost) {
            tree = i;
            tree_cost = cost;
        }
    if (tree != dice.size) return detail::knuth_yao_on(weights, dice.faces[tree]);
    return detail::loaded_over(node_kind::cut, uniform.plan, weights);
}
template <class Strategy = strategy::fastest>
constexpr plan_description make_loaded_plan(const weight_list& weights, count_t faces, Strategy s = {}) {
    return make_loaded_plan(weights, dice_faces{faces}, s);
}

template <class Target, class Die, class Strategy>
struct loaded_planned {
    static_assert(is_loaded_v<Target>, "rollplan: loaded_plan_t<Target, Die> needs a target loaded<W...>, like loaded<3, 2, 1>");
    static_assert(is_die_v<Die> || is_dice_set_v<Die>,
                  "rollplan: loaded_plan_t<Target, Die> needs a die, like rollplan::d6 or rollplan::die<5>, or a dice_set<...>");
    static_assert(is_strategy_v<Strategy>, "rollplan: unknown strategy; use one in rollplan::strategy");
    static constexpr plan_description value =
        make_loaded_plan(weight_list(Target::weights), detail::planned_dice<Die>::value, Strategy{});
};

// The plan for the loaded die Target = loaded<W...> from Die (a die or a
// dice_set), as a nested type: cut<...> or knuth_yao<...>.
template <class Target, class Die, class Strategy = strategy::fastest>
using loaded_plan_t = plan_type_t<loaded_planned<Target, Die, Strategy>>;

}  // namespace rollplan
