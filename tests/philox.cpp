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
#include <string>
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

// ---- the state at its edges: every counter and key word at 0, 1, 2^w − 2 and 2^w − 1 ----

namespace {

// The spec's state of philox_engine (docs/spec.md, section 6): the counter X (X_0 the
// lowest word of the n·w-bit number Z), the key K and the index i of the value last returned.
template <class E>
using counter_words = std::array<typename E::result_type, E::word_count>;
template <class E>
using key_words = std::array<typename E::result_type, E::word_count / 2>;

// The four values at a word's edges: 0, 1, 2^w − 2, 2^w − 1.
template <class E>
std::array<typename E::result_type, 4> edge_words() {
    return {0, 1, E::max() - 1, E::max()};
}

// The edge after v, in the cycle 0, 1, 2^w − 2, 2^w − 1, 0.
template <class E>
typename E::result_type next_edge(typename E::result_type v) {
    return v == 0 ? 1 : v == 1 ? E::max() - 1 : v == E::max() - 1 ? E::max() : 0;
}

// Z + by (mod 2^(nw)), by < 2^128: schoolbook addition of the base-2^w digits of `by`.
template <class E>
counter_words<E> counter_plus(counter_words<E> x, count_t by) {
    constexpr std::size_t w = E::word_size;
    count_t carry = 0;
    for (std::size_t j = 0; j < E::word_count; ++j) {
        const count_t digit = j * w < 128 ? (by >> (j * w)) & count_t{E::max()} : 0;
        const count_t sum = count_t{x[j]} + digit + carry;
        x[j] = static_cast<typename E::result_type>(sum & count_t{E::max()});
        carry = sum > count_t{E::max()} ? 1 : 0;
    }
    return x;
}
// Z − 1 (mod 2^(nw)): the lowest words that are 0 become 2^w − 1, the first other word loses 1.
template <class E>
counter_words<E> counter_minus_one(counter_words<E> x) {
    for (auto& word : x) {
        if (word != 0) {
            --word;
            return x;
        }
        word = E::max();
    }
    return x;
}
// set_counter's argument: the highest word first.
template <class E>
counter_words<E> highest_first(const counter_words<E>& x) {
    counter_words<E> c{};
    for (std::size_t j = 0; j < E::word_count; ++j) c[j] = x[E::word_count - 1 - j];
    return c;
}

// A seed sequence that hands out the given 32-bit words: the key, ceil(w/32) words to each
// key word, low first (the spec's rule for a seed sequence).
struct given_words {
    std::vector<std::uint32_t> words;
    template <class It>
    void generate(It first, It last) {
        for (std::size_t k = 0; first != last; ++first, ++k) *first = words.at(k);
    }
};
template <class E>
E keyed(const key_words<E>& key) {
    given_words q;
    for (const auto k : key)
        for (std::size_t j = 0; j < (E::word_size + 31) / 32; ++j) q.words.push_back(static_cast<std::uint32_t>(static_cast<std::uint64_t>(k) >> (32 * j)));
    return E(q);
}

// The engine in state (K, X, i), reached through the API alone (a seed sequence for K,
// set_counter and calls): at i = n − 1, set_counter(X); otherwise set_counter(X − 1) and
// i + 1 calls, the last of which made block X − 1 and moved the counter on to X.
template <class E>
E engine_at(const key_words<E>& key, const counter_words<E>& x, std::size_t i) {
    E e = keyed<E>(key);
    if (i == E::word_count - 1) {
        e.set_counter(highest_first<E>(x));
    } else {
        e.set_counter(highest_first<E>(counter_minus_one<E>(x)));
        for (std::size_t t = 0; t <= i; ++t) e();
    }
    return e;
}

// The next `count` values from state (K, X, i) by the definition: the values are the blocks
// Philox(K, c) read out in order; the next one is value i + 1 of block X − 1, or value 0 of
// block X when i = n − 1.
template <class E>
std::vector<std::uint64_t> values_from(const key_words<E>& key, const counter_words<E>& x, std::size_t i, std::size_t count) {
    constexpr std::size_t n = E::word_count;
    counter_words<E> c = i == n - 1 ? x : counter_minus_one<E>(x);
    std::size_t j = (i + 1) % n;
    std::vector<std::uint64_t> out;
    for (std::size_t t = 0; t < count; ++t) {
        out.push_back(static_cast<std::uint64_t>(E::block(key, c)[j]));
        if (++j == n) {
            j = 0;
            c = counter_plus<E>(c, 1);
        }
    }
    return out;
}

// The state text of the spec: K_0 … K_(n/2−1) X_0 … X_(n−1) i, in decimal, one space between.
template <class E>
std::string state_text(const key_words<E>& key, const counter_words<E>& x, std::size_t i) {
    std::string text;
    for (const auto k : key) text += std::to_string(static_cast<std::uint64_t>(k)) + " ";
    for (const auto word : x) text += std::to_string(static_cast<std::uint64_t>(word)) + " ";
    return text + std::to_string(i);
}

// Every key and counter with each word at an edge: 4^(n/2) keys times 4^n counters.
template <class E, class F>
void for_every_edge_state(F f) {
    const auto edges = edge_words<E>();
    constexpr std::size_t n = E::word_count, words = n / 2 + n;
    std::array<std::size_t, words> pick{};
    for (;;) {
        key_words<E> key{};
        counter_words<E> x{};
        for (std::size_t k = 0; k < n / 2; ++k) key[k] = edges[pick[k]];
        for (std::size_t j = 0; j < n; ++j) x[j] = edges[pick[n / 2 + j]];
        f(key, x);
        std::size_t d = 0;
        while (d < words && ++pick[d] == edges.size()) pick[d++] = 0;
        if (d == words) return;
    }
}
// The places in a block the properties run at: 0, 1 and n − 1.
template <class E>
std::array<std::size_t, 3> block_places() {
    return {0, 1, E::word_count - 1};
}

}  // namespace

