// normal_distribution: the largest number of the format at or below μ + σZ;
// the rounding exact from any start (sign, k and x's first digits) on every
// roll sequence of a coin and a d6 in small formats (the same code as float
// and double, over the format); Karney's Z by its cells' frequencies in a
// small format against exact normal masses; an engine's words give the values
// their bits give from a coin; moments and a Kolmogorov–Smirnov test at fixed
// seeds; extreme parameters; std's surface; every parameter refused in words.
#include <rollplan/normal.hpp>

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

#include "rounding.hpp"
#include "sequences.hpp"

using namespace rollplan;
using namespace rollplan::testing;

namespace {

// μ = ±a·2^p, σ = m·2^q exactly.
struct case_t {
    detail::normal_parameters p;
    cpp_rational mean() const {
        const cpp_rational magnitude = exact(static_cast<std::int64_t>(p.a), p.p);
        return p.mean_negative ? cpp_rational(-magnitude) : magnitude;
    }
    cpp_rational stddev() const { return exact(static_cast<std::int64_t>(p.m), p.q); }
};

// The rounding from Z = ±(k + x) with x's digits `start` given (x uniform on the interval they
// leave, so V = μ ± σ(k + x) uniform between μ ± σ(k + u) and μ ± σ(k + u + B^−j)), checked by
// tests/rounding.hpp's rounding_exact. stddev: σ as the check believes it (a wrong one is refused).
template <class F, class Die>
bool rounds_exactly(const detail::normal_parameters& p, const cpp_rational& mean, const cpp_rational& stddev, bool negative, std::uint64_t k,
                    const std::vector<std::uint64_t>& start, std::size_t depth, cpp_rational* unfinished = nullptr, bool wide = false) {
    auto interval = [&](const std::vector<std::uint64_t>& digits, std::size_t j) {  // after x's first j digits
        cpp_rational u = 0, width = 1;
        for (std::size_t i = 0; i < j; ++i) {
            width /= static_cast<unsigned>(Die::faces);
            u += width * digits[i];
        }
        const int sign = negative ? -1 : 1;
        return std::pair<cpp_rational, cpp_rational>(mean + sign * stddev * (k + u), mean + sign * stddev * (k + u + width));
    };
    auto run = [&](auto& digits, const std::vector<std::uint64_t>& x) {
        detail::normal_value z;
        z.negative = negative;
        z.k = k;
        for (const std::uint64_t digit : x) z.x.push_back(digit);
        if (!wide) return detail::normal_floor<F>(digits, p, z);
        // on big integers from the start (a draw on bits starts on 128-bit ones)
        const int t = p.a == 0 || p.q < p.p ? p.q : p.p;
        detail::normal_interval<detail::big> v{p.a == 0 ? detail::big::of(0) : detail::shifted(detail::big::of(p.a), static_cast<std::size_t>(p.p - t)),
                                               detail::shifted(detail::big::of(p.m), static_cast<std::size_t>(p.q - t)), detail::big::of(k),
                                               detail::big::of(1), t, p.mean_negative, negative};
        for (const std::uint64_t digit : x) detail::append_digits(v, 2, 1, digit);
        std::uint64_t bits = 0;
        detail::normal_round<F>(digits, v, bits);
        return bits;
    };
    return rounding_exact<F, Die>(run, interval, start, depth, true, unfinished);
}

}  // namespace

