// discrete_gaussian_distribution: y with probability e^(−y²/(2σ²)) / Σ_z
// e^(−z²/(2σ²)), on every roll sequence of a coin and a d6; an engine's words
// give the values their bits give from a coin; std's surface; every
// parameter refused in words.
#include <rollplan/discrete_gaussian.hpp>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <rollplan/engines.hpp>

#include "sequences.hpp"

using namespace rollplan;
using namespace rollplan::testing;

namespace {

// The discrete Gaussian's mass at y, for σ²: e^(−y²/(2σ²)) over the sum of all of them
// (terms past |z| = 40σ + 40 are below 10^−300).
real gaussian_mass(long long y, const real& sigma2) {
    real total = 0;
    const long long far = static_cast<long long>(40 * sqrt(sigma2)) + 40;
    for (long long z = -far; z <= far; ++z) total += exp(-real(z * z) / (2 * sigma2));
    return exp(-real(y * y) / (2 * sigma2)) / total;
}

// Each value's mass within [found, found + unfinished] of the Gaussian's, and the mass past
// −m … m within the same of the rest.
bool consistent(const masses& m, long long most, const real& sigma2) {
    real inside = 0;
    for (long long y = -most; y <= most; ++y) {
        const real p = gaussian_mass(y, sigma2);
        inside += p;
        if (!within(m.of[static_cast<std::size_t>(y + most)], m.unfinished, p)) return false;
    }
    return within(m.below + m.beyond, m.unfinished, 1 - inside);
}

}  // namespace

namespace rollplan::detail {
// One attempt of a draw (a Laplace proposal and its trial) from a source: y accepted, or
// `rejected`.
struct gaussian_attempts {
    static constexpr long long rejected = std::numeric_limits<long long>::min();
    template <class T, class S>
    static long long attempt(const discrete_gaussian_distribution<T>& d, S& source) {
        decltype(auto) s = as_source(source);
        digit_stream<decltype(s)> digits(s);
        const std::optional<T> y = discrete_gaussian_distribution<T>::attempt(digits, d.param());
        return y ? static_cast<long long>(*y) : rejected;
    }
};
}  // namespace rollplan::detail

namespace {

// What one attempt shows on every sequence of up to `depth` rolls of Die.
struct attempt_masses {
    std::map<long long, rational> of;  // accepted values
    rational rejected, unfinished;
};
template <class Die>
attempt_masses on_every_attempt(const discrete_gaussian_distribution<int>& d, std::size_t depth) {
    attempt_masses m;
    auto weight = weight_of<Die>;
    detail::walk_sequences<Die>([&](auto& source) { return detail::gaussian_attempts::attempt(d, source); }, depth,
                                [&](std::size_t length, long long value) {
                                    rational& to = value == detail::gaussian_attempts::rejected ? m.rejected : m.of[value];
                                    to = to + weight(length);
                                },
                                [&](std::size_t length) {
                                    if (length == depth) m.unfinished = m.unfinished + weight(length);
                                });
    return m;
}

// An attempt's law for σ² (t = ⌊σ⌋ + 1): y proposed with probability (1 − q)/(1 + q)·q^|y|,
// q = e^(−1/t), and accepted with probability e^−((|y| − σ²/t)²/(2σ²)). Each value within
// [found, found + unfinished] of it, and so the rejections, and the values past ±most together.
bool attempt_consistent(const attempt_masses& m, long long most, const real& sigma2, const real& t) {
    const real q = exp(-1 / t), c = (1 - q) / (1 + q);
    auto accepted = [&](long long y) {
        const real k = real(y < 0 ? -y : y), gap = k - sigma2 / t;
        return c * pow(q, static_cast<int>(y < 0 ? -y : y)) * exp(-gap * gap / (2 * sigma2));
    };
    real all = 0, inside = 0;
    rational found_outside;
    for (long long y = -400; y <= 400; ++y) {
        all += accepted(y);
        if (y >= -most && y <= most) {
            inside += accepted(y);
            const auto at = m.of.find(y);
            if (!within(at == m.of.end() ? rational{} : at->second, m.unfinished, accepted(y))) return false;
        }
    }
    for (const auto& [y, mass] : m.of)
        if (y < -most || y > most) found_outside = found_outside + mass;
    return within(found_outside, m.unfinished, all - inside) && within(m.rejected, m.unfinished, 1 - all);
}

}  // namespace

