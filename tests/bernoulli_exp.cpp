// bernoulli_exp_distribution: true with probability e^−x on every roll
// sequence of a coin, a d6 and a d10; an engine's words give the answers
// their bits give from a coin; std's surface; every parameter refused in
// words.
#include <rollplan/bernoulli_exp.hpp>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <limits>
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

// The true mass found on every sequence against a target probability:
// found <= target <= found + unfinished.
bool consistent(const masses& m, const real& target) {
    return real_of(m.of[1]) <= target && target <= real_of(m.of[1] + m.unfinished) && m.below == rational{} && m.beyond == rational{};
}

}  // namespace

TEST_CASE("bernoulli_exp_distribution: exact on every roll sequence of a coin, a d6 and a d10", "[bernoulli_exp]") {
    struct case_t {
        const char* name;
        bernoulli_exp_distribution d;
        real x;
    };
    const std::vector<case_t> cases = {
        {"1", bernoulli_exp_distribution(1.0), real(1)},
        {"1/3", bernoulli_exp_distribution(rational{1, 3}), real(1) / 3},
        {"0.75", bernoulli_exp_distribution(0.75), real(0.75)},
        {"ln 2 (double)", bernoulli_exp_distribution(0.6931471805599453), real(0.6931471805599453)},
        {"3", bernoulli_exp_distribution(3.0), real(3)},
        {"1e-3", bernoulli_exp_distribution(1e-3), real(1e-3)},
        {"20", bernoulli_exp_distribution(20.0), real(20)},
    };
    for (const case_t& c : cases) {
        INFO("x = " << c.name);
        const real target = exp(-c.x);
        const masses coin_masses = on_every_sequence<coin>(c.d, 16, 2);
        REQUIRE(consistent(coin_masses, target));
        REQUIRE(coin_masses.unfinished <= rational{1, 1 << 14});  // a trial ends after about two flips
        // the check can fail: e^−x for x 1% off is outside these masses (for x = 20, e^−20 is
        // below the mass left unfinished at 16 flips: no other x can be told apart there)
        if (c.x < 10) REQUIRE_FALSE(consistent(coin_masses, exp(-c.x * real(1.01))));
        const masses six = on_every_sequence<d6>(c.d, 7, 2);
        REQUIRE(consistent(six, target));
        REQUIRE(six.unfinished <= rational{1, 6 * 6 * 6 * 6 * 6});
        const masses ten = on_every_sequence<d10>(c.d, 5, 2);
        REQUIRE(consistent(ten, target));
    }
}

TEST_CASE("bernoulli_exp_distribution: an engine's words give the answers their bits give from a coin", "[bernoulli_exp]") {
    // the first word at and around the two thresholds (the trial goes on past 64 bits at on_true
    // and on_false - 1), then random words; 32-bit words give the same as their 64-bit pairs
    splitmix64 random{21};
    for (const double x : {1.0, 0.6931471805599453, 1e-3, 1e-20, 40.0, 200.0, 1e300}) {
        INFO("x = " << x);
        const bernoulli_exp_distribution d(x);
        const detail::exp_argument argument = detail::exp_argument_of(x);
        const detail::word_thresholds t =
            detail::thresholds_of(detail::exp_bounds(argument, detail::first_precision), detail::threshold_kind::x);
        const std::vector<std::uint64_t> edges = {t.on_true - 1, t.on_true, t.on_false - 1, t.on_false, t.on_false + 1, 0,
                                                  ~std::uint64_t{0}};
        for (int trial = 0; trial < 200; ++trial) {
            listed_words<64> words;
            const std::uint64_t first = trial < static_cast<int>(edges.size()) ? edges[static_cast<std::size_t>(trial)] : random();
            words.words = {first, random(), random()};
            INFO("first word " << first);
            auto coin_bits = bits_of(words);
            auto coin = from_values<rollplan::coin>(std::ref(coin_bits));
            listed_words<64> engine = words;
            const bool from_words = d(engine), from_coin = d(coin);
            REQUIRE(from_words == from_coin);
            // step by step from single bits: lazy_trial, no thresholds
            auto lazy_bits = bits_of(words);
            auto lazy_coin = from_values<rollplan::coin>(std::ref(lazy_bits));
            detail::digit_stream<decltype(lazy_coin)> digits(lazy_coin);
            REQUIRE(detail::lazy_trial(digits, detail::exp_bounds_of{&argument}, detail::threshold_kind::x) == from_coin);
            REQUIRE(lazy_bits.flips == coin_bits.flips);
            REQUIRE(engine.reads == (coin_bits.flips + 63) / 64);
            listed_words<32> halves = halves_of(words);
            REQUIRE(d(halves) == from_coin);
            REQUIRE(halves.reads == (coin_bits.flips + 31) / 32);
        }
    }
}