TEST_CASE("normal_distribution: the rounding is exact from any start, on every roll sequence of a coin and a d6", "[normal]") {
    using tiny = binary_format<2, 1>;    // ±0, 0.5, 1, 1.5, 2, 3
    using medium = binary_format<4, 5>;  // to ±252, 32 numbers a binade
    // μ = 0, 3/2, −2, 5 (past tiny's largest), −2^−3·7; σ = 1, 1/8, 3, 5/4, 2^−9
    const std::vector<case_t> cases{{{false, 0, 0, 1, 0}}, {{false, 3, -1, 1, -3}}, {{true, 1, 1, 3, 0}},
                                    {{false, 5, 0, 5, -2}}, {{true, 7, -3, 1, -9}}, {{false, 3, -1, 3, 0}}};
    for (const case_t& c : cases)
        for (const bool negative : {false, true})
            for (const std::uint64_t k : {0u, 2u}) {
                for (const std::vector<std::uint64_t>& start : {std::vector<std::uint64_t>{}, {1}, {0, 0, 1}, {1, 1, 1, 1, 1, 1, 1}}) {
                    INFO("mean = " << c.mean() << ", stddev = " << c.stddev() << (negative ? ", -(" : ", +(") << k << " + x), start of "
                                   << start.size() << " bits");
                    cpp_rational unfinished = 0;
                    REQUIRE(rounds_exactly<tiny, rollplan::coin>(c.p, c.mean(), c.stddev(), negative, k, start, 16, &unfinished));
                    REQUIRE(unfinished * 100 < 1);
                    REQUIRE(rounds_exactly<medium, rollplan::coin>(c.p, c.mean(), c.stddev(), negative, k, start, 12));
                }
                for (const std::vector<std::uint64_t>& start : {std::vector<std::uint64_t>{3}, {0, 5}, {5, 5, 5}}) {
                    INFO("mean = " << c.mean() << ", stddev = " << c.stddev() << (negative ? ", -(" : ", +(") << k << " + x), d6 start of "
                                   << start.size() << " rolls");
                    REQUIRE(rounds_exactly<tiny, d6>(c.p, c.mean(), c.stddev(), negative, k, start, 6));
                    REQUIRE(rounds_exactly<medium, d6>(c.p, c.mean(), c.stddev(), negative, k, start, 5));
                }
            }
    // the check can fail: a σ or μ an eighth off is refused, on either side of 0
    for (const bool negative : {false, true}) {
        const case_t c = cases[1];
        REQUIRE_FALSE(rounds_exactly<medium, rollplan::coin>(c.p, c.mean(), c.stddev() * cpp_rational(9, 8), negative, 2, {1}, 16));
        REQUIRE_FALSE(rounds_exactly<medium, rollplan::coin>(c.p, c.mean() * cpp_rational(9, 8), c.stddev(), negative, 2, {1}, 16));
    }
    // on big integers from the start; and past 128 bits midway: V = −2^−15 + σ(k + x), σ =
    // (2^45 + 1)·2^−100, crosses 0 at x0 = frac(2^85/(2^45 + 1)), k = ⌊2^85/(2^45 + 1)⌋ < 2^40;
    // from x0's first 20 bits the walk follows x0 (the interval holds 0), and A = 2^85·2^j and
    // Q·n (46 + 60 bits) pass 2^120 some 13 digits on
    for (const case_t& c : {cases[1], cases[2], cases[4]}) {
        INFO("mean = " << c.mean() << ", stddev = " << c.stddev() << " on big integers");
        REQUIRE(rounds_exactly<medium, rollplan::coin>(c.p, c.mean(), c.stddev(), true, 1, {1, 0}, 16, nullptr, true));
    }
    {
        const detail::normal_parameters p{true, 1, -15, (std::uint64_t{1} << 45) + 1, -100};
        const cpp_int ratio_top = cpp_int(1) << 85, ratio_bottom = (cpp_int(1) << 45) + 1;
        const auto k = static_cast<std::uint64_t>(ratio_top / ratio_bottom);
        cpp_int rest = ratio_top % ratio_bottom;
        std::vector<std::uint64_t> start;
        for (int i = 0; i < 20; ++i) {
            rest *= 2;
            start.push_back(rest >= ratio_bottom ? 1 : 0);
            if (rest >= ratio_bottom) rest -= ratio_bottom;
        }
        const case_t c{p};
        cpp_rational unfinished = 0;
        REQUIRE(rounds_exactly<medium, rollplan::coin>(p, c.mean(), c.stddev(), false, k, start, 16, &unfinished));
        REQUIRE(rounds_exactly<medium, rollplan::coin>(p, c.mean(), c.stddev(), false, k, start, 16, nullptr, true));
        REQUIRE(unfinished > 0);  // (a path follows x0 past the walk's depth: the test keeps failing along it)
        REQUIRE_FALSE(rounds_exactly<medium, rollplan::coin>(p, c.mean(), c.stddev() * cpp_rational(9, 8), false, k, start, 16));
    }
    // random parameters and starts on a d6 and a coin (μ = ±a·2^p, a odd below 64 or 0, p and q
    // from −8 to 7; σ's m odd below 64; k below 4; up to 5 digits)
    splitmix64 random{61};
    for (int i = 0; i < 100; ++i) {
        const std::uint64_t a = random() % 5 == 0 ? 0 : (random() % 64) | 1;
        const case_t c{{random() % 2 == 0, a, a == 0 ? 0 : static_cast<int>(random() % 16) - 8, (random() % 64) | 1,
                        static_cast<int>(random() % 16) - 8}};
        std::vector<std::uint64_t> start(random() % 6);
        for (std::uint64_t& digit : start) digit = random() % 6;
        const bool negative = random() % 2 == 0;
        const std::uint64_t k = random() % 4;
        INFO("mean = " << c.mean() << ", stddev = " << c.stddev() << (negative ? ", -(" : ", +(") << k << " + x), d6 start of "
                       << start.size() << " rolls");
        REQUIRE(rounds_exactly<tiny, d6>(c.p, c.mean(), c.stddev(), negative, k, start, 3));
        REQUIRE(rounds_exactly<medium, d6>(c.p, c.mean(), c.stddev(), negative, k, start, 3));
        for (std::uint64_t& digit : start) digit %= 2;
        REQUIRE(rounds_exactly<medium, rollplan::coin>(c.p, c.mean(), c.stddev(), negative, k, start, 8));
    }
}

