#include <rollplan/engines.hpp>
#include <rollplan/generate.hpp>
#include <rollplan/uniform_real.hpp>
#include <rollplan/verify_real.hpp>

#include <array>
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <vector>

using namespace rollplan;

namespace {

// The sampler a proof runs: the distribution as a user writes it, on the proof's source.
template <class Real>
constexpr auto drawn(Real a, Real b) {
    return [a, b](auto& source) { return uniform_real_distribution<Real>(a, b)(source); };
}

// An engine of 64-bit words that plays a script, then words of all ones; counts its calls.
struct scripted_words {
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type{0}; }
    std::vector<std::uint64_t> script;
    std::size_t calls = 0;
    result_type operator()() { return calls < script.size() ? script[calls++] : (++calls, ~result_type{0}); }
};

}  // namespace

TEST_CASE("uniform_real_distribution: every number of [a, b) gets exactly its cell's share", "[uniform_real]") {
    // floats of [1, 1 + 2^-16): 128 numbers 2^-23 apart, each 1/128 of the interval, from 7 coin flips exactly
    constexpr float one = 1.0f, top = 1.0f + 0x1p-16f;
    constexpr real_sampler_report narrow = check_real_sampler<die<2>, float>(drawn(one, top), one, top, 7);
    STATIC_REQUIRE((narrow.values == 128 && narrow.proves_exact()));
    STATIC_REQUIRE((narrow.unfinished[6] == 64));  // no draw ends before its 7th flip
    // the same from a d4 (two bits a roll, the last roll's second bit unused) and a d8
    STATIC_REQUIRE((check_real_sampler<die<4>, float>(drawn(one, top), one, top, 4).proves_exact()));
    STATIC_REQUIRE((check_real_sampler<die<8>, float>(drawn(one, top), one, top, 3).proves_exact()));
    // across zero, on subnormal doubles: 16 cells of 2^-1074, 4 flips
    constexpr double low = -4 * 0x1p-1074, high = 12 * 0x1p-1074;
    STATIC_REQUIRE((check_real_sampler<die<2>, double>(drawn(low, high), low, high, 4).proves_exact()));
    STATIC_REQUIRE((check_real_sampler<die<4>, double>(drawn(low, high), low, high, 2).proves_exact()));
    // across a binade: 8 doubles 2^-53 apart below 1, 8 doubles 2^-52 apart above, 24 units in all
    // (not a power of two: a roll can be refused, so the proof bounds what is left unfinished)
    constexpr double below_one = 1 - 0x1p-50, above_one = 1 + 0x1p-49;
    constexpr real_sampler_report binade = check_real_sampler<die<2>, double>(drawn(below_one, above_one), below_one, above_one, 12);
    STATIC_REQUIRE((binade.values == 16 && binade.never_above_share()));
    STATIC_REQUIRE((binade.share(0) == rational{1, 24} && binade.share(15) == rational{2, 24}));
    STATIC_REQUIRE((binade.proves_error_within(rational{1, 16})));
    constexpr real_sampler_report binade_d4 = check_real_sampler<die<4>, double>(drawn(below_one, above_one), below_one, above_one, 6);
    STATIC_REQUIRE((binade_d4.never_above_share() && binade_d4.proves_error_within(rational{1, 16})));
    // on a d6, floats of [0.5, 0.5 + 20·2^-24) with an end inside no power of two: no value above its share
    constexpr float half = 0.5f, half_up = 0.5f + 20 * 0x1p-24f;
    constexpr real_sampler_report d6_floats = check_real_sampler<d6, float>(drawn(half, half_up), half, half_up, 4);
    STATIC_REQUIRE((d6_floats.values == 20 && d6_floats.never_above_share()));
    STATIC_REQUIRE((d6_floats.proves_error_within(rational{1, 2})));
}

