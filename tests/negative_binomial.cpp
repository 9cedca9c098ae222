// negative_binomial_distribution: exact on every roll sequence of small dice,
// the sum of k geometric values drawn on one stream, the same values from an
// engine's words as from their bits one at a time, moments from engines,
// std's surface, and every parameter refused in words.
#include <rollplan/negative_binomial.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <rollplan/engines.hpp>
#include <rollplan/geometric.hpp>
#include <rollplan/verify.hpp>

#include "sequences.hpp"

using namespace rollplan;
using namespace rollplan::testing;

namespace {

// C(i + k − 1, i)·p^k·(1 − p)^i for i < n, and the rest of the mass (i >= n) last, exactly.
std::vector<rational> negative_binomial_masses(int k, const rational& p, int n) {
    std::vector<rational> out;
    const rational q = rational{1} - p;
    rational pk{1}, rest{1};
    for (int j = 0; j < k; ++j) pk = pk * p;
    rational qi{1};
    count_t ways = 1;  // C(i + k − 1, i)
    for (int i = 0; i < n; ++i) {
        if (i > 0) ways = ways * static_cast<count_t>(i + k - 1) / static_cast<count_t>(i);
        const rational mass = rational{ways} * pk * qi;
        out.push_back(mass);
        rest = rest - mass;
        qi = qi * q;
    }
    out.push_back(rest);
    return out;
}

// Every value's mass within [found, found + unfinished] of its target; the values past the
// list as one.
bool consistent(const masses& m, const std::vector<rational>& target) {
    if (m.below != rational{} || m.of.size() + 1 != target.size()) return false;
    for (std::size_t i = 0; i < m.of.size(); ++i)
        if (m.of[i] > target[i] || m.of[i] + m.unfinished < target[i]) return false;
    return !(m.beyond > target.back() || m.beyond + m.unfinished < target.back());
}

// A coin that gives these bits, then 1s, counting its flips.
struct listed_coin {
    std::vector<int> bits;
    std::size_t flips = 0;
    int operator()() { return flips < bits.size() ? bits[flips++] : (++flips, 1); }
};

}  // namespace

TEST_CASE("negative_binomial_distribution: exact on every roll sequence of a coin and a d6", "[negative_binomial]") {
    struct case_t {
        const char* name;
        negative_binomial_distribution<int> d;
        int k;
        rational p, other;
        std::size_t depth;
        rational unfinished_below;
    };
    for (const case_t& c : {case_t{"3, 1/2", negative_binomial_distribution<int>(3, 0.5), 3, rational{1, 2}, rational{2, 5}, 16, rational{1, 8}},
                            case_t{"2, 1/3", negative_binomial_distribution<int>(2, rational{1, 3}), 2, rational{1, 3}, rational{1, 4}, 16,
                                   rational{1, 5}},
                            case_t{"2, 3/4", negative_binomial_distribution<int>(2, 0.75), 2, rational{3, 4}, rational{2, 3}, 16,
                                   rational{1, 20}}}) {
        INFO(c.name);
        const masses m = on_every_sequence<coin>(c.d, c.depth, 8);
        INFO("unfinished " << m.unfinished.to_double());
        REQUIRE(consistent(m, negative_binomial_masses(c.k, c.p, 8)));
        REQUIRE(m.unfinished < c.unfinished_below);
        REQUIRE_FALSE(consistent(m, negative_binomial_masses(c.k, c.other, 8)));  // the check can fail
    }
    const masses six = on_every_sequence<d6>(negative_binomial_distribution<int>(2, rational{2, 3}), 6, 6);
    INFO("d6 unfinished " << six.unfinished.to_double());
    REQUIRE(consistent(six, negative_binomial_masses(2, rational{2, 3}, 6)));
    REQUIRE(six.unfinished < rational{1, 7});
    REQUIRE_FALSE(consistent(six, negative_binomial_masses(2, rational{3, 5}, 6)));
}

