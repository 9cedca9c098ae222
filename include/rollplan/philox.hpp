// rollplan/philox.hpp: counter-based engines, Philox (Salmon, Moraes, Dror &
// Shaw, "Parallel random numbers: as easy as 1, 2, 3", SC11), with the
// interface and the values of C++26's philox_engine ([rand.eng.philox],
// P2075R6), usable in constant expressions.
//
// A counter-based engine is a keyed bijection of its counter: the values of
// block c under key K are Philox(K, c), whatever came before. So a value's
// place in the sequence (key, counter, index in the block) is all it depends
// on: discard(z) is O(1), and a fill split across threads or machines can give
// each part its own counter range and still give the values of one sequential
// run (generate.hpp does).
//
// The state ([rand.eng.philox]): the counter X (n words of w bits, X_0 the
// lowest: Z = Σ X_j 2^(wj)), the key K (n/2 words), the block Y of the n
// values last made, and the index i into Y. Each call: i = i + 1; if i == n,
// Y = Philox(K, X), Z = Z + 1 (mod 2^(nw)), i = 0; then Y_i is returned.
// Philox(K, X) is r rounds of a Feistel-like network over the word pairs:
// with the products P_k = M_k·X_2k (2w bits), one round makes, for n = 2,
// (hi(P_0) xor X_1 xor key_0, lo(P_0)), and for n = 4 (hi(P_1) xor X_1 xor
// key_0, lo(P_1), hi(P_0) xor X_3 xor key_1, lo(P_0)), where key_k in round q
// is K_k + q·C_k (mod 2^w), M the multipliers and C the round constants
// (Random123's philox2xW_R and philox4xW_R, the standard's definition).
//
// Every value of the standard's philox4x32 and philox4x64 is given: the
// 10 000th call of a default-constructed one returns 1955073260 and
// 3409172418970261260 ([rand.predef]; tests/philox.cpp, in a constant
// expression), and the blocks equal Random123's known-answer vectors.
#pragma once

#include "detail/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <type_traits>

#include "detail/decimal_stream.hpp"
#include "detail/integer.hpp"

namespace rollplan {

template <class UIntType, std::size_t w, std::size_t n, std::size_t r, UIntType... consts>
class philox_engine {
    static_assert(std::is_unsigned_v<UIntType> && !std::is_same_v<UIntType, bool>,
                  "rollplan: philox_engine's UIntType must be an unsigned integer type");
    static_assert(n == 2 || n == 4, "rollplan: philox_engine has n = 2 or n = 4 words (as C++26 asks)");
    static_assert(sizeof...(consts) == n, "rollplan: philox_engine needs n constants: a multiplier and a round constant per word pair");
    static_assert(r > 0, "rollplan: philox_engine needs at least one round");
    static_assert(w > 0 && w <= std::numeric_limits<UIntType>::digits && w <= 64,
                  "rollplan: philox_engine's word size w must be from 1 to the bits of UIntType (and at most 64)");

    static constexpr std::size_t pairs = n / 2;
    static constexpr UIntType mask = w == std::numeric_limits<UIntType>::digits ? UIntType(~UIntType(0))
                                                                               : UIntType((UIntType(1) << w) - 1);
    // consts are M_0, C_0, M_1, C_1, …: the multipliers at even places, the round constants at odd.
    template <std::size_t First>
    static constexpr std::array<UIntType, pairs> every_other = [] {
        constexpr std::array<UIntType, n> given{consts...};
        std::array<UIntType, pairs> out{};
        for (std::size_t k = 0; k < pairs; ++k) out[k] = UIntType(given[2 * k + First] & mask);
        return out;
    }();

public:
    using result_type = UIntType;
    static constexpr std::size_t word_size = w;
    static constexpr std::size_t word_count = n;
    static constexpr std::size_t round_count = r;
    static constexpr std::array<result_type, pairs> multipliers = every_other<0>;
    static constexpr std::array<result_type, pairs> round_consts = every_other<1>;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return mask; }
    static constexpr result_type default_seed = 20111115u;

