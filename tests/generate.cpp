#include <rollplan/distribution.hpp>
#include <rollplan/engines.hpp>
#include <rollplan/generate.hpp>
#include <rollplan/philox.hpp>
#include <rollplan/planner.hpp>
#include <rollplan/verify.hpp>

#include "support.hpp"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <forward_list>
#include <list>
#include <map>
#include <numeric>
#include <set>
#include <type_traits>
#include <random>
#include <vector>

using namespace rollplan;

namespace {
// A sentinel that can only be compared, so that generate cannot know the distance.
struct stop_at {
    std::vector<int>::iterator end;
    friend bool operator==(std::vector<int>::iterator it, const stop_at& s) { return it == s.end; }
};
static_assert(std::sentinel_for<stop_at, std::vector<int>::iterator>);
static_assert(!std::sized_sentinel_for<stop_at, std::vector<int>::iterator>);
}  // namespace

TEST_CASE("generate: several values per engine word, else the distribution in a loop", "[generate]") {
    std::vector<int> by_iterators(1000), by_range(1000);
    uniform_int_distribution<int, 1, 6> d6;
    splitmix64 a(3), b(3), c(3);
    REQUIRE(rollplan::generate(by_iterators.begin(), by_iterators.end(), d6, a) == by_iterators.end());
    rollplan::generate(by_range, d6, b);
    REQUIRE(by_iterators == by_range);
    REQUIRE(a == b);
    // 23 values of a d6 per word of a 64-bit engine: 44 words, and a few rejected ones
    std::uint64_t words = 0;
    while (!(c == a) && words < 100) c(), ++words;
    REQUIRE(c == a);
    REQUIRE(words >= 44);
    REQUIRE(words <= 60);
    // a source that is not an engine word, and a distribution that is not rollplan's: the loop
    std::minstd_rand e(3), f(3);
    rollplan::generate(by_iterators, d6, e);
    for (int v : by_iterators) REQUIRE(v == d6(f));
    std::uniform_int_distribution<int> standard(1, 6);
    splitmix64 g(4), h(4);
    rollplan::generate(by_iterators, standard, g);
    for (int v : by_iterators) REQUIRE(v == standard(h));
    // a sentinel without a distance (found by walking): the same values
    std::vector<int> bounded(100), walked(100);
    splitmix64 i(5), j(5);
    rollplan::generate(bounded, d6, i);
    REQUIRE(rollplan::generate(walked.begin(), stop_at{walked.end()}, d6, j) == walked.end());
    REQUIRE(bounded == walked);
    REQUIRE(i == j);
}

TEST_CASE("generate with run-time bounds: the batches of the same bounds at compile time", "[generate]") {
    // the compile-time form's values for the same N on every engine word (golden.cpp checks both
    // against the spec); where a batch holds one value, or the plan is no scale, the loop of d(g)
    auto same_as = [](auto engine, auto constant, std::size_t count) {
        using result = typename decltype(constant)::result_type;
        const uniform_int_distribution<result> run_time(constant.min(), constant.max());
        auto twin = engine;
        std::vector<result> ours(count), theirs(count);
        rollplan::generate(ours, run_time, engine);
        rollplan::generate(theirs, constant, twin);
        REQUIRE(ours == theirs);
        REQUIRE(engine == twin);
    };
    for (std::size_t count : {1u, 2u, 22u, 23u, 24u, 64u, 65u, 1000u}) {
        INFO("count = " << count);
        same_as(splitmix64{1}, uniform_int_distribution<int, 1, 6>{}, count);
        same_as(splitmix64{2}, uniform_int_distribution<unsigned, 0, 1>{}, count);          // 64 coins a word
        same_as(std::mt19937{3}, uniform_int_distribution<short, -7, 7>{}, count);         // a 32-bit word
        same_as(std::mt19937_64{4}, uniform_int_distribution<long, 0, 65535>{}, count);
        same_as(pcg32{5}, uniform_int_distribution<long long, 1, 4294967295>{}, count);    // one value a word
        same_as(splitmix64{6}, uniform_int_distribution<std::uint64_t, 0, 4294967296>{}, count);
        same_as(splitmix64{7}, uniform_int_distribution<std::int64_t, INT64_MIN, INT64_MAX>{}, count);  // the whole range
        same_as(splitmix64{8}, uniform_int_distribution<int, 5, 5>{}, count);              // one value: no roll
        same_as(pcg32{9}, uniform_int_distribution<long long, 0, 4294967296>{}, count);    // two words a value
    }
    // past one batch of a d6 per word (23), a 1000-value fill reads about 1000/23 words
    std::vector<int> values(1000);
    splitmix64 g(10), count_from(10);
    rollplan::generate(values, uniform_int_distribution<int>(1, 6), g);
    std::uint64_t words = 0;
    while (!(count_from == g) && words < 100) count_from(), ++words;
    REQUIRE(words >= 44);
    REQUIRE(words <= 60);
    // a source that is not an engine word: the loop
    std::minstd_rand e(3), f(3);
    const uniform_int_distribution<int> d6(1, 6);
    rollplan::generate(values, d6, e);
    for (int v : values) REQUIRE(v == d6(f));
}

