// geometric_distribution: exact on every roll sequence of small dice, the
// same values from an engine's words as from their bits one at a time, std's
// surface, and every parameter refused in words.
#include <rollplan/geometric.hpp>

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

// p·q^k for k < n, and q^n for the rest (p = a/b).
std::vector<rational> geometric_masses(const rational& p, std::size_t n) {
    std::vector<rational> out;
    const rational q = rational{1} - p;
    rational power{1};
    for (std::size_t k = 0; k < n; ++k) {
        out.push_back(p * power);
        power = power * q;
    }
    out.push_back(power);
    return out;
}

// Every value's mass within [found, found + unfinished] of its target.
bool consistent(const masses& m, const std::vector<rational>& target) {
    if (m.below != rational{}) return false;
    for (std::size_t k = 0; k < m.of.size(); ++k)
        if (m.of[k] > target[k] || m.of[k] + m.unfinished < target[k]) return false;
    return !(m.beyond > target.back() || m.beyond + m.unfinished < target.back());
}

}  // namespace

TEST_CASE("geometric_distribution: exact on every roll sequence of a coin, a d4, a d6 and a d10", "[geometric]") {
    struct case_t {
        const char* name;
        rational p;
        std::size_t depth;
        rational unfinished_below;
    };
    // p = 1/2 from a coin: thresholds 1/3 and 1/4 (s = 1). 1/8: s = 3, four trials and more.
    // 2/5: x_0 = 3/5, whose y = 3/8 is
    // a point of the coin's bits (the trial must still end). 2/3 from a d6: x_0 = 1/3 = 0.2 in
    // base 6, a point of the d6's digits. 3/8 from a d10: x_0 = 5/8 (s = 1).
    SECTION("coin") {
        for (const auto& c : {case_t{"1/2", rational{1, 2}, 16, rational{1, 100}}, case_t{"2/5", rational{2, 5}, 16, rational{1, 50}},
                              case_t{"1/8", rational{1, 8}, 16, rational{1, 10}}}) {
            INFO(c.name);
            const geometric_distribution<int> d(c.p);
            const masses m = on_every_sequence<coin>(d, c.depth, 12);
            REQUIRE(consistent(m, geometric_masses(c.p, 12)));
            REQUIRE(m.unfinished < c.unfinished_below);
            // the same masses are refused for another p (the check can fail)
            REQUIRE_FALSE(consistent(m, geometric_masses(c.p == rational{1, 2} ? rational{2, 5} : rational{1, 2}, 12)));
        }
    }
    SECTION("d6, d10 and d4") {
        const geometric_distribution<int> two_thirds(rational{2, 3}), three_eighths(0.375), half(0.5);
        const masses six = on_every_sequence<d6>(two_thirds, 6, 8);
        REQUIRE(consistent(six, geometric_masses(rational{2, 3}, 8)));
        REQUIRE(six.unfinished < rational{1, 40});
        REQUIRE_FALSE(consistent(six, geometric_masses(rational{3, 5}, 8)));
        const masses ten = on_every_sequence<d10>(three_eighths, 5, 8);
        REQUIRE(consistent(ten, geometric_masses(rational{3, 8}, 8)));
        REQUIRE(ten.unfinished < rational{1, 15});
        const masses four = on_every_sequence<d4>(half, 8, 10);
        REQUIRE(consistent(four, geometric_masses(rational{1, 2}, 10)));
        REQUIRE(four.unfinished < rational{1, 1000});
    }
}

namespace {

// The draw as the spec states it, each trial by lazy_trial's step rule from a
// stream of single digits (no thresholds, no 64 bits at once).
template <class S>
long long by_lazy_trials(S& source, const detail::probability& p) {
    const unsigned s = detail::geometric_split(p);
    detail::digit_stream<S> digits(source);
    auto trial = [&](unsigned i, detail::threshold_kind kind) {
        return detail::lazy_trial(digits, [&](std::size_t w) { return detail::power_bounds(p, i, w); }, kind);
    };
    long long h = 0;
    while (trial(s, detail::threshold_kind::x)) ++h;
    long long value = h << s;
    for (unsigned i = 0; i < s; ++i)
        if (trial(i, detail::threshold_kind::x_over_one_plus_x)) value |= 1ll << i;
    return value;
}

}  // namespace