TEST_CASE("negative_binomial_distribution: k geometric values, one after the other on the source", "[negative_binomial]") {
    // on a coin and a d6 each roll is one digit, so no digit is left between parts: a draw is the
    // sum of k draws of geometric_distribution from the same source, with the same rolls
    for (const auto& [k, p] : {std::pair{1, 0.5}, std::pair{3, 0.3}, std::pair{7, 0.01}, std::pair{40, 0.9}}) {
        INFO("k = " << k << ", p = " << p);
        const negative_binomial_distribution<long long> d(k, p);
        const geometric_distribution<long long> g(p);
        std::mt19937_64 a(static_cast<unsigned>(k)), b(static_cast<unsigned>(k));
        auto coin_a = from_values<coin>([&] { return static_cast<int>(a() >> 63); });
        auto coin_b = from_values<coin>([&] { return static_cast<int>(b() >> 63); });
        auto d6_a = from_values<d6>([&] { return static_cast<int>(a() % 6); });
        auto d6_b = from_values<d6>([&] { return static_cast<int>(b() % 6); });
        for (int i = 0; i < 50; ++i) {
            long long sum = 0;
            for (int j = 0; j < k; ++j) sum += g(coin_b);
            REQUIRE(d(coin_a) == sum);
            sum = 0;
            for (int j = 0; j < k; ++j) sum += g(d6_b);
            REQUIRE(d(d6_a) == sum);
        }
        REQUIRE(a == b);
    }
    // on an engine's words the bits a part leaves are the next part's first: k = 1 is one
    // geometric draw, and a larger k reads fewer words than k geometric draws
    std::mt19937_64 a(5), b(5);
    const negative_binomial_distribution<long long> one(1, 0.3);
    const geometric_distribution<long long> g(0.3);
    for (int i = 0; i < 100; ++i) REQUIRE(one(a) == g(b));
    REQUIRE(a == b);
    listed_words<64> words;
    const negative_binomial_distribution<long long> many(64, 0.5);
    for (int i = 0; i < 10; ++i) many(words);
    REQUIRE(words.reads < 60);  // about 4 bits a part at p = 1/2: about 5 words a draw, not 64 (a stream per part)
}

TEST_CASE("negative_binomial_distribution: counts on coin sequences worked by hand", "[negative_binomial]") {
    // p = 1/2: s = 1, x_1 = 1/4, y_0 = x_0/(1 + x_0) = 1/3. A part: while a trial of 1/4 is true
    // (bits 00), h = h + 1; bit 1 ends it; then b_0, a trial of 1/3: 00 true, 1 false.
    // k = 2: part 1: 00 00 1 (h = 2), 1 (b_0 false): 4; part 2: 1 (h = 0), 00 (b_0 true): 1. 5 in 9 flips.
    listed_coin c{{0, 0, 0, 0, 1, 1, 1, 0, 0}};
    auto coin_c = from_values<coin>(std::ref(c));
    REQUIRE(negative_binomial_distribution<int>(2, 0.5)(coin_c) == 5);
    REQUIRE(c.flips == 9);
}

TEST_CASE("negative_binomial_distribution: an engine's words give the values their bits give from a coin", "[negative_binomial]") {
    splitmix64 random{31};
    for (const auto& d : {negative_binomial_distribution<long long>(1, 0.5), negative_binomial_distribution<long long>(5, 0.3),
                          negative_binomial_distribution<long long>(20, rational{1, 3}), negative_binomial_distribution<long long>(3, 1e-6),
                          negative_binomial_distribution<long long>(100, 0.99)}) {
        INFO("k = " << d.k() << ", p = " << d.p());
        require_words_as_bits(d, {0x5555555555555555u, std::uint64_t{1} << 63}, 40, 24, random);
    }
}