namespace {
// generate with run-time bounds against the spec (section 5, batches), computed
// another way: words read from a twin engine, v accepted when v·B mod L >= L mod B
// (B = n^k), the values the base-n digits of ⌊v·B/L⌋ found by division, the
// most significant first, the last batch cut at the end.
template <class Engine>
std::vector<std::uint64_t> batches_by_division(Engine& twin, std::uint64_t n, std::size_t k, std::size_t count) {
    const count_t L = count_t{1} << (sizeof(typename Engine::result_type) * 8 == 64 && Engine::max() > 0xffffffffu ? 64 : 32);
    count_t product = 1;
    for (std::size_t i = 0; i < k; ++i) product *= n;
    std::vector<std::uint64_t> out;
    while (out.size() < count) {
        const count_t v = static_cast<count_t>(twin() - Engine::min());
        if (v * product % L < L % product) continue;
        count_t value = v * product / L;
        std::vector<std::uint64_t> digits(k);
        for (std::size_t i = k; i-- > 0; value /= n) digits[i] = static_cast<std::uint64_t>(value % n);
        for (std::size_t i = 0; i < k && out.size() < count; ++i) out.push_back(digits[i]);
    }
    return out;
}

template <class Engine>
void every_batch_size(Engine engine, count_t L) {
    // n = 2 … 130 (batch sizes down to 8 on a 64-bit word, 4 on a 32-bit one),
    // and the largest n with n^k <= L for k = 2 … 8 (sizes 2 to 8, or next to them)
    std::vector<std::uint64_t> bounds;
    for (std::uint64_t n = 2; n <= 130; ++n) bounds.push_back(n);
    for (unsigned k = 2; k <= 8; ++k) bounds.push_back(static_cast<std::uint64_t>(detail::integer_root(L, k)));
    std::set<std::size_t> sizes;
    for (const std::uint64_t n : bounds) {
        const std::size_t k = testing::spec_batch_size(count_t{n}, L);  // by the spec's rule, not batch_size
        sizes.insert(k);
        INFO("n = " << n << ", k = " << k);
        for (std::size_t count : {std::size_t{3} * k, std::size_t{3} * k + 1, std::size_t{100}}) {
            const uniform_int_distribution<std::uint64_t> d(10, 10 + n - 1);
            auto twin = engine;
            const std::vector<std::uint64_t> expected = batches_by_division(twin, n, k, count);
            std::vector<std::uint64_t> values(count);  // 3k + 1: the last value through the tail's digits
            auto after = engine;
            rollplan::generate(values, d, after);
            for (std::size_t i = 0; i < count; ++i) REQUIRE(values[i] == 10 + expected[i]);
            REQUIRE(after == twin);  // no word more or less
        }
    }
    // every size from 2 past the unrolled ones was seen
    for (std::size_t k = 2; k <= detail::max_unrolled_batch + 1; ++k) REQUIRE(sizes.count(k) == 1);
}
}  // namespace

TEST_CASE("generate with run-time bounds: every batch size gives the spec's values", "[generate]") {
    // each size's own code (sized_digit_batch for the unrolled sizes, digit_batch_of for the others)
    every_batch_size(splitmix64{11}, two_to_64);
    every_batch_size(std::mt19937{12}, count_t{1} << 32);
}

