// What may be shared between threads (docs/guide.md, "Threads"): a const
// distribution (either form of uniform_int_distribution, discrete_distribution,
// bernoulli_distribution) and a plan's description, each thread with its own
// engine. Two threads draw through the shared objects and must give the values
// one thread gives with the same seeds; built with -fsanitize=thread in CI
// (scripts/test.sh), where a data race fails the run. With --share-pool the
// two threads draw from one entropy_pool, which is not to be shared: under
// ThreadSanitizer that run must fail (scripts/test.sh checks that it does), so
// the check is shown to see a race.
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

}  // namespace

int main(int argc, char** argv) {
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
    return 0;
}