TEST_CASE("uniform_real_distribution: [0, 1) is the floor of the real number the words spell", "[uniform_real]") {
    uniform_real_distribution<double> unit;
    // all ones: U = 1 − 2^-64·…, whose floor is the largest double below 1; never 1
    scripted_words ones{{}};
    REQUIRE(unit(ones) == 1 - 0x1p-53);
    REQUIRE(ones.calls == 1);
    // 0x8000…: U in [1/2, 1/2 + 2^-64): 1/2, from one word
    scripted_words half{{std::uint64_t{1} << 63}};
    REQUIRE(unit(half) == 0.5);
    REQUIRE(half.calls == 1);
    // sixteen zero words, then all ones: U = (2^64 − 1)·2^-1088 + (the rest, below 2^-1088), below 2^-1022, so
    // its floor is a subnormal: ⌊(2^64 − 1)·2^-14⌋ = 2^50 − 1 units of 2^-1074
    scripted_words tiny{std::vector<std::uint64_t>(16, 0)};
    const double t = unit(tiny);
    REQUIRE(t == (0x1p50 - 1) * 0x1p-1074);
    REQUIRE(std::fpclassify(t) == FP_SUBNORMAL);
    REQUIRE(tiny.calls == 17);
    // 17 zero words: U below 2^-1088, whose floor is 0 (+0)
    scripted_words zero{std::vector<std::uint64_t>(17, 0)};
    const double z = unit(zero);
    REQUIRE(z == 0.0);
    REQUIRE(!std::signbit(z));
}

TEST_CASE("uniform_real_distribution: what a draw reads", "[uniform_real]") {
    // a float of [1, 1 + 2^-10) from a coin: exactly 13 flips (2^13 floats, 2^-23 apart)
    std::uint64_t flips = 0;
    splitmix64 coin_bits(3);
    auto coin = from_values<die<2>>([&] { ++flips; return coin_bits() >> 63; });
    const uniform_real_distribution<float> narrow(1.0f, 1.0f + 0x1p-10f);
    for (int i = 0; i < 1000; ++i) {
        const std::uint64_t before = flips;
        const float x = narrow(coin);
        REQUIRE(flips - before == 13);
        REQUIRE((x >= 1.0f && x < 1.0f + 0x1p-10f));
    }
    // [0, 1) doubles from 64-bit words: one word a draw, but when the first 11 bits left over are not
    // enough (probability below 2^-10): at most 1.001 words a draw over 10^5 draws
    struct counted {
        using result_type = std::uint64_t;
        static constexpr result_type min() { return 0; }
        static constexpr result_type max() { return ~result_type{0}; }
        splitmix64 e;
        std::uint64_t calls = 0;
        result_type operator()() { return ++calls, e(); }
    } words{splitmix64(7)};
    uniform_real_distribution<double> unit;
    for (int i = 0; i < 100000; ++i) unit(words);
    REQUIRE(words.calls >= 100000);
    REQUIRE(words.calls <= 100100);
    // any [a, b): at most 2 words a draw on average. [−3.7, 12.9) is 16.6·2^49 pieces of 2^-49 (not a
    // power of two, 54 bits), drawn with s = 64 − 6 − 54 = 4 spare bits: a second word only where the
    // value is below 1/2 in magnitude (1/16.6 of them) or the first is refused (below 2^-6.9): 1.063
    // words a draw (without spare bits, 1.705: every value below 8 in magnitude took a second word)
    words.calls = 0;
    uniform_real_distribution<double> wide(-3.7, 12.9);
    for (int i = 0; i < 100000; ++i) wide(words);
    REQUIRE(words.calls >= 105000);
    REQUIRE(words.calls <= 108000);
    // a = b: a, and nothing read
    words.calls = 0;
    REQUIRE(uniform_real_distribution<double>(2.5, 2.5)(words) == 2.5);
    REQUIRE(words.calls == 0);
    // and in a constant expression, where a = b cuts no pieces (no interval to cut)
    STATIC_REQUIRE(([] {
        splitmix64 e(3);
        return uniform_real_distribution<float>(-0.0f, 0.0f)(e) == 0.0f && e == splitmix64(3);
    }()));
}

