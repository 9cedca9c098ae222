// rollplan/detail/batch.hpp: several values from one engine word.
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
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "error.hpp"
#include "integer.hpp"

namespace rollplan::detail {

inline constexpr std::size_t max_batch = 64;  // 2^64 = 2^64: 64 coins from one 64-bit word


// L mod b out of line: the index batches need it once in 2^8 words or less.
template <count_t L>
[[gnu::noinline]] constexpr std::uint64_t rare_range_mod(std::uint64_t b) {
    return range_mod<L>(b);
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

// N^i mod L, the multiplier that gives the chain's i-th rest r_i = v·N^i mod L.
template <count_t L>
constexpr count_t chain_multiplier(std::uint64_t n, std::size_t i) {
    count_t m = 1;
    for (std::size_t j = 0; j < i; ++j) m = m * n % L;
    return m;
}

// The size of a batch of values in [0, n) from one word of L values: the k
// with n^k <= L that gives the most accepted values per word,
// k·(L − L mod n^k)/L (the fewest words per value), the smallest such k.
// It runs at run time too, once per call of generate with run-time bounds, so
// it goes down from the largest k and stops once k·L, above any k's score,
// is below the best; and it divides only in 64 bits (L mod n^k, by range_mod
// for L = 2^64), never by a 128-bit division.
constexpr std::size_t batch_size(count_t n, count_t range) {
    std::array<count_t, max_batch + 1> power{};  // power[k] = n^k, for the k with n^k <= range
    std::size_t k = 1;
    power[1] = n;
    while (k < max_batch && power[k] * n <= range) power[k + 1] = power[k] * n, ++k;  // below 2^128
    std::size_t best = 1;
    count_t best_score = 0;
    for (; k >= 1; --k) {
        if (count_t{k} * range < best_score) break;
        const auto p = static_cast<std::uint64_t>(power[k]);  // below 2^64 unless it is the range
        const count_t rest = power[k] == range   ? 0
                             : range == two_to_64 ? range_mod<two_to_64>(p)
                                                  : static_cast<std::uint64_t>(range) % p;
        const count_t score = count_t{k} * (range - rest);
        if (score >= best_score) best = k, best_score = score;  // on a tie the smaller k
    }
    return best;
}

// The test of a batch of k values in [0, n) from one word v of L values
// (n^k <= L): scale<D, n^k> accepts v when its low part v·n^k mod L is at
// least L mod n^k (one multiplication).
template <count_t L>
class batch_test {
public:
    // v·m for v, m < L <= 2^64; every constant of the batch is below L
    using wide = std::conditional_t<(L <= (count_t{1} << 32)), std::uint64_t, count_t>;

    constexpr batch_test(std::uint64_t n, std::size_t k) {
        // n^k by multiplications, each below 2^128 while the power stays within L <= 2^64
        count_t product = 1;
        for (std::size_t i = 0; i < k && product <= L; ++i) product *= n;
        if (k < 1 || k > max_batch || product < 2 || product > L)
            fail<std::invalid_argument>("rollplan: a batch needs 1 <= k <= 64 and 2 <= n^k <= L", "n", n, "k", k);
        // L mod n^k in 64 bits (n^k < L here unless equal)
        low_bound_ = product == L ? 0 : range_mod<L>(static_cast<std::uint64_t>(product));
        multiplier_ = static_cast<std::uint64_t>(product % L);
    }
    constexpr bool accepts(std::uint64_t v) const { return mul_mod(v, multiplier_) >= low_bound_; }
    // v·m mod L
    static constexpr std::uint64_t mul_mod(std::uint64_t v, std::uint64_t m) {
        return static_cast<std::uint64_t>(static_cast<wide>(v) * m % static_cast<wide>(L));
    }

private:
    std::uint64_t low_bound_ = 0, multiplier_ = 0;
};

// A batch of k values in [0, n) from one word v of L values (n^k <= L):
// batch_test, then the digits of an accepted v from the chain above, cut in
// four chains that the processor runs side by side (a chain may start at any
// i: its first rest is r_i = v·n^i mod L). This is the batch for n and k
// known at run time (generate with run-time bounds, for the sizes it does
// not unroll); sized_digit_batch below is the same batch with k a constant,
// its chains unrolled.
template <count_t L>
class digit_batch_of {
public:
    constexpr digit_batch_of(std::uint64_t n, std::size_t k) : n_(n), k_(k), test_(n, k) {
        // min(k, 4) chains of length_ digits, the first `longer_` one longer
        chains_ = k < 4 ? k : 4;
        length_ = k / chains_;
        longer_ = k % chains_;
        for (std::size_t c = 1, at = length_ + (longer_ > 0 ? 1 : 0); c < 4; ++c) {
            if (c >= chains_) {
                start_[c] = k;  // no chain: nothing is written from it
                continue;
            }
            start_[c] = at;
            start_multiplier_[c] = static_cast<std::uint64_t>(chain_multiplier<L>(n, at));
            at += length_ + (c < longer_ ? 1 : 0);
        }
    }
    constexpr std::size_t size() const { return k_; }
    constexpr bool accepts(std::uint64_t v) const { return test_.accepts(v); }
    // The k digits of ⌊v·n^k/L⌋ to digit(i, value), each digit once (in the
    // order the chains run, not by i).
    template <class Digit>
    [[gnu::always_inline]] constexpr void digits(std::uint64_t v, Digit digit) const {
        const std::uint64_t n = n_;
        const std::size_t length = length_, s1 = start_[1], s2 = start_[2], s3 = start_[3];
        std::uint64_t r0 = v, r1 = test_.mul_mod(v, start_multiplier_[1]), r2 = test_.mul_mod(v, start_multiplier_[2]),
                      r3 = test_.mul_mod(v, start_multiplier_[3]);
        switch (chains_) {
            case 4:
                for (std::size_t j = 0; j < length; ++j) {
                    digit(j, chain_step<L>(r0, n));
                    digit(s1 + j, chain_step<L>(r1, n));
                    digit(s2 + j, chain_step<L>(r2, n));
                    digit(s3 + j, chain_step<L>(r3, n));
                }
                break;
            case 3:  // k = 3: a digit each
                digit(0, chain_step<L>(r0, n));
                digit(s1, chain_step<L>(r1, n));
                digit(s2, chain_step<L>(r2, n));
                return;
            case 2:  // k = 2
                digit(0, chain_step<L>(r0, n));
                digit(s1, chain_step<L>(r1, n));
                return;
            default:  // k = 1
                digit(0, chain_step<L>(r0, n));
                return;
        }
        // the longer chains' last digits
        const std::size_t longer = longer_;
        if (longer > 0) digit(length, chain_step<L>(r0, n));
        if (longer > 1) digit(s1 + length, chain_step<L>(r1, n));
        if (longer > 2) digit(s2 + length, chain_step<L>(r2, n));
    }

private:
    std::uint64_t n_;
    std::size_t k_, chains_ = 1, length_ = 0, longer_ = 0;
    batch_test<L> test_;
    std::array<std::size_t, 4> start_{};
    std::array<std::uint64_t, 4> start_multiplier_{};
};

// The batch of digit_batch_of with its size K a constant and n known at run
// time (generate with run-time bounds, the sizes min_unrolled_batch …
// max_unrolled_batch):
// batch_test, and the digits read by chains of ⌈K/4⌉ digits, at most four
// (the last shorter, or none: K = 5 and 6 take three), unrolled as
// digit_batch's, their first rests from multipliers computed once.
template <count_t L, std::size_t K>
class sized_digit_batch {
public:
    static_assert(K >= 1 && K <= max_batch);
    static constexpr std::size_t chains = K < 4 ? K : 4;
    static constexpr std::size_t chain_length = (K + chains - 1) / chains;

    constexpr explicit sized_digit_batch(std::uint64_t n) : n_(n), test_(n, K) {
        for (std::size_t c = 1; c < chains && c * chain_length < K; ++c)
            start_multiplier_[c] = static_cast<std::uint64_t>(chain_multiplier<L>(n, c * chain_length));
    }
    static constexpr std::size_t size() { return K; }
    constexpr bool accepts(std::uint64_t v) const { return test_.accepts(v); }
    // The K digits of ⌊v·n^K/L⌋ to digit(i, value), the most significant
    // i = 0, each digit once (in the order the chains run, not by i).
    template <class Digit>
    [[gnu::always_inline]] constexpr void digits(std::uint64_t v, Digit digit) const {
        [&]<std::size_t... C>(std::index_sequence<C...>) {
            (chain<C>(v, digit), ...);
        }(std::make_index_sequence<chains>{});
    }

private:
    template <std::size_t C, class Digit>
    [[gnu::always_inline]] constexpr void chain(std::uint64_t v, Digit& digit) const {
        constexpr std::size_t start = C * chain_length;
        if constexpr (start < K) {
            std::uint64_t rest = C == 0 ? v : batch_test<L>::mul_mod(v, start_multiplier_[C]);
            const std::uint64_t n = n_;
            [&]<std::size_t... I>(std::index_sequence<I...>) {
                ((start + I < K ? digit(start + I, chain_step<L>(rest, n)) : void()), ...);
            }(std::make_index_sequence<chain_length>{});
        }
    }
    std::uint64_t n_;
    batch_test<L> test_;
    std::array<std::uint64_t, chains> start_multiplier_{};
};

// The batch sizes that generate with run-time bounds unrolls (a
// sized_digit_batch each): from 4, the first size whose digits digit_batch_of
// reads in a loop, to 8, past which that loop's cost per word is shared by 9
// values or more. (With n = 10^3 and 2^16 on a 64-bit word, sizes 6 and 4:
// 1.33× and 1.36× faster unrolled with Clang 16, 1.12× and 1.15× with GCC 12;
// the five sizes cost about 0.25 s of compile time at -O2 for each
// instantiation of generate with run-time bounds.)
inline constexpr std::size_t min_unrolled_batch = 4, max_unrolled_batch = 8;

// With k a batch size (k >= 2): f.template operator()<k>() when k is one of
// the unrolled sizes, else f.template operator()<0>() (the batch with k
// known at run time).
template <std::size_t K = min_unrolled_batch, class F>
[[gnu::always_inline]] constexpr decltype(auto) batch_size_dispatch(std::size_t k, F&& f) {
    if constexpr (K <= max_unrolled_batch) {
        if (k == K) return std::forward<F>(f).template operator()<K>();
        return batch_size_dispatch<K + 1>(k, std::forward<F>(f));
    } else {
        return std::forward<F>(f).template operator()<0>();
    }
}

// The batch of K values in [0, N) with N and K constants: batch_test, and
// sized_digit_batch's chains with every multiplier and N a constant of the
// chain itself. (Read through a sized_digit_batch object instead, GCC 12
// keeps the output iterator in memory behind a flag and spends 2–9% more
// instructions a value: measured by callgrind on N = 6 … 1000.)
template <count_t L, std::uint64_t N, std::size_t K>
struct digit_batch {
    static_assert(K >= 1 && K <= max_batch);
    using wide = typename batch_test<L>::wide;
    static constexpr count_t product = power_or_zero(N, static_cast<unsigned>(K));
    static_assert(product >= 2 && product <= L, "rollplan: a batch needs N^K <= L");
    static constexpr batch_test<L> test{N, K};
    static constexpr std::size_t chains = sized_digit_batch<L, K>::chains;
    static constexpr std::size_t chain_length = sized_digit_batch<L, K>::chain_length;
    static constexpr bool bit_fields = (N & (N - 1)) == 0 && (L & (L - 1)) == 0;
    static constexpr unsigned log2_of(count_t x) {
        unsigned b = 0;
        while (x > 1) x >>= 1, ++b;
        return b;
    }
    static constexpr unsigned log2_N = log2_of(N), log2_L = log2_of(L);
    static constexpr std::size_t size() { return K; }
    static constexpr bool accepts(std::uint64_t v) { return test.accepts(v); }
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
            constexpr wide multiplier = static_cast<wide>(chain_multiplier<L>(N, Start));
            std::uint64_t rest = static_cast<std::uint64_t>(static_cast<wide>(v) * multiplier % static_cast<wide>(L));
            [&]<std::size_t... I>(std::index_sequence<I...>) {
                ((Start + I < K ? digit(Start + I, chain_step<L>(rest, N)) : void()), ...);
            }(std::make_index_sequence<chain_length>{});
        }
    }
};

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
        if (low >= product || low >= rare_range_mod<L>(product)) return v;
    }
}

}  // namespace rollplan::detail