TEST_CASE("discrete_gaussian_distribution: one attempt exact on every roll sequence of a coin and a d6", "[discrete_gaussian]") {
    // σ² = 1/2 (t = 1), 1 and 2 (t = 2; for 2, |y| = 1 = σ²/t: x = 0, accepted with no
    // flip), 10 (t = 4: the Laplace's s = 1, a trial b_0 too), given as rationals and as
    // doubles, from a coin (16 flips)
    struct case_t {
        discrete_gaussian_distribution<int> d;
        real sigma2;
        long long t;
    };
    const long long most = 6;
    for (const case_t& c : {case_t{discrete_gaussian_distribution<int>(rational{1, 2}), real(0.5), 1},
                            case_t{discrete_gaussian_distribution<int>(1.0), real(1), 2},
                            case_t{discrete_gaussian_distribution<int>(rational{2}), real(2), 2},
                            case_t{discrete_gaussian_distribution<int>(10.0), real(10), 4}}) {
        INFO("sigma2 = " << c.sigma2);
        const real sigma2 = c.sigma2, t = real(c.t);
        const attempt_masses coin_masses = on_every_attempt<coin>(c.d, 16);
        REQUIRE(attempt_consistent(coin_masses, most, sigma2, t));
        REQUIRE(coin_masses.unfinished < rational{1, 6});
        // the check can fail: σ² 10% off is refused (t kept)
        REQUIRE_FALSE(attempt_consistent(coin_masses, most, sigma2 * real(1.1), t));
        REQUIRE_FALSE(attempt_consistent(coin_masses, most, sigma2 / real(1.1), t));
    }
    // a d6's digits are not bits: each step of a trial computes bounds with big integers
    const attempt_masses six = on_every_attempt<d6>(discrete_gaussian_distribution<int>(rational{1, 2}), 5);
    REQUIRE(attempt_consistent(six, most, real(0.5), real(1)));
    REQUIRE(six.unfinished < rational{2, 5});
}

TEST_CASE("discrete_gaussian_distribution: whole draws on every roll sequence of a coin", "[discrete_gaussian]") {
    // attempts follow one another on the same bits: whole draws (14 flips, of which about a
    // third of the mass is still unfinished) within their bounds of the Gaussian's masses
    const long long most = 6;
    for (const rational sigma2 : {rational{1, 2}}) {
        INFO("sigma2 = " << sigma2.to_double());
        const masses coin_masses = on_every_sequence<coin>(discrete_gaussian_distribution<int>(sigma2), 14, 2 * most + 1, -most);
        REQUIRE(consistent(coin_masses, most, real_of(sigma2)));
        REQUIRE(coin_masses.unfinished < rational{1, 3});
        REQUIRE_FALSE(consistent(coin_masses, most, real_of(sigma2) * 2));
        REQUIRE_FALSE(consistent(coin_masses, most, real_of(sigma2) / 2));
    }
}

TEST_CASE("discrete_gaussian_distribution: an engine's words give the values their bits give from a coin", "[discrete_gaussian]") {
    // first words at the edges, then random: 64- and 32-bit words and a coin fed their bits give
    // one value, and the words read are those the bits need
    splitmix64 random{41};
    for (const double sigma2 : {1.0, 0.3, 2.0, 100.0, 1e6}) {
        INFO("sigma2 = " << sigma2);
        const discrete_gaussian_distribution<long long> d(sigma2);
        require_words_as_bits(d, {0, ~std::uint64_t{0}, std::uint64_t{1} << 63, (std::uint64_t{1} << 63) - 1}, 100, 8, random);
    }
}

