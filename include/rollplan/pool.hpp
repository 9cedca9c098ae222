// rollplan/pool.hpp: many draws from one source, near the information bound.
//
// entropy_pool keeps the randomness each draw leaves over (Ömer & Pacher 2014,
// in the style of arithmetic coding): a uniform_state grows by whole
// digits until its range reaches a threshold (2^32 by default, so the
// register holds 32 to 64 bits and draws below 2^32 need only 64-bit
// arithmetic), and each draw of N takes value mod N and keeps ⌊value/N⌋,
// uniform on [0, ⌊range/N⌋) and independent of what was drawn. A rejection
// (value at or above ⌊range/N⌋·N) keeps value − ⌊range/N⌋·N. So every draw
// is exactly uniform and independent of the others, and the rolls spent per
// draw approach log_K N; what is lost is the final register and the
// information of which branch each draw took. A digit is a roll, except on
// a 64-bit word, which gives two digits of 32 bits (the high half first):
// they are independent and uniform, and they keep the register in 64 bits.
//
// A pool is never shared between threads: every draw rewrites its register
// and rolls its source (docs/guide.md, "Threads"). One pool per thread.
#pragma once

#include "detail/config.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "die.hpp"
#include "detail/integer.hpp"
#include "detail/levels.hpp"
#include "detail/uniform_state.hpp"
#include "detail/weights.hpp"

namespace rollplan {

namespace detail {
// Level 0's column whose stretch [begin, begin + weight) holds u < Z_0, the
// columns in order (outcome j's part column_weight(0, j), then the tail, of
// weight top.tail_weight): column is n for the tail. A scan, compiled once;
// held levels (a distribution's) read each part from the weight, in 64 bits.
struct level_0_column {
    std::size_t column;
    std::uint64_t begin, weight;
};
inline level_0_column level_0_column_at(const weight_levels& w, count_t u) {
    const auto value = static_cast<std::uint64_t>(u);  // u < Z_0 < 2^64: so is every sum of parts here
    std::uint64_t begin = 0;
    for (std::size_t j = 0; j < w.size; ++j) {
        const auto part = static_cast<std::uint64_t>(w.column_weight(0, j));
        if (value - begin < part) return {j, begin, part};  // value >= begin: every column before ends at or below it
        begin += part;
    }
    return {w.size, begin, w.top.tail_weight};
}
}  // namespace detail

template <class G, count_t Threshold = count_t{1} << 32>
class basic_entropy_pool {
    static_assert(Threshold >= 1 && Threshold <= two_to_64, "rollplan: the pool's threshold is between 1 and 2^64");
    using source_type = std::remove_cvref_t<decltype(as_source(std::declval<G&>()))>;

public:
    using die_type = typename source_type::die_type;
    static constexpr count_t faces = die_type::faces;

    constexpr explicit basic_entropy_pool(G& source) : source_(&source) {}

    // One value uniform on [0, N), independent of every other draw: draw(N),
    // with N a constant, so its divisions are multiplications (detail/divide.hpp).
    template <std::uint64_t N>
    constexpr std::uint64_t draw() {
        static_assert(N >= 1, "rollplan: draw<N>() needs N >= 1");
        return draw_by(detail::divisor_constant<N>{});
    }

    constexpr std::uint64_t draw(std::uint64_t n) {
        if (n == 0) detail::fail<std::invalid_argument>("rollplan: draw(n) needs n >= 1", "n", n);
        return draw_by(detail::divisor_value{n});
    }

    // One outcome of a rollplan discrete_distribution (either form), exactly
    // W_i / W, keeping what it leaves (randomness recycling, Draper & Saad
    // 2025): u = draw(W) (the range filled to W·Threshold first, see below),
    // the outcome i whose stretch [c_i, c_i + W_i) holds u
    // (the cut of cut<P, W...>), and u − c_i, uniform on [0, W_i) and
    // independent of everything drawn (given i), joins the state as its
    // lowest digit: value·W_i + (u − c_i) is uniform on [0, range·W_i). So a
    // draw spends log_K(W / W_i) rolls on average, H / log2 K over the
    // outcomes, instead of log_K W. The state's range never grows by it (it
    // is at most the range before the draw), so every product stays in 128
    // bits. Weights of several levels: the same with level 0's columns, its
    // outcomes' parts and its tail (draw_levels, below). Weights of one level
    // adding up to 2^64 are drawn by d itself, from this pool's values
    // (docs/spec.md, section 4).
    template <class Distribution>
        requires requires(const Distribution& d) { d.cut_view(); }
    constexpr typename Distribution::result_type draw(const Distribution& d) {
        const auto cut = d.cut_view();
        using result = typename Distribution::result_type;
        if constexpr (requires(const Distribution& x) { x.level_view(); }) {
            if (cut.size == 0) return static_cast<result>(draw_levels(d.level_view()));  // several levels
        }
        if (cut.size == 0 || cut.total() >= two_to_64) {
            // weights adding up to 2^64 (or, from a type without level_view, past one 64-bit table):
            // d's own draw, each of its engine words two 32-bit values of this pool (the first the
            // high half), without recycling.
            auto words = pool_words();
            return d(words);
        }
        if (cut.certain != cut.size) return static_cast<result>(cut.certain);
        // The range filled to W·Threshold (at most `fullest`), not only to W: a value is
        // then refused with probability below W/fill (1/Threshold unless capped), where a
        // range of W to W·K refuses up to (K − 1)/K of them (W near 2^55, as for
        // {0.1, 0.2, 0.7}, cost 1.71 × H / log2 K rolls on a d6)
        const count_t u = draw_filled(cut.total());
        const std::size_t i = detail::outcome_at(cut.ends, cut.size, u);
        const count_t begin = cut.begin_of(i);
        keep(u - begin, cut.end_of(i) - begin);
        return static_cast<result>(i);
    }

