// rollplan's run-time benchmark: one draw, batched draws, shuffles and the
// entropy pool, next to libstdc++, Boost.Random, Abseil, pcg-cpp and a
// reference Lemire, all in the same run.
//
//   bench [--reps R] [--quick]     timing: every case once per repetition, the
//                                  cases in a new random order each time; prints
//                                  CSV with the median ns per value
//   bench --group G                only the cases of group G (draw, generate,
//                                  pick, shuffle, pool, geometric, binomial, negative_binomial, exponential, normal, discrete,
//                                  discrete compile-time, construct), with
//                                  either mode
//   bench --loaded                 timing of the loaded dice alone (the groups
//                                  discrete, discrete compile-time, construct),
//                                  which the default timing leaves out: their
//                                  tables of 10^6 weights (16–32 MB) evict the
//                                  caches the other cases run in (generate with
//                                  run-time bounds measured 2.47× libstdc++'s loop
//                                  alone and 1.71× among them); --callgrind counts
//                                  every case
//   bench --callgrind              under valgrind --tool=callgrind
//                                  --collect-atstart=no: each case runs a fixed
//                                  number of values between a zero and a dump
//                                  of the counters (scripts/bench.sh reads them)
//
// Every case also counts the engine calls it makes per value, with a counting
// copy of the engine (a separate pass, so the timed code is the plain code);
// a construction case counts instead the bytes its distribution allocates per
// weight (operator new, below, counts while `counting_bytes` is set).
#include <rollplan/rollplan.hpp>

#include <absl/random/distributions.h>
#include <valgrind/callgrind.h>

#include <algorithm>
#include <array>
#include <boost/random/discrete_distribution.hpp>
#include <boost/random/binomial_distribution.hpp>
#include <boost/random/negative_binomial_distribution.hpp>
#include <boost/random/exponential_distribution.hpp>
#include <boost/random/geometric_distribution.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <memory>
#include <numeric>
#include <pcg_random.hpp>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace rp = rollplan;

namespace {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

// ---- the reference: Lemire 2019, threshold fixed at compile time ------------
// "Fast random integer generation in an interval" (ACM TOMACS 29(1), 2019),
// Algorithm 5, with s known at compile time: x·s = h·2^w + l; accept when
// l >= 2^w mod s (checked only when l < s); the value is h. Written here from
// the paper, independent of rollplan's code. On a 32-bit engine a bound past
// 2^32 takes two words as one 64-bit word.
template <u64 S, class G>
inline u64 lemire(G& g) {
    constexpr bool word32 = G::max() - G::min() == 0xffffffffu;
    if constexpr (word32 && S <= (u64{1} << 32)) {
        constexpr u64 threshold = ((u64{1} << 32) - S) % S;
        u64 m = static_cast<u64>(g() - G::min()) * S;
        if (static_cast<std::uint32_t>(m) < S) {
            while (static_cast<std::uint32_t>(m) < threshold) m = static_cast<u64>(g() - G::min()) * S;
        }
        return m >> 32;
    } else {
        auto word = [&]() -> u64 {
            if constexpr (word32) {
                const u64 high = g() - G::min();
                return (high << 32) | static_cast<u64>(g() - G::min());
            } else {
                return g();
            }
        };
        constexpr u64 threshold = (0 - S) % S;
        u128 m = static_cast<u128>(word()) * S;
        if (static_cast<u64>(m) < S) {
            while (static_cast<u64>(m) < threshold) m = static_cast<u128>(word()) * S;
        }
        return static_cast<u64>(m >> 64);
    }
}

// ---- allocations, for the bytes a distribution holds ---------------------------
bool counting_bytes = false;
std::size_t bytes_allocated = 0;

}  // namespace

// Every allocation carries its size in a 16-byte header, so that the bytes
// freed while counting are taken off: what is left is what the object holds.
void* operator new(std::size_t size) {
    auto* block = static_cast<unsigned char*>(std::malloc(size + 16));
    if (!block) throw std::bad_alloc{};
    std::memcpy(block, &size, sizeof size);
    if (counting_bytes) bytes_allocated += size;
    return block + 16;
}
void operator delete(void* p) noexcept {
    if (!p) return;
    auto* block = static_cast<unsigned char*>(p) - 16;
    std::size_t size;
    std::memcpy(&size, block, sizeof size);
    if (counting_bytes) bytes_allocated -= size;
    std::free(block);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }

namespace {

// ---- references for loaded dice, written here from the papers -------------------
// Lemire's nearly divisionless draw with a bound known at run time.
template <class G>
inline u64 lemire_run_time(G& g, u64 s) {
    constexpr bool word32 = G::max() - G::min() == 0xffffffffu;
    if constexpr (word32) {
        u64 m = static_cast<u64>(g() - G::min()) * s;  // s < 2^32 here
        if (static_cast<std::uint32_t>(m) < s) {
            const std::uint32_t threshold = static_cast<std::uint32_t>(-static_cast<std::uint32_t>(s)) % static_cast<std::uint32_t>(s);
            while (static_cast<std::uint32_t>(m) < threshold) m = static_cast<u64>(g() - G::min()) * s;
        }
        return m >> 32;
    } else {
        u128 m = static_cast<u128>(g()) * s;
        if (static_cast<u64>(m) < s) {
            const u64 threshold = (0 - s) % s;
            while (static_cast<u64>(m) < threshold) m = static_cast<u128>(g()) * s;
        }
        return static_cast<u64>(m >> 64);
    }
}

// An exact integer alias table (Walker 1977, Vose 1991): weights scaled by n
// so that each of the n columns holds W; a column by one uniform draw on
// [0, n) and a threshold by another on [0, W). Integer weights with n·W below
// 2^64 (so below 2^32 for the threshold on a 32-bit engine).
struct integer_alias {
    std::vector<u64> keep;
    std::vector<std::uint32_t> alias;
    u64 total = 0;
    explicit integer_alias(const std::vector<u64>& w) : keep(w.size()), alias(w.size()) {
        const u64 n = w.size();
        for (u64 x : w) total += x;
        std::vector<u64> scaled(n);
        std::vector<std::uint32_t> small, large;
        for (u64 i = 0; i < n; ++i) {
            scaled[i] = w[i] * n;
            alias[i] = static_cast<std::uint32_t>(i);
            (scaled[i] < total ? small : large).push_back(static_cast<std::uint32_t>(i));
        }
        while (!small.empty() && !large.empty()) {
            const auto l = small.back(), h = large.back();
            small.pop_back();
            keep[l] = scaled[l];
            alias[l] = h;
            scaled[h] -= total - scaled[l];
            if (scaled[h] < total) {
                large.pop_back();
                small.push_back(h);
            }
        }
        for (auto i : large) keep[i] = total;
        for (auto i : small) keep[i] = total;
    }
    template <class G>
    u64 operator()(G& g) const {
        const u64 j = lemire_run_time(g, keep.size());
        return lemire_run_time(g, total) < keep[j] ? j : alias[j];
    }
};

// The Fast Loaded Dice Roller (Saad, Freer, Rinard, Mansinghka, AISTATS 2020):
// W padded to 2^k with a reject outcome of weight 2^k − W, and the binary
// Knuth–Yao tree of the padded weights walked one fair bit at a time: at
// depth j + 1 the leaves are the outcomes whose weight has bit k − 1 − j set.
struct fldr {
    u64 n = 0;
    unsigned k = 0;
    std::vector<u64> leaves;               // per depth, how many
    std::vector<std::uint32_t> outcomes;   // per depth, which (n = reject), depth by depth
    std::vector<u64> first;                // where each depth's list starts
    explicit fldr(const std::vector<u64>& w) : n(w.size()) {
        u64 total = 0;
        for (u64 x : w) total += x;
        while ((u64{1} << k) < total) ++k;
        std::vector<u64> padded = w;
        padded.push_back((u64{1} << k) - total);
        for (unsigned j = 0; j < k; ++j) {
            first.push_back(outcomes.size());
            u64 count = 0;
            for (u64 i = 0; i <= n; ++i)
                if ((padded[i] >> (k - 1 - j)) & 1) {
                    outcomes.push_back(static_cast<std::uint32_t>(i));
                    ++count;
                }
            leaves.push_back(count);
        }
    }
    template <class G>
    u64 operator()(G& g) const {
        constexpr unsigned word_bits = G::max() - G::min() == 0xffffffffu ? 32 : 64;
        u64 bits = 0;
        unsigned left = 0;
        for (;;) {
            u64 d = 0;
            for (unsigned depth = 0; depth < k; ++depth) {
                if (left == 0) {
                    bits = g() - G::min();
                    left = word_bits;
                }
                d = 2 * d + (bits & 1);
                bits >>= 1;
                --left;
                if (d < leaves[depth]) {
                    const u64 outcome = outcomes[first[depth] + d];
                    if (outcome < n) return outcome;
                    break;  // the reject leaf: start again
                }
                d -= leaves[depth];
            }
        }
    }
};

// Integer weights 1 … 1000, fixed, for every library.
std::vector<u64> bench_weights(std::size_t n) {
    std::vector<u64> w(n);
    for (std::size_t i = 0; i < n; ++i) w[i] = 1 + (i * 2654435761u + 12345u) % 1000;
    return w;
}

// ---- engines ------------------------------------------------------------------
template <class G>
struct counting {
    using result_type = typename G::result_type;
    static constexpr result_type min() { return G::min(); }
    static constexpr result_type max() { return G::max(); }
    G* inner;
    u64* calls;
    result_type operator()() {
        ++*calls;
        return (*inner)();
    }
};

template <class G>
G make_engine() {
    if constexpr (std::is_same_v<G, rp::splitmix64>)
        return G{2026};
    else if constexpr (std::is_same_v<G, pcg64>)
        return G{2026};
    else if constexpr (std::is_same_v<G, std::random_device>)
        return G{};
    else
        return G{2026u};
}

template <class G>
constexpr bool is_word(u64 bits) {
    return G::min() == 0 && (bits == 64 ? G::max() == ~u64{0} : G::max() == (u64{1} << bits) - 1);
}
template <class G>
constexpr rp::count_t faces_of = rp::count_t{G::max()} - G::min() + 1;

// ---- the cases ------------------------------------------------------------------
struct bench_case {
    std::string group;    // "draw", "generate", "shuffle", "pool"
    std::string engine;
    std::string library;
    std::string n;        // as printed
    u64 values_per_run;   // values one run produces
    std::function<u64(u64 runs)> run;           // returns a checksum
    std::function<double()> calls_per_value;    // from the counting pass
    std::vector<double> ns;
};

std::vector<bench_case> cases;
volatile u64 runtime_bound_source = 0;  // bounds read through this are not constants

// make(n) returns the draw, given the case's N read at run time (once per run,
// as a program sets its bounds once and draws many times): draw(g) -> value.
template <class G, class Make>
void add_draw_case(const char* engine, const char* library, const std::string& n, u64 bound, u64 per_run, Make make) {
    bench_case c{"draw", engine, library, n, per_run, {}, {}, {}};
    c.run = [make, bound, per_run](u64 runs) {
        static G g = make_engine<G>();
        u64 sum = 0;
        for (u64 r = 0; r < runs; ++r) {
            auto draw = make(bound + runtime_bound_source);
            for (u64 i = 0; i < per_run; ++i) sum += draw(g);
        }
        return sum;
    };
    c.calls_per_value = [make, bound] {
        G inner = make_engine<G>();
        u64 calls = 0;
        counting<G> g{&inner, &calls};
        constexpr u64 values = 100000;
        u64 sum = 0;
        auto draw = make(bound + runtime_bound_source);
        for (u64 i = 0; i < values; ++i) sum += draw(g);
        runtime_bound_source = runtime_bound_source + (sum & 0);
        return static_cast<double>(calls) / values;
    };
    cases.push_back(std::move(c));
}

std::string n_name(u64 n) {
    switch (n) {
        case 1000000: return "10^6";
        case 2147483647: return "2^31-1";
        case 1000000007: return "10^9+7";
        case 4294967297: return "2^32+1";
        case 9223372036854775809ull: return "2^63+1";
        case 18446744073709551615ull: return "2^64-1";
        default: return std::to_string(n);
    }
}

template <class G, u64 N>
void add_draws(const char* engine, u64 per_run) {
    const std::string n = n_name(N);
    constexpr bool fits_engine = rp::count_t{N} <= faces_of<G>;
    auto add = [&](const char* library, auto make) { add_draw_case<G>(engine, library, n, N, per_run, make); };
    add("rollplan", [](u64) { return [](auto& g) -> u64 { return rp::uniform_int_distribution<u64, 0, N - 1>{}(g); }; });
    add("rollplan digits", [](u64) {
        return [](auto& g) -> u64 { return rp::uniform_int_distribution<u64, 0, N - 1, rp::strategy::digits>{}(g); };
    });
    add("rollplan uniform_below", [](u64 bound) { return [bound](auto& g) -> u64 { return rp::uniform_below(g, bound); }; });
    add("rollplan run-time bounds", [](u64 bound) {
        return [d = rp::uniform_int_distribution<u64>(0, bound - 1)](auto& g) -> u64 { return d(g); };
    });
    add("libstdc++", [](u64 bound) {
        return [d = std::uniform_int_distribution<u64>(0, bound - 1)](auto& g) mutable -> u64 { return d(g); };
    });
    add("Boost.Random", [](u64 bound) {
        return [d = boost::random::uniform_int_distribution<u64>(0, bound - 1)](auto& g) -> u64 { return d(g); };
    });
    add("Abseil", [](u64 bound) {
        return [bound](auto& g) -> u64 { return absl::Uniform<u64>(absl::IntervalClosedClosed, g, 0, bound - 1); };
    });
    if constexpr (fits_engine) {
        add("pcg-cpp bounded_rand", [](u64 bound) {
            return [bound](auto& g) -> u64 {
                return pcg_extras::bounded_rand(g, static_cast<typename G::result_type>(bound));
            };
        });
    }
    if constexpr (is_word<G>(32) || is_word<G>(64)) {
        add("Lemire (reference)", [](u64) { return [](auto& g) -> u64 { return lemire<N>(g); }; });
    }
}

template <class G, u64... N>
void add_all_draws(const char* engine, u64 per_run, std::integer_sequence<u64, N...>) {
    (add_draws<G, N>(engine, per_run), ...);
}

using bounds = std::integer_sequence<u64, 2, 6, 7, 29, 100, 1000, 1000000, 2147483647, 1000000007, 4294967297,
                                     9223372036854775809ull, 18446744073709551615ull>;

// ---- real numbers: uniform_real_distribution ---------------------------------
// One draw of a uniform real, the bounds set once per run; the checksum adds the
// value's bits. Group "real", n the interval (and "float" for a float's).
template <class Real>
u64 bits_of(Real x) {
    if constexpr (std::is_integral_v<Real>)
        return x;
    else if constexpr (sizeof(Real) == 4)
        return __builtin_bit_cast(std::uint32_t, x);
    else
        return __builtin_bit_cast(u64, x);
}
template <class G, class Real>
void add_real_interval(const char* engine, const std::string& n, Real a, Real b, u64 per_run) {
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, n, 0, per_run, make);
        cases.back().group = "real";
    };
    add("rollplan", [a, b](u64) { return [d = rp::uniform_real_distribution<Real>(a, b)](auto& g) -> u64 { return bits_of(d(g)); }; });
    add("libstdc++", [a, b](u64) {
        return [d = std::uniform_real_distribution<Real>(a, b)](auto& g) mutable -> u64 { return bits_of(d(g)); };
    });
    add("Boost.Random", [a, b](u64) {
        return [d = boost::random::uniform_real_distribution<Real>(a, b)](auto& g) -> u64 { return bits_of(d(g)); };
    });
    add("Abseil", [a, b](u64) { return [a, b](auto& g) -> u64 { return bits_of(absl::Uniform<Real>(g, a, b)); }; });
}
template <class G>
void add_reals(const char* engine, u64 per_run) {
    add_real_interval<G, double>(engine, "[0, 1)", 0.0, 1.0, per_run);
    add_real_interval<G, double>(engine, "[-3.7, 12.9)", -3.7, 12.9, per_run);
    add_real_interval<G, float>(engine, "float [0, 1)", 0.0f, 1.0f, per_run);
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, "[0, 1)", 0, per_run, make);
        cases.back().group = "real";
    };
    add("rollplan generate_canonical", [](u64) { return [](auto& g) -> u64 { return bits_of(rp::generate_canonical<double, 53>(g)); }; });
    add("libstdc++ generate_canonical", [](u64) { return [](auto& g) -> u64 { return bits_of(std::generate_canonical<double, 53>(g)); }; });
}

