// rollplan/detail/lazy_uniform.hpp: an exact Bernoulli trial of a number
// known only by bounds — true with probability x, or x / (1 + x) — from a
// uniform U on [0, 1) whose digits are read from the source only as they are
// needed (von Neumann's lazy comparison; Flajolet & Saheb 1986 count its
// digits).
//
// U after j digits of a K-sided source is the interval [u/D, (u+1)/D),
// D = K^j. x is known at a precision W by integers lo <= x·2^W <= hi (the
// caller's bounds(W), tighter as W grows; exact where lo = hi). One step:
//   - true when every point of U's interval is below the threshold, whatever
//     x is within its bounds: (u+1)·2^W <= lo·D for x, and
//     (u+1)·(2^W + lo) <= lo·D for x / (1 + x) (U < y ⟺ U·(1 + x) < x);
//   - false when every point is at or above it: u·2^W >= hi·D, and
//     u·(2^W + hi) >= hi·D;
//   - otherwise, while x's bounds are not narrow beside U's interval,
//     4·D·(hi − lo) >= 2^W, W doubles (no digit read); else one more digit.
// Invariant: an answer is given only when U's interval decides it, so the
// trial is true with probability exactly x (or x/(1+x)); U is a.s. not the
// threshold, and the bounds narrow as W grows, so it ends with probability
// 1. A trial reads digits only until it is decided; on a stream of bits
// (digit_stream, below) the rest of a roll's bits are the next trial's, and
// a trial reads about two bits.
// docs/spec.md, section 4.
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "../die.hpp"
#include "big.hpp"
#include "error.hpp"
#include "integer.hpp"
#include "wide.hpp"

namespace rollplan::detail {

enum class threshold_kind { x, x_over_one_plus_x };

// The first precision asked of bounds(W); then 256, 512, …
inline constexpr std::size_t first_precision = 128;

// x at precision W: lo <= x·2^W <= hi.
struct bounds_at {
    big lo, hi;
};

// U's digits so far: U in [u/D, (u+1)/D).
struct uniform_prefix {
    big u = big::of(0), d = big::of(1);
    void append(std::uint64_t digit, count_t faces) {
        u = product(u, big::of(faces));
        u.add(digit, 0);
        d = product(d, big::of(faces));
    }
};

// +1 true, −1 false, 0 undecided, at precision W.
inline int decided(const uniform_prefix& U, const bounds_at& x, std::size_t w, threshold_kind kind) {
    big next = U.u;
    next.add(1, 0);
    const big scale_lo = kind == threshold_kind::x ? big::power_of_two(w) : sum(big::power_of_two(w), x.lo);
    if (at_least(product(x.lo, U.d), product(next, scale_lo))) return 1;
    const big scale_hi = kind == threshold_kind::x ? big::power_of_two(w) : sum(big::power_of_two(w), x.hi);
    if (at_least(product(U.u, scale_hi), product(x.hi, U.d))) return -1;
    return 0;
}
// x's bounds still wide beside U's interval: 4·D·(hi − lo) >= 2^W.
inline bool too_wide(const uniform_prefix& U, const bounds_at& x, std::size_t w) {
    return at_least(shifted(product(U.d, difference(x.hi, x.lo)), 2), big::power_of_two(w));
}

// The digits a draw reads from its source, in order: for K = 2^w (a coin, a
// d8, an engine word), each roll's w bits, the most significant first, a
// roll read when a bit is wanted and none is left (digits of base 2);
// otherwise the rolls themselves (base K).
template <class S>
class digit_stream {
public:
    using die = typename std::remove_cvref_t<S>::die_type;
    static constexpr bool of_bits = (die::faces & (die::faces - 1)) == 0;
    static constexpr int roll_bits = [] {
        int w = 0;
        for (count_t k = die::faces; k > 1; k >>= 1) ++w;
        return w;
    }();
    static constexpr count_t base = of_bits ? 2 : die::faces;

