#include <rollplan/engines.hpp>

#include "engine_requirements.hpp"

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

// [rand.req.eng], line by line, for each engine (tests/engine_requirements.hpp).
TEMPLATE_TEST_CASE("engines meet the random number engine requirements", "[engines]", splitmix64,
                   rollplan::pcg32, xoshiro256starstar) {
    STATIC_REQUIRE(std::is_same_v<decltype(TestType::default_seed), const std::uint64_t>);
    check_random_number_engine<TestType>();
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

TEST_CASE("xoshiro256**'s jumps are 2^128 and 2^192 steps", "[engines]") {
    using detail::gf2_polynomial;
    // the characteristic polynomial, found again: Berlekamp–Massey over GF(2) on 512 bits of
    // the state (bit 0 of s0) gives the shortest recurrence, of degree 256
    std::vector<int> bits;
    xoshiro256starstar g({1, 2, 3, 4});
    for (int i = 0; i < 512; ++i) {
        bits.push_back(static_cast<int>(g.state()[0] & 1));
        g();
    }
    std::vector<int> c(513, 0), b(513, 0);  // connection polynomials: c(x) = 1 + c1 x + … + cL x^L
    c[0] = b[0] = 1;
    std::size_t length = 0, shift = 1;
    for (std::size_t i = 0; i < bits.size(); ++i) {
        int discrepancy = bits[i];
        for (std::size_t j = 1; j <= length; ++j) discrepancy ^= c[j] & bits[i - j];
        if (discrepancy == 0) {
            ++shift;
            continue;
        }
        const std::vector<int> before = c;
        for (std::size_t j = shift; j < c.size(); ++j) c[j] ^= b[j - shift];
        if (2 * length <= i) {
            length = i + 1 - length;
            b = before;
            shift = 1;
        } else {
            ++shift;
        }
    }
    REQUIRE(length == 256);
    gf2_polynomial p{};  // x^256 c(1/x), without its x^256
    for (std::size_t j = 1; j <= 256; ++j)
        if (c[j]) p[(256 - j) / 64] |= std::uint64_t{1} << ((256 - j) % 64);
    REQUIRE(p == detail::xoshiro256_characteristic);
    // x^(2^128) and x^(2^192) modulo it are the jump polynomials
    gf2_polynomial power{2, 0, 0, 0};  // x
    for (int i = 1; i <= 192; ++i) {
        power = detail::times_mod(power, power, p);
        if (i == 128) REQUIRE(power == detail::xoshiro256_jump);
    }
    REQUIRE(power == detail::xoshiro256_long_jump);

    // the authors' jump() and long_jump() from the state {0, 0, 0, 1}
    xoshiro256starstar jumped({0, 0, 0, 1}), long_jumped({0, 0, 0, 1});
    jumped.jump();
    long_jumped.long_jump();
    REQUIRE(jumped.state() ==
            xoshiro256starstar::state_type{0x934d05e8b2076310, 0xeabdd0bf76a1be51, 0x75dd6a992accb1e8, 0xc660c602a7330187});
    REQUIRE(long_jumped.state() ==
            xoshiro256starstar::state_type{0x4aa11f0b3241cdbf, 0xb6a17239b35b197f, 0x504952572e3f844b, 0x2628df68616fd3a0});
    // a jump commutes with a step (both are powers of the one transition)
    xoshiro256starstar step_then_jump(9), jump_then_step(9);
    step_then_jump();
    step_then_jump.jump();
    jump_then_step.jump();
    jump_then_step();
    REQUIRE(step_then_jump == jump_then_step);
    constexpr bool in_constant_expressions = [] {
        xoshiro256starstar a(3), b(3);
        a.jump();
        b.jump();
        a.long_jump();
        return a != b;
    }();
    STATIC_REQUIRE(in_constant_expressions);
}

TEST_CASE("xoshiro256**'s discard(n) is n steps, by polynomial past 2^14", "[engines]") {
    for (unsigned long long n : {16383ull, 16384ull, 16385ull, 100000ull, 1234567ull}) {
        INFO("n = " << n);
        xoshiro256starstar skipped(21), stepped(21);
        skipped.discard(n);
        for (unsigned long long i = 0; i < n; ++i) stepped();
        REQUIRE(skipped == stepped);
    }
    // far: x^a·x^b = x^(a + b), in either order
    const unsigned long long a = 0x123456789abcdefull, b = 0x0fedcba987654321ull;
    xoshiro256starstar ab(5), ba(5), sum(5);
    ab.discard(a);
    ab.discard(b);
    ba.discard(b);
    ba.discard(a);
    sum.discard(a + b);
    REQUIRE(ab == sum);
    REQUIRE(ba == sum);
    // 2^63 steps, twice, then 2^64 more by four 2^62s: what 2^128 is to a jump, 2^64 is to these
    xoshiro256starstar halves(6), quarters(6);
    halves.discard(1ull << 63);
    halves.discard(1ull << 63);
    for (int i = 0; i < 4; ++i) quarters.discard(1ull << 62);
    REQUIRE(halves == quarters);
}

TEST_CASE("pcg32's set_stream is pcg-cpp's", "[engines]") {
    for (std::uint64_t stream : {0ull, 1ull, 54ull, 0xfedcba9876543210ull}) {
        ::pcg32 reference(42, 7);
        rollplan::pcg32 ours(42, 7);
        for (int i = 0; i < 5; ++i) REQUIRE(ours() == reference());
        reference.set_stream(stream);
        ours.set_stream(stream);
        for (int i = 0; i < 1000; ++i) REQUIRE(ours() == reference());
    }
}