    // Source rolls spent so far.
    constexpr std::uint64_t rolls() const { return rolls_; }
    // The randomness held: uniform on [0, range()).
    constexpr count_t range() const { return state_.range; }

private:
    // u uniform on [0, total) for a total below 2^64, the range filled to total·Threshold (at
    // most `fullest`) first, as draw(d) does.
    constexpr count_t draw_filled(count_t total) {
        const count_t filled = total * Threshold;  // below 2^128: total < 2^64, Threshold <= 2^64
        return draw_by(detail::divisor_value{total}, filled < fullest ? filled : fullest);
    }
    // What a draw of d leaves: `rest`, uniform on [0, weight) given the outcome, kept.
    constexpr void keep(count_t rest, count_t weight) {
        state_.value = state_.value * weight + rest;
        state_.range *= weight;
    }

    // The pool's 64-bit words, each two 32-bit values of it (the first the high half). (A
    // 64-bit word takes the levels' one engine-word path; a source of 2^32 faces would
    // instantiate the plans of every draw for it, in every file that calls this.)
    auto pool_words() {
        return from_values<die<two_to_64>>([this] {
            const auto half = [this] { return static_cast<std::uint64_t>(draw_by(detail::divisor_value{count_t{1} << 32})); };
            const std::uint64_t high = half();
            return high << 32 | half();
        });
    }

    // Weights of several levels (detail/levels.hpp): level 0 is columns of weights a_0 …
    // a_{n−1} (the outcomes' parts there, some perhaps 0) and its tail, of weight t, adding up
    // to Z_0 < 2^64. u = draw(Z_0), filled as the one-level path fills, and the column j
    // whose stretch [c_j, c_j + a_j) holds u (c_j = a_0 + … + a_{j−1}; the tail's stretch is
    // [c_n, Z_0)): each column with probability its weight over Z_0, as a slot of level 0's
    // table gives, and u − c_j, uniform on [0, a_j) (or [0, t)) and independent of the rest
    // given j, is kept as above. An outcome's column is the outcome. The tail then goes on
    // as d's own draw goes on from level 0's tail (draw_past_level_0: down a level with
    // probability X/t, or from level 0 again), its uniform values drawn from this pool's
    // 64-bit words: every value that draw reads is uniform and independent of the rest, so
    // levels.hpp's invariant holds as for d's own draw, and outcome i comes with
    // probability exactly v_i / V. The column is found by a scan of the parts, read from the
    // weights the distribution holds: O(n) a draw, where one level's running sums are
    // searched in O(log n), since a distribution of several levels keeps 24 bytes a weight
    // and no running sums; the pool is there to save rolls, not time. The tail is drawn
    // with probability below n·2^−60, and costs some rolls more than its share of
    // information (its words are drawn afresh, without recycling).
    std::size_t draw_levels(const detail::weight_levels& w) {
        const count_t u = draw_filled(w.top.total);
        const detail::level_0_column at = detail::level_0_column_at(w, u);
        keep(u - at.begin, at.weight);
        if (at.column < w.size) return at.column;
        auto words = pool_words();
        detail::source_draws draws{words};
        return detail::draw_past_level_0(detail::erased_draws::of(draws), w);
    }

    static constexpr bool splits_words = faces == two_to_64;
    static constexpr count_t digit_radix = splits_words ? count_t{1} << 32 : faces;

    // The fullest range a digit can join: range·R stays within 128 bits.
    static constexpr count_t fullest = count_max / digit_radix;

    // range < max(fill_to, n) and fill_to <= fullest: every product fits in 128 bits
    template <class Divisor>
    [[gnu::always_inline]] constexpr std::uint64_t draw_by(const Divisor& n, count_t fill_to = Threshold) {
        return static_cast<std::uint64_t>(detail::knuth_yao_draw(state_, n, fill_to, digit_radix, [this] {
            if constexpr (splits_words) {
                if (has_low_half_) {
                    has_low_half_ = false;
                    return count_t{low_half_};
                }
            }
            decltype(auto) s = as_source(*source_);
            const std::uint64_t roll = detail::checked_digit<die_type>(s());
            ++rolls_;
            if constexpr (splits_words) {
                low_half_ = static_cast<std::uint32_t>(roll);
                has_low_half_ = true;
                return count_t{roll >> 32};
            } else {
                return count_t{roll};
            }
        }));
    }


