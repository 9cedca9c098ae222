// rollplan/sample.hpp: running a plan, one overload per node.
//
// sample<P>(source) rolls the source as P says and returns a value in
// [0, P::outcomes): uniform for a uniform plan, outcome i with probability
// W_i / W for a loaded one (cut, knuth_yao). It is constexpr: with a constexpr source it runs in a
// constant expression, which is how verify.hpp checks it. Exceptions from the
// source propagate.
#pragma once

#include "detail/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "description.hpp"
#include "die.hpp"
#include "detail/integer.hpp"
#include "plan.hpp"
#include "detail/uniform_state.hpp"
#include "detail/weights.hpp"

namespace rollplan {

namespace detail {

// Values of a node fit in 64 bits unless its count passes 2^64.
template <count_t Count>
using value_for = std::conditional_t<(Count <= two_to_64), std::uint64_t, count_t>;

// A dice source is asked for the die by its faces.
template <class Die, class S>
constexpr auto run(std::type_identity<roll<Die>>, S& s) {
    if constexpr (dice_source<S>)
        return checked_digit<Die>(s(Die::faces));
    else
        return checked_digit<Die>(s());
}

// The source can roll every die the plan rolls: the plan's die is the
// source's, or the source holds a set with every die of the plan.
template <class PlanDice, class SourceDie>
inline constexpr bool source_rolls = std::is_void_v<PlanDice> || std::is_same_v<PlanDice, SourceDie>;
template <class PlanDie, class... D>
inline constexpr bool source_rolls<PlanDie, dice_set<D...>> = is_die_v<PlanDie> && dice_set<D...>::has(PlanDie::faces);
template <class... P, class... D>
inline constexpr bool source_rolls<dice_set<P...>, dice_set<D...>> = (dice_set<D...>::has(P::faces) && ...);
template <class... D>
inline constexpr bool source_rolls<void, dice_set<D...>> = true;

template <class... P, class S>
constexpr auto run(std::type_identity<mixed_radix<P...>>, S& s) {
    using value = value_for<mixed_radix<P...>::outcome_count>;
    value v = 0;
    // The comma fold runs left to right: the first operand is the most significant digit.
    ((v = static_cast<value>(v * static_cast<value>(P::outcome_count) +
                             static_cast<value>(run(std::type_identity<P>{}, s)))),
     ...);
    return v;
}

template <class P, count_t M, class S>
constexpr auto run(std::type_identity<fold<P, M>>, S& s) {
    return static_cast<value_for<M>>(run(std::type_identity<P>{}, s) % M);
}

template <class P, count_t M, class S>
constexpr auto run(std::type_identity<reject<P, M>>, S& s) {
    constexpr count_t accepted = P::outcome_count / M * M;
    for (;;) {
        const auto v = run(std::type_identity<P>{}, s);
        if (v < accepted) return static_cast<value_for<M>>(v % M);
    }
}

// The recycle loop after a rejection, with 128-bit arithmetic; out of line,
// so that the first attempt does not pay for its registers.
template <class P, count_t M, class S>
[[gnu::noinline]] constexpr count_t recycle_after_rejection(detail::uniform_state state, S& s) {
    return detail::knuth_yao_draw(state, detail::divisor_constant<static_cast<std::uint64_t>(M)>{}, M, P::outcome_count,
                          [&] { return static_cast<count_t>(run(std::type_identity<P>{}, s)); });
}

// The recycle loop's first attempt, with the constants it always starts from:
// `digits` values of P make a state uniform on the constant range |P|^digits
// (below 2^64 here), so the test and the remainder are by constants, which
// compilers turn into multiplications. Only a rejected value enters the
// general loop, with the state it leaves; so the values are those of the loop.
template <class P, count_t M, class S>
constexpr auto run(std::type_identity<recycle<P, M>>, S& s) {
    constexpr unsigned digits = digits_needed(M, P::outcome_count);
    constexpr count_t first_range = power_or_zero(P::outcome_count, digits);
    detail::uniform_state state;
    if constexpr (first_range != 0 && first_range <= two_to_64) {
        constexpr std::uint64_t m = static_cast<std::uint64_t>(M);
        constexpr std::uint64_t kept = static_cast<std::uint64_t>(first_range / M * M);
        // |P|^digits <= 2^64: with two digits or more |P| < 2^64, and one digit starts from 0
        constexpr std::uint64_t radix = static_cast<std::uint64_t>(P::outcome_count);
        std::uint64_t value = 0;
        for (unsigned i = 0; i < digits; ++i)
            value = value * radix + static_cast<std::uint64_t>(run(std::type_identity<P>{}, s));
        if (value < kept) return static_cast<value_for<M>>(value % m);
        state.value = value - kept;
        state.range = first_range - kept;
    }
    return static_cast<value_for<M>>(recycle_after_rejection<P, M>(state, s));
}

// recycle_set: the source (a dice source) rolls the die the rule picks.
template <class... D, count_t M, class S>
constexpr auto run(std::type_identity<recycle_set<dice_set<D...>, M>>, S& s) {
    static_assert(dice_source<S>, "rollplan: recycle_set rolls several dice; its source must be a dice source");
    constexpr count_t faces[] = {D::faces...};
    return static_cast<value_for<M>>(detail::recycle_over_dice(M, faces, sizeof...(D), [&](count_t k) {
        const auto v = s(k);
        if (count_t{v} >= k) fail<std::out_of_range>("rollplan: a source returned a value outside [0, K) for its die", "value", v, "K", k);
        return count_t{v};
    }));
}

// Lemire's multiply-shift (Lemire 2019), the run of scale<P, M>: value() is
// uniform on [0, Range); with value·m = h·Range + low, accept when
// low >= Range mod m (the constant low_bound) and return h.
template <class Product, Product Range, class Value>
constexpr Product multiply_shift(Value value, Product m, Product low_bound) {
    // low < Range and m < Range: when Range <= 2^64 both fit in 64 bits
    using low_type = std::conditional_t<(count_t{Range} <= two_to_64), std::uint64_t, Product>;
    for (;;) {
        const Product product = static_cast<Product>(value()) * m;
        if (static_cast<low_type>(product % Range) >= static_cast<low_type>(low_bound)) return product / Range;
    }
}

// scale<P, M> with L = |P|, M and L mod M constants. The product v·M needs
// 64 bits when L·M fits in them, else 128.
template <class P, count_t M, class S>
constexpr auto run(std::type_identity<scale<P, M>>, S& s) {
    constexpr count_t L = P::outcome_count;
    using product_type = std::conditional_t<(L <= two_to_64 / M), std::uint64_t, count_t>;
    // L < 2^64 when the product is 64 bits wide (M >= 2)
    constexpr product_type range = static_cast<product_type>(L), m = static_cast<product_type>(M);
    constexpr product_type low_bound = static_cast<product_type>(L % M);
    return static_cast<value_for<M>>(
        multiply_shift<product_type, range>([&] { return run(std::type_identity<P>{}, s); }, m, low_bound));
}

// The weights of a loaded node, and their running sums c_1, …, c_n.
template <count_t... W>
inline constexpr std::array<count_t, sizeof...(W)> weights_array{W...};
template <count_t... W>
inline constexpr std::array<count_t, sizeof...(W)> cumulative_weights = [] {
    std::array<count_t, sizeof...(W)> ends{W...};
    for (std::size_t i = 1; i < ends.size(); ++i) ends[i] += ends[i - 1];
    return ends;
}();

// The outcome of every value v < W of a cut, for a W small enough that one
// read of a table is cheaper than a search of the ends: outcome_at for each v.
inline constexpr count_t max_cut_table = 4096;
template <count_t... W>
inline constexpr auto cut_table = [] {
    constexpr auto total = static_cast<std::size_t>((W + ...));
    std::array<std::conditional_t<(sizeof...(W) <= 256), std::uint8_t, std::uint16_t>, total> table{};
    for (std::size_t v = 0; v < total; ++v)
        table[v] = static_cast<typename decltype(table)::value_type>(
            outcome_at(cumulative_weights<W...>.data(), sizeof...(W), count_t{v}));
    return table;
}();

// cut<P, W...>: the value of P, and the interval of the cumulative weights
// that holds it (outcome_at, detail/weights.hpp), read from cut_table when W is at
// most max_cut_table.
template <class P, count_t... W, class S>
constexpr auto run(std::type_identity<cut<P, W...>>, S& s) {
    const auto v = run(std::type_identity<P>{}, s);
    if constexpr ((W + ...) <= max_cut_table) {
        return static_cast<std::uint64_t>(cut_table<W...>[static_cast<std::size_t>(v)]);
    } else {
        constexpr const auto& ends = cumulative_weights<W...>;
        return static_cast<std::uint64_t>(outcome_at(ends.data(), ends.size(), count_t{v}));
    }
}

// knuth_yao<roll<D>, W...>: the walk down the tree (knuth_yao_walk, detail/weights.hpp).
template <class P, count_t... W, class S>
constexpr auto run(std::type_identity<knuth_yao<P, W...>>, S& s) {
    constexpr count_t total = (W + ...);
    return static_cast<std::uint64_t>(knuth_yao_walk(
        sizeof...(W), total, P::outcome_count, [](std::size_t i) { return weights_array<W...>[i]; },
        [&] { return count_t{run(std::type_identity<P>{}, s)}; }));
}

}  // namespace detail

// Draws one value of P from `source`: a rollplan source (urbg_source,
// from_faces, from_values) or a standard engine, whose die must be P's.
template <plan P, class Source>
constexpr std::uint64_t sample(Source&& source) {
    static_assert(die_source<Source> || dice_source<Source> || uniform_random_bit_generator<std::remove_cvref_t<Source>>,
                  "rollplan: sample<P>(source) needs a uniform random bit generator (like std::mt19937) "
                  "or a rollplan source (urbg_source, from_faces, from_values)");
    static_assert(P::outcome_count <= two_to_64, "rollplan: sample<P> needs a plan with at most 2^64 outcomes (values of 64 bits)");
    if constexpr (die_source<Source> || dice_source<Source> || uniform_random_bit_generator<std::remove_cvref_t<Source>>) {
        decltype(auto) s = as_source(std::forward<Source>(source));
        using source_die = typename std::remove_cvref_t<decltype(s)>::die_type;
        static_assert(detail::source_rolls<typename P::die_type, source_die>,
                      "rollplan: the plan rolls a die the source does not roll (a plan over several dice needs a "
                      "dice source holding them all: from_faces<dice_set<...>>)");
        if constexpr (detail::source_rolls<typename P::die_type, source_die>)
            return static_cast<std::uint64_t>(detail::run(std::type_identity<P>{}, s));
        else
            return 0;
    } else {
        return 0;
    }
}

namespace detail {

// A plan made at run time, run from its data: node by node the steps of run()
// above (the same comparisons, the same arithmetic, the same order of rolls),
// so that it returns what sample<P> returns on the same rolls; tests/sample.cpp
// checks that on every sequence of rolls, over a grid of plans. roll(K) rolls
// the node's die, K being the roll node's outcomes.
// roll(K), checked: a value in [0, K).
template <class Roll>
constexpr count_t rolled_by(Roll& roll, count_t faces) {
    const auto value = roll(faces);
    static_assert(std::is_unsigned_v<decltype(value)>, "rollplan: sample(plan, roll) needs roll(K) to return an unsigned integer");
    if (count_t{value} >= faces)
        fail<std::out_of_range>("rollplan: roll(K) returned a value outside [0, K)", "value", value, "K", faces);
    return count_t{value};
}

template <class Roll>
constexpr count_t run_data(const plan_description& d, const plan_node& node, Roll& roll) {
    switch (node.kind) {
        case node_kind::roll:
            return rolled_by(roll, node.outcomes);
        case node_kind::mixed_radix: {
            count_t v = 0;  // the first operand is the most significant digit
            for (std::size_t i = 0; i < node.children; ++i)
                v = v * d.child(node, i).outcomes + run_data(d, d.child(node, i), roll);
            return v;
        }
        case node_kind::fold:
            return run_data(d, d.child(node), roll) % node.outcomes;
        case node_kind::reject: {
            const count_t accepted = d.child(node).outcomes / node.outcomes * node.outcomes;
            for (;;)
                if (const count_t v = run_data(d, d.child(node), roll); v < accepted) return v % node.outcomes;
        }
        case node_kind::recycle: {
            detail::uniform_state state;
            return detail::knuth_yao_draw(state, detail::divisor_value{node.outcomes}, node.outcomes, d.child(node).outcomes,
                                  [&] { return run_data(d, d.child(node), roll); });
        }
        case node_kind::recycle_set: {
            std::array<count_t, max_dice_in_set> faces{};
            for (std::size_t i = 0; i < node.children; ++i) faces[i] = d.child(node, i).outcomes;
            return detail::recycle_over_dice(node.outcomes, faces.data(), node.children,
                                     [&](count_t k) { return rolled_by(roll, k); });
        }
        case node_kind::scale: {
            const count_t range = d.child(node).outcomes, low_bound = range % node.outcomes;
            for (;;) {
                const count_t product = run_data(d, d.child(node), roll) * node.outcomes;
                if (product % range >= low_bound) return product / range;
            }
        }
        case node_kind::cut: {
            std::array<count_t, max_loaded_outcomes> ends{};
            const std::size_t n = node.children - 1u;
            for (std::size_t i = 0; i < n; ++i) ends[i] = (i == 0 ? 0 : ends[i - 1]) + d.child(node, 1 + i).outcomes;
            return outcome_at(ends.data(), n, run_data(d, d.child(node), roll));
        }
        case node_kind::knuth_yao: {
            const std::size_t n = node.children - 1u;
            count_t total = 0;
            for (std::size_t i = 0; i < n; ++i) total += d.child(node, 1 + i).outcomes;
            return knuth_yao_walk(
                n, total, d.child(node).outcomes, [&](std::size_t i) { return d.child(node, 1 + i).outcomes; },
                [&] { return run_data(d, d.child(node), roll); });
        }
        case node_kind::weight:
            break;
    }
    fail<std::logic_error>("rollplan: unknown plan node");
}

}  // namespace detail

// Draws one value of a plan given as data (make_plan, description_v): the
// same value sample<P> draws on the same rolls. roll(K) returns a roll of a
// K-faced die in [0, K) as an unsigned integer; the plan says which K.
template <class Roll>
constexpr std::uint64_t sample(const plan_description& d, Roll&& roll) {
    if (d.outcomes() > max_target)
        detail::fail<std::invalid_argument>("rollplan: sample(plan, roll) needs a plan with fewer than 2^64 outcomes", "N", d.outcomes());
    return static_cast<std::uint64_t>(detail::run_data(d, d.root(), roll));
}

namespace detail {

// scale<D, n> for a run-time n, 2 <= n < L = |D| <= 2^64, by Lemire's nearly
// divisionless method: with v·n = h·L + low, a low part at least n is above
// L mod n and accepts at once; only a low part below n asks low_bound() for
// L mod n (range_mod: L − n when n > L/2, else the one division). The same
// values as scale<D, n>. Always inlined, with no call on any path: a loop of
// draws keeps the engine's state in registers, as with std's distribution.
template <count_t L, class Digits, class LowBound>
[[gnu::always_inline]] constexpr std::uint64_t scale_below(Digits digits, std::uint64_t n, LowBound low_bound) {
    // v < L and n < L: v·n fits in 64 bits when L <= 2^32
    using product_type = std::conditional_t<(L <= (count_t{1} << 32)), std::uint64_t, count_t>;
    product_type product = static_cast<product_type>(digits()) * n;
    if (static_cast<std::uint64_t>(product % L) < n) [[unlikely]] {
        const std::uint64_t bound = low_bound();
        while (static_cast<std::uint64_t>(product % L) < bound) product = static_cast<product_type>(digits()) * n;
    }
    return static_cast<std::uint64_t>(product / L);
}
template <count_t L, class Digits>
[[gnu::always_inline]] constexpr std::uint64_t scale_below(Digits digits, std::uint64_t n) {
    return scale_below<L>(digits, n, [n] { return range_mod<L>(n); });
}

// A source as the out-of-line parts of a draw take it: a standard engine's
// view (urbg_source, a pointer) by value, so that it passes in a register;
// any other source by reference.
template <class S>
inline constexpr bool is_engine_view = false;
template <class G>
inline constexpr bool is_engine_view<urbg_source<G>> = true;
template <class S>
using source_handle = std::conditional_t<is_engine_view<std::remove_cvref_t<S>>, std::remove_cvref_t<S>, S&>;

// The digits of a source, checked as they enter the draw.
template <class Handle>
struct digits_of {
    Handle source;
    constexpr std::uint64_t operator()() {
        return checked_digit<typename std::remove_cvref_t<Handle>::die_type>(source());
    }
};

// uniform_count for the counts above 1 that the cases below leave: K on an
// engine word, beyond K on a word between 2^32 and 2^64, every count on other
// dice. Out of line: on an engine word these are rare.
template <class Handle>
[[gnu::noinline]] constexpr std::uint64_t uniform_count_otherwise(Handle s, std::uint64_t count) {
    using source_die = typename std::remove_cvref_t<Handle>::die_type;
    constexpr count_t K = source_die::faces;
    digits_of<Handle> roll{s};
    if constexpr (is_engine_word(K) && K <= (count_t{1} << 32)) {
        return roll();  // count = K: every other count of a 32-bit word is drawn in uniform_count
    } else {
        if constexpr (is_engine_word(K))
            if (count_t{count} == K) return roll();
        detail::uniform_state state;
        return static_cast<std::uint64_t>(detail::knuth_yao_draw(state, detail::divisor_value{count}, count, K, [&] { return count_t{roll()}; }));
    }
}

// One value uniform on [0, count), the plan plan_t<count, D> (strategy::fastest)
// run with count as data; count = 0 stands for 2^64 values, drawn by
// whole_range(source) (the distribution's full_range_plan_t<D>; uniform_below
// refuses n = 0 there), and count = 1 rolls nothing. The common case,
// 2 <= count < K on an engine word, is told from the rest by one comparison:
// count − 2 < K − 2 in 64 bits (count = 0 and 1 wrap past K − 2).
template <class Source, class WholeRange>
[[gnu::always_inline]] constexpr std::uint64_t uniform_count(Source&& source, std::uint64_t count, WholeRange whole_range) {
    decltype(auto) s = as_source(std::forward<Source>(source));
    using handle = source_handle<decltype(s)>;
    using source_die = typename std::remove_cvref_t<decltype(s)>::die_type;
    constexpr count_t K = source_die::faces;
    if constexpr (is_engine_word(K)) {
        if (count - 2 < static_cast<std::uint64_t>(K - 2)) [[likely]]
            return scale_below<K>(digits_of<handle>{s}, count);
    }
    if (count == 1) {
        if constexpr (is_engine_view<std::remove_cvref_t<decltype(s)>>)
            return s.no_roll();  // 0, written so that the compiler sees the engine written on every path
        else
            return 0;
    }
    if (count == 0) return whole_range(s);
    if constexpr (K == two_to_64) {
        return 0;  // unreached: on a 64-bit word every count above 1 is the common case
    } else {
        if constexpr (is_engine_word(K) && K <= (count_t{1} << 32)) {
            // above K on a 32-bit word: two rolls, the first the most significant digit
            if (count_t{count} > K) {
                digits_of<handle> roll{s};
                return scale_below<K * K>([&] { const std::uint64_t high = roll(); return high * static_cast<std::uint64_t>(K) + roll(); }, count);
            }
        }
        return uniform_count_otherwise<handle>(s, count);
    }
}

// Many draws of uniform_count with one count: loop(draw) calls draw() once
// per value, each giving what uniform_count(source, count, whole_range) would;
// the count is tested once for the whole loop instead of once per draw.
template <class Source, class WholeRange, class Loop>
[[gnu::always_inline]] constexpr void for_uniform_count(Source&& source, std::uint64_t count, WholeRange whole_range,
                                                        Loop loop) {
    decltype(auto) s = as_source(std::forward<Source>(source));
    using handle = source_handle<decltype(s)>;
    using source_die = typename std::remove_cvref_t<decltype(s)>::die_type;
    constexpr count_t K = source_die::faces;
    if constexpr (is_engine_word(K)) {
        if (count - 2 < static_cast<std::uint64_t>(K - 2)) {
            loop([&] { return scale_below<K>(digits_of<handle>{s}, count); });
            return;
        }
    }
    loop([&] { return uniform_count(s, count, whole_range); });
}

// One value uniform on [0, n) for an n known only at run time: the plan
// plan_t<n, D> (strategy::fastest) run with n as data, so it gives the same
// value as sample<plan_t<n, D>> on the same rolls. On an engine word that is
// scale<D, n> (scale_below); on other dice the Knuth–Yao loop. A function
// object, as the std::ranges algorithms are: found by ordinary lookup, it
// turns off argument-dependent lookup.
struct uniform_below_fn {
    template <class Source>
    [[gnu::always_inline]] constexpr std::uint64_t operator()(Source&& source, std::uint64_t n) const {
        static_assert(!dice_source<Source>,
                      "rollplan: uniform_below(source, n) rolls one die; a source of several dice serves plans over "
                      "a dice_set (sample<P>, or sample(make_plan(n, dice_faces{...}), roll))");
        static_assert(die_source<Source> || dice_source<Source> || uniform_random_bit_generator<std::remove_cvref_t<Source>>,
                      "rollplan: uniform_below(source, n) needs a uniform random bit generator (like std::mt19937) "
                      "or a rollplan source (urbg_source, from_faces, from_values)");
        if constexpr (dice_source<Source> ||
                      !(die_source<Source> || uniform_random_bit_generator<std::remove_cvref_t<Source>>))
            return 0;
        else
            return uniform_count(std::forward<Source>(source), n, [n](auto&) -> std::uint64_t {
                fail<std::invalid_argument>("rollplan: uniform_below(source, n) needs n >= 1", "n", n);
            });
    }
};

}  // namespace detail

inline constexpr detail::uniform_below_fn uniform_below{};

}  // namespace rollplan
