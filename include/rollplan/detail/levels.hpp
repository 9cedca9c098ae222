// rollplan/detail/levels.hpp: weights of any spread, exactly — the run-time
// weights of discrete_distribution<T> as levels of 64-bit alias tables.
//
// Weights. A weight is its exact value: an integer as it is, a double
// m·2^e (m < 2^53). Divided by their greatest common divisor (for dyadics,
// 2^(least e) times the gcd of the odd m), the weights become the canonical
// integers v_i: coprime, the same for every proportional vector ({1, 2, 3},
// {2, 4, 6} and {0.5, 1, 1.5} alike), so that a draw depends on the
// probabilities alone. Each v_i is m_i·2^k_i with m_i odd and below 2^128;
// their sum V may need about 2100 bits (5e-324 beside 1e308).
//
// Levels. Level 0 holds the bits of every v_i at and above a cut F_0,
// a_i = ⌊v_i / 2^F_0⌋, as an alias table of 64-bit integers; what lies
// below, the residues v_i mod 2^F_0, is level 1, the same structure one
// cut lower (its columns the outcomes with a positive part there), and so
// on down to a level with nothing below. A level over residues r_i of sum R
// and c columns is exact — cut 0, no tail, the last level — when R ≤ 2^64
// and lcm(c, R) ≤ 2^64 (one engine word draws a slot: the one level of
// every small integer table). Otherwise its cut is F = bit length of R − 63
// (negative for a small R: the parts are then r_i·2^−F), so that
// 2^62 − c < Σ a_i < 2^63, and it has one more column, its tail, of weight
// T ≥ X, where X = Z'·2^(F' − F) is the whole of the level below (Z' its
// total, F' its cut) in this level's units (X = 0 under the last level);
// T is padded so that c + 1 divides Σ a_i + T, which makes the table's
// slots exactly its total, at most 2^64. Each cut is at least 31 bits
// below the one above (the residues add up to less than c·2^F), so a
// double's 53 bits meet at most three levels, and empty stretches of bits
// are skipped by construction.
//
// Draw (docs/spec.md, section 4): a slot of level 0's table; an outcome's
// column ends the draw; the tail goes down one level with probability X / T
// — j uniform on [0, T): below q = ⌊X⌋ goes down, above starts again, equal
// compares uniform 64-bit words with the binary expansion of X − q, the
// first that differs deciding — and otherwise starts again from level 0.
// Invariant: one attempt from level 0 reaches level L with probability
// Z_L·2^F_L / (2^F_0·Z_0) and takes there each column with probability its
// weight over Z_L (a uniform slot of the exact table). For level 0 that is
// certain; the tail of level L, taken with probability T·2^F_L/(2^F_0·Z_0),
// goes down with probability X/T: level L + 1 is reached with probability
// X·2^F_L/(2^F_0·Z_0) = Z'·2^F'/(2^F_0·Z_0). So an attempt ends with outcome
// i with probability Σ_L a_i^(L)·2^F_L/(2^F_0·Z_0) = v_i/(2^F_0·Z_0),
// proportional to v_i; attempts repeat independently (a restart reads
// fresh digits), so the draw gives i with probability exactly v_i / V.
//
// Held (held_levels): a distribution keeps level 0 — its table, and its
// running sums when it is the only level — and, for weights of several
// levels, the canonical weights in 8 bytes each instead of level 0's sums
// and the levels below: level 0's parts are read from the weights, and the
// levels below, which a draw reaches with probability below n·2^−60, are
// made again when it does (make_levels is a function of the weights, so
// they are the same levels). 24 bytes a weight, where all the levels took
// up to 82 for doubles of many levels.
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "alias_table.hpp"
#include "big.hpp"
#include "binary_format.hpp"
#include "decimal_stream.hpp"
#include "integer.hpp"