TEST_CASE("discrete_gaussian_distribution: frequencies and variance from engines, and extreme sigma2", "[discrete_gaussian]") {
    std::mt19937_64 g64(1);
    std::mt19937 g32(2);
    std::minstd_rand small(3);
    for (const double sigma2 : {0.5, 1.0, 7.5}) {
        INFO("sigma2 = " << sigma2);
        const discrete_gaussian_distribution<int> d(sigma2);
        const int n = 12000;
        const tally drawn = tally_of(d, n, 20, small, g64, g32);  // minstd_rand: big integers each step
        double total = 0, variance = 0;
        for (int z = -100; z <= 100; ++z) {
            total += std::exp(-z * z / (2 * sigma2));
            variance += z * z * std::exp(-z * z / (2 * sigma2));
        }
        variance /= total;
        for (int y = -2; y <= 2; ++y) {
            const double p = std::exp(-y * y / (2 * sigma2)) / total;
            const auto seen = drawn.count.find(y);
            REQUIRE(std::abs((seen == drawn.count.end() ? 0 : seen->second) / double(n) - p) < 6 * std::sqrt(p * (1 - p) / n));
        }
        REQUIRE(std::abs(drawn.mean_square / variance - 1) < 0.1);
    }
    // the largest σ² of each type finishes, its values within the type: ⌊σ⌋ + 1 <= 2^w/45
    const discrete_gaussian_distribution<long long> wide(0x1p114), twelve(1e24);  // σ = 2^57, 10^12
    const discrete_gaussian_distribution<int> wide_int(rational{(count_t{47721858} - 1) * (count_t{47721858} - 1)});  // t = 47721858
    REQUIRE_THROWS_AS(discrete_gaussian_distribution<int>(rational{count_t{47721858} * 47721858}), std::invalid_argument);
    double squares = 0;
    for (int i = 0; i < 1000; ++i) {
        const double y = static_cast<double>(wide(g64));
        squares += y * y;
        (void)wide_int(g32);
        (void)twelve(g64);
    }
    REQUIRE(std::abs(squares / 1000 / 0x1p114 - 1) < 0.2);  // E y² ≈ σ²
    // the least double: every value 0 (|y| = 1 has probability e^−(2^1073))
    const discrete_gaussian_distribution<int> least(0x1p-1074);
    for (int i = 0; i < 100; ++i) REQUIRE(least(g64) == 0);
}

