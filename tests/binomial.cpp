// binomial_distribution: exact on every roll sequence of small dice, the same
// values from an engine's words as from their bits one at a time, frequencies
// from engines against the exact masses, std's surface, and every parameter
// refused in words.
#include <rollplan/binomial.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <rollplan/engines.hpp>
#include <rollplan/verify.hpp>

#include "sequences.hpp"

using namespace rollplan;
using namespace rollplan::testing;

namespace {

// C(t, k)·p^k·(1 − p)^(t−k) for k = 0 … t, exactly.
std::vector<rational> binomial_masses(int t, const rational& p) {
    std::vector<rational> out;
    const rational q = rational{1} - p;
    for (int k = 0; k <= t; ++k) {
        count_t ways = 1;
        for (int i = 0; i < k; ++i) ways = ways * static_cast<count_t>(t - i) / static_cast<count_t>(i + 1);
        rational mass{ways};
        for (int i = 0; i < k; ++i) mass = mass * p;
        for (int i = k; i < t; ++i) mass = mass * q;
        out.push_back(mass);
    }
    return out;
}

// Every value's mass within [found, found + unfinished] of its target, and none outside 0 … t.
bool consistent(const masses& m, const std::vector<rational>& target) {
    if (m.below != rational{} || m.beyond != rational{} || m.of.size() != target.size()) return false;
    for (std::size_t k = 0; k < target.size(); ++k)
        if (m.of[k] > target[k] || m.of[k] + m.unfinished < target[k]) return false;
    return true;
}

// A coin that gives these bits, then 1s, counting its flips.
struct listed_coin {
    std::vector<int> bits;
    std::size_t flips = 0;
    int operator()() { return flips < bits.size() ? bits[flips++] : (++flips, 1); }
};

}  // namespace

TEST_CASE("binomial_distribution: exact on every roll sequence of a coin, a d6 and a d5", "[binomial]") {
    SECTION("a coin: binomial(4, 1/2) ends within 4 flips, each count with its exact mass") {
        const binomial_distribution<int> d(4, 0.5);
        const masses m = on_every_sequence<coin>(d, 4, 5);
        REQUIRE(m.unfinished == rational{});
        REQUIRE(consistent(m, binomial_masses(4, rational{1, 2})));
        REQUIRE_FALSE(consistent(m, binomial_masses(4, rational{2, 5})));  // the check can fail
    }
    SECTION("a coin: p = 1/3 (digits 0101… for ever), 3/8, 0.3 and 1 − 1/2^20") {
        struct case_t {
            const char* name;
            binomial_distribution<int> d;
            rational p, other;
            int t;
            std::size_t depth;
            rational unfinished_below;
        };
        for (const case_t& c : {case_t{"3, 1/3", binomial_distribution<int>(3, rational{1, 3}), rational{1, 3}, rational{1, 4}, 3, 16, rational{1, 100}},
                                case_t{"5, 3/8", binomial_distribution<int>(5, 0.375), rational{3, 8}, rational{1, 3}, 5, 16, rational{1, 20}},
                                case_t{"2, 0.3", binomial_distribution<int>(2, 0.3), rational{3, 10}, rational{1, 4}, 2, 16, rational{1, 100}},
                                case_t{"2, 1 - 2^-20", binomial_distribution<int>(2, 1 - 0x1p-20), rational{(1u << 20) - 1, 1u << 20},
                                       rational{1, 2}, 2, 16, rational{1, 2}}}) {
            INFO(c.name);
            const masses m = on_every_sequence<coin>(c.d, c.depth, static_cast<std::size_t>(c.t) + 1);
            if (c.p.denominator() == 10) {
                // 0.3 is a double near 3/10: its exact binary value
                const rational exact = rational{static_cast<count_t>(0.3 * 0x1p54), count_t{1} << 54};
                REQUIRE(exact.to_double() == 0.3);
                REQUIRE(consistent(m, binomial_masses(c.t, exact)));
            } else {
                REQUIRE(consistent(m, binomial_masses(c.t, c.p)));
            }
            INFO("unfinished " << m.unfinished.to_double());
            REQUIRE(m.unfinished < c.unfinished_below);
            REQUIRE_FALSE(consistent(m, binomial_masses(c.t, c.other)));
        }
    }
    SECTION("a d6: a trial of 1/2 is one roll; a d5: a roll of 2 leaves it undecided") {
        const masses six = on_every_sequence<d6>(binomial_distribution<int>(3, 0.5), 3, 4);
        REQUIRE(six.unfinished == rational{});
        REQUIRE(consistent(six, binomial_masses(3, rational{1, 2})));
        const masses six_third = on_every_sequence<d6>(binomial_distribution<int>(2, rational{1, 3}), 6, 3);
        REQUIRE(consistent(six_third, binomial_masses(2, rational{1, 3})));
        const masses five = on_every_sequence<die<5>>(binomial_distribution<int>(2, 0.75), 7, 3);
        INFO("unfinished " << six_third.unfinished.to_double() << " " << five.unfinished.to_double());
        REQUIRE(six_third.unfinished < rational{1, 8});
        REQUIRE(consistent(five, binomial_masses(2, rational{3, 4})));
        REQUIRE(five.unfinished < rational{1, 20});
        REQUIRE_FALSE(consistent(five, binomial_masses(2, rational{2, 3})));
    }
}