namespace rollplan::detail {

using signed_count_t = int128;

template <class Value>
[[noreturn]] inline void fail_weight(const char* text, std::size_t index, Value value) {
    fail_value(text, "weight " + std::to_string(index), value);
}

// A weight's exact value m·2^e, m odd (or m = 0 and e = 0), m below 2^128.
struct dyadic {
    count_t mantissa = 0;
    int exponent = 0;
    friend bool operator==(const dyadic&, const dyadic&) = default;
};
constexpr int trailing_zeros(count_t v) {  // v != 0
    const auto low = static_cast<std::uint64_t>(v);
    return low != 0 ? __builtin_ctzll(low) : 64 + __builtin_ctzll(static_cast<std::uint64_t>(v >> 64));
}
constexpr dyadic odd_form(count_t m, int exponent) {
    if (m == 0) return {};
    const int zeros = trailing_zeros(m);
    return {m >> zeros, exponent + zeros};
}

// The rule for weights, said once in every refusal.
inline constexpr const char* accepted_weights =
    "; discrete_distribution takes finite numbers >= 0, at least one of them positive";

template <class Value>
inline constexpr bool is_integer_weight = std::is_integral_v<Value> || std::is_same_v<Value, signed_count_t> ||
                                          std::is_same_v<Value, count_t>;

// The weights [first, last) as exact values; none is refused but a negative,
// NaN or infinite one (or one that is no double, for wider floating types),
// named by its index and the value as given. No weights is one weight of 1,
// as std's. Fewer than 2^32 weights: a longer random-access range is refused
// before anything is read, a longer single-pass one at its 2^32nd weight (most,
// the largest count taken, is a parameter so that a test reaches that limit
// with a few weights).
template <class It>
std::vector<dyadic> exact_values(It first, It last, std::uint64_t most = (std::uint64_t{1} << 32) - 1) {
    using value = std::remove_cv_t<typename std::iterator_traits<It>::value_type>;
    static_assert((std::is_arithmetic_v<value> || is_integer_weight<value>) && !std::is_same_v<value, bool>,
                  "rollplan: discrete_distribution needs weights that are numbers (integers or floating point)");
    if constexpr (std::is_base_of_v<std::random_access_iterator_tag, typename std::iterator_traits<It>::iterator_category>) {
        if (static_cast<std::uint64_t>(last - first) > most)  // (where ptrdiff_t has 32 bits, 2^32 − 1 is no ptrdiff_t)
            fail<std::invalid_argument>("rollplan: discrete_distribution holds fewer than 2^32 weights", "weights",
                                        static_cast<count_t>(last - first));
    }
    std::vector<dyadic> values;
    for (std::size_t i = 0; first != last; ++first, ++i) {
        if (i == most)
            fail<std::invalid_argument>("rollplan: discrete_distribution holds fewer than 2^32 weights", "weights", count_t{i} + 1);
        const value v = *first;
        if constexpr (is_integer_weight<value>) {
            if (v < value{0}) fail_weight("rollplan: discrete_distribution: a weight is negative", i, v);
            values.push_back(odd_form(static_cast<count_t>(v), 0));
        } else {
            const auto w = static_cast<double>(v);
            if (v != v) fail_weight("rollplan: discrete_distribution: a weight is not a number (NaN)", i, v);
            if (v - v != v - v) fail_weight("rollplan: discrete_distribution: a weight is infinite", i, v);
            if (v < 0) fail_weight("rollplan: discrete_distribution: a weight is negative", i, v);
            if (static_cast<value>(w) != v)
                fail_weight("rollplan: discrete_distribution: a weight is not exactly a double (std would round it; "
                            "give the double you mean)",
                            i, v);
            const binary_value b = exact_binary(w);
            values.push_back(odd_form(b.mantissa, b.exponent));
        }
    }
    if (values.empty()) values.push_back({1, 0});
    bool any = false;
    for (const dyadic& d : values) any = any || d.mantissa != 0;
    if (!any) fail<std::invalid_argument>("rollplan: discrete_distribution: every weight is zero", "weights", values.size());
    return values;
}

// The canonical integers v_i = w_i / gcd(w): m_i odd, k_i = e_i − the least e.
inline std::vector<dyadic> canonical(std::vector<dyadic> w) {
    int least = std::numeric_limits<int>::max();
    count_t g = 0;
    for (const dyadic& d : w)
        if (d.mantissa != 0) {
            least = d.exponent < least ? d.exponent : least;
            g = gcd(g, d.mantissa);
        }
    for (dyadic& d : w)
        if (d.mantissa != 0) d = {d.mantissa / g, d.exponent - least};
    return w;
}

// v mod 2^bits of v = m·2^k, in the same form (k kept; m reduced).
constexpr count_t mantissa_below(const dyadic& v, long long bits) {
    const long long room = bits - v.exponent;
    if (room <= 0) return 0;
    if (room >= 128) return v.mantissa;
    return v.mantissa & ((count_t{1} << room) - 1);
}
// ⌊m·2^k / 2^cut⌋, known to be below 2^64.
constexpr std::uint64_t part_above(count_t m, int k, long long cut) {
    const long long up = k - cut;
    if (up >= 0) return static_cast<std::uint64_t>(m << up);
    if (-up >= 128) return 0;
    return static_cast<std::uint64_t>(m >> -up);
}

// One level: an alias table over its columns (outcomes, then the tail if
// there is one), and what the tail carries down.
struct weight_level {
    alias_table<> table;
    std::vector<std::uint32_t> outcome;  // column j's outcome; empty on level 0, where column j is outcome j
    // The columns' running sums mod 2^64 (the tail's last; the last is the total, which may be
    // 2^64): the level's weights. Empty on level 0 of weights of several levels as a distribution
    // holds them (weight_levels::exact gives them then).
    std::vector<std::uint64_t> ends;
    count_t total = 0;                   // Z, the sum of the columns' weights, at most 2^64
    std::size_t tail = 0;                // the tail's column, or the number of columns when there is none
    int cut = 0;                         // F: level units are 2^F
    std::uint64_t tail_weight = 0;       // T
    std::uint64_t below = 0;             // q = ⌊R'/2^F⌋
    std::vector<std::uint64_t> fraction;  // (R' mod 2^F)/2^F in binary, 64 bits a word, up to its last nonzero word

