#include <rollplan/detail/binary_format.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using namespace rollplan;
using detail::bits_of_ordinal;
using detail::bits_of_real;
using detail::bits_of_value;
using detail::cell_exponent;
using detail::ordinal;
using detail::quantum_exponent;
using detail::value_of;

namespace {

template <class Real>
using format = typename format_of<Real>::type;

// The numbers at every edge of Real's format: zeros, the subnormals' ends,
// the smallest normals, a binade's last and first numbers around 1 and 2,
// and the largest finite numbers, with both signs.
template <class Real>
std::vector<Real> edges() {
    using limits = std::numeric_limits<Real>;
    std::vector<Real> xs;
    for (Real x : {Real(0), limits::denorm_min(), 2 * limits::denorm_min(), limits::min() - limits::denorm_min(),
                   limits::min(), limits::min() + limits::denorm_min(), 2 * limits::min(), Real(0.5), Real(1) - limits::epsilon() / 2,
                   Real(1), Real(1) + limits::epsilon(), Real(2) - limits::epsilon(), Real(2), Real(3.7), Real(12.9),
                   limits::max() / 2, limits::max() - limits::max() * limits::epsilon() / 2, limits::max()}) {
        xs.push_back(x);
        xs.push_back(-x);
    }
    return xs;
}

// m·2^e as Real (exact here: |m| below 2^(M+1), e within the format's range).
template <class Real>
Real real_of(detail::float_value v) {
    return std::ldexp(static_cast<Real>(v.m), v.e);
}

template <class Real>
void check_against_the_hardware() {
    using F = format<Real>;
    for (Real x : edges<Real>()) {
        INFO("x = " << x);
        const std::uint64_t bits = bits_of_real(x);
        REQUIRE(detail::is_finite_bits<F>(bits));
        // the value, read exactly, and its bits made again (−0 becomes +0)
        REQUIRE(real_of<Real>(value_of<F>(bits)) == x);
        REQUIRE(bits_of_value<F>(value_of<F>(bits).m, value_of<F>(bits).e) == (x == 0 ? 0 : bits));
        // the ordinal's neighbours are the hardware's neighbours
        if (x != std::numeric_limits<Real>::max()) {
            const Real up = std::nextafter(x, std::numeric_limits<Real>::infinity());
            REQUIRE(bits_of_ordinal<F>(ordinal<F>(bits) + 1) == bits_of_real(up == 0 ? Real(0) : up));
            // the cell [x, succ(x)) has width 2^cell_exponent(x)
            REQUIRE(up - x == std::ldexp(Real(1), cell_exponent<F>(bits)));
        }
        if (x != 0) {
            const Real magnitude = std::fabs(x);
            const Real next = std::nextafter(magnitude, std::numeric_limits<Real>::infinity());
            if (magnitude != std::numeric_limits<Real>::max())
                REQUIRE(next - magnitude == std::ldexp(Real(1), quantum_exponent<F>(
                                                                    static_cast<std::uint64_t>(std::abs(value_of<F>(bits).m)),
                                                                    value_of<F>(bits).e)));
        }
    }
    REQUIRE(!detail::is_finite_bits<F>(bits_of_real(std::numeric_limits<Real>::infinity())));
    REQUIRE(!detail::is_finite_bits<F>(bits_of_real(-std::numeric_limits<Real>::infinity())));
    REQUIRE(!detail::is_finite_bits<F>(bits_of_real(std::numeric_limits<Real>::quiet_NaN())));
    REQUIRE(F::max_finite_bits == bits_of_real(std::numeric_limits<Real>::max()));
    REQUIRE(std::ldexp(Real(1), F::min_quantum) == std::numeric_limits<Real>::denorm_min());
    REQUIRE(std::ldexp(Real(1), F::min_exponent) == std::numeric_limits<Real>::min());
}

}  // namespace

TEST_CASE("binary_format: float and double read as their hardware reads them", "[binary_format]") {
    STATIC_REQUIRE((std::is_same_v<format<float>, binary_format<8, 23>>));
    STATIC_REQUIRE((std::is_same_v<format<double>, binary_format<11, 52>>));
    STATIC_REQUIRE((detail::is_binary_real<float> && detail::is_binary_real<double>));
    STATIC_REQUIRE((!detail::is_binary_real<long double> && !detail::is_binary_real<int>));
    check_against_the_hardware<float>();
    check_against_the_hardware<double>();
}