TEST_CASE("rollplan's algorithms are function objects: no std algorithm by argument-dependent lookup", "[generate]") {
    STATIC_REQUIRE(std::is_object_v<decltype(rollplan::shuffle)>);
    STATIC_REQUIRE(std::is_object_v<decltype(rollplan::generate)>);
    STATIC_REQUIRE(std::is_object_v<decltype(rollplan::sample_without_replacement)>);
    STATIC_REQUIRE(std::is_object_v<decltype(rollplan::pick)>);
    STATIC_REQUIRE(std::is_object_v<decltype(rollplan::uniform_below)>);
    // unqualified, with `using namespace rollplan;` above: a std::vector and a std:: engine bring
    // namespace std to the lookup, which would find std::shuffle if rollplan::shuffle were a function
    std::vector<int> unqualified(52), ours(52), theirs(52);
    std::iota(unqualified.begin(), unqualified.end(), 0);
    ours = theirs = unqualified;
    std::mt19937_64 a(5), b(5), c(5);
    shuffle(unqualified.begin(), unqualified.end(), a);
    rollplan::shuffle(ours.begin(), ours.end(), b);
    std::shuffle(theirs.begin(), theirs.end(), c);
    REQUIRE(unqualified == ours);
    REQUIRE(unqualified != theirs);  // std's permutation differs (checked for this seed)
    std::vector<int> filled(10), filled_by_name(10);
    std::mt19937 d(6), e(6);
    generate(filled, uniform_int_distribution<int>(1, 6), d);
    rollplan::generate(filled_by_name, uniform_int_distribution<int>(1, 6), e);
    REQUIRE(filled == filled_by_name);
}

TEST_CASE("pick: an iterator to an element chosen by one exact draw", "[generate]") {
    const std::vector<int> v{10, 20, 30, 40, 50, 60, 70};
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        splitmix64 a(seed), b(seed);
        const auto it = pick(v, a);
        REQUIRE(it - v.begin() == static_cast<std::ptrdiff_t>(uniform_below(b, v.size())));
        REQUIRE(a == b);
        pcg32 c(seed), d(seed);
        REQUIRE(pick(v.begin(), v.end(), c) == v.begin() + static_cast<std::ptrdiff_t>(uniform_below(d, 7)));
    }
    // an empty range gives last, one element no roll
    std::vector<int> none;
    splitmix64 g(1), untouched(1);
    REQUIRE(pick(none, g) == none.end());
    const std::array<int, 1> one{42};
    REQUIRE(*pick(one, g) == 42);
    REQUIRE(g == untouched);
    // a forward range without a size: walked to the element
    const std::forward_list<int> list{1, 2, 3, 4, 5, 6};
    splitmix64 h(2), i(2);
    REQUIRE(*pick(list, h) == 1 + static_cast<int>(uniform_below(i, 6)));
    // every element equally likely, on every sequence of rolls of a d6 (5 elements: Knuth–Yao)
    constexpr auto picked = [](auto& source) {
        constexpr std::array<int, 5> five{0, 1, 2, 3, 4};
        return static_cast<std::uint64_t>(*pick(five, source));
    };
    STATIC_REQUIRE(check_sampler<d6, 5>(picked, 4).same_count_at_every_length());
    // a constant expression
    constexpr int chosen = [] {
        std::array<int, 4> cards{1, 2, 3, 4};
        return *pick(cards, splitmix64{3});
    }();
    STATIC_REQUIRE(chosen >= 1);
    STATIC_REQUIRE(chosen <= 4);
}

TEST_CASE("generate_array in a constant expression", "[generate]") {
    constexpr auto table = generate_array<100>(uniform_int_distribution<int, 1, 6>{}, splitmix64{42});
    STATIC_REQUIRE(std::ranges::all_of(table, [](int v) { return v >= 1 && v <= 6; }));
    std::vector<int> again(100);
    rollplan::generate(again, uniform_int_distribution<int, 1, 6>{}, splitmix64{42});
    REQUIRE(std::ranges::equal(table, again));
}