TEST_CASE("uniform_real_distribution: any finite interval, with every value inside it", "[uniform_real]") {
    std::mt19937_64 g(11);
    std::mt19937 h(12);
    // the widest: [−DBL_MAX, DBL_MAX), whose width overflows a double; about half the values negative
    uniform_real_distribution<double> widest(-DBL_MAX, DBL_MAX);
    int negative = 0;
    for (int i = 0; i < 10000; ++i) {
        const double x = widest(g);
        REQUIRE((std::isfinite(x) && x >= -DBL_MAX && x < DBL_MAX));
        negative += x < 0;
    }
    REQUIRE((negative > 4700 && negative < 5300));
    // floats of [−3.7, 12.9) from a 32-bit engine: inside, b never, a mean near 4.6
    uniform_real_distribution<float> f(-3.7f, 12.9f);
    double sum = 0;
    for (int i = 0; i < 100000; ++i) {
        const float x = f(h);
        REQUIRE((x >= -3.7f && x < 12.9f));
        sum += x;
    }
    REQUIRE(std::abs(sum / 100000 - 4.6) < 0.05);
    // the least interval: one subnormal cell, always its start
    uniform_real_distribution<double> cell(0x1p-1074, 0x1p-1073);
    for (int i = 0; i < 100; ++i) REQUIRE(cell(g) == 0x1p-1074);
}

TEST_CASE("uniform_real_distribution: std's surface", "[uniform_real]") {
    const uniform_real_distribution<double> unit;
    REQUIRE((unit.a() == 0.0 && unit.b() == 1.0 && unit.min() == 0.0 && unit.max() == 1.0));
    const uniform_real_distribution<float> f(-2.5f);
    REQUIRE((f.a() == -2.5f && f.b() == 1.0f));
    uniform_real_distribution<double> d(1.0, 3.0);
    REQUIRE(d.param() == uniform_real_distribution<double>::param_type(1.0, 3.0));
    REQUIRE(d != unit);
    d.param(unit.param());
    REQUIRE(d == unit);
    REQUIRE(uniform_real_distribution<double>(-0.0, 1.0) == unit);  // numbers compared, as std does
    d.reset();
    // d(g, p) draws for p, and both forms give the values of a fresh distribution with those bounds
    std::mt19937_64 g(5), h(5);
    const uniform_real_distribution<double>::param_type p(10.0, 20.0);
    for (int i = 0; i < 100; ++i) REQUIRE(unit(g, p) == uniform_real_distribution<double>(p)(h));
    // text: a and b, read back exactly, whatever the stream's flags
    std::stringstream text;
    text << std::hex << std::scientific << uniform_real_distribution<double>(0.1, 1e300);
    uniform_real_distribution<double> back;
    text >> back;
    REQUIRE(back == uniform_real_distribution<double>(0.1, 1e300));
    // text it refuses (reversed or infinite bounds): failbit, and the distribution as it was
    for (const char* bad : {"2 1", "0 inf", "nan 1", "x"}) {
        std::istringstream in(bad);
        uniform_real_distribution<double> kept(3.0, 4.0);
        in >> kept;
        REQUIRE(in.fail());
        REQUIRE(kept == uniform_real_distribution<double>(3.0, 4.0));
    }
    // generate and generate_random give the values of the loop
    std::vector<double> filled(1000), randomed(1000), looped(1000);
    std::mt19937_64 a(9), b(9), c(9);
    rollplan::generate(filled.begin(), filled.end(), unit, a);
    unit.generate_random(randomed, b);
    for (double& x : looped) x = unit(c);
    REQUIRE(filled == looped);
    REQUIRE(randomed == looped);
    // a constant expression draws the values of the run time
    constexpr double at_compile_time = [] {
        splitmix64 e(1);
        uniform_real_distribution<double> u(-1.0, 1.0);
        u(e);
        return u(e);
    }();
    splitmix64 e(1);
    uniform_real_distribution<double> u(-1.0, 1.0);
    u(e);
    REQUIRE(u(e) == at_compile_time);
}

TEST_CASE("uniform_real_distribution: bounds it refuses, named", "[uniform_real]") {
    using Catch::Contains;
    constexpr double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH(uniform_real_distribution<double>(2.0, 1.0),
                      Contains("rollplan: uniform_real_distribution needs a <= b (a = 2, b = 1)"));
    CHECK_THROWS_WITH(uniform_real_distribution<double>(nan, 1.0), Contains("needs a finite bound a (a = nan)"));
    CHECK_THROWS_WITH(uniform_real_distribution<double>(0.0, inf), Contains("needs a finite bound b (b = inf)"));
    CHECK_THROWS_WITH(uniform_real_distribution<float>(-std::numeric_limits<float>::infinity()), Contains("(a = -inf)"));
    CHECK_THROWS_AS(uniform_real_distribution<double>::param_type(1.0, 0.5), std::invalid_argument);
}