// A fill of a vector of 1024 values of type Value from splitmix64 per run
// (groups "generate" and "real generate"); the checksum adds a value's bits.
constexpr std::size_t buffer_size = 1024;
template <class Value, class Fill>
void add_fill_case(const char* group, const std::string& n, const char* library, Fill fill) {
    bench_case c{group, "splitmix64", library, n, buffer_size, {}, {}, {}};
    c.run = [fill](u64 runs) {
        static rp::splitmix64 g{2026};
        static std::vector<Value> buffer(buffer_size);
        u64 sum = 0;
        for (u64 r = 0; r < runs; ++r) {
            fill(buffer, g);
            sum += bits_of(buffer[r % buffer_size]);
        }
        return sum;
    };
    c.calls_per_value = [fill] {
        rp::splitmix64 inner{2026};
        u64 calls = 0;
        counting<rp::splitmix64> g{&inner, &calls};
        std::vector<Value> buffer(buffer_size);
        for (int r = 0; r < 100; ++r) fill(buffer, g);
        return static_cast<double>(calls) / (100.0 * buffer_size);
    };
    cases.push_back(std::move(c));
}

// A vector of 1024 doubles of [0, 1): rollplan::generate against a loop of
// libstdc++'s draws (group "real generate").
void add_real_generate() {
    add_fill_case<double>("real generate", "[0, 1)", "rollplan generate",
                          [](std::vector<double>& b, auto& g) { rp::generate(b, rp::uniform_real_distribution<double>(0, 1), g); });
    add_fill_case<double>("real generate", "[0, 1)", "libstdc++ loop", [](std::vector<double>& b, auto& g) {
        std::uniform_real_distribution<double> d(0, 1);
        for (auto& v : b) v = d(g);
    });
}