// (a): what << writes is the spec's text of (K, X, i), >> reads it back into an engine equal
// to the first, and both then give the values the definition gives, for 2n + 2 values: past
// X − 1, X and X + 1, so across every counter increment the edges make (the lowest word
// wrapping and carrying, a carry through every word, and 2^(nw) − 1 wrapping to zero).
TEMPLATE_TEST_CASE("philox: at every word's edge and every place in a block, the state text reads back to an equal engine that goes on alike across the carry",
                   "[philox]", philox4x32, philox4x64) {
    using E = TestType;
    constexpr std::size_t n = E::word_count, ahead = 2 * n + 2;
    std::size_t states = 0;
    for_every_edge_state<E>([&](const key_words<E>& key, const counter_words<E>& x) {
        for (const std::size_t i : block_places<E>()) {
            E e = engine_at<E>(key, x, i);
            const std::string text = state_text<E>(key, x, i);
            INFO(text);
            REQUIRE(e.key() == key);
            REQUIRE(e.counter() == x);
            REQUIRE(e.index() == i);
            std::stringstream written;
            written << e;
            REQUIRE(written.str() == text);
            E read(12345);  // another engine, overwritten
            written >> read;
            REQUIRE_FALSE(written.fail());
            REQUIRE(read == e);
            const std::vector<std::uint64_t> expected = values_from<E>(key, x, i, ahead);
            for (std::size_t t = 0; t < ahead; ++t) {
                REQUIRE(static_cast<std::uint64_t>(e()) == expected[t]);
                REQUIRE(static_cast<std::uint64_t>(read()) == expected[t]);
                REQUIRE(read == e);
            }
            ++states;
        }
    });
    REQUIRE(states == 3 * 4096);  // 3 places, 4^6 keys and counters
    // a text written by hand, not by <<: the default engine 9999 calls on (2499 blocks and 3
    // values: X_0 = 2500, i = 2) gives the 10 000th value the standard fixes
    std::istringstream by_hand("20111115 0 2500 0 0 0 2");
    E e(1);
    by_hand >> e;
    REQUIRE_FALSE(by_hand.fail());
    E stepped;
    stepped.discard(9999);
    REQUIRE(e == stepped);
    REQUIRE(static_cast<std::uint64_t>(e()) == (n * E::word_size == 128 ? 1955073260u : 3409172418970261260u));
}

