// Static proofs for every N in [1, 300] and every strategy, for one die
// (ROLLPLAN_GRID_FACES, set by CMake) or a set of dice: each plan has N outcomes, is exactly
// uniform, is the type of the planner's own data; cheapest costs no more than
// digits or smooth, and the optimal plan carries its optimality certificate.
// Built with the compilers' default constexpr limits.
#include <rollplan/rollplan.hpp>

#include <cstdio>
#include <utility>

namespace rp = rollplan;
#define ROLLPLAN_GRID_EXPAND(...) #__VA_ARGS__
#define ROLLPLAN_GRID_TEXT(...) ROLLPLAN_GRID_EXPAND(__VA_ARGS__)
#ifdef ROLLPLAN_GRID_DICE
// A set of dice (ROLLPLAN_GRID_DICE, e.g. rp::d6, rp::d10) up to ROLLPLAN_GRID_LAST:
// no certificate, as over a set no optimum is proven.
using grid_die = rp::dice_set<ROLLPLAN_GRID_DICE>;
inline constexpr bool certified = false;
inline constexpr std::size_t grid_last = ROLLPLAN_GRID_LAST;
#define ROLLPLAN_GRID_NAME "the dice set " ROLLPLAN_GRID_TEXT(ROLLPLAN_GRID_DICE)
#else
using grid_die = rp::die<ROLLPLAN_GRID_FACES>;
inline constexpr bool certified = true;
inline constexpr std::size_t grid_last = 300;
#define ROLLPLAN_GRID_NAME "a die with " ROLLPLAN_GRID_TEXT(ROLLPLAN_GRID_FACES) " faces"
#endif

template <rp::count_t N, class Strategy>
struct proof {
    using P = rp::plan_t<N, grid_die, Strategy>;
    static_assert(P::outcomes == N);
    static_assert(rp::is_exactly_uniform_v<P>);
    static_assert(rp::description_v<P> == rp::planned<N, grid_die, Strategy>::value);
    static constexpr bool holds = true;
};

template <rp::count_t N>
struct optimal_is_certified {
    static_assert(!certified || rp::certify_optimal<rp::plan_t<N, grid_die, rp::strategy::optimal>>());
    static constexpr bool holds = true;
};

template <rp::count_t N>
struct cheapest_is_cheapest {
    static constexpr rp::rational best = rp::expected_rolls_v<rp::plan_t<N, grid_die, rp::strategy::cheapest>>;
    static_assert(best <= rp::expected_rolls_v<rp::plan_t<N, grid_die, rp::strategy::digits>>);
    static_assert(best <= rp::expected_rolls_v<rp::plan_t<N, grid_die, rp::strategy::smooth>>);
    static constexpr bool holds = true;
};

// A list, not a && fold: Clang limits fold expressions to 256 operands.
template <std::size_t... I>
constexpr bool all_proved(std::index_sequence<I...>) {
    constexpr bool proved[] = {(proof<I + 1, rp::strategy::digits>::holds && proof<I + 1, rp::strategy::smooth>::holds &&
                                proof<I + 1, rp::strategy::cheapest>::holds && proof<I + 1, rp::strategy::optimal>::holds &&
                                cheapest_is_cheapest<I + 1>::holds && optimal_is_certified<I + 1>::holds)...};
    for (bool p : proved)
        if (!p) return false;
    return true;
}
static_assert(all_proved(std::make_index_sequence<grid_last>{}));

int main() {
    std::printf("proved at compile time: N = 1..%zu from %s, strategies digits, smooth, cheapest, optimal\n", grid_last,
                ROLLPLAN_GRID_NAME);
}