TEST_CASE("geometric_distribution: an engine's words give the values their bits give from a coin", "[geometric]") {
    // one draw from 64- and 32-bit words, and the same draw from a coin fed the same bits: the
    // same value, and the coin stops within the words the engine read. First words at and around
    // the thresholds of each trial (those of h's first trial decide it there; the others fall on
    // h's trial too, as other first words: the next test puts them at their own trial), then
    // random words.
    splitmix64 random{11};
    for (const auto& [p, exact] : {std::pair{0.5, detail::exact_probability(0.5)}, std::pair{0.3, detail::exact_probability(0.3)},
                                   std::pair{0.01, detail::exact_probability(0.01)}, std::pair{1e-6, detail::exact_probability(1e-6)},
                                   std::pair{45 * 0x1p-64, detail::exact_probability(rational{45, two_to_64})}}) {
        INFO("p = " << p << (exact.ratio ? " (45/2^64)" : ""));
        const geometric_distribution<unsigned long long> d(exact.ratio ? geometric_distribution<unsigned long long>(rational{45, two_to_64})
                                                                      : geometric_distribution<unsigned long long>(p));
        const unsigned s = detail::geometric_split(exact);
        const std::vector<detail::word_thresholds> t = detail::geometric_thresholds(exact, s);
        std::vector<std::uint64_t> edges;
        for (const detail::word_thresholds& each : t)
            for (const std::uint64_t w : {each.on_true - 1, each.on_true, each.on_false - 1, each.on_false, each.on_false + 1})
                edges.push_back(w);
        for (int trial = 0; trial < 400; ++trial) {
            listed_words<64> words;
            const std::uint64_t first = trial < static_cast<int>(edges.size()) ? edges[static_cast<std::size_t>(trial)] : random();
            words.words = {first, random(), random(), random()};
            if (trial % 3 == 1) words.words[0] = words.words[1] = first;  // the undecided word twice
            auto coin_bits = bits_of(words);
            auto coin = from_values<rollplan::coin>(std::ref(coin_bits));
            listed_words<64> engine = words;
            const unsigned long long from_words = d(engine), from_coin = d(coin);
            INFO("first word " << first);
            REQUIRE(from_words == from_coin);
            auto lazy_bits = bits_of(words);
            auto lazy_coin = from_values<rollplan::coin>(std::ref(lazy_bits));
            REQUIRE(by_lazy_trials(lazy_coin, exact) == static_cast<long long>(from_coin));
            REQUIRE(lazy_bits.flips == coin_bits.flips);
            REQUIRE(engine.reads == (coin_bits.flips + 63) / 64);  // a word read only when a bit is wanted
            // 32-bit words: the same bits in halves
            listed_words<32> halves = halves_of(words);
            REQUIRE(coin_bits.flips <= 64 * words.words.size());  // within the listed words
            REQUIRE(d(halves) == from_coin);
            REQUIRE(halves.reads == (coin_bits.flips + 31) / 32);
        }
    }
}

namespace {
// The first `count` bits of w, the most significant first.
void append_bits(std::vector<int>& bits, std::uint64_t w, int count = 64) {
    for (int i = 63; i > 63 - count; --i) bits.push_back(static_cast<int>((w >> i) & 1));
}
// Bits that decide a trial at once: above's bits up to its first 0, then 1 (false);
// below's up to its first 1, then 0 (true).
void append_deciding(std::vector<int>& bits, const detail::word_thresholds& t, bool answer) {
    const std::uint64_t w = answer ? t.on_true : t.on_false - 1;
    const int d = __builtin_clzll(answer ? w : ~w);  // its first 1 (true) or 0 (false)
    append_bits(bits, w, d);
    bits.push_back(answer ? 0 : 1);
}
std::vector<std::uint64_t> packed(std::vector<int> bits) {
    while (bits.size() % 64 != 0) bits.push_back(1);
    std::vector<std::uint64_t> words(bits.size() / 64);
    for (std::size_t i = 0; i < bits.size(); ++i) words[i / 64] |= std::uint64_t(bits[i]) << (63 - i % 64);
    return words;
}
}  // namespace