TEST_CASE("binary_format: a small format, every number in order, each cell up to the next", "[binary_format]") {
    // binary_format<3, 2>: exponents −2 … 3, subnormals 2^−4 apart, largest 14
    using F = binary_format<3, 2>;
    STATIC_REQUIRE((F::bias == 3 && F::min_exponent == -2 && F::max_exponent == 3 && F::min_quantum == -4));
    STATIC_REQUIRE((F::max_finite_bits == 0b11011));
    STATIC_REQUIRE((value_of<F>(F::max_finite_bits).m == 7 && value_of<F>(F::max_finite_bits).e == 1));  // 14
    STATIC_REQUIRE((value_of<F>(1).m == 1 && value_of<F>(1).e == -4));                                     // 2^−4
    STATIC_REQUIRE((value_of<F>(F::sign_bit | 0b00100).m == -4 && value_of<F>(F::sign_bit | 0b00100).e == -4));  // −2^−2
    STATIC_REQUIRE((ordinal<F>(F::sign_bit) == 0 && ordinal<F>(0) == 0));  // −0 and +0
    // every number, from −14 to 14: values strictly rising by exactly the cell width
    const auto n = static_cast<std::int64_t>(F::max_finite_bits);
    for (std::int64_t o = -n; o < n; ++o) {
        const auto x = value_of<F>(bits_of_ordinal<F>(o)), next = value_of<F>(bits_of_ordinal<F>(o + 1));
        // in units of 2^−4, the smallest quantum
        const std::int64_t here = x.m * (std::int64_t{1} << (x.e + 4)), there = next.m * (std::int64_t{1} << (next.e + 4));
        INFO("ordinal " << o);
        REQUIRE(there - here == std::int64_t{1} << (cell_exponent<F>(bits_of_ordinal<F>(o)) + 4));
        REQUIRE(bits_of_value<F>(x.m, x.e) == bits_of_ordinal<F>(o));
        REQUIRE(bits_of_value<F>(x.m * 4, x.e - 2) == bits_of_ordinal<F>(o));  // the same value, written otherwise
    }
    // the cells at a power of two: [−4, succ(−4)) is 0.5 wide, [4, succ(4)) is 1 wide
    STATIC_REQUIRE((cell_exponent<F>(bits_of_value<F>(-4, 0)) == -1));
    STATIC_REQUIRE((cell_exponent<F>(bits_of_value<F>(4, 0)) == 0));
    // at the smallest normal, 2^−2: the subnormals below are as far apart as the normals above
    STATIC_REQUIRE((cell_exponent<F>(bits_of_value<F>(-1, -2)) == -4));
}

TEST_CASE("bits_of_value: zero is +0, whatever the exponent", "[binary_format]") {
    using F = format_of<double>::type;
    STATIC_REQUIRE((bits_of_value<F>(0, F::min_quantum) == 0));
    STATIC_REQUIRE((bits_of_value<F>(0, 0) == 0));
    STATIC_REQUIRE((bits_of_value<binary_format<3, 2>>(0, -4) == 0));
}

TEST_CASE("binary_format: the widest significand it takes, 58 bits", "[binary_format]") {
    using F = binary_format<4, 58>;  // E + M = 62 <= 63
    STATIC_REQUIRE((F::hidden_bit == std::uint64_t{1} << 58));
    STATIC_REQUIRE((F::sign_bit == std::uint64_t{1} << 62));
    STATIC_REQUIRE((F::bias == 7 && F::min_quantum == -64));  // the smallest subnormal is 2^(1 − 7 − 58)
    // the smallest normal number, 2^58·2^−64
    STATIC_REQUIRE((detail::value_of<F>(F::hidden_bit).m == std::int64_t{1} << 58));
    STATIC_REQUIRE((detail::value_of<F>(F::hidden_bit).e == -64));
}

TEST_CASE("float_value: the default is the number 0·2^0", "[binary_format]") {
    STATIC_REQUIRE((detail::float_value{}.m == 0));
    STATIC_REQUIRE((detail::float_value{}.e == 0));
}