TEST_CASE("binomial_distribution: counts on coin sequences worked by hand", "[binomial]") {
    // p = 1/2 = 0.1: one digit; the value is the zeros among t flips
    listed_coin a{{0, 1, 1, 0}};
    auto coin_a = from_values<coin>(std::ref(a));
    REQUIRE(binomial_distribution<int>(4, 0.5)(coin_a) == 2);
    REQUIRE(a.flips == 4);
    // p = 1/4 = 0.01: digit 1 (0) reads 3 flips 0 1 0, the 1 fails and n = 2; digit 2 (1) reads 1 0:
    // the 0 succeeds, v = 1, n = 1; p's digits past 2 are 0: the last trial fails
    listed_coin b{{0, 1, 0, 1, 0, 0, 0}};
    auto coin_b = from_values<coin>(std::ref(b));
    REQUIRE(binomial_distribution<int>(3, 0.25)(coin_b) == 1);
    REQUIRE(b.flips == 5);
    // p = 3/4 = 0.11: digit 1 (1) reads 1 1 0: v = 1, n = 2; digit 2 (1) reads 1 1: n = 2, and they fail
    listed_coin c{{1, 1, 0, 1, 1, 0}};
    auto coin_c = from_values<coin>(std::ref(c));
    REQUIRE(binomial_distribution<int>(3, 0.75)(coin_c) == 1);
    REQUIRE(c.flips == 5);
    // p = 1/3 = 0.010101…: digit 1 (0): 0 0 1 → n = 2; digit 2 (1): 0 1 → v = 1, n = 1; digit 3 (0):
    // 0 → n = 1; digit 4 (1): 0 → v = 2, n = 0
    listed_coin e{{0, 0, 1, 0, 1, 0, 0, 1, 1}};
    auto coin_e = from_values<coin>(std::ref(e));
    REQUIRE(binomial_distribution<int>(3, rational{1, 3})(coin_e) == 2);
    REQUIRE(e.flips == 7);
    // a d5's 2 is a trial of 1/2 undecided (its cell straddles 1/2); 0 1 true, 3 4 false: rolls
    // 2 2 4, 1 give one failure and one success at p = 1/2
    std::vector<int> rolls{2, 2, 4, 1, 0};
    std::size_t at = 0;
    auto five = from_values<die<5>>([&] { return rolls[at++]; });
    REQUIRE(binomial_distribution<int>(2, 0.5)(five) == 1);
    REQUIRE(at == 4);
}

TEST_CASE("binomial_distribution: an engine's words give the values their bits give from a coin", "[binomial]") {
    // 64-bit words, their bits from a coin and 32-bit halves: the same value, and words read only
    // as bits are wanted (a draw of t = 200 reads about 400 bits: 8 words are enough)
    splitmix64 random{21};
    for (const auto& d : {binomial_distribution<long long>(1, 0.5), binomial_distribution<long long>(63, 0.5),
                          binomial_distribution<long long>(64, 0.5), binomial_distribution<long long>(65, 0.3),
                          binomial_distribution<long long>(100, 0.2), binomial_distribution<long long>(200, rational{1, 3}),
                          binomial_distribution<long long>(129, 1 - 0x1p-53), binomial_distribution<long long>(70, 0x1p-1074)}) {
        INFO("t = " << d.t() << ", p = " << d.p());
        require_words_as_bits(d, {0, ~std::uint64_t{0}, std::uint64_t{1} << 63}, 60, 16, random);
    }
}

