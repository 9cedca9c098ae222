// rollplan/generate.hpp: filling buffers, shuffling and sampling, all
// constexpr and exactly uniform (docs/spec.md states each algorithm). On an
// engine word (a 32- or 64-bit engine) each of them takes several values from
// one word of the engine (detail/batch.hpp); on other sources one value per draw.
#pragma once

#include "detail/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "detail/batch.hpp"
#include "distribution.hpp"
#include "sample.hpp"

namespace rollplan {

namespace detail {

// rollplan's distribution with bounds at compile time, and with bounds at run time.
template <class Dist>
inline constexpr bool is_rollplan_distribution = false;
template <class T, auto A, auto B, class Strategy>
inline constexpr bool is_rollplan_distribution<uniform_int_distribution<T, A, B, Strategy>> =
    !is_run_time_bound<A>;
template <class Dist>
inline constexpr bool is_run_time_distribution = false;
template <class T, class Strategy>
inline constexpr bool is_run_time_distribution<uniform_int_distribution<T, run_time_bound{}, run_time_bound{}, Strategy>> =
    true;

template <class G>
inline constexpr bool is_engine = uniform_random_bit_generator<std::remove_cvref_t<G>> || die_source<G>;

// How many values of Dist generate takes from one word of G, when Dist's
// bounds are constants: the batch size when Dist's plan on G is
// scale<roll<D>, N> (the default on an engine word), else 1.
template <class Dist, class G>
constexpr std::size_t values_per_word() {
    if constexpr (is_rollplan_distribution<Dist> && is_engine<G>) {
        using die = typename die_of_source<G>::type;
        using plan = typename Dist::template plan_for<G>;
        if constexpr (std::is_same_v<plan, scale<roll<die>, plan::outcome_count>>)
            return batch_size(plan::outcome_count, die::faces);
    }
    return 1;
}

// generate in batches: the scale node on N^k, written as k digits of N, the
// most significant first; the digits of the last batch that fall past
// `last` are not used. Batch is digit_batch (N and k constants) or
// digit_batch_of (both known at run time), taken by value: a local the
// output cannot alias, so its fields stay in registers.
template <class It, class Sent, class Dist, class S, class Batch>
constexpr It generate_batched(It first, Sent last, const Dist& dist, S& s, const Batch batch) {
    using die = typename std::remove_cvref_t<S>::die_type;
    using result = typename Dist::result_type;
    const std::size_t k = batch.size();
    const result lowest = dist.min();
    auto word = [&] {
        for (;;) {
            const std::uint64_t v = checked_digit<die>(s());
            if (batch.accepts(v)) return v;
        }
    };
    if constexpr (std::sized_sentinel_for<Sent, It> && std::random_access_iterator<It>) {
        // whole batches straight into the output
        while (last - first >= static_cast<std::iter_difference_t<It>>(k)) {
            batch.digits(word(), [&](std::size_t i, std::uint64_t d) {
                first[static_cast<std::iter_difference_t<It>>(i)] = offset_value<result>(lowest, d);
            });
            first += static_cast<std::iter_difference_t<It>>(k);
        }
    }
    std::array<std::uint64_t, detail::max_batch> digits{};
    while (first != last) {
        batch.digits(word(), [&](std::size_t i, std::uint64_t d) { digits[i] = d; });
        for (std::size_t i = 0; i < k && first != last; ++i, ++first) *first = offset_value<result>(lowest, digits[i]);
    }
    return first;
}

// generate with rollplan's distribution whose bounds come at run time: the
// batches of the compile-time form for the same N, computed once per call
// (the batch size, N^k, the threshold), when the plan is scale<roll<D>, N>
// (2 <= N < K on an engine word) and a batch holds two values or more;
// otherwise a draw per value.
template <class It, class Sent, class Dist, class G>
constexpr It generate_run_time(It first, Sent last, const Dist& dist, G& g) {
    decltype(auto) s = as_source(g);
    using die = typename std::remove_cvref_t<decltype(s)>::die_type;
    constexpr count_t K = die::faces;
    if constexpr (is_engine_word(K)) {
        const std::uint64_t n = static_cast<std::uint64_t>(span_of(dist.a(), dist.b())) + 1;
        if (n - 2 < static_cast<std::uint64_t>(K - 2)) {
            if (const std::size_t k = batch_size(n, K); k >= 2)
                return generate_batched(first, last, dist, s, digit_batch_of<K>{n, k});
        }
    }
    return fill_draws(first, last, dist, g);  // the loop of dist(g)
}

// K indices for the bounds bound, bound − 1, … given to visit, from one word
// (index_batch_word), as the chain reads them; bound becomes bound − K. False
// when visit stops. Always inlined: it is the body of the shuffle's loop.
template <count_t L, std::size_t K, class Word, class Visit>
[[gnu::always_inline]] constexpr bool visit_index_batch(Word& word, std::uint64_t& bound, Visit& visit) {
    std::uint64_t rest = index_batch_word<L, K>(word, bound);
    for (std::size_t t = 0; t < K; ++t) {
        const std::uint64_t b = bound--;
        if (!visit(b, chain_step<L>(rest, b))) {
            bound -= K - 1 - t;
            return false;
        }
    }
    return true;
}

// Batches of K indices while the bounds are in K's zone, (largest_bound[K + 1], largest_bound[K]].
template <count_t L, std::size_t K, class Word, class Visit>
[[gnu::always_inline]] constexpr bool index_zone(Word& word, std::uint64_t& bound, std::uint64_t last, Visit& visit) {
    constexpr std::uint64_t zone_floor = largest_bound<L>[K + 1];
    while (bound > zone_floor && bound >= last + (K - 1) && (L == two_to_64 || count_t{bound} <= L))
        if (!visit_index_batch<L, K>(word, bound, visit)) return false;
    return true;
}

// Calls visit(bound, j) for bound = n, n − 1, …, last (n >= last >= 1), with
// j uniform on [0, bound) and independent of everything else, until visit
// returns false. On an engine word the j come in batches: the k bounds from i
// down take one word when k is i's zone size (detail/batch.hpp) and they are all at
// least `last`; the bounds left when fewer remain, one at a time. Elsewhere,
// and for bounds past one word, each j is uniform_below(g, bound).
template <class G, class Visit>
constexpr void uniform_indices_down(G& g, std::uint64_t n, std::uint64_t last, Visit visit) {
    decltype(auto) s = as_source(g);
    using die = typename std::remove_cvref_t<decltype(s)>::die_type;
    constexpr count_t range = die::faces;
    std::uint64_t bound = n;
    if constexpr (is_engine_word(range)) {
        auto word = [&] { return checked_digit<die>(s()); };
        // The bounds fall, so the zones come in order of their batch size.
        if (!(index_zone<range, 1>(word, bound, last, visit) && index_zone<range, 2>(word, bound, last, visit) &&
              index_zone<range, 3>(word, bound, last, visit) && index_zone<range, 4>(word, bound, last, visit) &&
              index_zone<range, 5>(word, bound, last, visit) && index_zone<range, 6>(word, bound, last, visit)))
            return;
        static_assert(max_index_batch == 6);
        // the last bounds, fewer than their zone's batch size: one at a time
        while (bound >= last && count_t{bound} <= range)
            if (!visit_index_batch<range, 1>(word, bound, visit)) return;
    }
    for (; bound >= last; --bound)
        if (!visit(bound, uniform_below(s, bound))) return;
}

// A range whose iterator may be returned: an lvalue, or a borrowed range such
// as a std::span (std::ranges::begin refuses other rvalues). Written with the
// range access of <iterator>, so that <ranges> is not included.
template <class R>
concept borrowed_iterable = requires(R&& r) {
    std::ranges::begin(std::forward<R>(r));
    std::ranges::end(std::forward<R>(r));
};
template <class R>
using iterator_of = decltype(std::ranges::begin(std::declval<R>()));
// Any range read in place (its iterators are not returned).
template <class R>
concept iterable = requires(R& r) {
    std::ranges::begin(r);
    std::ranges::end(r);
};

// rollplan's algorithms are function objects, as the std::ranges algorithms
// are: an unqualified call after `using namespace rollplan;` finds the object
// by ordinary lookup, and argument-dependent lookup (which would find
// std::shuffle for a std::vector) is not done.

// *it = a value of dist for each position, in order; returns the end. With
// rollplan's distribution on an engine word, several values come from one
// word (docs/spec.md, section 5), whether its bounds are constants or given
// at run time; otherwise *it = dist(g).
struct generate_fn {
    template <std::input_or_output_iterator It, std::sentinel_for<It> Sent, class Dist, class G>
    constexpr It operator()(It first, Sent last, Dist&& dist, G&& g) const {
        using dist_type = std::remove_cvref_t<Dist>;
        constexpr std::size_t per_word = values_per_word<dist_type, std::remove_reference_t<G>>();
        if constexpr (per_word >= 2) {
            decltype(auto) s = as_source(g);
            using die = typename std::remove_cvref_t<decltype(s)>::die_type;
            return generate_batched(first, last, dist, s,
                                    digit_batch<die::faces, static_cast<std::uint64_t>(dist_type::outcomes), per_word>{});
        } else if constexpr (is_run_time_distribution<dist_type> && is_engine<G>) {
            return generate_run_time(first, last, dist, g);
        } else {
            for (; first != last; ++first) *first = dist(g);
            return first;
        }
    }
    template <borrowed_iterable R, class Dist, class G>
    constexpr iterator_of<R> operator()(R&& range, Dist&& dist, G&& g) const {
        return (*this)(std::ranges::begin(range), std::ranges::end(range), dist, g);
    }
};

}  // namespace detail

inline constexpr detail::generate_fn generate{};

// Count values of dist from engine, as a std::array (an rvalue engine is fine).
template <std::size_t Count, class Dist, class G>
constexpr auto generate_array(Dist&& dist, G&& engine) {
    std::array<typename std::remove_cvref_t<Dist>::result_type, Count> values{};
    rollplan::generate(values.begin(), values.end(), dist, engine);
    return values;
}

namespace detail {

// The number of elements of [first, last): std::ranges::distance, which
// emscripten's libc++ does not have.
template <std::forward_iterator It, std::sentinel_for<It> Sent>
constexpr std::uint64_t count_between(It first, Sent last) {
    if constexpr (std::sized_sentinel_for<Sent, It>) {
        return static_cast<std::uint64_t>(last - first);
    } else {
        std::uint64_t n = 0;
        for (; first != last; ++first) ++n;
        return n;
    }
}

// Fisher–Yates (Durstenfeld's order): for i = n−1 down to 1, swap element i
// with element j, j uniform on [0, i + 1). Every index is exactly uniform and
// independent, so every permutation has probability 1/n!.
struct shuffle_fn {
    template <std::random_access_iterator It, std::sentinel_for<It> Sent, class G>
    constexpr It operator()(It first, Sent last, G&& g) const {
        const auto n = static_cast<std::uint64_t>(last - first);
        if (n >= 2)
            uniform_indices_down(g, n, 2, [&](std::uint64_t bound, std::uint64_t j) {
                std::ranges::iter_swap(first + static_cast<std::iter_difference_t<It>>(bound - 1),
                                       first + static_cast<std::iter_difference_t<It>>(j));
                return true;
            });
        return first + static_cast<std::iter_difference_t<It>>(n);
    }
    template <borrowed_iterable R, class G>
        requires std::random_access_iterator<iterator_of<R>>
    constexpr iterator_of<R> operator()(R&& range, G&& g) const {
        return (*this)(std::ranges::begin(range), std::ranges::end(range), g);
    }
};

// Selection sampling (Knuth, TAOCP vol. 2, Algorithm S): k of the n elements,
// in their order; element t (0-based) is taken when a value j uniform on
// [0, n − t) is below the number still to take. Every k-subset has
// probability 1/C(n, k). Copies min(k, n) elements to out and returns the end
// of the output.
struct sample_without_replacement_fn {
    template <std::forward_iterator It, std::sentinel_for<It> Sent, std::weakly_incrementable Out, class G>
    constexpr Out operator()(It first, Sent last, Out out, std::uint64_t k, G&& g) const {
        const std::uint64_t n = count_between(first, last);
        if (n == 0 || k == 0) return out;
        uniform_indices_down(g, n, 1, [&](std::uint64_t, std::uint64_t j) {
            if (j < k) {
                *out = *first;
                ++out;
                --k;
            }
            ++first;
            return k > 0 && first != last;
        });
        return out;
    }
    template <iterable R, std::weakly_incrementable Out, class G>
        requires std::forward_iterator<iterator_of<R&>>
    constexpr Out operator()(R&& range, Out out, std::uint64_t k, G&& g) const {
        return (*this)(std::ranges::begin(range), std::ranges::end(range), out, k, g);
    }
};

// An iterator to an element chosen uniformly: first + uniform_below(g, n) for
// n elements, one exact draw (none for one element), or last for an empty
// range. Always inlined, as the draw is.
struct pick_fn {
    template <std::forward_iterator It, std::sentinel_for<It> Sent, class G>
    [[gnu::always_inline]] constexpr It operator()(It first, Sent last, G&& g) const {
        // uniform_below(g, n) for n >= 1; for n = 0 (the count that stands for 2^64 elsewhere) no
        // roll and 0: first, which is last. One test of n on the way to the common case.
        const std::uint64_t n = count_between(first, last);
        const std::uint64_t j = uniform_count(g, n, [](auto&) { return std::uint64_t{0}; });
        return std::ranges::next(first, static_cast<std::iter_difference_t<It>>(j));
    }
    template <borrowed_iterable R, class G>
        requires std::forward_iterator<iterator_of<R>>
    [[gnu::always_inline]] constexpr iterator_of<R> operator()(R&& range, G&& g) const {
        return (*this)(std::ranges::begin(range), std::ranges::end(range), g);
    }
};

}  // namespace detail

inline constexpr detail::shuffle_fn shuffle{};
inline constexpr detail::sample_without_replacement_fn sample_without_replacement{};
inline constexpr detail::pick_fn pick{};

}  // namespace rollplan