TEST_CASE("bernoulli_exp_distribution: frequencies from engines, and extreme x", "[bernoulli_exp]") {
    std::mt19937_64 g64(1);
    std::mt19937 g32(2);
    std::minstd_rand small(3);
    for (const double x : {0.1, 1.0, 2.5}) {
        INFO("x = " << x);
        const bernoulli_exp_distribution d(x);
        const int n = 40000;
        int yes = 0;
        for (int i = 0; i < n; ++i) yes += i % 10 == 0 ? d(small) : i % 2 == 0 ? d(g64) : d(g32);  // minstd_rand: big integers
        const double p = std::exp(-x);
        REQUIRE(std::abs(yes / double(n) - p) < 6 * std::sqrt(p * (1 - p) / n));
    }
    // e^-1e300 and e^-1000 are below 2^-1000: false on every draw; e^-1e-300 true on every draw
    for (int i = 0; i < 1000; ++i) {
        REQUIRE_FALSE(bernoulli_exp_distribution(1e300)(g64));
        REQUIRE_FALSE(bernoulli_exp_distribution(std::numeric_limits<double>::max())(g64));
        REQUIRE_FALSE(bernoulli_exp_distribution(rational{1000})(small));
        REQUIRE(bernoulli_exp_distribution(1e-300)(g32));
    }
}

TEST_CASE("bernoulli_exp_distribution: std's surface", "[bernoulli_exp]") {
    STATIC_REQUIRE(std::is_same_v<bernoulli_exp_distribution::result_type, bool>);
    STATIC_REQUIRE(std::is_same_v<bernoulli_exp_distribution::param_type::distribution_type, bernoulli_exp_distribution>);
    const bernoulli_exp_distribution one;
    REQUIRE(one.x() == 1.0);
    REQUIRE(bernoulli_exp_distribution::param_type().x() == 1.0);
    REQUIRE(one.min() == false);
    REQUIRE(one.max() == true);
    // x = 0: true, and no roll
    auto no_roll = from_values<d6>([]() -> int { throw std::logic_error("rolled"); });
    REQUIRE(bernoulli_exp_distribution(0.0)(no_roll));
    REQUIRE(bernoulli_exp_distribution(rational{0, 5})(no_roll));
    // param, d(g, param), ==
    bernoulli_exp_distribution d(0.25);
    const bernoulli_exp_distribution::param_type two(2.0);
    std::mt19937_64 a(9), b(9);
    for (int i = 0; i < 100; ++i) REQUIRE(d(a, two) == bernoulli_exp_distribution(2.0)(b));
    REQUIRE(a == b);
    d.param(two);
    REQUIRE(d == bernoulli_exp_distribution(2.0));
    REQUIRE(d != bernoulli_exp_distribution(0.25));
    REQUIRE(bernoulli_exp_distribution(rational{1, 4}) == bernoulli_exp_distribution(rational{2, 8}));
    REQUIRE(bernoulli_exp_distribution(rational{1, 4}) != bernoulli_exp_distribution(0.25));  // as given, as bernoulli's
    // streams: a double's 17 digits and a/b read back as the same x
    for (const bernoulli_exp_distribution& e :
         {bernoulli_exp_distribution(0.1), bernoulli_exp_distribution(1e300), bernoulli_exp_distribution(0x1p-1074),
          bernoulli_exp_distribution(rational{(count_t{1} << 100) + 3, two_to_64}), bernoulli_exp_distribution(0.0),
          bernoulli_exp_distribution(-0.0)}) {  // −0 is 0: written "0", not a sign >> refuses
        std::stringstream s;
        s << e;
        bernoulli_exp_distribution back(5.0);
        s >> back;
        INFO(s.str());
        REQUIRE(back == e);
    }
    std::stringstream written;
    written << bernoulli_exp_distribution(rational{7, 3});
    REQUIRE(written.str() == "7/3");
    // text that is no x sets failbit and keeps the distribution
    for (const char* bad : {"-1", "nan", "inf", "1e400", "1/0", "1/18446744073709551617", "x", "1/2/3", "1e"}) {
        std::stringstream s(bad);
        bernoulli_exp_distribution e(0.5);
        s >> e;
        INFO(bad);
        REQUIRE(s.fail());
        REQUIRE(e == bernoulli_exp_distribution(0.5));
    }
    // generate_random
    std::vector<bool> many(64);
    std::mt19937_64 c(4), e(4);
    bernoulli_exp_distribution(0.5).generate_random(many, c);
    for (const bool v : many) REQUIRE(v == bernoulli_exp_distribution(0.5)(e));
}

TEST_CASE("bernoulli_exp_distribution: a bad x is refused in words", "[bernoulli_exp]") {
    auto message = [](auto make) {
        try {
            make();
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("no exception");
    };
    REQUIRE(message([] { (void)bernoulli_exp_distribution(-0.5); }) == "rollplan: bernoulli_exp_distribution needs x >= 0 and finite (x = -0.5)");
    REQUIRE(message([] { (void)bernoulli_exp_distribution(std::numeric_limits<double>::infinity()); }).find("(x = inf)") != std::string::npos);
    REQUIRE(message([] { (void)bernoulli_exp_distribution(std::nan("")); }).find("rollplan: bernoulli_exp_distribution needs x >= 0") == 0);
    REQUIRE(message([] { (void)bernoulli_exp_distribution(rational{1, two_to_64 + 1}); }) ==
            "rollplan: bernoulli_exp_distribution needs x = a/b with b at most 2^64 (b = 18446744073709551617)");
}
