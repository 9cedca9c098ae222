// rollplan/engines.hpp: engines with published algorithms, usable in
// constant expressions, the same on every compiler and platform.
//
// Each is a random number engine as the standard defines one ([rand.req.eng]:
// default, value and seed-sequence construction and seed(), discard, ==, and
// << / >> that round-trip the state in decimal) over 64- or 32-bit words:
// - splitmix64 (Steele, Lea & Flood 2014; the version in Vigna's reference
//   code): a counter advanced by 0x9e3779b97f4a7c15, then a bijective mix.
//   Seeding: the 64-bit seed is the counter's start. State: the counter.
// - pcg32 (O'Neill 2014, PCG-XSH-RR 64/32): a 64-bit LCG whose old state is
//   permuted into 32 output bits. Seeding as pcg-cpp's pcg32: increment
//   2·stream + 1 (default stream 721347520444481703), state = bump(seed + increment).
//   advance(n) jumps n steps in O(log n) (Brown 1994). State: increment, state.
// - xoshiro256starstar (Blackman & Vigna 2018): 256 bits of xor/shift/rotate
//   state, output rotl(s1·5, 7)·9. Seeding: a 64-bit seed fills the state with
//   four splitmix64 outputs (the authors' advice); a full state may be given
//   (not all zero). State: the four words. jump() and long_jump() move 2^128
//   and 2^192 steps, discard(n) n steps in O(log n), by polynomials over GF(2).
// From a seed sequence q (like std::seed_seq), each takes 32-bit words from
// q.generate, two to a 64-bit number, the first word low (as the standard's
// mersenne_twister_engine does): splitmix64 the counter from 2 words; pcg32
// as pcg-cpp does, the seed from the last 2 of a call for 4 words and the
// stream from the first 2 of a second call; xoshiro256starstar the state from
// 8 words (an all-zero result, which a seed sequence gives with probability
// 2^-256, is replaced by the state of seed 0).
#pragma once

#include "detail/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "detail/decimal_stream.hpp"
#include "detail/error.hpp"

namespace rollplan {

// A seed sequence as [rand.req.seedseq] uses one: generate fills a range of
// 32-bit words. Constructors and seed() take one when it is not a number.
template <class Q, class Result>
concept seed_sequence = !std::is_convertible_v<Q, Result> && requires(Q& q, std::uint32_t* words) {
    typename Q::result_type;
    q.generate(words, words);
};

namespace detail {

// 2·Count words from q.generate, paired into Count 64-bit numbers, low word first.
template <std::size_t Count, class Q>
constexpr std::array<std::uint64_t, Count> seed_words(Q& q) {
    std::array<std::uint32_t, 2 * Count> words{};
    q.generate(words.begin(), words.end());
    std::array<std::uint64_t, Count> out{};
    for (std::size_t i = 0; i < Count; ++i) out[i] = words[2 * i] | std::uint64_t{words[2 * i + 1]} << 32;
    return out;
}

// Reads Count decimal numbers into `into` only if all of them read; the
// engine is left as it was otherwise, as [rand.req.eng] asks.
template <class CharT, class Traits, std::size_t Count>
std::basic_istream<CharT, Traits>& read_words(std::basic_istream<CharT, Traits>& is, std::array<std::uint64_t, Count>& into) {
    const decimal_stream<std::basic_istream<CharT, Traits>> decimal(is);
    std::array<std::uint64_t, Count> words{};
    for (auto& word : words) is >> word;
    if (is) into = words;
    return is;
}

template <class CharT, class Traits, std::size_t Count>
std::basic_ostream<CharT, Traits>& write_words(std::basic_ostream<CharT, Traits>& os, const std::array<std::uint64_t, Count>& words) {
    const decimal_stream<std::basic_ostream<CharT, Traits>> decimal(os);
    for (std::size_t i = 0; i < Count; ++i) {
        if (i != 0) os << os.widen(' ');
        os << words[i];
    }
    return os;
}


// Polynomials over GF(2) below degree 256, for xoshiro256starstar's jumps:
// the coefficient of x^i is bit i mod 64 of word i / 64. With p the terms of a
// monic polynomial of degree 256 (x^256 left out), times_x_mod and times_mod
// multiply modulo it.
using gf2_polynomial = std::array<std::uint64_t, 4>;
// x^256 + these: the characteristic polynomial of xoshiro256's state
// transition (found by Berlekamp–Massey on its bits; tests/engines.cpp finds
// it again); and x^(2^128), x^(2^192) modulo it, the authors' jump polynomials.
inline constexpr gf2_polynomial xoshiro256_characteristic{0x9d116f2bb0f0f001, 0x0280002bcefd1a5e, 0x04b4edcf26259f85,
                                                          0x0003c03c3f3ecb19};
inline constexpr gf2_polynomial xoshiro256_jump{0x180ec6d33cfd0aba, 0xd5a61266f0c9392c, 0xa9582618e03fc9aa, 0x39abdc4529b1661c};
inline constexpr gf2_polynomial xoshiro256_long_jump{0x76e15d3efefdcbbf, 0xc5004e441c522fb3, 0x77710069854ee241,
                                                     0x39109bb02acbe635};
constexpr gf2_polynomial times_x_mod(gf2_polynomial a, const gf2_polynomial& p) {
    const bool overflow = (a[3] >> 63) != 0;
    for (std::size_t i = 3; i > 0; --i) a[i] = (a[i] << 1) | (a[i - 1] >> 63);
    a[0] <<= 1;
    if (overflow)
        for (std::size_t i = 0; i < 4; ++i) a[i] ^= p[i];
    return a;
}
constexpr gf2_polynomial times_mod(const gf2_polynomial& a, const gf2_polynomial& b, const gf2_polynomial& p) {
    gf2_polynomial product{};
    for (int bit = 255; bit >= 0; --bit) {  // Horner: product·x, plus a where b has x^bit
        product = times_x_mod(product, p);
        if ((b[static_cast<std::size_t>(bit) / 64] >> (bit % 64)) & 1)
            for (std::size_t i = 0; i < 4; ++i) product[i] ^= a[i];
    }
    return product;
}

}  // namespace detail

class splitmix64 {
public:
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
    static constexpr std::uint64_t default_seed = 0;

