// rollplan/batch.hpp: several values from one engine word.
//
// A value uniform on [0, b1·b2·…·bk) is k independent values, uniform on
// [0, b1), …, [0, bk): its mixed-radix digits (the invariant of mixed_radix,
// read backwards). scale<D, B> with B = ∏ bi gives such a value from one draw
// of D (|D| = L, at most 2^64), and the multiplication chain of
// Brackett-Rozinsky & Lemire ("Batched ranged random integer generation",
// Software: Practice and Experience, 2024) reads its digits without a
// division: with r0 = v and r(i−1)·bi = hi·L + ri, the digits of
// ⌊v·B/L⌋ are h1 (the most significant) … hk, and rk = v·B mod L is the low
// part that scale compares with L mod B. So a batch is exactly the scale
// node on B, and its values are exactly uniform and independent.
#pragma once

#include "config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "integer.hpp"

namespace rollplan {

inline constexpr std::size_t max_batch = 64;  // 2^64 = 2^64: 64 coins from one 64-bit word

namespace detail {

// L mod b for b < 2^64: the division of the nearly divisionless method, out
// of line, since it is rare.
template <count_t L>
[[gnu::noinline]] constexpr std::uint64_t range_mod(std::uint64_t b) {
    if constexpr (L == two_to_64) {
        const std::uint64_t rest = 0 - b;  // 2^64 − b: already below b when b > 2^63
        return rest < b ? rest : rest % b;
    } else
        return static_cast<std::uint64_t>(L % b);
}

// One link of the chain: rest·bound = digit·L + rest', with rest < L <= 2^64
// and bound < 2^64; returns the digit and keeps rest'.
template <count_t L>
[[gnu::always_inline]] constexpr std::uint64_t chain_step(std::uint64_t& rest, std::uint64_t bound) {
    using wide = std::conditional_t<(L <= (count_t{1} << 32)), std::uint64_t, count_t>;
    const wide p = static_cast<wide>(rest) * static_cast<wide>(bound);
    rest = static_cast<std::uint64_t>(p % static_cast<wide>(L));
    return static_cast<std::uint64_t>(p / static_cast<wide>(L));
}

// A batch of K values in [0, N) from one word v of L values, N and K
// constants: scale<D, N^K>, whose low part v·N^K mod L is compared with
// L mod N^K first (one multiplication by a constant); the digits of an
// accepted v come from the chain above, cut into up to four shorter chains
// that the processor runs side by side: the chain's i-th rest is
// r_i = v·N^i mod L, so a chain may start at any i.
template <count_t L, std::uint64_t N, std::size_t K>
struct digit_batch {
    static_assert(K >= 1 && K <= max_batch);
    using wide = std::conditional_t<(L <= (count_t{1} << 32)), std::uint64_t, count_t>;
    static constexpr count_t product = power_or_zero(N, static_cast<unsigned>(K));
    static_assert(product >= 2 && product <= L, "rollplan: a batch needs N^K <= L");
    static constexpr count_t low_bound = L % product;
    static constexpr std::size_t chains = K < 4 ? K : 4;
    static constexpr bool bit_fields = (N & (N - 1)) == 0 && (L & (L - 1)) == 0;
    static constexpr unsigned log2_of(count_t x) {
        unsigned b = 0;
        while (x > 1) x >>= 1, ++b;
        return b;
    }
    static constexpr unsigned log2_N = log2_of(N), log2_L = log2_of(L);
    static constexpr std::size_t chain_length = (K + chains - 1) / chains;
    // N^i mod L, the multiplier that gives r_i from v
    static constexpr wide multiplier(std::size_t i) {
        count_t m = 1;
        for (std::size_t j = 0; j < i; ++j) m = m * N % L;
        return static_cast<wide>(m);
    }
    static constexpr bool accepts(std::uint64_t v) {
        return static_cast<wide>(v) * multiplier(K) % static_cast<wide>(L) >= low_bound;
    }
    // The K digits of ⌊v·N^K/L⌋, the most significant first, to digit(i, value).
    // When N and L are powers of two the digits are bit fields of v, read
    // straight off (what the chain computes, without its multiplications).
    template <class Digit>
    static constexpr void digits(std::uint64_t v, Digit digit) {
        if constexpr (bit_fields) {
            [&]<std::size_t... I>(std::index_sequence<I...>) {
                (digit(I, (v >> (log2_L - (I + 1) * log2_N)) & (N - 1)), ...);
            }(std::make_index_sequence<K>{});
        } else {
            [&]<std::size_t... C>(std::index_sequence<C...>) {
                (chain<C * chain_length>(v, digit), ...);
            }(std::make_index_sequence<chains>{});
        }
    }

private:
    template <std::size_t Start, class Digit>
    static constexpr void chain(std::uint64_t v, Digit& digit) {
        if constexpr (Start < K) {
            std::uint64_t rest = static_cast<std::uint64_t>(static_cast<wide>(v) * multiplier(Start) % static_cast<wide>(L));
            [&]<std::size_t... I>(std::index_sequence<I...>) {
                ((Start + I < K ? digit(Start + I, chain_step<L>(rest, N)) : void()), ...);
            }(std::make_index_sequence<chain_length>{});
        }
    }
};

// The size of a batch of values in [0, n) from one word of L values: the k
// with n^k <= L that gives the most accepted values per word,
// k·(L − L mod n^k)/L (the fewest words per value), the smallest such k.
constexpr std::size_t batch_size(count_t n, count_t range) {
    std::size_t best = 1;
    count_t best_score = range - range % n;  // k·(L − L mod n^k), for k = 1
    count_t power = n;
    for (std::size_t k = 2; k <= max_batch && power <= range / n; ++k) {
        power *= n;
        const count_t score = count_t{k} * (range - range % power);
        if (score > best_score) {
            best = k;
            best_score = score;
        }
    }
    return best;
}

inline constexpr std::size_t max_index_batch = 6;

// The largest x with x^k <= bound.
constexpr count_t integer_root(count_t bound, unsigned k) {
    // bound <= 2^64 here, so x <= 2^(64/k)
    count_t low = 1, high = k == 1 ? bound : count_t{1} << (64 / k + 1);
    while (low < high) {  // the largest x with x^k <= bound lies in [low, high]
        const count_t middle = low + (high - low + 1) / 2;
        const count_t power = power_or_zero(middle, k);
        if (power != 0 && power <= bound)
            low = middle;
        else
            high = middle - 1;
    }
    return low;
}

// Index batches (shuffle, sampling): the bounds i, i − 1, …, i − k + 1 take
// one word of L values together, k = the largest k <= 6 with i^k <= L/2^8
// (i's zone), so that the threshold L mod ∏ bounds, computed at run time, is
// needed (the low part below the product) at most once in 2^8 words.
// largest_bound[k] is the largest i for k.
template <count_t L>
inline constexpr auto largest_bound = [] {
    std::array<std::uint64_t, max_index_batch + 2> table{};  // table[7] = 0: no batch of 7
    for (unsigned k = 1; k <= max_index_batch; ++k) table[k] = static_cast<std::uint64_t>(integer_root(L >> 8, k));
    return table;
}();

// One word for K indices j_t uniform on [0, bound − t), t = 0 … K − 1:
// scale<D, B> with B = ∏ (bound − t) < L/2^8, its low part v·B mod L
// compared with L mod B (computed, with a division, only when the low part is
// below B). The indices are then read by the chain, the first the most
// significant (chain_step).
template <count_t L, std::size_t K, class Word>
[[gnu::always_inline]] constexpr std::uint64_t index_batch_word(Word& word, std::uint64_t bound) {
    using wide = std::conditional_t<(L <= (count_t{1} << 32)), std::uint64_t, count_t>;
    std::uint64_t product = bound;
#pragma GCC unroll 8
    for (std::size_t t = 1; t < K; ++t) product *= bound - t;  // below L/2^8 <= 2^56
    for (;;) {
        const std::uint64_t v = word();
        const auto low = static_cast<std::uint64_t>(static_cast<wide>(v) * product % static_cast<wide>(L));
        if (low >= product || low >= range_mod<L>(product)) return v;
    }
}

}  // namespace detail
}  // namespace rollplan
