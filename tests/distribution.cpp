#include <rollplan/analysis.hpp>
#include <rollplan/distribution.hpp>
#include <rollplan/verify.hpp>

#include "support.hpp"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <random>
#include <span>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <vector>

using namespace rollplan;

namespace {
using testing::chi_square;
using testing::constexpr_lcg;
using testing::critical_value;

// Draw `draws` values in [0, n) and count them in `cells` equal buckets.
template <class Draw>
std::vector<std::uint64_t> histogram(Draw draw, std::uint64_t n, std::size_t cells, int draws) {
    std::vector<std::uint64_t> counts(cells);
    for (int i = 0; i < draws; ++i) {
        const std::uint64_t v = draw();
        REQUIRE(v < n);
        ++counts[static_cast<std::size_t>(static_cast<count_t>(v) * cells / n)];
    }
    return counts;
}

// A d6 as a standard engine, with the 6 values 0..5.
struct d6_engine {
    using result_type = std::uint32_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return 5; }
    std::mt19937 inner{12345};
    result_type operator()() {
        for (;;)
            if (auto v = static_cast<result_type>(inner() >> 29); v < 6) return v;
    }
};

}  // namespace

TEMPLATE_TEST_CASE("exactly uniform through standard engines (chi-square)", "[distribution]", std::mt19937,
                   std::mt19937_64, std::minstd_rand, std::ranlux24) {
    TestType engine(20261130);
    {
        uniform_int_distribution<int, 0, 28> d29;
        const auto counts = histogram([&] { return static_cast<std::uint64_t>(d29(engine)); }, 29, 29, 290000);
        REQUIRE(chi_square(counts) < critical_value(29));
    }
    {
        uniform_int_distribution<int, 0, 999> d1000;
        const auto counts = histogram([&] { return static_cast<std::uint64_t>(d1000(engine)); }, 1000, 1000, 1000000);
        REQUIRE(chi_square(counts) < critical_value(1000));
    }
    {
        // 3·2^30 values: bucketed into 96 cells
        uniform_int_distribution<std::uint64_t, 0, std::uint64_t{3} << 30> big;  // 3·2^30 + 1 values
        const std::uint64_t n = (std::uint64_t{3} << 30) + 1;
        const auto counts = histogram([&] { return big(engine); }, n, 96, 500000);
        REQUIRE(chi_square(counts) < critical_value(96));
    }
}

TEST_CASE("the same statistic flags x % N", "[distribution]") {
    // x % 4 on a d6 engine: 0 and 1 come up twice as often as 2 and 3
    d6_engine die;
    const auto modulo = histogram([&] { return static_cast<std::uint64_t>(die() % 4); }, 4, 4, 60000);
    REQUIRE(chi_square(modulo) > critical_value(4));
    uniform_int_distribution<int, 0, 3> d4;
    const auto exact = histogram([&] { return static_cast<std::uint64_t>(d4(die)); }, 4, 4, 60000);
    REQUIRE(chi_square(exact) < critical_value(4));

    // mt19937 % (3·2^30 + 1): the lowest third of the range has two preimages
    std::mt19937 engine(7);
    const std::uint64_t n = (std::uint64_t{3} << 30) + 1;
    const auto wide = histogram([&] { return static_cast<std::uint64_t>(engine() % n); }, n, 96, 500000);
    REQUIRE(chi_square(wide) > critical_value(96));
}

TEST_CASE("the interface of std::uniform_int_distribution", "[distribution]") {
    using dist = uniform_int_distribution<int, -3, 3>;
    STATIC_REQUIRE(std::is_same_v<dist::result_type, int>);
    STATIC_REQUIRE(std::is_same_v<uniform_int_distribution<long long, 1, 6>::result_type, long long>);
    dist d;
    REQUIRE(d.min() == -3);
    REQUIRE(d.max() == 3);
    REQUIRE(d.a() == -3);
    REQUIRE(d.param().b() == 3);
    REQUIRE(d == dist{d.param()});
    REQUIRE_FALSE(d != dist{});
    d.reset();
    std::mt19937 engine(1);
    for (int i = 0; i < 1000; ++i) {
        const int v = d(engine, d.param());
        REQUIRE((v >= -3 && v <= 3));
    }
    std::stringstream text;
    text << d;
    REQUIRE(text.str() == "-3 3");
    dist back;
    text >> back;
    REQUIRE(text);
    std::stringstream other("1 6");
    other >> back;
    REQUIRE(other.fail());
}