TEST_CASE("uniform_below is the default plan run with N as data", "[generate]") {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        pcg32 a(seed), b(seed);
        REQUIRE(uniform_below(a, 29) == sample<plan_t<29, die<count_t{1} << 32>>>(b));
        splitmix64 c(seed), d(seed);
        REQUIRE(uniform_below(c, 6) == sample<plan_t<6, die<two_to_64>>>(d));
    }
    // the edges of the nearly divisionless test: L mod n is L − n above L/2, and 0 at n = L/2
    auto same_at = [](auto n_constant) {
        constexpr std::uint64_t n = decltype(n_constant)::value;
        for (std::uint64_t seed = 0; seed < 200; ++seed) {
            splitmix64 a(seed), b(seed);
            REQUIRE(uniform_below(a, n) == sample<plan_t<n, die<two_to_64>>>(b));
            REQUIRE(a == b);
            pcg32 c(seed), d(seed);  // two 32-bit words past 2^32
            REQUIRE(uniform_below(c, n) == sample<plan_t<n, die<count_t{1} << 32>>>(d));
            REQUIRE(c == d);
        }
    };
    same_at(std::integral_constant<std::uint64_t, std::uint64_t{1} << 63>{});
    same_at(std::integral_constant<std::uint64_t, (std::uint64_t{1} << 63) + 1>{});
    same_at(std::integral_constant<std::uint64_t, (std::uint64_t{1} << 63) - 1>{});
    same_at(std::integral_constant<std::uint64_t, ~std::uint64_t{0}>{});
    same_at(std::integral_constant<std::uint64_t, (std::uint64_t{1} << 32) + 1>{});
    same_at(std::integral_constant<std::uint64_t, std::uint64_t{1} << 31>{});
    same_at(std::integral_constant<std::uint64_t, (std::uint64_t{1} << 31) + 1>{});
    same_at(std::integral_constant<std::uint64_t, std::uint64_t{1} << 32>{});
    // through every sequence of three d6 rolls, the same values and the same rolls
    constexpr auto by_value = check_sampler<d6, 29>([](auto& s) { return uniform_below(s, 29); }, 3);
    constexpr auto by_plan = check_sampler<d6, 29>([](auto& s) { return sample<plan_t<29, d6>>(s); }, 3);
    STATIC_REQUIRE(by_value.same_count_at_every_length());
    STATIC_REQUIRE(by_value.resolved == by_plan.resolved);
    std::mt19937 e;
    REQUIRE_THROWS_AS(uniform_below(e, 0), std::invalid_argument);
}

namespace {
// A permutation's index in [0, n!): its Lehmer code read in mixed radix.
template <std::size_t n>
constexpr std::uint64_t lehmer_index(const std::array<int, n>& a) {
    std::uint64_t index = 0;
    for (std::size_t i = 0; i < n; ++i) {
        std::uint64_t smaller_after = 0;
        for (std::size_t j = i + 1; j < n; ++j) smaller_after += a[j] < a[i] ? 1u : 0u;
        index = index * (n - i) + smaller_after;
    }
    return index;
}

// Shuffles 0..n−1 with the rolls the checker replays.
template <std::size_t n>
constexpr auto shuffle_index = [](auto& source) {
    std::array<int, n> a{};
    for (std::size_t i = 0; i < n; ++i) a[i] = static_cast<int>(i);
    rollplan::shuffle(a, source);
    return lehmer_index(a);
};
}  // namespace

TEST_CASE("every permutation equally likely (every sequence of rolls)", "[generate]") {
    // 4! = 24 permutations from a d6: exact, checked through 4 rolls
    STATIC_REQUIRE(check_sampler<d6, 24>(shuffle_index<4>, 4).same_count_at_every_length());
    STATIC_REQUIRE(check_sampler<coin, 6>(shuffle_index<3>, 8).same_count_at_every_length());
    // a shuffle with the classic bias (j drawn from all n, not from 0..i) is caught
    constexpr auto naive = [](auto& source) {
        std::array<int, 3> a{0, 1, 2};
        for (std::size_t i = 3; i > 1; --i) std::swap(a[i - 1], a[uniform_below(source, 3)]);
        return lehmer_index(a);  // 9 equally likely swap choices onto 6 permutations
    };
    STATIC_REQUIRE(!check_sampler<d6, 6>(naive, 2).same_count_at_every_length());
    STATIC_REQUIRE(check_sampler<d6, 6>(naive, 2).proves_biased());
}

