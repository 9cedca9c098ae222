// discrete_laplace_distribution: y with probability (1 − q)/(1 + q)·q^|y|,
// q = e^(−1/t), on every roll sequence of a coin and a d6; an engine's words
// give the values their bits give from a coin; std's surface; every
// parameter refused in words.
#include <rollplan/discrete_laplace.hpp>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
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

// Each value's mass within [found, found + unfinished] of (1 − q)/(1 + q)·q^|y|, and
// the mass past −m … m within the same of the rest, 2·q^(m+1)/(1 + q).
bool consistent(const masses& m, long long most, const real& t) {
    const real q = exp(-1 / t), c = (1 - q) / (1 + q);
    for (long long y = -most; y <= most; ++y)
        if (!within(m.of[static_cast<std::size_t>(y + most)], m.unfinished, c * pow(q, static_cast<int>(y < 0 ? -y : y)))) return false;
    return within(m.below + m.beyond, m.unfinished, 2 * pow(q, static_cast<int>(most + 1)) / (1 + q));
}

}  // namespace

TEST_CASE("discrete_laplace_distribution: exact on every roll sequence of a coin and a d6", "[discrete_laplace]") {
    // t = 1 and 1/2 (s = 0: one kind of trial), 5/2 and 3 (s = 1: b_0 too), from a coin (16 flips)
    // and a d6
    struct case_t {
        const char* name;
        discrete_laplace_distribution<int> d;
        real t;
        rational unfinished_coin;
    };
    const std::vector<case_t> cases = {
        {"1", discrete_laplace_distribution<int>(1.0), real(1), rational{1, 30}},
        {"1/2", discrete_laplace_distribution<int>(rational{1, 2}), real(0.5), rational{1, 30}},
        {"5/2", discrete_laplace_distribution<int>(rational{5, 2}), real(2.5), rational{1, 15}},
        {"3", discrete_laplace_distribution<int>(3.0), real(3), rational{1, 20}},
    };
    const long long most = 6;
    for (const case_t& c : cases) {
        INFO("t = " << c.name);
        const masses coin_masses = on_every_sequence<coin>(c.d, 16, 2 * most + 1, -most);
        REQUIRE(consistent(coin_masses, most, c.t));
        REQUIRE(coin_masses.unfinished < c.unfinished_coin);  // about two flips a trial
        // the check can fail: t 10% off is refused
        REQUIRE_FALSE(consistent(coin_masses, most, c.t * real(1.1)));
        // a d6's digits are not bits: each step of a trial computes e^−x's bounds with big
        // integers, so 5 rolls (7776 sequences) for the cases of s = 0 only
        if (c.t <= real(1)) {
            const masses six = on_every_sequence<d6>(c.d, 5, 2 * most + 1, -most);
            REQUIRE(consistent(six, most, c.t));
            REQUIRE(six.unfinished < rational{2, 5});
        }
    }
    // a sign drawn at random for 0 too would give 0 the weight of ±1's each: refused
    const masses one = on_every_sequence<coin>(discrete_laplace_distribution<int>(1.0), 16, 3, -1);
    REQUIRE(real_of(one.of[1]) > real_of(one.of[0]) * 2);
}

TEST_CASE("discrete_laplace_distribution: an engine's words give the values their bits give from a coin", "[discrete_laplace]") {
    // first words at the thresholds of each trial, then random: 64- and 32-bit words and a coin
    // fed their bits give one value, and the words read are those the bits need
    splitmix64 random{23};
    for (const double t : {1.0, 0.3, 2.5, 100.0, 1e6}) {
        INFO("t = " << t);
        const discrete_laplace_distribution<long long> d(t);
        std::vector<std::uint64_t> edges = {0, ~std::uint64_t{0}, std::uint64_t{1} << 63, (std::uint64_t{1} << 63) - 1};
        for (unsigned i = 0; i < 25; ++i) {
            const detail::exp_argument x = detail::times_power_of_two(detail::exp_argument_of(1 / t), i);
            if (x.k == 0 && x.n.bit_length() > 8) break;
            for (const auto kind : {detail::threshold_kind::x, detail::threshold_kind::x_over_one_plus_x}) {
                const detail::word_thresholds th = detail::thresholds_of(detail::exp_bounds(x, detail::first_precision), kind);
                for (const std::uint64_t w : {th.on_true - 1, th.on_true, th.on_false - 1, th.on_false}) edges.push_back(w);
            }
        }
        require_words_as_bits(d, edges, 200, 6, random);
    }
}

TEST_CASE("discrete_laplace_distribution: frequencies and moments from engines, and extreme t", "[discrete_laplace]") {
    std::mt19937_64 g64(1);
    std::mt19937 g32(2);
    std::minstd_rand small(3);
    for (const double t : {0.5, 1.0, 7.5}) {
        INFO("t = " << t);
        const discrete_laplace_distribution<int> d(t);
        const int n = 30000;
        const tally drawn = tally_of(d, n, 10, small, g64, g32);  // minstd_rand: big integers each step
        const double q = std::exp(-1 / t), c = (1 - q) / (1 + q);
        for (int y = -2; y <= 2; ++y) {
            const double p = c * std::pow(q, std::abs(y));
            const auto seen = drawn.count.find(y);
            REQUIRE(std::abs((seen == drawn.count.end() ? 0 : seen->second) / double(n) - p) < 6 * std::sqrt(p * (1 - p) / n));
        }
        REQUIRE(std::abs(drawn.mean_square / (2 * q / ((1 - q) * (1 - q))) - 1) < 0.1);  // the variance
    }
    // the largest t of each type finishes, its values within the type
    const double largest_long_long = std::ldexp(1.0, 63) / 45;
    const discrete_laplace_distribution<int> wide_int(rational{count_t{1} << 31, 45});
    const discrete_laplace_distribution<long long> wide(rational{count_t{1} << 63, 45}), twelve(1e12);
    REQUIRE_THROWS_AS(discrete_laplace_distribution<int>(rational{(count_t{1} << 31) + 1, 45}), std::invalid_argument);
    double sum = 0;
    for (int i = 0; i < 1000; ++i) {
        sum += std::abs(static_cast<double>(wide(g64)));
        (void)wide_int(g32);
        (void)twelve(g64);
    }
    REQUIRE(std::abs(sum / 1000 / largest_long_long - 1) < 0.2);  // E|y| ≈ t
}