TEST_CASE("streams write decimal whatever the caller's flags, and keep them", "[distribution]") {
    uniform_int_distribution<int, 10, 255> d;
    std::stringstream text;
    text << std::hex << std::showbase << std::setw(12) << std::setfill('*');
    text << d;
    REQUIRE(text.str() == "10 255");
    REQUIRE((text.flags() & std::ios_base::basefield) == std::ios_base::hex);  // restored
    REQUIRE((text.flags() & std::ios_base::showbase) != 0);
    REQUIRE(text.fill() == '*');
    std::stringstream fresh(text.str());
    uniform_int_distribution<int, 10, 255> back;
    fresh >> back;
    REQUIRE(fresh);
    std::stringstream hex_reader("10 255");
    hex_reader >> std::hex >> back;  // read as decimal all the same
    REQUIRE(hex_reader);
}

TEST_CASE("extreme bounds", "[distribution]") {
    constexpr auto lo = std::numeric_limits<std::int64_t>::min();
    constexpr auto hi = std::numeric_limits<std::int64_t>::max() - 1;  // 2^64 − 1 values
    uniform_int_distribution<std::int64_t, lo, hi> all;
    std::mt19937_64 engine(3);
    bool negative = false, positive = false;
    for (int i = 0; i < 100; ++i) {
        const auto v = all(engine);
        REQUIRE(v <= hi);
        (v < 0 ? negative : positive) = true;
    }
    REQUIRE((negative && positive));
    uniform_int_distribution<std::uint8_t, 250, 255> top;
    for (int i = 0; i < 100; ++i) REQUIRE(top(engine) >= 250);
}

TEST_CASE("usable in constant expressions and with a die in hand", "[distribution]") {
    constexpr auto first_rolls = [] {
        constexpr_lcg engine{42};
        uniform_int_distribution<int, 1, 6> d6;
        std::array<int, 4> rolls{};
        for (auto& r : rolls) r = d6(engine);
        return rolls;
    }();
    for (int r : first_rolls) REQUIRE((r >= 1 && r <= 6));
    int face = 0;
    auto hand = from_faces<d6>([&] { return face = face % 6 + 1; });  // 1, 2, 3, ...
    uniform_int_distribution<int, 1, 3> d3;
    REQUIRE(d3(hand) == 1);  // face 1 → 0 mod 3 → 1
    REQUIRE(d3(hand) == 2);
}

// ---- bounds at run time: uniform_int_distribution<T> d(a, b) ----

TEST_CASE("run-time bounds: the requirements of a distribution ([rand.req.dist])", "[distribution]") {
    using D = uniform_int_distribution<int>;
    using P = D::param_type;
    STATIC_REQUIRE(std::is_same_v<D::result_type, int>);
    STATIC_REQUIRE(std::is_same_v<P::distribution_type, D>);
    STATIC_REQUIRE(std::is_same_v<uniform_int_distribution<>, D>);  // int, as std's default
    STATIC_REQUIRE(std::is_copy_constructible_v<P>);
    STATIC_REQUIRE(std::is_copy_assignable_v<P>);

    const D whole;  // [0, INT_MAX], as std's default
    REQUIRE(whole.a() == 0);
    REQUIRE(whole.b() == std::numeric_limits<int>::max());
    REQUIRE(D(5).b() == std::numeric_limits<int>::max());
    D d(1, 6);
    REQUIRE(d.a() == 1);
    REQUIRE(d.b() == 6);
    REQUIRE(d.min() == 1);
    REQUIRE(d.max() == 6);
    REQUIRE(d.param() == P(1, 6));
    REQUIRE(D(d.param()) == d);
    REQUIRE(d != whole);
    d.reset();
    REQUIRE(d == D(1, 6));

    std::mt19937 engine(11);
    std::vector<int> seen(7);
    for (int i = 0; i < 6000; ++i) {
        const int v = d(engine);
        REQUIRE((v >= 1 && v <= 6));
        ++seen[static_cast<std::size_t>(v)];
    }
    for (int face = 1; face <= 6; ++face) REQUIRE(seen[static_cast<std::size_t>(face)] > 800);
    // d(g, p) draws with p's bounds and leaves d's
    const P other(-20, -10);
    for (int i = 0; i < 1000; ++i) {
        const int v = d(engine, other);
        REQUIRE((v >= -20 && v <= -10));
    }
    REQUIRE(d.param() == P(1, 6));
    d.param(other);
    REQUIRE(d.a() == -20);
    REQUIRE(d.b() == -10);

    SECTION("a > b is refused, naming both") {
        REQUIRE_THROWS_AS(D(6, 1), std::invalid_argument);
        REQUIRE_THROWS_WITH(D(6, 1), "rollplan: uniform_int_distribution needs a <= b (a = 6, b = 1)");
        REQUIRE_THROWS_WITH(P(0, -1), "rollplan: uniform_int_distribution needs a <= b (a = 0, b = -1)");
        REQUIRE(D(3, 3)(engine) == 3);  // one value: no roll
    }
    SECTION("os << d then is >> d2 gives d2 == d, whatever the flags") {
        const D x(-7, 1234);
        std::stringstream text;
        text << std::hex << std::showbase << std::setw(20) << std::setfill('#') << x;
        REQUIRE(text.str() == "-7 1234");
        REQUIRE((text.flags() & std::ios_base::basefield) == std::ios_base::hex);
        D back;
        text >> back;
        REQUIRE(text);
        REQUIRE(back == x);
    }
    SECTION("bad input sets failbit and keeps the bounds") {
        for (const char* input : {"", "x", "5", "6 1", "1 99999999999", "-99999999999 1"}) {
            INFO("input: '" << input << "'");
            std::istringstream text(input);
            D kept(2, 9);
            text >> kept;
            REQUIRE(text.fail());
            REQUIRE(kept == D(2, 9));
        }
    }
}