TEST_CASE("geometric_distribution: 64 bits between a trial's thresholds, at each trial", "[geometric]") {
    // h = 0, then b_0 … b_(i−1) true at once, then trial b_i's (or h's first) 64 bits equal to a
    // bound of its thresholds: the trial goes on a bit at a time. The words give what a coin fed
    // the same bits gives, and the value has the bits decided before it.
    splitmix64 random{5};
    for (const double p : {0.3, 0.01, 1e-6}) {
        const detail::probability exact = detail::exact_probability(p);
        const unsigned s = detail::geometric_split(exact);
        const std::vector<detail::word_thresholds> t = detail::geometric_thresholds(exact, s);
        const geometric_distribution<long long> d(p);
        for (unsigned i = 0; i <= s; ++i) {
            for (const bool at_true : {true, false}) {
                std::vector<int> bits;
                const unsigned trial = i == s ? s : i;  // i = s: h's first trial
                if (i < s) append_deciding(bits, t[s], false);
                for (unsigned j = 0; j < i && i < s; ++j) append_deciding(bits, t[j], true);
                append_bits(bits, at_true ? t[trial].on_true : t[trial].on_false - 1);
                for (int k = 0; k < 4; ++k) append_bits(bits, random());
                listed_words<64> words;
                words.words = packed(bits);
                auto coin_bits = bits_of(words);
                auto coin = from_values<rollplan::coin>(std::ref(coin_bits));
                listed_words<64> engine = words;
                INFO("p = " << p << ", trial " << i << (at_true ? ", at on_true" : ", at on_false - 1"));
                const long long value = d(engine);
                REQUIRE(value == d(coin));
                auto lazy_bits = bits_of(words);
                auto lazy_coin = from_values<rollplan::coin>(std::ref(lazy_bits));
                REQUIRE(by_lazy_trials(lazy_coin, exact) == value);
                REQUIRE(lazy_bits.flips == coin_bits.flips);
                REQUIRE(coin_bits.flips > bits.size() - 4 * 64);  // past the 64 bits
                if (i < s) REQUIRE((value & ((1ll << i) - 1)) == (1ll << i) - 1);  // b_0 … b_(i−1)
                if (i < s) REQUIRE(value >> s == 0);                                 // h = 0
            }
        }
    }
}

TEST_CASE("geometric_distribution: values from engines as std's, and its moments", "[geometric]") {
    std::mt19937_64 g64(1);
    std::mt19937 g32(2);
    splitmix64 s64(3);
    for (const double p : {0.5, 0.2, 0.01, 0.9}) {
        INFO("p = " << p);
        const geometric_distribution<int> d(p);
        const int n = 200000;
        double sum = 0, squares = 0;
        for (int i = 0; i < n; ++i) {
            const double v = static_cast<double>(i % 3 == 0 ? d(g64) : i % 3 == 1 ? d(g32) : d(s64));
            sum += v;
            squares += v * v;
        }
        const double mean = sum / n, variance = squares / n - mean * mean, q = 1 - p;
        // the mean's standard error is sqrt(q)/p/sqrt(n); 6 of them
        REQUIRE(std::abs(mean - q / p) < 6 * std::sqrt(q) / p / std::sqrt(n));
        REQUIRE(std::abs(variance / (q / (p * p)) - 1) < 0.05);
    }
    // extreme parameters finish: p = 10^-12 and the least p a long long takes (45/2^63)
    for (const double p : {1e-12, 45 * 0x1p-63}) {
        const geometric_distribution<long long> d(p);
        double sum = 0;
        for (int i = 0; i < 1000; ++i) sum += static_cast<double>(d(g64));
        REQUIRE(std::abs(sum / 1000 * p - 1) < 0.2);
    }
}