    G* source_;
    detail::uniform_state state_{};
    std::uint64_t rolls_ = 0;
    std::uint32_t low_half_ = 0;  // the second digit of a 64-bit word, not yet used
    bool has_low_half_ = false;
};

// The pool with the default threshold. A class, not an alias, so that
// `entropy_pool pool(engine);` deduces G on every C++20 compiler (Clang
// before 19 does not deduce through alias templates).
template <class G>
class entropy_pool : public basic_entropy_pool<G> {
public:
    using basic_entropy_pool<G>::basic_entropy_pool;
};

template <class G>
entropy_pool(G&) -> entropy_pool<G>;

// ---- what the pool costs ---------------------------------------------------
//
// The expected rolls of `count` successive draws of n from a pool on a die
// with `faces` faces, refilling up to `threshold` (1 for a person's dice: only
// as far as each draw needs). Between draws the pool holds a range r (its
// value uniform on [0, r)), and r stays below ⌈max(n, threshold)/n⌉·K. A draw
// from r grows it by rolls to ρ >= n and is accepted with probability
// ⌊ρ/n⌋·n/ρ, leaving r = ⌊ρ/n⌋; otherwise r = ρ mod n and it goes on. Each
// rejection has probability below 1/2, so one draw is a chain of which 64
// steps carry all but 2^-64 of the mass; the ranges between draws are a
// Markov chain on few states, followed draw by draw (until its distribution
// stops changing, then extrapolated). In double: a figure for people, not a
// proof; at most max_pool_cost_states states and max_pool_cost_count draws.
inline constexpr count_t max_pool_cost_states = 1u << 16;
inline constexpr std::uint64_t max_pool_cost_count = 1000000;

inline double expected_pool_rolls(count_t n, count_t faces, std::uint64_t count, count_t threshold = 1) {
    if (n < 1 || n > max_target) detail::fail<std::invalid_argument>("rollplan: N must be between 1 and 2^64 - 1", "N", n);
    if (faces < 2) detail::fail<std::invalid_argument>("rollplan: a die needs at least 2 faces", "K", faces);
    if (count > max_pool_cost_count)
        detail::fail<std::invalid_argument>("rollplan: expected_pool_rolls follows at most 10^6 draws", "count", count);
    const count_t fill_to = n > threshold ? n : threshold;
    const count_t bound = fill_to / n + (fill_to % n != 0 ? 1 : 0);  // ⌈fill_to / n⌉, for a threshold up to 2^128 − 1
    if (faces > max_pool_cost_states || bound > max_pool_cost_states / faces)
        detail::fail<std::invalid_argument>("rollplan: expected_pool_rolls follows at most 2^16 states of the pool",
                                            "N", n, "K", faces, "threshold", threshold);
    const auto states = static_cast<std::size_t>(bound * faces);  // every range stays below this

    // One draw from each range r, once: its expected rolls, and the ranges it leaves.
    struct move {
        std::size_t to;
        double probability;
    };
    std::vector<double> cost(states, -1.0);
    std::vector<std::vector<move>> moves(states);
    auto learn = [&](std::size_t from) {
        count_t r = from;
        double rolls = 0, reach = 1;
        for (int step = 0; step < 64 && reach != 0; ++step) {
            while (r < fill_to) {
                r *= faces;
                rolls += reach;
            }
            const count_t kept = r / n * n;
            moves[from].push_back({static_cast<std::size_t>(r / n), reach * static_cast<double>(kept) / static_cast<double>(r)});
            reach *= static_cast<double>(r - kept) / static_cast<double>(r);
            r -= kept;
        }
        cost[from] = rolls;
    };

    std::vector<double> now(states, 0.0), next(states, 0.0);
    now[1] = 1;
    double total = 0;
    for (std::uint64_t draw = 0; draw < count; ++draw) {
        double per_draw = 0, change = 0;
        for (std::size_t r = 1; r < states; ++r) {
            if (now[r] == 0) continue;
            if (cost[r] < 0) learn(r);
            per_draw += now[r] * cost[r];
            for (const move& m : moves[r]) next[m.to] += now[r] * m.probability;
        }
        total += per_draw;
        for (std::size_t r = 0; r < states; ++r) {
            change += next[r] > now[r] ? next[r] - now[r] : now[r] - next[r];
            now[r] = next[r];
            next[r] = 0;
        }
        if (change < 1e-15) return total + per_draw * static_cast<double>(count - draw - 1);  // stationary
    }
    return total;
}

}  // namespace rollplan
