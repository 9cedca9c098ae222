// One draw with run-time bounds for every integer type people write:
// rollplan::uniform_int_distribution<T> d(1, n) beside
// std::uniform_int_distribution<T> (libstdc++) on splitmix64, mt19937_64 and
// mt19937, n = 6 and 1000 (100 for the 8-bit types, which std does not
// promise: libstdc++ takes them, and is measured with them).
//
//   types --callgrind   under valgrind --tool=callgrind --collect-atstart=no:
//                       each case draws `draws_counted` values between a zero
//                       and a dump of the counters named after the case
//                       (bench/types_report.py divides)
//   types --reps R      timing: R repetitions, each running every case once
//                       in a new random order; prints one line per case and
//                       repetition (ns per draw)
//
// The bounds are read through a volatile, once per run of a case, as a
// program sets its bounds once and draws many times; the loop adds the values
// up so that none is thrown away. Output: CSV engine,type,n,library,value.
#include <rollplan/rollplan.hpp>

#include <valgrind/callgrind.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace rp = rollplan;

namespace {

using u64 = std::uint64_t;
volatile u64 bound_source = 0;
constexpr u64 draws_counted = 200000;
constexpr u64 draws_timed = 2000000;

struct bench_case {
    std::string engine, type, n, library;
    std::function<u64(u64 draws)> run;  // returns the sum of the values
};
std::vector<bench_case> cases;

template <class G>
G make_engine() {
    if constexpr (std::is_same_v<G, rp::splitmix64>)
        return G{2026};
    else
        return G{2026u};
}

// The same loop for both libraries: Dist is rollplan's or std's distribution of T.
template <class G, class Dist, class T>
void add_case(const char* engine, const char* type, const char* library, u64 n) {
    cases.push_back({engine, type, std::to_string(n), library, [n](u64 draws) {
                         static G g = make_engine<G>();
                         Dist d(T{1}, static_cast<T>(n + bound_source));
                         u64 sum = 0;
                         for (u64 i = 0; i < draws; ++i) sum += static_cast<u64>(d(g));
                         return sum;
                     }});
}

template <class G, class T>
void add_type(const char* engine, const char* type) {
    for (u64 n : {u64{6}, u64{sizeof(T) == 1 ? 100 : 1000}}) {
        add_case<G, rp::uniform_int_distribution<T>, T>(engine, type, "rollplan", n);
        add_case<G, std::uniform_int_distribution<T>, T>(engine, type, "libstdc++", n);
    }
}

template <class G>
void add_engine(const char* engine) {
    add_type<G, std::int8_t>(engine, "int8_t");
    add_type<G, std::uint8_t>(engine, "uint8_t");
    add_type<G, short>(engine, "short");
    add_type<G, unsigned short>(engine, "unsigned short");
    add_type<G, int>(engine, "int");
    add_type<G, unsigned>(engine, "unsigned");
    add_type<G, long>(engine, "long");
    add_type<G, unsigned long>(engine, "unsigned long");
    add_type<G, long long>(engine, "long long");
    add_type<G, unsigned long long>(engine, "unsigned long long");
}

}  // namespace

int main(int argc, char** argv) {
    bool callgrind = false;
    int reps = 5;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--callgrind"))
            callgrind = true;
        else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "usage: types [--callgrind] [--reps R]\n");
            return 2;
        }
    }
    add_engine<rp::splitmix64>("splitmix64");
    add_engine<std::mt19937_64>("mt19937_64");
    add_engine<std::mt19937>("mt19937");
    u64 checksum = 0;
    std::printf("engine,type,n,library,value\n");
    if (callgrind) {
        for (const bench_case& c : cases) {
            checksum += c.run(1000);  // the engine's state and the code warm, outside the count
            const std::string name = c.engine + "|" + c.type + "|" + c.n + "|" + c.library;
            CALLGRIND_ZERO_STATS;
            CALLGRIND_TOGGLE_COLLECT;
            checksum += c.run(draws_counted);
            CALLGRIND_TOGGLE_COLLECT;
            CALLGRIND_DUMP_STATS_AT(name.c_str());
            std::printf("%s,%s,%s,%s,%llu\n", c.engine.c_str(), c.type.c_str(), c.n.c_str(), c.library.c_str(),
                        static_cast<unsigned long long>(draws_counted));
        }
    } else {
        std::vector<std::size_t> order(cases.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::mt19937 shuffler(2026u);
        for (int r = 0; r < reps; ++r) {
            std::shuffle(order.begin(), order.end(), shuffler);
            for (std::size_t i : order) {
                const bench_case& c = cases[i];
                const auto start = std::chrono::steady_clock::now();
                checksum += c.run(draws_timed);
                const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
                std::printf("%s,%s,%s,%s,%.4f\n", c.engine.c_str(), c.type.c_str(), c.n.c_str(), c.library.c_str(),
                            took.count() / static_cast<double>(draws_timed));
            }
        }
    }
    std::fprintf(stderr, "checksum %llu\n", static_cast<unsigned long long>(checksum));
}