// ---- batched draws: generate, shuffle ----------------------------------------
template <u64 N>
void add_generate(u64 runs_hint) {
    const std::string n = n_name(N);
    auto add = [&](const char* library, auto fill) { add_fill_case<u64>("generate", n, library, fill); };
    (void)runs_hint;
    add("rollplan generate", [](std::vector<u64>& b, auto& g) { rp::generate(b, rp::uniform_int_distribution<u64, 0, N - 1>{}, g); });
    add("rollplan generate (run-time bounds)", [](std::vector<u64>& b, auto& g) {
        rp::generate(b, rp::uniform_int_distribution<u64>(0, N - 1 + runtime_bound_source), g);
    });
    add("rollplan generate_random (run-time bounds)", [](std::vector<u64>& b, auto& g) {
        rp::uniform_int_distribution<u64>(0, N - 1 + runtime_bound_source).generate_random(b, g);
    });
    add("Lemire (reference) loop", [](std::vector<u64>& b, auto& g) {
        for (auto& v : b) v = lemire<N>(g);
    });
    add("libstdc++ loop", [](std::vector<u64>& b, auto& g) {
        std::uniform_int_distribution<u64> d(0, N - 1 + runtime_bound_source);
        for (auto& v : b) v = d(g);
    });
}

template <u64... N>
void add_all_generate(std::integer_sequence<u64, N...>) {
    (add_generate<N>(0), ...);
}
using generate_bounds = std::integer_sequence<u64, 2, 6, 7, 29, 100, 1000, 65536, 1000000, 4294967297>;

// pick from a vector of `size` elements: rollplan::pick against the usual
// std spelling, v[uniform_int_distribution(0, size − 1)(g)].
void add_pick(std::size_t size, const char* label) {
    auto add = [&](const char* library, auto pick) {
        bench_case c{"pick", "splitmix64", library, label, 256, {}, {}, {}};
        auto elements = std::make_shared<std::vector<u64>>(size);  // each case its own
        std::iota(elements->begin(), elements->end(), u64{0});
        c.run = [pick, elements](u64 runs) {
            static rp::splitmix64 g{2026};
            const std::vector<u64>& v = *elements;
            u64 sum = 0;
            for (u64 r = 0; r < runs; ++r)
                for (int i = 0; i < 256; ++i) sum += pick(v, g);
            return sum;
        };
        c.calls_per_value = [pick, size] {
            rp::splitmix64 inner{2026};
            u64 calls = 0;
            counting<rp::splitmix64> g{&inner, &calls};
            std::vector<u64> v(size);
            u64 sum = 0;
            for (int i = 0; i < 100000; ++i) sum += pick(v, g);
            runtime_bound_source = runtime_bound_source + (sum & 0);
            return static_cast<double>(calls) / 100000.0;
        };
        cases.push_back(std::move(c));
    };
    add("rollplan pick", [](const std::vector<u64>& v, auto& g) -> u64 { return *rp::pick(v, g); });
    add("libstdc++ v[d(g)]", [](const std::vector<u64>& v, auto& g) -> u64 {
        return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(g)];
    });
}

void add_shuffle(std::size_t size, const char* label) {
    auto add = [&](const char* library, auto shuffle) {
        bench_case c{"shuffle", "splitmix64", library, label, size, {}, {}, {}};
        c.run = [shuffle, size](u64 runs) {
            static rp::splitmix64 g{2026};
            std::vector<std::uint32_t> v(size);
            std::iota(v.begin(), v.end(), 0u);
            u64 sum = 0;
            for (u64 r = 0; r < runs; ++r) {
                shuffle(v, g);
                sum += v[0];
            }
            return sum;
        };
        c.calls_per_value = [shuffle, size] {
            rp::splitmix64 inner{2026};
            u64 calls = 0;
            counting<rp::splitmix64> g{&inner, &calls};
            std::vector<std::uint32_t> v(size);
            shuffle(v, g);
            return static_cast<double>(calls) / static_cast<double>(size);
        };
        cases.push_back(std::move(c));
    };
    add("rollplan shuffle", [](auto& v, auto& g) { rp::shuffle(v, g); });
    add("std::shuffle", [](auto& v, auto& g) { std::shuffle(v.begin(), v.end(), g); });
    // The floor of a shuffle (Brackett-Rozinsky & Lemire 2024): the same swaps with indices drawn
    // beforehand, outside the timing, so that only the swaps and their cache misses are left.
    auto indices = std::make_shared<std::vector<std::uint32_t>>(size);
    std::mt19937_64 setup(size);
    for (std::size_t i = size; i-- > 1;)
        (*indices)[i] = static_cast<std::uint32_t>(std::uniform_int_distribution<std::size_t>(0, i)(setup));
    add("precomputed indices (floor)", [indices](auto& v, auto&) {
        const std::uint32_t* j = indices->data();
        for (std::size_t i = v.size(); i-- > 1;) std::swap(v[i], v[j[i]]);
    });
}

