// detail/exp_bounds.hpp: lo <= e^−x·2^W <= hi for doubles and rationals of
// every size, at every precision a trial asks, checked against Boost's
// binary floating point at more bits than W; and the bounds narrow (hi − lo
// a few units), so that a trial ends.
#include <rollplan/detail/exp_bounds.hpp>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

#include <rollplan/engines.hpp>

using namespace rollplan;
using detail::big;

namespace {

using real = boost::multiprecision::number<boost::multiprecision::cpp_bin_float<2400, boost::multiprecision::digit_base_2>>;

real real_of(const big& b) {
    real r = 0;
    for (std::size_t i = b.limb.size(); i-- > 0;) r = ldexp(r, 64) + real(b.limb[i]);
    return r;
}
real real_of(count_t v) { return ldexp(real(static_cast<std::uint64_t>(v >> 64)), 64) + real(static_cast<std::uint64_t>(v)); }

// e^−x·2^w inside [lo, hi], hi − lo at most 2, hi at most 2^w.
void check(const detail::exp_argument& x, const real& exact_x, std::size_t w) {
    const detail::bounds_at e = detail::exp_bounds(x, w);
    const real target = ldexp(exp(-exact_x), static_cast<int>(w));
    const real lo = real_of(e.lo), hi = real_of(e.hi);
    INFO("x = " << exact_x.str(20) << ", W = " << w << ", lo = " << lo.str(40) << ", hi = " << hi.str(40));
    REQUIRE(lo <= target);
    REQUIRE(target <= hi);
    REQUIRE(hi - lo <= 2);
    REQUIRE(detail::at_least(big::power_of_two(w), e.hi));
}

}  // namespace

TEST_CASE("exp_bounds: e^-x between its bounds at every precision", "[exp_bounds]") {
    std::vector<double> doubles = {0x1p-1074, 1e-300, 1e-20, 0x1p-64, 1e-3, 0.125, 0.5, 0.6931471805599453, 1, 1.5, 2, 3.25,
                                   10, 44.5, 100, 127, 127.99999999999999, 128, 129, 255.5, 256, 1e6, 1e300,
                                   1.7976931348623157e308};
    splitmix64 random{17};
    for (int i = 0; i < 40; ++i) doubles.push_back(std::ldexp(static_cast<double>(random() >> 11), -53 + static_cast<int>(random() % 12)));
    for (const double x : doubles)
        for (const std::size_t w : {128u, 256u, 512u, 2048u}) check(detail::exp_argument_of(x), real(x), w);
    // rationals a/b: b = 2^64 (a shift), b odd and large, a past 2^64
    struct ratio {
        count_t a, b;
    };
    for (const ratio r : {ratio{1, 3}, ratio{2, 3}, ratio{7, two_to_64}, ratio{12786308645202655660ull, two_to_64},
                          ratio{(count_t{1} << 100) + 1, 18446744073709551557ull}, ratio{127, 1}, ratio{1000, 7}, ratio{1, 18446744073709551557ull}})
        for (const std::size_t w : {128u, 256u, 1024u}) check(detail::exp_argument_of(r.a, r.b), real_of(r.a) / real_of(r.b), w);
    // x·2^i, as discrete_laplace takes its powers
    const detail::exp_argument third = detail::exp_argument_of(1, 3);
    for (const std::size_t i : {0u, 1u, 5u, 9u}) check(detail::times_power_of_two(third, i), ldexp(real(1) / 3, static_cast<int>(i)), 256);
    const detail::exp_argument tiny = detail::exp_argument_of(0x1p-40);
    for (const std::size_t i : {10u, 40u, 45u}) check(detail::times_power_of_two(tiny, i), ldexp(real(1), static_cast<int>(i) - 40), 256);
}

TEST_CASE("exp_bounds: the series of e^-y holds e^-y·2^P between its bounds to the unit", "[exp_bounds]") {
    // at P itself, before the guard bits hide a unit or two: each term rounded the right way,
    // the sum cut at an odd term for L and one before for H
    splitmix64 random{29};
    std::vector<detail::exp_argument> ys;
    std::vector<real> exact;
    for (int i = 0; i < 100; ++i) {  // y = m/2^64 < 1/2, and m/(b·2^64) with an odd b
        const std::uint64_t m = random() >> 2, b = (random() >> 40) | 1;
        ys.push_back({big::of(m), i % 2 == 0 ? 1 : b, 64});
        exact.push_back(ldexp(real(m), -64) / (i % 2 == 0 ? 1 : b));
    }
    ys.push_back(detail::exp_argument_of(0x1p-1074));
    exact.push_back(real(0x1p-1074));
    ys.push_back(detail::exp_argument_of(1, 2));
    exact.push_back(real(0.5));
    for (std::size_t i = 0; i < ys.size(); ++i) {
        for (const std::size_t p : {40u, 64u, 153u, 300u}) {
            const detail::bounds_at e = detail::exp_series(ys[i], p);
            const real target = ldexp(exp(-exact[i]), static_cast<int>(p)), lo = real_of(e.lo), hi = real_of(e.hi);
            INFO("y = " << exact[i].str(20) << ", P = " << p << ", lo = " << lo.str(30) << ", hi = " << hi.str(30));
            REQUIRE(lo <= target);
            REQUIRE(target <= hi);
            REQUIRE(hi - lo <= 2 * static_cast<double>(p));
        }
    }
}

