// rollplan/plan.hpp: the vocabulary of roll plans.
//
// Plan nodes are empty class templates, like CTRE's regex nodes: they carry
// their outcome count and their die, and each states the invariant that makes
// it uniform when its operands are uniform and independent. Running
// (sample.hpp), analysing (analysis.hpp) and describing (describe.hpp) each
// dispatch on these types. Every plan P has:
//   P::die_type       the die it rolls (void for mixed_radix<>, which rolls
//                     nothing; a dice_set<...> when its digits roll different dice)
//   P::outcome_count  its number of outcomes, as count_t (inner nodes may pass 2^64)
//   P::outcomes       the same as std::uint64_t, where it fits (always for a planned N)
// The node set is open: a new node is a new template here plus one overload in
// each of the headers that dispatch on nodes.
//
// Loaded dice: a target loaded<W...> asks for outcome i (from 0) with
// probability W_i / W, W = ΣW_i. Its plans end in a loaded node (cut,
// knuth_yao), whose outcomes are the weights' indices; a loaded node is a
// whole plan, never the operand of another node (the nodes above take
// uniform operands).
#pragma once

#include "detail/config.hpp"

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <type_traits>

#include "die.hpp"
#include "detail/integer.hpp"

namespace rollplan {

namespace detail {

template <count_t C, bool Fits = (C <= max_target)>
struct outcomes_member {
    static constexpr count_t outcome_count = C;
    static constexpr std::uint64_t outcomes = static_cast<std::uint64_t>(C);
};
template <count_t C>
struct outcomes_member<C, false> {
    static constexpr count_t outcome_count = C;
};

template <class... Counts>
constexpr count_t product_of(Counts... counts) {
    count_t product = 1;
    ((product = checked_mul(product, counts,
                            "rollplan: mixed_radix<...> would have 2^128 outcomes or more")),
     ...);
    return product;
}

// The dice a plan's die_type names, as a list: none, one, or a set's.
template <class D>
struct dice_list {
    using type = boost::mp11::mp_list<D>;
};
template <>
struct dice_list<void> {
    using type = boost::mp11::mp_list<>;
};
template <class... D>
struct dice_list<dice_set<D...>> {
    using type = boost::mp11::mp_list<D...>;
};

// The dice a list of plans rolls, each once, in the order they first appear.
template <class... P>
using dice_of = boost::mp11::mp_unique<boost::mp11::mp_append<boost::mp11::mp_list<>, typename dice_list<typename P::die_type>::type...>>;

// die_type for those dice: void for none, the die for one, else their dice_set.
template <class L>
struct die_type_of {
    using type = boost::mp11::mp_rename<L, dice_set>;
};
template <>
struct die_type_of<boost::mp11::mp_list<>> {
    using type = void;
};
template <class D>
struct die_type_of<boost::mp11::mp_list<D>> {
    using type = D;
};

}  // namespace detail

template <class P>
inline constexpr bool is_plan_v = false;
// A plan whose outcomes follow weights: cut and knuth_yao.
template <class P>
inline constexpr bool is_loaded_plan_v = false;
// A plan that may be the operand of a node: a plan, not a loaded one.
template <class P>
inline constexpr bool is_operand_v = is_plan_v<P> && !is_loaded_plan_v<P>;

// Invariant: a fair die is uniform on [0, K).
template <class Die>
struct roll : detail::outcomes_member<Die::faces> {
    static_assert(is_die_v<Die>, "rollplan: roll<D> needs a die, like rollplan::d6 or rollplan::die<5>");
    using die_type = Die;
};

// Invariant: (v1, …, vn) ↦ v1·|P2|…|Pn| + … + vn is a bijection from the
// product of the operands' ranges onto [0, ∏|Pi|); independent uniform digits
// give a uniform number, whatever dice each digit rolls. The first operand is
// the most significant digit. mixed_radix<> has one outcome and rolls nothing.
template <class... P>
struct mixed_radix : detail::outcomes_member<detail::product_of(P::outcome_count...)> {
    static_assert((is_operand_v<P> && ...), "rollplan: every operand of mixed_radix<...> must be a plan, not a loaded one");
    static_assert(boost::mp11::mp_size<detail::dice_of<P...>>::value <= max_dice_in_set,
                  "rollplan: the operands of mixed_radix<...> roll more than 8 kinds of dice");
    using die_type = typename detail::die_type_of<detail::dice_of<P...>>::type;
};

// Invariant: M divides |P|, so each residue mod M has exactly |P|/M preimages.
template <class P, count_t M>
struct fold : detail::outcomes_member<M> {
    static_assert(is_operand_v<P>, "rollplan: the operand of fold<P, M> must be a plan, not a loaded one");
    static_assert(M >= 1 && P::outcome_count % M == 0,
                  "rollplan: fold<P, M> needs M to divide the outcomes of P (use reject<P, M> otherwise)");
    static_assert(M != P::outcome_count,
                  "rollplan: fold<P, M> with M equal to the outcomes of P is P itself; write P");
    using die_type = typename P::die_type;
};

// Invariant: with q = ⌊|P|/M⌋, a value of P is accepted when it is below q·M;
// each residue mod M has exactly q accepted preimages, and attempts are
// independent, so the accepted value mod M is uniform. Repeats P until then.
template <class P, count_t M>
struct reject : detail::outcomes_member<M> {
    static_assert(is_operand_v<P>, "rollplan: the operand of reject<P, M> must be a plan, not a loaded one");
    static_assert(M >= 1 && M <= P::outcome_count,
                  "rollplan: reject<P, M> needs 1 <= M <= the outcomes of P");
    static_assert(P::outcome_count % M != 0,
                  "rollplan: reject<P, M> never rejects when M divides the outcomes of P; write fold<P, M>");
    using die_type = typename P::die_type;
};

// Invariant: the state x is uniform on [0, m), m = 1 at the start. While
// m < M, a value of P becomes the lowest digit (x·|P| + v is uniform on
// [0, m·|P|)). With q = ⌊m/M⌋, x < q·M is accepted and x mod M is uniform;
// otherwise x − q·M is uniform on [0, m − q·M) and stays as the leading digit
// of the next attempt instead of being thrown away. recycle<roll<D>, N> is
// the Knuth–Yao optimal sampler (Lumbroso's Fast Dice Roller, for any die):
// after k rolls exactly K^k mod N sequences are unresolved.
template <class P, count_t M>
struct recycle : detail::outcomes_member<M> {
    static_assert(is_operand_v<P>, "rollplan: the operand of recycle<P, M> must be a plan, not a loaded one");
    static_assert(M >= 2 && P::outcome_count >= 2, "rollplan: recycle<P, M> needs M >= 2 and P with 2 outcomes or more");
    static_assert(M <= max_target && P::outcome_count <= two_to_64,
                  "rollplan: recycle<P, M> needs M < 2^64 and P with at most 2^64 outcomes");
    static_assert(detail::power_or_zero(P::outcome_count, detail::digits_needed(M, P::outcome_count)) % M != 0,
                  "rollplan: recycle<P, M> never rejects when M divides the first power of |P| that reaches it; "
                  "write fold<P, M> or a mixed_radix of P");
    using die_type = typename P::die_type;
};

// Lemire's multiply-shift map (Lemire 2019, "Fast random integer generation
// in an interval"), for any |P| = L: v·M = h·L + l with h = ⌊v·M/L⌋ and
// l = v·M mod L; v is accepted when l >= t = L mod M, and the value is h.
// Invariant: with q = ⌊L/M⌋, each h in [0, M) has exactly q accepted
// preimages — they are the v in [⌈(h·L + t)/M⌉, ⌈(h+1)·L/M⌉), and writing
// L = q·M + t both ends are h·q + ⌈(h+1)·t/M⌉ plus 0 and q — so an accepted
// value is uniform, with the acceptance q·M/L of reject<P, M>. It reads the
// high digits of v (for L = 2^64 the division by L is a shift), and needs no
// division when t is a constant.
template <class P, count_t M>
struct scale : detail::outcomes_member<M> {
    static_assert(is_operand_v<P>, "rollplan: the operand of scale<P, M> must be a plan, not a loaded one");
    static_assert(M >= 2 && M < P::outcome_count, "rollplan: scale<P, M> needs 2 <= M < the outcomes of P");
    static_assert(P::outcome_count <= two_to_64,
                  "rollplan: scale<P, M> needs P with at most 2^64 outcomes (v·M must fit in 128 bits)");
    using die_type = typename P::die_type;
};

// Invariant: recycle's, with the digit of each step rolled on a die of the
// set chosen from the state's range alone (die_for_range,
// detail/uniform_state.hpp): x·K + v is uniform on [0, r·K) whatever K is, as v is
// uniform on [0, K) and independent of x, so every attempt starts uniform on
// its range and an accepted x mod M is uniform.
template <class Dice, count_t M>
struct recycle_set {
    static_assert(is_dice_set_v<Dice>, "rollplan: recycle_set<Dice, M> needs a dice_set<...>");
};
template <class... D, count_t M>
struct recycle_set<dice_set<D...>, M> : detail::outcomes_member<M> {
    static_assert(sizeof...(D) >= 2, "rollplan: recycle_set<Dice, M> needs two dice or more; with one, recycle<roll<D>, M>");
    static_assert(M >= 2 && M <= max_target, "rollplan: recycle_set<Dice, M> needs 2 <= M < 2^64");
    using die_type = dice_set<D...>;
};

template <class Die>
inline constexpr bool is_plan_v<roll<Die>> = true;
template <class... D, count_t M>
inline constexpr bool is_plan_v<recycle_set<dice_set<D...>, M>> = true;
template <class... P>
inline constexpr bool is_plan_v<mixed_radix<P...>> = true;
template <class P, count_t M>
inline constexpr bool is_plan_v<fold<P, M>> = true;
template <class P, count_t M>
inline constexpr bool is_plan_v<reject<P, M>> = true;
template <class P, count_t M>
inline constexpr bool is_plan_v<recycle<P, M>> = true;
template <class P, count_t M>
inline constexpr bool is_plan_v<scale<P, M>> = true;

// ---- loaded dice ------------------------------------------------------------

namespace detail {
template <class P>
inline constexpr bool is_roll_v = false;
template <class Die>
inline constexpr bool is_roll_v<roll<Die>> = true;

// Over lists, not fold expressions: Clang nests a fold of n operands n deep
// and stops at 256.
constexpr count_t total_weight(std::initializer_list<count_t> weights) {
    count_t total = 0;
    for (count_t w : weights) total += w <= two_to_64 ? w : two_to_64 + 1;  // past 2^64 is past 2^64
    return total;
}
template <class... Weights>
constexpr count_t total_weight(Weights... weights) {
    return total_weight({static_cast<count_t>(weights)...});
}
constexpr bool all_of(std::initializer_list<bool> checks) {
    for (bool b : checks)
        if (!b) return false;
    return true;
}
template <class V>
constexpr bool non_negative(V v) {
    if constexpr (std::is_integral_v<V>)
        return !(v < V{0});
    else
        return true;
}
}  // namespace detail

// The most weights a loaded plan type or description holds (a description
// keeps each weight in one of its max_plan_nodes nodes).
inline constexpr std::size_t max_loaded_outcomes = 200;

// A target: outcome i with probability W_i / W, W = ΣW_i. Weights are
// integers, zeros allowed (an outcome that never comes), at least one
// positive, W at most 2^64.
template <auto... W>
struct loaded {
    static_assert(sizeof...(W) >= 1, "rollplan: loaded<W...> needs at least one weight");
    static_assert(sizeof...(W) <= max_loaded_outcomes, "rollplan: loaded<W...> has more than 200 weights");
    static_assert(detail::all_of({std::is_integral_v<decltype(W)>...}), "rollplan: the weights of loaded<W...> must be integers");
    static_assert(detail::all_of({detail::non_negative(W)...}), "rollplan: a weight of loaded<W...> is negative");
    static constexpr std::size_t size = sizeof...(W);
    static constexpr count_t total = detail::total_weight(W...);
    static_assert(total >= 1, "rollplan: loaded<W...> needs a positive weight (all of them are zero)");
    static_assert(total <= two_to_64, "rollplan: the weights of loaded<W...> add up to more than 2^64");
    static constexpr std::array<count_t, sizeof...(W)> weights{static_cast<count_t>(W)...};
};

template <class T>
inline constexpr bool is_loaded_v = false;
template <auto... W>
inline constexpr bool is_loaded_v<loaded<W...>> = true;

// Uniform, then cut: P is uniform on W = ΣW_i values, and a value v is the
// outcome i with c_i <= v < c_i + W_i, c_i = W_0 + … + W_{i−1}.
// Invariant: outcome i has exactly W_i of the W values as preimages, so its
// probability is W_i / W; and at each number of rolls that P finishes with,
// the outcomes keep these proportions.
template <class P, count_t... W>
struct cut : detail::outcomes_member<sizeof...(W)> {
    static_assert(is_operand_v<P>, "rollplan: the operand of cut<P, W...> must be a plan, not a loaded one");
    static_assert(sizeof...(W) >= 1 && sizeof...(W) <= max_loaded_outcomes, "rollplan: cut<P, W...> needs 1 to 200 weights");
    static_assert(P::outcome_count == detail::total_weight(W...),
                  "rollplan: cut<P, W...> needs P with as many outcomes as its weights add up to");
    using die_type = typename P::die_type;
};

// The Knuth–Yao tree (Knuth & Yao 1976; in base K, its "DDG tree"): with
// P = roll<D> of K faces, the k-th K-ary digit of W_i / W,
//   a_{i,k} = ⌊K^k·W_i / W⌋ − K·⌊K^(k−1)·W_i / W⌋,
// is the number of leaves of outcome i at depth k. The walk keeps X, the
// index of the node it stands at among the U_k inner nodes of depth k
// (U_0 = 1): a roll makes X·K + v one of the K·U_k nodes of depth k + 1, the
// first a_{0,k+1} of them leaves of outcome 0, the next a_{1,k+1} of outcome
// 1, and so on; the rest are the U_{k+1} inner nodes.
// Invariant: each sequence of k rolls is one node of depth k, so outcome i
// comes at depth k with probability a_{i,k} / K^k, and Σ_k a_{i,k} / K^k is
// the K-ary expansion of W_i / W. After k rolls U_k = Σ_i (K^k·W_i mod W) / W
// sequences are unfinished, the fewest any exact sampler leaves (Knuth–Yao:
// expected rolls below H/log2 K + 2).
template <class P, count_t... W>
struct knuth_yao : detail::outcomes_member<sizeof...(W)> {
    static_assert(detail::is_roll_v<P>, "rollplan: the operand of knuth_yao<P, W...> is roll<D>: the tree rolls one die");
    static_assert(sizeof...(W) >= 1 && sizeof...(W) <= max_loaded_outcomes,
                  "rollplan: knuth_yao<P, W...> needs 1 to 200 weights");
    static_assert(detail::total_weight(W...) >= 1 && detail::total_weight(W...) <= two_to_64,
                  "rollplan: knuth_yao<P, W...> needs weights with a sum from 1 to 2^64");
    using die_type = typename P::die_type;
};

template <class P, count_t... W>
inline constexpr bool is_plan_v<cut<P, W...>> = true;
template <class P, count_t... W>
inline constexpr bool is_plan_v<knuth_yao<P, W...>> = true;
template <class P, count_t... W>
inline constexpr bool is_loaded_plan_v<cut<P, W...>> = true;
template <class P, count_t... W>
inline constexpr bool is_loaded_plan_v<knuth_yao<P, W...>> = true;

template <class P>
concept plan = is_plan_v<P>;

}  // namespace rollplan
