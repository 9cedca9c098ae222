// rollplan/detail/floor_quotient.hpp: the largest number of a binary_format
// at or below a positive rational q = num/den·2^s (num, den integers of any
// size, s any shift), and whether every point of [q, q + 2^s/den) — an
// interval an exact sampler knows its value to lie in — has that same floor.
//
// The floor: with t = bits(num) − bits(den) (q·2^−s lies in (2^(t−1),
// 2^(t+1))) and c = M + 3 − t, Q = ⌊num·2^c/den⌋ has at least M + 3 bits, so
// q lies in [2^top, 2^(top+1)) for top = bits(Q) − 1 + s − c. The format's
// numbers there are the multiples of 2^h, h = max(top − M, min_quantum), and
// 2^h is a multiple of 2^(s−c) (h − s + c >= bits(Q) − 1 − M >= 2), so the
// floor is ⌊Q / 2^(h−s+c)⌋·2^h (floors of floors by integers compose). Past
// the largest finite number (top > max_exponent) it is that number: the
// largest representable at or below q, infinity not being a number here.
//
// The interval [lo, hi) has one floor r exactly when r is the largest finite
// number (everything at or above it has it) or hi <= succ(r) = (sig + 1)·2^h
// (r <= lo, and no number of the format lies in (r, hi)). A point below
// succ(r) and at or above lo has the floor r too: versus_successor compares a
// point with succ(r), with no division.
// docs/spec.md, section 4.
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "big.hpp"
#include "binary_format.hpp"
#include "integer.hpp"

namespace rollplan::detail {

// A number of the format F at or below a rational: its bits, and its value
// sig·2^h with 2^h its binade's quantum (sig < 2^(M+1)).
struct format_floor {
    std::uint64_t bits = 0;
    std::uint64_t sig = 0;
    long long h = 0;
};

// The integers the floor works on: big, or count_t where every value fits
// in 128 bits (a draw on bits, den below 2^64: num·2^c/den then has at most
// M + 3 + 64 bits, and the test's products at most M + 2 + 64).
inline std::size_t length_of(const big& x) { return x.bit_length(); }
inline std::size_t length_of(count_t x) {
    const auto high = static_cast<std::uint64_t>(x >> 64), low = static_cast<std::uint64_t>(x);
    return high != 0 ? 128 - static_cast<std::size_t>(__builtin_clzll(high)) : low != 0 ? 64 - static_cast<std::size_t>(__builtin_clzll(low)) : 0;
}
inline count_t shifted(count_t x, std::size_t n) { return x << n; }  // (no bit lost: the callers' lengths)
inline count_t shifted_down(count_t x, std::size_t n) { return n >= 128 ? 0 : x >> n; }
inline count_t product(count_t a, count_t b) { return a * b; }
inline count_t sum(count_t a, count_t b) { return a + b; }
inline count_t difference(count_t a, count_t b) { return a - b; }  // a >= b
inline bool at_least(count_t a, count_t b) { return a >= b; }
inline std::uint64_t low_word(const big& x) { return x.word_at(0); }
inline std::uint64_t low_word(count_t x) { return static_cast<std::uint64_t>(x); }
template <class Int>
Int integer_of(std::uint64_t v) {
    if constexpr (std::is_same_v<Int, big>)
        return big::of(v);
    else
        return v;
}
template <class Int>
Int plus_one(Int x) {
    if constexpr (std::is_same_v<Int, big>)
        x.add(1, 0);
    else
        ++x;
    return x;
}

// ⌊a / d⌋, by one pass over the limbs where d < 2^64.
inline big floor_of_quotient(const big& a, const big& d) {
    if (d.bit_length() > 64) return quotient(a, d);
    big q = a;
    divide(q, d.word_at(0));
    return q;
}
inline count_t floor_of_quotient(count_t a, count_t d) { return a / d; }

// The largest number of F at or below num/den·2^s (num >= 0, den >= 1).
template <class F, class Int>
format_floor floor_in_format(const Int& num, const Int& den, long long s) {
    if (length_of(num) == 0) return {0, 0, F::min_quantum};
    const long long t = static_cast<long long>(length_of(num)) - static_cast<long long>(length_of(den));
    const long long c = F::significand_bits + 3 - t;
    const Int q = floor_of_quotient(c >= 0 ? shifted(num, static_cast<std::size_t>(c)) : shifted_down(num, static_cast<std::size_t>(-c)), den);
    const long long top = static_cast<long long>(length_of(q)) - 1 + s - c;
    if (top > F::max_exponent) {  // at or past 2^(max_exponent + 1): the largest finite number
        const float_value v = value_of<F>(F::max_finite_bits);
        return {F::max_finite_bits, static_cast<std::uint64_t>(v.m), v.e};
    }
    const long long h = top - F::significand_bits > F::min_quantum ? top - F::significand_bits : F::min_quantum;
    const auto drop = static_cast<std::size_t>(h - s + c);
    const std::uint64_t sig = drop >= length_of(q) ? 0 : low_word(shifted_down(q, drop));
    return {sig == 0 ? 0 : bits_of_value<F>(static_cast<std::int64_t>(sig), static_cast<int>(h)), sig, h};
}

// num/den·2^s against succ(r) = (r.sig + 1)·2^r.h: −1 below, 0 equal, 1 above. num·2^(s − h)
// against (sig + 1)·den, decided by the lengths where a shift would make one side twice the
// other's length or more (so that on count_t no shift passes 128 bits).
template <class Int>
int versus_successor(const Int& num, const Int& den, long long s, const format_floor& r) {
    const Int next = product(integer_of<Int>(r.sig + 1), den);
    const auto num_length = static_cast<long long>(length_of(num)), next_length = static_cast<long long>(length_of(next));
    if (s >= r.h) {
        if (num_length + (s - r.h) > next_length + 1) return 1;  // num·2^(s−h) >= 2^(next_length + 1) > next
        const Int left = shifted(num, static_cast<std::size_t>(s - r.h));
        return at_least(next, left) ? (at_least(left, next) ? 0 : -1) : 1;
    }
    if (next_length + (r.h - s) > num_length + 1) return -1;  // next·2^(h−s) >= 2^(num_length + 1) > num
    const Int right = shifted(next, static_cast<std::size_t>(r.h - s));
    return at_least(right, num) ? (at_least(num, right) ? 0 : -1) : 1;
}

// Whether every point of [num, num + 1)/den·2^s has the floor r, r the floor of its lower end:
// r is the largest finite number, or the upper end is at most succ(r).
template <class F, class Int>
bool one_floor(const Int& num, const Int& den, long long s, const format_floor& r) {
    return r.bits == F::max_finite_bits || versus_successor(plus_one(num), den, s, r) <= 0;
}

}  // namespace rollplan::detail
