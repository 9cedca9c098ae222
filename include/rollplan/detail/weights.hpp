// rollplan/detail/weights.hpp: the arithmetic of loaded dice, one implementation
// for running (sample.hpp), analysing (analysis.hpp, optimum.hpp) and
// describing (describe.hpp) the loaded nodes of plan.hpp.
//
// Weights come as an accessor weight(i) for i < n, with total W = ΣW_i in
// [1, 2^64]: a plan type's weights sit in a constant array, a description's
// in its weight nodes, and both are read through the same functions.
#pragma once

#include "config.hpp"

#include <cstddef>

#include "integer.hpp"
#include "residues.hpp"

namespace rollplan::detail {

// cut: the outcome whose interval [c_i, c_i + W_i) holds v < W, given the
// ends c_1, …, c_n of the intervals (ascending; equal where a weight is 0):
// the number of the ends c_1 … c_{n−1} at or below v, by a binary search
// without branches on the data (Khuong & Morin's layout-free form: the
// half kept is chosen by a conditional move, which a random v cannot
// mispredict).
template <class End>
constexpr std::size_t outcome_at(const End* ends, std::size_t n, count_t v) {
    std::size_t count = n - 1;
    if (count == 0) return 0;
    const End* base = ends;
    while (count > 1) {
        const std::size_t half = count / 2;
        base = base[half] <= v ? base + half : base;
        count -= half;
    }
    return static_cast<std::size_t>(base - ends) + (*base <= v ? 1 : 0);
}

// A loaded die as its running sums c_1, …, c_n = W (count_t, or 64-bit
// words where W < 2^64), its certain outcome (the one weight that is W; n
// when none is) and W: what a draw that cuts a uniform value reads
// (entropy_pool::draw(d)).
template <class End = count_t>
struct loaded_view {
    const End* ends;
    std::size_t size;
    std::size_t certain;
    count_t whole;
    constexpr count_t total() const { return whole; }
    constexpr count_t begin_of(std::size_t i) const { return i == 0 ? 0 : count_t{ends[i - 1]}; }
    constexpr count_t end_of(std::size_t i) const { return count_t{ends[i]}; }
};

// The weight that is the whole total, if any (all others are 0): a leaf of
// the Knuth–Yao tree at depth 0, the outcome before any roll. n when none is.
template <class Weight>
constexpr std::size_t certain_outcome(std::size_t n, count_t total, Weight weight) {
    for (std::size_t i = 0; i < n; ++i)
        if (weight(i) == total) return i;
    return n;
}

// knuth_yao: with share = K^k mod W, outcome i's residue K^k·W_i mod W and its
// leaves at depth k + 1, the digit ⌊K·(K^k·W_i mod W) / W⌋ of W_i / W.
// share and W_i mod W are below 2^64, and so is the residue: every product fits.
constexpr count_t weight_residue(count_t share, count_t weight, count_t total) { return share * (weight % total) % total; }
constexpr count_t knuth_yao_leaves(count_t share, count_t weight, count_t total, count_t radix) {
    return radix * weight_residue(share, weight, total) / total;
}

// U_k = Σ_i (K^k·W_i mod W) / W: the inner nodes at depth k, which is the
// number of the K^k sequences of k rolls that the tree leaves unfinished.
template <class Weight>
constexpr count_t knuth_yao_unfinished(count_t share, std::size_t n, count_t total, Weight weight) {
    if (certain_outcome(n, total, weight) != n) return 0;
    count_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += weight_residue(share, weight(i), total);
    return sum / total;  // Σ_i K^k·W_i = K^k·W: the residues add up to a multiple of W
}

// One walk down the Knuth–Yao tree (the knuth_yao node, plan.hpp): roll()
// gives a digit in [0, K). X stays below U_k <= n, so X·K + roll() fits.
template <class Weight, class Roll>
constexpr std::size_t knuth_yao_walk(std::size_t n, count_t total, count_t radix, Weight weight, Roll roll) {
    if (const std::size_t certain = certain_outcome(n, total, weight); certain != n) return certain;
    count_t x = 0, share = 1;  // W >= 2 here
    for (;;) {
        x = x * radix + roll();
        for (std::size_t i = 0; i < n; ++i) {
            const count_t leaves = knuth_yao_leaves(share, weight(i), total, radix);
            if (x < leaves) return i;
            x -= leaves;
        }
        share = next_residue(share, radix, total);
    }
}

// Σ_k U_k / K^k in double: the tree's expected rolls, for choosing plans and
// for when the exact sum (optimum.hpp) needs more than 128 bits. Terms are
// added until they cannot change the sum (U_k < n).
template <class Weight>
constexpr double knuth_yao_rolls_estimate(std::size_t n, count_t total, count_t radix, Weight weight) {
    double sum = 0, scale = 1;
    count_t share = 1 % total;
    for (int k = 0; k < 4000 && scale > 1e-30; ++k) {
        const count_t unfinished = knuth_yao_unfinished(share, n, total, weight);
        if (unfinished == 0) break;
        sum += static_cast<double>(unfinished) * scale;
        share = next_residue(share, radix, total);
        scale /= static_cast<double>(radix);
    }
    return sum;
}

}  // namespace rollplan::detail
