// Helpers for the tests of exact samplers that read digits (geometric,
// bernoulli_exp, discrete_laplace): the masses a sampler shows on every roll
// sequence of a small die, and engines whose words are listed, with the same
// words as a coin.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

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
template <class Die, class D>
masses on_every_sequence(const D& d, std::size_t depth, std::size_t n, long long first = 0) {
    masses m;
    m.of.assign(n, rational{});
    auto weight = [](std::size_t length) {
        count_t all = 1;
        for (std::size_t i = 0; i < length; ++i) all *= Die::faces;
        return rational{1, all};
    };
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

}  // namespace rollplan::testing