TEST_CASE("geometric_distribution: std's surface", "[geometric]") {
    STATIC_REQUIRE(std::is_same_v<geometric_distribution<>::result_type, int>);
    STATIC_REQUIRE(std::is_same_v<geometric_distribution<unsigned long>::result_type, unsigned long>);
    STATIC_REQUIRE(std::is_same_v<geometric_distribution<int>::param_type::distribution_type, geometric_distribution<int>>);
    const geometric_distribution<int> half;
    REQUIRE(half.p() == 0.5);
    REQUIRE(half.min() == 0);
    REQUIRE(half.max() == std::numeric_limits<int>::max());
    REQUIRE(geometric_distribution<std::int8_t>(0.5).max() == 127);
    // p = 1: 0, and no roll
    auto no_roll = from_values<d6>([]() -> int { throw std::logic_error("rolled"); });
    REQUIRE(geometric_distribution<int>(1.0)(no_roll) == 0);
    REQUIRE(geometric_distribution<int>(rational{7, 7})(no_roll) == 0);
    // param, d(g, param), ==, reset
    geometric_distribution<long long> d(0.25);
    const geometric_distribution<long long>::param_type tenth(0.1);
    REQUIRE(d.param().p() == 0.25);
    std::mt19937_64 a(9), b(9);
    for (int i = 0; i < 100; ++i) REQUIRE(d(a, tenth) == geometric_distribution<long long>(0.1)(b));
    REQUIRE(a == b);
    d.param(tenth);
    REQUIRE(d == geometric_distribution<long long>(0.1));
    REQUIRE(d != geometric_distribution<long long>(0.25));
    REQUIRE(geometric_distribution<int>(rational{1, 4}) == geometric_distribution<int>(rational{2, 8}));
    REQUIRE(geometric_distribution<int>(rational{1, 4}) != geometric_distribution<int>(0.25));  // as given, as bernoulli's
    d.reset();
    // generate_random: d(g) for each element in order
    std::vector<long long> filled(50), one_by_one;
    std::mt19937_64 c(4), e(4);
    d.generate_random(filled, c);
    for (int i = 0; i < 50; ++i) one_by_one.push_back(d(e));
    REQUIRE(filled == one_by_one);
}

TEST_CASE("geometric_distribution: parameters refused in words, and streams", "[geometric]") {
    REQUIRE_THROWS_WITH(geometric_distribution<int>(0.0), Catch::Contains("rollplan: geometric_distribution needs a probability p in (0, 1]") &&
                                                            Catch::Contains("(p = 0)"));
    REQUIRE_THROWS_WITH(geometric_distribution<int>(1.5), Catch::Contains("(p = 1.5)"));
    REQUIRE_THROWS_WITH(geometric_distribution<int>(-0.5), Catch::Contains("(p = -0.5)"));
    REQUIRE_THROWS_WITH(geometric_distribution<int>(std::numeric_limits<double>::quiet_NaN()), Catch::Contains("(p = nan)"));
    REQUIRE_THROWS_WITH(geometric_distribution<int>(rational{0, 1}), Catch::Contains("needs a probability p in (0, 1]"));
    REQUIRE_THROWS_WITH(geometric_distribution<int>(rational{5, 4}), Catch::Contains("needs a probability p in (0, 1]"));
    REQUIRE_THROWS_WITH(geometric_distribution<int>(rational{1, two_to_64 + 1}), Catch::Contains("b at most 2^64"));
    // p·2^w >= 45: at the edge for int (w = 31), int8_t (w = 7), long long and unsigned long long
    REQUIRE_NOTHROW(geometric_distribution<int>(45 * 0x1p-31));
    REQUIRE_THROWS_WITH(geometric_distribution<int>(std::nextafter(45 * 0x1p-31, 0.0)),
                        Catch::Contains("rollplan: geometric_distribution<T> needs p >= 45 / 2^w") && Catch::Contains("(p = 2.09547579288482"));
    REQUIRE_NOTHROW(geometric_distribution<int>(rational{45, count_t{1} << 31}));
    REQUIRE_THROWS_WITH(geometric_distribution<int>(rational{44, count_t{1} << 31}), Catch::Contains("needs p >= 45 / 2^w"));
    REQUIRE_NOTHROW(geometric_distribution<std::int8_t>(45.0 / 128));
    REQUIRE_THROWS(geometric_distribution<std::int8_t>(0.35));
    REQUIRE_NOTHROW(geometric_distribution<long long>(1e-12));
    REQUIRE_THROWS(geometric_distribution<int>(1e-12));
    REQUIRE_NOTHROW(geometric_distribution<unsigned long long>(rational{45, two_to_64}));
    REQUIRE_THROWS(geometric_distribution<unsigned long long>(rational{44, two_to_64}));
    // a value past T's largest throws, naming it: a source that always gives 0 (U = 0) makes every
    // trial of x_s true
    auto zeros = from_values<coin>([] { return 0; });
    REQUIRE_THROWS_AS(geometric_distribution<std::int8_t>(0.5)(zeros), std::out_of_range);
    REQUIRE_THROWS_WITH(geometric_distribution<std::int8_t>(0.5)(zeros),
                        Catch::Contains("rollplan: geometric_distribution drew a value past its result type's largest") &&
                            Catch::Contains("(largest = 127)"));
    // streams: p as bernoulli_distribution writes it
    std::stringstream s;
    const geometric_distribution<int> tenth(0.1), third(rational{1, 3});
    s << tenth << ' ' << third;
    REQUIRE(s.str() == "0.10000000000000001 1/3");
    geometric_distribution<int> x, y;
    s >> x >> y;
    REQUIRE(x == tenth);
    REQUIRE(y == third);
    for (const char* input : {"0", "0/5", "1.5", "2/1", "1e-12", "1/4294967296", "abc", "-0.5"}) {
        INFO(input);
        std::stringstream bad(input);
        bad >> x;
        REQUIRE(bad.fail());
        REQUIRE(x == tenth);
    }
    std::stringstream wide_ok("1e-12");
    geometric_distribution<long long> wide;
    wide_ok >> wide;
    REQUIRE(!wide_ok.fail());
    REQUIRE(wide == geometric_distribution<long long>(1e-12));
}

