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
#pragma once

#include "config.hpp"

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>
#include <cstdint>

#include "die.hpp"
#include "integer.hpp"

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
    static_assert((is_plan_v<P> && ...), "rollplan: every operand of mixed_radix<...> must be a plan");
    static_assert(boost::mp11::mp_size<detail::dice_of<P...>>::value <= max_dice_in_set,
                  "rollplan: the operands of mixed_radix<...> roll more than 8 kinds of dice");
    using die_type = typename detail::die_type_of<detail::dice_of<P...>>::type;
};

// Invariant: M divides |P|, so each residue mod M has exactly |P|/M preimages.
template <class P, count_t M>
struct fold : detail::outcomes_member<M> {
    static_assert(is_plan_v<P>, "rollplan: the operand of fold<P, M> must be a plan");
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
    static_assert(is_plan_v<P>, "rollplan: the operand of reject<P, M> must be a plan");
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
    static_assert(is_plan_v<P>, "rollplan: the operand of recycle<P, M> must be a plan");
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
    static_assert(is_plan_v<P>, "rollplan: the operand of scale<P, M> must be a plan");
    static_assert(M >= 2 && M < P::outcome_count, "rollplan: scale<P, M> needs 2 <= M < the outcomes of P");
    static_assert(P::outcome_count <= two_to_64,
                  "rollplan: scale<P, M> needs P with at most 2^64 outcomes (v·M must fit in 128 bits)");
    using die_type = typename P::die_type;
};

// Invariant: recycle's, with the digit of each step rolled on a die of the
// set chosen from the state's range alone (die_for_range,
// uniform_state.hpp): x·K + v is uniform on [0, r·K) whatever K is, as v is
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

template <class P>
concept plan = is_plan_v<P>;

}  // namespace rollplan
