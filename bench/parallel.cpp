// bench/parallel.cpp: the counter-based fill on one and several threads, next
// to the splitmix64 fill, and the engines per value (scripts/bench_parallel.sh).
//
//   parallel REPS         one line per case and repetition: case,seconds,values
//   parallel --callgrind  under valgrind --tool=callgrind --collect-atstart=no: each
//                         one-thread fill of 10^7 values once, its instructions
//                         counted alone (CALLGRIND_TOGGLE_COLLECT), a line per case
//
// The cases of a repetition run in a new random order; each fills the same
// buffer of 10^8 values in [0, 99] (or draws 10^8 engine words, summed so that
// the loop is kept).
#include <rollplan/parallel.hpp>
#include <rollplan/rollplan.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <execution>
#include <functional>
#include <pcg_random.hpp>
#include <random>
#include <string>
#include <utility>
#include <valgrind/callgrind.h>
#include <vector>

namespace rp = rollplan;

namespace {

constexpr std::size_t values = 100'000'000;
std::vector<std::uint8_t> buffer(values);
volatile std::uint64_t sink = 0;
const rp::uniform_int_distribution<std::uint8_t> percent(0, 99);

template <class Engine>
void words(Engine e) {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < values; ++i) sum += static_cast<std::uint64_t>(e());
    sink = sink + sum;
}

}  // namespace

// Instructions of the one-thread fills, each alone: the ratio that wall time,
// on a shared machine, gives only roughly.
int count_instructions() {
    std::vector<std::uint8_t> small(10'000'000);
    const std::pair<const char*, std::function<void()>> fills[] = {
        {"fill philox4x64 one thread", [&] { rp::philox4x64 e(1); rp::generate(small.begin(), small.end(), percent, e); }},
        {"fill philox4x32 one thread", [&] { rp::philox4x32 e(1); rp::generate(small.begin(), small.end(), percent, e); }},
        {"fill splitmix64 one thread", [&] { rp::splitmix64 e(1); rp::generate(small.begin(), small.end(), percent, e); }},
    };
    std::printf("case,values\n");
    for (const auto& [name, run] : fills) {
        CALLGRIND_ZERO_STATS;
        CALLGRIND_TOGGLE_COLLECT;
        run();
        CALLGRIND_TOGGLE_COLLECT;
        CALLGRIND_DUMP_STATS_AT(name);
        std::printf("%s,%zu\n", name, small.size());
    }
    return 0;
}

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "--callgrind") return count_instructions();
    const int reps = argc > 1 ? std::atoi(argv[1]) : 5;
    std::vector<std::pair<std::string, std::function<void()>>> cases = {
        {"fill philox4x64 par", [] { rp::philox4x64 e(1); rp::generate(std::execution::par, buffer.begin(), buffer.end(), percent, e); }},
        {"fill philox4x64 one thread", [] { rp::philox4x64 e(1); rp::generate(buffer.begin(), buffer.end(), percent, e); }},
        {"fill philox4x32 par", [] { rp::philox4x32 e(1); rp::generate(std::execution::par, buffer.begin(), buffer.end(), percent, e); }},
        {"fill philox4x32 one thread", [] { rp::philox4x32 e(1); rp::generate(buffer.begin(), buffer.end(), percent, e); }},
        {"fill splitmix64 one thread", [] { rp::splitmix64 e(1); rp::generate(buffer.begin(), buffer.end(), percent, e); }},
        {"words philox4x64", [] { words(rp::philox4x64(1)); }},
        {"words philox4x32", [] { words(rp::philox4x32(1)); }},
        {"words splitmix64", [] { words(rp::splitmix64(1)); }},
        {"words pcg64 (pcg-cpp)", [] { words(pcg64(1)); }},
        {"words mt19937_64 (libstdc++)", [] { words(std::mt19937_64(1)); }},
    };
    std::mt19937 order(2026);
    std::printf("case,seconds,values\n");
    for (int rep = 0; rep < reps; ++rep) {
        std::shuffle(cases.begin(), cases.end(), order);
        for (const auto& [name, run] : cases) {
            const auto start = std::chrono::steady_clock::now();
            run();
            const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
            std::printf("%s,%.6f,%zu\n", name.c_str(), took.count(), values);
        }
    }
    return 0;
}
