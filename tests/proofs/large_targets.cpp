// Planning the hardest targets fits the compilers' default constexpr limits:
// N = 2^64 − 1 (seven prime factors), the largest prime below 2^64, a product
// of two primes near 2^32 (Pollard's rho works hardest) and two small N, from
// dice of 6, 20, 5000, 2^32, 2^32 + 1 and 2^64 faces, with one strategy per
// translation unit (ROLLPLAN_LARGE_STRATEGY, set by CMake). Each plan is its
// own constant evaluation, so each must fit Clang's 2^20 steps.
#include <rollplan/rollplan.hpp>

#include <cstdio>

namespace rp = rollplan;
using strategy = rp::strategy::ROLLPLAN_LARGE_STRATEGY;

template <rp::count_t N, rp::count_t K>
struct planned_in_budget {
    static constexpr rp::plan_description plan = rp::make_plan(N, K, strategy{});
    static_assert(plan.outcomes() == N);
    static_assert(rp::is_exactly_uniform(plan));
    static constexpr bool holds = true;
};

template <rp::count_t N>
constexpr bool every_die() {
    return planned_in_budget<N, 6>::holds && planned_in_budget<N, 20>::holds && planned_in_budget<N, 5000>::holds &&
           planned_in_budget<N, rp::count_t{1} << 32>::holds && planned_in_budget<N, (rp::count_t{1} << 32) + 1>::holds &&
           planned_in_budget<N, rp::two_to_64>::holds;
}

static_assert(every_die<rp::max_target>());
static_assert(every_die<18446744073709551557ull>());
static_assert(every_die<rp::count_t{4294967291ull} * 4294967279ull>());
static_assert(every_die<1000003>());
static_assert(every_die<29>());

int main() {
    std::printf("planned within the default constexpr limits: 2^64 - 1, the largest 64-bit prime, a 64-bit "
                "semiprime, 1000003 and 29, from six dice\n");
}
