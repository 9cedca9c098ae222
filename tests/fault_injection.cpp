// A source that throws at its k-th call, for every k a run reaches, through
// every operation that reads a source: the exception propagates, nothing is
// left half-written beyond what the docs say, and no roll is used twice.
#include <rollplan/discrete.hpp>
#include <rollplan/distribution.hpp>
#include <rollplan/engines.hpp>
#include <rollplan/generate.hpp>
#include <rollplan/planner.hpp>
#include <rollplan/pool.hpp>
#include <rollplan/sample.hpp>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <numeric>
#include <vector>

using namespace rollplan;

namespace {

struct injected_fault {};

// An engine with K values that throws at its `throw_at`-th call (1-based; 0:
// never) before it reads its inner engine, so the throwing call consumes
// nothing. `calls` counts the calls made, the throwing one included.
template <std::uint64_t K>
struct faulty_engine {
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return K - 1; }
    splitmix64 inner{2026};
    int throw_at = 0;
    int calls = 0;
    result_type operator()() {
        if (++calls == throw_at) throw injected_fault{};
        const std::uint64_t word = inner();
        if constexpr (K == 0)
            return word;
        else
            return word % K;  // the test needs a fixed stream, not a fair one
    }
};
using faulty_d6 = faulty_engine<6>;
using faulty_64 = faulty_engine<0>;  // K = 2^64: max() is 2^64 − 1

// Runs `draws` draws with a source that throws at call k, retrying the draw
// that threw; returns the values and whether it threw.
template <class Engine, class Draw>
std::pair<std::vector<std::uint64_t>, bool> run_with_fault(int k, int draws, Draw draw) {
    Engine engine;
    engine.throw_at = k;
    std::vector<std::uint64_t> values;
    bool threw = false;
    for (int i = 0; i < draws; ++i) {
        try {
            values.push_back(draw(engine));
        } catch (const injected_fault&) {
            REQUIRE_FALSE(threw);
            threw = true;
            --i;
            // Everything after the throw depends on the engine alone: a twin
            // engine that never throws, from here, gives the same values.
            Engine twin = engine;
            twin.throw_at = 0;
            Engine rest = engine;
            for (int j = i + 1; j < draws; ++j) REQUIRE(draw(rest) == draw(twin));
        }
    }
    return {values, threw};
}

// The stateless draws: after a throw, the draw that threw starts again on
// fresh rolls. The rolls it had read are not used again: its retry equals a
// draw from an engine that has skipped them.
template <class Engine, class Draw>
void check_stateless(Draw draw, int draws) {
    Engine clean;
    for (int i = 0; i < draws; ++i) draw(clean);
    for (int k = 1; k <= clean.calls; ++k) {
        INFO("the source throws at call " << k);
        const auto [values, threw] = run_with_fault<Engine>(k, draws, draw);
        REQUIRE(threw);
        REQUIRE(values.size() == static_cast<std::size_t>(draws));
    }
}

}  // namespace

TEST_CASE("sample and uniform_below: a throw propagates, the retry uses fresh rolls", "[fault]") {
    check_stateless<faulty_d6>([](auto& g) { return sample<plan_t<29, d6>>(g); }, 30);
    check_stateless<faulty_d6>([](auto& g) { return sample<plan_t<29, d6, strategy::cheapest>>(g); }, 30);
    check_stateless<faulty_d6>([](auto& g) { return uniform_below(g, 1000); }, 30);
    check_stateless<faulty_64>([](auto& g) { return uniform_below(g, 1000003); }, 30);
    // the exact statement: the rolls read before the throw are skipped, not reused
    for (int k = 2; k <= 4; ++k) {
        faulty_d6 engine;
        engine.throw_at = k;
        REQUIRE_THROWS_AS((sample<plan_t<1000, d6>>(engine)), injected_fault);  // needs 4+ rolls
        faulty_d6 skipped;
        for (int i = 1; i < k; ++i) skipped();  // the k − 1 rolls the failed draw read
        REQUIRE(sample<plan_t<1000, d6>>(engine) == sample<plan_t<1000, d6>>(skipped));
    }
}

TEST_CASE("the distribution: a throw propagates, the retry uses fresh rolls", "[fault]") {
    check_stateless<faulty_d6>([](auto& g) { return static_cast<std::uint64_t>(uniform_int_distribution<int, 1, 29>{}(g)); }, 30);
    check_stateless<faulty_64>(
        [](auto& g) { return uniform_int_distribution<std::uint64_t, 0, std::uint64_t{1} << 63>{}(g); }, 30);
}

