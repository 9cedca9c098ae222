// Helpers for the tests of exact samplers that read digits (geometric,
// bernoulli_exp, discrete_laplace): the masses a sampler shows on every roll
// sequence of a small die, and engines whose words are listed, with the same
// words as a coin.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>

#include <rollplan/die.hpp>
#include <rollplan/engines.hpp>
#include <rollplan/rational.hpp>
#include <rollplan/verify.hpp>

namespace rollplan::testing {

// What an exact sampler shows on every sequence of up to `depth` rolls of Die:
// the mass of each value first … first + n − 1 among the sequences that
// finished, the mass of the smaller and of the larger values, and the mass
// of the sequences still unfinished (each sequence of length j weighs K^−j).
struct masses {
    std::vector<rational> of;
    rational below, beyond, unfinished;
};
// The weight of one sequence of `length` rolls of Die: K^−length.
template <class Die>
rational weight_of(std::size_t length) {
    count_t all = 1;
    for (std::size_t i = 0; i < length; ++i) all *= Die::faces;
    return rational{1, all};
}
template <class Die, class D>
masses on_every_sequence(const D& d, std::size_t depth, std::size_t n, long long first = 0) {
    masses m;
    m.of.assign(n, rational{});
    auto weight = weight_of<Die>;
    detail::walk_sequences<Die>(
        [&](auto& source) { return d(source); }, depth,
        [&](std::size_t length, auto value) {
            const long long v = static_cast<long long>(value);
            if (v < first) m.below = m.below + weight(length);
            else if (static_cast<unsigned long long>(v - first) < n) m.of[static_cast<std::size_t>(v - first)] = m.of[static_cast<std::size_t>(v - first)] + weight(length);
            else m.beyond = m.beyond + weight(length);
        },
        [&](std::size_t length) {
            if (length == depth) m.unfinished = m.unfinished + weight(length);
        });
    return m;
}

// 100-digit binary floating point, for exact masses beside the found ones.
using real = boost::multiprecision::cpp_bin_float_100;
inline real real_of(const rational& r) {
    auto of = [](count_t v) { return ldexp(real(static_cast<std::uint64_t>(v >> 64)), 64) + real(static_cast<std::uint64_t>(v)); };
    return of(r.numerator()) / of(r.denominator());
}
// A mass found within [found, found + unfinished] of its target.
inline bool within(const rational& found, const rational& unfinished, const real& target) {
    return real_of(found) <= target && target <= real_of(found + unfinished);
}

// An engine of `Bits`-bit words from a list, then from splitmix64 (the list
// read first).
template <int Bits>
struct listed_words {
    using result_type = std::conditional_t<Bits == 64, std::uint64_t, std::uint32_t>;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
    std::vector<std::uint64_t> words;
    std::size_t next = 0, reads = 0;
    splitmix64 rest{7};
    result_type operator()() {
        ++reads;
        if (next < words.size()) return static_cast<result_type>(words[next++]);
        return static_cast<result_type>(rest());
    }
};

// The same words as a coin: their bits, the most significant first.
template <int Bits>
auto bits_of(listed_words<Bits> words) {
    struct bit_source {
        listed_words<Bits> w;
        std::uint64_t word = 0;
        int left = 0;
        std::size_t flips = 0;
        std::uint64_t operator()() {
            if (left == 0) {
                word = w();
                left = Bits;
            }
            ++flips;
            return (word >> --left) & 1;
        }
    };
    return bit_source{std::move(words)};
}

// The same words as 32-bit words, each 64-bit word's high half first.
inline listed_words<32> halves_of(const listed_words<64>& words) {
    listed_words<32> halves;
    for (const std::uint64_t w : words.words) {
        halves.words.push_back(w >> 32);
        halves.words.push_back(w & 0xffffffffu);
    }
    return halves;
}

// d written with << and read back with >> into `into`: what was read, and the text.
template <class D>
std::pair<D, std::string> written_and_read(const D& d, D into) {
    std::stringstream s;
    s << d;
    s >> into;
    return {into, s.str()};
}
// `into` after >> reads `text`, and whether the read failed.
template <class D>
std::pair<D, bool> read_from(const std::string& text, D into) {
    std::stringstream s(text);
    s >> into;
    return {into, s.fail()};
}

// The words of the std::invalid_argument that make() throws, or "no exception".
template <class Make>
std::string refusal_of(Make make) {
    try {
        make();
    } catch (const std::invalid_argument& e) {
        return std::string(e.what());
    }
    return std::string("no exception");
}

// One draw of d from the same words three ways — as 64-bit words, as their bits from a coin,
// as 32-bit halves — with the words each engine read and the coin's flips.
template <class D>
struct three_ways {
    typename D::result_type from_words, from_coin, from_halves;
    std::size_t word_reads, half_reads, flips;
};
template <class D>
three_ways<D> draw_three_ways(const D& d, const listed_words<64>& words) {
    auto coin_bits = bits_of(words);
    auto coin = from_values<rollplan::coin>(std::ref(coin_bits));
    listed_words<64> engine = words;
    listed_words<32> halves = halves_of(words);
    three_ways<D> r{d(engine), d(coin), d(halves), 0, 0, 0};
    r.word_reads = engine.reads;
    r.half_reads = halves.reads;
    r.flips = coin_bits.flips;
    return r;
}

// Requires one value and the words the bits need, three ways (draw_three_ways), from words that
// start with each of `firsts`, then with `randoms` random words, each followed by `length` − 1
// random words.
template <class D>
void require_words_as_bits(const D& d, std::vector<std::uint64_t> firsts, std::size_t randoms, std::size_t length, splitmix64& random) {
    for (std::size_t i = 0; i < randoms; ++i) firsts.push_back(random());
    for (const std::uint64_t first : firsts) {
        listed_words<64> words;
        words.words = {first};
        while (words.words.size() < length) words.words.push_back(random());
        INFO("first word " << first);
        const three_ways<D> drawn = draw_three_ways(d, words);
        REQUIRE(drawn.from_words == drawn.from_coin);
        REQUIRE(drawn.from_halves == drawn.from_coin);
        REQUIRE(drawn.word_reads == (drawn.flips + 63) / 64);
        REQUIRE(drawn.half_reads == (drawn.flips + 31) / 32);
    }
}

// n values of d from engines: every slow-th from minstd_rand (its digits are not bits), the
// others from mt19937_64 and mt19937 in turn; how often each value came, and the mean square.
struct tally {
    std::map<long long, int> count;
    double mean_square = 0;
};
template <class D, class Small, class Wide, class Narrow>
tally tally_of(const D& d, int n, int slow, Small& small, Wide& g64, Narrow& g32) {
    tally t;
    for (int i = 0; i < n; ++i) {
        const auto y = static_cast<long long>(i % slow == 0 ? d(small) : i % 2 == 0 ? d(g64) : d(g32));
        ++t.count[y];
        t.mean_square += static_cast<double>(y) * static_cast<double>(y) / n;
    }
    return t;
}

}  // namespace rollplan::testing
