// is_exactly_uniform_v<plan_t<N, d6>> for N = 1 … 1000, in one translation unit.
#include <rollplan/rollplan.hpp>

#include <cstddef>
#include <utility>

template <std::size_t... I>
constexpr std::size_t not_uniform(std::index_sequence<I...>) {
    constexpr bool uniform[] = {rollplan::is_exactly_uniform_v<rollplan::plan_t<I + 1, rollplan::d6>>...};
    std::size_t count = 0;
    for (bool u : uniform) count += u ? 0 : 1;
    return count;
}
static_assert(not_uniform(std::make_index_sequence<1000>{}) == 0);