TEST_CASE("binomial_distribution: frequencies from engines against the exact masses", "[binomial]") {
    // binomial(100, 0.2), 100000 draws from mt19937_64, mt19937 and minstd_rand (its digits not
    // bits): chi-square over k <= 9, each k of 10 … 30, and k >= 31 (22 degrees of freedom,
    // 48.27 at 0.1%)
    std::minstd_rand small(1);
    std::mt19937_64 g64(2);
    std::mt19937 g32(3);
    const int n = 100000;
    const tally seen = tally_of(binomial_distribution<int>(100, 0.2), n, 50, small, g64, g32);
    std::vector<double> mass(101);
    for (int k = 0; k <= 100; ++k)
        mass[static_cast<std::size_t>(k)] = std::exp(std::lgamma(101.0) - std::lgamma(k + 1.0) - std::lgamma(101.0 - k) + k * std::log(0.2) +
                                                     (100 - k) * std::log(0.8));
    std::vector<double> expected(23, 0.0), found(23, 0.0);
    auto bin = [](long long k) { return k <= 9 ? 0 : k >= 31 ? 22 : static_cast<int>(k - 9); };
    for (int k = 0; k <= 100; ++k) expected[static_cast<std::size_t>(bin(k))] += mass[static_cast<std::size_t>(k)] * n;
    for (const auto& [k, count] : seen.count) {
        REQUIRE((k >= 0 && k <= 100));
        found[static_cast<std::size_t>(bin(k))] += count;
    }
    double chi = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) chi += (found[i] - expected[i]) * (found[i] - expected[i]) / expected[i];
    REQUIRE(chi < 48.27);
    // the test can fail: the same counts against binomial(100, 0.21)
    double other = 0;
    std::vector<double> shifted(23, 0.0);
    for (int k = 0; k <= 100; ++k)
        shifted[static_cast<std::size_t>(bin(k))] += std::exp(std::lgamma(101.0) - std::lgamma(k + 1.0) - std::lgamma(101.0 - k) +
                                                              k * std::log(0.21) + (100 - k) * std::log(0.79)) * n;
    for (std::size_t i = 0; i < shifted.size(); ++i) other += (found[i] - shifted[i]) * (found[i] - shifted[i]) / shifted[i];
    REQUIRE(other > 48.27);
}

TEST_CASE("binomial_distribution: the most trials, and extreme p", "[binomial]") {
    std::mt19937_64 g(7);
    // t = 2^16 at p = 1/2, 1/3 and 0.999: means within 6 standard errors over 200 draws
    for (const auto& [d, p] : {std::pair{binomial_distribution<long long>(65536, 0.5), 0.5},
                               std::pair{binomial_distribution<long long>(65536, rational{1, 3}), 1.0 / 3},
                               std::pair{binomial_distribution<long long>(65536, 0.999), 0.999}}) {
        double sum = 0;
        for (int i = 0; i < 200; ++i) {
            const long long v = d(g);
            REQUIRE((v >= 0 && v <= 65536));
            sum += static_cast<double>(v);
        }
        const double sd = std::sqrt(65536 * p * (1 - p) / 200);
        REQUIRE(std::abs(sum / 200 - 65536 * p) < 6 * sd);
    }
    // the least subnormal p: 0 every draw (a success has probability below 2^-1057), about 2t bits
    // read; 1 − 2^−53: t nearly every draw, a failure now and then
    const binomial_distribution<int> tiny(65536, 0x1p-1074), near_one(65536, 1 - 0x1p-53);
    listed_words<64> words;
    for (int i = 0; i < 10; ++i) REQUIRE(tiny(words) == 0);
    REQUIRE(words.reads > 10 * 1800);
    REQUIRE(words.reads < 10 * 2300);
    for (int i = 0; i < 10; ++i) REQUIRE(near_one(g) >= 65535);
    // the largest T holds: int8_t with t = 127 and p = 1 − 2^−53
    const binomial_distribution<std::int8_t> small(127, 1 - 0x1p-53);
    REQUIRE(small(g) >= 126);
}

TEST_CASE("binomial_distribution: std's surface", "[binomial]") {
    STATIC_REQUIRE(std::is_same_v<binomial_distribution<>::result_type, int>);
    STATIC_REQUIRE(std::is_same_v<binomial_distribution<unsigned long>::result_type, unsigned long>);
    STATIC_REQUIRE(std::is_same_v<binomial_distribution<int>::param_type::distribution_type, binomial_distribution<int>>);
    const binomial_distribution<int> one;
    REQUIRE(one.t() == 1);
    REQUIRE(one.p() == 0.5);
    REQUIRE(one.min() == 0);
    REQUIRE(one.max() == 1);
    REQUIRE(binomial_distribution<int>(10).p() == 0.5);
    REQUIRE(binomial_distribution<int>(10, 0.25).max() == 10);
    REQUIRE(binomial_distribution<int>::param_type().t() == 1);
    REQUIRE(binomial_distribution<int>::param_type().p() == 0.5);
    // t = 0, p = 0: 0, and p = 1: t, with no roll
    auto no_roll = from_values<d6>([]() -> int { throw std::logic_error("rolled"); });
    REQUIRE(binomial_distribution<int>(0, 0.5)(no_roll) == 0);
    REQUIRE(binomial_distribution<int>(9, 0.0)(no_roll) == 0);
    REQUIRE(binomial_distribution<int>(9, rational{0, 3})(no_roll) == 0);
    REQUIRE(binomial_distribution<int>(9, 1.0)(no_roll) == 9);
    REQUIRE(binomial_distribution<int>(9, rational{7, 7})(no_roll) == 9);
    // param, d(g, param), ==, reset
    binomial_distribution<long long> d(20, 0.25);
    const binomial_distribution<long long>::param_type other(50, 0.1);
    REQUIRE(d.param().t() == 20);
    std::mt19937_64 a(9), b(9);
    for (int i = 0; i < 100; ++i) REQUIRE(d(a, other) == binomial_distribution<long long>(50, 0.1)(b));
    REQUIRE(a == b);
    d.param(other);
    REQUIRE(d == binomial_distribution<long long>(50, 0.1));
    REQUIRE(d != binomial_distribution<long long>(51, 0.1));
    REQUIRE(d != binomial_distribution<long long>(50, 0.2));
    REQUIRE(binomial_distribution<int>(3, rational{1, 4}) == binomial_distribution<int>(3, rational{2, 8}));
    REQUIRE(binomial_distribution<int>(3, rational{1, 4}) != binomial_distribution<int>(3, 0.25));  // as given, as bernoulli's
    d.reset();
    // generate_random: d(g) for each element in order
    std::vector<long long> filled(50), one_by_one;
    std::mt19937_64 c(4), e(4);
    d.generate_random(filled, c);
    for (int i = 0; i < 50; ++i) one_by_one.push_back(d(e));
    REQUIRE(filled == one_by_one);
}