namespace {
// 40 draws of a pool on a d6 that throws at call k (0: never), retrying the
// draw that threw: draw(pool, i) is the i-th draw. For every k the values are
// those of the pool that never threw: the rolls read before the throw stay in
// the register, used once.
template <class Draw>
void check_pool_with_fault(Draw draw) {
    auto run = [&](int k) {
        faulty_d6 engine;
        engine.throw_at = k;
        entropy_pool<faulty_d6> pool(engine);
        std::vector<std::uint64_t> values;
        int throws = 0;
        while (values.size() < 40) {
            try {
                values.push_back(draw(pool, values.size()));
            } catch (const injected_fault&) {
                ++throws;
            }
        }
        return std::pair{values, throws};
    };
    const auto [clean, none] = run(0);
    REQUIRE(none == 0);
    faulty_d6 counter;
    entropy_pool<faulty_d6> counting(counter);
    for (std::size_t i = 0; i < 40; ++i) (void)draw(counting, i);
    for (int k = 1; k <= counter.calls; ++k) {
        INFO("the source throws at call " << k);
        const auto [values, throws] = run(k);
        REQUIRE(throws == 1);
        REQUIRE(values == clean);
    }
}
}  // namespace

TEST_CASE("the pool: after a throw it gives exactly the values it would have given", "[fault]") {
    check_pool_with_fault([](auto& pool, std::size_t i) { return i % 2 == 0 ? pool.draw(29) : pool.template draw<1000>(); });
}

TEST_CASE("generate: a throw leaves the elements before it written, the rest untouched", "[fault]") {
    std::vector<int> clean(50, -1);
    {
        faulty_d6 engine;
        rollplan::generate(clean, uniform_int_distribution<int, 1, 29>{}, engine);
    }
    for (int k = 1; k <= 200; ++k) {
        INFO("the source throws at call " << k);
        faulty_d6 engine;
        engine.throw_at = k;
        std::vector<int> out(50, -1);
        bool threw = false;
        try {
            rollplan::generate(out, uniform_int_distribution<int, 1, 29>{}, engine);
        } catch (const injected_fault&) {
            threw = true;
        }
        if (!threw) {
            REQUIRE(out == clean);
            continue;
        }
        const auto written = static_cast<std::size_t>(std::ranges::find(out, -1) - out.begin());
        REQUIRE(written < out.size());
        REQUIRE(std::equal(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(written), clean.begin()));
        REQUIRE(std::all_of(out.begin() + static_cast<std::ptrdiff_t>(written), out.end(), [](int v) { return v == -1; }));
    }
}

TEST_CASE("shuffle and sampling: a throw leaves a permutation and a written prefix", "[fault]") {
    for (int k = 1; k <= 120; ++k) {
        INFO("the source throws at call " << k);
        faulty_d6 engine;
        engine.throw_at = k;
        std::array<int, 40> cards{};
        std::iota(cards.begin(), cards.end(), 0);
        try {
            rollplan::shuffle(cards, engine);
        } catch (const injected_fault&) {
        }
        auto sorted = cards;
        std::ranges::sort(sorted);
        for (int i = 0; i < 40; ++i) REQUIRE(sorted[static_cast<std::size_t>(i)] == i);

        faulty_d6 picker;
        picker.throw_at = k;
        std::array<int, 40> items{};
        std::iota(items.begin(), items.end(), 0);
        std::vector<int> chosen;
        try {
            rollplan::sample_without_replacement(items, std::back_inserter(chosen), 10, picker);
        } catch (const injected_fault&) {
        }
        REQUIRE(chosen.size() <= 10);
        REQUIRE(std::ranges::is_sorted(chosen));  // in order, each item at most once
        REQUIRE(std::ranges::adjacent_find(chosen) == chosen.end());
    }
}

TEST_CASE("loaded dice: a throw propagates, the retry uses fresh rolls; the pool's draw(d) loses nothing", "[fault][loaded]") {
    check_stateless<faulty_d6>([](auto& g) { return sample<loaded_plan_t<loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>, d6>>(g); }, 30);
    check_stateless<faulty_d6>([](auto& g) { return static_cast<std::uint64_t>(discrete_distribution<int, 5, 0, 2, 9>{}(g)); }, 30);
    const discrete_distribution<int> d({0.1, 0.2, 0.7});
    check_stateless<faulty_64>([&](auto& g) { return static_cast<std::uint64_t>(d(g)); }, 30);
    check_stateless<faulty_d6>([&](auto& g) { return static_cast<std::uint64_t>(d(g)); }, 30);
    const bernoulli_distribution tiny{0x1p-70};
    check_stateless<faulty_64>([&](auto& g) { return static_cast<std::uint64_t>(tiny(g)); }, 10);
    // the pool: the rolls read before the throw stay in the register, and draw(d) gives what it would have
    check_pool_with_fault([&](auto& pool, std::size_t i) {
        return static_cast<std::uint64_t>(i % 2 == 0 ? pool.draw(d) : pool.draw(discrete_distribution<int, 3, 2, 1>{}));
    });
}