    constexpr philox_engine() : philox_engine(default_seed) {}
    constexpr explicit philox_engine(result_type value) { seed(value); }
    // K_k from ceil(w/32) words of q.generate each, low word first; X = 0.
    template <class Sseq>
        requires(!std::is_convertible_v<Sseq, result_type>) && requires(Sseq& q, std::uint32_t* a) { q.generate(a, a); }
    constexpr explicit philox_engine(Sseq& q) {
        seed(q);
    }

    constexpr void seed(result_type value = default_seed) {
        x_ = {};
        k_ = {};
        y_ = {};
        k_[0] = result_type(value & mask);
        i_ = n - 1;
    }
    template <class Sseq>
        requires(!std::is_convertible_v<Sseq, result_type>) && requires(Sseq& q, std::uint32_t* a) { q.generate(a, a); }
    constexpr void seed(Sseq& q) {
        constexpr std::size_t p = (w + 31) / 32;
        std::array<std::uint32_t, pairs * p> a{};
        q.generate(a.begin(), a.end());
        x_ = {};
        y_ = {};
        for (std::size_t k = 0; k < pairs; ++k) {
            std::uint64_t key = 0;
            for (std::size_t j = 0; j < p; ++j) key |= std::uint64_t{a[k * p + j]} << (32 * j);
            k_[k] = result_type(key & mask);
        }
        i_ = n - 1;
    }
    // X_(n-1-j) = c_j: the first element is the counter's highest word.
    constexpr void set_counter(const std::array<result_type, n>& c) {
        for (std::size_t j = 0; j < n; ++j) x_[n - 1 - j] = result_type(c[j] & mask);
        i_ = n - 1;
    }

    constexpr result_type operator()() {
        if (++i_ == n) {
            y_ = block(k_, x_);
            increment(x_, 1);
            i_ = 0;
        }
        return y_[i_];
    }
    // z calls at once, in O(1): the index moves on z places, the counter by
    // the blocks passed, and the block then current is made once.
    constexpr void discard(unsigned long long z) {
        const std::size_t ahead = i_ + static_cast<std::size_t>(z % n);
        const unsigned long long blocks = z / n + ahead / n;  // blocks begun, each one counter step
        if (blocks == 0) {
            i_ = ahead;
            return;
        }
        increment(x_, blocks - 1);
        y_ = block(k_, x_);
        increment(x_, 1);
        i_ = ahead % n;
    }

    // The values of block `counter` under `key`, Philox(K, X) itself: what a
    // fill made of independent parts reads (generate.hpp).
    static constexpr std::array<result_type, n> block(const std::array<result_type, pairs>& key, const std::array<result_type, n>& counter) {
        // on scalars, not the arrays: a constant expression of 10 000 calls stays within
        // Clang's default step limit
        const result_type m0 = multipliers[0], c0 = round_consts[0];
        result_type k0 = key[0], x0 = counter[0], x1 = counter[1];
        if constexpr (n == 2) {
            for (std::size_t q = 0; q < r; ++q, k0 = result_type((k0 + c0) & mask)) {
                const count_t p0 = count_t{m0} * x0;
                x0 = hi(p0, x1, k0);
                x1 = lo(p0);
            }
            return {x0, x1};
        } else {
            const result_type m1 = multipliers[1], c1 = round_consts[1];
            result_type k1 = key[1], x2 = counter[2], x3 = counter[3];
            for (std::size_t q = 0; q < r; ++q, k0 = result_type((k0 + c0) & mask), k1 = result_type((k1 + c1) & mask)) {
                const count_t p0 = count_t{m0} * x0, p1 = count_t{m1} * x2;
                x0 = hi(p1, x1, k0);
                x1 = lo(p1);
                x2 = hi(p0, x3, k1);
                x3 = lo(p0);
            }
            return {x0, x1, x2, x3};
        }
    }
    // The counter and the key as they stand (X_0 the lowest word), and the
    // index of the value last returned (n − 1: the next call starts a block).
    constexpr const std::array<result_type, n>& counter() const { return x_; }
    constexpr const std::array<result_type, pairs>& key() const { return k_; }
    constexpr std::size_t index() const { return i_; }