TEST_CASE("discrete_laplace_distribution: std's surface", "[discrete_laplace]") {
    STATIC_REQUIRE(std::is_same_v<discrete_laplace_distribution<>::result_type, int>);
    STATIC_REQUIRE(std::is_same_v<discrete_laplace_distribution<std::int8_t>::result_type, std::int8_t>);
    STATIC_REQUIRE(std::is_same_v<discrete_laplace_distribution<long>::param_type::distribution_type, discrete_laplace_distribution<long>>);
    const discrete_laplace_distribution<int> one;
    REQUIRE(one.t() == 1.0);
    REQUIRE(discrete_laplace_distribution<int>::param_type().t() == 1.0);
    REQUIRE(one.min() == -std::numeric_limits<int>::max());
    REQUIRE(one.max() == std::numeric_limits<int>::max());
    discrete_laplace_distribution<long long> d(0.25);
    const discrete_laplace_distribution<long long>::param_type ten(10.0);
    std::mt19937_64 a(9), b(9);
    for (int i = 0; i < 100; ++i) REQUIRE(d(a, ten) == discrete_laplace_distribution<long long>(10.0)(b));
    REQUIRE(a == b);
    d.param(ten);
    REQUIRE(d == discrete_laplace_distribution<long long>(10.0));
    REQUIRE(d != discrete_laplace_distribution<long long>(0.25));
    REQUIRE(discrete_laplace_distribution<int>(rational{3, 2}) == discrete_laplace_distribution<int>(rational{6, 4}));
    // int8_t: t up to 128/45
    REQUIRE(discrete_laplace_distribution<std::int8_t>(rational{128, 45}).t() == 128.0 / 45);
    REQUIRE_THROWS_AS(discrete_laplace_distribution<std::int8_t>(2.85), std::invalid_argument);
    for (const discrete_laplace_distribution<int>& e : {discrete_laplace_distribution<int>(0.1), discrete_laplace_distribution<int>(0x1p-1074),
                                                        discrete_laplace_distribution<int>(rational{two_to_64, 387000000001}),
                                                        discrete_laplace_distribution<int>(4e7)}) {
        const auto [back, text] = written_and_read(e, discrete_laplace_distribution<int>(5.0));
        INFO(text);
        REQUIRE(back == e);
    }
    // text that is no t, or a t this type refuses, sets failbit and keeps the distribution
    for (const char* bad : {"0", "-1", "nan", "inf", "1e400", "1/0", "0/5", "5e7", "18446744073709551617/3", "x"}) {
        const auto [after, failed] = read_from(bad, discrete_laplace_distribution<int>(0.5));
        INFO(bad);
        REQUIRE(failed);
        REQUIRE(after == discrete_laplace_distribution<int>(0.5));
    }
    std::vector<int> many(64);
    std::mt19937_64 c(4), e(4);
    discrete_laplace_distribution<int>(2.0).generate_random(many, c);
    for (const int v : many) REQUIRE(v == discrete_laplace_distribution<int>(2.0)(e));
}

TEST_CASE("discrete_laplace_distribution: a bad t is refused in words", "[discrete_laplace]") {
    auto message = [](auto make) { return refusal_of(make); };
    REQUIRE(message([] { (void)discrete_laplace_distribution<int>(0.0); }) ==
            "rollplan: discrete_laplace_distribution needs a scale t > 0 and finite (t = 0)");
    REQUIRE(message([] { (void)discrete_laplace_distribution<int>(-2.0); }).find("(t = -2)") != std::string::npos);
    REQUIRE(message([] { (void)discrete_laplace_distribution<int>(std::nan("")); }).find("needs a scale t > 0") != std::string::npos);
    REQUIRE(message([] { (void)discrete_laplace_distribution<int>(std::numeric_limits<double>::infinity()); }).find("(t = inf)") !=
            std::string::npos);
    REQUIRE(message([] { (void)discrete_laplace_distribution<int>(5e7); }).find("rollplan: discrete_laplace_distribution<T> needs t <= 2^w / 45") ==
            0);
    REQUIRE(message([] { (void)discrete_laplace_distribution<int>(5e7); }).find("(t = 50000000)") != std::string::npos);
    // the largest double is finite: refused as too large for T, not as infinite
    REQUIRE(message([] { (void)discrete_laplace_distribution<long long>(std::numeric_limits<double>::max()); })
                .find("rollplan: discrete_laplace_distribution<T> needs t <= 2^w / 45") == 0);
    REQUIRE(message([] { (void)discrete_laplace_distribution<int>(rational{two_to_64 + 1, 2}); }) ==
            "rollplan: discrete_laplace_distribution needs t = a/b with a and b at most 2^64 (a = 18446744073709551617, b = 2)");
    REQUIRE(message([] { (void)discrete_laplace_distribution<int>(rational{0}); }).find("needs a scale t > 0") != std::string::npos);
}