// (b): == is the state (K, X, i): the same counter and key at another place in the block is
// another engine, and so is one word of the key or of the counter moved to another edge;
// engines that are equal stay equal, and unequal ones unequal, call after call.
TEMPLATE_TEST_CASE("philox: engines at the same counter and key but another place in the block are unequal, and equal ones stay equal",
                   "[philox]", philox4x32, philox4x64) {
    using E = TestType;
    constexpr std::size_t n = E::word_count;
    for_every_edge_state<E>([&](const key_words<E>& key, const counter_words<E>& x) {
        INFO(state_text<E>(key, x, n - 1));
        const auto places = block_places<E>();
        for (const std::size_t i : places) {
            const E e = engine_at<E>(key, x, i);
            for (const std::size_t other : places)
                if (other != i) REQUIRE_FALSE(e == engine_at<E>(key, x, other));
            // one word of the key, or of the counter, at the next edge
            for (std::size_t k = 0; k < n / 2; ++k) {
                key_words<E> moved = key;
                moved[k] = next_edge<E>(moved[k]);
                REQUIRE_FALSE(e == engine_at<E>(moved, x, i));
            }
            for (std::size_t j = 0; j < n; ++j) {
                counter_words<E> moved = x;
                moved[j] = next_edge<E>(moved[j]);
                REQUIRE_FALSE(e == engine_at<E>(key, moved, i));
            }
        }
        // the same state reached two ways (calls, and set_counter with discard) stays equal;
        // a state one place ahead stays unequal
        E a = engine_at<E>(key, x, 0), b = keyed<E>(key), ahead = engine_at<E>(key, x, 1);
        b.set_counter(highest_first<E>(counter_minus_one<E>(x)));
        b.discard(1);
        for (std::size_t t = 0; t < 2 * n + 2; ++t) {
            REQUIRE(a == b);
            REQUIRE_FALSE(a == ahead);
            a();
            b();
            ahead();
        }
    });
}

// (c): discard(k) is k calls, from every edge state and place, for k across the next two
// counter increments and far beyond (2^32 and 2^64 − 1 calls, which carry into the higher
// words): the same state (X and i as the position after k values says) and the same values.
TEMPLATE_TEST_CASE("philox: discard(k) from a word's edge is k calls, across the carry and the wrap", "[philox]", philox4x32, philox4x64) {
    using E = TestType;
    constexpr std::size_t n = E::word_count;
    for_every_edge_state<E>([&](const key_words<E>& key, const counter_words<E>& x) {
        if (key[0] != key[1]) return;  // the counter's edges under two keys of each edge: enough here
        for (const std::size_t i : block_places<E>()) {
            INFO(state_text<E>(key, x, i));
            for (unsigned long long k = 0; k <= 2 * n + 1; ++k) {
                INFO("k " << k);
                E skipped = engine_at<E>(key, x, i), stepped = skipped;
                skipped.discard(k);
                for (unsigned long long t = 0; t < k; ++t) stepped();
                REQUIRE(skipped == stepped);
                for (std::size_t t = 0; t < n + 2; ++t) REQUIRE(skipped() == stepped());
            }
            for (const unsigned long long k : {0xffffffffull, 0x100000000ull, 0x100000001ull, ~0ull, ~0ull - 1}) {
                INFO("k " << k);
                // the next value is value j of block c: (c, j) moves on k places, c by whole blocks
                const counter_words<E> c0 = i == n - 1 ? x : counter_minus_one<E>(x);
                const count_t place = count_t{(i + 1) % n} + k;
                const counter_words<E> c = counter_plus<E>(c0, place / n);
                const std::size_t j = static_cast<std::size_t>(place % n);
                E skipped = engine_at<E>(key, x, i);
                skipped.discard(k);
                // after the value last returned, X is the block after it and i its place
                const counter_words<E> x_after = j == 0 ? c : counter_plus<E>(c, 1);
                const std::size_t i_after = (j + n - 1) % n;
                REQUIRE(skipped.counter() == x_after);
                REQUIRE(skipped.index() == i_after);
                const std::vector<std::uint64_t> expected = values_from<E>(key, x_after, i_after, n + 2);
                for (std::size_t t = 0; t < n + 2; ++t) REQUIRE(static_cast<std::uint64_t>(skipped()) == expected[t]);
            }
        }
    });
}

