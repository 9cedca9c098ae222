#include <rollplan/engines.hpp>

#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <iomanip>
#include <pcg_random.hpp>
#include <random>
#include <sstream>
#include <type_traits>
#include <vector>

using namespace rollplan;

TEST_CASE("engines are standard uniform random bit generators", "[engines]") {
    STATIC_REQUIRE(std::uniform_random_bit_generator<splitmix64>);
    STATIC_REQUIRE(std::uniform_random_bit_generator<rollplan::pcg32>);
    STATIC_REQUIRE(std::uniform_random_bit_generator<xoshiro256starstar>);
    STATIC_REQUIRE(rollplan::pcg32::max() == 0xffffffffu);
}

TEST_CASE("splitmix64 matches its published outputs", "[engines]") {
    // the first outputs of Vigna's splitmix64.c from state 0
    constexpr auto first = [] {
        splitmix64 g(0);
        std::array<std::uint64_t, 4> out{};
        for (auto& v : out) v = g();
        return out;
    }();
    STATIC_REQUIRE(first[0] == 0xE220A8397B1DCDAFULL);
    STATIC_REQUIRE(first[1] == 0x6E789E6AA1B965F4ULL);
    STATIC_REQUIRE(first[2] == 0x06C45D188009454FULL);
    STATIC_REQUIRE(first[3] == 0xF88BB8A8724C81ECULL);
}

TEST_CASE("xoshiro256** matches the reference outputs from state {1, 2, 3, 4}", "[engines]") {
    // produced by the authors' xoshiro256starstar.c (as published with rand_xoshiro's tests)
    constexpr std::array<std::uint64_t, 10> reference = {
        11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL, 1216172134540287360ULL, 607988272756665600ULL,
        16172922978634559625ULL, 8476171486693032832ULL, 10595114339597558777ULL, 2904607092377533576ULL};
    constexpr auto ours = [] {
        xoshiro256starstar g({1, 2, 3, 4});
        std::array<std::uint64_t, 10> out{};
        for (auto& v : out) v = g();
        return out;
    }();
    STATIC_REQUIRE(ours == reference);
    // seeding from 64 bits: the state is four splitmix64 outputs
    splitmix64 fill(77);
    const xoshiro256starstar seeded(77);
    for (auto word : seeded.state()) REQUIRE(word == fill());
}

TEST_CASE("pcg32 is bit-identical to pcg-cpp's pcg32", "[engines]") {
    SECTION("seed and stream") {
        for (std::uint64_t seed : {0ull, 42ull, 0xdeadbeefcafef00dull})
            for (std::uint64_t stream : {0ull, 54ull, 0x123456789ull}) {
                ::pcg32 reference(seed, stream);
                rollplan::pcg32 ours(seed, stream);
                for (int i = 0; i < 10000; ++i) REQUIRE(ours() == reference());
            }
    }
    SECTION("seed only, and default") {
        ::pcg32 reference(2026);
        rollplan::pcg32 ours(2026);
        for (int i = 0; i < 10000; ++i) REQUIRE(ours() == reference());
        ::pcg32 reference_default;
        rollplan::pcg32 ours_default;
        for (int i = 0; i < 10000; ++i) REQUIRE(ours_default() == reference_default());
    }
}

TEST_CASE("engines run in constant expressions", "[engines]") {
    constexpr auto same = [] {
        rollplan::pcg32 a(1, 2), b(1, 2);
        for (int i = 0; i < 100; ++i)
            if (a() != b()) return false;
        return a == b;
    }();
    STATIC_REQUIRE(same);
    splitmix64 skip(5), step(5);
    skip.discard(10);
    for (int i = 0; i < 10; ++i) step();
    REQUIRE(skip == step);
}