    // Column j's weight, from the running sums: every weight but a certain column's (the
    // whole total) is below 2^64, so a difference mod 2^64 is exact.
    count_t weight(std::size_t j) const {
        if (table.certain != table.columns) return j == table.certain ? total : 0;
        return static_cast<std::uint64_t>(ends[j] - (j == 0 ? 0 : ends[j - 1]));
    }

    friend bool operator==(const weight_level& a, const weight_level& b) {
        return a.outcome == b.outcome && a.ends == b.ends && a.total == b.total && a.tail == b.tail && a.cut == b.cut &&
               a.tail_weight == b.tail_weight && a.below == b.below && a.fraction == b.fraction;
    }
};

// The table's weights, as make_alias_table reads them.
struct column_weights {
    using index_type = std::uint32_t;
    std::vector<std::uint64_t> values;
    count_t total = 0;
};

// The canonical weights v_i = m_i·2^k_i as a distribution of several levels
// holds them: 8 bytes each, (m_i − 1)/2 in the low 52 bits and k_i above,
// when every m_i is below 2^53 and every k_i below 4095 (weights from
// doubles always are: m_i has at most 53 bits, k_i at most 2045; a zero
// weight is 2^64 − 1); otherwise as dyadics.
struct held_weights {
    static constexpr std::uint64_t zero = ~std::uint64_t{0};
    std::vector<std::uint64_t> packed;
    std::vector<dyadic> wide;

    static held_weights of(const std::vector<dyadic>& v) {
        held_weights h;
        bool fits = true;
        for (const dyadic& d : v) fits = fits && d.mantissa < (count_t{1} << 53) && d.exponent < 4095;
        if (!fits) {
            h.wide = v;
            return h;
        }
        h.packed.reserve(v.size());
        for (const dyadic& d : v)
            h.packed.push_back(d.mantissa == 0 ? zero
                                               : static_cast<std::uint64_t>(d.mantissa >> 1) |
                                                     static_cast<std::uint64_t>(d.exponent) << 52);
        return h;
    }
    dyadic at(std::size_t i) const {
        if (packed.empty()) return wide[i];
        const std::uint64_t p = packed[i];
        if (p == zero) return {};
        return {count_t{(p & ((std::uint64_t{1} << 52) - 1)) << 1 | 1}, static_cast<int>(p >> 52)};
    }
    std::vector<dyadic> values() const {
        std::vector<dyadic> v;
        const std::size_t n = packed.empty() ? wide.size() : packed.size();
        for (std::size_t i = 0; i < n; ++i) v.push_back(at(i));
        return v;
    }
    friend bool operator==(const held_weights& a, const held_weights& b) { return a.packed == b.packed && a.wide == b.wide; }
};

struct weight_levels {
    weight_level top;                 // level 0, in place: a draw reads its table with no indirection
    std::vector<weight_level> below;  // levels 1, 2, … (none where a distribution holds them: see exact)
    std::size_t size = 0;             // n, the outcomes
    std::size_t levels = 1;           // how many levels the weights take
    unsigned bits = 63;               // the levels' width (make_levels' level_bits)
    // As a distribution holds weights of several levels: the canonical weights, from which
    // level 0's parts are read and the levels below made again when a draw goes below level 0
    // (with probability below n·2^−60): 8 bytes a weight from doubles, where the levels took
    // up to 36 more each.
    held_weights exact;

