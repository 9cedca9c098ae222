// rollplan/parallel.hpp: generate on a standard execution policy,
//
//   rollplan::generate(std::execution::par, first, last, dist, engine)
//
// with the values of rollplan::generate(first, last, dist, engine), whatever
// the policy and the number of threads. With a counter-based engine
// (philox4x32, philox4x64) a fill is made of blocks of 1024 values, each a
// function of the engine's key, its counter at the call and the block's
// number (generate.hpp, counter_blocks): the policy's threads fill blocks in
// any order, and the engine ends where the call without a policy leaves it.
// std::execution::seq is that call, with any engine; a parallel policy with a
// sequential engine (whose values depend on the order of the draws) is a
// compile error in words.
//
// The threads are the standard library's: libstdc++ runs its parallel
// algorithms on oneTBB when <tbb/tbb.h> is there (link with -ltbb; Debian
// libtbb-dev) and in the calling thread otherwise, with the same values. This
// header includes <execution>, which costs more to compile than the rest of
// rollplan (with TBB, about twice rollplan.hpp): rollplan.hpp leaves it out.
#pragma once

#include "detail/config.hpp"

#include <algorithm>
#include <cstdint>
#include <execution>
#include <iterator>
#include <numeric>
#include <type_traits>
#include <vector>

#include "generate.hpp"

namespace rollplan::detail {

template <class Policy>
    requires std::is_execution_policy_v<Policy>
struct parallel_generate<Policy> {
    template <class It, class Sent, class Dist, class G>
    static It run(const Policy& policy, It first, Sent last, Dist& dist, G& g) {
        using engine = std::remove_cvref_t<G>;
        if constexpr (std::is_same_v<Policy, std::execution::sequenced_policy>) {
            return rollplan::generate(first, last, dist, g);
        } else {
            static_assert(counter_based_engine<engine>,
                          "rollplan: generate with a parallel policy needs a counter-based engine (philox4x32, "
                          "philox4x64): a sequential engine's values depend on the order of the draws, which threads change");
            static_assert(std::random_access_iterator<It> && std::sized_sentinel_for<Sent, It>,
                          "rollplan: generate with a parallel policy needs random-access iterators (a vector, an array, a span)");
            const counter_blocks blocks(g);
            const auto n = static_cast<std::uint64_t>(last - first);
            std::vector<std::uint64_t> numbers(static_cast<std::size_t>(blocks.blocks(n)));
            std::iota(numbers.begin(), numbers.end(), std::uint64_t{0});
            std::for_each(policy, numbers.begin(), numbers.end(), [&](std::uint64_t j) {
                const std::uint64_t begin = j * counter_block_values, end = std::min(n, begin + counter_block_values);
                blocks.fill(first + static_cast<std::iter_difference_t<It>>(begin), first + static_cast<std::iter_difference_t<It>>(end),
                            dist, begin);
            });
            blocks.finish(g, n);
            return first + static_cast<std::iter_difference_t<It>>(n);
        }
    }
};

}  // namespace rollplan::detail
