// rollplan/generate.hpp: filling buffers, shuffling and sampling, all
// constexpr and exactly uniform (docs/spec.md states each algorithm).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ranges>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "sample.hpp"

namespace rollplan {

// *it = dist(g) for each position, in order; returns the end.
template <std::input_or_output_iterator It, std::sentinel_for<It> Sent, class Dist, class G>
constexpr It generate(It first, Sent last, Dist&& dist, G&& g) {
    for (; first != last; ++first) *first = dist(g);
    return first;
}

template <std::ranges::range R, class Dist, class G>
constexpr std::ranges::borrowed_iterator_t<R> generate(R&& range, Dist&& dist, G&& g) {
    return rollplan::generate(std::ranges::begin(range), std::ranges::end(range), dist, g);
}

// Count values of dist from engine, as a std::array (an rvalue engine is fine).
template <std::size_t Count, class Dist, class G>
constexpr auto generate_array(Dist&& dist, G&& engine) {
    std::array<typename std::remove_cvref_t<Dist>::result_type, Count> values{};
    rollplan::generate(values.begin(), values.end(), dist, engine);
    return values;
}

// Fisher–Yates (Durstenfeld's order): for i = n−1 down to 1, swap element i
// with element j = uniform_below(g, i + 1). Every index is exactly uniform, so
// every permutation has probability 1/n!.
template <std::random_access_iterator It, std::sentinel_for<It> Sent, class G>
constexpr It shuffle(It first, Sent last, G&& g) {
    const auto n = static_cast<std::uint64_t>(last - first);
    for (std::uint64_t i = n; i > 1; --i) {
        const auto j = uniform_below(g, i);
        std::ranges::iter_swap(first + static_cast<std::iter_difference_t<It>>(i - 1),
                               first + static_cast<std::iter_difference_t<It>>(j));
    }
    return first + static_cast<std::iter_difference_t<It>>(n);
}

template <std::ranges::random_access_range R, class G>
constexpr std::ranges::borrowed_iterator_t<R> shuffle(R&& range, G&& g) {
    return rollplan::shuffle(std::ranges::begin(range), std::ranges::end(range), g);
}

// Selection sampling (Knuth, TAOCP vol. 2, Algorithm S): k of the n elements,
// in their order; element t (0-based) is taken when uniform_below(g, n − t) is
// below the number still to take. Every k-subset has probability 1/C(n, k).
// Copies min(k, n) elements to out and returns the end of the output.
template <std::forward_iterator It, std::sentinel_for<It> Sent, std::weakly_incrementable Out, class G>
constexpr Out sample_without_replacement(It first, Sent last, Out out, std::uint64_t k, G&& g) {
    auto remaining = static_cast<std::uint64_t>(std::ranges::distance(first, last));
    for (; first != last && k > 0; ++first, --remaining) {
        if (uniform_below(g, remaining) < k) {
            *out = *first;
            ++out;
            --k;
        }
    }
    return out;
}

template <std::ranges::forward_range R, std::weakly_incrementable Out, class G>
constexpr Out sample_without_replacement(R&& range, Out out, std::uint64_t k, G&& g) {
    return rollplan::sample_without_replacement(std::ranges::begin(range), std::ranges::end(range), out, k, g);
}

}  // namespace rollplan