    // Equal when the sequences to come are: Y is a function of K and X then
    // (Philox(K, X − 1)) unless i = n − 1, when it is not read again.
    friend constexpr bool operator==(const philox_engine& a, const philox_engine& b) {
        return a.x_ == b.x_ && a.k_ == b.k_ && a.i_ == b.i_;
    }

    // K_0 … K_(n/2−1), X_0 … X_(n−1), i, in decimal with one space between.
    template <class CharT, class Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const philox_engine& e) {
        const detail::decimal_stream<std::basic_ostream<CharT, Traits>> decimal(os);
        for (std::size_t k = 0; k < pairs; ++k) os << static_cast<std::uint64_t>(e.k_[k]) << os.widen(' ');
        for (std::size_t j = 0; j < n; ++j) os << static_cast<std::uint64_t>(e.x_[j]) << os.widen(' ');
        return os << static_cast<std::uint64_t>(e.i_);
    }
    // Reads what << writes; on failure (a word past 2^w − 1, an index past
    // n − 1, or no number) the engine is left as it was.
    template <class CharT, class Traits>
    friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, philox_engine& e) {
        const detail::decimal_stream<std::basic_istream<CharT, Traits>> decimal(is);
        std::array<std::uint64_t, pairs + n + 1> words{};
        for (auto& word : words) is >> word;
        if (!is) return is;
        for (std::size_t j = 0; j < pairs + n; ++j)
            if (words[j] > static_cast<std::uint64_t>(mask)) is.setstate(is.failbit);
        if (words[pairs + n] >= n) is.setstate(is.failbit);
        if (!is) return is;
        philox_engine read;
        for (std::size_t k = 0; k < pairs; ++k) read.k_[k] = static_cast<result_type>(words[k]);
        for (std::size_t j = 0; j < n; ++j) read.x_[j] = static_cast<result_type>(words[pairs + j]);
        read.i_ = static_cast<std::size_t>(words[pairs + n]);
        if (read.i_ != n - 1) {  // the block being read out: the one before the counter
            std::array<result_type, n> before = read.x_;
            decrement(before);
            read.y_ = block(read.k_, before);
        }
        e = read;
        return is;
    }

private:
    static constexpr result_type lo(count_t p) { return result_type(static_cast<result_type>(p) & mask); }
    static constexpr result_type hi(count_t p, result_type other, result_type key) {
        return result_type((static_cast<result_type>(p >> w) ^ other ^ key) & mask);
    }
    // Z = Z + by (mod 2^(nw)), by < 2^64, carrying word to word.
    static constexpr void increment(std::array<result_type, n>& x, unsigned long long by) {
        count_t carry = by;
        for (std::size_t j = 0; j < n && carry != 0; ++j) {
            const count_t sum = static_cast<count_t>(x[j]) + carry;
            x[j] = result_type(static_cast<result_type>(sum) & mask);
            carry = sum >> w;
        }
    }
    static constexpr void decrement(std::array<result_type, n>& x) {
        for (std::size_t j = 0; j < n; ++j) {
            const bool borrow = x[j] == 0;
            x[j] = result_type((x[j] - 1) & mask);
            if (!borrow) return;
        }
    }

    std::array<result_type, n> x_{};
    std::array<result_type, pairs> k_{};
    std::array<result_type, n> y_{};
    std::size_t i_ = n - 1;
};

// The standard's two ([rand.predef]): the multipliers and round constants of
// Random123, ten rounds.
using philox4x32 = philox_engine<std::uint_fast32_t, 32, 4, 10, 0xD2511F53, 0x9E3779B9, 0xCD9E8D57, 0xBB67AE85>;
using philox4x64 = philox_engine<std::uint_fast64_t, 64, 4, 10, 0xD2E7470EE14C6C93, 0x9E3779B97F4A7C15, 0xCA5A826395121157,
                                 0xBB67AE8584CAA73B>;

}  // namespace rollplan