// [rand.req.eng], line by line, for each engine.
TEMPLATE_TEST_CASE("engines meet the random number engine requirements", "[engines]", splitmix64,
                   rollplan::pcg32, xoshiro256starstar) {
    using E = TestType;
    STATIC_REQUIRE(std::is_unsigned_v<typename E::result_type>);
    STATIC_REQUIRE(E::min() < E::max());
    STATIC_REQUIRE(std::is_same_v<decltype(E::default_seed), const std::uint64_t>);

    SECTION("E(), E(s), seed(), seed(s)") {
        REQUIRE(E() == E(E::default_seed));
        E e(99);
        REQUIRE(e != E());
        e();
        e.seed();
        REQUIRE(e == E());
        e.seed(1234);
        REQUIRE(e == E(1234));
        REQUIRE(E(1234) != E(1235));
        E copy(e);
        REQUIRE(copy == e);
        REQUIRE(copy() == e());
    }
    SECTION("E(q), seed(q): the same sequence gives the same engine, another another") {
        std::seed_seq q1{1, 2, 3}, q1_again{1, 2, 3}, q2{1, 2, 4};
        const E from_q1(q1);
        REQUIRE(from_q1 == E(q1_again));
        REQUIRE(from_q1 != E(q2));
        E e(5);
        e.seed(q1);
        REQUIRE(e == from_q1);
    }
    SECTION("discard(z) is z calls") {
        for (unsigned long long z : {0ull, 1ull, 2ull, 3ull, 100ull, 1000ull}) {
            E skipped(7), stepped(7);
            skipped.discard(z);
            for (unsigned long long i = 0; i < z; ++i) stepped();
            REQUIRE(skipped == stepped);
            REQUIRE(skipped() == stepped());
        }
    }
    SECTION("x == y compares the whole state") {
        E x(3), y(3);
        x();
        REQUIRE(x != y);
        REQUIRE_FALSE(x == y);
        y();
        REQUIRE(x == y);
    }
    SECTION("os << x then is >> v gives v == x, and the same outputs after") {
        E x(42);
        x.discard(17);
        std::stringstream stream;
        stream << std::hex << std::showbase << std::setw(30) << std::setfill('*');  // the caller's flags
        stream << x;
        REQUIRE((stream.flags() & std::ios_base::basefield) == std::ios_base::hex);  // restored
        REQUIRE(stream.fill() == '*');
        E v(1);
        stream >> v;
        REQUIRE(stream);
        REQUIRE(v == x);
        for (int i = 0; i < 100; ++i) REQUIRE(v() == x());
    }
    SECTION("is >> v on bad input sets failbit and leaves v as it was") {
        const E before(8);
        for (const char* text : {"", "x12", "-", "99999999999999999999999"}) {
            INFO("input: '" << text << "'");
            std::istringstream in(text);
            E v = before;
            in >> v;
            REQUIRE(in.fail());
            REQUIRE(v == before);
        }
    }
    SECTION("seeding, stepping and comparing in constant expressions") {
        constexpr bool fine = [] {
            E a, b(E::default_seed);
            a.seed(11);
            b.seed(11);
            a.discard(5);
            for (int i = 0; i < 5; ++i) b();
            return a == b;
        }();
        STATIC_REQUIRE(fine);
    }
}

TEST_CASE("engines from a seed sequence take its words, two to a number, the first low", "[engines]") {
    auto words = [](std::size_t count) {
        std::seed_seq q{2026, 11, 30};
        std::vector<std::uint32_t> out(count);
        q.generate(out.begin(), out.end());
        return out;
    };
    auto pair = [](std::uint32_t low, std::uint32_t high) { return std::uint64_t{low} | std::uint64_t{high} << 32; };
    std::seed_seq q{2026, 11, 30};
    const auto two = words(2);
    REQUIRE(splitmix64(q) == splitmix64(pair(two[0], two[1])));
    const auto eight = words(8);
    REQUIRE(xoshiro256starstar(q).state() ==
            xoshiro256starstar::state_type{pair(eight[0], eight[1]), pair(eight[2], eight[3]),
                                           pair(eight[4], eight[5]), pair(eight[6], eight[7])});
    // pcg32: as pcg-cpp seeds its pcg32 from the same sequence
    std::seed_seq q_for_reference{2026, 11, 30};
    ::pcg32 reference(q_for_reference);
    rollplan::pcg32 ours(q);
    for (int i = 0; i < 1000; ++i) REQUIRE(ours() == reference());
}

TEST_CASE("pcg32's advance and discard jump like pcg-cpp's, and a full period is the identity", "[engines]") {
    std::mt19937_64 pick(5);
    for (int trial = 0; trial < 200; ++trial) {
        const std::uint64_t seed = pick(), stream = pick(), n = pick() >> (trial % 64);
        ::pcg32 reference(seed, stream);
        rollplan::pcg32 ours(seed, stream);
        reference.advance(n);
        ours.advance(n);
        REQUIRE(ours() == reference());
        ours.discard(n);
        reference.discard(n);
        REQUIRE(ours() == reference());
    }
    rollplan::pcg32 e(9, 10);
    const rollplan::pcg32 start = e;
    e.advance(std::uint64_t{1} << 63);
    REQUIRE(e != start);
    e.advance(std::uint64_t{1} << 63);  // 2^64 steps: the LCG's period
    REQUIRE(e == start);
}

TEST_CASE("engine states that cannot run are refused", "[engines]") {
    REQUIRE_THROWS_WITH(xoshiro256starstar(xoshiro256starstar::state_type{}),
                        "rollplan: xoshiro256starstar's state must not be all zero");
    std::istringstream zeros("0 0 0 0");
    xoshiro256starstar x(1);
    const auto before = x;
    zeros >> x;
    REQUIRE(zeros.fail());
    REQUIRE(x == before);
    std::istringstream even_increment("4 77");  // a pcg32 increment is odd
    rollplan::pcg32 p(1);
    const auto p_before = p;
    even_increment >> p;
    REQUIRE(even_increment.fail());
    REQUIRE(p == p_before);
    std::istringstream odd_increment("5 77");
    odd_increment >> p;
    REQUIRE(odd_increment);
    REQUIRE(p != p_before);
}