TEST_CASE("streams: a = b reads back, as every other pair of bounds", "[distribution]") {
    // one value is a distribution too: d(5, 5) written, then read into d(1, 6)
    const uniform_int_distribution<int> one(5, 5);
    std::stringstream text;
    text << one;
    REQUIRE(text.str() == "5 5");
    uniform_int_distribution<int> back(1, 6);
    text >> back;
    REQUIRE_FALSE(text.fail());
    REQUIRE(back == one);
    std::stringstream lowest("-2147483648 -2147483648");
    lowest >> back;
    REQUIRE_FALSE(lowest.fail());
    REQUIRE(back.a() == std::numeric_limits<int>::min());
    REQUIRE(back.b() == std::numeric_limits<int>::min());
}

// Reads "-1 5" and "0 5" into uniform_int_distribution<T>(0, 1): the first
// refused (failbit, the bounds kept), the second read.
template <class T>
void refuses_negative_text() {
    INFO("T has " << std::numeric_limits<T>::digits << " bits");
    uniform_int_distribution<T> d(0, 1);
    for (const char* negative : {"-1 5", "-18446744073709551615 5", "0 -5"}) {
        INFO(negative);
        std::istringstream text(negative);
        text >> d;
        REQUIRE(text.fail());
        REQUIRE(d == uniform_int_distribution<T>(0, 1));
    }
    std::istringstream good("0 5");
    good >> d;
    REQUIRE_FALSE(good.fail());
    REQUIRE(d == uniform_int_distribution<T>(0, 5));
}

TEST_CASE("streams: negative text is refused for every unsigned type (no num_get wrap)", "[distribution]") {
    refuses_negative_text<unsigned char>();
    refuses_negative_text<unsigned short>();
    refuses_negative_text<unsigned>();
    refuses_negative_text<unsigned long>();
    refuses_negative_text<unsigned long long>();
    refuses_negative_text<char16_t>();
    refuses_negative_text<char32_t>();
    // the compile-time form: its bounds only
    uniform_int_distribution<unsigned, 0, 4294967295u> all;
    std::istringstream wrapped("0 -1");  // num_get reads -1 as 4294967295
    wrapped >> all;
    REQUIRE(wrapped.fail());
    // signed types read their whole range, no further
    uniform_int_distribution<signed char> s(0, 1);
    std::istringstream edges("-128 127");
    edges >> s;
    REQUIRE_FALSE(edges.fail());
    REQUIRE(s == uniform_int_distribution<signed char>(-128, 127));
    for (const char* outside : {"-129 0", "0 128"}) {
        std::istringstream text(outside);
        text >> s;
        REQUIRE(text.fail());
    }
}