TEST_CASE("negative_binomial_distribution: moments from engines, and the most parts", "[negative_binomial]") {
    std::mt19937_64 g64(1);
    std::mt19937 g32(2);
    std::minstd_rand small(3);
    for (const auto& [k, p] : {std::pair{1, 0.5}, std::pair{5, 0.2}, std::pair{30, 0.7}, std::pair{3, 0.01}}) {
        INFO("k = " << k << ", p = " << p);
        const negative_binomial_distribution<int> d(k, p);
        const int n = 30000;
        double sum = 0, squares = 0;
        for (int i = 0; i < n; ++i) {
            const double v = static_cast<double>(i % 20 == 0 ? d(small) : i % 2 == 0 ? d(g64) : d(g32));
            sum += v;
            squares += v * v;
        }
        const double q = 1 - p, mean = sum / n, variance = squares / n - mean * mean, true_variance = k * q / (p * p);
        REQUIRE(std::abs(mean - k * q / p) < 6 * std::sqrt(true_variance / n));
        REQUIRE(std::abs(variance / true_variance - 1) < 0.08);
    }
    // k = 2^16 at p = 0.5, and k = 2^10 at the least p a long long takes for it (64·2^10/2^63 =
    // 2^-47, s = 47: some 50000 trials; k = 2^16 at its least p, 2^-41, takes 2.9 million, seconds
    // at -O0 under the sanitizers)
    const negative_binomial_distribution<long long> most(65536, 0.5), rare(1024, 0x1p-47);
    const double m = static_cast<double>(most(g64));
    REQUIRE(std::abs(m - 65536) < 6 * std::sqrt(2 * 65536.0));
    const double r = static_cast<double>(rare(g64));
    REQUIRE(std::abs(r / (1024 * 0x1p47) - 1) < 0.2);  // 6 standard errors: 6/sqrt(1024)
}

TEST_CASE("negative_binomial_distribution: a sum past T's largest throws", "[negative_binomial]") {
    // short (w = 15), k = 2, p = 2^-8 (64·2/2^15): s = 8, x_8 = (1 − 2^-8)^256 ≈ 0.37: bits 00 make
    // its trial true, 1 false; every y_i is below 1/2: 1 makes b_i false. Part 1: h = 100, 25600;
    // part 2: h = 27 gives 32512, h = 28 gives 32768 > 32767
    const negative_binomial_distribution<short> d(2, 0x1p-8);
    auto bits_of_part = [](int h) {
        std::vector<int> bits;
        for (int i = 0; i < h; ++i) bits.insert(bits.end(), {0, 0});
        bits.insert(bits.end(), 9, 1);
        return bits;
    };
    for (const int h : {27, 28}) {
        listed_coin c{bits_of_part(100)};
        const std::vector<int> second = bits_of_part(h);
        c.bits.insert(c.bits.end(), second.begin(), second.end());
        auto source = from_values<coin>(std::ref(c));
        if (h == 27) REQUIRE(d(source) == 32512);
        else REQUIRE_THROWS_WITH(d(source), Catch::Contains("rollplan: negative_binomial_distribution drew a value past") &&
                                                Catch::Contains("(largest = 32767)"));
    }
}

TEST_CASE("negative_binomial_distribution: a part past T's largest throws", "[negative_binomial]") {
    // short, k = 1, p = 2^-9: s = 9, h at most ⌊32767/2^9⌋ = 63; bits 00 make a trial of x_9 true,
    // 1 false, and 1 makes every b_i false: h = 63 gives 63·512, a 64th true trial throws
    const negative_binomial_distribution<short> d(1, 0x1p-9);
    for (const int h : {63, 64}) {
        listed_coin c;
        for (int i = 0; i < h; ++i) c.bits.insert(c.bits.end(), {0, 0});
        auto source = from_values<coin>(std::ref(c));
        if (h == 63) REQUIRE(d(source) == 32256);
        else REQUIRE_THROWS_WITH(d(source), Catch::Contains("rollplan: negative_binomial_distribution drew a value past") &&
                                                Catch::Contains("(largest = 32767)"));
    }
}