    constexpr splitmix64() : splitmix64(default_seed) {}
    constexpr explicit splitmix64(std::uint64_t seed) : counter_(seed) {}
    template <seed_sequence<result_type> Q>
    constexpr explicit splitmix64(Q& q) : counter_(detail::seed_words<1>(q)[0]) {}

    constexpr void seed() { *this = splitmix64(); }
    constexpr void seed(std::uint64_t s) { *this = splitmix64(s); }
    template <seed_sequence<result_type> Q>
    constexpr void seed(Q& q) { *this = splitmix64(q); }

    constexpr result_type operator()() {
        std::uint64_t z = counter_ += 0x9e3779b97f4a7c15ULL;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    constexpr void discard(unsigned long long n) { counter_ += n * 0x9e3779b97f4a7c15ULL; }
    friend constexpr bool operator==(const splitmix64&, const splitmix64&) = default;

    template <class CharT, class Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const splitmix64& e) {
        return detail::write_words(os, std::array<std::uint64_t, 1>{e.counter_});
    }
    template <class CharT, class Traits>
    friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, splitmix64& e) {
        std::array<std::uint64_t, 1> state{e.counter_};
        detail::read_words(is, state);
        e.counter_ = state[0];
        return is;
    }

private:
    std::uint64_t counter_;
};

class pcg32 {
public:
    using result_type = std::uint32_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
    static constexpr std::uint64_t default_seed = 0xcafef00dd15ea5e5ULL;
    static constexpr std::uint64_t default_stream = 1442695040888963407ULL >> 1;

    constexpr pcg32() : pcg32(default_seed) {}
    constexpr explicit pcg32(std::uint64_t seed, std::uint64_t stream = default_stream)
        : increment_((stream << 1) | 1), state_(bump(seed + increment_)) {}
    template <seed_sequence<result_type> Q>
    constexpr explicit pcg32(Q& q) : pcg32(from_sequence(q)) {}

    constexpr void seed() { *this = pcg32(); }
    constexpr void seed(std::uint64_t s, std::uint64_t stream = default_stream) { *this = pcg32(s, stream); }
    template <seed_sequence<result_type> Q>
    constexpr void seed(Q& q) { *this = pcg32(q); }

    constexpr result_type operator()() {
        const std::uint64_t old = state_;
        state_ = bump(state_);
        const auto xorshifted = static_cast<std::uint32_t>(((old >> 18) ^ old) >> 27);
        const auto rotation = static_cast<unsigned>(old >> 59);
        return (xorshifted >> rotation) | (xorshifted << ((32 - rotation) & 31));
    }
    // n steps at once: the LCG's n-th power, by squaring (Brown 1994), as
    // the composition of affine maps s -> a·s + c.
    constexpr void advance(std::uint64_t n) {
        std::uint64_t multiplier = 1, increment = 0;
        std::uint64_t step_multiplier = lcg_multiplier, step_increment = increment_;
        for (; n != 0; n >>= 1) {
            if (n & 1) {
                multiplier *= step_multiplier;
                increment = increment * step_multiplier + step_increment;
            }
            step_increment *= step_multiplier + 1;
            step_multiplier *= step_multiplier;
        }
        state_ = multiplier * state_ + increment;
    }
    constexpr void discard(unsigned long long n) { advance(n); }
    // Another stream from the same state, as pcg-cpp's set_stream: the
    // increment becomes 2·stream + 1. Streams of one seed are not independent
    // sequences: two whose increments differ little give correlated values
    // (rust-random/rand#907); for parallel streams prefer a counter-based
    // engine (philox.hpp) or seeds from a seed sequence.
    constexpr void set_stream(std::uint64_t stream) { increment_ = (stream << 1) | 1; }
    friend constexpr bool operator==(const pcg32&, const pcg32&) = default;

