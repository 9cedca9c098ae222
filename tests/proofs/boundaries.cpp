// The boundaries: N ∈ {1, 2, 2^32 − 1, 2^32, 2^32 + 1, 2^63, 2^63 + 1, 2^64 − 1}
// from dice of K ∈ {2, 3, 6, 2^31 − 2, 2^32, 2^64 − 1, 2^64} faces, one strategy
// per translation unit (ROLLPLAN_BOUNDARY_STRATEGY, set by CMake).
// - At compile time, within the default constexpr limits (the bound on
//   compile time): each plan_t is planned, has N outcomes and rolls die<K>.
// - At run time: the run-time planner gives the same plan, 64 draws are in
//   range, and the plan's exact analysis is printed — uniform and its
//   expected rolls, or the `rollplan:` error that says why it cannot be
//   computed — one line per plan, which tests/boundaries.py checks against an
//   independent computation in Python's exact fractions.
#include <rollplan/rollplan.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace rp = rollplan;
using strategy = rp::strategy::ROLLPLAN_BOUNDARY_STRATEGY;

namespace {

// A source of die<K>: splitmix64 words reduced to [0, K) (a fixed stream is
// all the range check needs).
template <rp::count_t K>
struct test_source {
    using die_type = rp::die<K>;
    rp::splitmix64 words{K == rp::two_to_64 ? 1 : static_cast<std::uint64_t>(K)};
    std::uint64_t operator()() {
        if constexpr (K == rp::two_to_64)
            return words();
        else
            return words() % static_cast<std::uint64_t>(K);
    }
};

int failures = 0;

void check(bool ok, const char* what, rp::count_t n, rp::count_t k) {
    if (ok) return;
    std::printf("FAILED: %s for N = %s, K = %s\n", what, rp::to_string(n).c_str(), rp::to_string(k).c_str());
    ++failures;
}

template <rp::count_t N, rp::count_t K>
void one_boundary() {
    using plan = rp::plan_t<N, rp::die<K>, strategy>;
    static_assert(plan::outcome_count == N);
    static_assert(N == 1 || std::is_same_v<typename plan::die_type, rp::die<K>>);
    const rp::plan_description at_run_time = rp::make_plan(N, K, strategy{});
    check(at_run_time == rp::description_v<plan>, "the run-time planner differs", N, K);
    test_source<K> source;
    for (int i = 0; i < 64; ++i) check(rp::sample<plan>(source) < N, "a value out of range", N, K);
    std::string analysis;
    try {
        analysis = rp::is_exactly_uniform(at_run_time) ? "uniform " : "NOT-UNIFORM ";
        analysis += rp::to_string(rp::expected_rolls(at_run_time));
    } catch (const std::exception& e) {
        const std::string what = e.what();
        check(what.rfind("rollplan: ", 0) == 0, "an error without words", N, K);
        analysis = "error " + what;
    }
    std::printf("%s\t%s\t%s\t%s\n", rp::to_string(N).c_str(), rp::to_string(K).c_str(), rp::plan_name(at_run_time).c_str(),
                analysis.c_str());
}

template <rp::count_t N>
void every_die() {
    one_boundary<N, 2>();
    one_boundary<N, 3>();
    one_boundary<N, 6>();
    one_boundary<N, (rp::count_t{1} << 31) - 2>();
    one_boundary<N, rp::count_t{1} << 32>();
    one_boundary<N, rp::two_to_64 - 1>();
    one_boundary<N, rp::two_to_64>();
}

}  // namespace

int main() {
    every_die<1>();
    every_die<2>();
    every_die<(rp::count_t{1} << 32) - 1>();
    every_die<rp::count_t{1} << 32>();
    every_die<(rp::count_t{1} << 32) + 1>();
    every_die<rp::count_t{1} << 63>();
    every_die<(rp::count_t{1} << 63) + 1>();
    every_die<rp::max_target>();
    return failures == 0 ? 0 : 1;
}
