// Sequences checked against a second, plain implementation of docs/spec.md
// written here, so that a change to the library's output cannot pass by
// changing both sides; tests/golden/reproducible.txt pins the printed
// sequences of examples/reproducible.cpp (test reproducible.four_way).
#include <rollplan/rollplan.hpp>

#include <catch2/catch.hpp>
#include <random>

using namespace rollplan;

namespace {
// spec.md, "recycle" and "uniform_int_distribution": the Knuth–Yao loop on
// the engine's values minus its min, as plain 128-bit arithmetic.
template <class G>
std::uint64_t spec_optimal(G& g, count_t n) {
    const count_t k = count_t{G::max()} - G::min() + 1;
    count_t x = 0, m = 1;
    for (;;) {
        while (m < n) {
            x = x * k + (g() - G::min());
            m *= k;
        }
        const count_t kept = m / n * n;
        if (x < kept) return static_cast<std::uint64_t>(x % n);
        x -= kept;
        m -= kept;
    }
}

// spec.md, "reject" with digits: d = ⌈log_K n⌉ values as digits, kept below ⌊K^d/n⌋·n.
template <class G>
std::uint64_t spec_digits(G& g, count_t n) {
    const count_t k = count_t{G::max()} - G::min() + 1;
    count_t reach = 1;
    unsigned d = 0;
    while (reach < n) reach *= k, ++d;
    for (;;) {
        count_t x = 0;
        for (unsigned i = 0; i < d; ++i) x = x * k + (g() - G::min());
        if (x < reach / n * n) return static_cast<std::uint64_t>(x % n);
    }
}

template <auto A, auto B, class Strategy, class G, class Spec>
void agree(G engine, Spec spec, int draws) {
    G twin = engine;
    uniform_int_distribution<A, B, Strategy> dist;
    const count_t n = static_cast<count_t>(B - A) + 1;
    for (int i = 0; i < draws; ++i) REQUIRE(dist(engine) == A + static_cast<decltype(A)>(spec(twin, n)));
}
}  // namespace

TEST_CASE("the optimal strategy follows the spec on every engine", "[golden]") {
    auto optimal_spec = [](auto& g, count_t n) { return spec_optimal(g, n); };
    agree<1, 6, strategy::optimal>(splitmix64{1}, optimal_spec, 10000);
    agree<1, 29, strategy::optimal>(pcg32{29, 54}, optimal_spec, 10000);
    agree<0ll, 999999999999ll, strategy::optimal>(xoshiro256starstar{1}, optimal_spec, 10000);
    agree<-50, 50, strategy::optimal>(std::mt19937{5}, optimal_spec, 10000);
    agree<1, 1000, strategy::optimal>(std::minstd_rand{5}, optimal_spec, 10000);
}

TEST_CASE("the digits strategy follows the spec", "[golden]") {
    auto digits_spec = [](auto& g, count_t n) { return spec_digits(g, n); };
    agree<1, 6, strategy::digits>(splitmix64{2}, digits_spec, 10000);
    agree<1, 7, strategy::digits>(std::ranlux24{2}, digits_spec, 10000);
    agree<0, 999, strategy::digits>(pcg32{3}, digits_spec, 10000);
}

TEST_CASE("shuffle follows the spec", "[golden]") {
    // spec.md, "shuffle": for i = n − 1 down to 1, swap a[i] and a[uniform_below(g, i + 1)]
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
        std::array<int, 10> ours{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, spec = ours;
        splitmix64 a(seed), b(seed);
        rollplan::shuffle(ours, a);
        for (std::size_t i = spec.size() - 1; i > 0; --i) std::swap(spec[i], spec[spec_optimal(b, i + 1)]);
        REQUIRE(ours == spec);
    }
}

TEST_CASE("golden values", "[golden]") {
    // First values of the optimal d6 and d29 from the spec's engines; these are the
    // stability promise of README, "Reproducible": a change here is a breaking change.
    std::array<int, 12> d6{}, d29{};
    generate(d6, uniform_int_distribution<1, 6>{}, splitmix64{1});
    generate(d29, uniform_int_distribution<1, 29>{}, pcg32{29, 54});
    REQUIRE(d6 == std::array<int, 12>{6, 2, 1, 6, 4, 3, 4, 4, 1, 5, 4, 5});
    REQUIRE(d29 == std::array<int, 12>{24, 10, 28, 6, 1, 4, 19, 24, 11, 23, 9, 27});
}
