#include <rollplan/distribution.hpp>

#include "support.hpp"

#include <catch2/catch.hpp>
#include <iomanip>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
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
        uniform_int_distribution<0, 28> d29;
        const auto counts = histogram([&] { return static_cast<std::uint64_t>(d29(engine)); }, 29, 29, 290000);
        REQUIRE(chi_square(counts) < critical_value(29));
    }
    {
        uniform_int_distribution<0, 999> d1000;
        const auto counts = histogram([&] { return static_cast<std::uint64_t>(d1000(engine)); }, 1000, 1000, 1000000);
        REQUIRE(chi_square(counts) < critical_value(1000));
    }
    {
        // 3·2^30 values: bucketed into 96 cells
        uniform_int_distribution<std::uint64_t{0}, std::uint64_t{3} << 30> big;  // 3·2^30 + 1 values
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
    uniform_int_distribution<0, 3> d4;
    const auto exact = histogram([&] { return static_cast<std::uint64_t>(d4(die)); }, 4, 4, 60000);
    REQUIRE(chi_square(exact) < critical_value(4));

    // mt19937 % (3·2^30 + 1): the lowest third of the range has two preimages
    std::mt19937 engine(7);
    const std::uint64_t n = (std::uint64_t{3} << 30) + 1;
    const auto wide = histogram([&] { return static_cast<std::uint64_t>(engine() % n); }, n, 96, 500000);
    REQUIRE(chi_square(wide) > critical_value(96));
}

TEST_CASE("the interface of std::uniform_int_distribution", "[distribution]") {
    using dist = uniform_int_distribution<-3, 3>;
    STATIC_REQUIRE(std::is_same_v<dist::result_type, int>);
    STATIC_REQUIRE(std::is_same_v<uniform_int_distribution<1ll, 6ll>::result_type, long long>);
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
    uniform_int_distribution<10, 255> d;
    std::stringstream text;
    text << std::hex << std::showbase << std::setw(12) << std::setfill('*');
    text << d;
    REQUIRE(text.str() == "10 255");
    REQUIRE((text.flags() & std::ios_base::basefield) == std::ios_base::hex);  // restored
    REQUIRE((text.flags() & std::ios_base::showbase) != 0);
    REQUIRE(text.fill() == '*');
    std::stringstream fresh(text.str());
    uniform_int_distribution<10, 255> back;
    fresh >> back;
    REQUIRE(fresh);
    std::stringstream hex_reader("10 255");
    hex_reader >> std::hex >> back;  // read as decimal all the same
    REQUIRE(hex_reader);
}

TEST_CASE("extreme bounds", "[distribution]") {
    constexpr auto lo = std::numeric_limits<std::int64_t>::min();
    constexpr auto hi = std::numeric_limits<std::int64_t>::max() - 1;  // 2^64 − 1 values
    uniform_int_distribution<lo, hi> all;
    std::mt19937_64 engine(3);
    bool negative = false, positive = false;
    for (int i = 0; i < 100; ++i) {
        const auto v = all(engine);
        REQUIRE(v <= hi);
        (v < 0 ? negative : positive) = true;
    }
    REQUIRE((negative && positive));
    uniform_int_distribution<std::uint8_t{250}, std::uint8_t{255}> top;
    for (int i = 0; i < 100; ++i) REQUIRE(top(engine) >= 250);
}

TEST_CASE("usable in constant expressions and with a die in hand", "[distribution]") {
    constexpr auto first_rolls = [] {
        constexpr_lcg engine{42};
        uniform_int_distribution<1, 6> d6;
        std::array<int, 4> rolls{};
        for (auto& r : rolls) r = d6(engine);
        return rolls;
    }();
    for (int r : first_rolls) REQUIRE((r >= 1 && r <= 6));
    int face = 0;
    auto hand = from_faces<d6>([&] { return face = face % 6 + 1; });  // 1, 2, 3, ...
    uniform_int_distribution<1, 3> d3;
    REQUIRE(d3(hand) == 1);  // face 1 → 0 mod 3 → 1
    REQUIRE(d3(hand) == 2);
}