// (d): the carry law, stated on its own: after the block of counter (2^w − 1, …, 2^w − 1, v,
// …) (the lowest m words at 2^w − 1) comes the block of (0, …, 0, v + 1, …); all n words at
// 2^w − 1 come back to 0. Reached by set_counter, by the state text and by discard.
TEMPLATE_TEST_CASE("philox: the block after the lowest words' 2^w - 1 is the block of the counter carried, and 2^(nw) - 1 wraps to 0",
                   "[philox]", philox4x32, philox4x64) {
    using E = TestType;
    using word = typename E::result_type;
    constexpr std::size_t n = E::word_count;
    constexpr word ones = E::max();
    for (const key_words<E>& key : {key_words<E>{0, 0}, key_words<E>{ones, 1}, key_words<E>{7, ones}}) {
        for (std::size_t m = 1; m <= n; ++m)
            for (const word v : {word{0}, word{1}, word(ones - 1)})
                for (const word rest : {word{0}, ones}) {
                    counter_words<E> before{}, after{};
                    for (std::size_t j = 0; j < n; ++j) {
                        before[j] = j < m ? ones : j == m ? v : rest;
                        after[j] = j < m ? word{0} : j == m ? word(v + 1) : rest;
                    }
                    INFO(state_text<E>(key, before, n - 1));
                    const std::array<word, n> next = E::block(key, after);
                    // set_counter, n calls: the block of `before`, then the block of `after`
                    E set = keyed<E>(key);
                    set.set_counter(highest_first<E>(before));
                    REQUIRE(set() == E::block(key, before)[0]);
                    set.discard(n - 1);
                    REQUIRE(set.counter() == after);
                    for (std::size_t t = 0; t < n; ++t) REQUIRE(set() == next[t]);
                    // the text of a state at the end of block `before`
                    std::istringstream text(state_text<E>(key, before, n - 1));
                    E read;
                    text >> read;
                    REQUIRE_FALSE(text.fail());
                    read.discard(n);
                    REQUIRE(read.counter() == after);
                    for (std::size_t t = 0; t < n; ++t) REQUIRE(read() == next[t]);
                    // and the text of a state inside block `before`: its values, then the next block's
                    std::istringstream inside(state_text<E>(key, after, 1));
                    E middle;
                    inside >> middle;
                    REQUIRE_FALSE(inside.fail());
                    for (std::size_t t = 2; t < n; ++t) REQUIRE(middle() == E::block(key, before)[t]);
                    for (std::size_t t = 0; t < n; ++t) REQUIRE(middle() == next[t]);
                }
    }
    // the wrap against Random123's known answers (the ten-round blocks of the test above):
    // under the zero key, the block after counter 2^(nw) − 1 is the block of counter 0
    E wrap = keyed<E>({0, 0});
    wrap.set_counter({ones, ones, ones, ones});
    wrap.discard(n);
    REQUIRE(wrap.counter() == counter_words<E>{});
    std::array<std::uint64_t, 4> zero_block{};
    for (auto& value : zero_block) value = static_cast<std::uint64_t>(wrap());
    if constexpr (E::word_size == 32)
        REQUIRE(zero_block == std::array<std::uint64_t, 4>{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8});
    else
        REQUIRE(zero_block == std::array<std::uint64_t, 4>{0x16554d9eca36314c, 0xdb20fe9d672d0fdc, 0xd7e772cee186176b, 0x7e68b68aec7ba23b});
    // and under the all-ones key, the block of the all-ones counter is Random123's
    E ones_block = keyed<E>({ones, ones});
    ones_block.set_counter({ones, ones, ones, ones});
    std::array<std::uint64_t, 4> last{};
    for (auto& value : last) value = static_cast<std::uint64_t>(ones_block());
    if constexpr (E::word_size == 32)
        REQUIRE(last == std::array<std::uint64_t, 4>{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd});
    else
        REQUIRE(last == std::array<std::uint64_t, 4>{0x87b092c3013fe90b, 0x438c3c67be8d0224, 0x9cc7d7c69cd777b6, 0xa09caebf594f0ba0});
    REQUIRE(ones_block.counter() == counter_words<E>{});
}