TEST_CASE("a constexpr shuffled deck is a permutation", "[generate]") {
    constexpr auto deck = [] {
        std::array<int, 52> cards{};
        std::iota(cards.begin(), cards.end(), 0);
        rollplan::shuffle(cards, pcg32{1});
        return cards;
    }();
    auto sorted = deck;
    std::ranges::sort(sorted);
    for (int i = 0; i < 52; ++i) REQUIRE(sorted[static_cast<std::size_t>(i)] == i);
}

namespace {
// The index of the k-subset chosen from n, as a bit mask.
template <std::size_t n, std::uint64_t k>
constexpr auto subset_mask = [](auto& source) {
    std::array<int, n> items{};
    for (std::size_t i = 0; i < n; ++i) items[i] = static_cast<int>(i);
    std::array<int, k> chosen{};
    rollplan::sample_without_replacement(items, chosen.begin(), k, source);
    std::uint64_t mask = 0;
    for (int c : chosen) mask |= std::uint64_t{1} << c;
    return mask;
};
}  // namespace

TEST_CASE("sampling without replacement: every subset equally likely, in order", "[generate]") {
    // 2 of 4: masks 3, 5, 6, 9, 10, 12, each of probability 1/6
    constexpr auto report = check_sampler<d6, 16>(subset_mask<4, 2>, 4);
    for (std::size_t mask : std::to_array<std::size_t>({3, 5, 6, 9, 10, 12})) REQUIRE(report.mass(mask) == report.mass(3));
    for (std::size_t mask : std::to_array<std::size_t>({0, 1, 2, 4, 7, 8, 11, 13, 14, 15})) REQUIRE(report.mass(mask) == rational{0});
    REQUIRE(report.mass(3) * rational{6} + report.unresolved_mass() == rational{1});

    std::vector<int> population(100);
    std::iota(population.begin(), population.end(), 0);
    std::vector<int> out(10);
    std::mt19937_64 e(8);
    REQUIRE(sample_without_replacement(population, out.begin(), 10, e) == out.end());
    REQUIRE(std::ranges::is_sorted(out));
    REQUIRE(std::ranges::adjacent_find(out) == out.end());
    std::vector<int> all(5);
    REQUIRE(sample_without_replacement(population.begin(), population.begin() + 3, all.begin(), 5, e) ==
            all.begin() + 3);  // k above n takes everything
    // nothing to take, or nothing to take from: no element written, no value drawn
    const std::mt19937_64 before = e;
    REQUIRE(sample_without_replacement(population, out.begin(), 0, e) == out.begin());
    REQUIRE(sample_without_replacement(population.begin(), population.begin(), out.begin(), 3, e) == out.begin());
    REQUIRE(e == before);
}

TEST_CASE("shuffle and sampling pass chi-square at run time", "[generate]") {
    std::map<std::array<int, 4>, int> permutations;
    splitmix64 e(11);
    for (int i = 0; i < 240000; ++i) {
        std::array<int, 4> a{0, 1, 2, 3};
        rollplan::shuffle(a, e);
        ++permutations[a];
    }
    REQUIRE(permutations.size() == 24);
    double x2 = 0;
    for (auto& [p, c] : permutations) x2 += (c - 10000.0) * (c - 10000.0) / 10000.0;
    REQUIRE(x2 < 65.0);  // p = 1e-6 for 23 degrees of freedom
}

TEST_CASE("batched values pass chi-square, alone and in pairs, through each engine", "[generate]") {
    // Values of one word are digits of one draw: uniform alone and independent of
    // their neighbours (pairs within a batch and across batches), at fixed seeds.
    auto check = [](auto engine, const char* name) {
        INFO(name);
        std::vector<int> v(720000);
        rollplan::generate(v, uniform_int_distribution<int, 0, 5>{}, engine);
        std::array<double, 6> single{};
        std::array<double, 36> pairs{};
        for (std::size_t i = 0; i < v.size(); ++i) {
            ++single[static_cast<std::size_t>(v[i])];
            if (i % 2 == 0) ++pairs[static_cast<std::size_t>(v[i] * 6 + v[i + 1])];
        }
        double x2_single = 0, x2_pairs = 0;
        for (double c : single) x2_single += (c - 120000.0) * (c - 120000.0) / 120000.0;
        for (double c : pairs) x2_pairs += (c - 10000.0) * (c - 10000.0) / 10000.0;
        REQUIRE(x2_single < 31.0);  // p = 1e-5 for 5 degrees of freedom
        REQUIRE(x2_pairs < 80.0);   // p = 1e-5 for 35 degrees of freedom
    };
    check(splitmix64{12}, "splitmix64");
    check(xoshiro256starstar{12}, "xoshiro256**");
    check(pcg32{12}, "pcg32");
    check(std::mt19937{12}, "mt19937");
    check(std::mt19937_64{12}, "mt19937_64");
}