TEST_CASE("streams: 128-bit result types write and read decimal", "[distribution]") {
    __extension__ using int128 = __int128;
    __extension__ using uint128 = unsigned __int128;
    const uniform_int_distribution<int128, -3, 3> small;
    std::stringstream text;
    text << std::hex << small;
    REQUIRE(text.str() == "-3 3");
    uniform_int_distribution<int128, -3, 3> back;
    text >> back;
    REQUIRE_FALSE(text.fail());
    std::istringstream other("-3 4");
    other >> back;
    REQUIRE(other.fail());
    // bounds past 2^64: 5 * 2^64 = 92233720368547758080
    constexpr uint128 five = uint128{5} << 64;
    const uniform_int_distribution<uint128, five, five + 10> wide;
    std::stringstream wide_text;
    wide_text << wide;
    REQUIRE(wide_text.str() == "92233720368547758080 92233720368547758090");
    uniform_int_distribution<uint128, five, five + 10> wide_back;
    wide_text >> wide_back;
    REQUIRE_FALSE(wide_text.fail());
    for (const char* input : {"92233720368547758080 92233720368547758091", "-92233720368547758080 92233720368547758090",
                              "340282366920938463463374607431768211456 0"}) {  // the last one is 2^128
        std::istringstream bad(input);
        bad >> wide_back;
        REQUIRE(bad.fail());
    }
    // the lowest __int128, whose magnitude is 2^127
    constexpr int128 lowest = -(int128{1} << 126) - (int128{1} << 126);
    const uniform_int_distribution<int128, lowest, lowest + 1> edge;
    std::stringstream edge_text;
    edge_text << edge;
    REQUIRE(edge_text.str() == "-170141183460469231731687303715884105728 -170141183460469231731687303715884105727");
    uniform_int_distribution<int128, lowest, lowest + 1> edge_back;
    edge_text >> edge_back;
    REQUIRE_FALSE(edge_text.fail());
}

TEST_CASE("run-time bounds: the class template arguments are deduced, as std's", "[distribution]") {
    uniform_int_distribution d6(1, 6);
    STATIC_REQUIRE(std::is_same_v<decltype(d6), uniform_int_distribution<int>>);
    uniform_int_distribution wide(-5LL, 5LL);
    STATIC_REQUIRE(std::is_same_v<decltype(wide), uniform_int_distribution<long long>>);
    uniform_int_distribution from(7u);
    STATIC_REQUIRE(std::is_same_v<decltype(from), uniform_int_distribution<unsigned>>);
    uniform_int_distribution whole;
    STATIC_REQUIRE(std::is_same_v<decltype(whole), uniform_int_distribution<int>>);
    uniform_int_distribution copy = d6;
    STATIC_REQUIRE(std::is_same_v<decltype(copy), uniform_int_distribution<int>>);
    // as std's: the same deductions
    STATIC_REQUIRE(std::is_same_v<decltype(std::uniform_int_distribution(1, 6))::result_type, int>);
    STATIC_REQUIRE(std::is_same_v<decltype(std::uniform_int_distribution(-5LL, 5LL))::result_type, long long>);
    REQUIRE(d6.a() == 1);
    REQUIRE(d6.b() == 6);
    REQUIRE(from.a() == 7u);
    REQUIRE(from.b() == std::numeric_limits<unsigned>::max());
    REQUIRE(wide.b() == 5);
}

namespace {
// A range that counts how it is filled, for generate_random.
template <class Dist, class G>
std::vector<long long> loop_of(const Dist& d, G g, std::size_t count) {
    std::vector<long long> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(static_cast<long long>(d(g)));
    return out;
}
}  // namespace

