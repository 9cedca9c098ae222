// What two peers check of their uniform integer distributions, applied to
// rollplan's distribution with bounds at compile time and at run time (which
// draws through uniform_below). Written anew from what those tests check, not
// copied:
// - LLVM libc++, rand.dist.uni.int/eval.pass.cpp: 10^4 draws (10^5 here) per engine and
//   range; the bottom and top tenth of the range both hit; the sample mean
//   within 1/100 of the range of (a + b)/2; the variance within 1/50 of
//   ((b − a + 1)^2 − 1)/12; skewness in (−0.1, 0.1); kurtosis in (1.6, 2.0).
// - Boost.Random, test_uniform_int.ipp: 10^5 draws per case with a
//   chi-square test at the 1% level, for a small range from a big engine,
//   and for distributions fed by other distributions (a range of 2 feeding
//   [0, 1], [−3, 2] and [0, 99]; a range of 6 feeding [1, 4]; ranges of 4 and
//   3 feeding [0, 255]; 4 feeding [0, 300]); a source counting down from
//   2^64 − 2; and ranges that once looped forever in Boost ([0, 2^32 − 1] and
//   [0, 8361] from minstd_rand, [1, 1]).
#include <rollplan/distribution.hpp>
#include <rollplan/sample.hpp>

#include <catch2/catch.hpp>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "support.hpp"

using namespace rollplan;

namespace {

struct moments {
    double mean = 0, variance = 0, skew = 0, kurtosis = 0;
};

template <class T>
moments moments_of(const std::vector<T>& u) {
    moments m;
    const auto n = static_cast<double>(u.size());
    for (T v : u) m.mean += static_cast<double>(v);
    m.mean /= n;
    for (T v : u) {
        const double d = static_cast<double>(v) - m.mean;
        m.variance += d * d;
        m.skew += d * d * d;
        m.kurtosis += d * d * d * d;
    }
    m.variance /= n;
    m.skew /= n * m.variance * std::sqrt(m.variance);
    m.kurtosis /= n * m.variance * m.variance;
    return m;
}

// libc++'s statistics for values in [a, b].
template <class T>
void check_like_libcxx(const std::vector<T>& u, T a, T b) {
    const double lo = static_cast<double>(a), hi = static_cast<double>(b), range = hi - lo + 1;
    bool bottom = false, top = false;
    for (T v : u) {
        REQUIRE(a <= v);
        REQUIRE(v <= b);
        bottom = bottom || static_cast<double>(v) <= lo + range / 10;
        top = top || static_cast<double>(v) >= hi - range / 10;
    }
    REQUIRE(bottom);
    REQUIRE(top);
    const moments m = moments_of(u);
    const double expected_variance = (range * range - 1) / 12;
    REQUIRE(std::abs(m.mean - (lo / 2 + hi / 2)) < range / 100);
    REQUIRE(std::abs(m.variance - expected_variance) < expected_variance / 50);
    REQUIRE(m.skew > -0.1);
    REQUIRE(m.skew < 0.1);
    REQUIRE(m.kurtosis > 1.6);
    REQUIRE(m.kurtosis < 2.0);
}

// Draws 10^5 values of [A, B] from a default-constructed engine G, through the
// distribution with compile-time bounds and with run-time bounds, and checks both.
// libc++ draws 10^4 with the same bounds; at 10^4 the sample variance of a
// uniform has a relative standard deviation near 0.9%, so its 1/50 bound is
// only 2.2 sigma and a fixed seed fails it by chance about once in 35 ranges
// (minstd_rand0 on the whole 64-bit range did: −2.66% at 10^4, +0.03% at
// 10^6). 10^5 draws keep libc++'s bounds and make them 7 sigma.
constexpr int eval_draws = 100000;
template <class G, auto A, auto B>
void libcxx_eval() {
    using T = std::common_type_t<decltype(A), decltype(B)>;
    INFO("engine with " << to_string(urbg_faces<G>) << " values, range [" << +A << ", " << +B << "]");
    G engine;
    uniform_int_distribution<T, A, B> dist;
    std::vector<T> by_compile_time_bounds, by_run_time_bounds;
    for (int i = 0; i < eval_draws; ++i) by_compile_time_bounds.push_back(dist(engine));
    check_like_libcxx<T>(by_compile_time_bounds, A, B);
    G again;
    uniform_int_distribution<T> run_time(A, B);
    for (int i = 0; i < eval_draws; ++i) by_run_time_bounds.push_back(run_time(again));
    check_like_libcxx<T>(by_run_time_bounds, A, B);
}

}  // namespace

TEST_CASE("libc++'s eval statistics: every standard engine, [0, INT_MAX]", "[peer]") {
    constexpr int top = std::numeric_limits<int>::max();
    libcxx_eval<std::minstd_rand0, 0, top>();
    libcxx_eval<std::minstd_rand, 0, top>();
    libcxx_eval<std::mt19937, 0, top>();
    libcxx_eval<std::mt19937_64, 0, top>();
    libcxx_eval<std::ranlux24_base, 0, top>();
    libcxx_eval<std::ranlux48_base, 0, top>();
    libcxx_eval<std::ranlux24, 0, top>();
    libcxx_eval<std::ranlux48, 0, top>();
    libcxx_eval<std::knuth_b, 0, top>();
}