TEST_CASE("discrete_gaussian_distribution: std's surface", "[discrete_gaussian]") {
    STATIC_REQUIRE(std::is_same_v<discrete_gaussian_distribution<>::result_type, int>);
    STATIC_REQUIRE(std::is_same_v<discrete_gaussian_distribution<std::int8_t>::result_type, std::int8_t>);
    STATIC_REQUIRE(
        std::is_same_v<discrete_gaussian_distribution<long>::param_type::distribution_type, discrete_gaussian_distribution<long>>);
    const discrete_gaussian_distribution<int> one;
    REQUIRE(one.sigma2() == 1.0);
    REQUIRE(discrete_gaussian_distribution<int>::param_type().sigma2() == 1.0);
    REQUIRE(one.min() == -std::numeric_limits<int>::max());
    REQUIRE(one.max() == std::numeric_limits<int>::max());
    discrete_gaussian_distribution<long long> d(0.25);
    const discrete_gaussian_distribution<long long>::param_type ten(10.0);
    std::mt19937_64 a(9), b(9);
    for (int i = 0; i < 100; ++i) REQUIRE(d(a, ten) == discrete_gaussian_distribution<long long>(10.0)(b));
    REQUIRE(a == b);
    d.param(ten);
    REQUIRE(d == discrete_gaussian_distribution<long long>(10.0));
    REQUIRE(d != discrete_gaussian_distribution<long long>(0.25));
    REQUIRE(discrete_gaussian_distribution<int>(rational{3, 2}) == discrete_gaussian_distribution<int>(rational{6, 4}));
    // int8_t: ⌊σ⌋ + 1 <= 128/45, so σ² < 4
    REQUIRE(discrete_gaussian_distribution<std::int8_t>(3.99).sigma2() == 3.99);
    REQUIRE_THROWS_AS(discrete_gaussian_distribution<std::int8_t>(4.0), std::invalid_argument);
    for (const discrete_gaussian_distribution<int>& e :
         {discrete_gaussian_distribution<int>(0.1), discrete_gaussian_distribution<int>(0x1p-1074),
          discrete_gaussian_distribution<int>(rational{two_to_64, 387000000001}), discrete_gaussian_distribution<int>(2e15),
          discrete_gaussian_distribution<int>(2.0)}) {
        const auto [back, text] = written_and_read(e, discrete_gaussian_distribution<int>(5.0));
        INFO(text);
        REQUIRE(back == e);
    }
    std::stringstream written;
    written << discrete_gaussian_distribution<int>(rational{7, 3});
    REQUIRE(written.str() == "7/3");
    // text that is no σ², or a σ² this type refuses, sets failbit and keeps the distribution
    for (const char* bad : {"0", "-1", "nan", "inf", "1e400", "1/0", "0/5", "3e15", "18446744073709551617/3", "x"}) {
        const auto [after, failed] = read_from(bad, discrete_gaussian_distribution<int>(0.5));
        INFO(bad);
        REQUIRE(failed);
        REQUIRE(after == discrete_gaussian_distribution<int>(0.5));
    }
    std::vector<int> many(64);
    std::mt19937_64 c(4), e(4);
    discrete_gaussian_distribution<int>(2.0).generate_random(many, c);
    for (const int v : many) REQUIRE(v == discrete_gaussian_distribution<int>(2.0)(e));
}

TEST_CASE("discrete_gaussian_distribution: a bad sigma2 is refused in words", "[discrete_gaussian]") {
    auto message = [](auto make) { return refusal_of(make); };
    REQUIRE(message([] { (void)discrete_gaussian_distribution<int>(0.0); }) ==
            "rollplan: discrete_gaussian_distribution needs a variance sigma2 > 0 and finite (sigma2 = 0)");
    REQUIRE(message([] { (void)discrete_gaussian_distribution<int>(-2.0); }).find("(sigma2 = -2)") != std::string::npos);
    REQUIRE(message([] { (void)discrete_gaussian_distribution<int>(std::nan("")); }).find("needs a variance sigma2 > 0") !=
            std::string::npos);
    REQUIRE(message([] { (void)discrete_gaussian_distribution<int>(std::numeric_limits<double>::infinity()); })
                .find("(sigma2 = inf)") != std::string::npos);
    REQUIRE(message([] { (void)discrete_gaussian_distribution<int>(3e15); })
                .find("rollplan: discrete_gaussian_distribution<T> needs floor(sqrt(sigma2)) + 1 <= 2^w / 45") == 0);
    REQUIRE(message([] { (void)discrete_gaussian_distribution<int>(3e15); }).find("(sigma2 = 3000000000000000)") != std::string::npos);
    // the largest double is finite: refused as too large for T, not as infinite
    REQUIRE(message([] { (void)discrete_gaussian_distribution<long long>(std::numeric_limits<double>::max()); })
                .find("rollplan: discrete_gaussian_distribution<T> needs floor(sqrt(sigma2))") == 0);
    REQUIRE(message([] { (void)discrete_gaussian_distribution<int>(rational{two_to_64 + 1, 2}); }) ==
            "rollplan: discrete_gaussian_distribution needs sigma2 = a/b with a and b at most 2^64 (a = 18446744073709551617, b = 2)");
    REQUIRE(message([] { (void)discrete_gaussian_distribution<int>(rational{0}); }).find("needs a variance sigma2 > 0") !=
            std::string::npos);
}