TEST_CASE("generate_random: the values of a loop of d(g), for both forms (LWG 4077)", "[distribution]") {
    const uniform_int_distribution<int> run_time(1, 6);
    const uniform_int_distribution<int, 1, 6> compile_time;
    for (std::size_t count : {0u, 1u, 5u, 23u, 24u, 100u}) {
        INFO("count = " << count);
        std::vector<int> filled(count), filled_constant(count);
        splitmix64 g(9), h(9);
        run_time.generate_random(filled, g);
        compile_time.generate_random(filled_constant, h);
        REQUIRE(std::vector<long long>(filled.begin(), filled.end()) == loop_of(run_time, splitmix64{9}, count));
        REQUIRE(filled_constant == filled);  // the same plan as the run-time form
        splitmix64 after(9);
        for (std::size_t i = 0; i < count; ++i) after();
        REQUIRE(g == after);  // one word per value: the loop's
        REQUIRE(h == after);
    }
    // an rvalue range (a span) and another engine
    std::array<long long, 40> values{};
    std::mt19937 e(3);
    uniform_int_distribution<long long>(-1000000007LL, 1000000007LL).generate_random(std::span(values), e);
    REQUIRE(std::vector<long long>(values.begin(), values.end()) ==
            loop_of(uniform_int_distribution<long long>(-1000000007LL, 1000000007LL), std::mt19937{3}, 40));
    // in a constant expression
    constexpr auto table = [] {
        std::array<int, 8> t{};
        splitmix64 g(1);
        uniform_int_distribution<int>(10, 99).generate_random(t, g);
        return t;
    }();
    STATIC_REQUIRE(table[0] == [] { splitmix64 g{1}; return uniform_int_distribution<int>(10, 99)(g); }());
#if defined(__cpp_lib_ranges_generate_random)
    // where the standard library has std::ranges::generate_random, it calls the member
    std::vector<int> by_std(50);
    splitmix64 s(4);
    std::ranges::generate_random(by_std, s, run_time);
    REQUIRE(std::vector<long long>(by_std.begin(), by_std.end()) == loop_of(run_time, splitmix64{4}, 50));
#endif
}

TEST_CASE("run-time bounds: exactly uniform on every sequence of rolls", "[distribution]") {
    // -2..2 from a d6, 1..29 from a d6, 1..6 from a coin, 1..7 from a d8
    constexpr auto five = check_sampler<d6, 5>([](auto& s) { return uniform_int_distribution<int>(-2, 2)(s) + 2; }, 5);
    STATIC_REQUIRE(five.same_count_at_every_length());
    STATIC_REQUIRE(!five.outcome_out_of_range);
    constexpr auto d29 = check_sampler<d6, 29>([](auto& s) { return uniform_int_distribution<int>(1, 29)(s) - 1; }, 3);
    STATIC_REQUIRE(d29.same_count_at_every_length());
    constexpr auto d6_from_coin =
        check_sampler<coin, 6>([](auto& s) { return uniform_int_distribution<long>(1, 6)(s) - 1; }, 8);
    STATIC_REQUIRE(d6_from_coin.same_count_at_every_length());
    constexpr auto d7 = check_sampler<d8, 7>([](auto& s) { return uniform_int_distribution<unsigned>(1, 7)(s) - 1; }, 4);
    STATIC_REQUIRE(d7.same_count_at_every_length());
    // the check refuses a biased sampler written the same way
    constexpr auto modulo = check_sampler<d6, 4>([](auto& s) { return s() % 4; }, 2);
    STATIC_REQUIRE(!modulo.same_count_at_every_length());
}

namespace {
// The run-time form and the compile-time form on twin engines: the same values.
template <class T, auto A, auto B, class G>
void same_values(G engine) {
    INFO("[" << +A << ", " << +B << "]");
    G twin = engine;
    uniform_int_distribution<T, A, B> at_compile_time;
    uniform_int_distribution<T> at_run_time(A, B);
    for (int i = 0; i < 2000; ++i) REQUIRE(at_compile_time(engine) == at_run_time(twin));
    REQUIRE(engine == twin);
}
}  // namespace

TEST_CASE("run-time bounds give the values of the same bounds at compile time", "[distribution]") {
    same_values<int, 1, 6>(std::mt19937(1));
    same_values<int, -1000, 1000>(std::mt19937_64(2));
    same_values<int, 0, 28>(std::minstd_rand(3));
    same_values<long long, -5, 4294967301>(std::mt19937(4));  // past one 32-bit word
    same_values<std::uint64_t, 0, UINT64_MAX>(std::mt19937(5));
    same_values<std::int64_t, INT64_MIN, INT64_MAX>(std::mt19937_64(6));
    same_values<std::int64_t, INT64_MIN, INT64_MAX>(std::ranlux24(7));
    same_values<std::uint64_t, 1, UINT64_MAX>(std::mt19937_64(8));
    same_values<short, -3, 3>(std::knuth_b(9));
}

