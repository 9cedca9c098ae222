// rollplan/detail/divide.hpp: dividing a 128-bit number by a 64-bit divisor known
// at compile time, without a 128-bit division.
//
// Compilers turn a division by a constant into a multiplication for 64-bit
// numbers, but call a helper (__udivti3) for 128-bit ones. divide_by<D> does
// schoolbook division in two 64-bit digits: the high digit by D (a 64-bit
// constant division), then the remainder and the low digit, a 128-by-64
// division whose quotient fits in 64 bits, by Möller and Granlund's method
// with a precomputed reciprocal ("Improved division by invariant integers",
// IEEE Transactions on Computers 60(2), 2011, Algorithm 4): two
// multiplications and at most two corrections.
#pragma once

#include "config.hpp"

#include <cstdint>

#include "integer.hpp"

namespace rollplan::detail {

struct quotient_remainder {
    count_t quotient = 0;
    std::uint64_t remainder = 0;
};


constexpr unsigned leading_zeros(std::uint64_t x) {
    unsigned n = 0;
    for (std::uint64_t bit = std::uint64_t{1} << 63; bit != 0 && (x & bit) == 0; bit >>= 1) ++n;
    return n;
}


// x / D and x mod D for any x < 2^128.
template <std::uint64_t D>
[[gnu::always_inline]] constexpr quotient_remainder divide_by(count_t x) {
    static_assert(D >= 1, "rollplan: division by zero");
    const auto high = static_cast<std::uint64_t>(x >> 64), low = static_cast<std::uint64_t>(x);
    if (high == 0) return {low / D, low % D};
    // the divisor shifted so that its top bit is set, and its reciprocal
    constexpr unsigned shift = detail::leading_zeros(D);
    constexpr std::uint64_t d = D << shift;
    constexpr auto reciprocal = static_cast<std::uint64_t>(count_max / d - two_to_64);  // ⌊(2^128 − 1)/d⌋ − 2^64
    const std::uint64_t q_high = high / D, r_high = high % D;
    // (r_high·2^64 + low)·2^shift = u1·2^64 + u0, with u1 < d
    const std::uint64_t u1 = shift == 0 ? r_high : (r_high << shift) | (low >> (64 - shift));
    const std::uint64_t u0 = low << shift;
    const count_t estimate = count_t{reciprocal} * u1 + ((count_t{u1} << 64) | u0);
    auto q = static_cast<std::uint64_t>(estimate >> 64) + 1;
    auto r = u0 - q * d;  // mod 2^64
    if (r > static_cast<std::uint64_t>(estimate)) {
        --q;
        r += d;
    }
    if (r >= d) {
        ++q;
        r -= d;
    }
    return {(count_t{q_high} << 64) | q, r >> shift};
}

}  // namespace rollplan::detail
