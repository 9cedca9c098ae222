// exponential_distribution: the largest number of the format at or below E/λ,
// each value x with probability e^−λx − e^−λ·succ(x), on every roll sequence
// of a coin and a d6 in small formats (the same code as float and double, over
// the format); an engine's words give the values their bits give from a coin;
// moments and a Kolmogorov–Smirnov test at fixed seeds; extreme λ; std's
// surface; every parameter refused in words.
#include <rollplan/exponential.hpp>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <rollplan/engines.hpp>
#include <rollplan/verify.hpp>

#include "rounding.hpp"
#include "sequences.hpp"

using namespace rollplan;
using namespace rollplan::testing;

namespace {

// What exponential_floor<F> shows on every sequence of up to `depth` rolls of Die: the mass of
// each value (by its bits) and of the sequences unfinished.
struct value_masses {
    std::map<std::uint64_t, rational> of;
    rational unfinished;
};
template <class F, class Die>
value_masses on_every_sequence_of(const detail::exponential_rate& rate, std::size_t depth) {
    value_masses m;
    auto weight = weight_of<Die>;
    detail::walk_sequences<Die>(
        [&](auto& source) {
            detail::digit_stream<decltype(source)> digits(source);
            return detail::exponential_floor<F>(digits, rate);
        },
        depth,
        [&](std::size_t length, std::uint64_t bits) { m.of[bits] = m.of[bits] + weight(length); },
        [&](std::size_t length) {
            if (length == depth) m.unfinished = m.unfinished + weight(length);
        });
    return m;
}

template <class F>
real value_of(std::uint64_t bits) {
    const detail::float_value v = detail::value_of<F>(bits);
    return ldexp(real(v.m), v.e);
}

// Each number of F within [found, found + unfinished] of e^−λx − e^−λ·succ(x) (the largest
// finite number: e^−λ·max), and no other value found.
template <class F>
bool consistent(const value_masses& m, const real& lambda) {
    for (const auto& [bits, mass] : m.of)
        if (bits > F::max_finite_bits) return false;
    for (std::uint64_t bits = 0; bits <= F::max_finite_bits; ++bits) {
        const real p = bits == F::max_finite_bits ? exp(-lambda * value_of<F>(bits))
                                                  : exp(-lambda * value_of<F>(bits)) - exp(-lambda * value_of<F>(bits + 1));
        const auto at = m.of.find(bits);
        if (!within(at == m.of.end() ? rational{} : at->second, m.unfinished, p)) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("exponential_distribution: exact in small formats on every roll sequence of a coin and a d6", "[exponential]") {
    // binary_format<2, 1>: 0, 0.5, 1, 1.5, 2, 3 (the largest); binary_format<3, 2>: 0 … 14 in
    // steps of 1/16 to 2. λ = 1, 3/2, 1/8 (a sixth of the mass at the largest number of
    // <2, 1>), 5 and 2^−3·3 — odd m and negative e alike
    using tiny = binary_format<2, 1>;
    using small = binary_format<3, 2>;
    struct case_t {
        detail::exponential_rate rate;
        real lambda;
    };
    for (const case_t& c : {case_t{{1, 0}, real(1)}, case_t{{3, -1}, real(1.5)}, case_t{{1, -3}, real(0.125)}, case_t{{5, 0}, real(5)},
                           case_t{{3, -3}, real(0.375)}}) {
        INFO("lambda = " << c.lambda);
        const value_masses coin_tiny = on_every_sequence_of<tiny, rollplan::coin>(c.rate, 16);
        INFO("unfinished on a coin in <2, 1>: " << real_of(coin_tiny.unfinished));
        REQUIRE(coin_tiny.unfinished < rational{1, 5});
        REQUIRE(consistent<tiny>(coin_tiny, c.lambda));
        // the check can fail (coarsely: a sixth of the mass is unfinished; the rounding's own
        // check below is exact): λ = 1 or 3/2 1.5 times larger or smaller is refused (most values
        // of the others are one number: 0 for λ = 5, 3 for λ = 1/8)
        if (c.lambda >= 1 && c.lambda <= 2) {
            REQUIRE_FALSE(consistent<tiny>(coin_tiny, c.lambda * real(1.5)));
            REQUIRE_FALSE(consistent<tiny>(coin_tiny, c.lambda / real(1.5)));
        }
        const value_masses coin_small = on_every_sequence_of<small, rollplan::coin>(c.rate, 16);
        REQUIRE(consistent<small>(coin_small, c.lambda));
        const value_masses six = on_every_sequence_of<tiny, d6>(c.rate, 6);
        INFO("unfinished on a d6: " << real_of(six.unfinished));
        REQUIRE(six.unfinished < rational{1, 3});
        REQUIRE(consistent<tiny>(six, c.lambda));
    }
}

namespace {

// The rounding from E = k + x with x's digits `start` given (x uniform on the interval they
// leave, so E/λ uniform on [(k + u)/λ, (k + u + B^−j)/λ)), checked by tests/rounding.hpp's
// rounding_exact. run(digits, e) is the rounding under test.
template <class F, class Die, class Run>
bool rounds_exactly(const Run& run, const cpp_rational& lambda, std::uint64_t k, const std::vector<std::uint64_t>& start, std::size_t depth,
                    cpp_rational* unfinished_out = nullptr) {
    auto interval = [&](const std::vector<std::uint64_t>& digits, std::size_t j) {  // after x's first j digits
        cpp_rational u = 0, width = 1;
        for (std::size_t i = 0; i < j; ++i) {
            width /= static_cast<unsigned>(Die::faces);
            u += width * digits[i];
        }
        return std::pair<cpp_rational, cpp_rational>((k + u) / lambda, (k + u + width) / lambda);
    };
    auto from_start = [&](auto& digits, const std::vector<std::uint64_t>& x) {
        detail::exponential_value e;
        e.k = k;
        for (const std::uint64_t digit : x) e.x.push_back(digit);
        return run(digits, e);
    };
    return rounding_exact<F, Die>(from_start, interval, start, depth, false, unfinished_out);
}

// The rounding as a draw does it (exponential_floor), and on big integers from the start (a draw
// on bits goes there only past 2^120).
template <class F>
auto drawn_rounding(const detail::exponential_rate& rate) {
    return [rate](auto& digits, const detail::exponential_value& e) { return detail::exponential_floor<F>(digits, rate, e); };
}
template <class F>
auto big_rounding(const detail::exponential_rate& rate) {
    return [rate](auto& digits, const detail::exponential_value& e) {
        detail::big num = detail::big::of(e.k), den = detail::big::of(rate.m);
        long long s = -rate.e;
        for (std::size_t i = 0; i < e.x.size(); ++i) {
            num = detail::shifted(num, 1);
            num.add(e.x[i], 0);
            --s;
        }
        std::uint64_t bits = 0;
        detail::round_down<F>(digits, num, den, s, bits);
        return bits;
    };
}

}  // namespace

TEST_CASE("exponential_distribution: the rounding is exact from any start, on every roll sequence of a coin and a d6", "[exponential]") {
    using tiny = binary_format<2, 1>;
    using small = binary_format<3, 2>;
    using medium = binary_format<4, 5>;  // 0 … 252, 32 numbers a binade
    struct case_t {
        detail::exponential_rate rate;
        cpp_rational lambda;
    };
    for (const case_t& c : {case_t{{1, 0}, 1}, case_t{{3, -1}, cpp_rational(3, 2)}, case_t{{1, -3}, cpp_rational(1, 8)},
                            case_t{{5, 0}, 5}, case_t{{3, -3}, cpp_rational(3, 8)}, case_t{{7, -10}, cpp_rational(7, 1024)}}) {
        for (const std::uint64_t k : {0u, 3u})
            for (const std::vector<std::uint64_t>& start : {std::vector<std::uint64_t>{}, {1}, {1, 0, 1}, {1, 1, 1, 1, 1, 1, 1}}) {
                INFO("lambda = " << c.lambda << ", k = " << k << ", start of " << start.size() << " bits");
                cpp_rational unfinished;
                REQUIRE(rounds_exactly<tiny, rollplan::coin>(drawn_rounding<tiny>(c.rate), c.lambda, k, start, 16, &unfinished));
                REQUIRE(unfinished < cpp_rational(1, 1000));
            }
        // 32 numbers a binade: from two starts, on 128-bit and on big integers; the check can fail:
        // the shares of a λ an eighth larger are refused (but where [lo, hi) lies past the largest
        // number, 252, for λ = 7/1024)
        INFO("lambda = " << c.lambda << " in binary_format<4, 5>");
        cpp_rational unfinished;
        REQUIRE(rounds_exactly<medium, rollplan::coin>(drawn_rounding<medium>(c.rate), c.lambda, 0, {}, 16, &unfinished));
        REQUIRE(unfinished < cpp_rational(1, 500));
        REQUIRE(rounds_exactly<medium, rollplan::coin>(drawn_rounding<medium>(c.rate), c.lambda, 3, {1, 0, 1}, 16));
        REQUIRE(rounds_exactly<medium, rollplan::coin>(big_rounding<medium>(c.rate), c.lambda, 1, {1}, 16));
        if (c.rate.e > -10) REQUIRE_FALSE(rounds_exactly<medium, rollplan::coin>(drawn_rounding<medium>(c.rate), c.lambda * cpp_rational(9, 8), 3, {1, 0, 1}, 16));
        for (const std::vector<std::uint64_t>& start : {std::vector<std::uint64_t>{3}, {0, 5}, {5, 5, 5}}) {
            INFO("lambda = " << c.lambda << ", d6 start of " << start.size() << " rolls");
            REQUIRE(rounds_exactly<small, d6>(drawn_rounding<small>(c.rate), c.lambda, 1, start, 7));
            REQUIRE(rounds_exactly<medium, d6>(drawn_rounding<medium>(c.rate), c.lambda, 0, start, 7));
        }
    }
    // a start that 128 bits cannot hold (k = 2^60 with 70 digits of x, λ = 2^54: X near 64; k = 1
    // with 130 digits): on big integers from the start
    {
        std::vector<std::uint64_t> seventy(70), long_start(130);
        for (std::size_t i = 0; i < seventy.size(); ++i) seventy[i] = (i * 7 + 3) % 5 < 2 ? 1 : 0;
        for (std::size_t i = 0; i < long_start.size(); ++i) long_start[i] = (i * 5 + 1) % 3 == 0 ? 1 : 0;
        INFO("starts past 128 bits");
        REQUIRE(rounds_exactly<medium, rollplan::coin>(drawn_rounding<medium>({1, 54}), exact(1, 54), std::uint64_t{1} << 60, seventy, 16));
        REQUIRE(rounds_exactly<medium, rollplan::coin>(drawn_rounding<medium>({3, -1}), cpp_rational(3, 2), 1, long_start, 16));
    }
    // a d6's digits from random starts (rates m·2^e, m odd below 64, e from −8 to 7; k below 4;
    // up to 5 digits): a sixth power of the denominator seldom falls where the digits read with
    // no test end, so that the starts above alone would not show a digit read past the rule
    splitmix64 random{47};
    for (int i = 0; i < 300; ++i) {
        const detail::exponential_rate rate{(random() % 64) | 1, static_cast<int>(random() % 16) - 8};
        const cpp_rational lambda = exact(static_cast<std::int64_t>(rate.m), rate.e);
        std::vector<std::uint64_t> start(random() % 6);
        for (std::uint64_t& digit : start) digit = random() % 6;
        const std::uint64_t k = random() % 4;
        INFO("lambda = " << lambda << ", k = " << k << ", d6 start of " << start.size() << " rolls");
        REQUIRE(rounds_exactly<tiny, d6>(drawn_rounding<tiny>(rate), lambda, k, start, 3));
        REQUIRE(rounds_exactly<medium, d6>(drawn_rounding<medium>(rate), lambda, k, start, 3));
    }
}

TEST_CASE("exponential_distribution: an engine's words give the values their bits give from a coin", "[exponential]") {
    splitmix64 random{43};
    for (const double lambda : {1.0, 1.5, 1e-300, 1e300, 0x1p-1074, std::numeric_limits<double>::max(), 0x1p-20}) {
        INFO("lambda = " << lambda);
        require_words_as_bits(exponential_distribution<double>(lambda), {0, ~std::uint64_t{0}, std::uint64_t{1} << 63, (std::uint64_t{1} << 63) - 1},
                              60, 8, random);
    }
    for (const float lambda : {1.0f, 0.25f, 1e30f, 1e-30f}) {
        INFO("lambda = " << lambda);
        require_words_as_bits(exponential_distribution<float>(lambda), {0, ~std::uint64_t{0}}, 40, 8, random);
    }
}

namespace {

// The Kolmogorov–Smirnov distance of values from the law 1 − e^−λx, and their mean and variance.
struct fit {
    double distance, mean, variance;
};
template <class Real, class G>
fit fit_of(const exponential_distribution<Real>& d, G& g, int n) {
    std::vector<double> v(static_cast<std::size_t>(n));
    for (double& x : v) x = static_cast<double>(d(g));
    std::sort(v.begin(), v.end());
    const double lambda = static_cast<double>(d.lambda());
    fit f{0, 0, 0};
    for (std::size_t i = 0; i < v.size(); ++i) {
        const double law = -std::expm1(-lambda * v[i]);
        f.distance = std::max({f.distance, std::abs(law - static_cast<double>(i) / n), std::abs(static_cast<double>(i + 1) / n - law)});
        f.mean += v[i] / n;
    }
    for (const double x : v) f.variance += (x - f.mean) * (x - f.mean) / (n - 1);
    return f;
}

}  // namespace

TEST_CASE("exponential_distribution: moments and a Kolmogorov-Smirnov test from engines at fixed seeds", "[exponential]") {
    // 20000 values each: the distance below 1.95/√n (the 0.1% level), the mean within 5 standard
    // errors of 1/λ, the variance within 10% of 1/λ²; a d6 source (digits not bits) and minstd_rand
    const int n = 20000;
    std::mt19937_64 g64(5);
    std::mt19937 g32(6);
    std::minstd_rand small(7);
    auto check = [&](const fit& f, double lambda) {
        INFO("distance " << f.distance << ", mean " << f.mean << ", variance " << f.variance);
        REQUIRE(f.distance < 1.95 / std::sqrt(n));
        REQUIRE(std::abs(f.mean * lambda - 1) < 5 / std::sqrt(n));
        REQUIRE(std::abs(f.variance * lambda * lambda - 1) < 0.1);
    };
    check(fit_of(exponential_distribution<double>(1.5), g64, n), 1.5);
    check(fit_of(exponential_distribution<double>(0.001), g32, n), 0.001);
    check(fit_of(exponential_distribution<float>(4.0f), g64, n), 4.0);
    check(fit_of(exponential_distribution<double>(1.0), small, n / 4), 1.0);
    // the check can fail: the law of λ = 1.5 refuses values drawn with λ = 1.6
    std::mt19937_64 other(5);
    std::vector<double> v(static_cast<std::size_t>(n));
    for (double& x : v) x = exponential_distribution<double>(1.6)(other);
    std::sort(v.begin(), v.end());
    double distance = 0;
    for (std::size_t i = 0; i < v.size(); ++i) distance = std::max(distance, std::abs(-std::expm1(-1.5 * v[i]) - static_cast<double>(i) / n));
    REQUIRE(distance > 1.95 / std::sqrt(n));
    // a d6 rolled by a generator: the digits are the rolls
    std::mt19937_64 dice(8);
    auto d6_source = from_faces<d6>([&dice] { return static_cast<std::uint64_t>(dice() % 6 + 1); });
    double mean = 0;
    for (int i = 0; i < 4000; ++i) mean += exponential_distribution<double>(2.0)(d6_source) / 4000;
    REQUIRE(std::abs(mean * 2 - 1) < 5 / std::sqrt(4000.0));
}

TEST_CASE("exponential_distribution: extreme lambda", "[exponential]") {
    std::mt19937_64 g(11);
    // the smallest subnormal: E/λ = E·2^1074 is past the largest finite number unless E < 2^−50
    for (int i = 0; i < 1000; ++i) REQUIRE(exponential_distribution<double>(0x1p-1074)(g) == std::numeric_limits<double>::max());
    // the largest finite λ: E·2^−1024/(2 − 2^−52), subnormal numbers, about a third of them 0
    // below 2^−1074 (E < 2^−50: never here)
    double below = 0;
    for (int i = 0; i < 1000; ++i) {
        const double x = exponential_distribution<double>(std::numeric_limits<double>::max())(g);
        REQUIRE(x >= 0);
        REQUIRE(x < 0x1p-1022 * 32);
        below += x < std::numeric_limits<double>::min() ? 1 : 0;
    }
    REQUIRE(below > 900);
    // 1e300 and 1e-300: the mean within 10% of 1/λ (1000 values)
    double mean = 0;
    for (int i = 0; i < 1000; ++i) mean += exponential_distribution<double>(1e-300)(g) / 1000;
    REQUIRE(std::abs(mean * 1e-300 - 1) < 0.1);
    mean = 0;
    for (int i = 0; i < 1000; ++i) mean += exponential_distribution<double>(1e300)(g) / 1000;
    REQUIRE(std::abs(mean * 1e300 - 1) < 0.1);
    // float: λ the smallest subnormal float gives the largest float
    REQUIRE(exponential_distribution<float>(0x1p-149f)(g) == std::numeric_limits<float>::max());
}

TEST_CASE("exponential_distribution: std's surface", "[exponential]") {
    STATIC_REQUIRE(std::is_same_v<exponential_distribution<>::result_type, double>);
    STATIC_REQUIRE(std::is_same_v<exponential_distribution<float>::result_type, float>);
    STATIC_REQUIRE(std::is_same_v<exponential_distribution<float>::param_type::distribution_type, exponential_distribution<float>>);
    const exponential_distribution<double> one;
    REQUIRE(one.lambda() == 1.0);
    REQUIRE(exponential_distribution<double>::param_type().lambda() == 1.0);
    REQUIRE(one.min() == 0.0);
    REQUIRE(one.max() == std::numeric_limits<double>::max());
    REQUIRE(exponential_distribution<float>().max() == std::numeric_limits<float>::max());
    exponential_distribution<double> d(0.25);
    const exponential_distribution<double>::param_type ten(10.0);
    std::mt19937_64 a(9), b(9);
    for (int i = 0; i < 100; ++i) REQUIRE(d(a, ten) == exponential_distribution<double>(10.0)(b));
    REQUIRE(a == b);
    d.param(ten);
    REQUIRE(d == exponential_distribution<double>(10.0));
    REQUIRE(d != exponential_distribution<double>(0.25));
    for (const double lambda : {0.1, 0x1p-1074, 1e300, std::numeric_limits<double>::max(), 1.0 / 3}) {
        const auto [back, text] = written_and_read(exponential_distribution<double>(lambda), exponential_distribution<double>(5.0));
        INFO(text);
        REQUIRE(back == exponential_distribution<double>(lambda));
    }
    // (libc++'s >> refuses subnormal numbers: the text is read by rollplan's own reader)
    for (const float lambda : {0.1f, 0x1p-149f, std::numeric_limits<float>::max(), 3.4e-40f}) {
        const auto [back, text] = written_and_read(exponential_distribution<float>(lambda), exponential_distribution<float>(5.0f));
        INFO(text);
        REQUIRE(back == exponential_distribution<float>(lambda));
    }
    std::stringstream written;
    written << exponential_distribution<double>(0.1);
    REQUIRE(written.str() == "0.10000000000000001");
    // text that is no λ, or a λ refused, sets failbit and keeps the distribution
    for (const char* bad : {"0", "-1", "nan", "inf", "1e400", "-0", "x", "1e-400"}) {
        const auto [after, failed] = read_from(bad, exponential_distribution<double>(0.5));
        INFO(bad);
        REQUIRE(failed);
        REQUIRE(after == exponential_distribution<double>(0.5));
    }
    std::vector<double> many(64);
    std::mt19937_64 c(4), e(4);
    exponential_distribution<double>(2.0).generate_random(many, c);
    for (const double v : many) REQUIRE(v == exponential_distribution<double>(2.0)(e));
}

TEST_CASE("exponential_distribution: a bad lambda is refused in words", "[exponential]") {
    auto message = [](auto make) { return refusal_of(make); };
    REQUIRE(message([] { (void)exponential_distribution<double>(0.0); }) ==
            "rollplan: exponential_distribution needs lambda > 0 and finite (lambda = 0)");
    REQUIRE(message([] { (void)exponential_distribution<double>(-0.0); }).find("needs lambda > 0") != std::string::npos);
    REQUIRE(message([] { (void)exponential_distribution<double>(-2.5); }).find("(lambda = -2.5)") != std::string::npos);
    REQUIRE(message([] { (void)exponential_distribution<double>(std::nan("")); }).find("needs lambda > 0") != std::string::npos);
    REQUIRE(message([] { (void)exponential_distribution<double>(std::numeric_limits<double>::infinity()); }).find("(lambda = inf)") !=
            std::string::npos);
    REQUIRE(message([] { (void)exponential_distribution<float>(-1.0f); }).find("(lambda = -1)") != std::string::npos);
}
