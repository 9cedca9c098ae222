// rollplan/detail/binary_format.hpp: a binary floating-point format as
// integers: the one model of float, double and the small formats whose every
// value a proof can list.
//
// binary_format<E, M> has a sign bit, E exponent bits and M stored
// significand bits, laid out as IEEE 754's binary formats are (binary32 is
// binary_format<8, 23>, binary64 binary_format<11, 52>): subnormals below
// 2^min_exponent, the largest exponent field for infinities and NaNs. A value
// is handled by its bits (a std::uint64_t), and read as an exact dyadic
// number m·2^e; no floating-point arithmetic is done, so every step is exact
// and runs the same in a constant expression and at run time.
//
// Two orders are used: the ordinal (the bits of x >= 0, minus those of |x|
// for x < 0; +0 and −0 are both 0), in which the representable numbers are
// consecutive integers; and the cell of x, [x, succ(x)), whose width is a
// power of two, 2^cell_exponent(x).
#pragma once

#include "config.hpp"

#include <cstdint>
#include <limits>
#include <type_traits>

namespace rollplan {

template <int ExponentBits, int SignificandBits>
struct binary_format {
    static_assert(ExponentBits >= 2 && SignificandBits >= 1 && ExponentBits + SignificandBits <= 63 &&
                      SignificandBits <= 58,
                  "rollplan: binary_format<E, M> needs E >= 2, M >= 1, E + M <= 63 and M <= 58");
    static constexpr int exponent_bits = ExponentBits;
    static constexpr int significand_bits = SignificandBits;
    static constexpr int bias = (1 << (ExponentBits - 1)) - 1;
    static constexpr int min_exponent = 1 - bias;                     // of the smallest normal number
    static constexpr int max_exponent = bias;                         // of the largest finite binade
    static constexpr int min_quantum = min_exponent - SignificandBits;  // 2^min_quantum: the smallest subnormal
    static constexpr std::uint64_t hidden_bit = std::uint64_t{1} << SignificandBits;
    static constexpr std::uint64_t sign_bit = std::uint64_t{1} << (ExponentBits + SignificandBits);
    static constexpr std::uint64_t infinity_bits = ((std::uint64_t{1} << ExponentBits) - 1) << SignificandBits;
    static constexpr std::uint64_t max_finite_bits = infinity_bits - 1;
};

// The format of float and double, as the target's std::numeric_limits say;
// none for other types.
template <class Real>
struct format_of {};
template <>
struct format_of<float> {
    using type = binary_format<8, 23>;
};
template <>
struct format_of<double> {
    using type = binary_format<11, 52>;
};

namespace detail {

template <class Real>
inline constexpr bool is_binary_real =
    (std::is_same_v<Real, float> && std::numeric_limits<float>::is_iec559 && std::numeric_limits<float>::digits == 24 &&
     sizeof(float) == 4) ||
    (std::is_same_v<Real, double> && std::numeric_limits<double>::is_iec559 && std::numeric_limits<double>::digits == 53 &&
     sizeof(double) == 8);

// The format of a float or double; double's for any other type, which its
// distribution refuses with a static_assert of its own, so that the refusal
// is the one error.
template <class Real>
using checked_format_t = typename format_of<std::conditional_t<is_binary_real<Real>, Real, double>>::type;

template <class Real>
constexpr std::uint64_t bits_of_real(Real x) {
    if constexpr (sizeof(Real) == 4)
        return __builtin_bit_cast(std::uint32_t, x);
    else
        return __builtin_bit_cast(std::uint64_t, x);
}

template <class Real>
constexpr Real real_of_bits(std::uint64_t bits) {
    if constexpr (sizeof(Real) == 4)
        return __builtin_bit_cast(Real, static_cast<std::uint32_t>(bits));
    else
        return __builtin_bit_cast(Real, bits);
}

// A value of a format, exactly: m·2^e.
struct float_value {
    std::int64_t m = 0;
    int e = 0;
};

template <class F>
constexpr bool is_finite_bits(std::uint64_t bits) {
    return (bits & ~(F::sign_bit | (F::sign_bit - 1))) == 0 && (bits & ~F::sign_bit) <= F::max_finite_bits;
}

template <class F>
constexpr std::int64_t ordinal(std::uint64_t bits) {
    const auto magnitude = static_cast<std::int64_t>(bits & ~F::sign_bit);
    return (bits & F::sign_bit) != 0 ? -magnitude : magnitude;
}

template <class F>
constexpr std::uint64_t bits_of_ordinal(std::int64_t o) {
    return o >= 0 ? static_cast<std::uint64_t>(o) : F::sign_bit | static_cast<std::uint64_t>(-o);
}

// The value of finite bits, as m·2^e with |m| < 2^(M+1) and e the exponent
// of the quantum of x's binade.
template <class F>
constexpr float_value value_of(std::uint64_t bits) {
    const std::uint64_t magnitude = bits & ~F::sign_bit;
    const auto field = static_cast<int>(magnitude >> F::significand_bits);
    const std::uint64_t fraction = magnitude & (F::hidden_bit - 1);
    const auto m = static_cast<std::int64_t>(field == 0 ? fraction : fraction | F::hidden_bit);
    return {(bits & F::sign_bit) != 0 ? -m : m, field == 0 ? F::min_quantum : field - F::bias - F::significand_bits};
}

// The exponent of the quantum (the spacing of the representable numbers) in
// the binade of m·2^e, m > 0: the numbers of [2^k, 2^(k+1)) are 2^(k − M)
// apart, and those below 2^min_exponent 2^min_quantum apart.
template <class F>
constexpr int quantum_exponent(std::uint64_t m, int e) {
    const int k = 63 - __builtin_clzll(m) + e;  // m > 0; the builtin spares every user <bit>
    return k - F::significand_bits > F::min_quantum ? k - F::significand_bits : F::min_quantum;
}

// The bits of m·2^e, which must be representable (m·2^e a multiple of its
// quantum, below the format's largest finite number); −0 is never made.
template <class F>
constexpr std::uint64_t bits_of_value(std::int64_t m, int e) {
    if (m == 0) return 0;
    const std::uint64_t magnitude = m < 0 ? static_cast<std::uint64_t>(-m) : static_cast<std::uint64_t>(m);
    const int q = quantum_exponent<F>(magnitude, e);
    const std::uint64_t significand = e >= q ? magnitude << (e - q) : magnitude >> (q - e);
    const std::uint64_t bits = significand < F::hidden_bit
                                   ? significand  // subnormal: q is min_quantum
                                   : (static_cast<std::uint64_t>(q + F::bias + F::significand_bits) << F::significand_bits) |
                                         (significand - F::hidden_bit);
    return m < 0 ? bits | F::sign_bit : bits;
}

// The exponent of the width of the cell [x, succ(x)) of finite bits x (x
// below the largest finite number): x's quantum for x >= 0; for x < 0, the
// quantum of the binade just below |x|, one less than |x|'s own where |x| is
// a power of two above the smallest normal.
template <class F>
constexpr int cell_exponent(std::uint64_t bits) {
    const float_value v = value_of<F>(bits);
    if (v.m >= 0) return v.e;
    return -v.m == static_cast<std::int64_t>(F::hidden_bit) && v.e > F::min_quantum ? v.e - 1 : v.e;
}

// A finite double >= 0 exactly, as mantissa·2^exponent (mantissa odd, or 0).
struct binary_value {
    std::uint64_t mantissa;
    int exponent;
};
constexpr binary_value exact_binary(double w) {  // w >= 0 or -0
    // the value as any format is read here (the same code as uniform_real_distribution's)
    const float_value v = value_of<format_of<double>::type>(bits_of_real(w));
    if (v.m == 0) return {0, 0};
    const auto mantissa = static_cast<std::uint64_t>(v.m);
    const int zeros = __builtin_ctzll(mantissa);  // mantissa != 0; the builtin spares every user <bit>
    return {mantissa >> zeros, v.e + zeros};
}

}  // namespace detail
}  // namespace rollplan
