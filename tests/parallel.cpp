// tests/parallel.cpp: generate on execution policies (parallel.hpp), built twice:
// rollplan_parallel_tests on oneTBB (libstdc++'s parallel algorithms, with 1, 2, 4 and 8
// threads set by tbb::global_control), and rollplan_parallel_serial_tests with
// _GLIBCXX_USE_TBB_PAR_BACKEND=0, where the policies run in the calling thread. The values
// must be the sequential call's in both.
#include <rollplan/parallel.hpp>

#include <rollplan/distribution.hpp>
#include <rollplan/engines.hpp>
#include <rollplan/philox.hpp>
#include <rollplan/uniform_real.hpp>

#include <catch2/catch.hpp>
#include <cstdint>
#include <execution>
#include <mutex>
#include <set>
#include <thread>
#include <random>
#include <span>
#include <vector>

#if ROLLPLAN_PARALLEL_TBB
#include <tbb/global_control.h>
#endif

using namespace rollplan;

namespace {

// The thread counts to try: with TBB, each a global_control's limit; without, one run.
std::vector<int> thread_counts() {
#if ROLLPLAN_PARALLEL_TBB
    return {1, 2, 4, 8};
#else
    return {1};
#endif
}

template <class Engine, class Dist, class Policy>
void same_as_sequential(const Policy& policy, const Dist& d, std::size_t n, std::uint64_t seed) {
    Engine sequential(seed), parallel(seed);
    parallel();  // mid-range, so that the fill starts at range 1 for both
    sequential();
    std::vector<typename Dist::result_type> expected(n), filled(n);
    rollplan::generate(expected.begin(), expected.end(), d, sequential);
    for (int threads : thread_counts()) {
        INFO("n = " << n << ", threads = " << threads);
#if ROLLPLAN_PARALLEL_TBB
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
#endif
        Engine e = parallel;
        std::fill(filled.begin(), filled.end(), typename Dist::result_type{});
        const auto end = rollplan::generate(policy, filled.begin(), filled.end(), d, e);
        REQUIRE(end == filled.end());
        REQUIRE(filled == expected);
        REQUIRE(e == sequential);  // where the sequential call leaves it
    }
}

const std::size_t sizes[] = {0, 1, 7, 1023, 1024, 1025, 4099, 100000, 1000003};

// A distribution that notes the threads that draw from it.
struct noting {
    using result_type = int;
    std::uniform_int_distribution<int> d;
    std::set<std::thread::id>* seen;
    std::mutex* lock;
    template <class G>
    int operator()(G& g) {
        const std::lock_guard<std::mutex> hold(*lock);
        seen->insert(std::this_thread::get_id());
        return d(g);
    }
};

}  // namespace

TEST_CASE("generate(policy, …) with a counter-based engine gives the sequential call's values", "[parallel]") {
    const uniform_int_distribution<int> hundred(0, 99);          // bounds at run time
    const uniform_int_distribution<std::uint64_t, 1, 6> d6;        // at compile time
    const uniform_int_distribution<std::uint64_t> wide(0, (std::uint64_t{1} << 63) + 12345);  // past half a word
    for (std::size_t n : sizes) {
        same_as_sequential<philox4x64>(std::execution::par, hundred, n, 1);
        same_as_sequential<philox4x32>(std::execution::par, hundred, n, 2);
        same_as_sequential<philox4x64>(std::execution::par_unseq, d6, n, 3);
        same_as_sequential<philox4x64>(std::execution::unseq, wide, n, 4);
        same_as_sequential<philox4x32>(std::execution::seq, d6, n, 5);
    }
}

TEST_CASE("generate(policy, …) takes any distribution, a copy per block", "[parallel]") {
    // std's distribution draws through dist(g) in each block, from a copy of the one given
    std::uniform_int_distribution<int> std_d6(1, 6);
    for (std::size_t n : {1000u, 5000u, 70001u}) same_as_sequential<philox4x64>(std::execution::par, std_d6, n, 6);
    // a span, and a sequential engine with seq (the call without a policy)
    std::vector<int> a(3000), b(3000);
    xoshiro256starstar x(9), y(9);
    rollplan::generate(std::execution::seq, std::span<int>(a).begin(), std::span<int>(a).end(), std_d6, x);
    rollplan::generate(b.begin(), b.end(), std_d6, y);
    REQUIRE(a == b);
    REQUIRE(x == y);
}

TEST_CASE("generate(policy, …) fills real numbers with the sequential call's values", "[parallel]") {
    // uniform_real_distribution's draws read a variable number of words: the blocks still
    // start at their own counters, so every policy gives the sequential values
    const uniform_real_distribution<double> across_zero(-3.7, 12.9);
    const uniform_real_distribution<float> unit;
    for (std::size_t n : {1u, 1025u, 70001u}) {
        same_as_sequential<philox4x64>(std::execution::par, across_zero, n, 7);
        same_as_sequential<philox4x32>(std::execution::par_unseq, unit, n, 8);
    }
}

#if ROLLPLAN_PARALLEL_TBB
TEST_CASE("with TBB, generate(par, …) runs on more than one thread", "[parallel]") {
    // a distribution that notes the threads that draw (each block draws from its own copy); on a
    // machine whose other cores are busy one call may run on one thread alone, so the call is
    // made up to 20 times: one of them must share its blocks out
    std::set<std::thread::id> seen;
    std::mutex lock;
    std::vector<int> v(200000);
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 4);
    for (int call = 0; call < 20 && seen.size() < 2; ++call) {
        seen.clear();
        philox4x64 e(1);
        rollplan::generate(std::execution::par, v.begin(), v.end(), noting{std::uniform_int_distribution<int>(1, 6), &seen, &lock},
                           e);
    }
    REQUIRE(seen.size() >= 2);
}
#endif
