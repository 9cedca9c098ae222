#include <rollplan/engines.hpp>
#include <rollplan/generate_canonical.hpp>
#include <rollplan/philox.hpp>

#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using namespace rollplan;
using boost::multiprecision::cpp_int;

namespace {

// [rand.util.canonical] of C++26 read literally, in unbounded integers: k the
// least integer with R^k >= 2^d, x = ⌊R^k / 2^d⌋, attempts of k calls until
// S < x·2^d, the value ⌊S / x⌋·2^-d (made with ldexp, not by the library's
// multiplication). Counts the calls.
template <class Real, std::size_t digits, class G>
Real canonical_by_the_wording(G& g, int& calls) {
    const int d = static_cast<int>(std::min<std::size_t>(digits, std::numeric_limits<Real>::digits));
    const cpp_int range = cpp_int(G::max()) - cpp_int(G::min()) + 1;
    const cpp_int two_d = cpp_int(1) << d;
    int k = 0;
    cpp_int range_k = 1;
    while (range_k < two_d) {
        range_k *= range;
        ++k;
    }
    const cpp_int x = range_k / two_d;
    for (;;) {
        cpp_int s = 0, power = 1;
        for (int i = 0; i < k; ++i, power *= range) {
            s += (cpp_int(g()) - cpp_int(G::min())) * power;
            ++calls;
        }
        if (s < x * two_d) return std::ldexp(static_cast<Real>(static_cast<unsigned long long>(s / x)), -d);
    }
}

// An engine of the values min..max that plays a script (repeating its last value), counting its calls.
template <class T, T Min, T Max>
struct scripted {
    using result_type = T;
    static constexpr T min() { return Min; }
    static constexpr T max() { return Max; }
    std::vector<T> script;
    std::size_t at = 0;
    T operator()() {
        const T v = script[at < script.size() ? at : script.size() - 1];
        ++at;
        return v;
    }
};

// The faces of a d6 from a seeded engine, as an engine of R = 6 (min 1).
struct d6_engine {
    using result_type = unsigned;
    static constexpr unsigned min() { return 1; }
    static constexpr unsigned max() { return 6; }
    std::mt19937 g{7};
    unsigned operator()() { return static_cast<unsigned>(g() % 6) + 1; }
};

// R = 2^64 − 1: every value but the largest (min 1).
struct all_but_one_engine {
    using result_type = std::uint64_t;
    static constexpr std::uint64_t min() { return 1; }
    static constexpr std::uint64_t max() { return ~std::uint64_t{0}; }
    std::mt19937_64 g{11};
    std::uint64_t operator()() {
        for (;;)
            if (const std::uint64_t v = g(); v != 0) return v;
    }
};

// n values of generate_canonical<Real, digits> on two copies of an engine:
// the library's, and the wording's, with the engines left at the same place.
template <class Real, std::size_t digits, class G>
void same_as_the_wording(const G& engine, int n) {
    G mine = engine, theirs = engine;
    int calls = 0;
    for (int i = 0; i < n; ++i) {
        const Real value = generate_canonical<Real, digits>(mine);
        const Real expected = canonical_by_the_wording<Real, digits>(theirs, calls);
        REQUIRE(value == expected);
        REQUIRE(value < Real{1});
    }
    REQUIRE(mine() == theirs());
}

}  // namespace

TEST_CASE("generate_canonical gives the values of C++26's wording, on engines of every kind of range") {
    same_as_the_wording<double, 64>(std::mt19937_64(1), 2000);      // R = 2^64, k = 1
    same_as_the_wording<double, 64>(std::mt19937(2), 2000);         // R = 2^32, k = 2
    same_as_the_wording<float, 32>(std::mt19937(3), 2000);          // k = 1, x = 2^8
    same_as_the_wording<double, 64>(std::minstd_rand(4), 2000);     // R = 2^31 − 2: attempts can fail
    same_as_the_wording<float, 24>(std::minstd_rand0(5), 2000);     // R = 2^31 − 2, k = 1
    same_as_the_wording<double, 64>(std::ranlux24_base(6), 2000);   // R = 2^24, k = 3
    same_as_the_wording<double, 10>(std::mt19937_64(7), 2000);      // d = 10 < 53
    same_as_the_wording<double, 1>(std::mt19937(8), 200);           // d = 1: 0 or 1/2
    same_as_the_wording<double, 64>(d6_engine{}, 2000);             // R = 6, k = 21
    same_as_the_wording<float, 24>(d6_engine{}, 2000);              // R = 6, k = 10, x = 3
    same_as_the_wording<double, 64>(all_but_one_engine{}, 2000);    // R = 2^64 − 1
    same_as_the_wording<long double, 64>(std::mt19937(9), 2000);    // d = 64 where long double has 64 digits
    same_as_the_wording<double, 53>(splitmix64(10), 2000);          // a rollplan engine
    // a 16-bit result_type with min 1 (g() − min() is an int there; GCC's -Wsign-conversion saw it)
    same_as_the_wording<float, 24>(std::linear_congruential_engine<std::uint16_t, 75, 0, 65521>(11), 2000);
}

