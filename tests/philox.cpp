#include <rollplan/philox.hpp>

#include "engine_requirements.hpp"

#include <rollplan/distribution.hpp>
#include <rollplan/generate.hpp>
#include <rollplan/planner.hpp>
#include <rollplan/sample.hpp>
#include <rollplan/verify.hpp>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <sstream>
#include <vector>

using namespace rollplan;

// Random123's other Philox shapes, for its known-answer vectors: two words,
// with the multipliers and round constants of its philox.h.
template <std::size_t R>
using philox2x32_r = philox_engine<std::uint32_t, 32, 2, R, 0xD256D193, 0x9E3779B9>;
template <std::size_t R>
using philox2x64_r = philox_engine<std::uint64_t, 64, 2, R, 0xD2B74407B1CE6E93, 0x9E3779B97F4A7C15>;
template <std::size_t R>
using philox4x32_r = philox_engine<std::uint32_t, 32, 4, R, 0xD2511F53, 0x9E3779B9, 0xCD9E8D57, 0xBB67AE85>;
template <std::size_t R>
using philox4x64_r = philox_engine<std::uint64_t, 64, 4, R, 0xD2E7470EE14C6C93, 0x9E3779B97F4A7C15, 0xCA5A826395121157,
                                   0xBB67AE8584CAA73B>;

TEST_CASE("philox4x32 and philox4x64 give the values C++26 requires of their 10 000th call", "[philox]") {
    // [rand.predef]: a default-constructed philox4x32's 10 000th call returns 1955073260, a
    // philox4x64's 3409172418970261260; in a constant expression, call by call
    constexpr auto ten_thousandth = [](auto engine) {
        for (int call = 1; call < 10000; ++call) engine();
        return static_cast<std::uint64_t>(engine());
    };
    STATIC_REQUIRE(ten_thousandth(philox4x32{}) == 1955073260u);
    STATIC_REQUIRE(ten_thousandth(philox4x64{}) == 3409172418970261260u);
    // and by discard, which jumps in O(1)
    constexpr auto by_discard = [](auto engine) {
        engine.discard(9999);
        return static_cast<std::uint64_t>(engine());
    };
    STATIC_REQUIRE(by_discard(philox4x32{}) == 1955073260u);
    STATIC_REQUIRE(by_discard(philox4x64{}) == 3409172418970261260u);
    STATIC_REQUIRE(philox4x32::max() == 0xffffffffu);
    STATIC_REQUIRE(philox4x64::max() == 0xffffffffffffffffu);
    STATIC_REQUIRE(philox4x32::multipliers == std::array<philox4x32::result_type, 2>{0xD2511F53, 0xCD9E8D57});
    STATIC_REQUIRE(philox4x32::round_consts == std::array<philox4x32::result_type, 2>{0x9E3779B9, 0xBB67AE85});
    STATIC_REQUIRE((philox4x64::word_size == 64 && philox4x64::word_count == 4 && philox4x64::round_count == 10));
    STATIC_REQUIRE(philox4x32::default_seed == 20111115u);
}