TEST_CASE("libc++'s eval statistics: small ranges and every integer type", "[peer]") {
    libcxx_eval<std::minstd_rand0, -6, 106>();
    libcxx_eval<std::minstd_rand, 5, 100>();
    libcxx_eval<std::minstd_rand0, short{0}, std::numeric_limits<short>::max()>();
    libcxx_eval<std::minstd_rand0, 0L, std::numeric_limits<long>::max()>();
    libcxx_eval<std::minstd_rand0, 0LL, std::numeric_limits<long long>::max()>();
    libcxx_eval<std::minstd_rand0, static_cast<unsigned short>(0), std::numeric_limits<unsigned short>::max()>();
    libcxx_eval<std::minstd_rand0, 0U, std::numeric_limits<unsigned>::max()>();
    libcxx_eval<std::minstd_rand0, 0UL, std::numeric_limits<unsigned long>::max()>();
    libcxx_eval<std::minstd_rand0, 0ULL, std::numeric_limits<unsigned long long>::max()>();
    libcxx_eval<std::minstd_rand0, 0ULL, std::numeric_limits<unsigned long long>::max() - 1>();
    libcxx_eval<std::minstd_rand0, std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max()>();
    libcxx_eval<std::mt19937, std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max()>();
    libcxx_eval<std::mt19937_64, 0ULL, std::numeric_limits<unsigned long long>::max()>();
    libcxx_eval<std::minstd_rand0, short{SHRT_MIN}, short{SHRT_MAX}>();
    libcxx_eval<std::minstd_rand0, std::int8_t{0}, std::numeric_limits<std::int8_t>::max()>();
    libcxx_eval<std::minstd_rand0, std::uint8_t{0}, std::numeric_limits<std::uint8_t>::max()>();
}

namespace {

// A standard engine made of a distribution over another engine, as Boost's
// variate_generator: values A..B, so it is a die of B − A + 1 faces.
template <auto A, auto B, class G>
struct chained {
    using result_type = std::make_unsigned_t<std::common_type_t<decltype(A), decltype(B), int>>;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return static_cast<result_type>(B - A); }
    G* inner;
    result_type operator()() {
        return static_cast<result_type>(uniform_int_distribution<std::common_type_t<decltype(A), decltype(B)>, A, B>{}(*inner) - A);
    }
};

// Boost's check: 10^5 values, every one in range, chi-square below its 99th percentile.
template <auto A, auto B, class G>
void boost_chi_square(G& g) {
    INFO("range [" << +A << ", " << +B << "]");
    uniform_int_distribution<std::common_type_t<decltype(A), decltype(B)>, A, B> dist;
    std::vector<long> counts(static_cast<std::size_t>(B - A + 1));
    for (int i = 0; i < 100000; ++i) {
        const auto v = dist(g);
        REQUIRE(v >= A);
        REQUIRE(v <= B);
        ++counts[static_cast<std::size_t>(v - A)];
    }
    const double df = static_cast<double>(counts.size() - 1), z = 2.326;  // 99th percentile (Wilson–Hilferty)
    const double t = 1 - 2 / (9 * df) + z * std::sqrt(2 / (9 * df));
    REQUIRE(testing::chi_square(counts) < df * t * t * t);
}

// Boost's "ruetti_gen": a 64-bit source counting down from 2^64 − 2.
struct counting_down {
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
    result_type state = max() - 1;
    result_type operator()() { return state--; }
};

}  // namespace

TEST_CASE("Boost.Random's uniform_int checks: big engine to small ranges", "[peer]") {
    std::mt19937 gen;
    boost_chi_square<1, 2>(gen);
    boost_chi_square<1, 6>(gen);
}

TEST_CASE("Boost.Random's uniform_int checks: distributions feeding distributions", "[peer]") {
    std::mt19937 gen;
    chained<1, 2, std::mt19937> two{&gen};
    boost_chi_square<0, 1>(two);    // the identity
    boost_chi_square<-3, 2>(two);   // a small range into a larger one
    boost_chi_square<0, 99>(two);
    chained<-3, 2, decltype(two)> six{&two};
    boost_chi_square<1, 4>(six);    // larger into smaller, with rejection
    chained<std::uint8_t{0}, std::uint8_t{3}, std::mt19937> four{&gen};
    boost_chi_square<std::uint8_t{0}, std::uint8_t{255}>(four);  // a power of the source's range
    chained<std::uint8_t{0}, std::uint8_t{2}, std::mt19937> three{&gen};
    boost_chi_square<std::uint8_t{0}, std::uint8_t{255}>(three);  // not a power of it
    boost_chi_square<0, 300>(four);  // into a larger type
}

TEST_CASE("Boost.Random's uniform_int checks: sources that once broke it", "[peer]") {
    counting_down down;
    uniform_int_distribution<int, 0, 10> eleven;
    for (int i = 0; i < 10; ++i) REQUIRE(eleven(down) <= 10);
    std::minstd_rand mr;
    uniform_int_distribution<unsigned, 0, 0xffffffffU> all32;
    (void)all32(mr);
    (void)all32(mr);
    uniform_int_distribution<int, 0, 8361> wide;
    REQUIRE(wide(mr) <= 8361);
    uniform_int_distribution<int, 1, 1> one;
    for (int i = 0; i < 3; ++i) REQUIRE(one(mr) == 1);
    REQUIRE(uniform_below(mr, 1) == 0);
    REQUIRE(uniform_below(mr, 0xffffffff) < 0xffffffff);
}