TEST_CASE("negative_binomial_distribution: frequencies from engines against the exact masses", "[negative_binomial]") {
    // negative_binomial(5, 0.2), 60000 draws from mt19937_64, mt19937 and minstd_rand: chi-square
    // over i <= 4, each i of 5 … 44, and i >= 45 (41 degrees of freedom, 74.74 at 0.1%)
    std::minstd_rand small(1);
    std::mt19937_64 g64(2);
    std::mt19937 g32(3);
    const int n = 60000;
    const tally seen = tally_of(negative_binomial_distribution<int>(5, 0.2), n, 20, small, g64, g32);
    auto bin = [](long long i) { return i <= 4 ? 0 : i >= 45 ? 41 : static_cast<int>(i - 4); };
    auto expected_of = [&](double p) {
        std::vector<double> expected(42, 0.0);
        double below = 0;
        for (int i = 0; i < 45; ++i) {
            const double mass = std::exp(std::lgamma(i + 5.0) - std::lgamma(i + 1.0) - std::lgamma(5.0) + 5 * std::log(p) + i * std::log1p(-p));
            expected[static_cast<std::size_t>(bin(i))] += mass * n;
            below += mass;
        }
        expected[41] += (1 - below) * n;
        return expected;
    };
    std::vector<double> found(42, 0.0);
    for (const auto& [i, count] : seen.count) {
        REQUIRE(i >= 0);
        found[static_cast<std::size_t>(bin(i))] += count;
    }
    auto chi = [&](const std::vector<double>& expected) {
        double sum = 0;
        for (std::size_t j = 0; j < expected.size(); ++j) sum += (found[j] - expected[j]) * (found[j] - expected[j]) / expected[j];
        return sum;
    };
    REQUIRE(chi(expected_of(0.2)) < 74.74);
    REQUIRE(chi(expected_of(0.21)) > 74.74);  // the test can fail
}

TEST_CASE("negative_binomial_distribution: std's surface", "[negative_binomial]") {
    STATIC_REQUIRE(std::is_same_v<negative_binomial_distribution<>::result_type, int>);
    STATIC_REQUIRE(std::is_same_v<negative_binomial_distribution<int>::param_type::distribution_type, negative_binomial_distribution<int>>);
    const negative_binomial_distribution<int> one;
    REQUIRE(one.k() == 1);
    REQUIRE(one.p() == 0.5);
    REQUIRE(one.min() == 0);
    REQUIRE(one.max() == std::numeric_limits<int>::max());
    REQUIRE(negative_binomial_distribution<int>(4).p() == 0.5);
    REQUIRE(negative_binomial_distribution<int>::param_type().k() == 1);
    auto no_roll = from_values<d6>([]() -> int { throw std::logic_error("rolled"); });
    REQUIRE(negative_binomial_distribution<int>(9, 1.0)(no_roll) == 0);
    REQUIRE(negative_binomial_distribution<int>(9, rational{7, 7})(no_roll) == 0);
    negative_binomial_distribution<long long> d(2, 0.25);
    const negative_binomial_distribution<long long>::param_type other(5, 0.1);
    std::mt19937_64 a(9), b(9);
    for (int i = 0; i < 100; ++i) REQUIRE(d(a, other) == negative_binomial_distribution<long long>(5, 0.1)(b));
    REQUIRE(a == b);
    d.param(other);
    REQUIRE(d == negative_binomial_distribution<long long>(5, 0.1));
    REQUIRE(d != negative_binomial_distribution<long long>(6, 0.1));
    REQUIRE(d != negative_binomial_distribution<long long>(5, 0.2));
    REQUIRE(negative_binomial_distribution<int>(3, rational{1, 4}) != negative_binomial_distribution<int>(3, 0.25));
    d.reset();
    std::vector<long long> filled(50), one_by_one;
    std::mt19937_64 c(4), e(4);
    d.generate_random(filled, c);
    for (int i = 0; i < 50; ++i) one_by_one.push_back(d(e));
    REQUIRE(filled == one_by_one);
}