TEST_CASE("Philox blocks equal Random123's known-answer vectors", "[philox]") {
    // tests/kat_vectors of Random123 1.14: counter, key -> block, for 7 and 10 rounds, the
    // counter and key all zeros, all ones, and the digits of pi
    STATIC_REQUIRE(philox4x32_r<7>::block({0, 0}, {0, 0, 0, 0}) == std::array<std::uint32_t, 4>{0x5f6fb709, 0x0d893f64, 0x4f121f81, 0x4f730a48});
    STATIC_REQUIRE(philox4x32_r<7>::block({0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}) ==
                   std::array<std::uint32_t, 4>{0x5207ddc2, 0x45165e59, 0x4d8ee751, 0x8c52f662});
    STATIC_REQUIRE(philox4x32_r<7>::block({0xa4093822, 0x299f31d0}, {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}) ==
                   std::array<std::uint32_t, 4>{0x4dfccaba, 0x190a87f0, 0xc47362ba, 0xb6b5242a});
    STATIC_REQUIRE(philox4x32_r<10>::block({0, 0}, {0, 0, 0, 0}) == std::array<std::uint32_t, 4>{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8});
    STATIC_REQUIRE(philox4x32_r<10>::block({0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}) ==
                   std::array<std::uint32_t, 4>{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd});
    STATIC_REQUIRE(philox4x32_r<10>::block({0xa4093822, 0x299f31d0}, {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}) ==
                   std::array<std::uint32_t, 4>{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1});

    constexpr std::uint64_t ones = 0xffffffffffffffff;
    STATIC_REQUIRE(philox4x64_r<7>::block({0, 0}, {0, 0, 0, 0}) ==
                   std::array<std::uint64_t, 4>{0x5dc8ee6268ec62cd, 0x139bc570b6c125a0, 0x84d6deb4fb65f49e, 0xaff7583376d378c2});
    STATIC_REQUIRE(philox4x64_r<7>::block({ones, ones}, {ones, ones, ones, ones}) ==
                   std::array<std::uint64_t, 4>{0x071dd84367903154, 0x48e2bbdc722b37d1, 0x6afa9890bb89f76c, 0x9194c8d8ada56ac7});
    STATIC_REQUIRE(philox4x64_r<7>::block({0x452821e638d01377, 0xbe5466cf34e90c6c},
                                          {0x243f6a8885a308d3, 0x13198a2e03707344, 0xa4093822299f31d0, 0x082efa98ec4e6c89}) ==
                   std::array<std::uint64_t, 4>{0x513a366704edf755, 0xf05d9924c07044d3, 0xbef2cb9cbea74c6c, 0x8db948de4caa1f8a});
    STATIC_REQUIRE(philox4x64_r<10>::block({0, 0}, {0, 0, 0, 0}) ==
                   std::array<std::uint64_t, 4>{0x16554d9eca36314c, 0xdb20fe9d672d0fdc, 0xd7e772cee186176b, 0x7e68b68aec7ba23b});
    STATIC_REQUIRE(philox4x64_r<10>::block({ones, ones}, {ones, ones, ones, ones}) ==
                   std::array<std::uint64_t, 4>{0x87b092c3013fe90b, 0x438c3c67be8d0224, 0x9cc7d7c69cd777b6, 0xa09caebf594f0ba0});
    STATIC_REQUIRE(philox4x64_r<10>::block({0x452821e638d01377, 0xbe5466cf34e90c6c},
                                           {0x243f6a8885a308d3, 0x13198a2e03707344, 0xa4093822299f31d0, 0x082efa98ec4e6c89}) ==
                   std::array<std::uint64_t, 4>{0xa528f45403e61d95, 0x38c72dbd566e9788, 0xa5a1610e72fd18b5, 0x57bd43b5e52b7fe6});

    STATIC_REQUIRE(philox2x32_r<7>::block({0}, {0, 0}) == std::array<std::uint32_t, 2>{0x257a3673, 0xcd26be2a});
    STATIC_REQUIRE(philox2x32_r<7>::block({0xffffffff}, {0xffffffff, 0xffffffff}) == std::array<std::uint32_t, 2>{0xab302c4d, 0x3dc9d239});
    STATIC_REQUIRE(philox2x32_r<7>::block({0x13198a2e}, {0x243f6a88, 0x85a308d3}) == std::array<std::uint32_t, 2>{0xbedbbe6b, 0xe4c770b3});
    STATIC_REQUIRE(philox2x32_r<10>::block({0}, {0, 0}) == std::array<std::uint32_t, 2>{0xff1dae59, 0x6cd10df2});
    STATIC_REQUIRE(philox2x32_r<10>::block({0xffffffff}, {0xffffffff, 0xffffffff}) == std::array<std::uint32_t, 2>{0x2c3f628b, 0xab4fd7ad});
    STATIC_REQUIRE(philox2x32_r<10>::block({0x13198a2e}, {0x243f6a88, 0x85a308d3}) == std::array<std::uint32_t, 2>{0xdd7ce038, 0xf62a4c12});
    STATIC_REQUIRE(philox2x64_r<7>::block({0}, {0, 0}) == std::array<std::uint64_t, 2>{0xb41da69fbfefc666, 0x511e9ce1a5534056});
    STATIC_REQUIRE(philox2x64_r<7>::block({ones}, {ones, ones}) == std::array<std::uint64_t, 2>{0xa4696cc04462015d, 0x724782dae17169e9});
    STATIC_REQUIRE(philox2x64_r<7>::block({0xa4093822299f31d0}, {0x243f6a8885a308d3, 0x13198a2e03707344}) ==
                   std::array<std::uint64_t, 2>{0x98ed1534392bf372, 0x67528b1568882fd5});
    STATIC_REQUIRE(philox2x64_r<10>::block({0}, {0, 0}) == std::array<std::uint64_t, 2>{0xca00a0459843d731, 0x66c24222c9a845b5});
}

