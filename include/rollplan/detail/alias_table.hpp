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
    // C < 2^63, as n >= 2), and for the slots S = n·C <= 2^64 of engine words 2^64 − S and
    // ⌊S/2^32⌋ + 1 (slot_outcome)
    std::uint64_t columns_64 = 0, capacity_64 = 0;
    std::uint64_t room_64 = 0, span_32 = 0;

    // The outcome of slot (column j, threshold r < C); j < n, a size_t (also where size_t has 32 bits).
    constexpr std::size_t outcome(std::uint64_t j, count_t threshold) const {
        const auto index = static_cast<std::size_t>(j);
        const alias_column<Index>& c = column[index];
        return threshold < c.keep ? index : c.alias;
    }
};

// A full column keeps C (every threshold is below it; C = 2^64 only for one column).
constexpr std::uint64_t full_keep(count_t capacity) {
    return capacity < two_to_64 ? static_cast<std::uint64_t>(capacity) : ~std::uint64_t{0};
}

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
            t.column[i].keep = full_keep(t.capacity);  // a full column: every threshold is below it
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
                t.column[h].keep = full_keep(t.capacity);
        }
    }
    if (!small.empty() || !large.empty()) fail<std::logic_error>("rollplan: the alias table does not balance");
    t.slots = t.columns * t.capacity;
    t.columns_64 = static_cast<std::uint64_t>(n);
    if (t.slots <= two_to_64) {
        if (n >= 2) t.capacity_64 = static_cast<std::uint64_t>(t.capacity);
        t.room_64 = static_cast<std::uint64_t>(two_to_64 - t.slots);
        t.span_32 = static_cast<std::uint64_t>(t.slots >> 32) + 1;
    }
    return t;
}

// A column's outcome for a uniform slot of the table, u on [0, n·C):
// column j = ⌊u/C⌋ with threshold r = u mod C gives j if r < keep_j, else
// alias_j. The slot line [0, n·C) is thus cut into segments, each column's
// [j·C, j·C + keep_j) (outcome j) and [j·C + keep_j, (j + 1)·C) (alias_j).
//
// On engine words (K = 2^32 or 2^64 faces) the slot is ⌊U·n·C⌋ for the
// uniform real U = Σ d_t·K^−t whose digits are the words, and the words are
// read only until every U that begins with them gives one outcome
// (docs/spec.md, section 4): there is no rejection, and one word decides
// all but at most 2n/2^64 (64-bit words) or 2n/2^32 (32-bit words) of the
// draws (U's interval of width K^−1 must hold one of the 2n segment ends). Invariant: ⌊U·n·C⌋ of a uniform real U is uniform on [0, n·C)
// (each slot is an interval of U of length 1/(n·C)), and stopping once the
// outcome is the same on the whole interval of U that the digits leave
// changes no outcome. A 64-bit value v of U's first 64 bits is split by two
// multiplications instead of a division: v·n = j·2^64 + l1 and
// l1·C = r·2^64 + l2 give v·n·C = (j·C + r)·2^64 + l2, so ⌊v·n·C/2^64⌋ is
// the slot of column j and threshold r, and l2/2^64 is how far into it v·S/2^64 lies.
//
// Other sources draw u = uniform_below(n·C) (the default plan for n·C
// values; exactly 2^64 slots: the full-range plan). Every table of
// discrete_distribution has at most 2^64 slots (levels.hpp).
struct slot {
    std::uint64_t column;
    count_t threshold;
};
// The slots that no single word's map draws: by uniform_count on n·C below
// 2^64, else by the full-range plan.
template <class S, class Table>
[[gnu::noinline]] constexpr slot uniform_slot_otherwise(S& s, const Table& t) {
    const auto cap = static_cast<std::uint64_t>(t.capacity);  // C < 2^64: n >= 2 columns share at most 2^64 slots
    const std::uint64_t u = t.slots < two_to_64 ? uniform_count(s, static_cast<std::uint64_t>(t.slots), whole_range_plan{})
                                                : whole_range_plan{}(s);
    return {u / cap, count_t{u % cap}};
}
// A uniform slot on a source that is not a 32- or 64-bit word.
template <class S, class Table>
[[gnu::always_inline]] constexpr slot uniform_slot(S& s, const Table& t) {
    using source_die = typename std::remove_cvref_t<S>::die_type;
    constexpr count_t K = source_die::faces;
    if constexpr (is_engine_word(K)) {
        if (t.slots <= K) {  // one word of a power of two: Lemire's map, L = K
            digits_of<source_handle<S&>> roll{s};
            const std::uint64_t m = t.columns_64, cap = t.capacity_64;
            const count_t bound = K % t.slots;
            for (;;) {
                const count_t first = count_t{roll()} * m, second = (first % K) * cap;
                if (second % K >= bound) return {static_cast<std::uint64_t>(first / K), second / K};
            }
        }
    }
    return uniform_slot_otherwise(s, t);
}

