// rollplan/detail/alias_table.hpp: the exact alias table of integer weights
// (Walker 1977; Vose 1991's construction, in integers) and one uniform slot
// of it from a source, in two multiplications on an engine word. One table
// serves each level of discrete_distribution's weights (levels.hpp).
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "../distribution.hpp"
#include "../sample.hpp"
#include "integer.hpp"

namespace rollplan::detail {

// The exact alias table (Walker 1977; Vose 1991's construction, in integers):
// weight i scaled to s_i = W_i·n/g (g = gcd(n, W)), n columns of capacity
// C = W/g, Σ s_i = n·C. Column j keeps the thresholds below keep[j] for
// outcome j and gives the rest, C − keep[j], to alias[j].
// Invariant: the construction moves exactly s_l of a column's C to l and
// C − s_l from the outcome h it takes them from, so outcome i owns exactly s_i
// of the n·C slots (column j, threshold r): a uniform slot gives i with
// probability s_i / (n·C) = W_i / W.
// Templates on the index type only so that a translation unit that makes no
// table compiles none of it (Clang instantiates what a non-dependent body uses).
template <class Index = std::uint32_t>
struct alias_column {
    std::uint64_t keep;
    Index alias;
};
template <class Index = std::uint32_t>
struct alias_table {
    std::vector<alias_column<Index>> column;  // keep and alias side by side: one cache line per draw
    count_t columns = 0;   // n
    count_t capacity = 0;  // C, at most 2^64
    count_t slots = 0;     // n·C
    std::size_t certain = 0;  // the one outcome of positive weight, or n when there are several
    // What a draw reads, computed once: n and C in 64 bits (C when the slots fit in 2^64; then
    // C < 2^63, as n >= 2), whether the slots fit in 2^32 and in 2^64, and L mod n·C for those
    // words L (the threshold of Lemire's map)
    std::uint64_t columns_64 = 0, capacity_64 = 0;
    bool fits_32 = false, fits_64 = false;
    std::uint64_t low_bound_32 = 0, low_bound_64 = 0;

    // The outcome of slot (column j, threshold r < C); j < n, a size_t (also where size_t has 32 bits).
    constexpr std::size_t outcome(std::uint64_t j, count_t threshold) const {
        const auto index = static_cast<std::size_t>(j);
        const alias_column<Index>& c = column[index];
        return threshold < c.keep ? index : c.alias;
    }
};

// A template, so that a translation unit that makes no table does not compile it.
template <class Weights>
alias_table<typename Weights::index_type> make_alias_table(const Weights& w) {
    alias_table<typename Weights::index_type> t;
    const std::size_t n = w.values.size();
    t.columns = n;
    t.certain = n;
    for (std::size_t i = 0; i < n; ++i)
        if (w.values[i] == w.total) t.certain = i;
    const count_t g = gcd(count_t{n}, w.total);
    t.capacity = w.total / g;
    const count_t per_weight = count_t{n} / g;
    std::vector<count_t> scaled(n);
    std::vector<std::uint32_t> small, large;
    t.column.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        scaled[i] = count_t{w.values[i]} * per_weight;
        t.column[i] = {0, static_cast<std::uint32_t>(i)};
        if (scaled[i] < t.capacity)
            small.push_back(static_cast<std::uint32_t>(i));
        else if (scaled[i] > t.capacity)
            large.push_back(static_cast<std::uint32_t>(i));
        else
            t.column[i].keep = ~std::uint64_t{0};  // a full column: every threshold is below it
    }
    // Σ over both lists is C times their size, so they empty together
    while (!small.empty() && !large.empty()) {
        const std::uint32_t l = small.back(), h = large.back();
        small.pop_back();
        t.column[l] = {static_cast<std::uint64_t>(scaled[l]), h};
        scaled[h] -= t.capacity - scaled[l];
        if (scaled[h] <= t.capacity) {
            large.pop_back();
            if (scaled[h] < t.capacity)
                small.push_back(h);
            else
                t.column[h].keep = ~std::uint64_t{0};
        }
    }
    if (!small.empty() || !large.empty()) fail<std::logic_error>("rollplan: the alias table does not balance");
    t.slots = t.columns * t.capacity;
    t.columns_64 = static_cast<std::uint64_t>(n);
    t.fits_32 = t.slots <= (count_t{1} << 32);
    t.fits_64 = t.slots <= two_to_64;
    if (t.fits_64 && n >= 2) t.capacity_64 = static_cast<std::uint64_t>(t.capacity);
    if (t.fits_32) t.low_bound_32 = static_cast<std::uint64_t>((count_t{1} << 32) % t.slots);
    if (t.fits_64) t.low_bound_64 = static_cast<std::uint64_t>(two_to_64 % t.slots);
    return t;
}

