// The cheapest plan on a 64-bit engine for 20 targets near 2^62 … 2^64.
#include <rollplan/rollplan.hpp>

#include <cstddef>
#include <utility>

namespace rp = rollplan;

constexpr rp::count_t target(std::size_t i) {
    // 2^62 + i, 2^63 − 3i, 2^64 − 1 − 5i, … spread over the three octaves
    const rp::count_t base[] = {rp::count_t{1} << 62, rp::count_t{1} << 63, rp::two_to_64 - 1};
    return i % 3 == 1 ? base[1] - 3 * i : base[i % 3] + (i % 3 == 0 ? i : 0) - (i % 3 == 2 ? 5 * i : 0);
}

template <std::size_t... I>
constexpr bool all_planned(std::index_sequence<I...>) {
    return ((rp::plan_t<target(I), rp::die<rp::two_to_64>, rp::strategy::cheapest>::outcome_count == target(I)) && ...);
}
static_assert(all_planned(std::make_index_sequence<20>{}));