TEST_CASE("negative_binomial_distribution: parameters refused in words, and streams", "[negative_binomial]") {
    REQUIRE_THROWS_WITH(negative_binomial_distribution<int>(0, 0.5),
                        Catch::Contains("rollplan: negative_binomial_distribution needs a number of successes k >= 1") &&
                            Catch::Contains("(k = 0)"));
    REQUIRE_THROWS_WITH(negative_binomial_distribution<int>(-2, 0.5), Catch::Contains("(k = -2)"));
    REQUIRE_NOTHROW(negative_binomial_distribution<long long>(65536, 0.5));
    REQUIRE_THROWS_WITH(negative_binomial_distribution<long long>(65537, 0.5),
                        Catch::Contains("takes k of at most 2^16") && Catch::Contains("(k = 65537)"));
    REQUIRE_THROWS_WITH(negative_binomial_distribution<int>(1, 0.0),
                        Catch::Contains("needs a probability p in (0, 1]") && Catch::Contains("(p = 0)"));
    REQUIRE_THROWS_WITH(negative_binomial_distribution<int>(1, 1.5), Catch::Contains("(p = 1.5)"));
    REQUIRE_THROWS_WITH(negative_binomial_distribution<int>(1, std::numeric_limits<double>::quiet_NaN()), Catch::Contains("(p = nan)"));
    REQUIRE_THROWS_WITH(negative_binomial_distribution<int>(1, rational{0, 1}), Catch::Contains("needs a probability p in (0, 1]"));
    REQUIRE_THROWS_WITH(negative_binomial_distribution<int>(1, rational{1, two_to_64 + 1}), Catch::Contains("b at most 2^64"));
    // p·2^w >= 64·k: int (w = 31), k = 1: p >= 2^-25; k = 3: p >= 192/2^31
    REQUIRE_NOTHROW(negative_binomial_distribution<int>(1, 0x1p-25));
    REQUIRE_THROWS_WITH(negative_binomial_distribution<int>(1, std::nextafter(0x1p-25, 0.0)),
                        Catch::Contains("needs p >= 64·k / 2^w") && Catch::Contains("(p = 2.98023223876953"));
    REQUIRE_NOTHROW(negative_binomial_distribution<int>(3, rational{192, count_t{1} << 31}));
    REQUIRE_THROWS_WITH(negative_binomial_distribution<int>(3, rational{191, count_t{1} << 31}), Catch::Contains("needs p >= 64·k / 2^w"));
    REQUIRE_NOTHROW(negative_binomial_distribution<unsigned long long>(65536, rational{1, count_t{1} << 42}));
    REQUIRE_THROWS(negative_binomial_distribution<unsigned long long>(65536, rational{1, (count_t{1} << 42) + 1}));
    // streams: "k p"
    std::stringstream s;
    const negative_binomial_distribution<int> tenth(12, 0.1), third(65536, rational{1, 3});
    s << tenth << ' ' << third;
    REQUIRE(s.str() == "12 0.10000000000000001 65536 1/3");
    negative_binomial_distribution<int> x, y;
    s >> x >> y;
    REQUIRE(x == tenth);
    REQUIRE(y == third);
    for (const char* input : {"5 1.5", "0 0.5", "-1 0.5", "65537 0.5", "5 0", "5 abc", "1 1e-9", "5"}) {
        INFO(input);
        std::stringstream bad(input);
        bad >> x;
        REQUIRE(bad.fail());
        REQUIRE(x == tenth);
    }
    // k past T's largest, and the least p for k = 2^16 in long long (64·2^16/2^63 = 2^-41) and below it
    std::stringstream too_many("200 1");
    negative_binomial_distribution<std::int8_t> small(2, 1.0);
    too_many >> small;
    REQUIRE(too_many.fail());
    REQUIRE(small == negative_binomial_distribution<std::int8_t>(2, 1.0));
    negative_binomial_distribution<long long> wide;
    std::stringstream least("65536 4.5474735088646412e-13"), below("65536 4.5474735088646407e-13");
    least >> wide;
    REQUIRE(!least.fail());
    REQUIRE(wide == negative_binomial_distribution<long long>(65536, 0x1p-41));
    below >> wide;
    REQUIRE(below.fail());
    REQUIRE(wide == negative_binomial_distribution<long long>(65536, 0x1p-41));
}

TEST_CASE("negative_binomial_distribution: the same values for every result type that holds them", "[negative_binomial]") {
    for (const double p : {0.5, 0.01}) {
        const negative_binomial_distribution<int> a(4, p);
        const negative_binomial_distribution<unsigned long long> b(4, p);
        std::mt19937 ga(5), gb(5);
        for (int i = 0; i < 500; ++i) REQUIRE(static_cast<unsigned long long>(a(ga)) == b(gb));
        REQUIRE(ga == gb);
    }
}