// From a counter-based engine, generate fills in blocks of 1024 values (docs/spec.md, section 5).
TEST_CASE("generate from a counter-based engine: block j is the ordinary fill from counter (0, b + j)", "[generate][counter]") {
    using word = philox4x64::result_type;
    uniform_int_distribution<int> d(0, 99);
    for (std::size_t n : {1u, 1023u, 1024u, 1025u, 3000u}) {
        INFO("n = " << n);
        philox4x64 engine(2026);
        std::vector<int> fill(n);
        rollplan::generate(fill.begin(), fill.end(), d, engine);
        // the definition, block by block: a fresh engine with the key, set to counter {0, j, 0, 0}
        // (set_counter takes the highest word first), and the fill of that block's positions
        std::vector<int> expected;
        const std::size_t blocks = (n + 1023) / 1024;
        for (std::size_t j = 0; j < blocks; ++j) {
            philox4x64 block(2026);
            block.set_counter({0, 0, static_cast<word>(j), 0});
            std::vector<int> part(std::min<std::size_t>(1024, n - 1024 * j));
            for (int& v : part) v = -1;
            // the ordinary fill is the batched one, the same as an engine that is not counter-based gives
            struct words {
                using result_type = std::uint64_t;
                static constexpr result_type min() { return 0; }
                static constexpr result_type max() { return ~result_type{0}; }
                philox4x64* e;
                result_type operator()() { return (*e)(); }
            } as_words{&block};
            rollplan::generate(part.begin(), part.end(), d, as_words);
            expected.insert(expected.end(), part.begin(), part.end());
        }
        REQUIRE(fill == expected);
        // the engine ends at the next range: counter {0, blocks, 0, 0}, nothing of it read
        REQUIRE(engine.counter() == std::array<word, 4>{0, blocks, 0, 0});
        REQUIRE(engine.index() == 3);
    }
}

TEST_CASE("a value of a counter-based fill depends on the key, the counter at the call and its index only", "[generate][counter]") {
    uniform_int_distribution<int> d(1, 6);
    philox4x32 engine(7);
    std::vector<int> whole(5000), shorter(2500);
    rollplan::generate(whole.begin(), whole.end(), d, philox4x32(engine));
    rollplan::generate(shorter.begin(), shorter.end(), d, philox4x32(engine));
    REQUIRE(std::equal(shorter.begin(), shorter.end(), whole.begin()));  // not on the fill's length
    // parts made alone, in any order, from (engine, first index, count), are the fill: parts that
    // start and end inside blocks, a part of one block, parts across several
    std::vector<int> parts(5000);
    const std::pair<std::size_t, std::size_t> ranges[] = {{4000, 4667}, {0, 667}, {1500, 2167}, {1024, 1500}, {3333, 4000},
                                                          {667, 1024}, {2167, 3333}, {4667, 5000}};
    for (const auto& [first, last] : ranges)
        rollplan::generate_part(parts.begin() + static_cast<std::ptrdiff_t>(first), parts.begin() + static_cast<std::ptrdiff_t>(last), d,
                                engine, first);
    REQUIRE(parts == whole);
    REQUIRE(engine == philox4x32(7));  // generate_part leaves it as it was
    // a forward list fills as a vector does
    std::forward_list<int> list(3000);
    philox4x32 again(7);
    rollplan::generate(list.begin(), list.end(), d, again);
    REQUIRE(std::equal(list.begin(), list.end(), whole.begin()));
    // so do ends whose distance is known but whose iterator cannot jump (a counted list), and ends
    // that can only be compared (the block ends are then found by walking)
    std::list<int> counted(3000);
    philox4x32 third(7);
    REQUIRE(rollplan::generate(std::counted_iterator(counted.begin(), 3000), std::default_sentinel, d, third).count() == 0);
    REQUIRE(std::equal(counted.begin(), counted.end(), whole.begin()));
    std::vector<int> walked(3000);
    philox4x32 fourth(7);
    REQUIRE(rollplan::generate(walked.begin(), stop_at{walked.end()}, d, fourth) == walked.end());
    REQUIRE(std::equal(walked.begin(), walked.end(), whole.begin()));
    REQUIRE(third == again);
    REQUIRE(fourth == again);
}