TEST_CASE("a Philox engine reads its blocks out in order, counter after counter", "[philox]") {
    // the engine is the block function run over counters 0, 1, 2, …, X_0 the lowest word
    philox4x64 e(77);
    for (std::uint64_t c = 0; c < 5; ++c)
        for (std::uint64_t v : philox4x64::block({77, 0}, {c, 0, 0, 0})) REQUIRE(e() == v);
    // the counter carries from word to word
    philox4x32 carry;
    carry.set_counter({0, 0, 0, 0xffffffff});
    for (int i = 0; i < 4; ++i) carry();
    REQUIRE(carry.counter() == std::array<philox4x32::result_type, 4>{0, 1, 0, 0});
    REQUIRE(carry() == philox4x32::block({philox4x32::default_seed, 0}, {0, 1, 0, 0})[0]);
    // and wraps at 2^(nw)
    philox4x32 wrap;
    wrap.set_counter({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff});
    wrap.discard(4);
    REQUIRE(wrap.counter() == std::array<philox4x32::result_type, 4>{0, 0, 0, 0});
}

TEST_CASE("set_counter takes the highest word first, and starts a block", "[philox]") {
    // [rand.eng.philox]: X_(n−1−j) = c_j
    philox4x32 e(5);
    e();
    e.set_counter({4, 3, 2, 1});
    REQUIRE(e.counter() == std::array<philox4x32::result_type, 4>{1, 2, 3, 4});
    REQUIRE(e.index() == 3);
    for (auto v : philox4x32::block({5, 0}, {1, 2, 3, 4})) REQUIRE(e() == v);
    // the same counter, set or reached, is the same engine
    philox4x32 reached(5);
    reached.discard(4 * 7);
    philox4x32 set(5);
    set.set_counter({0, 0, 0, 7});
    REQUIRE(reached == set);
}

TEST_CASE("discard(z) is z calls, from any index, for any z", "[philox]") {
    for (unsigned long long start : {0ull, 1ull, 2ull, 3ull, 5ull})
        for (unsigned long long z : {0ull, 1ull, 2ull, 3ull, 4ull, 5ull, 7ull, 8ull, 9ull, 1001ull}) {
            INFO("start " << start << ", z " << z);
            philox4x32 skipped(3), stepped(3);
            skipped.discard(start);
            stepped.discard(start);
            skipped.discard(z);
            for (unsigned long long i = 0; i < z; ++i) stepped();
            REQUIRE(skipped == stepped);
            REQUIRE(skipped() == stepped());
        }
    // far: 2^64 − 1 calls are (2^64 − 1) / 4 whole blocks and 3 values
    philox4x64 far(9);
    far.discard(~0ull);
    REQUIRE(far.counter() == std::array<philox4x64::result_type, 4>{(~0ull) / 4 + 1, 0, 0, 0});
    REQUIRE(far.index() == 2);
    REQUIRE(far() == philox4x64::block({9, 0}, {(~0ull) / 4, 0, 0, 0})[3]);
}