TEST_CASE("generate_canonical on an engine of 64-bit words is its top d bits over 2^d") {
    std::mt19937_64 g(12), h(12);
    for (int i = 0; i < 1000; ++i) {
        const double value = generate_canonical<double, 53>(g);
        REQUIRE(value == std::ldexp(static_cast<double>(h() >> 11), -53));
    }
    std::mt19937 g32(13), h32(13);
    for (int i = 0; i < 1000; ++i) {  // g_0 the low word, g_1 the high
        const double value = generate_canonical<double, 53>(g32);
        const std::uint64_t low = h32(), high = h32();
        REQUIRE(value == std::ldexp(static_cast<double>(((high << 32) | low) >> 11), -53));
    }
}

TEST_CASE("generate_canonical never returns 1, an engine stuck at its largest value included") {
    scripted<std::uint64_t, 0, ~std::uint64_t{0}> words{{~std::uint64_t{0}}};
    REQUIRE(generate_canonical<double, 64>(words) == 1.0 - 0x1p-53);
    REQUIRE(generate_canonical<float, 64>(words) == 1.0f - 0x1p-24f);
    REQUIRE(generate_canonical<long double, 64>(words) == 1.0L - 0x1p-64L);
    scripted<std::uint32_t, 0, ~std::uint32_t{0}> halves{{~std::uint32_t{0}}};
    REQUIRE(generate_canonical<double, 64>(halves) == 1.0 - 0x1p-53);
    REQUIRE(halves.at == 2);
}

TEST_CASE("generate_canonical makes another attempt when S reaches x·2^d") {
    // R = 6, float: d = 24, k = 10 (6^10 = 60466176 >= 2^24), x = 3, attempts kept when S < 3·2^24
    // = 50331648. All sixes: S = 6^10 − 1, refused; then all ones: S = 0.
    scripted<unsigned, 1, 6> sixes{{6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1}};
    REQUIRE(generate_canonical<float, 24>(sixes) == 0.0f);
    REQUIRE(sixes.at == 20);
    // The largest S kept: 50331647 = 3·2^24 − 1, the value ⌊S / 3⌋ / 2^24 = 1 − 2^-24. Its base-6
    // digits, least significant first, are the faces minus one.
    std::vector<unsigned> faces;
    for (std::uint64_t s = 50331647, i = 0; i < 10; ++i, s /= 6) faces.push_back(static_cast<unsigned>(s % 6) + 1);
    scripted<unsigned, 1, 6> last{faces};
    REQUIRE(generate_canonical<float, 24>(last) == 1.0f - 0x1p-24f);
    REQUIRE(last.at == 10);
    // One more, S = 3·2^24, is refused: the next attempt (faces 1) gives 0.
    faces.clear();
    for (std::uint64_t s = 50331648, i = 0; i < 10; ++i, s /= 6) faces.push_back(static_cast<unsigned>(s % 6) + 1);
    faces.push_back(1);
    scripted<unsigned, 1, 6> first_refused{faces};
    REQUIRE(generate_canonical<float, 24>(first_refused) == 0.0f);
    REQUIRE(first_refused.at == 20);
}

TEST_CASE("generate_canonical with no digits asked returns 0 and calls nothing") {
    scripted<std::uint64_t, 0, ~std::uint64_t{0}> words{{5}};
    REQUIRE(generate_canonical<double, 0>(words) == 0.0);
    REQUIRE(words.at == 0);
}

TEST_CASE("generate_canonical in a constant expression gives the run time's value") {
    constexpr double at_compile_time = [] {
        splitmix64 g(2026);
        double sum = 0;
        for (int i = 0; i < 8; ++i) sum += generate_canonical<double, 53>(g);
        return sum;
    }();
    splitmix64 g(2026);
    double sum = 0;
    for (int i = 0; i < 8; ++i) sum += generate_canonical<double, 53>(g);
    REQUIRE(at_compile_time == sum);
    STATIC_REQUIRE(([] {
        philox4x64 g(1);
        return generate_canonical<float, 24>(g) < 1.0f;
    }()));
}