TEST_CASE("geometric_distribution: the largest value of T is drawn, the next throws", "[geometric]") {
    // int8_t, p = 1/2: s = 1, x_1 = 1/4 and y_0 = 1/3. Bits 00 make a trial of 1/4 true (U < 1/4),
    // 1 false; then 00 makes b_0 true (U < 1/3). h = 63 gives 2·63 + 1 = 127; h = 64 throws.
    auto coin_of = [](std::vector<int> bits) {
        return [bits = std::move(bits), at = std::size_t{0}]() mutable { return at < bits.size() ? bits[at++] : 1; };
    };
    const geometric_distribution<std::int8_t> d(0.5);
    for (const int h : {63, 64}) {
        std::vector<int> bits;
        for (int i = 0; i < h; ++i) bits.insert(bits.end(), {0, 0});
        bits.insert(bits.end(), {1, 0, 0});
        auto source = from_values<coin>(coin_of(bits));
        if (h == 63) REQUIRE(d(source) == 127);
        else REQUIRE_THROWS_WITH(d(source), Catch::Contains("(largest = 127)"));
    }
}

TEST_CASE("geometric_distribution: the same values for every result type that holds them", "[geometric]") {
    // T enters only the check of p and of the largest value: short, unsigned and long long give
    // the same values, engine for engine
    for (const double p : {0.5, 0.01}) {
        const geometric_distribution<short> a(p);
        const geometric_distribution<unsigned> b(p);
        const geometric_distribution<long long> c(p);
        std::mt19937 ga(5), gb(5), gc(5);
        for (int i = 0; i < 2000; ++i) {
            const long long x = a(ga), y = b(gb), z = c(gc);
            REQUIRE((x == z && y == z));
        }
        REQUIRE((ga == gc && gb == gc));
    }
}

TEST_CASE("geometric_distribution: an engine whose range is not a power of two reads its values as digits", "[geometric]") {
    // minstd_rand: K = 2^31 − 2, digits of base K (the step rule itself, no bits): its moments
    std::minstd_rand g(3);
    const geometric_distribution<int> d(0.2);
    const int n = 20000;
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += d(g);
    const double q = 0.8, p = 0.2;
    REQUIRE(std::abs(sum / n - q / p) < 6 * std::sqrt(q) / p / std::sqrt(n));
}