TEST_CASE("a counter-based fill starts at the first range the engine has not read", "[generate][counter]") {
    uniform_int_distribution<int> d(1, 1000);
    philox4x64 used(3);
    used();  // one value of counter range 0 read: the fill takes range 1
    std::vector<int> fill(10), from_range_1(10);
    rollplan::generate(fill.begin(), fill.end(), d, used);
    philox4x64 at_1(3);
    at_1.set_counter({0, 0, 1, 0});
    rollplan::generate_part(from_range_1.begin(), from_range_1.end(), d, at_1, 0);
    REQUIRE(fill == from_range_1);
    REQUIRE(used.counter() == std::array<philox4x64::result_type, 4>{0, 2, 0, 0});
    // two fills in a row are one fill's blocks: the second starts where the first ended
    philox4x64 twice(3), once(3);
    std::vector<int> a(1024), b(1024), both(2048);
    rollplan::generate(a.begin(), a.end(), d, twice);
    rollplan::generate(b.begin(), b.end(), d, twice);
    rollplan::generate(both.begin(), both.end(), d, once);
    REQUIRE(std::equal(a.begin(), a.end(), both.begin()));
    REQUIRE(std::equal(b.begin(), b.end(), both.begin() + 1024));
    REQUIRE(twice == once);
    // nothing read, but the counter's low word is not 0: that range counts as read, the fill takes the next
    philox4x64 inside(3), at_3(3);
    inside.set_counter({0, 0, 2, 5});
    at_3.set_counter({0, 0, 3, 0});
    REQUIRE(inside.index() == 3);
    rollplan::generate(fill.begin(), fill.end(), d, inside);
    rollplan::generate_part(from_range_1.begin(), from_range_1.end(), d, at_3, 0);
    REQUIRE(fill == from_range_1);
    // the high words wrap: after the last range comes range 0 (spec.md, section 5)
    {
        constexpr auto top = ~philox4x64::result_type{0};
        philox4x64 last(3), first(3);
        last.set_counter({top, top, top, 1});
        std::vector<int> wrapped(10), from_0(10);
        rollplan::generate(wrapped.begin(), wrapped.end(), d, last);
        rollplan::generate(from_0.begin(), from_0.end(), d, first);
        REQUIRE(wrapped == from_0);
        REQUIRE(last == first);
    }
    constexpr bool wraps_at_compile_time = [] {
        philox4x32 last(5), first(5);
        last.set_counter({~0u, ~0u, ~0u, ~0u});
        std::array<int, 8> wrapped{}, from_0{};
        rollplan::generate(wrapped.begin(), wrapped.end(), uniform_int_distribution<int, 1, 6>{}, last);
        rollplan::generate(from_0.begin(), from_0.end(), uniform_int_distribution<int, 1, 6>{}, first);
        return wrapped == from_0;
    }();
    STATIC_REQUIRE(wraps_at_compile_time);
    // an empty fill moves nothing
    philox4x64 untouched(3);
    untouched();
    const philox4x64 before = untouched;
    rollplan::generate(fill.begin(), fill.begin(), d, untouched);
    REQUIRE(untouched == before);
    // and a constant expression fills the same way
    constexpr auto at_compile_time = [] {
        philox4x32 e(11);
        std::array<int, 1500> values{};
        rollplan::generate(values.begin(), values.end(), uniform_int_distribution<int, 1, 6>{}, e);
        return values[1499] + 10 * values[1024] + 100 * values[0];
    }();
    philox4x32 e(11);
    std::vector<int> run_time(1500);
    rollplan::generate(run_time.begin(), run_time.end(), uniform_int_distribution<int, 1, 6>{}, e);
    STATIC_REQUIRE(at_compile_time >= 111);
    REQUIRE(at_compile_time == run_time[1499] + 10 * run_time[1024] + 100 * run_time[0]);
}