TEST_CASE("binomial_distribution: parameters refused in words, and streams", "[binomial]") {
    REQUIRE_THROWS_WITH(binomial_distribution<int>(-1, 0.5),
                        Catch::Contains("rollplan: binomial_distribution needs a number of trials t >= 0") && Catch::Contains("(t = -1)"));
    REQUIRE_NOTHROW(binomial_distribution<int>(65536, 0.5));
    REQUIRE_THROWS_WITH(binomial_distribution<int>(65537, 0.5),
                        Catch::Contains("rollplan: binomial_distribution draws at most 2^16 trials") && Catch::Contains("(t = 65537)"));
    REQUIRE_THROWS_WITH(binomial_distribution<unsigned long long>(~0ull, 0.5), Catch::Contains("(t = 18446744073709551615)"));
    REQUIRE_THROWS_WITH(binomial_distribution<int>(5, 1.5),
                        Catch::Contains("rollplan: binomial_distribution needs a probability p in [0, 1]") && Catch::Contains("(p = 1.5)"));
    REQUIRE_THROWS_WITH(binomial_distribution<int>(5, -0.5), Catch::Contains("(p = -0.5)"));
    REQUIRE_THROWS_WITH(binomial_distribution<int>(5, std::numeric_limits<double>::quiet_NaN()), Catch::Contains("(p = nan)"));
    REQUIRE_THROWS_WITH(binomial_distribution<int>(5, rational{5, 4}), Catch::Contains("needs a probability p in [0, 1]"));
    REQUIRE_THROWS_WITH(binomial_distribution<int>(5, rational{1, two_to_64 + 1}), Catch::Contains("b at most 2^64") &&
                                                                                      Catch::Contains("(b = 18446744073709551617)"));
    REQUIRE_THROWS_WITH(binomial_distribution<int>::param_type(-3, 0.5), Catch::Contains("(t = -3)"));
    // streams: "t p", p as bernoulli_distribution writes it
    std::stringstream s;
    const binomial_distribution<int> tenth(12, 0.1), third(65536, rational{1, 3});
    s << tenth << ' ' << third;
    REQUIRE(s.str() == "12 0.10000000000000001 65536 1/3");
    binomial_distribution<int> x, y;
    s >> x >> y;
    REQUIRE(x == tenth);
    REQUIRE(y == third);
    for (const char* input : {"5 1.5", "-1 0.5", "65537 0.5", "5 2/1", "5 abc", "x 0.5", "5 -0.5", "5"}) {
        INFO(input);
        std::stringstream bad(input);
        bad >> x;
        REQUIRE(bad.fail());
        REQUIRE(x == tenth);
    }
    std::stringstream too_many_for_int8("200 0.5");
    binomial_distribution<std::int8_t> small(3, 0.5);
    too_many_for_int8 >> small;
    REQUIRE(too_many_for_int8.fail());
    REQUIRE(small == binomial_distribution<std::int8_t>(3, 0.5));
}

TEST_CASE("binomial_distribution: the same values for every result type that holds them", "[binomial]") {
    for (const double p : {0.5, 0.01, 0.7}) {
        const binomial_distribution<short> a(1000, p);
        const binomial_distribution<unsigned> b(1000, p);
        const binomial_distribution<long long> c(1000, p);
        std::mt19937 ga(5), gb(5), gc(5);
        for (int i = 0; i < 500; ++i) {
            const long long x = a(ga), y = b(gb), z = c(gc);
            REQUIRE((x == z && y == z));
        }
        REQUIRE((ga == gc && gb == gc));
    }
}