TEST_CASE("a seed sequence gives the key, ceil(w/32) words to each, low first; the counter is zero", "[philox]") {
    std::seed_seq q{2026, 12, 1};
    std::array<std::uint32_t, 4> words{};
    std::seed_seq again{2026, 12, 1};
    again.generate(words.begin(), words.end());
    const philox4x64 wide(q);
    REQUIRE(wide.key() == std::array<philox4x64::result_type, 2>{words[0] | std::uint64_t{words[1]} << 32,
                                                                  words[2] | std::uint64_t{words[3]} << 32});
    REQUIRE(wide.counter() == std::array<philox4x64::result_type, 4>{});
    std::seed_seq q32{2026, 12, 1}, again32{2026, 12, 1};
    std::array<std::uint32_t, 2> two{};
    again32.generate(two.begin(), two.end());
    const philox4x32 narrow(q32);
    REQUIRE(narrow.key() == std::array<philox4x32::result_type, 2>{two[0], two[1]});
    // a value seed is K_0, the rest zero
    REQUIRE(philox4x64(12345).key() == std::array<philox4x64::result_type, 2>{12345, 0});
}

TEMPLATE_TEST_CASE("Philox engines meet the random number engine requirements", "[philox]", philox4x32, philox4x64,
                   philox2x32_r<10>) {
    STATIC_REQUIRE(std::is_same_v<decltype(TestType::default_seed), const typename TestType::result_type>);
    check_random_number_engine<TestType>();
}

TEST_CASE("Philox's text round trip keeps the place within a block, and refuses what cannot be a state", "[philox]") {
    philox4x32 e(8);
    e.discard(6);  // two values into the second block
    std::stringstream text;
    text << e;
    REQUIRE(text.str() == "8 0 2 0 0 0 1");  // K_0 K_1, X_0 … X_3, i
    philox4x32 read;
    text >> read;
    REQUIRE(read == e);
    for (int i = 0; i < 10; ++i) REQUIRE(read() == e());
    for (const char* bad : {"8 0 2 0 0 0 4", "8 0 4294967296 0 0 0 1", "8 0 2 0 0 0"}) {
        INFO(bad);
        std::istringstream in(bad);
        philox4x32 kept(1);
        const philox4x32 before = kept;
        in >> kept;
        REQUIRE(in.fail());
        REQUIRE(kept == before);
    }
}

TEST_CASE("a Philox engine is a source like any other: a die of 2^32 or 2^64 faces", "[philox]") {
    STATIC_REQUIRE(std::uniform_random_bit_generator<philox4x32>);
    STATIC_REQUIRE(std::uniform_random_bit_generator<philox4x64>);
    // sample<P> reads it as its die: the plan for a d29 from a d(2^32) is exact, and draws in range
    using plan32 = plan_t<29, die<count_t{1} << 32>>;
    STATIC_REQUIRE(is_exactly_uniform_v<plan32>);
    philox4x32 e32(1);
    philox4x64 e64(1);
    for (int i = 0; i < 1000; ++i) {
        REQUIRE(sample<plan32>(e32) < 29);
        REQUIRE(uniform_below(e64, 1000) < 1000);
    }
    // a batched fill (several d6 from each word) reads it as it reads any engine of 64-bit
    // words: the same fill as from another engine type giving the same words (1000 values are
    // one counter block, read from counter 0; generate.cpp tests the blocks), and the engine
    // then stands at the next block, counter range 1
    struct same_words {
        using result_type = std::uint64_t;
        static constexpr result_type min() { return 0; }
        static constexpr result_type max() { return ~result_type{0}; }
        philox4x64 inner;
        result_type operator()() { return inner(); }
    };
    uniform_int_distribution<int> d(1, 6);
    philox4x64 a(4);
    same_words b{philox4x64(4)};
    std::vector<int> filled(1000), expected(1000);
    rollplan::generate(filled.begin(), filled.end(), d, a);
    rollplan::generate(expected.begin(), expected.end(), d, b);
    REQUIRE(filled == expected);
    REQUIRE(a.counter() == std::array<philox4x64::result_type, 4>{0, 1, 0, 0});
    REQUIRE(std::count(filled.begin(), filled.end(), 6) > 100);
}