    explicit digit_stream(S& s, std::uint64_t bits = 0, int held = 0) : bits_(bits), held_(held), s_(s) {}
    S& source() const { return s_; }
    std::uint64_t next() {
        if constexpr (of_bits) {
            if (held_ == 0) {
                bits_ = roll();
                held_ = roll_bits;
            }
            const std::uint64_t bit = bits_ >> 63;
            bits_ <<= 1;
            --held_;
            return bit;
        } else {
            return checked_digit<die>(s_());
        }
    }
    // For bits: the next n digits (1 <= n <= 64) as one number, the first the
    // most significant: n calls of next(), a roll's bits at a time.
    std::uint64_t take(int n) {
        static_assert(of_bits);
        std::uint64_t v = 0;
        while (n > 0) {
            if (held_ == 0) {
                bits_ = roll();
                held_ = roll_bits;
            }
            const int t = n < held_ ? n : held_;
            v = (t == 64 ? 0 : v << t) | (bits_ >> (64 - t));
            bits_ = t == 64 ? 0 : bits_ << t;
            held_ -= t;
            n -= t;
        }
        return v;
    }
    // For bits: the next roll's, from bit 63 down (0 below them).
    std::uint64_t roll() { return checked_digit<die>(s_()) << (64 - roll_bits); }

