// rollplan/generate_canonical.hpp: std::generate_canonical as C++26 specifies
// it ([rand.util.canonical], P0952R2 "A new specification for
// std::generate_canonical", Köppe and Herring), so that its values are those
// of a conforming C++26 library, today, and never 1.0 (C++11 to C++23 compute
// S / R^k in RealType, which can round up to 1: LWG 2524).
//
// With R = g.max() − g.min() + 1, d = min(digits, numeric_limits<RealType>::digits),
// k the least integer with R^k >= 2^d and x = ⌊R^k / 2^d⌋: an attempt calls
// g() k times for g_0, …, g_(k−1) and forms S = Σ (g_i − g.min())·R^i;
// attempts are made until S < x·2^d, and the value is ⌊S / x⌋ / 2^d. Each of
// the 2^d multiples of 2^-d in [0, 1) is equally likely, so the value is
// uniform on that grid, not on the doubles of [0, 1): doubles below 2^-d, and
// those between the grid's points, never occur. rollplan's
// uniform_real_distribution<RealType>(0, 1) is the exact alternative: every
// double of [0, 1) with its exact share, for about the same cost.
//
// The arithmetic is in integers (R^k < 2^128 as d <= 64), so that a constant
// expression gives the run time's value. When R is a power of two, x·2^d is
// R^k and no attempt is ever made again: an engine stuck at its largest value
// gives 1 − 2^-d. For other R an engine that returns only values past the last
// whole multiple of x·2^d would make attempts forever, as the standard says.
#pragma once

#include "detail/config.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "die.hpp"

namespace rollplan {

namespace detail {

// The constants of [rand.util.canonical] for RealType, digits and an engine
// of R values (2 <= R <= 2^64).
struct canonical_constants {
    int d = 0;          // the digits asked for, at most RealType's
    int k = 0;          // calls of g() an attempt
    count_t x = 1;      // ⌊R^k / 2^d⌋
    count_t limit = 1;  // x·2^d: an attempt is kept when S < limit
};

constexpr canonical_constants make_canonical_constants(count_t range, int d) {
    canonical_constants c;
    c.d = d;
    count_t power = 1;  // R^k, below 2^128: R^(k−1) < 2^d <= 2^64 and R <= 2^64
    const count_t target = count_t{1} << d;
    while (power < target) {
        power *= range;
        ++c.k;
    }
    c.x = power >> d;
    c.limit = c.x << d;
    return c;
}

// The function of generate_canonical<RealType, digits> (below).
template <class RealType, std::size_t digits>
struct canonical_function {
    static constexpr bool binary_real = std::is_floating_point_v<RealType> && std::numeric_limits<RealType>::radix == 2;
    static constexpr std::size_t real_digits = static_cast<std::size_t>(std::numeric_limits<RealType>::digits);
    static constexpr std::size_t d = digits < real_digits ? digits : real_digits;

    // (The checks are here, not in the class, so that a refusal is one error,
    // not one more for a call operator that a refused class would lack.)
    template <class URBG>
    constexpr RealType operator()(URBG& g) const {
        static_assert(binary_real,
                      "rollplan: generate_canonical<RealType, digits> needs a binary floating-point RealType "
                      "(float, double or long double)");
        static_assert(!binary_real || d <= 64,
                      "rollplan: generate_canonical takes at most 64 digits (for a long double of 113 digits, "
                      "ask for 64 or fewer)");
        static_assert(uniform_random_bit_generator<URBG>,
                      "rollplan: generate_canonical needs a uniform random bit generator (like std::mt19937)");
        constexpr bool within_64_bits = [] {
            if constexpr (uniform_random_bit_generator<URBG>)
                return urbg_faces<URBG> - 1 <= ~std::uint64_t{0};  // R <= 2^64 (an R of 2^128 wraps to 0)
            else
                return true;
        }();
        static_assert(within_64_bits, "rollplan: generate_canonical takes engines of at most 2^64 values");
        if constexpr (binary_real && d <= 64 && uniform_random_bit_generator<URBG> && within_64_bits) {
            constexpr RealType unit = [] {  // 2^-d, exactly
                RealType u = 1;
                for (std::size_t i = 0; i < d; ++i) u /= 2;
                return u;
            }();
            constexpr canonical_constants c = make_canonical_constants(urbg_faces<URBG>, static_cast<int>(d));
            for (;;) {
                count_t s = 0, power = 1;
                for (int i = 0; i < c.k; ++i) {
                    // (in 64 bits: an 8- or 16-bit result_type would subtract in int)
                    const std::uint64_t digit = static_cast<std::uint64_t>(g()) - static_cast<std::uint64_t>(URBG::min());
                    s += count_t{digit} * power;
                    power *= urbg_faces<URBG>;
                }
                if (s < c.limit) return static_cast<RealType>(static_cast<std::uint64_t>(s / c.x)) * unit;
            }
        } else {
            return RealType{};
        }
    }
};

}  // namespace detail

// A value of the grid {0, 2^-d, …, 1 − 2^-d}, d = min(digits, RealType's
// digits), each with probability 2^-d, by the algorithm of C++26 (above):
// rollplan::generate_canonical<double, 53>(g) as std's. RealType is a binary
// floating-point type; d must be at most 64. A function object, as the
// algorithms of std::ranges are, so that with `using namespace rollplan` a
// call on a standard engine is not ambiguous with std::generate_canonical,
// which argument-dependent lookup would find.
template <class RealType, std::size_t digits>
inline constexpr detail::canonical_function<RealType, digits> generate_canonical{};

}  // namespace rollplan
