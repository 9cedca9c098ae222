// rollplan/die.hpp: fair dice, and the sources that roll them.
//
// A source is anything that rolls one die<K>: it names `die_type` and its call
// returns a value in [0, K). Standard engines become sources through
// urbg_source; callables (a real die, a rand5()) through from_faces and
// from_values.
#pragma once

#include "detail/config.hpp"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "detail/integer.hpp"

namespace rollplan {

// A fair die with K faces: one roll is uniform on [0, K). The face count is a
// count_t, so die<6> and die<6ull> are one type and die<two_to_64> is a 64-bit engine.
template <count_t K>
struct die {
    static_assert(K >= 2, "rollplan: a die needs at least 2 faces");
    static_assert(K <= two_to_64, "rollplan: a die has at most 2^64 faces");
    static constexpr count_t faces = K;
};

using coin = die<2>;
using d4 = die<4>;
using d6 = die<6>;
using d8 = die<8>;
using d10 = die<10>;
using d12 = die<12>;
using d20 = die<20>;

// An engine word: K a power of two from 2^32 to 2^64, the die of a 32- or
// 64-bit engine (mt19937, pcg32, mt19937_64, splitmix64). Its rolls are cheap,
// so the default strategy spends arithmetic, not rolls, on it (planner.hpp).
constexpr bool is_engine_word(count_t faces) {
    return faces >= (count_t{1} << 32) && faces <= two_to_64 && (faces & (faces - 1)) == 0;
}

template <class T>
inline constexpr bool is_die_v = false;
template <count_t K>
inline constexpr bool is_die_v<die<K>> = true;

// The dice a person holds, e.g. dice_set<d4, d6, d8, d10, d12, d20>: a plan
// over a set may roll any of them, each roll of one chosen die (planner.hpp).
// The order is the order written; a die appears once.
inline constexpr std::size_t max_dice_in_set = 8;
template <class... D>
struct dice_set {
    static_assert(sizeof...(D) >= 1, "rollplan: a dice_set needs at least one die");
    static_assert(sizeof...(D) <= max_dice_in_set, "rollplan: a dice_set has at most 8 dice");
    static_assert((is_die_v<D> && ...), "rollplan: every member of dice_set<...> must be a die, like rollplan::d6");
    static constexpr bool has(count_t k) { return ((D::faces == k) || ...); }
};

template <class T>
inline constexpr bool is_dice_set_v = false;
template <class... D>
inline constexpr bool is_dice_set_v<dice_set<D...>> = true;

// A uniform random bit generator as [rand.req.urng] defines it, the same
// requirements as std::uniform_random_bit_generator, written here so that
// rollplan does not include <random> (an engine passed in comes with its
// user's #include <random>).
template <class G>
concept uniform_random_bit_generator =
    std::invocable<G&> && std::unsigned_integral<std::invoke_result_t<G&>> && requires {
        { G::min() } -> std::same_as<std::invoke_result_t<G&>>;
        { G::max() } -> std::same_as<std::invoke_result_t<G&>>;
        requires std::bool_constant<(G::min() < G::max())>::value;
    };

// The number of values a standard engine produces, as a face count.
template <uniform_random_bit_generator G>
inline constexpr count_t urbg_faces =
    count_t{G::max()} - count_t{G::min()} + 1;

template <class S>
concept die_source = requires(S& s) {
    typename std::remove_cvref_t<S>::die_type;
    { s() } -> std::unsigned_integral;
};

// A source that rolls any die of a set: its die_type is a dice_set, and s(K)
// rolls the die with K faces, returning a value in [0, K).
template <class S>
concept dice_source = requires(S& s) {
    typename std::remove_cvref_t<S>::die_type;
    requires is_dice_set_v<typename std::remove_cvref_t<S>::die_type>;
    { s(count_t{2}) } -> std::unsigned_integral;
};

namespace detail {

// A Mersenne Twister with w = 32 returns 32-bit values by the standard, in a
// result_type that may be wider (std::mt19937's uint_fast32_t is 64 bits on
// Linux): its digits are returned as 32-bit numbers, which no check can find
// outside a die of 2^32 faces, so that none is paid for on every roll. It is
// recognised by the parameters [rand.eng.mt] names (word_size is w), so that
// <random> need not be included here.
template <class G>
inline constexpr bool standard_32_bit_words = false;
template <class G>
    requires requires {
        G::word_size; G::state_size; G::shift_size; G::mask_bits; G::xor_mask;
        G::tempering_u; G::tempering_d; G::tempering_s; G::tempering_b;
        G::tempering_t; G::tempering_c; G::tempering_l; G::initialization_multiplier;
    }
inline constexpr bool standard_32_bit_words<G> = G::word_size == 32 && G::min() == 0 && G::max() == 0xffffffffu;

// Zero, read where no optimiser can see it (urbg_source::no_roll); an
// unsigned char, so that it converts without a warning to whatever integer
// type an engine's discard takes.
inline volatile unsigned char unknown_zero = 0;

}  // namespace detail

// A standard engine seen as a die: g() − G::min() is uniform on [0, K).
template <uniform_random_bit_generator G>
class urbg_source {
public:
    using die_type = die<urbg_faces<G>>;
    constexpr explicit urbg_source(G& engine) : engine_(&engine) {}
    constexpr auto operator()() {
        if constexpr (detail::standard_32_bit_words<G>)
            return static_cast<std::uint32_t>((*engine_)() - G::min());
        else
            return static_cast<std::uint64_t>((*engine_)() - G::min());
    }