// ---- the pool ---------------------------------------------------------------------
template <class G, u64 N>
void add_pool(const char* engine, u64 per_run) {
    const std::string n = n_name(N);
    {
        bench_case c{"pool", engine, "rollplan pool", n, per_run, {}, {}, {}};
        c.run = [per_run](u64 runs) {
            static G g = make_engine<G>();
            static rp::entropy_pool<G> pool(g);
            u64 sum = 0;
            for (u64 r = 0; r < runs; ++r)
                for (u64 i = 0; i < per_run; ++i) sum += pool.template draw<N>();
            return sum;
        };
        c.calls_per_value = [] {
            G inner = make_engine<G>();
            u64 calls = 0;
            counting<G> g{&inner, &calls};
            rp::entropy_pool<counting<G>> pool(g);
            for (int i = 0; i < 100000; ++i) (void)pool.template draw<N>();
            return static_cast<double>(calls) / 100000.0;
        };
        cases.push_back(std::move(c));
    }
    add_draw_case<G>(engine, "libstdc++", n, N, per_run, [](u64 bound) {
        return [d = std::uniform_int_distribution<u64>(0, bound - 1)](auto& g) mutable -> u64 { return d(g); };
    });
    // the same group as the pool's, so that the report compares them
    cases.back().group = "pool";
}

// ---- geometric_distribution ------------------------------------------------------
// A coin as an engine: splitmix64's bits one at a time (min 0, max 1), so that
// engine calls per value are the flips a draw reads.
struct coin_engine {
    using result_type = std::uint32_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return 1; }
    rp::splitmix64 source;
    u64 word = 0;
    int left = 0;
    explicit coin_engine(unsigned seed) : source(seed) {}
    result_type operator()() {
        if (left == 0) {
            word = source();
            left = 64;
        }
        return static_cast<result_type>((word >> --left) & 1);
    }
};

// One draw of geometric(p), the distribution made once; the label is p.
template <class G>
void add_geometric(const char* engine, const char* label, double p, u64 per_run) {
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, label, 0, per_run, make);
        cases.back().group = "geometric";
    };
    auto ours = std::make_shared<const rp::geometric_distribution<long long>>(p);
    add("rollplan", [ours](u64) { return [ours](auto& g) -> u64 { return static_cast<u64>((*ours)(g)); }; });
    add("libstdc++", [p](u64) {
        return [d = std::geometric_distribution<long long>(p)](auto& g) mutable -> u64 { return static_cast<u64>(d(g)); };
    });
    // (Boost.Random reads one call for its uniform whatever the engine's range: on a coin, one bit)
    if constexpr (!std::is_same_v<G, coin_engine>)
        add("Boost.Random", [p](u64) {
            return [d = boost::random::geometric_distribution<long long, double>(p)](auto& g) mutable -> u64 {
                return static_cast<u64>(d(g));
            };
        });
}

// ---- binomial_distribution -------------------------------------------------------
// One draw of binomial(t, p), the distribution made once; the label is "t p".
template <class G>
void add_binomial(const char* engine, const char* label, int t, double p, u64 per_run) {
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, label, 0, per_run, make);
        cases.back().group = "binomial";
    };
    auto ours = std::make_shared<const rp::binomial_distribution<int>>(t, p);
    add("rollplan", [ours](u64) { return [ours](auto& g) -> u64 { return static_cast<u64>((*ours)(g)); }; });
    add("libstdc++", [t, p](u64) {
        return [d = std::binomial_distribution<int>(t, p)](auto& g) mutable -> u64 { return static_cast<u64>(d(g)); };
    });
    if constexpr (!std::is_same_v<G, coin_engine>)
        add("Boost.Random", [t, p](u64) {
            return [d = boost::random::binomial_distribution<int, double>(t, p)](auto& g) mutable -> u64 { return static_cast<u64>(d(g)); };
        });
}

// One draw of negative_binomial(k, p), the distribution made once; the label is "k p".
template <class G>
void add_negative_binomial(const char* engine, const char* label, int k, double p, u64 per_run) {
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, label, 0, per_run, make);
        cases.back().group = "negative_binomial";
    };
    auto ours = std::make_shared<const rp::negative_binomial_distribution<int>>(k, p);
    add("rollplan", [ours](u64) { return [ours](auto& g) -> u64 { return static_cast<u64>((*ours)(g)); }; });
    add("libstdc++", [k, p](u64) {
        return [d = std::negative_binomial_distribution<int>(k, p)](auto& g) mutable -> u64 { return static_cast<u64>(d(g)); };
    });
    if constexpr (!std::is_same_v<G, coin_engine>)
        add("Boost.Random", [k, p](u64) {
            return [d = boost::random::negative_binomial_distribution<int, double>(k, p)](auto& g) mutable -> u64 {
                return static_cast<u64>(d(g));
            };
        });
}

// ---- exponential_distribution ----------------------------------------------------
// One draw of exponential(λ) as a double, the distribution made once; the label is λ.
template <class G>
void add_exponential(const char* engine, const char* label, double lambda, u64 per_run) {
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, label, 0, per_run, make);
        cases.back().group = "exponential";
    };
    auto ours = std::make_shared<const rp::exponential_distribution<double>>(lambda);
    add("rollplan", [ours](u64) { return [ours](auto& g) -> u64 { return bits_of((*ours)(g)); }; });
    add("libstdc++", [lambda](u64) {
        return [d = std::exponential_distribution<double>(lambda)](auto& g) mutable -> u64 { return bits_of(d(g)); };
    });
    if constexpr (!std::is_same_v<G, coin_engine>)
        add("Boost.Random", [lambda](u64) {
            return [d = boost::random::exponential_distribution<double>(lambda)](auto& g) mutable -> u64 { return bits_of(d(g)); };
        });
}

