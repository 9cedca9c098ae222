#include <rollplan/engines.hpp>

#include <catch2/catch.hpp>
#include <pcg_random.hpp>
#include <random>

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