    // The increment, then the state; >> refuses an even increment.
    template <class CharT, class Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const pcg32& e) {
        return detail::write_words(os, std::array<std::uint64_t, 2>{e.increment_, e.state_});
    }
    template <class CharT, class Traits>
    friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, pcg32& e) {
        std::array<std::uint64_t, 2> state{e.increment_, e.state_};
        if (detail::read_words(is, state) && (state[0] & 1) == 0) is.setstate(is.failbit);
        if (is) {
            e.increment_ = state[0];
            e.state_ = state[1];
        }
        return is;
    }

private:
    static constexpr std::uint64_t lcg_multiplier = 6364136223846793005ULL;
    // As pcg-cpp: two calls for 4 words, the seed from the first, the stream from the second.
    template <class Q>
    static constexpr pcg32 from_sequence(Q& q) {
        const auto first = detail::seed_words<2>(q);
        const auto second = detail::seed_words<2>(q);
        return pcg32(first[1], second[0]);
    }
    constexpr std::uint64_t bump(std::uint64_t s) const { return s * lcg_multiplier + increment_; }
    std::uint64_t increment_;
    std::uint64_t state_;
};

class xoshiro256starstar {
public:
    using result_type = std::uint64_t;
    using state_type = std::array<std::uint64_t, 4>;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
    static constexpr std::uint64_t default_seed = 0;

    constexpr xoshiro256starstar() : xoshiro256starstar(default_seed) {}
    constexpr explicit xoshiro256starstar(std::uint64_t seed) : s_{} {
        splitmix64 fill(seed);
        for (auto& word : s_) word = fill();
    }
    // The state itself (not all zero, which would stay zero), as in the reference code.
    constexpr explicit xoshiro256starstar(const state_type& state) : s_(state) {
        if (is_zero(state)) detail::fail<std::invalid_argument>("rollplan: xoshiro256starstar's state must not be all zero");
    }
    template <seed_sequence<result_type> Q>
    constexpr explicit xoshiro256starstar(Q& q) : xoshiro256starstar() {
        if (const auto words = detail::seed_words<4>(q); !is_zero(words)) s_ = words;
    }

    constexpr void seed() { *this = xoshiro256starstar(); }
    constexpr void seed(std::uint64_t s) { *this = xoshiro256starstar(s); }
    template <seed_sequence<result_type> Q>
    constexpr void seed(Q& q) { *this = xoshiro256starstar(q); }

    constexpr result_type operator()() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    // Jumps. The state transition T is linear over GF(2)^256, so n steps,
    // T^n s, are J(T) s for the polynomial J(x) = x^n mod P(x), P the
    // characteristic polynomial of T (degree 256): J's terms say which of the
    // next 256 states to add up (Haramoto et al. 2008, "Efficient jump ahead for
    // F2-linear random number generators"; Blackman & Vigna's jump functions). jump() is 2^128
    // steps and long_jump() 2^192, with the authors' polynomials: 2^64
    // non-overlapping streams of 2^128 values each, and 2^64 of 2^192.
    constexpr void jump() { advance_by(detail::xoshiro256_jump); }
    constexpr void long_jump() { advance_by(detail::xoshiro256_long_jump); }
    // n steps: one by one below 2^14, where that is cheaper, else x^n mod P
    // by squaring (at most 64 products of 256-bit polynomials): O(log n).
    constexpr void discard(unsigned long long n) {
        if (n < (1u << 14)) {
            for (; n != 0; --n) (*this)();
            return;
        }
        detail::gf2_polynomial power{1, 0, 0, 0};  // x^0; then, bit by bit from the top, x^(2m) or x^(2m + 1)
        for (int bit = 63; bit >= 0; --bit) {
            power = detail::times_mod(power, power, detail::xoshiro256_characteristic);
            if ((n >> bit) & 1) power = detail::times_x_mod(power, detail::xoshiro256_characteristic);
        }
        advance_by(power);
    }
    constexpr const state_type& state() const { return s_; }
    friend constexpr bool operator==(const xoshiro256starstar&, const xoshiro256starstar&) = default;

    // The four words; >> refuses a state of zeros.
    template <class CharT, class Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const xoshiro256starstar& e) {
        return detail::write_words(os, e.s_);
    }
    template <class CharT, class Traits>
    friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, xoshiro256starstar& e) {
        state_type state = e.s_;
        if (detail::read_words(is, state) && is_zero(state)) is.setstate(is.failbit);
        if (is) e.s_ = state;
        return is;
    }

private:
    // s = J(T) s: the sum of T^i s over the terms x^i of J.
    constexpr void advance_by(const detail::gf2_polynomial& j) {
        state_type sum{};
        for (std::size_t i = 0; i < 256; ++i) {
            if ((j[i / 64] >> (i % 64)) & 1)
                for (std::size_t w = 0; w < 4; ++w) sum[w] ^= s_[w];
            (*this)();
        }
        s_ = sum;
    }
    static constexpr bool is_zero(const state_type& s) { return (s[0] | s[1] | s[2] | s[3]) == 0; }
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    state_type s_;
};

}  // namespace rollplan