// ---- normal_distribution ---------------------------------------------------------
// One draw of normal(μ, σ) as a double, the distribution made once; the label is "μ σ".
template <class G>
void add_normal(const char* engine, const char* label, double mean, double stddev, u64 per_run) {
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, label, 0, per_run, make);
        cases.back().group = "normal";
    };
    auto ours = std::make_shared<const rp::normal_distribution<double>>(mean, stddev);
    add("rollplan", [ours](u64) { return [ours](auto& g) -> u64 { return bits_of((*ours)(g)); }; });
    add("libstdc++", [mean, stddev](u64) {
        return [d = std::normal_distribution<double>(mean, stddev)](auto& g) mutable -> u64 { return bits_of(d(g)); };
    });
    if constexpr (!std::is_same_v<G, coin_engine>)
        add("Boost.Random", [mean, stddev](u64) {
            return [d = boost::random::normal_distribution<double>(mean, stddev)](auto& g) mutable -> u64 { return bits_of(d(g)); };
        });
}

// ---- loaded dice: discrete distributions -------------------------------------------
// One draw with integer weights given at run time, each distribution made once.
template <class G>
void add_discrete(const char* engine, std::size_t size, const char* label, u64 per_run) {
    const std::vector<u64> w = bench_weights(size);
    const std::vector<double> wd(w.begin(), w.end());
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, label, 0, per_run, make);
        cases.back().group = "discrete";
    };
    auto shared = [](auto d) { return std::make_shared<const decltype(d)>(std::move(d)); };
    auto ours = shared(rp::discrete_distribution<int>(w.begin(), w.end()));
    auto theirs = std::make_shared<std::discrete_distribution<int>>(w.begin(), w.end());  // its draw is not const
    auto boost_alias = shared(boost::random::discrete_distribution<int, double>(wd.begin(), wd.end()));
    auto alias = shared(integer_alias(w));
    add("rollplan discrete_distribution", [ours](u64) { return [ours](auto& g) -> u64 { return static_cast<u64>((*ours)(g)); }; });
    add("libstdc++", [theirs](u64) { return [theirs](auto& g) -> u64 { return static_cast<u64>((*theirs)(g)); }; });
    add("Boost.Random alias (doubles)", [boost_alias](u64) {
        return [boost_alias](auto& g) -> u64 { return static_cast<u64>((*boost_alias)(g)); };
    });
    add("exact integer alias (reference)", [alias](u64) { return [alias](auto& g) -> u64 { return (*alias)(g); }; });
    if (size <= 10000) {  // FLDR's tables: k lists of up to n + 1 outcomes
        auto roller = shared(fldr(w));
        add("FLDR (reference)", [roller](u64) { return [roller](auto& g) -> u64 { return (*roller)(g); }; });
    }
}

// Double weights that need more than 64 bits at a common scale (issue: every weight
// std takes): uniform in (0, 1), exp(−k/10) and 1/k^3 (k from 1), n of them. The group
// is "discrete doubles: <kind>"; the label is n.
std::vector<double> double_weights(const std::string& kind, std::size_t n) {
    std::vector<double> w(n);
    u64 x = 0x9e3779b97f4a7c15u;
    for (std::size_t i = 0; i < n; ++i) {
        const double k = static_cast<double>(i + 1);
        if (kind == "uniform") {
            x = x * 6364136223846793005u + 1442695040888963407u;
            w[i] = (static_cast<double>(x >> 11) + 0.5) * 0x1p-53;
        } else if (kind == "exp(-k/10)") {
            w[i] = std::exp(-k / 10);
        } else {
            w[i] = 1 / (k * k * k);
        }
    }
    return w;
}
template <class G>
void add_discrete_doubles(const char* engine, const std::string& kind, std::size_t size, const char* label, u64 per_run) {
    const std::vector<double> w = double_weights(kind, size);
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, label, 0, per_run, make);
        cases.back().group = "discrete doubles: " + kind;
    };
    auto shared = [](auto d) { return std::make_shared<const decltype(d)>(std::move(d)); };
    auto ours = shared(rp::discrete_distribution<int>(w.begin(), w.end()));
    auto theirs = std::make_shared<std::discrete_distribution<int>>(w.begin(), w.end());
    auto boost_alias = shared(boost::random::discrete_distribution<int, double>(w.begin(), w.end()));
    add("rollplan discrete_distribution", [ours](u64) { return [ours](auto& g) -> u64 { return static_cast<u64>((*ours)(g)); }; });
    add("libstdc++", [theirs](u64) { return [theirs](auto& g) -> u64 { return static_cast<u64>((*theirs)(g)); }; });
    add("Boost.Random alias (doubles)", [boost_alias](u64) {
        return [boost_alias](auto& g) -> u64 { return static_cast<u64>((*boost_alias)(g)); };
    });
}

// Weights at compile time against a compile-time uniform draw on the same engine.
constexpr u64 compile_time_weight(std::size_t i) { return 1 + (i * 37 + 11) % 50; }
template <std::size_t... I>
constexpr int compile_time_last = static_cast<int>((compile_time_weight(I) + ...) - 1);  // W − 1
template <class G, std::size_t... I>
void add_discrete_compile_time(const char* engine, const char* label, std::index_sequence<I...>) {
    auto add = [&](const char* library, auto make) {
        add_draw_case<G>(engine, library, label, 0, 256, make);
        cases.back().group = "discrete compile-time";
    };
    add("rollplan discrete_distribution (weights at compile time)", [](u64) {
        return [](auto& g) -> u64 { return static_cast<u64>(rp::discrete_distribution<int, compile_time_weight(I)...>{}(g)); };
    });
    add("rollplan uniform_int_distribution (bounds at compile time)", [](u64) {
        return [](auto& g) -> u64 { return static_cast<u64>(rp::uniform_int_distribution<int, 0, compile_time_last<I...>>{}(g)); };
    });
}