    friend bool operator==(const weight_levels& a, const weight_levels& b) {
        return a.size == b.size && a.levels == b.levels && a.bits == b.bits && a.top == b.top && a.below == b.below &&
               a.exact == b.exact;
    }
    std::size_t count() const { return levels; }
    // Level l; below level 0 only where they are made (make_levels), not where they are held.
    const weight_level& at(std::size_t l) const { return l == 0 ? top : below[l - 1]; }
    bool held() const { return levels > 1 && below.empty(); }

    // The weight of column j of level l (held, there is only level 0).
    count_t column_weight(std::size_t l, std::size_t j) const {
        if (!held()) return at(l).weight(j);
        if (j == top.tail) return top.tail_weight;
        const dyadic v = exact.at(j);
        return part_above(v.mantissa, v.exponent, top.cut);
    }
    // The outcome for a column of level L, or size when it is the tail.
    std::size_t outcome_of_column(std::size_t l, std::size_t column) const {
        const weight_level& here = at(l);
        if (column == here.tail) return size;
        return here.outcome.empty() ? column : here.outcome[column];
    }
    // The weights, exactly: Σ over the levels of each one's part there times 2^F (or, held, the weights).
    std::vector<big> weights() const {
        std::vector<big> v(size);
        if (held()) {
            for (std::size_t i = 0; i < size; ++i) {
                const dyadic d = exact.at(i);
                if (d.mantissa != 0) v[i].add(d.mantissa, static_cast<std::size_t>(d.exponent));
            }
            return v;
        }
        for (std::size_t l = 0; l < count(); ++l) {
            const weight_level& here = at(l);
            for (std::size_t j = 0; j < here.tail; ++j)
                v[outcome_of_column(l, j)].add(here.weight(j) >> (here.cut < 0 ? -here.cut : 0),
                                               static_cast<std::size_t>(here.cut < 0 ? 0 : here.cut));
        }
        return v;
    }
};

// A template only so that a translation unit that makes no levels compiles none of it.
// level_bits: the levels' Σ a_i < 2^level_bits, and a level without a tail
// has a sum up to 2^(level_bits + 1) (63 and 2^64 for discrete_distribution;
// tests make smaller levels, to run the same code on every roll sequence).
template <class Values>
weight_levels make_levels(const Values& exact, unsigned level_bits = 63) {
    const std::vector<dyadic> v = canonical(exact);
    weight_levels result;
    result.size = v.size();
    std::vector<column_weights> columns;  // each level's a_i, then (below) its tail
    std::vector<dyadic> residue = v;      // v_i mod 2^(the cut above)
    std::vector<bool> fits;               // a level without a tail: the last
    std::vector<weight_level> built;
    big sum;
    for (const dyadic& r : residue)
        if (r.mantissa != 0) sum.add(r.mantissa, static_cast<std::size_t>(r.exponent));
    // Top down: each level's cut and parts, from the residues' sum.
    for (bool first = true; sum.bit_length() != 0; first = false) {
        weight_level l;
        column_weights parts;
        const std::size_t length = sum.bit_length();
        const count_t total = length <= 128 ? sum.low_128() : 0;
        count_t c = 0;  // the level's columns: every outcome on level 0, the positive residues below
        for (const dyadic& r : residue) c += first || r.mantissa != 0;
        const count_t most = count_t{1} << (level_bits + 1);
        const bool exact_fit = length <= level_bits + 2 && total <= most && total / gcd(c, total) * c <= most;
        l.cut = exact_fit ? 0 : static_cast<int>(length) - static_cast<int>(level_bits);  // below 0: parts r_i·2^−F
        big rest;  // Σ residues below the cut
        for (std::size_t i = 0; i < residue.size(); ++i) {
            const dyadic r = residue[i];
            if (!first && r.mantissa == 0) continue;
            const std::uint64_t part = part_above(r.mantissa, r.exponent, l.cut);
            if (part != 0 || first) {
                if (!first) l.outcome.push_back(static_cast<std::uint32_t>(i));
                parts.values.push_back(part);
                parts.total += part;
            }
            residue[i].mantissa = mantissa_below(r, l.cut);
            if (residue[i].mantissa == 0) residue[i].exponent = 0;
            if (residue[i].mantissa != 0) rest.add(residue[i].mantissa, static_cast<std::size_t>(residue[i].exponent));
        }
        fits.push_back(exact_fit);
        built.push_back(std::move(l));
        columns.push_back(std::move(parts));
        sum = rest;
        if (exact_fit) break;
    }
    // Bottom up: the tail of a level stands for the whole level below, Z' slots
    // of 2^F' each, that is X = Z'·2^(F' − F) of its own units (0 under the last).
    count_t below_total = 0;
    int below_cut = 0;
    for (std::size_t l = built.size(); l-- > 0;) {
        weight_level& at = built[l];
        column_weights& parts = columns[l];
        at.tail = parts.values.size();
        if (!fits[l]) {
            big x;
            if (below_total != 0) x.add(below_total, 0);
            const long long shift = at.cut - below_cut;  // X = x / 2^shift
            at.below = x.word_at(shift);
            for (long long word = shift - 64; word + 64 > 0; word -= 64) at.fraction.push_back(x.word_at(word));
            while (!at.fraction.empty() && at.fraction.back() == 0) at.fraction.pop_back();
            std::uint64_t weight = at.below + (at.fraction.empty() ? 0 : 1);
            const std::uint64_t width = at.tail + 1;
            weight += static_cast<std::uint64_t>((width - (parts.total + weight) % width) % width);
            at.tail_weight = weight;
            parts.values.push_back(weight);
            parts.total += weight;
        }
        at.table = make_alias_table(parts);
        at.total = parts.total;
        std::uint64_t running = 0;
        at.ends.reserve(parts.values.size());  // held for the distribution's life: no slack
        for (const std::uint64_t w : parts.values) at.ends.push_back(running += w);  // mod 2^64
        at.outcome.shrink_to_fit();
        below_total = parts.total;
        below_cut = at.cut;
    }
    result.top = std::move(built[0]);
    for (std::size_t l = 1; l < built.size(); ++l) result.below.push_back(std::move(built[l]));
    result.levels = built.size();
    result.bits = level_bits;
    return result;
}

// The levels as a distribution holds them: all of one level; of several,
// level 0's table and tail, and the canonical weights instead of level 0's
// running sums and the levels below (which draw_past_level_0 makes again).
inline weight_levels held_levels(const std::vector<dyadic>& exact, unsigned level_bits = 63) {
    const std::vector<dyadic> v = canonical(exact);
    weight_levels w = make_levels(v, level_bits);
    if (w.levels == 1) return w;
    w.below.clear();
    w.below.shrink_to_fit();
    w.top.ends.clear();
    w.top.ends.shrink_to_fit();
    w.exact = held_weights::of(v);
    return w;
}

// The tail of level l was drawn: go down (true) with probability (R'/2^F)/T,
// by j uniform on [0, T) and, where j = q, words compared with the fraction.
template <class Draws>
constexpr bool goes_down(const weight_level& l, Draws& draws) {
    if (l.below == 0 && l.fraction.empty()) return false;  // no real mass below: only the padding
    const std::uint64_t j = draws.below(l.tail_weight);
    if (j != l.below) return j < l.below;
    for (const std::uint64_t bits : l.fraction) {
        const std::uint64_t x = draws.word();
        if (x != bits) return x < bits;
    }
    return false;  // the uniform fraction is at least the tail's: not below it
}

// A draw that has landed in level 0's tail: the outcome it ends with.
// draws.column(w, l) is a column of level l, each with probability its
// weight over the level's total (a uniform slot of its table, or its
// Knuth–Yao tree), draws.below(n) uniform on [0, n), draws.word() uniform on
// [0, 2^64).
template <class Draws>
constexpr std::size_t draw_below_level_0(const weight_levels& w, Draws& draws) {
    std::size_t l = 0;
    for (;;) {
        l = goes_down(w.at(l), draws) ? l + 1 : 0;
        const alias_table<>& t = w.at(l).table;
        const std::size_t column = t.certain != t.columns ? t.certain : draws.column(w, l);
        const std::size_t i = w.outcome_of_column(l, column);
        if (i != w.size) return i;
    }
}

// Sources of at most this many faces (a coin, a die) draw a level's column
// by the Knuth–Yao tree of its weights (Knuth and Yao 1976): on average the
// fewest rolls any method can take, within H/log2 K + 2 for weights of
// entropy H, where a slot reads a uniform number below the table's slots,
// about 2^63 (some 25 rolls of a d6, 63 flips of a coin). The walk costs
// O(n) arithmetic a roll, nothing beside a roll of a die.
inline constexpr count_t most_tree_faces = 256;

// A column of level l by its Knuth–Yao tree: the walk of the knuth_yao node
// (knuth_yao_walk, detail/weights.hpp) over the level's weights, its tail's
// included; roll() a digit in [0, radix). Column j with probability its
// weight over the level's total, as a uniform slot of its table.
template <class Roll>
std::size_t tree_column(const weight_levels& w, std::size_t l, count_t radix, Roll roll) {
    const weight_level& at = w.at(l);
    return knuth_yao_walk(at.table.column.size(), at.total, radix, [&](std::size_t j) { return w.column_weight(l, j); }, roll);
}

// The draws of a source S: a column of a level through a uniform slot of its
// table, or by its tree on a source of at most most_tree_faces faces,
// below(n) uniform on [0, n) and word() uniform on [0, 2^64), each by the
// default plan (docs/spec.md, section 4).
template <class S>
struct source_draws {
    S& s;
    [[gnu::always_inline]] std::size_t column(const weight_levels& w, std::size_t l) {
        constexpr count_t faces = std::remove_cvref_t<S>::die_type::faces;
        if constexpr (faces <= most_tree_faces) {
            digits_of<source_handle<S&>> roll{s};
            return tree_column(w, l, faces, [&] { return count_t{roll()}; });
        } else {
            return slot_outcome(s, w.at(l).table);
        }
    }
    std::uint64_t below(std::uint64_t n) { return uniform_count(s, n, whole_range_plan{}); }
    std::uint64_t word() { return whole_range_plan{}(s); }
};
template <class S>
source_draws(S&) -> source_draws<S>;

// Any Draws, behind three function pointers: the levels below level 0 are
// compiled once, not once for each source (they are entered with probability
// below n·2^−60, so the calls through pointers cost nothing that shows).
struct erased_draws {
    void* draws;
    std::size_t (*column_of)(void*, const weight_levels&, std::size_t);
    std::uint64_t (*below_of)(void*, std::uint64_t);
    std::uint64_t (*word_of)(void*);
    std::size_t column(const weight_levels& w, std::size_t l) { return column_of(draws, w, l); }
    std::uint64_t below(std::uint64_t n) { return below_of(draws, n); }
    std::uint64_t word() { return word_of(draws); }
    template <class Draws>
    static erased_draws of(Draws& d) {
        return {&d, [](void* x, const weight_levels& w, std::size_t l) { return static_cast<Draws*>(x)->column(w, l); },
                [](void* x, std::uint64_t n) { return static_cast<Draws*>(x)->below(n); },
                [](void* x) { return static_cast<Draws*>(x)->word(); }};
    }
};

// Out of line: a draw comes here with probability below n·2^−60. Held
// levels are made again from the weights (the same levels: make_levels is a
// function of the canonical weights), O(n) per level.
[[gnu::noinline]] inline std::size_t draw_past_level_0(erased_draws draws, const weight_levels& w) {
    if (w.held()) {
        const weight_levels all = make_levels(w.exact.values(), w.bits);
        return draw_below_level_0(all, draws);
    }
    return draw_below_level_0(w, draws);
}
// One outcome of the levels: a column of level 0, and only from its tail
// on, out of line, the levels below.
template <class Draws>
[[gnu::always_inline]] inline std::size_t draw_levels(Draws& draws, const weight_levels& w) {
    const alias_table<>& t = w.top.table;
    if (t.certain != t.columns_64) [[unlikely]] return t.certain;
    const std::size_t i = draws.column(w, 0);  // level 0's column j is outcome j, its tail n
    if (i >= w.size) [[unlikely]] return draw_past_level_0(erased_draws::of(draws), w);
    return i;
}

// x / y (0 <= x <= y, y > 0) as the double nearest it, ties to even (subnormal
// results included): 65 bits of the quotient by long division, and whether
// anything is left.
inline double ratio(const big& x, const big& y) {
    const std::size_t bx = x.bit_length(), by = y.bit_length();
    if (bx == 0) return 0.0;
    // Q = ⌊x·2^k / y⌋ in [2^63, 2^65) for k = 64 − (bx − by)
    const long long k = 64 - (static_cast<long long>(bx) - static_cast<long long>(by));
    big n = k >= 0 ? shifted(x, static_cast<std::size_t>(k)) : x;
    const big d = k >= 0 ? y : shifted(y, static_cast<std::size_t>(-k));
    count_t q = 0;
    for (int bit = 64; bit >= 0; --bit) {
        const big step = shifted(d, static_cast<std::size_t>(bit));
        if (at_least(n, step)) {
            subtract(n, step);
            q |= count_t{1} << bit;
        }
    }
    bool sticky = n.bit_length() != 0;
    long long scale = k;  // the value is (q + rest)·2^−scale
    if (q >> 64 != 0) {
        sticky = sticky || (q & 1) != 0;
        q >>= 1;
        --scale;
    }
    const auto top = static_cast<std::uint64_t>(q);  // in [2^63, 2^64): its leading bit is 2^(63 − scale)
    const long long lead = 63 - scale;
    const long long keep = lead >= -1022 ? 53 : 53 - (-1022 - lead);  // the bits a double holds there
    if (keep <= 0) {  // below half the least subnormal, or at or above it with nothing to keep
        const bool above_half = keep == 0 && (top > (std::uint64_t{1} << 63) || sticky);
        return above_half ? __builtin_ldexp(1.0, -1074) : 0.0;
    }
    const auto drop = static_cast<unsigned>(64 - keep);
    std::uint64_t m = top >> drop;
    const std::uint64_t rest = top & ((std::uint64_t{1} << drop) - 1), half = std::uint64_t{1} << (drop - 1);
    if (rest > half || (rest == half && (sticky || (m & 1) != 0))) ++m;
    return __builtin_ldexp(static_cast<double>(m), static_cast<int>(static_cast<long long>(drop) - scale));
}

// x in decimal.
inline std::string decimal_text(big x) {
    constexpr std::uint64_t chunk = 10000000000000000000ull;  // 10^19
    std::vector<std::uint64_t> parts;  // base 10^19, least significant first
    while (x.bit_length() != 0) parts.push_back(divide(x, chunk));
    if (parts.empty()) return "0";
    std::string text = std::to_string(parts.back());
    for (std::size_t i = parts.size() - 1; i-- > 0;) {
        const std::string digits = std::to_string(parts[i]);
        text += std::string(19 - digits.size(), '0') + digits;
    }
    return text;
}

// A weight as << writes it: a decimal integer of any size whose odd part is
// below 2^128 (every weight discrete_distribution holds is). White space
// skipped; anything else, a sign or a larger odd part sets failbit and leaves
// v as it was; eofbit when the input ends.
template <class Stream>
Stream& read_weight(Stream& is, dyadic& v) {
    big value;
    const bool any_digit = read_digits(is, nullptr, [&](unsigned digit) {
        if (value.limb.size() > 64) return;  // past every weight a distribution holds: refused below
        std::uint64_t carry = digit;
        for (std::uint64_t& l : value.limb) {
            const count_t product = count_t{l} * 10 + carry;
            l = static_cast<std::uint64_t>(product);
            carry = static_cast<std::uint64_t>(product >> 64);
        }
        if (carry != 0) value.limb.push_back(carry);
    });
    if (is.fail()) return is;
    const std::size_t length = value.bit_length();
    std::size_t zeros = 0;
    while (zeros < length && ((value.limb[zeros / 64] >> (zeros % 64)) & 1) == 0) ++zeros;
    if (!any_digit || length - zeros > 128 || value.limb.size() > 64) {
        is.setstate(Stream::failbit);
        return is;
    }
    v = length == 0 ? dyadic{} : dyadic{count_t{value.word_at(static_cast<long long>(zeros) + 64)} << 64 | value.word_at(static_cast<long long>(zeros)),
                                         static_cast<int>(zeros)};
    return is;
}

}  // namespace rollplan::detail