    // For bits: the held_ bits read and not yet used, from bit 63 down (0 below them).
    std::uint64_t bits_ = 0;
    int held_ = 0;

private:
    S& s_;
};

// The trial from U as far as it is read, at precision w with x's bounds
// there: reads digits until it is decided.
template <class Stream, class Bounds>
bool finish_trial(Stream& digits, uniform_prefix U, std::size_t w, bounds_at x, const Bounds& bounds, threshold_kind kind) {
    for (;;) {
        if (const int answer = decided(U, x, w, kind)) return answer > 0;
        if (too_wide(U, x, w)) {
            w *= 2;
            x = bounds(w);
        } else {
            U.append(digits.next(), Stream::base);
        }
    }
}
template <class Stream, class Bounds>
bool lazy_trial(Stream& digits, const Bounds& bounds, threshold_kind kind) {
    return finish_trial(digits, uniform_prefix{}, first_precision, bounds(first_precision), bounds, kind);
}

// The same trial on a stream of bits, its first 64 bits at once: thresholds
// made once from x's bounds at the first precision, the largest count of
// 64-bit words u decided true (u < on_true) and the least decided false
// (u >= on_false). After r bits, lazy_trial's test is true exactly when
// U's r bits are below on_true's first r, and false when they are above
// those of on_false − 1 (W = 128, D = 2^r: (u+1)·2^128 <= lo·2^r ⟺
// u + 1 <= ⌊lo / 2^(128−r)⌋ = ⌊on_true / 2^(64−r)⌋, and alike), and it
// doubles no precision while hi − lo < 2^62 (thresholds_of checks): so the
// first bit where U differs from on_true (below) or on_false − 1 (above)
// decides, as lazy_trial would after the same bits. Rolls are read only
// when the bits held do not decide, as lazy_trial reads them.
struct word_thresholds {
    std::uint64_t on_true = 0, on_false = 0;  // on_false = 2^64 (x within 2^−64 of 1) is kept as 0: only on_false − 1 is read
    friend bool operator==(const word_thresholds&, const word_thresholds&) = default;
};

// From x's bounds at the first precision (0 < x < 1, hi <= 2^128): on_true =
// ⌊lo/2^64⌋ and on_false = ⌈hi/2^64⌉ for x; for y = x/(1+x), on_true =
// ⌊lo·2^64 / (2^128 + lo)⌋ and on_false = ⌈hi·2^64 / (2^128 + hi)⌉.
inline word_thresholds thresholds_of(const bounds_at& x, threshold_kind kind) {
    using w256 = wide_uint<4>;
    if (!at_least(big::power_of_two(128), x.hi) || !at_least(big::power_of_two(62), sum(difference(x.hi, x.lo), big::of(1))))
        fail<std::logic_error>("rollplan: a threshold's bounds are past 1 or wider than 2^62 at the first precision");
    auto wide = [](const big& v) {  // v <= 2^128
        w256 r;
        r.limbs[0] = v.word_at(0);
        r.limbs[1] = v.word_at(64);
        r.limbs[2] = v.word_at(128);
        return r;
    };
    const w256 lo = wide(x.lo), hi = wide(x.hi), one{count_t{1}}, word{two_to_64}, square = word * word;
    // kind x: shifts (no division of 256 bits: a trial made for each draw, as discrete_gaussian's, pays for it)
    const w256 on_true = kind == threshold_kind::x ? wide(shifted_down(x.lo, 64)) : lo * word / (square + lo),
               on_false = kind == threshold_kind::x ? wide(shifted_down(x.hi, 64, true)) : (hi * word + square + hi - one) / (square + hi);
    if (on_false > word || on_false == w256{})
        fail<std::logic_error>("rollplan: a threshold is not inside (0, 1] at the first precision");
    return {on_true.limbs[0], on_false.limbs[0]};  // on_false = 2^64 kept as 0
}

// (out of line: the rare path of bit_trial) U's first 64 bits read, and past
// them `rest` bits of a roll still unused. The caller's stream is given back
// its bits after the trial: its state stays in registers.
struct trial_end {
    bool answer;
    std::uint64_t bits;
    int held;
};
template <class Stream, class S, class Bounds>
[[gnu::noinline, gnu::cold]] trial_end finish_bit_trial(S& source, std::uint64_t first, std::uint64_t rest, int rest_bits,
                                                        const Bounds bounds, threshold_kind kind) {
    Stream digits(source, rest, rest_bits);
    uniform_prefix U;
    U.u = big::of(first);
    U.d = big::power_of_two(64);
    const bool answer = finish_trial(digits, std::move(U), first_precision, bounds(first_precision), bounds, kind);
    return {answer, digits.bits_, digits.held_};
}
template <class Stream, class Bounds>
[[gnu::always_inline]] inline bool finish_bit_trial_in(Stream& digits, std::uint64_t first, std::uint64_t rest, int rest_bits, const Bounds bounds,
                         threshold_kind kind) {
    const trial_end end = finish_bit_trial<Stream>(digits.source(), first, rest, rest_bits, bounds, kind);
    digits.bits_ = end.bits;
    digits.held_ = end.held;
    return end.answer;
}

// Whether the bits of u read so far leave the trial undecided (past: the
// bits not read, set; u is 0 there): their prefix is between below's and
// above's, that is, u in [L, H], L = below with its bits past cleared, H =
// above with them set. No prefix lies between when below's prefix is one past
// above's (H = L − 1); every prefix does when one bit is read and the
// thresholds straddle 1/2 (L = 0, H = 2^64 − 1): H − L alone does not tell
// these apart, its borrow does.
[[gnu::always_inline]] inline bool undecided(std::uint64_t u, std::uint64_t past, std::uint64_t below, std::uint64_t above) {
    const std::uint64_t low = below & ~past, high = above | past;
    return high >= low && u - low <= high - low;
}

// The trial on a stream of bits: the answer, or −1 when 64 bits read leave it
// undecided (then `first` holds them, and `rest`/`rest_bits` a roll's bits past
// them); the caller goes on with finish_bit_trial.
struct bit_answer {
    int answer;  // 1 true, 0 false, −1 undecided after 64 bits
    std::uint64_t first = 0, rest = 0;
    int rest_bits = 0;
};
template <class Stream>
[[gnu::always_inline]] inline bit_answer bit_trial_words(Stream& digits, const word_thresholds& t) {
    static_assert(Stream::of_bits);
    const std::uint64_t below = t.on_true, above = t.on_false - 1;  // on_true <= on_false
    // the bits held (fewer than 64: a trial leaves fewer): decided there when their prefix is
    // not between below's and above's; used up to the first bit that decides
    std::uint64_t u = digits.bits_;
    int held = digits.held_;
    if (held > 0 && !undecided(u, ~std::uint64_t{0} >> held, below, above)) [[likely]] {
        const bool yes = u < below;  // decided: u's prefix below below's (u < below), or above above's
        const int r = __builtin_clzll(u ^ (yes ? below : above)) + 1;  // r <= held < 64
        digits.bits_ = u << r;
        digits.held_ = held - r;
        return {yes ? 1 : 0};
    }
    // undecided by them: a roll more, until the trial is decided or 64 bits are read; the
    // bits held are then all used, and a roll's bits past the deciding one stay
    for (;;) {
        const std::uint64_t v = digits.roll();
        const std::uint64_t window = held == 0 ? v : u | (v >> held);
        const int n = held + Stream::roll_bits;
        if (!undecided(window, n >= 64 ? 0 : ~std::uint64_t{0} >> n, below, above)) {
            const bool yes = window < below;
            const int r = __builtin_clzll(window ^ (yes ? below : above)) + 1;  // held < r <= 64
            digits.bits_ = (v << (r - held - 1)) << 1;
            digits.held_ = n - r;
            return {yes ? 1 : 0};
        }
        if (n >= 64)  // 64 bits between the thresholds (probability about 2^-63)
            return {-1, window, held == 0 ? 0 : v << (64 - held), n - 64};
        u = window;
        held = n;
    }
}

template <class Stream, class Bounds>
[[gnu::always_inline]] inline bool bit_trial(Stream& digits, const word_thresholds& t, const Bounds& bounds, threshold_kind kind) {
    const bit_answer a = bit_trial_words(digits, t);
    if (a.answer >= 0) [[likely]] return a.answer != 0;
    return finish_bit_trial_in(digits, a.first, a.rest, a.rest_bits, bounds, kind);  // on, a bit at a time
}

// A trial from the draw's digits: on bits with the thresholds made from
// x's bounds at the first precision (bit_trial), else step by step
// (lazy_trial); the same decision either way.
template <class Stream, class Bounds>
[[gnu::always_inline]] inline bool exact_trial(Stream& digits, const word_thresholds& t, const Bounds& bounds, threshold_kind kind) {
    if constexpr (Stream::of_bits)
        return bit_trial(digits, t, bounds, kind);
    else
        return lazy_trial(digits, bounds, kind);
}

// A trial of a number new to each draw (discrete_gaussian's acceptance): on
// bits, the thresholds are made from its bounds at the first precision here;
// the same decision as exact_trial's.
template <class Stream, class Bounds>
bool new_trial(Stream& digits, const Bounds& bounds, threshold_kind kind) {
    if constexpr (Stream::of_bits)
        return bit_trial(digits, thresholds_of(bounds(first_precision), kind), bounds, kind);
    else
        return lazy_trial(digits, bounds, kind);
}

// A trial of 1/2 (kind x, bounds 2^(W−1) at every W): on bits, the next bit
// is 0 — the step rule's answer after that one bit; on other sources U's
// digits until they fall on one side of 1/2 (one roll of an even die): the
// step rule's answer digit by digit, as the digits read so far are all
// (K − 1)/2 (K odd) until one decides — true when 2d + 1 < K, false when
// 2d + 1 > K (u = (K^j − 1)/2 before digit d: 2(u·K + d + 1) <= K^(j+1) is
// 2d + 2 <= K), and W never doubles (hi = lo).
template <class Stream>
[[gnu::always_inline]] inline bool half_trial(Stream& digits) {
    if constexpr (Stream::of_bits) {
        return digits.next() == 0;
    } else {
        for (;;) {
            const count_t twice = 2 * count_t{digits.next()} + 1;  // a digit below K <= 2^64
            if (twice != Stream::base) return twice < Stream::base;
        }
    }
}

}  // namespace rollplan::detail