// Construction from n weights: ns per weight, and bytes held per weight (what
// the distribution still holds once made: its allocations less what it freed).
void add_construct(std::size_t size, const char* label) {
    auto add = [&](const char* library, auto make) {
        bench_case c{"construct", "—", library, label, size, {}, {}, {}};
        auto w = std::make_shared<std::vector<u64>>(bench_weights(size));
        auto wd = std::make_shared<std::vector<double>>(w->begin(), w->end());
        c.run = [make, w, wd](u64 runs) {
            u64 sum = 0;
            for (u64 r = 0; r < runs; ++r) sum += static_cast<u64>(make(*w, *wd).max());
            return sum;
        };
        c.calls_per_value = [make, w, wd, size] {  // bytes held per weight, for this group
            bytes_allocated = 0;
            counting_bytes = true;
            const auto kept = make(*w, *wd);
            counting_bytes = false;
            runtime_bound_source = runtime_bound_source + (static_cast<u64>(kept.max()) & 0);
            return static_cast<double>(bytes_allocated) / static_cast<double>(size);
        };
        cases.push_back(std::move(c));
    };
    // each make builds the distribution from the same weights (integers, or the same values as doubles)
    add("rollplan discrete_distribution", [](const std::vector<u64>& w, const std::vector<double>&) {
        return rp::discrete_distribution<int>(w.begin(), w.end());
    });
    add("rollplan discrete_distribution (doubles)", [](const std::vector<u64>&, const std::vector<double>& wd) {
        return rp::discrete_distribution<int>(wd.begin(), wd.end());
    });
    add("libstdc++", [](const std::vector<u64>& w, const std::vector<double>&) {
        return std::discrete_distribution<int>(w.begin(), w.end());
    });
    add("Boost.Random alias (doubles)", [](const std::vector<u64>&, const std::vector<double>& wd) {
        return boost::random::discrete_distribution<int, double>(wd.begin(), wd.end());
    });
    // weights uniform in (0, 1): several levels
    const auto u = std::make_shared<const std::vector<double>>(double_weights("uniform", size));
    add("rollplan discrete_distribution (uniform doubles)", [u](const std::vector<u64>&, const std::vector<double>&) {
        return rp::discrete_distribution<int>(u->begin(), u->end());
    });
    add("libstdc++ (uniform doubles)", [u](const std::vector<u64>&, const std::vector<double>&) {
        return std::discrete_distribution<int>(u->begin(), u->end());
    });
    add("Boost.Random alias (uniform doubles)", [u](const std::vector<u64>&, const std::vector<double>&) {
        return boost::random::discrete_distribution<int, double>(u->begin(), u->end());
    });
}

// ---- running -------------------------------------------------------------------
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const auto m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

u64 checksum = 0;

// Runs needed for about `target` seconds.
u64 calibrate(bench_case& c, double target) {
    u64 runs = 1;
    for (;;) {
        const auto start = std::chrono::steady_clock::now();
        checksum += c.run(runs);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (seconds >= target / 4 || runs > (u64{1} << 30)) return std::max<u64>(1, static_cast<u64>(runs * target / seconds));
        runs *= 4;
    }
}

void build_cases(bool quick) {
    const u64 per_run = 256;
    add_all_draws<rp::splitmix64>("splitmix64", per_run, bounds{});
    add_all_draws<pcg64>("pcg64", per_run, bounds{});
    add_all_draws<std::mt19937_64>("mt19937_64", per_run, bounds{});
    add_all_draws<std::mt19937>("mt19937", per_run, bounds{});
    add_all_draws<std::minstd_rand>("minstd_rand", per_run, bounds{});
    if (!quick) add_all_draws<std::random_device>("random_device", 16, bounds{});
    add_all_generate(generate_bounds{});
    add_reals<rp::splitmix64>("splitmix64", per_run);
    add_reals<std::mt19937_64>("mt19937_64", per_run);
    add_reals<std::mt19937>("mt19937", per_run);
    add_real_generate();
    for (auto [p, label] : {std::pair<double, const char*>{0.5, "0.5"}, {0.2, "0.2"}, {0.01, "0.01"}, {1e-6, "1e-6"}}) {
        add_geometric<std::mt19937_64>("mt19937_64", label, p, per_run);
        add_geometric<rp::splitmix64>("splitmix64", label, p, per_run);
        add_geometric<coin_engine>("coin", label, p, 16);
    }
    for (auto [t, p, label] : {std::tuple<int, double, const char*>{100, 0.2, "100 0.2"}, {10, 0.5, "10 0.5"}, {1000, 0.01, "1000 0.01"},
                               {65536, 0.5, "65536 0.5"}}) {
        add_binomial<std::mt19937_64>("mt19937_64", label, t, p, per_run);
        add_binomial<rp::splitmix64>("splitmix64", label, t, p, per_run);
        add_binomial<coin_engine>("coin", label, t, p, 16);
    }
    for (auto [k, p, label] : {std::tuple<int, double, const char*>{5, 0.2, "5 0.2"}, {1, 0.5, "1 0.5"}, {100, 0.9, "100 0.9"}}) {
        add_negative_binomial<std::mt19937_64>("mt19937_64", label, k, p, per_run);
        add_negative_binomial<rp::splitmix64>("splitmix64", label, k, p, per_run);
        add_negative_binomial<coin_engine>("coin", label, k, p, 16);
    }
    for (auto [lambda, label] : {std::pair<double, const char*>{1.5, "1.5"}, {1e-3, "1e-3"}}) {
        add_exponential<std::mt19937_64>("mt19937_64", label, lambda, per_run);
        add_exponential<rp::splitmix64>("splitmix64", label, lambda, per_run);
        add_exponential<coin_engine>("coin", label, lambda, 16);
    }
    for (auto [mean, stddev, label] : {std::tuple<double, double, const char*>{0.0, 1.0, "0 1"}, {100.0, 15.0, "100 15"}}) {
        add_normal<std::mt19937_64>("mt19937_64", label, mean, stddev, per_run);
        add_normal<rp::splitmix64>("splitmix64", label, mean, stddev, per_run);
        add_normal<coin_engine>("coin", label, mean, stddev, 16);
    }
    add_pick(6, "6");
    add_pick(1000, "1000");
    add_pick(1000000, "10^6");
    add_shuffle(10000, "10^4");
    add_shuffle(1000000, "10^6");
    for (auto [size, label] : {std::pair<std::size_t, const char*>{2, "2"}, {6, "6"}, {100, "100"}, {10000, "10^4"}, {1000000, "10^6"}}) {
        add_discrete<rp::splitmix64>("splitmix64", size, label, per_run);
        add_discrete<std::mt19937>("mt19937", size, label, per_run);
    }
    for (const char* kind : {"uniform", "exp(-k/10)", "1/k^3"})
        for (auto [size, label] : {std::pair<std::size_t, const char*>{6, "6"}, {100, "100"}, {10000, "10^4"}}) {
            add_discrete_doubles<rp::splitmix64>("splitmix64", kind, size, label, per_run);
            add_discrete_doubles<std::mt19937>("mt19937", kind, size, label, per_run);
        }
    add_discrete_compile_time<rp::splitmix64>("splitmix64", "6", std::make_index_sequence<6>{});
    add_discrete_compile_time<rp::splitmix64>("splitmix64", "100", std::make_index_sequence<100>{});
    add_discrete_compile_time<std::mt19937>("mt19937", "6", std::make_index_sequence<6>{});
    add_discrete_compile_time<std::mt19937>("mt19937", "100", std::make_index_sequence<100>{});
    for (auto [size, label] : {std::pair<std::size_t, const char*>{100, "100"}, {10000, "10^4"}, {1000000, "10^6"}})
        add_construct(size, label);
    add_pool<rp::splitmix64, 6>("splitmix64", per_run);
    add_pool<rp::splitmix64, 1000>("splitmix64", per_run);
    if (!quick) {
        add_pool<std::random_device, 6>("random_device", 16);
        add_pool<std::random_device, 20>("random_device", 16);
        add_pool<std::random_device, 100>("random_device", 16);
        add_pool<std::random_device, 1000>("random_device", 16);
    }
}

}  // namespace

