// rollplan/generate.hpp: filling buffers, shuffling and sampling, all
// constexpr and exactly uniform (docs/spec.md states each algorithm). On an
// engine word (a 32- or 64-bit engine) each of them takes several values from
// one word of the engine (detail/batch.hpp); on other sources one value per draw.
// From a counter-based engine (philox.hpp) generate fills in blocks, each
// value a function of its index, so that a fill may be split across threads
// (parallel.hpp: generate with an execution policy) or machines (generate_part).
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
// `last` are not used. Batch is digit_batch (N and k constants),
// sized_digit_batch (k a constant, N known at run time) or digit_batch_of
// (both known at run time), taken by value: a local the output cannot
// alias, so its fields stay in registers.
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
                return batch_size_dispatch(k, [&]<std::size_t size>() {
                    if constexpr (size == 0)
                        return generate_batched(first, last, dist, s, digit_batch_of<K>{n, k});
                    else
                        return generate_batched(first, last, dist, s, sized_digit_batch<K, size>{n});
                });
        }
    }
    return fill_draws(first, last, dist, g);  // the loop of dist(g)
}

// K indices for the bounds bound, bound − 1, … given to visit, from one word
// (index_batch_word), as the chain reads them; bound becomes bound − K. False
// when visit stops (bound is then left as it stands: every caller returns).
// Always inlined: it is the body of the shuffle's loop.
template <count_t L, std::size_t K, class Word, class Visit>
[[gnu::always_inline]] constexpr bool visit_index_batch(Word& word, std::uint64_t& bound, Visit& visit) {
    std::uint64_t rest = index_batch_word<L, K>(word, bound);
    for (std::size_t t = 0; t < K; ++t) {
        const std::uint64_t b = bound--;
        if (!visit(b, chain_step<L>(rest, b))) return false;
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
        // (bound 1 below: uniform_below(s, 1) is 0 and reads nothing, as the spec says)
        while (bound >= last && bound >= 2 && count_t{bound} <= range)
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

// generate(policy, …): parallel.hpp specialises this for the standard
// execution policies; without it, or for another first argument, the call
// stops here, in words.
template <class Policy>
struct parallel_generate {
    template <class... Args>
    static auto run(Args&&...) {
        static_assert(sizeof(Policy) == 0,
                      "rollplan: generate(policy, first, last, dist, engine) takes a standard execution policy "
                      "(std::execution::seq, par, par_unseq) and needs #include <rollplan/parallel.hpp>");
    }
};

// The fill itself, from any source: generate's values for [first, last).
template <class It, class Sent, class Dist, class G>
constexpr It generate_in_order(It first, Sent last, Dist& dist, G& g) {
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

// A counter-based engine, as generate fills from it: rollplan's philox_engine,
// whose state can be read (counter(), index()) and set (set_counter), with a
// counter wide enough for 2^64 steps within a block (its low words) and 2^64
// blocks (its high words): philox4x32, philox4x64, philox2x64.
template <class E>
struct counter_layout {
    static constexpr std::size_t words = E::word_count, low = (64 + E::word_size - 1) / E::word_size;
    static constexpr bool fits = words > low && (words - low) * E::word_size >= 64;
};
template <class E>
concept counter_based_engine = requires(E& e) {
    E::word_count;
    E::word_size;
    e.counter();
    e.index();
    e.set_counter(e.counter());
} && counter_layout<E>::fits;

// The values of one block of a fill.
inline constexpr std::size_t counter_block_values = 1024;

// The blocks of a fill from a counter-based engine e (docs/spec.md, section
// 5): the values at indices [1024·j, 1024·(j + 1)) are the ordinary fill of
// those positions from e's key at the counter c_j, whose low words are 0 and
// whose high words are b + j, where b is the first such range that e has not
// read from (its high words, plus 1 unless its low words are 0 and it has
// read nothing of them). So each value depends on e's key, e's counter at the
// call and its own index, and a fill may be made in parts, in any order, on
// any number of threads or machines. (A block would run into the next only
// past 2^64 counter steps, 2^66 values for 1024: never, in practice.)
template <counter_based_engine E>
class counter_blocks {
public:
    using counter_type = std::remove_cvref_t<decltype(std::declval<const E&>().counter())>;  // low word first
    static constexpr std::size_t low = counter_layout<E>::low;

    constexpr explicit counter_blocks(const E& e) : key_holder_(e), base_(e.counter()) {
        bool unread = e.index() == E::word_count - 1;
        for (std::size_t j = 0; j < low; ++j) {
            unread = unread && base_[j] == 0;
            base_[j] = 0;
        }
        if (!unread) add(base_, 1);
    }
    static constexpr std::uint64_t blocks(std::uint64_t values) {
        return values / counter_block_values + (values % counter_block_values != 0);
    }
    // e's key at the start of block j
    constexpr E engine_for(std::uint64_t j) const {
        E block = key_holder_;
        counter_type c = base_;
        add(c, j);
        block.set_counter(highest_first(c));
        return block;
    }
    // where e stands after a fill of `values` values: at the next range unread
    constexpr void finish(E& e, std::uint64_t values) const {
        if (values != 0) e = engine_for(blocks(values));
    }
    // Writes the values at indices index, index + 1, … into [first, last):
    // block by block, the first block's values before `index` made and dropped.
    template <std::forward_iterator It, std::sentinel_for<It> Sent, class Dist>
    constexpr It fill(It first, Sent last, const Dist& dist, std::uint64_t index) const {
        std::uint64_t j = index / counter_block_values;
        if (const std::size_t skip = static_cast<std::size_t>(index % counter_block_values); skip != 0 && first != last) {
            using value = std::iter_value_t<It>;
            std::array<value, counter_block_values> made{};
            std::size_t wanted = skip;
            for (It end = first; wanted < counter_block_values && end != last; ++end) ++wanted;
            fill_block(made.begin(), made.begin() + static_cast<std::ptrdiff_t>(wanted), dist, j++);
            for (std::size_t i = skip; i < wanted; ++i, ++first) *first = made[i];
        }
        for (; first != last; ++j) {
            It end = first;
            if constexpr (std::sized_sentinel_for<Sent, It> && std::random_access_iterator<It>) {
                const auto left = static_cast<std::iter_difference_t<It>>(last - first),
                           whole = static_cast<std::iter_difference_t<It>>(counter_block_values);
                end += left < whole ? left : whole;
            } else {
                for (std::size_t m = 0; m < counter_block_values && end != last; ++m) ++end;
            }
            first = fill_block(first, end, dist, j);
        }
        return first;
    }

private:
    template <class It, class Dist>
    constexpr It fill_block(It first, It last, const Dist& dist, std::uint64_t j) const {
        E block = engine_for(j);
        std::remove_cvref_t<Dist> d = dist;  // each block from the distribution as given
        return generate_in_order(first, last, d, block);
    }
    // c = c + by over the high words (mod 2^(w·(n − low)))
    static constexpr void add(counter_type& c, std::uint64_t by) {
        count_t carry = by;
        for (std::size_t j = low; j < E::word_count && carry != 0; ++j) {
            const count_t sum = count_t{c[j]} + carry;
            c[j] = static_cast<typename counter_type::value_type>(sum & count_t{E::max()});
            carry = sum >> E::word_size;
        }
    }
    static constexpr counter_type highest_first(const counter_type& c) {
        counter_type out{};
        for (std::size_t j = 0; j < E::word_count; ++j) out[j] = c[E::word_count - 1 - j];
        return out;
    }
    E key_holder_;  // e, whose key every block takes
    counter_type base_;
};

// *it = a value of dist for each position, in order; returns the end. With
// rollplan's distribution on an engine word, several values come from one
// word (docs/spec.md, section 5), whether its bounds are constants or given
// at run time; otherwise *it = dist(g). From a counter-based engine the fill
// is made of counter blocks (counter_blocks), each value a function of the
// engine's key and counter and of its index, and the engine ends at the next
// unread range.
struct generate_fn {
    template <std::input_or_output_iterator It, std::sentinel_for<It> Sent, class Dist, class G>
    constexpr It operator()(It first, Sent last, Dist&& dist, G&& g) const {
        if constexpr (counter_based_engine<std::remove_cvref_t<G>>) {
            static_assert(std::forward_iterator<It>,
                          "rollplan: generate from a counter-based engine fills block by block: it needs a forward iterator");
            const counter_blocks blocks(g);
            const It end = blocks.fill(first, last, dist, 0);
            blocks.finish(g, count_between(first, end));
            return end;
        } else {
            return generate_in_order(first, last, dist, g);
        }
    }
    // The same fill, on a standard execution policy (std::execution::seq, par,
    // par_unseq), with #include <rollplan/parallel.hpp>: the values of the
    // call without one, block by block on the policy's threads.
    template <class Policy, std::input_or_output_iterator It, std::sentinel_for<It> Sent, class Dist, class G>
        requires(!std::input_or_output_iterator<std::remove_cvref_t<Policy>>)
    It operator()(Policy&& policy, It first, Sent last, Dist&& dist, G&& g) const {
        return parallel_generate<std::remove_cvref_t<Policy>>::run(policy, first, last, dist, g);
    }
    template <borrowed_iterable R, class Dist, class G>
    constexpr iterator_of<R> operator()(R&& range, Dist&& dist, G&& g) const {
        return (*this)(std::ranges::begin(range), std::ranges::end(range), dist, g);
    }
};

}  // namespace detail

inline constexpr detail::generate_fn generate{};

namespace detail {

// generate_part(first, last, dist, engine, index): the values that
// generate(…, dist, engine) puts at indices index, index + 1, … of its fill,
// into [first, last), from a counter-based engine, which stays as it was. A
// worker given (the engine's seed and counter, a first index, a count) makes
// its part of a fill alone; the parts put together are the one fill.
struct generate_part_fn {
    template <std::forward_iterator It, std::sentinel_for<It> Sent, class Dist, class E>
    constexpr It operator()(It first, Sent last, const Dist& dist, const E& engine, std::uint64_t index) const {
        static_assert(counter_based_engine<E>,
                      "rollplan: generate_part needs a counter-based engine (philox4x32, philox4x64): only its values "
                      "can be made from their index");
        return counter_blocks<E>(engine).fill(first, last, dist, index);
    }
};

}  // namespace detail

inline constexpr detail::generate_part_fn generate_part{};

// Count values of dist from engine, as a std::array (an rvalue engine is fine).
template <std::size_t Count, class Dist, class G>
constexpr auto generate_array(Dist&& dist, G&& engine) {
    std::array<typename std::remove_cvref_t<Dist>::result_type, Count> values{};
    rollplan::generate(values.begin(), values.end(), dist, engine);
    return values;
}

namespace detail {

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
    // Iterators that cannot jump (a std::list's): said in words, not as a failed constraint.
    template <std::input_or_output_iterator It, class Sent, class G>
        requires(!std::random_access_iterator<It>)
    constexpr It operator()(It first, Sent, G&&) const {
        static_assert(std::random_access_iterator<It>,
                      "rollplan: shuffle needs random-access iterators (a std::vector, std::array, std::deque or an "
                      "array), as std::shuffle does; for a std::list, shuffle a std::vector of its elements");
        return first;
    }
    template <iterable R, class G>
        requires(!std::random_access_iterator<iterator_of<R&>>)
    constexpr void operator()(R&&, G&&) const {
        static_assert(std::random_access_iterator<iterator_of<R&>>,
                      "rollplan: shuffle needs random-access iterators (a std::vector, std::array, std::deque or an "
                      "array), as std::shuffle does; for a std::list, shuffle a std::vector of its elements");
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