    // The value of a draw that reads no word (a count of 1): 0, the engine
    // unchanged. At run time an engine of at most 16 bytes is still written
    // to, by discard(0) where it has one, so that every path of a draw writes
    // it: a compiler may then keep the state in registers through a loop of
    // draws and store it once after the loop (with one path that does not
    // write, GCC 12 keeps a flag and stores only if a draw wrote, as it may
    // not add a store). So such a draw writes the engine, as every other draw
    // does (two threads must not share an engine for it either). The 0 is
    // read from a volatile, so that it is not a constant the compiler adds the
    // lower bound to on this path alone: the paths join before the add.
    constexpr std::uint64_t no_roll() {
        if constexpr (std::is_trivially_copyable_v<G> && sizeof(G) <= 16 && requires { engine_->discard(0u); }) {
            if (!std::is_constant_evaluated()) {
                const unsigned char zero = detail::unknown_zero;
                engine_->discard(zero);
                return zero;
            }
        }
        return 0;
    }

private:
    G* engine_;
};

namespace detail {

// A roll as it enters a plan: a value in [0, K) of the source's die. Any other
// value is the source's error and raised here, where it comes in, so that no
// plan can loop on a value it does not expect.
template <class Die, class Value>
constexpr std::uint64_t checked_digit(Value value) {
    if constexpr (Die::faces < two_to_64 || sizeof(Value) > sizeof(std::uint64_t)) {
        if (static_cast<count_t>(value) >= Die::faces)
            fail<std::out_of_range>("rollplan: a source returned a value outside [0, K) for its die", "value", value,
                                    "K", Die::faces);
    }
    return static_cast<std::uint64_t>(value);
}

// A face read from a callable as a digit: face − lowest, when the face is one
// of the K faces lowest … lowest+K−1 (lowest is 0 or 1, from_values and
// from_faces, so face − lowest is exact once face ≥ lowest); otherwise the
// caller's source is wrong, reported by std::out_of_range naming the face.
template <class Face>
constexpr std::uint64_t digit_of_face(Face face, std::int64_t lowest, count_t faces) {
    if (std::cmp_less(face, lowest) || static_cast<count_t>(face) - static_cast<count_t>(lowest) >= faces)
        fail<std::out_of_range>("rollplan: a callable source returned a face outside its die", "face", face,
                                "lowest face", lowest, "K", faces);
    return static_cast<std::uint64_t>(static_cast<count_t>(face) - static_cast<count_t>(lowest));
}

}  // namespace detail

// A callable that returns faces lowest, lowest+1, …, lowest+K−1 of a Die. A
// face outside that range is an error in the caller's source, reported by
// std::out_of_range naming the face (a compile error in a constant
// expression). For a dice_set, the callable is f(K), rolling the die with K
// faces, and the source is called as s(K).
template <class Die, class F>
class callable_source {
    static_assert(is_die_v<Die> || is_dice_set_v<Die>,
                  "rollplan: the die of a callable source must be a rollplan::die<K> or a rollplan::dice_set<...>");

public:
    using die_type = Die;
    constexpr callable_source(F f, std::int64_t lowest) : roll_(std::forward<F>(f)), lowest_(lowest) {}
    constexpr std::uint64_t operator()()
        requires is_die_v<Die>
    {
        static_assert(std::is_integral_v<decltype(roll_())>,
                      "rollplan: a callable source must return an integer face");
        // bool and character types count as the integers they hold
        return detail::digit_of_face(+roll_(), lowest_, Die::faces);
    }
    constexpr std::uint64_t operator()(count_t faces)
        requires is_dice_set_v<Die>
    {
        if (!Die::has(faces))
            detail::fail<std::invalid_argument>("rollplan: a plan asked a dice source for a die it does not hold", "K", faces);
        static_assert(std::is_integral_v<decltype(roll_(faces))>,
                      "rollplan: a callable dice source must return an integer face");
        return detail::digit_of_face(+roll_(faces), lowest_, faces);
    }

private:
    F roll_;
    std::int64_t lowest_;
};

// A callable returning the faces 1..K of a Die, like a person reading a d6;
// for a dice_set, a callable f(K) reading the die with K faces.
template <class Die, class F>
constexpr callable_source<Die, F> from_faces(F&& roll) {
    return {std::forward<F>(roll), 1};
}

// A callable returning 0..K−1, like rand5() returning 0..4; for a dice_set,
// a callable f(K) returning 0..K−1 for the die with K faces.
template <class Die, class F>
constexpr callable_source<Die, F> from_values(F&& roll) {
    return {std::forward<F>(roll), 0};
}

// The source a sampler reads: a source as it is, a standard engine wrapped.
template <class S>
constexpr decltype(auto) as_source(S&& s) {
    if constexpr (die_source<S> || dice_source<S>) {
        return std::forward<S>(s);
    } else {
        static_assert(uniform_random_bit_generator<std::remove_cvref_t<S>>,
                      "rollplan: the source must be a uniform random bit generator (like std::mt19937) "
                      "or a rollplan source (urbg_source, from_faces, from_values)");
        return urbg_source<std::remove_cvref_t<S>>(s);
    }
}

}  // namespace rollplan