// The outcome of the slot x < n·C <= 2^64, and where its segment ends (x < end <= n·C);
// x and C fit 64 bits (n >= 2), so no 128-bit division.
template <class Table>
constexpr std::size_t outcome_of_slot(const Table& t, count_t x) {
    const auto at = static_cast<std::uint64_t>(x);
    return t.outcome(at / t.capacity_64, at % t.capacity_64);
}
template <class Table>
constexpr count_t segment_end(const Table& t, count_t x) {
    const auto at = static_cast<std::uint64_t>(x);
    const std::uint64_t j = at / t.capacity_64, r = at % t.capacity_64, keep = t.column[static_cast<std::size_t>(j)].keep;
    return count_t{j} * t.capacity_64 + (r < keep ? keep : t.capacity_64);
}
// The one outcome of the slots first … last, or n (the columns) when they have more than one.
template <class Table>
constexpr std::size_t one_outcome(const Table& t, count_t first, count_t last) {
    const std::size_t outcome = outcome_of_slot(t, first);
    for (count_t x = segment_end(t, first); x <= last; x = segment_end(t, x))
        if (outcome_of_slot(t, x) != outcome) return static_cast<std::size_t>(t.columns);
    return outcome;
}

// The words past what the fast paths decide, out of line (rare: see above).
// U's first 64 bits are v, known in full (low_known) or only its high half
// (a 32-bit word read so far).
template <class S, class Table>
[[gnu::noinline]] constexpr std::size_t word_slot_rest(S& s, const Table& t, std::uint64_t v, bool low_known) {
    using source_die = typename std::remove_cvref_t<S>::die_type;
    constexpr count_t K = source_die::faces;
    digits_of<source_handle<S&>> roll{s};
    const count_t slots = t.slots;
    auto split = [&](std::uint64_t value, count_t& slot_number, std::uint64_t& fraction) {
        const count_t first = count_t{value} * t.columns_64, second = count_t{static_cast<std::uint64_t>(first)} * t.capacity_64;
        slot_number = (first >> 64) * t.capacity + (second >> 64);
        fraction = static_cast<std::uint64_t>(second);
    };
    count_t a = 0;
    std::uint64_t l2 = 0;
    if (!low_known) {  // U in [v, v + 2^32)/2^64: the slots a … a + ⌈(l2 + S·2^32)/2^64⌉ − 1
        split(v, a, l2);
        const count_t reach = count_t{l2} + (slots << 32);
        const count_t last = a + ((reach + (two_to_64 - 1)) >> 64) - 1;
        const std::size_t outcome = one_outcome(t, a, last);
        if (outcome != t.columns) return outcome;
        v |= static_cast<std::uint64_t>(roll());
    }
    split(v, a, l2);  // U in [v, v + 1)/2^64: the slot a, and a + 1 when l2 + S passes 2^64
    if (count_t{l2} + slots <= two_to_64) return outcome_of_slot(t, a);
    const std::size_t below = outcome_of_slot(t, a), above = outcome_of_slot(t, a + 1);
    if (below == above) return below;
    // U·S passes a + 1 when S·ρ >= 2^64 − l2 for ρ = the rest of U's digits,
    // in [0, 1): with g in (0, S), digit d decides ρ·S >= g when d·S >= g·K,
    // refutes it when g·K − d·S >= S, and otherwise leaves ρ'·S >= g·K − d·S.
    count_t g = two_to_64 - l2;
    for (;;) {
        const count_t d = roll(), has = d * slots, needs = g * K;
        if (has >= needs) return above;
        g = needs - has;
        if (g >= slots) return below;
    }
}

// A column's outcome on engine words (see above); other sources: a uniform slot's.
template <class S, class Table>
[[gnu::always_inline]] constexpr std::size_t slot_outcome(S& s, const Table& t) {
    using source_die = typename std::remove_cvref_t<S>::die_type;
    constexpr count_t K = source_die::faces;
    if constexpr (K == two_to_64 || K == (count_t{1} << 32)) {
        digits_of<source_handle<S&>> roll{s};
        const std::uint64_t m = t.columns_64, cap = t.capacity_64;
        std::uint64_t j, r, v, l2 = 0;
        if constexpr (K == two_to_64) {
            v = roll();
            const count_t first = count_t{v} * m, second = count_t{static_cast<std::uint64_t>(first)} * cap;
            j = static_cast<std::uint64_t>(first >> 64);
            r = static_cast<std::uint64_t>(second >> 64);
            l2 = static_cast<std::uint64_t>(second);
        } else {  // v = the word·2^32: v·n = (word·n)·2^32, and l1·C's low 32 bits are zero
            const std::uint64_t word = roll(), first = word * m;  // n < 2^32 columns: below 2^64
            v = word << 32;
            j = first >> 32;
            r = static_cast<std::uint64_t>((count_t{first & 0xffffffffu} * cap) >> 32);
        }
        const auto& c = t.column[static_cast<std::size_t>(j)];
        const bool kept = r < c.keep;
        const std::uint64_t end = kept ? c.keep : cap;  // the segment's end in the column
        if constexpr (K == two_to_64) {
            // the slots U can still reach: r, and r + 1 when l2 + S passes 2^64
            if (r + 1 < end || l2 <= t.room_64) [[likely]] return kept ? static_cast<std::size_t>(j) : c.alias;
        } else {
            // the slots U can still reach: r to r + ⌈S/2^32⌉ at most
            if (end - r > t.span_32) [[likely]] return kept ? static_cast<std::size_t>(j) : c.alias;
        }
        return word_slot_rest(s, t, v, K == two_to_64);
    } else {
        const slot at = uniform_slot(s, t);
        return t.outcome(at.column, at.threshold);
    }
}

}  // namespace rollplan::detail
