// The real sample<P> code run at compile time on every sequence of source
// rolls up to a depth, for N = 2..40, every strategy and Lemire's map, compared with the
// model (verify_exhaustively). Part 1: coin and d3; part 2: d5 and d6;
// part 3: d7, d10, d20. The sweep is deep, so CMake raises the constexpr limits.
#include <rollplan/rollplan.hpp>

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>
#include <cstdio>
#include <type_traits>
#include <utility>

namespace rp = rollplan;

template <class Die, std::size_t Depth, rp::count_t N, class Strategy>
struct exhaustive {
    static_assert(rp::verify_exhaustively<rp::plan_t<N, Die, Strategy>>(Depth));
    static constexpr bool holds = true;
};

// Lemire's map, which the default plans use on engine words, over the
// fewest rolls that reach N (the planner's shape), with small dice standing
// in for 2^32 and 2^64: the node is generic in |P|.
template <class Die, rp::count_t N>
struct lemire_shape {
    static constexpr unsigned rolls = rp::detail::digits_needed(N, Die::faces);
    using digits = std::conditional_t<rolls == 1, rp::roll<Die>,
                                      boost::mp11::mp_rename<boost::mp11::mp_repeat_c<boost::mp11::mp_list<rp::roll<Die>>, rolls>,
                                                             rp::mixed_radix>>;
    static constexpr bool applies = digits::outcome_count != N;
};
template <class Die, std::size_t Depth, rp::count_t N, bool = lemire_shape<Die, N>::applies>
struct exhaustive_scale {
    static_assert(rp::verify_exhaustively<rp::scale<typename lemire_shape<Die, N>::digits, N>>(Depth));
    static constexpr bool holds = true;
};
template <class Die, std::size_t Depth, rp::count_t N>
struct exhaustive_scale<Die, Depth, N, false> {
    static constexpr bool holds = true;
};

template <class Die, std::size_t Depth, std::size_t... I>
constexpr bool sweep(std::index_sequence<I...>) {
    constexpr bool verified[] = {(exhaustive<Die, Depth, I + 2, rp::strategy::digits>::holds &&
                                  exhaustive<Die, Depth, I + 2, rp::strategy::smooth>::holds &&
                                  exhaustive<Die, Depth, I + 2, rp::strategy::cheapest>::holds &&
                                  exhaustive<Die, Depth, I + 2, rp::strategy::optimal>::holds &&
                                  exhaustive_scale<Die, Depth, I + 2>::holds)...};
    for (bool v : verified)
        if (!v) return false;
    return true;
}
constexpr auto twos_to_40 = std::make_index_sequence<39>{};

#if ROLLPLAN_EXHAUSTIVE_PART == 1
static_assert(sweep<rp::coin, 9>(twos_to_40));
static_assert(sweep<rp::die<3>, 6>(twos_to_40));
#elif ROLLPLAN_EXHAUSTIVE_PART == 2
static_assert(sweep<rp::die<5>, 4>(twos_to_40));
static_assert(sweep<rp::d6, 4>(twos_to_40));
#else
static_assert(sweep<rp::die<7>, 3>(twos_to_40));
static_assert(sweep<rp::d10, 3>(twos_to_40));
static_assert(sweep<rp::d20, 2>(twos_to_40));
#endif

int main() {
    std::printf("verified at compile time: part %d of the exhaustive runs of sample<P>, N = 2..40\n",
                ROLLPLAN_EXHAUSTIVE_PART);
}