TEST_CASE("exp_bounds: x = 0 is exact, and x of W or more gives the bounds 0 and 1", "[exp_bounds]") {
    const detail::bounds_at zero = detail::exp_bounds(detail::exp_argument_of(0.0), 128);
    REQUIRE(zero.lo.bit_length() == 129);  // 2^128
    REQUIRE(zero.hi.bit_length() == 129);
    REQUIRE(detail::at_least(zero.lo, zero.hi));
    const detail::bounds_at far = detail::exp_bounds(detail::exp_argument_of(128.0), 128);
    REQUIRE(far.lo.is_zero());
    REQUIRE(far.hi.low_128() == 1);
    // just below W the series is used, and still within 1 of 0 and 1
    const detail::bounds_at near = detail::exp_bounds(detail::exp_argument_of(127.5), 128);
    REQUIRE(near.hi.low_128() <= 2);
}

TEST_CASE("exp_bounds: x = n/d with a denominator of any size, between bounds three units apart", "[exp_bounds]") {
    // discrete_gaussian's (k·b·t − a)²/(2·a·b·t²) with σ² = a/b, and random n/d of up to five limbs
    auto of_cpp = [](const real& v) {  // an integer real as a big
        big r;
        real rest = v;
        for (std::size_t i = 0; rest >= 1; ++i, rest = floor(ldexp(rest, -64))) r.add(static_cast<std::uint64_t>(fmod(rest, ldexp(real(1), 64))), 64 * i);
        return r;
    };
    std::vector<std::pair<real, real>> ratios = {{0, 1}, {1, 3}, {real(1) / 2, 1}, {ldexp(real(1), 200) + 1, ldexp(real(1), 190) * 3},
                                                {ldexp(real(1), 80), 1}, {1, ldexp(real(1), 300) - 1}};
    for (const auto& [a, b, t] : {std::tuple<real, real, real>{1, 1, 2}, {7, 3, 2}, {ldexp(real(1), 64) - 59, 1, 4294967296},
                                  {real(4503599627370497), ldexp(real(1), 52), 2}, {3, ldexp(real(1), 64), 1}})
        for (const int k : {0, 1, 2, 5, 40}) {
            const real diff = k * b * t - a;
            ratios.emplace_back(diff * diff, 2 * a * b * t * t);
        }
    splitmix64 random{31};
    for (int i = 0; i < 30; ++i) {
        real n = 0, d = 0;
        for (std::uint64_t l = random() % 4; l-- > 0;) n = ldexp(n, 64) + real(random());
        for (std::uint64_t l = random() % 4 + 1; l-- > 0;) d = ldexp(d, 64) + real(random() >> (random() % 64));
        if (d == 0) d = 1;
        ratios.emplace_back(n, d);
    }
    for (const auto& [n, d] : ratios) {
        if (floor(n) != n) continue;
        const detail::exp_ratio x{of_cpp(n), of_cpp(d)};
        for (const std::size_t w : {128u, 256u, 1024u}) {
            const detail::bounds_at e = detail::exp_bounds(x, w);
            const real target = ldexp(exp(-n / d), static_cast<int>(w)), lo = real_of(e.lo), hi = real_of(e.hi);
            INFO("x = " << n.str(30) << "/" << d.str(30) << ", W = " << w << ", lo = " << lo.str(40) << ", hi = " << hi.str(40));
            REQUIRE(lo <= target);
            REQUIRE(target <= hi);
            REQUIRE(hi - lo <= 3);
        }
    }
    // x = 0: exact, e^0 = 1
    const detail::bounds_at one = detail::exp_bounds(detail::exp_ratio{big::of(0), big::of(7)}, 128);
    REQUIRE(one.lo.bit_length() == 129);
    REQUIRE(detail::at_least(one.lo, one.hi));
}