namespace {

double phi(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// Karney's Z then the rounding, in binary_format<2, 1> (±0.5 … ±3: 11 cells for μ = 0, σ = 1),
// n draws from g: a chi-square statistic of the cells' counts against their normal masses.
template <class Source>
double chi_square_tiny(Source&& source, double mean, double stddev, const detail::normal_parameters& p, int n) {
    using tiny = binary_format<2, 1>;
    std::map<std::uint64_t, int> count;
    auto as_source_of = as_source(source);
    detail::digit_stream<decltype(as_source_of)> digits(as_source_of);
    for (int i = 0; i < n; ++i) {
        detail::normal_value z;
        detail::karney_normal(digits, z);
        ++count[detail::normal_floor<tiny>(digits, p, z)];
    }
    const std::vector<std::uint64_t> numbers = numbers_in_order<tiny>(true);
    double chi = 0;
    for (std::size_t i = 0; i < numbers.size(); ++i) {
        const double lo = i == 0 ? -INFINITY : static_cast<double>(value_exactly<tiny>(numbers[i]));
        const double hi = i + 1 == numbers.size() ? INFINITY : static_cast<double>(value_exactly<tiny>(numbers[i + 1]));
        const double expected = n * (phi((hi - mean) / stddev) - phi((lo - mean) / stddev));
        const double seen = count.count(numbers[i]) != 0 ? count[numbers[i]] : 0;
        chi += expected > 0 ? (seen - expected) * (seen - expected) / expected : (seen > 0 ? 1e9 : 0);
    }
    return chi;
}

}  // namespace

TEST_CASE("normal_distribution: Karney's Z, each cell of a small format as often as its normal mass", "[normal]") {
    // 11 cells (−3 … 3, the lowest and largest taking the tails); chi-square with 10 degrees of
    // freedom: 29.59 at the 0.1% level.
    // μ = 0, σ = 1 and μ = 1/2, σ = 3/4, from a 64-bit engine's bits and a d6's digits
    std::mt19937_64 g(21);
    REQUIRE(chi_square_tiny(g, 0, 1, {false, 0, 0, 1, 0}, 40000) < 29.59);
    REQUIRE(chi_square_tiny(g, 0.5, 0.75, {false, 1, -1, 3, -2}, 40000) < 29.59);
    std::mt19937_64 dice(22);
    auto d6_source = from_faces<d6>([&dice] { return static_cast<std::uint64_t>(dice() % 6 + 1); });
    REQUIRE(chi_square_tiny(d6_source, 0, 1, {false, 0, 0, 1, 0}, 10000) < 29.59);
    // the check can fail: values of σ = 1 refused as σ = 0.9, and as μ = 0.1
    std::mt19937_64 h(21);
    REQUIRE(chi_square_tiny(h, 0, 0.9, {false, 0, 0, 1, 0}, 40000) > 29.59);
    std::mt19937_64 h2(21);
    REQUIRE(chi_square_tiny(h2, 0.1, 1, {false, 0, 0, 1, 0}, 40000) > 29.59);
}

TEST_CASE("normal_distribution: an engine's words give the values their bits give from a coin", "[normal]") {
    splitmix64 random{53};
    for (const auto& [mean, stddev] : std::vector<std::pair<double, double>>{{0.0, 1.0}, {-3.0, 0.25}, {1e300, 1e290}, {0.0, 0x1p-1074},
                                                                             {5.0, std::numeric_limits<double>::max()}}) {
        INFO("mean = " << mean << ", stddev = " << stddev);
        require_words_as_bits(normal_distribution<double>(mean, stddev), {0, ~std::uint64_t{0}, std::uint64_t{1} << 63, (std::uint64_t{1} << 63) - 1},
                              40, 8, random);
    }
    require_words_as_bits(normal_distribution<float>(2.0f, 0.5f), {0, ~std::uint64_t{0}}, 40, 8, random);
}

namespace {

// The Kolmogorov–Smirnov distance of values from Φ((x − μ)/σ), and their mean and variance.
struct fit {
    double distance, mean, variance;
};
template <class Real, class G>
fit fit_of(const normal_distribution<Real>& d, G& g, int n, double mean, double stddev) {
    std::vector<double> v(static_cast<std::size_t>(n));
    for (double& x : v) x = static_cast<double>(d(g));
    std::sort(v.begin(), v.end());
    fit f{0, 0, 0};
    for (std::size_t i = 0; i < v.size(); ++i) {
        const double law = phi((v[i] - mean) / stddev);
        f.distance = std::max({f.distance, std::abs(law - static_cast<double>(i) / n), std::abs(static_cast<double>(i + 1) / n - law)});
        f.mean += v[i] / n;
    }
    for (const double x : v) f.variance += (x - f.mean) * (x - f.mean) / (n - 1);
    return f;
}

}  // namespace

TEST_CASE("normal_distribution: moments and a Kolmogorov-Smirnov test from engines at fixed seeds", "[normal]") {
    // 20000 values each: the distance below 1.95/√n (the 0.1% level), the mean within 5 standard
    // errors of μ, the variance within 10% of σ²
    const int n = 20000;
    std::mt19937_64 g64(5);
    std::mt19937 g32(6);
    std::minstd_rand small(7);
    auto check = [&](const fit& f, double mean, double stddev, int m) {
        INFO("distance " << f.distance << ", mean " << f.mean << ", variance " << f.variance);
        REQUIRE(f.distance < 1.95 / std::sqrt(m));
        REQUIRE(std::abs(f.mean - mean) < 5 * stddev / std::sqrt(m));
        REQUIRE(std::abs(f.variance / (stddev * stddev) - 1) < 0.1);
    };
    check(fit_of(normal_distribution<double>(), g64, n, 0, 1), 0, 1, n);
    check(fit_of(normal_distribution<double>(-7.5, 0.001), g32, n, -7.5, 0.001), -7.5, 0.001, n);
    check(fit_of(normal_distribution<float>(100.0f, 4.0f), g64, n, 100, 4), 100, 4, n);
    check(fit_of(normal_distribution<double>(1.0, 2.0), small, n / 4, 1, 2), 1, 2, n / 4);
    // the check can fail: values of σ = 1.1 refused as σ = 1
    std::mt19937_64 other(5);
    const fit wrong = fit_of(normal_distribution<double>(0.0, 1.1), other, n, 0, 1);
    REQUIRE(wrong.distance > 1.95 / std::sqrt(n));
}

TEST_CASE("normal_distribution: extreme parameters", "[normal]") {
    std::mt19937_64 g(11);
    const double max = std::numeric_limits<double>::max();
    // σ the largest: |V| past the largest finite number unless |Z| < 1: ±max (the lowest for
    // negative V), about 68% finite values between
    int at_ends = 0;
    for (int i = 0; i < 1000; ++i) {
        const double x = normal_distribution<double>(0.0, max)(g);
        REQUIRE(std::isfinite(x));
        at_ends += x == max || x == -max ? 1 : 0;
    }
    REQUIRE(at_ends > 250);
    REQUIRE(at_ends < 400);
    // μ the largest, σ = 1: V = max + Z, |Z| far below max's quantum 2^971: max itself for Z >= 0,
    // its predecessor for Z < 0; μ = −max: −max for every Z (its cell, or below it)
    for (int i = 0; i < 200; ++i) {
        const double x = normal_distribution<double>(max, 1.0)(g);
        REQUIRE((x == max || x == std::nextafter(max, 0.0)));
    }
    for (int i = 0; i < 200; ++i) REQUIRE(normal_distribution<double>(-max, 1.0)(g) == -max);  // V below −max, or in its cell
    // σ the least subnormal, μ = 0: V = Z·2^−1074, |Z| < 1 mostly: 0 for Z >= 0, −2^−1074 below
    int zeros = 0;
    for (int i = 0; i < 1000; ++i) {
        const double x = normal_distribution<double>(0.0, 0x1p-1074)(g);
        REQUIRE(std::abs(x) <= 0x1p-1074 * 8);
        REQUIRE(!std::signbit(x) == (x >= 0));
        zeros += x == 0 ? 1 : 0;
    }
    REQUIRE(zeros > 300);
    REQUIRE(zeros < 400);  // P(0 <= Z < 1) = 0.341
    // a μ below 1, of either sign, with a small σ: every value within 10σ of μ
    for (const double mean : {0.75, -0.75, 0x1p-30}) {
        INFO("mean = " << mean);
        for (int i = 0; i < 200; ++i) REQUIRE(std::abs(normal_distribution<double>(mean, 1e-9)(g) - mean) < 1e-8);
    }
    // a tiny σ beside a large μ: every value μ itself or its predecessor
    for (int i = 0; i < 200; ++i) {
        const double x = normal_distribution<double>(1.0, 1e-300)(g);
        REQUIRE((x == 1.0 || x == std::nextafter(1.0, 0.0)));
    }
    REQUIRE(std::isfinite(normal_distribution<float>(0.0f, std::numeric_limits<float>::max())(g)));
}

TEST_CASE("normal_distribution: std's surface", "[normal]") {
    STATIC_REQUIRE(std::is_same_v<normal_distribution<>::result_type, double>);
    STATIC_REQUIRE(std::is_same_v<normal_distribution<float>::result_type, float>);
    STATIC_REQUIRE(std::is_same_v<normal_distribution<float>::param_type::distribution_type, normal_distribution<float>>);
    const normal_distribution<double> standard;
    REQUIRE(standard.mean() == 0.0);
    REQUIRE(standard.stddev() == 1.0);
    REQUIRE(normal_distribution<double>(2.0).stddev() == 1.0);
    REQUIRE(normal_distribution<double>::param_type().mean() == 0.0);
    REQUIRE(normal_distribution<double>::param_type(3.0).stddev() == 1.0);
    REQUIRE(standard.min() == std::numeric_limits<double>::lowest());
    REQUIRE(standard.max() == std::numeric_limits<double>::max());
    REQUIRE(normal_distribution<float>().max() == std::numeric_limits<float>::max());
    normal_distribution<double> d(0.25, 3.0);
    const normal_distribution<double>::param_type ten(10.0, 0.5);
    std::mt19937_64 a(9), b(9);
    for (int i = 0; i < 100; ++i) REQUIRE(d(a, ten) == normal_distribution<double>(10.0, 0.5)(b));
    REQUIRE(a == b);
    d.param(ten);
    REQUIRE(d == normal_distribution<double>(10.0, 0.5));
    REQUIRE(d != normal_distribution<double>(10.0, 0.25));
    REQUIRE(d != normal_distribution<double>(0.25, 0.5));
    d.reset();
    REQUIRE(d == normal_distribution<double>(10.0, 0.5));
    for (const auto& [mean, stddev] : std::vector<std::pair<double, double>>{
             {0.1, 0.2}, {-0x1p-1074, 0x1p-1074}, {-1e300, 1e300}, {-std::numeric_limits<double>::max(), std::numeric_limits<double>::max()}, {-0.0, 1.0 / 3}}) {
        const auto [back, text] = written_and_read(normal_distribution<double>(mean, stddev), normal_distribution<double>(5.0, 5.0));
        INFO(text);
        REQUIRE(back == normal_distribution<double>(mean, stddev));
        REQUIRE(std::signbit(back.mean()) == std::signbit(mean));
    }
    for (const auto& [mean, stddev] : std::vector<std::pair<float, float>>{{0.1f, 0x1p-149f}, {-3.4e-40f, std::numeric_limits<float>::max()}}) {
        const auto [back, text] = written_and_read(normal_distribution<float>(mean, stddev), normal_distribution<float>(5.0f, 5.0f));
        INFO(text);
        REQUIRE(back == normal_distribution<float>(mean, stddev));
    }
    std::stringstream written;
    written << normal_distribution<double>(-0.1, 2.0);
    REQUIRE(written.str() == "-0.10000000000000001 2");
    // text that is no mean and stddev, or values refused, sets failbit and keeps the distribution
    for (const char* bad : {"0 0", "0 -1", "nan 1", "1 inf", "1e400 1", "0 1e400", "0 -0", "x 1", "0", "--1 1", "+1 1", "0 1e-400"}) {
        const auto [after, failed] = read_from(bad, normal_distribution<double>(0.5, 2.0));
        INFO(bad);
        REQUIRE(failed);
        REQUIRE(after == normal_distribution<double>(0.5, 2.0));
    }
    // a float: a stddev that is 0 as a float, or past its largest, is refused as the constructor would
    for (const char* bad : {"0 1e-50", "0 1e39", "1e39 1"}) {
        const auto [after, failed] = read_from(bad, normal_distribution<float>(0.5f, 2.0f));
        INFO(bad);
        REQUIRE(failed);
        REQUIRE(after == normal_distribution<float>(0.5f, 2.0f));
    }
    std::vector<double> many(64);
    std::mt19937_64 c(4), e(4);
    normal_distribution<double>(2.0, 3.0).generate_random(many, c);
    for (const double v : many) REQUIRE(v == normal_distribution<double>(2.0, 3.0)(e));
}

TEST_CASE("normal_distribution: bad parameters are refused in words", "[normal]") {
    auto message = [](auto make) { return refusal_of(make); };
    REQUIRE(message([] { (void)normal_distribution<double>(0.0, 0.0); }) ==
            "rollplan: normal_distribution needs stddev > 0 and finite (stddev = 0)");
    REQUIRE(message([] { (void)normal_distribution<double>(0.0, -2.5); }).find("(stddev = -2.5)") != std::string::npos);
    REQUIRE(message([] { (void)normal_distribution<double>(0.0, std::nan("")); }).find("needs stddev > 0") != std::string::npos);
    REQUIRE(message([] { (void)normal_distribution<double>(0.0, std::numeric_limits<double>::infinity()); }).find("(stddev = inf)") !=
            std::string::npos);
    REQUIRE(message([] { (void)normal_distribution<double>(std::numeric_limits<double>::infinity()); }) ==
            "rollplan: normal_distribution needs a finite mean (mean = inf)");
    REQUIRE(message([] { (void)normal_distribution<double>(std::nan("")); }).find("needs a finite mean") != std::string::npos);
    REQUIRE(message([] { (void)normal_distribution<float>(0.0f, -1.0f); }).find("(stddev = -1)") != std::string::npos);
}