int main(int argc, char** argv) {
    int reps = 11;
    bool quick = false, callgrind = false, loaded_only = false;
    std::string group;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--quick")) quick = true;
        else if (!std::strcmp(argv[i], "--callgrind")) callgrind = true;
        else if (!std::strcmp(argv[i], "--group") && i + 1 < argc) group = argv[++i];
        else if (!std::strcmp(argv[i], "--loaded")) loaded_only = true;
        else {
            std::fprintf(stderr, "usage: bench [--reps R] [--quick] [--callgrind] [--group G] [--loaded]\n");
            return 2;
        }
    }
    build_cases(quick || callgrind);
    if (!group.empty())  // one group alone (draw, generate, pick, shuffle, pool, …), for a quick look
        cases.erase(std::remove_if(cases.begin(), cases.end(), [&](const bench_case& c) { return c.group != group; }),
                    cases.end());
    else if (!callgrind)  // timing: the loaded dice apart from the rest (see --loaded)
        cases.erase(std::remove_if(cases.begin(), cases.end(),
                                   [&](const bench_case& c) {
                                       const bool loaded = c.group == "discrete" || c.group == "discrete compile-time" ||
                                                           c.group.rfind("discrete doubles", 0) == 0 ||
                                                           c.group == "construct";
                                       return loaded != loaded_only;
                                   }),
                    cases.end());

    // a CSV field: quoted when it holds a comma or a quote (the intervals of the group "real" do)
    const auto field = [](const std::string& text) {
        if (text.find_first_of(",\"") == std::string::npos) return text;
        std::string quoted = "\"";
        for (char ch : text) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return quoted + "\"";
    };
    if (callgrind) {
        // instructions per value: each case produces `values` values between a zero and a dump
        std::printf("group,engine,library,n,values\n");
        for (auto& c : cases) {
            const u64 runs = std::max<u64>(1, 20000 / c.values_per_run);
            checksum += c.run(1);  // warm up (static engines, buffers)
            CALLGRIND_ZERO_STATS;
            CALLGRIND_TOGGLE_COLLECT;
            checksum += c.run(runs);
            CALLGRIND_TOGGLE_COLLECT;
            const std::string name = c.group + "|" + c.engine + "|" + c.library + "|" + c.n;
            CALLGRIND_DUMP_STATS_AT(name.c_str());
            std::printf("%s,%s,%s,%s,%llu\n", field(c.group).c_str(), field(c.engine).c_str(), field(c.library).c_str(),
                        field(c.n).c_str(), static_cast<unsigned long long>(runs * c.values_per_run));
        }
        return checksum == 42 ? 1 : 0;
    }

    std::vector<u64> runs(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) runs[i] = calibrate(cases[i], 0.002);
    std::vector<std::size_t> order(cases.size());
    std::iota(order.begin(), order.end(), 0);
    std::mt19937 shuffler(7);
    for (int r = 0; r < reps; ++r) {
        std::shuffle(order.begin(), order.end(), shuffler);
        for (std::size_t i : order) {
            auto& c = cases[i];
            const auto start = std::chrono::steady_clock::now();
            checksum += c.run(runs[i]);
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            c.ns.push_back(seconds * 1e9 / static_cast<double>(runs[i] * c.values_per_run));
        }
        std::fprintf(stderr, "\rrepetition %d of %d", r + 1, reps);
    }
    std::fprintf(stderr, "\n");
    // the samples in repetition order, so that the report can pair cases timed in the same repetition
    std::printf("group,engine,library,n,ns_per_value,calls_per_value,samples\n");
    for (auto& c : cases) {
        std::string samples;
        for (double ns : c.ns) samples += (samples.empty() ? "" : ";") + std::to_string(ns);
        std::printf("%s,%s,%s,%s,%.4f,%.5f,%s\n", field(c.group).c_str(), field(c.engine).c_str(), field(c.library).c_str(),
                    field(c.n).c_str(), median(c.ns), c.calls_per_value(), samples.c_str());
    }
    return checksum == 42 ? 1 : 0;
}
