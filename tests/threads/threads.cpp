// What may be shared between threads (docs/guide.md, "Threads"): a const
// distribution (either form of uniform_int_distribution, discrete_distribution,
// bernoulli_distribution) and a plan's description, each thread with its own
// engine. Two threads draw through the shared objects and must give the values
// one thread gives with the same seeds; built with -fsanitize=thread in CI
// (scripts/test.sh), where a data race fails the run. With --share-pool the
// two threads draw from one entropy_pool, which is not to be shared: under
// ThreadSanitizer that run must fail (scripts/test.sh checks that it does), so
// the check is shown to see a race.
//
// The parallel fill: four threads fill one vector from a shared const
// philox4x64 and shared const distributions, each its own part of the indices
// (parts that start and end inside 1024-value blocks) with generate_part, and
// must give the one-call fill. (generate(std::execution::par, …) runs the same
// per-block fill on libstdc++'s oneTBB threads, but ThreadSanitizer cannot see
// the hand-over inside the uninstrumented libtbb and reports each task as a
// race: the threads here are ones it sees.) With --overlap two of the parts
// overlap, which under ThreadSanitizer must fail.
#include <rollplan/rollplan.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

using namespace rollplan;

namespace {

struct shared_objects {
    const uniform_int_distribution<int> run_time{-20, 1000};
    const uniform_int_distribution<int, 1, 29> compile_time{};
    const discrete_distribution<int> loaded{3, 2, 1, 7};
    const bernoulli_distribution coin{0.3};
    const plan_description plan = make_plan(29, dice_faces{6});
};

constexpr int draws = 20000;

// The values one thread draws from seed `seed` through the shared objects.
std::vector<std::int64_t> draw_all(const shared_objects& s, std::uint64_t seed) {
    std::vector<std::int64_t> values;
    splitmix64 engine(seed);
    auto six = from_values<rollplan::d6>([&engine] { return uniform_below(engine, 6); });
    for (int i = 0; i < draws; ++i) {
        values.push_back(s.run_time(engine));
        values.push_back(s.compile_time(engine));
        values.push_back(s.loaded(engine));
        values.push_back(s.coin(engine) ? 1 : 0);
        values.push_back(static_cast<std::int64_t>(sample(s.plan, [&six](count_t) { return six(); })));
    }
    return values;
}

// One fill of `n` values, made by threads, each generate_part over its part
// [n t / 4, n (t + 1) / 4), or with `overlap` the second part from one value
// early, the fill of one call from the same engine.
template <class Dist>
bool parallel_fill(const Dist& dist, std::size_t n, bool overlap) {
    using value = typename Dist::result_type;
    const philox4x64 engine(2026);
    std::vector<value> parts(n), whole(n);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < 4; ++t) {
        const std::size_t first = n * t / 4 - (overlap && t == 1 ? 1 : 0), last = n * (t + 1) / 4;
        threads.emplace_back([&, first, last] {
            generate_part(parts.begin() + static_cast<std::ptrdiff_t>(first),
                          parts.begin() + static_cast<std::ptrdiff_t>(last), dist, engine, first);
        });
    }
    for (std::thread& t : threads) t.join();
    philox4x64 one = engine;
    generate(whole.begin(), whole.end(), dist, one);
    return parts == whole;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--overlap") == 0) {
        parallel_fill(uniform_int_distribution<int>(0, 99), 100003, true);  // two parts overlap: a data race
        std::puts("overlapping parts filled");
        return 0;
    }
    if (argc > 1 && std::strcmp(argv[1], "--share-pool") == 0) {
        splitmix64 engine(1);
        entropy_pool<splitmix64> pool(engine);  // one pool, two threads: a data race
        std::uint64_t sums[2] = {0, 0};
        std::thread a([&] { for (int i = 0; i < draws; ++i) sums[0] += pool.draw(29); });
        std::thread b([&] { for (int i = 0; i < draws; ++i) sums[1] += pool.draw(29); });
        a.join();
        b.join();
        std::printf("shared one pool: %llu\n", static_cast<unsigned long long>(sums[0] + sums[1]));
        return 0;
    }
    const shared_objects shared;
    const std::array<std::uint64_t, 2> seeds{7, 8};
    const std::vector<std::int64_t> alone0 = draw_all(shared, seeds[0]), alone1 = draw_all(shared, seeds[1]);
    std::vector<std::int64_t> together0, together1;
    std::thread a([&] { together0 = draw_all(shared, seeds[0]); });
    std::thread b([&] { together1 = draw_all(shared, seeds[1]); });
    a.join();
    b.join();
    if (together0 != alone0 || together1 != alone1) {
        std::puts("threads: two threads drew other values than one thread with the same seeds");
        return 1;
    }
    std::printf("threads: two threads, %zu values each through shared const distributions and a plan, as one thread\n",
                alone0.size());
    const bool fills = parallel_fill(shared.run_time, 100003, false) && parallel_fill(shared.compile_time, 4099, false) &&
                       parallel_fill(shared.loaded, 100003, false) &&
                       parallel_fill(uniform_real_distribution<double>(-3.7, 12.9), 100003, false);
    if (!fills) {
        std::puts("threads: four threads' parts of a philox4x64 fill are not the fill of one call");
        return 1;
    }
    std::puts("threads: four threads' generate_part of a philox4x64 fill, through shared const objects, as one call");
    return 0;
}