// One slot of the table, uniform on [0, n·C): the value u of the default
// plan for n·C values (uniform_count), as (⌊u/C⌋, u mod C). Where that plan
// is Lemire's map scale<D, n·C> on L = K^j values (one word, or two 32-bit
// words), it is computed as two multiplications instead of one and a
// division: v·n = j·L + l1 and l1·C = r·L + l2 give v·n·C = (j·C + r)·L + l2,
// so j and r are ⌊u/C⌋ and u mod C of u = ⌊v·n·C/L⌋, and l2 = v·n·C mod L
// decides acceptance as scale does (l2 >= L mod n·C, computed once with the
// table). Every table of discrete_distribution has at most 2^64 slots
// (levels.hpp); exactly 2^64 on a source that is not a 2^32- or 2^64-faced
// word are drawn by the full-range plan.
struct slot {
    std::uint64_t column;
    count_t threshold;
};
// The slots that no single word's map draws: by uniform_count on n·C below
// 2^64, else by the full-range plan. Out of line: rare on engine words.
template <class S, class Table>
[[gnu::noinline]] constexpr slot uniform_slot_otherwise(S& s, const Table& t) {
    const auto cap = static_cast<std::uint64_t>(t.capacity);  // C < 2^64: n >= 2 columns share at most 2^64 slots
    const std::uint64_t u = t.slots < two_to_64 ? uniform_count(s, static_cast<std::uint64_t>(t.slots), whole_range_plan{})
                                                : whole_range_plan{}(s);
    return {u / cap, count_t{u % cap}};
}
template <class S, class Table>
[[gnu::always_inline]] constexpr slot uniform_slot(S& s, const Table& t) {
    using source_die = typename std::remove_cvref_t<S>::die_type;
    constexpr count_t K = source_die::faces;
    if constexpr (is_engine_word(K)) {
        digits_of<source_handle<S&>> roll{s};
        const std::uint64_t m = t.columns_64, cap = t.capacity_64;
        if constexpr (K == (count_t{1} << 32)) {
            if (t.fits_32) {  // one word, in 64-bit products
                const std::uint64_t bound = t.low_bound_32;
                for (;;) {
                    const std::uint64_t first = roll() * m, second = (first & 0xffffffffu) * cap;
                    if ((second & 0xffffffffu) >= bound) return {first >> 32, count_t{second >> 32}};
                }
            }
            if (t.fits_64) {  // two words, the first the high half
                const std::uint64_t bound = t.low_bound_64;
                for (;;) {
                    const std::uint64_t high = roll(), v = high << 32 | roll();
                    const count_t first = count_t{v} * m, second = count_t{static_cast<std::uint64_t>(first)} * cap;
                    if (static_cast<std::uint64_t>(second) >= bound) return {static_cast<std::uint64_t>(first >> 64), second >> 64};
                }
            }
        } else if constexpr (K == two_to_64) {
            if (t.fits_64) [[likely]] {
                const std::uint64_t bound = t.low_bound_64;
                for (;;) {
                    const count_t first = count_t{roll()} * m, second = count_t{static_cast<std::uint64_t>(first)} * cap;
                    if (static_cast<std::uint64_t>(second) >= bound) return {static_cast<std::uint64_t>(first >> 64), second >> 64};
                }
            }
        } else {
            if (t.slots <= K) {  // one word of another power of two: L = K
                const count_t bound = K % t.slots;
                for (;;) {
                    const count_t first = count_t{roll()} * m, second = (first % K) * cap;
                    if (second % K >= bound) return {static_cast<std::uint64_t>(first / K), second / K};
                }
            }
        }
    }
    return uniform_slot_otherwise(s, t);
}

}  // namespace rollplan::detail