TEST_CASE("the whole 64-bit range: one engine word, or two 32-bit halves", "[distribution]") {
    STATIC_REQUIRE(is_exactly_uniform_v<full_range_plan_t<die<two_to_64>>>);
    STATIC_REQUIRE(is_exactly_uniform_v<full_range_plan_t<die<count_t{1} << 32>>>);
    STATIC_REQUIRE(is_exactly_uniform_v<full_range_plan_t<d6>>);
    STATIC_REQUIRE(is_exactly_uniform_v<full_range_plan_t<die<2147483646>>>);  // minstd_rand
    STATIC_REQUIRE(std::is_same_v<full_range_plan_t<die<two_to_64>>, roll<die<two_to_64>>>);
    using all_unsigned = uniform_int_distribution<std::uint64_t, 0, UINT64_MAX>;
    using all_signed = uniform_int_distribution<std::int64_t, INT64_MIN, INT64_MAX>;
    STATIC_REQUIRE(all_unsigned::outcomes == two_to_64);
    STATIC_REQUIRE(std::is_same_v<all_unsigned::plan_for<std::mt19937>, full_range_plan_t<die<count_t{1} << 32>>>);

    std::mt19937_64 words(10), words_twin(10);
    all_unsigned u;
    all_signed s;
    uniform_int_distribution<std::uint64_t> run_time_u(0, UINT64_MAX);
    for (int i = 0; i < 100; ++i) {
        REQUIRE(u(words) == words_twin());
        REQUIRE(run_time_u(words) == words_twin());
        // INT64_MIN + w: w with its top bit flipped, as a signed number
        REQUIRE(s(words) == static_cast<std::int64_t>(words_twin() ^ (std::uint64_t{1} << 63)));
    }
    std::mt19937 halves(11), halves_twin(11);
    for (int i = 0; i < 100; ++i) {
        const std::uint64_t high = halves_twin();
        REQUIRE(u(halves) == (high << 32 | halves_twin()));
    }
    // both halves of the range are reached, from a 31-bit engine too
    std::minstd_rand small(12);
    bool negative = false, positive = false;
    for (int i = 0; i < 200; ++i) (s(small) < 0 ? negative : positive) = true;
    REQUIRE((negative && positive));
}

TEST_CASE("run-time bounds in constant expressions", "[distribution]") {
    constexpr auto rolls = [] {
        constexpr_lcg engine{42};
        uniform_int_distribution<int> d(1, 6);
        std::array<int, 8> out{};
        for (auto& r : out) r = d(engine);
        return out;
    }();
    for (int r : rolls) REQUIRE((r >= 1 && r <= 6));
    constexpr auto same = [] {
        constexpr_lcg a{7}, b{7};
        uniform_int_distribution<int> at_run_time(-4, 4);
        uniform_int_distribution<int, -4, 4> at_compile_time;
        for (int i = 0; i < 50; ++i)
            if (at_run_time(a) != at_compile_time(b)) return false;
        return true;
    }();
    STATIC_REQUIRE(same);
}

// b − a + 1 = 1 reads no word (docs/spec.md, uniform_below: "for n = 1, 0 and
// no roll"), on engines small enough that the draw writes their state back
// unchanged (urbg_source::no_roll) and on others; at run time and in a
// constant expression.
TEMPLATE_TEST_CASE("run-time bounds: one value reads no word, whatever the type", "[distribution]", std::int8_t,
                   unsigned short, int, unsigned long long) {
    using T = TestType;
    const auto check = [](auto engine) {
        const auto before = engine;
        for (const T a : {std::numeric_limits<T>::min(), T{0}, T{5}, std::numeric_limits<T>::max()}) {
            uniform_int_distribution<T> d(a, a);
            for (int i = 0; i < 3; ++i) REQUIRE(d(engine) == a);
            std::array<T, 5> many{};
            d.generate_random(many, engine);
            for (T v : many) REQUIRE(v == a);
        }
        REQUIRE(engine == before);
    };
    check(splitmix64(1));    // 8 bytes and a discard: written back
    check(pcg32(2));         // 16 bytes
    check(std::mt19937(3));  // large: not written
    constexpr bool at_compile_time = [] {
        splitmix64 engine(5), twin(5);
        uniform_int_distribution<T> d(T{7}, T{7});
        const bool sevens = d(engine) == T{7} && d(engine) == T{7};
        return sevens && engine == twin;
    }();
    STATIC_REQUIRE(at_compile_time);
}
