// Sequences checked against a second, plain implementation of docs/spec.md
// written here, so that a change to the library's output cannot pass by
// changing both sides; tests/golden/reproducible.txt pins the printed
// sequences of examples/reproducible.cpp (test reproducible.four_way).
#include <rollplan/rollplan.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

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

// spec.md, "fastest" and "scale": on a 2^32- or 2^64-valued engine, the
// fewest values that reach n as digits, v, with L = K^j; accept when
// v·n mod L >= L mod n and return ⌊v·n/L⌋. Elsewhere the optimal loop.
template <class G>
std::uint64_t spec_fastest(G& g, count_t n) {
    const count_t k = count_t{G::max()} - G::min() + 1;
    const bool word = k >= (count_t{1} << 32) && (k & (k - 1)) == 0;
    if (!word || n == 1) return spec_optimal(g, n);
    const count_t range = n <= k ? k : k * k;
    if (range > (count_t{1} << 64)) return spec_optimal(g, n);
    for (;;) {
        const count_t v = n <= k ? count_t{g() - G::min()} : count_t{g() - G::min()} * k + (g() - G::min());
        if (range == n) return static_cast<std::uint64_t>(v);
        if (v * n % range >= range % n) return static_cast<std::uint64_t>(v * n / range);
    }
}

bool spec_engine_word(count_t k) { return k >= (count_t{1} << 32) && k <= (count_t{1} << 64) && (k & (k - 1)) == 0; }

// spec.md, "generate": k in 1..64 with n^k <= K, the first with the largest k·(K − K mod n^k).
std::size_t spec_batch_size(count_t n, count_t k_faces) {
    std::size_t best = 0;
    count_t best_score = 0, power = 1;
    for (std::size_t k = 1; k <= 64; ++k) {
        if (power > k_faces / n) break;
        power *= n;
        const count_t score = count_t{k} * (k_faces - k_faces % power);
        if (score > best_score) best = k, best_score = score;
    }
    return best;
}

// spec.md, "generate" with the default distribution: batches of k base-n digits of
// scale<roll, n^k> on an engine word (when its plan is scale<roll<die<K>>, n>), else one
// draw each.
template <class G>
std::vector<std::uint64_t> spec_generate(G& g, count_t n, std::size_t count) {
    const count_t k_faces = count_t{G::max()} - G::min() + 1;
    std::vector<std::uint64_t> out;
    const std::size_t k = spec_engine_word(k_faces) && n >= 2 && n < k_faces ? spec_batch_size(n, k_faces) : 1;
    while (out.size() < count) {
        if (k == 1) {
            out.push_back(spec_fastest(g, n));
            continue;
        }
        count_t power = 1;
        for (std::size_t i = 0; i < k; ++i) power *= n;
        count_t v;
        do v = count_t{g() - G::min()};
        while (v * power % k_faces < k_faces % power);
        count_t value = v * power / k_faces;
        std::vector<std::uint64_t> digits(k);
        for (std::size_t i = k; i-- > 0;) digits[i] = static_cast<std::uint64_t>(value % n), value /= n;
        for (std::size_t i = 0; i < k && out.size() < count; ++i) out.push_back(digits[i]);
    }
    return out;
}

// spec.md, "shuffle" and "sample_without_replacement": indices j uniform on [0, b) for the
// bounds b = n, n − 1, …, last, given to visit until it returns false.
template <class G, class Visit>
void spec_indices_down(G& g, std::uint64_t n, std::uint64_t last, Visit visit) {
    const count_t k_faces = count_t{G::max()} - G::min() + 1;
    std::uint64_t i = n;
    if (!spec_engine_word(k_faces) || count_t{n} > k_faces) {
        for (; i >= last; --i)
            if (!visit(i, spec_fastest(g, i))) return;
        return;
    }
    // zone sizes: the largest k <= 6 with i^k <= K / 2^8
    auto zone = [&](std::uint64_t b) {
        std::size_t k = 1;
        for (std::size_t c = 2; c <= 6; ++c) {
            count_t power = 1;
            bool fits = true;
            for (std::size_t t = 0; t < c && fits; ++t) fits = (power *= b) <= (k_faces >> 8);
            if (fits) k = c;
        }
        return k;
    };
    while (i >= last) {
        std::size_t k = zone(i);
        if (i - last + 1 < k) {  // fewer than k bounds left: the rest one at a time
            for (; i >= last; --i)
                if (!visit(i, spec_fastest(g, i))) return;
            return;
        }
        count_t product = 1;
        for (std::size_t t = 0; t < k; ++t) product *= i - t;
        count_t v;
        do v = count_t{g() - G::min()};
        while (v * product % k_faces < k_faces % product);
        count_t value = v * product / k_faces;  // mixed radix: the first bound most significant
        std::vector<std::uint64_t> digits(k);
        for (std::size_t t = k; t-- > 0;) digits[t] = static_cast<std::uint64_t>(value % (i - t)), value /= i - t;
        for (std::size_t t = 0; t < k; ++t)
            if (!visit(i - t, digits[t])) return;
        i -= k;
    }
}

// spec.md, "recycle_set": pick(r) compares the shares (r·K mod M)/(r·K) as
// exact fractions (Boost's cpp_rational), and the loop is recycle's with
// the die pick(r) for each digit; roll(K) gives a digit in [0, K).
std::size_t spec_pick(count_t r, count_t m, const std::vector<count_t>& faces) {
    using boost::multiprecision::cpp_int;
    using boost::multiprecision::cpp_rational;
    std::size_t best = faces.size();
    cpp_rational best_share;
    for (std::size_t i = 0; i < faces.size(); ++i) {
        const cpp_int reached = cpp_int{r} * cpp_int{faces[i]};
        if (reached < cpp_int{m}) continue;
        const cpp_rational share{cpp_int{reached % cpp_int{m}}, reached};
        if (best == faces.size() || share < best_share) best = i, best_share = share;
    }
    if (best < faces.size()) return best;
    best = 0;
    for (std::size_t i = 1; i < faces.size(); ++i)
        if (faces[i] > faces[best]) best = i;
    return best;
}
template <class Roll>
std::uint64_t spec_recycle_set(Roll& roll, count_t m, const std::vector<count_t>& faces) {
    count_t x = 0, r = 1;
    for (;;) {
        while (r < m) {
            const count_t k = faces[spec_pick(r, m, faces)];
            x = x * k + roll(k);
            r *= k;
        }
        const count_t kept = r / m * m;
        if (x < kept) return static_cast<std::uint64_t>(x % m);
        x -= kept;
        r -= kept;
    }
}

// spec.md, "cut": the first i with value < W_0 + … + W_i.
std::size_t spec_cut(count_t value, const std::vector<count_t>& weights) {
    count_t end = 0;
    for (std::size_t i = 0;; ++i)
        if (value < (end += weights[i])) return i;
}

// spec.md, "knuth_yao": x = x·K + digit, then each outcome's leaves ⌊K·(s·W_i mod W)/W⌋ in turn.
template <class Roll>
std::size_t spec_knuth_yao(Roll& roll, count_t k, const std::vector<count_t>& weights) {
    const count_t total = std::accumulate(weights.begin(), weights.end(), count_t{0});
    for (std::size_t i = 0; i < weights.size(); ++i)
        if (weights[i] == total) return i;
    count_t x = 0, share = 1;
    for (;;) {
        x = x * k + roll();
        for (std::size_t i = 0; i < weights.size(); ++i) {
            const count_t leaves = k * (share * weights[i] % total) / total;
            if (x < leaves) return i;
            x -= leaves;
        }
        share = share * k % total;
    }
}

template <auto A, auto B, class Strategy, class G, class Spec>
void agree(G engine, Spec spec, int draws) {
    G twin = engine;
    uniform_int_distribution<std::common_type_t<decltype(A), decltype(B)>, A, B, Strategy> dist;
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

TEST_CASE("the fastest strategy (the default) follows the spec on every engine", "[golden]") {
    auto fastest_spec = [](auto& g, count_t n) { return spec_fastest(g, n); };
    agree<1, 6, strategy::fastest>(splitmix64{1}, fastest_spec, 10000);
    agree<1, 29, strategy::fastest>(pcg32{29, 54}, fastest_spec, 10000);
    agree<0ll, 999999999999ll, strategy::fastest>(xoshiro256starstar{1}, fastest_spec, 10000);
    agree<0ull, 18446744073709551614ull, strategy::fastest>(splitmix64{3}, fastest_spec, 10000);
    agree<-50, 50, strategy::fastest>(std::mt19937{5}, fastest_spec, 10000);
    agree<0ull, 4294967296ull, strategy::fastest>(std::mt19937{6}, fastest_spec, 10000);
    agree<0ull, 9223372036854775808ull, strategy::fastest>(std::mt19937{7}, fastest_spec, 10000);
    agree<1, 1000, strategy::fastest>(std::minstd_rand{5}, fastest_spec, 10000);
    agree<1, 1000, strategy::fastest>(std::mt19937_64{5}, fastest_spec, 10000);
}

TEST_CASE("recycle_set follows the spec", "[golden]") {
    // the same faces for the library and the spec: a die of K faces rolls splitmix64's value mod K
    auto check = [](auto plan_tag, std::vector<count_t> faces) {
        using P = typename decltype(plan_tag)::type;
        splitmix64 a{P::outcomes}, b{P::outcomes}, c{P::outcomes};
        auto roll_a = [&](count_t k) { return std::uint64_t{a() % static_cast<std::uint64_t>(k)}; };
        auto roll_b = [&](count_t k) { return count_t{b() % static_cast<std::uint64_t>(k)}; };
        auto roll_c = [&](count_t k) { return std::uint64_t{c() % static_cast<std::uint64_t>(k)}; };
        auto source = from_values<typename P::die_type>(roll_a);
        for (int i = 0; i < 2000; ++i) {
            const std::uint64_t expected = spec_recycle_set(roll_b, P::outcome_count, faces);
            REQUIRE(sample<P>(source) == expected);
            REQUIRE(sample(description_v<P>, roll_c) == expected);
        }
    };
    check(std::type_identity<recycle_set<dice_set<d6, d10>, 29>>{}, {6, 10});
    check(std::type_identity<recycle_set<dice_set<d6, d20>, 15>>{}, {6, 20});
    check(std::type_identity<recycle_set<dice_set<d4, d6>, 1000>>{}, {4, 6});
    check(std::type_identity<recycle_set<dice_set<d4, d6, d8, d10, d12, d20>, 211>>{}, {4, 6, 8, 10, 12, 20});
    check(std::type_identity<recycle_set<dice_set<d6, d10>, 10007>>{}, {6, 10});
    check(std::type_identity<recycle_set<dice_set<coin, die<3>>, 1000003>>{}, {2, 3});
    // ties of the shares go to the first die: from r = 17 for M = 29, a d6 (102, 15 left) and a
    // d10 (170, 25 left) leave the same share 5/34
    REQUIRE(spec_pick(17, 29, {6, 10}) == 0);
    const count_t tie[] = {6, 10};
    REQUIRE(detail::die_for_range(17, 29, tie, 2) == 0);
}

TEST_CASE("uniform_below follows the spec", "[golden]") {
    // spec.md, "uniform_below": sample<plan_t<n, die<K>>> with n as data
    for (std::uint64_t n : {1ull, 2ull, 6ull, 29ull, 1000ull, 4294967295ull, 4294967296ull, 4294967297ull,
                            9223372036854775809ull, 18446744073709551615ull}) {
        INFO("n = " << n);
        splitmix64 a{n}, b{n};
        std::mt19937 c{static_cast<std::uint32_t>(n)}, d{static_cast<std::uint32_t>(n)};
        std::minstd_rand e{static_cast<std::uint32_t>(n)}, f{static_cast<std::uint32_t>(n)};
        for (int i = 0; i < 1000; ++i) {
            REQUIRE(uniform_below(a, n) == spec_fastest(b, n));
            REQUIRE(uniform_below(c, n) == spec_fastest(d, n));
            REQUIRE(uniform_below(e, n) == spec_fastest(f, n));
        }
    }
}

TEST_CASE("the digits strategy follows the spec", "[golden]") {
    auto digits_spec = [](auto& g, count_t n) { return spec_digits(g, n); };
    agree<1, 6, strategy::digits>(splitmix64{2}, digits_spec, 10000);
    agree<1, 7, strategy::digits>(std::ranlux24{2}, digits_spec, 10000);
    agree<0, 999, strategy::digits>(pcg32{3}, digits_spec, 10000);
}

TEST_CASE("generate follows the spec on every engine", "[golden]") {
    // with the bounds as constants, and the same bounds at run time (spec version 6: the same batches)
    auto check = [](auto engine, auto dist, count_t n, std::size_t count) {
        using result = typename decltype(dist)::result_type;
        auto twin = engine, run_time = engine;
        std::vector<std::int64_t> ours(count), ours_run_time(count);
        rollplan::generate(ours, dist, engine);
        rollplan::generate(ours_run_time, uniform_int_distribution<result>(dist.min(), dist.max()), run_time);
        const auto spec = spec_generate(twin, n, count);
        for (std::size_t i = 0; i < count; ++i) REQUIRE(ours[i] == dist.min() + static_cast<std::int64_t>(spec[i]));
        REQUIRE(ours_run_time == ours);
        REQUIRE(engine == twin);  // the same words read, none left over
        REQUIRE(run_time == twin);
    };
    for (std::size_t count : std::to_array<std::size_t>({1, 5, 23, 24, 1000})) {
        INFO("count = " << count);
        check(splitmix64{1}, uniform_int_distribution<int, 1, 6>{}, 6, count);
        check(splitmix64{2}, uniform_int_distribution<int, 0, 1>{}, 2, count);
        check(xoshiro256starstar{3}, uniform_int_distribution<int, -50, 49>{}, 100, count);
        check(splitmix64{4}, uniform_int_distribution<int, 0, 65535>{}, 65536, count);
        check(splitmix64{5}, uniform_int_distribution<int, 0, 999999999>{}, 1000000000, count);
        check(pcg32{29, 54}, uniform_int_distribution<int, 1, 29>{}, 29, count);
        check(std::mt19937{6}, uniform_int_distribution<int, 1, 1000>{}, 1000, count);
        check(std::minstd_rand{7}, uniform_int_distribution<int, 1, 6>{}, 6, count);   // not an engine word: one draw each
        check(pcg32{8}, uniform_int_distribution<long long, 0, 4294967296>{}, 4294967297, count);  // two words: one draw each
        check(pcg32{7}, uniform_int_distribution<int, -500, 500>{}, 1001, count);  // examples/reproducible.cpp's line
    }
}

TEST_CASE("shuffle and sampling follow the spec", "[golden]") {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        for (std::size_t n : std::to_array<std::size_t>({1, 2, 3, 7, 10, 52, 700, 3000, 20000})) {
            INFO("seed = " << seed << ", n = " << n);
            std::vector<int> ours(n), spec(n);
            std::iota(ours.begin(), ours.end(), 0);
            spec = ours;
            splitmix64 a(seed), b(seed);
            rollplan::shuffle(ours, a);
            spec_indices_down(b, n, 2, [&](std::uint64_t bound, std::uint64_t j) {
                std::swap(spec[bound - 1], spec[j]);
                return true;
            });
            REQUIRE(ours == spec);
            REQUIRE(a == b);
            // 32-bit words, and one draw each from a source that is not an engine word
            std::mt19937 c(static_cast<std::uint32_t>(seed)), d(static_cast<std::uint32_t>(seed));
            std::minstd_rand e(static_cast<std::uint32_t>(seed + 1)), f(static_cast<std::uint32_t>(seed + 1));
            auto ours32 = spec, spec32 = spec;
            rollplan::shuffle(ours32, c);
            rollplan::shuffle(ours32, e);
            auto swap_at = [&](std::uint64_t bound, std::uint64_t j) {
                std::swap(spec32[bound - 1], spec32[j]);
                return true;
            };
            spec_indices_down(d, n, 2, swap_at);
            spec_indices_down(f, n, 2, swap_at);
            REQUIRE(ours32 == spec32);
            // sampling k of n, in order
            for (std::uint64_t k : {std::uint64_t{1}, std::uint64_t{5}, std::uint64_t{n}}) {
                std::vector<int> chosen, expected;
                splitmix64 g(seed), h(seed);
                rollplan::sample_without_replacement(spec, std::back_inserter(chosen), k, g);
                std::uint64_t left = k, t = 0;
                spec_indices_down(h, n, 1, [&](std::uint64_t, std::uint64_t j) {
                    if (j < left) expected.push_back(spec[t]), --left;
                    ++t;
                    return left > 0 && t < n;
                });
                REQUIRE(chosen == expected);
                REQUIRE(g() == h());  // and the engine is left where the spec leaves it (bound 1 reads nothing)
            }
        }
    }
}

TEST_CASE("generate from a counter-based engine follows the spec, block by block", "[golden]") {
    // spec.md section 5: block j is the batches of the spec, from the key at counter {0, j, 0, 0}
    for (std::size_t count : std::to_array<std::size_t>({1, 1000, 1024, 1025, 3000})) {
        INFO("count = " << count);
        philox4x64 engine(2026);
        std::vector<int> ours(count);
        rollplan::generate(ours, uniform_int_distribution<int>(0, 99), engine);
        std::vector<int> spec;
        for (std::uint64_t j = 0; spec.size() < count; ++j) {
            philox4x64 block(2026);
            block.set_counter({0, 0, j, 0});
            for (std::uint64_t v : spec_generate(block, 100, std::min<std::size_t>(1024, count - spec.size())))
                spec.push_back(static_cast<int>(v));
        }
        REQUIRE(ours == spec);
        if (count == 3000) {  // the golden values of spec.md
            REQUIRE(ours[0] == 35);
            REQUIRE(ours[1] == 0);
            REQUIRE(ours[1024] == 79);
            REQUIRE(ours[2999] == 53);
        }
    }
}

TEST_CASE("golden values", "[golden]") {
    // First values of the default d6 and d29 from the spec's engines, one draw at a
    // time and by generate (several values from one word); these are the stability
    // promise of docs/guide.md, "Reproducible by specification": a change here is a breaking change. (Spec
    // version 2; computed by a Python transcription of spec.md sections 2, 3, 5 and 6.)
    std::array<int, 12> d6{}, d29{}, d6_generated{}, d29_generated{};
    splitmix64 s{1};
    pcg32 p{29, 54};
    for (auto& v : d6) v = uniform_int_distribution<int, 1, 6>{}(s);
    for (auto& v : d29) v = uniform_int_distribution<int, 1, 29>{}(p);
    REQUIRE(d6 == std::array<int, 12>{4, 5, 6, 3, 3, 5, 6, 4, 2, 5, 3, 4});
    REQUIRE(d29 == std::array<int, 12>{4, 21, 29, 11, 25, 16, 27, 12, 8, 29, 22, 20});
    generate(d6_generated, uniform_int_distribution<int, 1, 6>{}, splitmix64{1});
    generate(d29_generated, uniform_int_distribution<int, 1, 29>{}, pcg32{29, 54});
    REQUIRE(d6_generated == std::array<int, 12>{4, 3, 3, 3, 2, 4, 3, 6, 6, 2, 6, 4});
    REQUIRE(d29_generated == std::array<int, 12>{4, 10, 27, 20, 6, 11, 21, 12, 23, 28, 11, 12});
}

TEST_CASE("loaded plans follow the spec", "[golden][loaded]") {
    const std::vector<count_t> two_d6{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
    // the tree on a coin, a d6 and a 64-bit word, each a die of splitmix64's values
    auto tree = [&](auto plan_tag, count_t k, const std::vector<count_t>& weights) {
        using P = typename decltype(plan_tag)::type;
        splitmix64 a{static_cast<std::uint64_t>(weights.size())}, b{static_cast<std::uint64_t>(weights.size())};
        auto digit = [k](splitmix64& g) { return k == two_to_64 ? count_t{g()} : count_t{g() % static_cast<std::uint64_t>(k)}; };
        auto source = from_values<typename P::die_type>([&] { return static_cast<std::uint64_t>(digit(a)); });
        auto roll_b = [&] { return digit(b); };
        for (int i = 0; i < 5000; ++i) REQUIRE(sample<P>(source) == spec_knuth_yao(roll_b, k, weights));
    };
    tree(std::type_identity<knuth_yao<roll<coin>, 3, 2, 1>>{}, 2, {3, 2, 1});
    tree(std::type_identity<knuth_yao<roll<d6>, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>>{}, 6, two_d6);
    tree(std::type_identity<knuth_yao<roll<d20>, 0, 7, 0, 13, 1000003>>{}, 20, {0, 7, 0, 13, 1000003});
    tree(std::type_identity<knuth_yao<roll<die<two_to_64>>, 1, 2, 3>>{}, two_to_64, {1, 2, 3});
    // the cut over Lemire's map on an engine word (section 3c, fastest)
    splitmix64 g{5}, twin{5};
    using P = loaded_plan_t<loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>, die<two_to_64>>;
    for (int i = 0; i < 5000; ++i) REQUIRE(sample<P>(g) == spec_cut(spec_fastest(twin, 36), two_d6));
}

TEST_CASE("golden values of loaded plans", "[golden][loaded]") {
    // From tests/golden/loaded.py, a Python transcription of spec.md (version 7).
    auto draws = [](auto plan_tag, auto source) {
        using P = typename decltype(plan_tag)::type;
        std::array<std::uint64_t, 12> out{};
        for (auto& v : out) v = sample<P>(source);
        return out;
    };
    using two_d6 = loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>;
    REQUIRE(draws(std::type_identity<loaded_plan_t<two_d6, die<two_to_64>>>{}, splitmix64{1}) ==
            std::array<std::uint64_t, 12>{5, 7, 9, 5, 5, 7, 8, 5, 4, 7, 4, 6});
    REQUIRE(draws(std::type_identity<knuth_yao<roll<die<two_to_64>>, 1, 2, 3>>{}, splitmix64{2}) ==
            std::array<std::uint64_t, 12>{2, 2, 2, 2, 1, 1, 2, 2, 1, 2, 1, 1});
    splitmix64 c{3}, d{4};
    REQUIRE(draws(std::type_identity<loaded_plan_t<loaded<3, 2, 1>, coin>>{}, from_values<coin>([&] { return c() >> 63; })) ==
            std::array<std::uint64_t, 12>{0, 2, 0, 1, 1, 1, 0, 2, 0, 0, 2, 2});
    REQUIRE(draws(std::type_identity<loaded_plan_t<two_d6, d6>>{}, from_values<d6>([&] { return d() % 6; })) ==
            std::array<std::uint64_t, 12>{7, 4, 1, 5, 4, 1, 6, 7, 2, 4, 7, 6});
}

namespace {
// spec.md section 4b, uniform_real_distribution<RealType>, written from the text alone. Every
// number is exact, m·2^e with m a signed 128-bit integer; the float or double is built at the
// end from the exact value of a representable number (std::ldexp), never by arithmetic on reals.
__extension__ typedef __int128 spec_int;

template <class Real>
struct spec_format;
template <>
struct spec_format<double> {
    using bits = std::uint64_t;
    static constexpr int M = 52, e_min = -1022, q = -1074;
};
template <>
struct spec_format<float> {
    using bits = std::uint32_t;
    static constexpr int M = 23, e_min = -126, q = -149;
};

int spec_bit_length(count_t v) {
    int n = 0;
    for (; v != 0; v >>= 1) ++n;
    return n;
}
bool spec_power_of_two(count_t v) { return v != 0 && (v & (v - 1)) == 0; }
count_t spec_magnitude(spec_int m) { return m < 0 ? static_cast<count_t>(-m) : static_cast<count_t>(m); }

struct spec_number {  // m·2^e
    spec_int m;
    int e;
};

// a finite float or double as its exact m·2^e, read from its bits (−0 is the number 0)
template <class Real>
spec_number spec_exact(Real x) {
    using F = spec_format<Real>;
    using B = typename F::bits;
    constexpr int width = static_cast<int>(sizeof(B) * 8);
    const B bits = std::bit_cast<B>(x);
    const B fraction = bits & static_cast<B>((B{1} << F::M) - 1);
    const int field = static_cast<int>((bits >> F::M) & static_cast<B>((B{1} << (width - 1 - F::M)) - 1));
    const spec_int m = field == 0 ? spec_int{fraction} : spec_int{fraction} + (spec_int{1} << F::M);
    const int e = field == 0 ? F::q : field + F::q - 1;  // the exponent field less the bias and M
    return {(bits >> (width - 1)) != 0 ? -m : m, e};
}

// the sign of x − y
int spec_compare(spec_number x, spec_number y) {
    const int sx = (x.m > 0) - (x.m < 0), sy = (y.m > 0) - (y.m < 0);
    if (sx != sy) return sx < sy ? -1 : 1;
    if (sx == 0) return 0;
    count_t mx = spec_magnitude(x.m), my = spec_magnitude(y.m);
    const int lx = spec_bit_length(mx) + x.e, ly = spec_bit_length(my) + y.e;
    int order;
    if (lx != ly) {
        order = lx < ly ? -1 : 1;
    } else {  // the same leading bit: the one of the larger exponent has fewer bits, align it
        if (x.e > y.e)
            mx <<= x.e - y.e;
        else
            my <<= y.e - x.e;
        order = mx < my ? -1 : mx > my ? 1 : 0;
    }
    return sx * order;
}

// the quantum Q(y) of the positive y = m·2^e: max(k − M, q) for 2^k ≤ y < 2^(k+1)
template <class Real>
int spec_quantum(count_t m, int e) {
    return std::max(spec_bit_length(m) - 1 + e - spec_format<Real>::M, spec_format<Real>::q);
}

// c(x) = log2(succ(x) − x)
template <class Real>
int spec_cell(spec_number x) {
    using F = spec_format<Real>;
    if (x.m == 0) return F::q;  // succ(0) = 2^q
    const count_t y = spec_magnitude(x.m);
    if (x.m > 0) return spec_quantum<Real>(y, x.e);  // succ(x) − x is the quantum of x's binade
    // x < 0: succ(x) = −pred(|x|), one quantum of |x|'s binade, or of the binade below for |x| = 2^k
    if (spec_power_of_two(y)) return std::max(spec_bit_length(y) - 2 + x.e - F::M, F::q);
    return spec_quantum<Real>(y, x.e);
}

// c(pred(b)) = log2(b − pred(b))
template <class Real>
int spec_cell_below(spec_number b) {
    using F = spec_format<Real>;
    if (b.m == 0) return F::q;  // pred(0) = −2^q
    const count_t y = spec_magnitude(b.m);
    if (b.m < 0) return spec_quantum<Real>(y, b.e);  // pred(b) = −succ(|b|)
    if (spec_power_of_two(y)) return std::max(spec_bit_length(y) - 2 + b.e - F::M, F::q);  // b = 2^k: the binade below
    return spec_quantum<Real>(y, b.e);
}

// ⌊x / 2^g⌋
spec_int spec_floor_scaled(spec_number x, int g) {
    if (x.e >= g) {
        if (x.e - g > 64) throw std::logic_error("spec_floor_scaled: the piece count would not fit");
        return x.m * (spec_int{1} << (x.e - g));
    }
    const int shift = g - x.e;
    if (shift >= 127) return x.m < 0 ? -1 : 0;
    return x.m >> shift;  // arithmetic shift: the floor (C++20)
}

// uniform_below(source, n) (section 4): plan_t<n, die<K>> (fastest) with n as data. Here n is
// at most 2^58 (W·2^s < 2^(R − 6), R ≤ 64), where spec_fastest is section 4's rule.
template <class G>
count_t spec_below(G& g, count_t n) {
    if (n > (count_t{1} << 64)) throw std::logic_error("spec_below: n past 2^64");
    return spec_fastest(g, n);
}

// "Bits": below(n) of one draw, with its queue of bits when K = 2^w
template <class G>
class spec_real_bits {
public:
    explicit spec_real_bits(G& g) : g_(g) {}
    int word_bits() const { return w_; }  // w, or 0 when K is not a power of two
    count_t power(int k) {                // below(2^k)
        if (w_ == 0) return spec_below(g_, count_t{1} << k);
        while (queued_ < k) {  // a roll adds its w bits to the end, the most significant first
            if (queued_ + w_ > 127) throw std::logic_error("spec_real_bits: the queue passed 127 bits");
            queue_ = (queue_ << w_) | count_t{g_() - G::min()};
            queued_ += w_;
        }
        queued_ -= k;  // the next k bits, the first the most significant
        const count_t value = queue_ >> queued_;
        queue_ &= (count_t{1} << queued_) - 1;
        return value;
    }
    count_t below(count_t n) {
        if (spec_power_of_two(n)) return power(spec_bit_length(n) - 1);
        queue_ = 0, queued_ = 0;  // n not a power of two: the queue is emptied
        return spec_below(g_, n);
    }

private:
    G& g_;
    count_t faces_ = count_t{G::max()} - G::min() + 1;
    int w_ = spec_power_of_two(faces_) ? spec_bit_length(faces_) - 1 : 0;
    count_t queue_ = 0;
    int queued_ = 0;
};

template <class Real, class G>
Real spec_uniform_real(G& g, Real a_value, Real b_value) {
    using F = spec_format<Real>;
    const spec_number a = spec_exact(a_value), b = spec_exact(b_value);
    if (spec_compare(a, b) == 0) return a_value;  // a = b: a, no roll
    spec_real_bits<G> bits(g);                     // the queue is empty when the draw starts
    const int w = bits.word_bits();
    // the pieces of [a, b)
    const int g0 = std::max(spec_cell<Real>(a), spec_cell_below<Real>(b));
    const spec_int A0 = spec_floor_scaled(a, g0), B0 = -spec_floor_scaled({-b.m, b.e}, g0);
    const count_t W0 = static_cast<count_t>(B0 - A0);
    for (;;) {
        // 1. a piece
        int piece_exponent = g0, s = 0;
        spec_int t;
        count_t r = 0;
        if (spec_power_of_two(W0)) {
            t = A0 + static_cast<spec_int>(bits.power(spec_bit_length(W0) - 1));
        } else {
            if (w > 0) {
                // "R = w·⌈(bits(W) + 6)/w⌉ or 64 if that is more": read as min(w·⌈…⌉, 64), 64 when
                // the words' bits are more than 64 — what the library does. (The other reading,
                // max(w·⌈…⌉, 64), gives a coin and a d8 spare bits they do not get, and float
                // pieces on 32-bit words 32 more.)
                const int bits_w = spec_bit_length(W0);
                const int R = std::min(w * ((bits_w + 6 + w - 1) / w), 64);
                const int spare = std::min(R - 6 - bits_w, piece_exponent - F::q);
                if (spare > 0) s = spare;
            }
            const count_t v = bits.below(W0 << s);
            t = A0 + static_cast<spec_int>(v >> s);
            r = v & ((count_t{1} << s) - 1);
        }
        // 2. a piece of several binades: the pieces of [0, 2^g) or [−2^g, 0)
        while ((t == 0 || t == -1) && piece_exponent > F::e_min + 1) {
            piece_exponent -= F::M + 1;
            const spec_int A = t == 0 ? spec_int{0} : -(spec_int{1} << (F::M + 1));
            t = A + static_cast<spec_int>(bits.power(F::M + 1));
            s = 0, r = 0;
        }
        // 3. a number in the piece
        const int h = t == 0 || t == -1 ? F::q
                      : t > 0           ? spec_quantum<Real>(static_cast<count_t>(t), piece_exponent)
                                        : spec_quantum<Real>(static_cast<count_t>(-(t + 1)), piece_exponent);
        const int j = piece_exponent - h;
        if (j < 0) throw std::logic_error("spec_uniform_real: j < 0");
        const count_t k = j <= s ? r >> (s - j) : (r << (j - s)) + bits.power(j - s);
        const spec_number x{t * (spec_int{1} << j) + static_cast<spec_int>(k), h};
        // 4. the value, or again from step 1 (the queue kept)
        if (spec_compare(a, x) <= 0 && spec_compare(x, b) < 0) return std::ldexp(static_cast<Real>(x.m), x.e);
    }
}

template <class Real>
typename spec_format<Real>::bits spec_bits_of(Real x) {
    return std::bit_cast<typename spec_format<Real>::bits>(x);
}

template <class Real>
std::string spec_hex(Real x) {
    char text[64];
    std::snprintf(text, sizeof text, "%a", static_cast<double>(x));
    return text;
}

// a die of K faces for the spec's side: its digits from a callable, min 0, max K − 1
template <count_t K, class Digit>
struct spec_die {
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return static_cast<result_type>(K - 1); }
    Digit digit;
    result_type operator()() { return digit(); }
};

// draws values of the library's uniform_real_distribution<Real>(a, b) on source and of the
// spec on spec_source (two copies of one sequence): "" or the first difference
template <class Real, class Source, class G>
std::string spec_real_difference(Source& source, G& spec_source, Real a, Real b, int draws) {
    uniform_real_distribution<Real> dist(a, b);
    for (int i = 0; i < draws; ++i) {
        const Real ours = dist(source);
        const Real expected = spec_uniform_real(spec_source, a, b);
        if (spec_bits_of(ours) != spec_bits_of(expected))
            return "draw " + std::to_string(i) + ": library " + spec_hex(ours) + ", spec " + spec_hex(expected);
    }
    return "";
}

template <class Real, class Engine>
std::string spec_real_engine(Real a, Real b, int draws, Engine engine) {
    Engine twin = engine;
    std::string difference = spec_real_difference(engine, twin, a, b, draws);
    if (difference.empty() && !(engine == twin)) difference = "the engines are left at different places";
    return difference;
}

// a die of K faces whose digits are digit(x) of a splitmix64 x, for the library through
// from_values<die<K>> and for the spec through spec_die
template <count_t K, class Real, class Digit>
std::string spec_real_die(Real a, Real b, int draws, std::uint64_t seed, Digit digit) {
    splitmix64 x{seed}, y{seed};
    auto source = from_values<die<K>>([&] { return digit(x); });
    auto spec_digit = [&] { return digit(y); };
    spec_die<K, decltype(spec_digit)> spec{spec_digit};
    std::string difference = spec_real_difference(source, spec, a, b, draws);
    if (difference.empty() && !(x == y)) difference = "the sources are left at different places";
    return difference;
}

// every source against the spec on [a, b): draws values from each (fewer from the slow ones)
template <class Real>
std::vector<std::string> spec_real_sources(Real a, Real b, int draws, std::uint64_t seed) {
    std::vector<std::pair<std::string, std::string>> results;
    const int few = std::max(draws / 8, 20);
    results.emplace_back("splitmix64", spec_real_engine(a, b, draws, splitmix64{seed}));
    results.emplace_back("mt19937_64", spec_real_engine(a, b, draws, std::mt19937_64{seed}));
    results.emplace_back("pcg32", spec_real_engine(a, b, draws, pcg32{seed}));
    results.emplace_back("mt19937", spec_real_engine(a, b, draws, std::mt19937{static_cast<std::uint32_t>(seed)}));
    results.emplace_back("minstd_rand", spec_real_engine(a, b, few, std::minstd_rand{static_cast<std::uint32_t>(seed + 1)}));
    results.emplace_back("2^40 engine", spec_real_engine(a, b, few, std::independent_bits_engine<std::mt19937_64, 40, std::uint64_t>{seed}));
    results.emplace_back("coin", spec_real_die<2>(a, b, draws, seed, [](splitmix64& x) { return x() >> 63; }));
    results.emplace_back("d4", spec_real_die<4>(a, b, few, seed, [](splitmix64& x) { return x() >> 62; }));
    results.emplace_back("d6", spec_real_die<6>(a, b, draws, seed, [](splitmix64& x) { return x() % 6; }));
    results.emplace_back("d8", spec_real_die<8>(a, b, draws, seed, [](splitmix64& x) { return x() >> 61; }));
    results.emplace_back("d1024", spec_real_die<1024>(a, b, few, seed, [](splitmix64& x) { return x() >> 54; }));
    results.emplace_back("die 2^29", spec_real_die<count_t{1} << 29>(a, b, few, seed, [](splitmix64& x) { return x() >> 35; }));
    // skewed digits, mostly 0 or mostly K − 1, reach the pieces next to 0 (step 2) and the restarts of step 4
    auto zeros = [](std::uint64_t faces) {
        return [faces](splitmix64& x) { return (x() & 7) != 0 ? std::uint64_t{0} : x() % faces; };
    };
    auto ones = [](std::uint64_t faces) {
        return [faces](splitmix64& x) { return (x() & 7) != 0 ? faces - 1 : x() % faces; };
    };
    results.emplace_back("mostly 0 coin", spec_real_die<2>(a, b, few, seed, zeros(2)));
    results.emplace_back("mostly 1 coin", spec_real_die<2>(a, b, few, seed, ones(2)));
    results.emplace_back("mostly 0 d8", spec_real_die<8>(a, b, few, seed, zeros(8)));
    results.emplace_back("mostly 7 d8", spec_real_die<8>(a, b, few, seed, ones(8)));
    results.emplace_back("mostly 0 d6", spec_real_die<6>(a, b, few, seed, zeros(6)));
    results.emplace_back("mostly 5 d6", spec_real_die<6>(a, b, few, seed, ones(6)));
    auto word_zeros = [](splitmix64& x) { return (x() & 7) != 0 ? std::uint64_t{0} : x(); };
    auto word_ones = [](splitmix64& x) { return (x() & 7) != 0 ? ~std::uint64_t{0} : x(); };
    results.emplace_back("mostly 0 64-bit word", spec_real_die<two_to_64>(a, b, few, seed, word_zeros));
    results.emplace_back("mostly all-ones 64-bit word", spec_real_die<two_to_64>(a, b, few, seed, word_ones));
    results.emplace_back("mostly 0 32-bit word", spec_real_die<count_t{1} << 32>(a, b, few, seed, [](splitmix64& x) {
                             return (x() & 7) != 0 ? std::uint64_t{0} : x() >> 32;
                         }));
    std::vector<std::string> failures;
    for (const auto& [name, difference] : results)
        if (!difference.empty()) failures.push_back(name + ": " + difference);
    return failures;
}

// a scripted source: the bits given, w to a digit (the last digit padded with zeros)
std::vector<std::uint64_t> spec_digits_of_bits(const std::string& bits, std::size_t w) {
    std::vector<std::uint64_t> digits;
    for (std::size_t i = 0; i < bits.size(); i += w) {
        std::uint64_t digit = 0;
        for (std::size_t b = 0; b < w; ++b) digit = digit << 1 | std::uint64_t{i + b < bits.size() && bits[i + b] == '1'};
        digits.push_back(digit);
    }
    return digits;
}

// the library and the spec on the same scripted digits: the value of the first draw and
// whether each read every digit, and no more
template <count_t K, class Real>
std::pair<Real, Real> spec_real_scripted(const std::vector<std::uint64_t>& digits, Real a, Real b, bool& all_read) {
    std::size_t used = 0, spec_used = 0;
    auto source = from_values<die<K>>([&] { return digits.at(used++); });
    auto spec_digit = [&] { return digits.at(spec_used++); };
    spec_die<K, decltype(spec_digit)> spec{spec_digit};
    const Real ours = uniform_real_distribution<Real>(a, b)(source);
    const Real expected = spec_uniform_real(spec, a, b);
    all_read = used == digits.size() && spec_used == digits.size();
    return {ours, expected};
}
}  // namespace

TEST_CASE("uniform_real_distribution follows the spec on every source", "[golden][real]") {
    const double tiny = std::ldexp(1.0, -1074);
    const std::pair<double, double> doubles[] = {
        {0, 1},                                                  // W = 2^53
        {-3.7, 12.9},                                            // W not a power of two, a not a multiple of 2^g
        {-1, 1},                                                 // W = 2^54, across zero
        {1, 2},                                                  // one binade
        {0.1, 0.3},                                              // three binades, restarts below a
        {tiny, std::ldexp(1.0, -1064)},                          // subnormal: g = q, W = 1023
        {-19 * tiny, 7 * tiny},                                  // across zero, subnormal ends
        {-1.5 * std::ldexp(1.0, -1021), std::ldexp(1.0, -1022)}, // across zero, ends about e_min
        {0, 3 * std::ldexp(1.0, -1022)},                         // g − q = 1 limits the spare bits
        {-DBL_MAX, DBL_MAX},                                     // W = 2^54 − 2
        {0, std::ldexp(1.0, -1060)},                             // [0, 2^−1060)
        {-5, -1e-300},                                           // negative, b next to 0
        {-1, 0},                                                 // the piece [−2^g, 0) zoomed
        {-1, -std::ldexp(1.0, -60)},                             // zoomed, then restarts above b
        {-0.0, 1},                                               // a = −0
        {1e-300, 1e300},                                         // zooms from g = 944 through many binades
        {1e308, DBL_MAX},                                        // the top binade
        {-DBL_MAX, -1e308},                                      // the bottom binade
        {-1e-320, 1e-310},                                       // subnormal a, b next to e_min
        {-2, std::ldexp(1.0, -1000)},                            // across zero, small b
        {1000, 1000.5},                                          // W = 2^42 (g = −43)
        {3, 7},                                                  // cells 2^−51 and 2^−50: W = 2^52
        {3, 7.5},                                                // W = 9·2^49
        {0, 0x1p-967},                                           // g = e_min + 2: [0, 2^g) zoomed once
        {-0x1p-967, 0},                                          // and [−2^g, 0)
        {0, 0x1p+93},                                            // g = 40: zoomed 20 times down to e_min + 2
        {-0.0, -0.0},                                            // a = b: a, no roll
        {-0.0, 0.0},
    };
    std::uint64_t seed = 1;
    for (const auto& [a, b] : doubles) {
        INFO("double [" << spec_hex(a) << ", " << spec_hex(b) << ")");
        const auto failures = spec_real_sources(a, b, 1000, seed++);
        for (const auto& failure : failures) FAIL_CHECK(failure);
        CHECK(failures.empty());
    }
    const float tiny_float = std::ldexp(1.0f, -149);
    const std::pair<float, float> floats[] = {
        {0.0f, 1.0f},
        {1.0f, 1.0f + std::ldexp(1.0f, -10)},  // W = 2^13
        {-FLT_MAX, FLT_MAX},
        {-3.7f, 12.9f},
        {tiny_float, std::ldexp(1.0f, -139)},
        {-19 * tiny_float, 7 * tiny_float},
        {-5.0f, -1e-30f},
        {-1.0f, 0.0f},
        {1e-30f, 1e30f},
        {0.0f, 3 * std::ldexp(1.0f, -126)},
        {0.0f, 0x1p-100f},  // g = e_min + 2
        {-0x1p-100f, 0.0f},
        {0.0f, 0x1p+92f},   // g = 68: zoomed 8 times down to e_min + 2
    };
    for (const auto& [a, b] : floats) {
        INFO("float [" << spec_hex(a) << ", " << spec_hex(b) << ")");
        const auto failures = spec_real_sources(a, b, 1000, seed++);
        for (const auto& failure : failures) FAIL_CHECK(failure);
        CHECK(failures.empty());
    }
}

TEST_CASE("uniform_real_distribution on given digits: values computed by hand from the spec", "[golden][real]") {
    // Each value below was worked out by hand from spec.md section 4b (not by running the
    // library); the library and spec_uniform_real must both give it and read every digit given.
    auto zeros = [](std::size_t n) { return std::string(n, '0'); };
    auto check = [](auto die_tag, const std::vector<std::uint64_t>& digits, double a, double b, double expected) {
        bool all_read = false;
        const auto [ours, spec] = spec_real_scripted<decltype(die_tag)::faces>(digits, a, b, all_read);
        INFO("[" << spec_hex(a) << ", " << spec_hex(b) << ") from " << digits.size() << " digits of a die of "
                 << static_cast<std::uint64_t>(decltype(die_tag)::faces - 1) << "+1 faces");
        CHECK(spec_hex(spec) == spec_hex(expected));
        CHECK(spec_hex(ours) == spec_hex(expected));
        CHECK(spec_bits_of(ours) == spec_bits_of(expected));
        CHECK(all_read);
    };
    // Bits the same for every K = 2^w (W is a power of two at every step, so all go through the
    // queue): the value must not depend on w. [0, 1): g = −53, A = 0, W = 2^53.
    //  (1) t = 53 bits 01000…0 = 2^51; h = Q(2^−2) = −54, j = −53 + 54 = 1, k = the next bit 1:
    //      x = 2^−2 + 2^−54 (54 bits).
    //  (2) t = 0 (53 zeros); step 2: g = −106, A = 0, t = 53 bits 1000…0 = 2^52; h = Q(2^−54) =
    //      −106, j = 0: x = 2^−54 (106 bits).
    // [−1, −2^−60): c(−1) = −53 (succ(−1) = −1 + 2^−53), c(pred(b)) = −112, g = −53, A = −2^53,
    // B = ⌈−2^−7⌉ = 0, W = 2^53.
    //  (3) 53 ones: t = −1; step 2 (−53 > −1021): g = −106, A = −2^53, 52 ones and a 0: t = −2;
    //      h = Q(1·2^−106) = −158, j = 52, k = 52 zeros = 0: x = −2^−105 ≥ b, so step 4 starts
    //      again (the queue kept: a d8's 159th bit, a word's rest); 1 and 52 zeros: t = −2^53 + 2^52
    //      = −2^52, h = Q((2^52 − 1)·2^−53) = −54, j = 1, k = the next bit 1: x = −2^−1 + 2^−54
    //      (53 + 53 + 52 + 53 + 1 = 212 bits).
    const std::string one_quarter = "01" + zeros(51) + "1";
    const std::string zoomed = zeros(53) + "1" + zeros(52);
    const std::string restarted = std::string(53, '1') + std::string(52, '1') + "0" + zeros(52) + "1" + zeros(52) + "1";
    const double one_quarter_value = 0x1.0000000000001p-2, zoomed_value = 0x1p-54, restarted_value = -0x1.fffffffffffffp-2;
    check(coin{}, spec_digits_of_bits(one_quarter, 1), 0, 1, one_quarter_value);
    check(d8{}, spec_digits_of_bits(one_quarter, 3), 0, 1, one_quarter_value);
    check(die<count_t{1} << 32>{}, spec_digits_of_bits(one_quarter, 32), 0, 1, one_quarter_value);
    check(die<two_to_64>{}, spec_digits_of_bits(one_quarter, 64), 0, 1, one_quarter_value);
    check(coin{}, spec_digits_of_bits(zoomed, 1), 0, 1, zoomed_value);
    check(d8{}, spec_digits_of_bits(zoomed, 3), 0, 1, zoomed_value);
    check(die<two_to_64>{}, spec_digits_of_bits(zoomed, 64), 0, 1, zoomed_value);
    const double minus_2_60 = -0x1p-60;
    check(coin{}, spec_digits_of_bits(restarted, 1), -1, minus_2_60, restarted_value);
    check(d8{}, spec_digits_of_bits(restarted, 3), -1, minus_2_60, restarted_value);
    check(die<count_t{1} << 32>{}, spec_digits_of_bits(restarted, 32), -1, minus_2_60, restarted_value);
    check(die<two_to_64>{}, spec_digits_of_bits(restarted, 64), -1, minus_2_60, restarted_value);
    // Spare bits. [0, 3): c(0) = q, c(pred(3)) = Q(2) = −51, g = −51, A = 0, W = 3·2^51,
    // bits(W) = 53; K = 2^w: R = min(w·⌈59/w⌉, 64) (see spec_uniform_real on "or 64 if that is
    // more"), s = min(R − 6 − 53, −51 + 1074) when positive; v = below(3·2^51·2^s).
    //  (4) a 64-bit word: R = 64, s = 5, v = uniform_below(word, 3·2^56) = scale: L mod n = 2^56;
    //      the word d = (2^64 + 2^12 + 1)/3 has d·n mod L = (2^12 + 1)·2^56 mod 2^64 = 2^56, not
    //      below 2^56, so v = ⌊d·3·2^56/2^64⌋ = ⌊(2^64 + 2^12 + 1)/2^8⌋ = 2^56 + 16: t = ⌊v/2^5⌋ =
    //      2^51, r = 16; h = Q(1) = −52, j = 1 ≤ s: k = ⌊16/2^4⌋ = 1: x = 1 + 2^−52 (one word).
    //  (5) a d8: R = min(60, 64) = 60, s = 1, v = uniform_below(d8, 3·2^52), the recycle loop (not an
    //      engine word): 18 rolls make r = 8^18 = 2^54 ≥ 3·2^52 (8^17 is not), T = 3·2^52; the
    //      digits 2, sixteen 0s, 1 make x = 2·8^17 + 1 = 2^52 + 1 < T, v = 2^52 + 1: t = 2^51,
    //      r = 1; h = −52, j = 1 ≤ s: k = ⌊1/2^0⌋ = 1: x = 1 + 2^−52 (18 rolls).
    //  (6) a coin: R = 59, s = 0, v = uniform_below(coin, 3·2^51): 53 flips make r = 2^53, T =
    //      3·2^51; the flips 01 and 51 zeros make x = 2^51 < T, v = t = 2^51, r = 0; j = 1 > s:
    //      k = below(2^1) = the next flip, 1: x = 1 + 2^−52 (54 flips).
    check(die<two_to_64>{}, {6148914691236518571u}, 0, 3, 0x1.0000000000001p+0);
    std::vector<std::uint64_t> d8_spare(18, 0);
    d8_spare[0] = 2, d8_spare[17] = 1;
    check(d8{}, d8_spare, 0, 3, 0x1.0000000000001p+0);
    check(coin{}, spec_digits_of_bits("01" + zeros(51) + "1", 1), 0, 3, 0x1.0000000000001p+0);
    //  (7) a d6 (no bits, no spare bits) on [2^−1074, 2^−1064): g = q, A = 1, B = 2^10, W = 1023,
    //      v = uniform_below(d6, 1023): 4 rolls make r = 6^4 = 1296, T = 1023; digits 0, 0, 1, 0:
    //      x = 6 < T, v = 6, t = 7, h = q, j = 0, k = 0: x = 7·2^−1074.
    check(d6{}, {0, 0, 1, 0}, 0x1p-1074, 0x1p-1064, std::bit_cast<double>(std::uint64_t{7}));
    // a = b: a, with no roll (a as given: −0 stays −0, although "a value 0 is returned as +0")
    check(d6{}, {}, 2.5, 2.5, 2.5);
    check(d6{}, {}, -0.0, -0.0, -0.0);
    check(d6{}, {}, -0.0, 0.0, -0.0);
    // [−0, 2^−1074): g = q, A = 0, B = 1, W = 1 = 2^0: t = 0, no roll, x = 0, returned as +0
    check(d6{}, {}, -0.0, 0x1p-1074, 0.0);
}

namespace {
// spec.md section 4, "Exact trials" and geometric_distribution<T>(p), written from the text
// alone, every number an exact boost cpp_int.
using spec_big = boost::multiprecision::cpp_int;

// p = a/b exactly (a double m·2^−k as m/2^k), q = 1 − p = (b − a)/b, s = ⌊log2(1/p)⌋ and the
// bounds lo_i ≤ x_i·2^W ≤ hi_i of x_i = q^(2^i), i = 0 … s, at each precision W asked for
struct spec_geometric {
    spec_big a, b;
    unsigned s = 0;
    std::map<unsigned, std::vector<std::pair<spec_big, spec_big>>> bounds;

    spec_geometric(spec_big numerator, spec_big denominator) : a(std::move(numerator)), b(std::move(denominator)) {
        while ((a << (s + 1)) <= b) ++s;  // the largest s with 2^s·p ≤ 1
    }
    // lo_0 = ⌊q·2^W⌋, hi_0 = ⌈q·2^W⌉, lo_(i+1) = ⌊lo_i²/2^W⌋, hi_(i+1) = ⌈hi_i²/2^W⌉
    const std::pair<spec_big, spec_big>& at(unsigned W, unsigned i) {
        auto& list = bounds[W];
        if (list.empty()) {
            const spec_big scaled = (b - a) << W, one = spec_big(1) << W;
            spec_big lo = scaled / b, hi = (scaled + b - 1) / b;
            list.emplace_back(lo, hi);
            for (unsigned k = 0; k < s; ++k) {
                lo = (lo * lo) >> W;
                hi = (hi * hi + one - 1) >> W;
                list.emplace_back(lo, hi);
            }
        }
        return list.at(i);
    }
};

// a double p in (0, 1] as m/2^k
spec_geometric spec_geometric_of(double p) {
    int e = 0;
    const double f = std::frexp(p, &e);                              // p = f·2^e, f in [1/2, 1)
    const auto m = static_cast<std::uint64_t>(std::ldexp(f, 53));  // p = m·2^(e − 53), exactly
    return {spec_big(m), spec_big(1) << static_cast<unsigned>(53 - e)};
}
spec_geometric spec_geometric_of(std::uint64_t a, std::uint64_t b) { return {spec_big(a), spec_big(b)}; }

// U's digits within one draw (spec.md section 1 and "U's digits"): on a source of K = 2^w
// faces bits, w to a roll, the most significant first, a roll read only when a bit is wanted
// and none is left; otherwise the rolls themselves (B = K). Made afresh for each draw, so the
// bits a draw leaves are dropped.
template <class G>
struct spec_u_digits {
    G& g;
    count_t k = count_t{G::max()} - G::min() + 1;
    unsigned w = 0;  // K = 2^w with w ≥ 1: bits; 0: rolls
    std::uint64_t word = 0;
    unsigned left = 0;  // bits of word not used yet

    explicit spec_u_digits(G& source) : g(source) {
        if ((k & (k - 1)) == 0)
            for (count_t v = k; v > 1; v >>= 1) ++w;
    }
    spec_big base() const { return w != 0 ? spec_big(2) : spec_big(static_cast<std::uint64_t>(k)); }
    std::uint64_t roll() { return static_cast<std::uint64_t>(g() - G::min()); }
    std::uint64_t next() {
        if (w == 0) return roll();
        if (left == 0) word = roll(), left = w;
        --left;
        return (word >> left) & 1;
    }
};

// one trial of x_i, kind x (t = x_i) or kind y (t = x_i/(1 + x_i)): "Step", literally
template <class Digits>
bool spec_trial(Digits& digits, spec_geometric& p, unsigned i, bool kind_y) {
    const spec_big base = digits.base();
    spec_big u = 0, d = 1;
    unsigned W = 128;
    for (;;) {
        const auto& [lo, hi] = p.at(W, i);
        const spec_big two_w = spec_big(1) << W;
        if (!kind_y) {
            if ((u + 1) * two_w <= lo * d) return true;
            if (u * two_w >= hi * d) return false;
        } else {
            if ((u + 1) * (two_w + lo) <= lo * d) return true;
            if (u * (two_w + hi) >= hi * d) return false;
        }
        if (4 * d * (hi - lo) >= two_w) {
            W *= 2;
        } else {
            u = u * base + digits.next();
            d *= base;
        }
    }
}

// geometric_distribution<T>(p), "Draw": h while the trials of kind x of x_s are true, then
// b_i = the trial of kind y of x_i for i = 0 … s − 1; the value h·2^s + Σ b_i·2^i
template <class T, class G>
T spec_geometric_draw(G& g, spec_geometric& p) {
    if (p.a == p.b) return 0;  // p = 1: no roll
    spec_u_digits<G> digits(g);
    const std::uint64_t last = static_cast<std::uint64_t>(std::numeric_limits<T>::max()) >> p.s;  // ⌊max(T)/2^s⌋
    std::uint64_t h = 0;
    while (spec_trial(digits, p, p.s, false)) {
        if (h == last) throw std::out_of_range("spec: a geometric value past T's largest");
        ++h;
    }
    std::uint64_t value = h << p.s;
    for (unsigned i = 0; i < p.s; ++i)
        if (spec_trial(digits, p, i, true)) value |= std::uint64_t{1} << i;
    return static_cast<T>(value);
}

std::uint64_t spec_lcg(std::uint64_t& x) { return x = x * 6364136223846793005u + 1442695040888963407u; }

// draws values of the library's distribution on source and of the spec on spec_source (two
// copies of one sequence): "" or the first difference
template <class T, class Source, class G>
std::string spec_geometric_difference(Source& source, G& spec_source, rollplan::geometric_distribution<T> dist,
                                      spec_geometric& p, int draws) {
    for (int i = 0; i < draws; ++i) {
        const T ours = dist(source);
        const T expected = spec_geometric_draw<T>(spec_source, p);
        if (ours != expected)
            return "draw " + std::to_string(i) + ": library " + std::to_string(ours) + ", spec " + std::to_string(expected);
    }
    return "";
}

template <class T, class Engine>
std::string spec_geometric_engine(const rollplan::geometric_distribution<T>& dist, spec_geometric& p, int draws, Engine engine) {
    Engine twin = engine;
    std::string difference = spec_geometric_difference(engine, twin, dist, p, draws);
    if (difference.empty() && !(engine == twin)) difference = "the engines are left at different places";
    return difference;
}

// a die of K faces whose digits are digit(x) of an LCG state x, for the library through
// from_values<die<K>> and for the spec through spec_die
template <count_t K, class T, class Digit>
std::string spec_geometric_die(const rollplan::geometric_distribution<T>& dist, spec_geometric& p, int draws,
                               std::uint64_t seed, Digit digit) {
    std::uint64_t x = seed, y = seed;
    auto source = from_values<die<K>>([&] { return digit(x); });
    auto spec_digit = [&] { return digit(y); };
    spec_die<K, decltype(spec_digit)> spec{spec_digit};
    std::string difference = spec_geometric_difference(source, spec, dist, p, draws);
    if (difference.empty() && x != y) difference = "the sources are left at different places";
    return difference;
}

// every source against the spec for one p: the failures, named
template <class T, class P>
std::vector<std::string> spec_geometric_sources(P library_p, spec_geometric p, int draws, int few, std::uint64_t seed) {
    const rollplan::geometric_distribution<T> dist(library_p);
    std::vector<std::pair<std::string, std::string>> results;
    results.emplace_back("mt19937_64", spec_geometric_engine(dist, p, draws, std::mt19937_64{seed}));
    results.emplace_back("mt19937", spec_geometric_engine(dist, p, draws, std::mt19937{static_cast<std::uint32_t>(seed)}));
    results.emplace_back("minstd_rand", spec_geometric_engine(dist, p, few, std::minstd_rand{static_cast<std::uint32_t>(seed + 1)}));
    results.emplace_back("d6", spec_geometric_die<6>(dist, p, few, seed, [](std::uint64_t& x) { return (spec_lcg(x) >> 33) % 6; }));
    results.emplace_back("coin", spec_geometric_die<2>(dist, p, few, seed, [](std::uint64_t& x) { return spec_lcg(x) >> 63; }));
    results.emplace_back("d4", spec_geometric_die<4>(dist, p, few, seed, [](std::uint64_t& x) { return spec_lcg(x) >> 62; }));
    results.emplace_back("d8", spec_geometric_die<8>(dist, p, few, seed, [](std::uint64_t& x) { return spec_lcg(x) >> 61; }));
    // other powers of two: bits too ("a source of K = 2^w faces")
    results.emplace_back("d1024", spec_geometric_die<1024>(dist, p, few, seed, [](std::uint64_t& x) { return spec_lcg(x) >> 54; }));
    results.emplace_back("2^40 engine",
                         spec_geometric_engine(dist, p, few, std::independent_bits_engine<std::mt19937_64, 40, std::uint64_t>{seed}));
    std::vector<std::string> failures;
    for (const auto& [name, difference] : results)
        if (!difference.empty()) failures.push_back(name + ": " + difference);
    return failures;
}

// a source of K faces giving the digits listed and then those of an LCG, for the library
// and the spec: the values of `draws` draws from each and the digits each read (and, if
// past, that they read past the digits listed)
template <count_t K, class T, class P>
std::string spec_geometric_scripted(P library_p, spec_geometric& p, const std::vector<std::uint64_t>& digits, int draws,
                                    bool past) {
    const rollplan::geometric_distribution<T> dist(library_p);
    std::uint64_t x = 99, y = 99;
    std::size_t used = 0, spec_used = 0;
    auto next = [&digits](std::uint64_t& state, std::size_t& count) {
        const std::size_t i = count++;
        if (i < digits.size()) return digits[i];
        const std::uint64_t v = spec_lcg(state);
        return K == two_to_64 ? v : (v >> 11) % static_cast<std::uint64_t>(K);
    };
    auto source = from_values<die<K>>([&] { return next(x, used); });
    auto spec_digit = [&] { return next(y, spec_used); };
    spec_die<K, decltype(spec_digit)> spec{spec_digit};
    std::string difference = spec_geometric_difference(source, spec, dist, p, draws);
    if (difference.empty() && used != spec_used)
        difference = "the library read " + std::to_string(used) + " digits, the spec " + std::to_string(spec_used);
    if (difference.empty() && past && used <= digits.size()) difference = "the test did not read past its scripted digits";
    return difference;
}

// scripted digits near a threshold r = num/den: after the digits of `prefix` (bits, or one
// roll K − 1 on a die of K faces not a power of two), the n digits of ⌊r·B^n⌋ + delta
template <count_t K>
std::vector<std::uint64_t> spec_near(const std::string& prefix, const spec_big& num, const spec_big& den, std::size_t n,
                                     int delta) {
    std::size_t w = 0;
    if ((K & (K - 1)) == 0)
        for (count_t v = K; v > 1; v >>= 1) ++w;
    const std::uint64_t base = w != 0 ? 2 : static_cast<std::uint64_t>(K);
    spec_big reach = 1;
    for (std::size_t i = 0; i < n; ++i) reach *= base;
    spec_big v = num * reach / den + delta;
    if (v < 0) v = 0;
    if (v >= reach) v = reach - 1;
    std::vector<std::uint64_t> digits(n);
    for (std::size_t i = n; i-- > 0;) digits[i] = static_cast<std::uint64_t>(v % base), v /= base;
    if (w != 0) {
        std::string bits = prefix;
        for (const auto bit : digits) bits += bit != 0 ? '1' : '0';
        return spec_digits_of_bits(bits, w);
    }
    if (!prefix.empty()) digits.insert(digits.begin(), static_cast<std::uint64_t>(K - 1));
    return digits;
}

// the library and the spec on U's digits next to x_s (the first trial, kind x) and, after a
// prefix that makes the first trial false, next to t_0 = x_0/(1 + x_0) (kind y of x_0):
// "along", U's first ~300 bits those of the threshold (the trial goes on to W = 256 and 512),
// then n-digit numbers just below, at and just above the threshold, for n every 24 bits, and
// next to the threshold and to the bounds of t at W = 128 and 256 (lo/2^W and hi/2^W, or
// lo/(2^W + lo) and hi/(2^W + hi)) for each n near where the spec doubles W (the least j with
// 4·B^j·(hi − lo) ≥ 2^W): there the choice between reading a digit and doubling W, and which
// bound each test uses, decide how many digits a trial reads
template <count_t K, class T, class P>
std::vector<std::string> spec_geometric_thresholds(P library_p, spec_geometric p, int draws, bool probes) {
    std::vector<std::string> failures;
    constexpr unsigned W = 4096;
    const spec_big x_s = p.at(W, p.s).first, two_w = spec_big(1) << W;
    const bool bits = (K & (K - 1)) == 0;
    const std::uint64_t base = bits ? 2 : static_cast<std::uint64_t>(K);
    std::size_t n = 0;  // digits of ~300 bits
    for (spec_big reach = 1; reach < (spec_big(1) << 300); reach *= base) ++n;
    auto run = [&](const std::string& name, const std::vector<std::uint64_t>& digits, int count, bool past) {
        const std::string difference = spec_geometric_scripted<K, T>(library_p, p, digits, count, past);
        if (!difference.empty()) failures.push_back(name + ": " + difference);
    };
    auto probe = [&](const std::string& name, std::size_t j, const std::string& prefix, const spec_big& num, const spec_big& den) {
        for (const int delta : {-1, 0, 1})
            run(name + ", " + std::to_string(j) + " digits, " + std::to_string(delta), spec_near<K>(prefix, num, den, j, delta), 1, false);
    };
    auto near = [&](const std::string& name, unsigned i, bool kind_y, const std::string& prefix, const spec_big& num,
                    const spec_big& den) {
        run(name + ", along", spec_near<K>(prefix, num, den, n, 0), draws, true);
        if (!probes) return;
        for (std::size_t j = bits ? 24 : 9; j <= n; j += bits ? 24 : 9) probe(name, j, prefix, num, den);
        for (const unsigned precision : {128u, 256u}) {
            const auto& [lo, hi] = p.at(precision, i);
            if (hi == lo) continue;
            const spec_big one = spec_big(1) << precision;
            std::size_t first = 0;
            for (spec_big d = 1; 4 * d * (hi - lo) < one; d *= base) ++first;
            for (std::size_t j = first > 4 ? first - 4 : 1; j <= std::min(first + 2, n); ++j) {
                probe(name, j, prefix, num, den);
                probe(name + " lo at " + std::to_string(precision), j, prefix, lo, kind_y ? one + lo : one);
                probe(name + " hi at " + std::to_string(precision), j, prefix, hi, kind_y ? one + hi : one);
            }
        }
    };
    near("x_s", p.s, false, "", x_s, two_w);
    if (p.s > 0) {
        // "1" decides the first trial false when x_s ≤ 1/2 (hi_s ≤ 2^127), "11" when it is below 3/4
        const std::string prefix = p.at(128, p.s).second <= (spec_big(1) << 127) ? "1" : "11";
        near("t_0", 0, true, prefix, p.b - p.a, 2 * p.b - p.a);
    }
    return failures;
}

// the library and the spec on the scripted digits of a die of K faces, `draws` draws: both
// values, and the digits each read
template <count_t K, class T, class P>
void spec_geometric_by_hand(P library_p, const std::vector<std::uint64_t>& digits, const std::vector<T>& expected) {
    const rollplan::geometric_distribution<T> dist(library_p);
    spec_geometric p = [&] {
        if constexpr (std::is_same_v<P, double>)
            return spec_geometric_of(library_p);
        else
            return spec_geometric_of(static_cast<std::uint64_t>(library_p.numerator()),
                                     static_cast<std::uint64_t>(library_p.denominator()));
    }();
    std::size_t used = 0, spec_used = 0;
    auto source = from_values<die<K>>([&] { return digits.at(used++); });
    auto spec_digit = [&] { return digits.at(spec_used++); };
    spec_die<K, decltype(spec_digit)> spec{spec_digit};
    std::vector<T> ours, theirs;
    auto d = dist;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        ours.push_back(d(source));
        theirs.push_back(spec_geometric_draw<T>(spec, p));
    }
    CHECK(theirs == expected);
    CHECK(ours == expected);
    CHECK(spec_used == digits.size());
    CHECK(used == digits.size());
}
}  // namespace

TEST_CASE("geometric_distribution follows the spec", "[golden][geometric]") {
    std::uint64_t seed = 11;
    auto report = [](const std::vector<std::string>& failures) {
        for (const auto& failure : failures) FAIL_CHECK(failure);
        REQUIRE(failures.empty());
    };
    // p = 45·2^−31: the least p for int (s = 25); 1 − 2^−53: q = 2^−53; 2^−20: q^(2^i) exact at
    // W = 128 for i ≤ 2 only
    for (const double p : {0.5, 0.3, 0.01, 0.999, 1.0, 0.75, 45 * 0x1p-31, 1 - 0x1p-53, 0x1p-20}) {
        INFO("int, p = " << spec_hex(p));
        report(spec_geometric_sources<int>(p, spec_geometric_of(p), 2000, 600, seed++));
    }
    {
        INFO("long long, p = 1e-6");
        report(spec_geometric_sources<long long>(1e-6, spec_geometric_of(1e-6), 2000, 300, seed++));
    }
    {
        INFO("long long, p = 1e-12");
        report(spec_geometric_sources<long long>(1e-12, spec_geometric_of(1e-12), 200, 60, seed++));
    }
    {
        INFO("unsigned long long, p = 45·2^−64, the least (s = 58)");
        report(spec_geometric_sources<unsigned long long>(45 * 0x1p-64, spec_geometric_of(45 * 0x1p-64), 200, 40, seed++));
        INFO("unsigned long long, p = rational{45, 2^64}");
        report(spec_geometric_sources<unsigned long long>(rational{45, two_to_64}, spec_geometric(45, spec_big(1) << 64), 200, 40, seed++));
    }
    for (const auto& [a, b] : {std::pair<std::uint64_t, std::uint64_t>{1, 3}, {2, 5}, {2, 3}, {1, 1000}, {7, 7},
                               {1, std::uint64_t{1} << 40}, {(std::uint64_t{1} << 63) + 1, ~std::uint64_t{0}}}) {
        INFO("rational{" << a << ", " << b << "}");
        if (b >> 32 != 0 && a < b / 2) {  // a small p: long long (p·2^63 ≥ 45)
            report(spec_geometric_sources<long long>(rational{a, b}, spec_geometric_of(a, b), 300, 60, seed++));
        } else {
            report(spec_geometric_sources<int>(rational{a, b}, spec_geometric_of(a, b), 2000, 600, seed++));
        }
    }
    for (const double p : {0.5, 0.4}) {
        INFO("std::int8_t, p = " << spec_hex(p));
        report(spec_geometric_sources<std::int8_t>(p, spec_geometric_of(p), 2000, 600, seed++));
    }
    {
        INFO("unsigned, p = 0.001");
        report(spec_geometric_sources<unsigned>(0.001, spec_geometric_of(0.001), 2000, 600, seed++));
    }
}

namespace {
// negative_binomial_distribution<T>(k, p), "Draw": one stream of digits for the whole draw, k
// values drawn as geometric_distribution's "Draw" draws them on it, summed; a sum past max(T)
// throws
template <class T, class G>
T spec_negative_binomial_draw(G& g, spec_geometric& p, int k) {
    if (p.a == p.b) return 0;  // p = 1: no roll
    spec_u_digits<G> digits(g);
    const auto largest = static_cast<std::uint64_t>(std::numeric_limits<T>::max());
    std::uint64_t sum = 0;
    for (int part = 0; part < k; ++part) {
        std::uint64_t h = 0;
        while (spec_trial(digits, p, p.s, false)) {
            if (h == largest >> p.s) throw std::out_of_range("spec: a geometric value past T's largest");
            ++h;
        }
        std::uint64_t value = h << p.s;
        for (unsigned i = 0; i < p.s; ++i)
            if (spec_trial(digits, p, i, true)) value |= std::uint64_t{1} << i;
        if (value > largest - sum) throw std::out_of_range("spec: a sum past T's largest");
        sum += value;
    }
    return static_cast<T>(sum);
}

// draws of the library and of the spec from two copies of one source: "" or the first difference
template <class T, class Source, class G>
std::string spec_negative_binomial_difference(Source& source, G& spec_source, const rollplan::negative_binomial_distribution<T>& dist,
                                              spec_geometric& p, int draws) {
    for (int i = 0; i < draws; ++i) {
        const T ours = dist(source);
        const T expected = spec_negative_binomial_draw<T>(spec_source, p, static_cast<int>(dist.k()));
        if (ours != expected)
            return "draw " + std::to_string(i) + ": library " + std::to_string(ours) + ", spec " + std::to_string(expected);
    }
    return "";
}
template <class T, class Engine>
std::string spec_negative_binomial_engine(const rollplan::negative_binomial_distribution<T>& dist, spec_geometric& p, int draws, Engine engine) {
    Engine twin = engine;
    std::string difference = spec_negative_binomial_difference(engine, twin, dist, p, draws);
    if (difference.empty() && !(engine == twin)) difference = "the engines are left at different places";
    return difference;
}
template <count_t K, class T, class Digit>
std::string spec_negative_binomial_die(const rollplan::negative_binomial_distribution<T>& dist, spec_geometric& p, int draws,
                                       std::uint64_t seed, Digit digit) {
    std::uint64_t x = seed, y = seed;
    auto source = from_values<die<K>>([&] { return digit(x); });
    auto spec_digit = [&] { return digit(y); };
    spec_die<K, decltype(spec_digit)> spec{spec_digit};
    std::string difference = spec_negative_binomial_difference(source, spec, dist, p, draws);
    if (difference.empty() && x != y) difference = "the sources are left at different places";
    return difference;
}
}  // namespace

TEST_CASE("negative_binomial_distribution follows the spec", "[golden][negative_binomial]") {
    // 64-bit words (bits carried from part to part), 32-bit words, minstd_rand's digits, a coin,
    // a d6, a d8 and an engine of 40-bit words; doubles and rationals, a p of s = 39, the most parts
    std::uint64_t seed = 41;
    auto check = [&seed](const auto& dist, spec_geometric p, int draws, int few) {
        std::vector<std::string> failures;
        auto note = [&failures](const char* name, const std::string& difference) {
            if (!difference.empty()) failures.push_back(std::string(name) + ": " + difference);
        };
        note("mt19937_64", spec_negative_binomial_engine(dist, p, draws, std::mt19937_64{seed}));
        note("mt19937", spec_negative_binomial_engine(dist, p, draws, std::mt19937{static_cast<std::uint32_t>(seed)}));
        note("minstd_rand", spec_negative_binomial_engine(dist, p, few, std::minstd_rand{static_cast<std::uint32_t>(seed + 1)}));
        note("coin", spec_negative_binomial_die<2>(dist, p, few, seed, [](std::uint64_t& x) { return spec_lcg(x) >> 63; }));
        note("d6", spec_negative_binomial_die<6>(dist, p, few, seed, [](std::uint64_t& x) { return (spec_lcg(x) >> 33) % 6; }));
        note("d8", spec_negative_binomial_die<8>(dist, p, few, seed, [](std::uint64_t& x) { return spec_lcg(x) >> 61; }));
        note("2^40 engine",
             spec_negative_binomial_engine(dist, p, few, std::independent_bits_engine<std::mt19937_64, 40, std::uint64_t>{seed}));
        ++seed;
        for (const auto& failure : failures) FAIL_CHECK(failure);
        REQUIRE(failures.empty());
    };
    for (const auto& [k, p] : {std::pair{1, 0.5}, std::pair{3, 0.3}, std::pair{10, 0.01}, std::pair{2, 1.0}, std::pair{50, 0.9}}) {
        INFO("int, k = " << k << ", p = " << spec_hex(p));
        check(rollplan::negative_binomial_distribution<int>(k, p), spec_geometric_of(p), 300, 40);
    }
    {
        INFO("long long, k = 4, p = 1e-12");
        check(rollplan::negative_binomial_distribution<long long>(4, 1e-12), spec_geometric_of(1e-12), 30, 5);
    }
    {
        INFO("long long, k = 65536, p = 1/3");
        check(rollplan::negative_binomial_distribution<long long>(65536, rational{1, 3}), spec_geometric_of(1, 3), 1, 1);
    }
    {
        INFO("int8_t, k = 1, p = 0.5; uint16_t, k = 2, p = 0.5; unsigned, k = 3, p = 0.3");
        check(rollplan::negative_binomial_distribution<std::int8_t>(1, 0.5), spec_geometric_of(0.5), 300, 40);
        check(rollplan::negative_binomial_distribution<std::uint16_t>(2, 0.5), spec_geometric_of(0.5), 300, 40);
        check(rollplan::negative_binomial_distribution<unsigned>(3, 0.3), spec_geometric_of(0.3), 300, 40);
    }
    for (const auto& [a, b] : {std::pair<std::uint64_t, std::uint64_t>{1, 3}, {2, 5}, {(std::uint64_t{1} << 63) + 1, ~std::uint64_t{0}}}) {
        INFO("int, k = 5, p = rational{" << a << ", " << b << "}");
        check(rollplan::negative_binomial_distribution<int>(5, rational{a, b}), spec_geometric_of(a, b), 300, 40);
    }
}

TEST_CASE("geometric_distribution follows the spec on digits along its thresholds", "[golden][geometric]") {
    // U's first ~300 bits those of the threshold: the trial is undecided at W = 128 and goes
    // on to W = 256, 512, … (rounded bounds: every x_s with s > 0, and x_0 of a rational)
    auto all = [](auto library_p, spec_geometric p, auto type_tag) {
        using T = typename decltype(type_tag)::type;
        std::vector<std::string> failures;
        // probes of every n on a coin, a d6 and a 64-bit word; the other packings of bits "along" only
        for (auto part : {spec_geometric_thresholds<2, T>(library_p, p, 8, true), spec_geometric_thresholds<8, T>(library_p, p, 8, false),
                          spec_geometric_thresholds<6, T>(library_p, p, 8, true),
                          spec_geometric_thresholds<count_t{1} << 32, T>(library_p, p, 8, false),
                          spec_geometric_thresholds<two_to_64, T>(library_p, p, 8, true)})
            failures.insert(failures.end(), part.begin(), part.end());
        return failures;
    };
    auto report = [](const std::vector<std::string>& failures) {
        for (const auto& failure : failures) FAIL_CHECK(failure);
        REQUIRE(failures.empty());
    };
    {
        INFO("p = 0.3");
        report(all(0.3, spec_geometric_of(0.3), std::type_identity<int>{}));
    }
    {
        INFO("p = 0.01");
        report(all(0.01, spec_geometric_of(0.01), std::type_identity<int>{}));
    }
    {
        INFO("p = 1e-6");
        report(all(1e-6, spec_geometric_of(1e-6), std::type_identity<long long>{}));
    }
    for (const auto& [a, b] : {std::pair<std::uint64_t, std::uint64_t>{1, 3}, {2, 3}, {1, 1000}}) {
        INFO("rational{" << a << ", " << b << "}");
        report(all(rational{a, b}, spec_geometric_of(a, b), std::type_identity<int>{}));
    }
}

TEST_CASE("geometric_distribution on given digits: values computed by hand from the spec", "[golden][geometric]") {
    // p = 1/2: q = 1/2 exactly, so lo = hi at every W (never doubled); s = 1 (2·p = 1 ≤ 1);
    // x_1 = 1/4, kind x: true when (u + 1)·4 ≤ D, false when 4u ≥ D; x_0 = 1/2, kind y:
    // t = 1/3, true when 3(u + 1) ≤ D, false when 3u ≥ D. The value is 2h + b_0.
    // On a coin: x_1: "1" false, "00" true, "01" false; t_0 = 1/3 = 0.010101…b: "1" false,
    // "00" true, "0100" true, "01011" false.
    auto bits = [](const std::string& text) { return spec_digits_of_bits(text, 1); };
    spec_geometric_by_hand<2, int>(0.5, bits("11"), {0});                     // h = 0, b_0 = 0: 2 bits
    spec_geometric_by_hand<2, int>(0.5, bits("100"), {1});                    // h = 0, b_0 = 1: 3 bits
    spec_geometric_by_hand<2, int>(0.5, bits("0011"), {2});                   // h = 1, b_0 = 0: 4 bits
    spec_geometric_by_hand<2, int>(0.5, bits("0100"), {1});                   // h = 0 ("01"), b_0 = 1: 4 bits
    spec_geometric_by_hand<2, int>(0.5, bits("000010100"), {5});              // h = 2, b_0 = 1 ("0100"): 9 bits
    spec_geometric_by_hand<2, int>(0.5, bits("101011"), {0});                 // h = 0, b_0 = 0 ("01011"): 6 bits
    spec_geometric_by_hand<2, int>(0.5, bits("11" "100" "0011"), {0, 1, 2});  // three draws, 9 bits
    spec_geometric_by_hand<2, int>(rational{1, 2}, bits("000010100"), {5});  // the same p as a rational
    spec_geometric_by_hand<2, int>(rational{2, 4}, bits("0100"), {1});
    // A d8 gives 3 bits a roll; the bits a trial leaves go to the next trial of the draw, and
    // those left at its end are dropped. Rolls 6, 0, 7: draw 1 = 110: "1" false, "1" false,
    // value 0, the last 0 dropped; draw 2 = 000 then 111: "00" true, "01" false, "1" false:
    // value 2, the last 1 dropped (had the 0 been kept, draw 2 would be 4). 3 rolls.
    spec_geometric_by_hand<8, int>(0.5, {6, 0, 7}, {0, 2});
    // a d4 (2 bits a roll): rolls 2 (10), 0 (00): "1" false, then "0" and "0": b_0 true: 1
    spec_geometric_by_hand<4, int>(0.5, {2, 0}, {1});
    // A 64-bit word 0 is 32 trials "00", all true; the word 2^63 then gives "1" false and
    // "00" true: 2·32 + 1 = 65, 2 words. A 32-bit word: 16 trials, 33.
    spec_geometric_by_hand<two_to_64, int>(0.5, {0, std::uint64_t{1} << 63}, {65});
    spec_geometric_by_hand<count_t{1} << 32, int>(0.5, {0, std::uint64_t{1} << 31}, {33});
    // A d6 (digits are rolls, B = 6): x_1 with D = 6: roll 0 true, roll 1 undecided (then with
    // D = 36, u = 6 + d: true for d ≤ 2, false for d ≥ 3), rolls 2 … 5 false; t_0 = 1/3 with
    // D = 6: rolls 0, 1 true, 2 … 5 false.
    spec_geometric_by_hand<6, int>(0.5, {3, 0}, {1});                  // h = 0, b_0 = 1: 2 rolls
    spec_geometric_by_hand<6, int>(0.5, {0, 1, 2, 5, 4}, {4});         // h = 2 (0; 1, 2), b_0 = 0
    spec_geometric_by_hand<6, int>(0.5, {1, 3, 2}, {0});               // h = 0 (1, 3), b_0 = 0
    // p = 1/3: q = 2/3, lo_0 = ⌊2^129/3⌋, hi_0 = lo_0 + 1 (never within 2^−100 of a decision
    // below), s = 1, x_1 = 4/9 = 0.011100011…b, t_0 = (2/3)/(5/3) = 2/5 = 0.01100110…b.
    // x_1: "1" false (1/2 ≥ 4/9), "00" true (1/4 ≤ 4/9), "010" true (3/8), "01111" false
    // (15/32), "01110000" true (113/256 = 0.4414…); t_0: "1" false, "010" true (3/8 ≤ 2/5),
    // "01101" false (13/32 = 0.406), "011000" true (25/64 = 0.3906).
    spec_geometric_by_hand<2, int>(rational{1, 3}, bits("010" "1" "010"), {3});                // h = 1, b_0 = 1: 7 bits
    spec_geometric_by_hand<2, int>(rational{1, 3}, bits("1" "01101"), {0});                    // 6 bits
    spec_geometric_by_hand<2, int>(rational{1, 3}, bits("01110000" "1" "011000"), {3});        // 15 bits
    spec_geometric_by_hand<2, int>(rational{1, 3}, bits("01111" "00"), {1});                   // h = 0, b_0 = 1: 7 bits
    // refused with std::invalid_argument: NaN, p ≤ 0, p > 1, p·2^w < 45, a denominator above 2^64
    CHECK_THROWS_AS(rollplan::geometric_distribution<int>(std::nan("")), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::geometric_distribution<int>(0.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::geometric_distribution<int>(-0.5), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::geometric_distribution<int>(1.5), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::geometric_distribution<int>(44 * 0x1p-31), std::invalid_argument);
    CHECK_NOTHROW(rollplan::geometric_distribution<int>(45 * 0x1p-31));
    CHECK_THROWS_AS(rollplan::geometric_distribution<std::int8_t>(0.35), std::invalid_argument);  // 0.35·128 = 44.8
    CHECK_NOTHROW(rollplan::geometric_distribution<std::int8_t>(45.0 / 128));
    CHECK_THROWS_AS(rollplan::geometric_distribution<int>(rational{44, count_t{1} << 31}), std::invalid_argument);
    CHECK_NOTHROW(rollplan::geometric_distribution<int>(rational{45, count_t{1} << 31}));
    CHECK_THROWS_AS(rollplan::geometric_distribution<unsigned long long>(rational{two_to_64, two_to_64 + 1}), std::invalid_argument);
    CHECK_NOTHROW(rollplan::geometric_distribution<unsigned long long>(rational{two_to_64 - 1, two_to_64}));
    // p = 1: 0 with no roll, whatever T
    spec_geometric_by_hand<6, int>(1.0, {}, {0, 0, 0});
    spec_geometric_by_hand<2, std::int8_t>(rational{5, 5}, {}, {0});
    // int8_t, p = 1/2: ⌊127/2⌋ = 63 trials true at most; 126 zeros are h = 63, then "1", "1":
    // 126; a 64th true trial ("00") throws std::out_of_range.
    spec_geometric_by_hand<2, std::int8_t>(0.5, bits(std::string(126, '0') + "11"), {126});
    spec_geometric_by_hand<2, std::int8_t>(0.5, bits(std::string(126, '0') + "100"), {127});
    {
        const auto zeros = bits(std::string(128, '0'));
        std::size_t used = 0, spec_used = 0;
        auto source = from_values<coin>([&] { return zeros.at(used++); });
        auto spec_digit = [&] { return zeros.at(spec_used++); };
        spec_die<2, decltype(spec_digit)> spec{spec_digit};
        rollplan::geometric_distribution<std::int8_t> d(0.5);
        spec_geometric p = spec_geometric_of(0.5);
        CHECK_THROWS_AS(d(source), std::out_of_range);
        CHECK_THROWS_AS(spec_geometric_draw<std::int8_t>(spec, p), std::out_of_range);
        CHECK(used == 128);
        CHECK(spec_used == 128);
    }
}

namespace {
// spec.md section 4, "Bounds of e^−x", "bernoulli_exp_distribution(x)" and
// "discrete_laplace_distribution<T>(t)", written from the text alone with exact cpp_int
// arithmetic; the digit stream (spec_u_digits) and the scripted-digit helpers above are
// reused, the exact trial is restated below for bounds given by any function of W.

// "Bounds of e^−x": x = n/(b·2^k) exactly; lo ≤ e^−x·2^W ≤ hi, each precision W computed
// once (a trial asks for the same W at every digit)
struct spec_exp_bounds {
    spec_big n, b;
    unsigned k = 0;
    std::map<unsigned, std::pair<spec_big, spec_big>> cache;

    spec_exp_bounds(spec_big numerator, spec_big divisor, unsigned shift) : n(std::move(numerator)), b(std::move(divisor)), k(shift) {}

    static unsigned bit_length(const spec_big& v) { return v == 0 ? 0u : static_cast<unsigned>(boost::multiprecision::msb(v)) + 1; }

    const std::pair<spec_big, spec_big>& at(unsigned W) {
        if (const auto found = cache.find(W); found != cache.end()) return found->second;
        const spec_big one = spec_big(1) << W;
        const spec_big whole = n / (b << k);  // ⌊x⌋
        std::pair<spec_big, spec_big> bounds;
        if (n == 0) {
            bounds = {one, one};  // x = 0: lo = hi = 2^W
        } else if (whole >= W) {
            bounds = {0, 1};  // ⌊x⌋ ≥ W: lo = 0, hi = 1
        } else {
            const unsigned r = bit_length(whole) + 1;  // y = x/2^r < 1/2
            const unsigned G = r + 24, P = W + G;
            const spec_big y_den = b << (k + r);  // y = n/y_den
            // a_0 = c_0 = 2^P; a_j = ⌊a_(j−1)·n/(b·2^(k+r)·j)⌋, c_j = ⌈…⌉, up to the first
            // odd J with c_J ≤ 1; L = Σ_(even j<J) a_j − Σ_(odd j≤J) c_j (c_J in it),
            // H = Σ_(even j<J) c_j − Σ_(odd j<J) a_j (a_J not in it)
            spec_big a = spec_big(1) << P, c = a, L = a, H = c;
            for (unsigned j = 1;; ++j) {
                const spec_big divisor = y_den * j;
                a = a * n / divisor;
                c = (c * n + divisor - 1) / divisor;
                if (j % 2 == 0) {
                    L += a;
                    H += c;
                } else {
                    L -= c;
                    if (c <= 1) break;  // J = j
                    H -= a;
                }
            }
            if (L < 0 || H < 0) throw std::logic_error("spec_exp_bounds: a negative sum of the series");
            const spec_big p_one = spec_big(1) << P;
            for (unsigned i = 0; i < r; ++i) {  // r times: L = ⌊L²/2^P⌋, H = ⌈H²/2^P⌉
                L = (L * L) >> P;
                H = (H * H + p_one - 1) >> P;
            }
            spec_big hi = (H + (spec_big(1) << G) - 1) >> G;  // ⌈H/2^G⌉, then the min with 2^W
            if (hi > one) hi = one;
            bounds = {L >> G, hi};  // lo = ⌊L/2^G⌋
        }
        return cache.emplace(W, std::move(bounds)).first->second;
    }
};

// "Bounds of e^−x", last sentence: a double x = m·2^e as n = m·2^e, b = 1, k = 0 (e ≥ 0) or
// n = m, b = 1, k = −e; a rational a/b as n = a, b, k = 0, and b = 2^64 as b = 1, k = 64
spec_exp_bounds spec_exp_of(double x) {
    if (x == 0) return {0, 1, 0};
    int e = 0;
    const double f = std::frexp(x, &e);
    std::uint64_t m = static_cast<std::uint64_t>(std::ldexp(f, 53));
    e -= 53;
    while (m % 2 == 0) m /= 2, ++e;  // m odd (the value is the same either way)
    if (e >= 0) return {spec_big(m) << e, 1, 0};
    return {spec_big(m), 1, static_cast<unsigned>(-e)};
}
spec_exp_bounds spec_exp_of(count_t a, count_t b) {
    if (b == two_to_64) return {spec_big(a), 1, 64};
    return {spec_big(a), spec_big(b), 0};
}

// "Exact trials", Step, for bounds(W) → (lo, hi) of x: kind x (t = x) or kind y
// (t = x/(1 + x)), one digit at a time from j = 0, u = 0, D = 1, W = 128
template <class Digits, class Bounds>
bool spec_exact_trial(Digits& digits, Bounds&& bounds, bool kind_y) {
    const spec_big base = digits.base();
    spec_big u = 0, d = 1;
    unsigned W = 128;
    for (;;) {
        const std::pair<spec_big, spec_big> lo_hi = bounds(W);
        const spec_big &lo = lo_hi.first, &hi = lo_hi.second;
        const spec_big two_w = spec_big(1) << W;
        if (!kind_y) {
            if ((u + 1) * two_w <= lo * d) return true;
            if (u * two_w >= hi * d) return false;
        } else {
            if ((u + 1) * (two_w + lo) <= lo * d) return true;
            if (u * (two_w + hi) >= hi * d) return false;
        }
        if (4 * d * (hi - lo) >= two_w) {
            W *= 2;
        } else {
            u = u * base + digits.next();
            d *= base;
        }
    }
}

// bernoulli_exp_distribution(x): x = 0 true with no roll; otherwise one trial of kind x of
// e^−x, its digits a draw's own (made afresh: the bits left at the end are dropped)
template <class G>
bool spec_bernoulli_exp_draw(G& g, spec_exp_bounds& x) {
    if (x.n == 0) return true;
    spec_u_digits<G> digits(g);
    return spec_exact_trial(digits, [&x](unsigned W) { return x.at(W); }, false);
}

// discrete_laplace_distribution<T>(t): 1/t = n/(b·2^k), s, and the bounds of each
// x_i = e^−(2^i/t), i = 0 … s
struct spec_laplace {
    spec_big n, b;
    unsigned k = 0, s = 0;
    std::vector<spec_exp_bounds> x;

    spec_laplace(spec_big numerator, spec_big divisor, unsigned shift) : n(std::move(numerator)), b(std::move(divisor)), k(shift) {
        // s = the least s ≥ 0 with 2^(s+1) ≥ t, t = b·2^k/n
        while ((n << (s + 1)) < (b << k)) ++s;
        // 2^i/t = n/(b·2^(k−i)) for i ≤ k, else n·2^(i−k)/b
        for (unsigned i = 0; i <= s; ++i) {
            if (i <= k)
                x.emplace_back(n, b, k - i);
            else
                x.emplace_back(n << (i - k), b, 0);
        }
    }
};

// t = m·2^e (m odd): n = 2^−e, b = m, k = 0 when e ≤ 0, else n = 1, b = m, k = e
spec_laplace spec_laplace_of(double t) {
    int e = 0;
    const double f = std::frexp(t, &e);
    std::uint64_t m = static_cast<std::uint64_t>(std::ldexp(f, 53));
    e -= 53;
    while (m % 2 == 0) m /= 2, ++e;
    if (e <= 0) return {spec_big(1) << static_cast<unsigned>(-e), spec_big(m), 0};
    return {1, spec_big(m), static_cast<unsigned>(e)};
}
// t = a/b: n = b and the divisor a (a = 2^64: divisor 1, k = 64)
spec_laplace spec_laplace_of(count_t a, count_t b) {
    if (a == two_to_64) return {spec_big(b), 1, 64};
    return {spec_big(b), spec_big(a), 0};
}

// discrete_laplace_distribution<T>(t), Draw: one stream of digits for the whole draw (a retry
// included); the magnitude as geometric_distribution draws it from the x_i, then a trial of
// kind x of 1/2 (lo = hi = 2^(W−1)); false with a magnitude of 0 starts again. On digits
// given, as discrete_gaussian's proposals share its draw's stream.
template <class T, class Digits>
T spec_laplace_on(Digits& digits, spec_laplace& p) {
    const std::uint64_t last = static_cast<std::uint64_t>(std::numeric_limits<T>::max()) >> p.s;  // ⌊max(T)/2^s⌋
    auto x = [&p](unsigned i) { return [&p, i](unsigned W) { return p.x[i].at(W); }; };
    auto half = [](unsigned W) { const spec_big v = spec_big(1) << (W - 1); return std::pair<spec_big, spec_big>{v, v}; };
    for (;;) {
        std::uint64_t h = 0;
        while (spec_exact_trial(digits, x(p.s), false)) {
            if (h == last) throw std::out_of_range("spec: a discrete Laplace magnitude past T's largest");
            ++h;
        }
        std::uint64_t magnitude = h << p.s;
        for (unsigned i = 0; i < p.s; ++i)
            if (spec_exact_trial(digits, x(i), true)) magnitude |= std::uint64_t{1} << i;
        if (spec_exact_trial(digits, half, false)) return static_cast<T>(magnitude);
        if (magnitude != 0) return static_cast<T>(-static_cast<T>(magnitude));
    }
}

// a draw with digits of its own
template <class T, class G>
T spec_laplace_draw(G& g, spec_laplace& p) {
    spec_u_digits<G> digits(g);
    return spec_laplace_on<T>(digits, p);
}

// `draws` values of library(source) and spec(spec_source), two copies of one sequence: ""
// or the first difference
template <class Source, class SpecSource, class Library, class Spec>
std::string spec_exp_difference(Source& source, SpecSource& spec_source, Library& library, Spec& spec, int draws) {
    for (int i = 0; i < draws; ++i) {
        const auto ours = library(source);
        const auto expected = spec(spec_source);
        if (ours != expected)
            return "draw " + std::to_string(i) + ": library " + std::to_string(ours) + ", spec " + std::to_string(expected);
    }
    return "";
}

// an engine and its copy: the values, then the next two outputs of each (the same number of
// calls was made)
template <class Engine, class Library, class Spec>
std::string spec_exp_engine(Library library, Spec spec, int draws, Engine engine) {
    Engine twin = engine;
    std::string difference = spec_exp_difference(engine, twin, library, spec, draws);
    if (difference.empty() && (engine() != twin() || engine() != twin())) difference = "the engines are left at different places";
    return difference;
}

// a die of K faces made with from_values<Die> from digit(x) of an LCG state x, and the same
// digits for the spec: the values, then the number of rolls each read
template <class Die, class Library, class Spec, class Digit>
std::string spec_exp_die(Library library, Spec spec, int draws, std::uint64_t seed, Digit digit) {
    std::uint64_t x = seed, y = seed;
    std::size_t used = 0, spec_used = 0;
    auto source = from_values<Die>([&] { return ++used, digit(x); });
    auto spec_digit = [&] { return ++spec_used, digit(y); };
    spec_die<Die::faces, decltype(spec_digit)> spec_source{spec_digit};
    std::string difference = spec_exp_difference(source, spec_source, library, spec, draws);
    if (difference.empty() && used != spec_used)
        difference = "the library read " + std::to_string(used) + " rolls, the spec " + std::to_string(spec_used);
    return difference;
}

// every source against the spec: the failures, named. library and spec are generic callables
// drawing one value from a source; `few` draws on the sources whose digits are rolls (slower).
template <class Library, class Spec>
std::vector<std::string> spec_exp_sources(Library library, Spec spec, int draws, int few, std::uint64_t seed) {
    std::vector<std::pair<std::string, std::string>> results;
    const auto seed32 = static_cast<std::uint32_t>(seed);
    results.emplace_back("mt19937_64", spec_exp_engine(library, spec, draws, std::mt19937_64{seed}));
    results.emplace_back("splitmix64", spec_exp_engine(library, spec, draws, rollplan::splitmix64{seed}));
    results.emplace_back("mt19937", spec_exp_engine(library, spec, draws, std::mt19937{seed32}));
    // K = 2^31 − 2, not a power of two: the digits are the rolls, B = K
    results.emplace_back("minstd_rand", spec_exp_engine(library, spec, few, std::minstd_rand{seed32 + 1}));
    results.emplace_back("coin", spec_exp_die<coin>(library, spec, draws, seed, [](std::uint64_t& x) { return spec_lcg(x) >> 63; }));
    results.emplace_back("d6", spec_exp_die<d6>(library, spec, few, seed, [](std::uint64_t& x) { return (spec_lcg(x) >> 33) % 6; }));
    // B = 5, odd: the sign trial of 1/2 is undecided on the middle roll 2 and reads another
    results.emplace_back("d5", spec_exp_die<die<5>>(library, spec, few, seed, [](std::uint64_t& x) { return (spec_lcg(x) >> 33) % 5; }));
    // 3 bits a roll: bits carried from trial to trial within a draw and dropped at its end
    results.emplace_back("d8", spec_exp_die<d8>(library, spec, draws, seed, [](std::uint64_t& x) { return spec_lcg(x) >> 61; }));
    std::vector<std::string> failures;
    for (const auto& [name, difference] : results)
        if (!difference.empty()) failures.push_back(name + ": " + difference);
    return failures;
}

// a source of K faces giving the digits listed and then those of an LCG, for the library and
// the spec: `draws` values of each, the digits each read, and (past) that they went past the list
template <count_t K, class Library, class Spec>
std::string spec_exp_scripted(Library library, Spec spec, const std::vector<std::uint64_t>& digits, int draws, bool past) {
    std::uint64_t x = 99, y = 99;
    std::size_t used = 0, spec_used = 0;
    auto next = [&digits](std::uint64_t& state, std::size_t& count) {
        const std::size_t i = count++;
        if (i < digits.size()) return digits[i];
        const std::uint64_t v = spec_lcg(state);
        return K == two_to_64 ? v : (v >> 11) % static_cast<std::uint64_t>(K);
    };
    auto source = from_values<die<K>>([&] { return next(x, used); });
    auto spec_digit = [&] { return next(y, spec_used); };
    spec_die<K, decltype(spec_digit)> spec_source{spec_digit};
    std::string difference = spec_exp_difference(source, spec_source, library, spec, draws);
    if (difference.empty() && used != spec_used)
        difference = "the library read " + std::to_string(used) + " digits, the spec " + std::to_string(spec_used);
    if (difference.empty() && past && used <= digits.size()) difference = "the test did not read past its scripted digits";
    return difference;
}

// U's digits next to a threshold num/den (after the digits of prefix): "along", U's first
// ~300 bits those of the threshold, so that the trial goes on to W = 256 and 512; then
// n-digit numbers just below, at and above it, for n near where the spec doubles W at 128
// and 256 (the least j with 4·B^j·(hi − lo) ≥ 2^W) and next to the bounds there, where the
// choice between reading a digit and doubling W, and which bound each test uses, decide
// how many digits a trial reads. bounds: anything whose at(W) gives lo and hi of e^−x
// (spec_exp_bounds, or spec_exp_ratio for x = n/d)
template <count_t K, class Library, class Spec, class Bounds>
std::vector<std::string> spec_exp_near(const std::string& name, Library library, Spec spec, Bounds& bounds, bool kind_y,
                                       const std::string& prefix, bool probes) {
    std::vector<std::string> failures;
    constexpr unsigned W = 4096;
    const spec_big two_w = spec_big(1) << W, fine = bounds.at(W).first;  // e^−x to ~4000 bits
    const spec_big num = fine, den = kind_y ? two_w + fine : two_w;
    const std::uint64_t base = (K & (K - 1)) == 0 ? 2 : static_cast<std::uint64_t>(K);
    std::size_t n = 0;
    for (spec_big reach = 1; reach < (spec_big(1) << 300); reach *= base) ++n;
    auto run = [&](const std::string& what, const std::vector<std::uint64_t>& digits, int count, bool past) {
        const std::string difference = spec_exp_scripted<K>(library, spec, digits, count, past);
        if (!difference.empty()) failures.push_back(name + what + ": " + difference);
    };
    auto probe = [&](const std::string& what, std::size_t j, const spec_big& p_num, const spec_big& p_den) {
        for (const int delta : {-1, 0, 1})
            run(what + ", " + std::to_string(j) + " digits, " + std::to_string(delta), spec_near<K>(prefix, p_num, p_den, j, delta), 1, false);
    };
    run(", along", spec_near<K>(prefix, num, den, n, 0), 4, true);
    if (!probes) return failures;
    for (const unsigned precision : {128u, 256u}) {
        const auto [lo, hi] = bounds.at(precision);
        if (hi == lo) continue;
        const spec_big one = spec_big(1) << precision;
        std::size_t first = 0;
        for (spec_big d = 1; 4 * d * (hi - lo) < one; d *= base) ++first;
        for (std::size_t j = first > 3 ? first - 3 : 1; j <= std::min(first + 1, n); ++j) {
            probe("", j, num, den);
            probe(" lo at " + std::to_string(precision), j, lo, kind_y ? one + lo : one);
            probe(" hi at " + std::to_string(precision), j, hi, kind_y ? one + hi : one);
        }
    }
    return failures;
}

void spec_exp_report(const std::vector<std::string>& failures) {
    for (const auto& failure : failures) FAIL_CHECK(failure);
    REQUIRE(failures.empty());
}

// a library distribution d and the spec's draw on the scripted digits of a die of K faces: the
// values expected, and every digit read, no more
template <count_t K, class T, class D, class SpecDraw>
void spec_given_digits(const D& d, SpecDraw spec_draw, const std::vector<std::uint64_t>& digits, const std::vector<T>& expected) {
    std::size_t used = 0, spec_used = 0;
    auto source = from_values<die<K>>([&] { return digits.at(used++); });
    auto spec_digit = [&] { return digits.at(spec_used++); };
    spec_die<K, decltype(spec_digit)> spec{spec_digit};
    std::vector<T> ours, theirs;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        ours.push_back(d(source));
        theirs.push_back(spec_draw(spec));
    }
    CHECK(theirs == expected);
    CHECK(ours == expected);
    CHECK(spec_used == digits.size());
    CHECK(used == digits.size());
}

// the library's and the spec's bernoulli_exp on the scripted digits of a die of K faces: the
// values expected, and every digit read, no more
template <count_t K, class X>
void spec_bernoulli_exp_by_hand(X library_x, spec_exp_bounds x, const std::vector<std::uint64_t>& digits, const std::vector<bool>& expected) {
    spec_given_digits<K, bool>(rollplan::bernoulli_exp_distribution(library_x), [&x](auto& spec) { return spec_bernoulli_exp_draw(spec, x); },
                               digits, expected);
}

template <count_t K, class T, class P>
void spec_laplace_by_hand(P library_t, spec_laplace t, const std::vector<std::uint64_t>& digits, const std::vector<T>& expected) {
    spec_given_digits<K, T>(rollplan::discrete_laplace_distribution<T>(library_t), [&t](auto& spec) { return spec_laplace_draw<T>(spec, t); },
                            digits, expected);
}
}  // namespace

TEST_CASE("bernoulli_exp_distribution follows the spec", "[golden][bernoulli_exp]") {
    std::uint64_t seed = 101;
    auto check = [&seed](auto library_x, spec_exp_bounds x) {
        rollplan::bernoulli_exp_distribution d(library_x);
        auto library = [d](auto& source) mutable { return d(source); };
        auto spec = [x](auto& source) mutable { return spec_bernoulli_exp_draw(source, x); };
        spec_exp_report(spec_exp_sources(library, spec, 150, 150, seed++));
    };
    // 0.6931471805599453 ≈ ln 2 (a threshold next to 1/2); 40: W = 128 still computes the series
    // (r = 7); 200 ≥ W = 128: bounds 0/1 until W = 256; 1e-300: hi = 2^W, lo = 2^W − 1
    for (const double x : {1.0, 0.5, 0.6931471805599453, 2.75, 40.0, 200.0, 1e-300, 0.0}) {
        INFO("x = " << spec_hex(x));
        check(x, spec_exp_of(x));
    }
    for (const auto& [a, b] : {std::pair<count_t, count_t>{1, 3}, {7, two_to_64}, {11, 4}, {0, 1}, {3, (count_t{1} << 64) - 1}}) {
        INFO("rational{" << static_cast<std::uint64_t>(a) << ", " << (b == two_to_64 ? std::string("2^64") : std::to_string(static_cast<std::uint64_t>(b))) << "}");
        check(rational{a, b}, spec_exp_of(a, b));
    }
}

TEST_CASE("bernoulli_exp_distribution follows the spec on digits along e^-x", "[golden][bernoulli_exp]") {
    auto all = [](auto library_x, spec_exp_bounds x, bool probes) {
        rollplan::bernoulli_exp_distribution d(library_x);
        auto library = [d](auto& source) mutable { return d(source); };
        auto spec = [x](auto& source) mutable { return spec_bernoulli_exp_draw(source, x); };
        std::vector<std::string> failures;
        for (auto part : {spec_exp_near<2>("coin", library, spec, x, false, "", probes),
                          spec_exp_near<6>("d6", library, spec, x, false, "", probes),
                          spec_exp_near<8>("d8", library, spec, x, false, "", false),
                          spec_exp_near<two_to_64>("2^64", library, spec, x, false, "", probes)})
            failures.insert(failures.end(), part.begin(), part.end());
        return failures;
    };
    // (fewer x than the draws above: each costs seconds under the sanitizers and qemu)
    for (const double x : {1.0, 0.6931471805599453, 200.0, 1e-300}) {
        INFO("x = " << spec_hex(x));
        spec_exp_report(all(x, spec_exp_of(x), true));
    }
    {
        INFO("rational{1, 3}");
        spec_exp_report(all(rational{1, 3}, spec_exp_of(1, 3), true));
    }
    {
        INFO("rational{7, 2^64}");
        spec_exp_report(all(rational{7, two_to_64}, spec_exp_of(7, two_to_64), true));
    }
}

TEST_CASE("bernoulli_exp_distribution on given digits: values computed by hand from the spec", "[golden][bernoulli_exp]") {
    auto bits = [](const std::string& text) { return spec_digits_of_bits(text, 1); };
    // x = 1: e^−1 = 0.36787944… = 0.0101111000101101…b. The bounds at W = 128 are within a few
    // units of e^−1·2^128 (W doubles only past ~120 digits), so on bits the trial stops at the
    // first bit where U and e^−1 differ: U's 0 against e^−1's 1 makes (u + 1)/D ≤ e^−1 (true),
    // U's 1 against a 0 makes u/D > e^−1 (false); while they agree, u/D < e^−1 < (u + 1)/D.
    spec_bernoulli_exp_by_hand<2>(1.0, spec_exp_of(1.0), bits("1"), {false});            // U ≥ 1/2
    spec_bernoulli_exp_by_hand<2>(1.0, spec_exp_of(1.0), bits("00"), {true});            // U < 1/4
    spec_bernoulli_exp_by_hand<2>(1.0, spec_exp_of(1.0), bits("0100"), {true});          // bit 4: 0 against 1
    spec_bernoulli_exp_by_hand<2>(1.0, spec_exp_of(1.0), bits("0101111001"), {false});   // bit 10: 1 against 0
    spec_bernoulli_exp_by_hand<2>(1.0, spec_exp_of(1.0), bits("0101111000100"), {true}); // bit 13: 0 against 1
    spec_bernoulli_exp_by_hand<2>(1.0, spec_exp_of(1.0), bits("1" "00" "0100"), {false, true, true});
    spec_bernoulli_exp_by_hand<2>(rational{1, 1}, spec_exp_of(1, 1), bits("0101111001"), {false});
    // A d4 (2 bits a roll): rolls 2 ("10"), 2 ("10"): draw 1 "1" false, its "0" dropped; draw 2
    // "1" false. Had the 0 been kept, draw 2 would read "01", "010" and need a third roll.
    spec_bernoulli_exp_by_hand<4>(1.0, spec_exp_of(1.0), {2, 2}, {false, false});
    // A 64-bit word: its top bits are U's first ones; the 54 bits after the 10 that decide are dropped.
    spec_bernoulli_exp_by_hand<two_to_64>(1.0, spec_exp_of(1.0), {std::uint64_t{0b0101111001} << 54, std::uint64_t{1} << 63, 0},
                                          {false, false, true});
    // A d6 (digits are rolls, B = 6): 6·e^−1 = 2.207: rolls 0, 1 true ((u + 1)/6 ≤ 1/3 < e^−1),
    // 3, 4, 5 false (u/6 ≥ 1/2), 2 undecided; then 36·e^−1 = 13.24 with u = 12 + d: d = 0 true
    // (13/36), d ≥ 2 false (14/36 ≥ e^−1), d = 1 undecided; then 216·e^−1 = 79.46 with
    // u = 78 + d: d = 0 true, d = 1 undecided, d ≥ 2 false.
    spec_bernoulli_exp_by_hand<6>(1.0, spec_exp_of(1.0), {0}, {true});
    spec_bernoulli_exp_by_hand<6>(1.0, spec_exp_of(1.0), {3}, {false});
    spec_bernoulli_exp_by_hand<6>(1.0, spec_exp_of(1.0), {2, 0, 2, 2, 2, 1, 2, 2, 1, 0, 1}, {true, false, false, true, true});
    // x = 0: true, with no roll
    spec_bernoulli_exp_by_hand<2>(0.0, spec_exp_of(0.0), {}, {true, true});
    spec_bernoulli_exp_by_hand<2>(rational{0, 5}, spec_exp_of(0, 5), {}, {true});
    // x = 200: 200·log2(e) = 288.54, so 2^−289 < e^−200 < 2^−288, and e^−200 = 0.0…0101100…b
    // with its first 1 at bit 289 (bits 289 … 292: 1, 0, 1, 1). At W = 128, ⌊x⌋ ≥ W: lo = 0,
    // hi = 1 — never true, false at the first 1 (u ≥ 1 ≥ D/2^128); zeros leave it undecided until
    // D = 2^126, where 4·D·(hi − lo) = 2^128: W = 256. There e^−200·2^256 ≈ 2^−32.5: lo = 0,
    // hi = 1 again, W = 512 at D = 2^254; at 512, e^−200·2^512 ≈ 2^223.46 with bounds a few
    // units apart. Then 289 zeros: 2^512 ≤ lo·2^289 (lo ≥ 2^223): true (288 zeros: lo ≥ 2^224
    // fails). 287 zeros and a 1: u = 1, D = 2^288, 2^512 ≥ hi·2^288 (hi ≤ 2^224): false. 288
    // zeros, "1", "1": U and e^−200 differ at bit 290 (U's 1): false; 288 zeros, "1", "0", "0":
    // at bit 291 (U's 0): true. And a 1 among the first 254 bits: false there.
    const std::string zeros_287(287, '0');
    spec_bernoulli_exp_by_hand<2>(200.0, spec_exp_of(200.0), bits(zeros_287 + "00"), {true});
    spec_bernoulli_exp_by_hand<2>(200.0, spec_exp_of(200.0), bits(zeros_287 + "1"), {false});
    spec_bernoulli_exp_by_hand<2>(200.0, spec_exp_of(200.0), bits(zeros_287 + "011"), {false});
    spec_bernoulli_exp_by_hand<2>(200.0, spec_exp_of(200.0), bits(zeros_287 + "0100"), {true});
    spec_bernoulli_exp_by_hand<2>(200.0, spec_exp_of(200.0), bits("1" + std::string(200, '0') + "1"), {false, false});
    // the same on 64-bit words: 4 words of zeros (256 bits) and a fifth word whose top bits are
    // 31 zeros (bits 257 … 287) and a 1 (bit 288): false, 5 words
    spec_bernoulli_exp_by_hand<two_to_64>(200.0, spec_exp_of(200.0), {0, 0, 0, 0, std::uint64_t{1} << 32}, {false});
    // x = 2^100 (a rational): ⌊x⌋ ≥ W at every W reached here, lo = 0, hi = 1: false at the first 1
    spec_bernoulli_exp_by_hand<2>(rational{count_t{1} << 100, 1}, spec_exp_of(count_t{1} << 100, 1), bits(std::string(130, '0') + "1"), {false});
    // refused with std::invalid_argument: NaN, x < 0, ±infinity, a denominator above 2^64
    CHECK_THROWS_AS(rollplan::bernoulli_exp_distribution(std::nan("")), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::bernoulli_exp_distribution(-0.5), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::bernoulli_exp_distribution(HUGE_VAL), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::bernoulli_exp_distribution(-HUGE_VAL), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::bernoulli_exp_distribution(rational{1, two_to_64 + 1}), std::invalid_argument);
    CHECK_NOTHROW(rollplan::bernoulli_exp_distribution(rational{1, two_to_64}));
    CHECK_NOTHROW(rollplan::bernoulli_exp_distribution(DBL_MAX));
}

TEST_CASE("discrete_laplace_distribution follows the spec", "[golden][discrete_laplace]") {
    std::uint64_t seed = 201;
    auto check = [&seed](auto type_tag, auto library_t, spec_laplace t) {
        using T = typename decltype(type_tag)::type;
        rollplan::discrete_laplace_distribution<T> d(library_t);
        auto library = [d](auto& source) mutable { return d(source); };
        auto spec = [t](auto& source) mutable { return spec_laplace_draw<T>(source, t); };
        spec_exp_report(spec_exp_sources(library, spec, 120, 120, seed++));
    };
    // s = 0 for t ≤ 2 (t = 0.25: x_0 = e^−4; t = 1: e^−1), 1 for 5/2 and 3, 3 for 10.5, 9 for
    // 1000, 19 for 10^6
    for (const double t : {1.0, 0.25, 2.5, 3.0, 10.5, 1000.0}) {
        INFO("t = " << spec_hex(t));
        check(std::type_identity<long long>{}, t, spec_laplace_of(t));
        check(std::type_identity<int>{}, t, spec_laplace_of(t));
    }
    {
        INFO("t = 1e6");
        check(std::type_identity<long long>{}, 1e6, spec_laplace_of(1e6));
    }
    for (const auto& [a, b] : {std::pair<count_t, count_t>{5, 2}, {1, 3}, {two_to_64, two_to_64 - 1}, {1000, 7}}) {
        INFO("rational{" << static_cast<std::uint64_t>(a) << ", " << static_cast<std::uint64_t>(b) << "}");
        check(std::type_identity<long long>{}, rational{a, b}, spec_laplace_of(a, b));
        check(std::type_identity<int>{}, rational{a, b}, spec_laplace_of(a, b));
    }
}

TEST_CASE("discrete_laplace_distribution follows the spec on digits along its thresholds", "[golden][discrete_laplace]") {
    // along x_s (the first trial, kind x) and, after a prefix that makes it false, along
    // t_0 = x_0/(1 + x_0) (kind y of x_0); x_s = e^−(2^s/t) with 2^s/t in [1/2, 1): "1" is
    // false when x_s ≤ 1/2, else "11" (x_s ≤ e^−1/2 < 3/4)
    auto all = [](auto type_tag, auto library_t, spec_laplace t) {
        using T = typename decltype(type_tag)::type;
        rollplan::discrete_laplace_distribution<T> d(library_t);
        auto library = [d](auto& source) mutable { return d(source); };
        auto spec = [t](auto& source) mutable { return spec_laplace_draw<T>(source, t); };
        std::vector<std::string> failures;
        auto add = [&failures](std::vector<std::string> part) { failures.insert(failures.end(), part.begin(), part.end()); };
        auto near = [&](const std::string& name, spec_exp_bounds& x, bool kind_y, const std::string& prefix) {
            add(spec_exp_near<2>("coin, " + name, library, spec, x, kind_y, prefix, true));
            add(spec_exp_near<6>("d6, " + name, library, spec, x, kind_y, prefix, true));
            add(spec_exp_near<8>("d8, " + name, library, spec, x, kind_y, prefix, false));
            add(spec_exp_near<two_to_64>("2^64, " + name, library, spec, x, kind_y, prefix, true));
        };
        near("x_s", t.x[t.s], false, "");
        if (t.s > 0) near("t_0", t.x[0], true, t.x[t.s].at(128).second <= (spec_big(1) << 127) ? "1" : "11");
        return failures;
    };
    {
        INFO("t = 1");
        spec_exp_report(all(std::type_identity<int>{}, 1.0, spec_laplace_of(1.0)));
    }
    {
        INFO("rational{5, 2}");
        spec_exp_report(all(std::type_identity<long long>{}, rational{5, 2}, spec_laplace_of(5, 2)));
    }
}

TEST_CASE("discrete_laplace_distribution on given digits: values computed by hand from the spec", "[golden][discrete_laplace]") {
    auto bits = [](const std::string& text) { return spec_digits_of_bits(text, 1); };
    // t = 1 = 1·2^0: 1/t = 1/1 (n = 1, b = 1, k = 0); s = 0 (2^1 ≥ 1), x_0 = e^−1 =
    // 0.0101111000101101…b. The magnitude is h, the number of true trials of kind x of e^−1
    // before a false one (no b_i when s = 0); on bits each trial stops where U and e^−1 first
    // differ ("1" false, "00" true, "0100" true, "0101111001" false). The sign trial of 1/2 is
    // the next bit: 0 keeps the magnitude, 1 negates it, or with magnitude 0 starts again.
    spec_laplace_by_hand<2, int>(1.0, spec_laplace_of(1.0), bits("1" "0"), {0});                    // h = 0, +
    spec_laplace_by_hand<2, int>(1.0, spec_laplace_of(1.0), bits("00" "1" "0"), {1});               // h = 1, +
    spec_laplace_by_hand<2, int>(1.0, spec_laplace_of(1.0), bits("00" "0100" "1" "1"), {-2});       // h = 2, −
    spec_laplace_by_hand<2, int>(1.0, spec_laplace_of(1.0), bits("1" "1" "1" "0"), {0});            // −0: again; 0, +
    spec_laplace_by_hand<2, int>(1.0, spec_laplace_of(1.0), bits("1" "1" "00" "1" "1"), {-1});      // −0: again; h = 1, −
    spec_laplace_by_hand<2, long long>(rational{1, 1}, spec_laplace_of(1, 1), bits("1" "0" "00" "1" "0" "00" "0100" "1" "1"), {0, 1, -2});
    // A d6 with t = 1 (B = 6): e^−1's trial: rolls 0, 1 true, 3 … 5 false, 2 then 0 true; the
    // sign: (u + 1)·2 ≤ 6 for rolls 0 … 2 (+), 2u ≥ 6 for 3 … 5 (−).
    // {0, 4, 5}: h = 1, −1. {3, 1}: 0. {5, 5, 2, 0, 3, 2}: magnitude 0, sign −: again; 2 then 0
    // true, 3 false: h = 1; sign 2: +1.
    spec_laplace_by_hand<6, int>(1.0, spec_laplace_of(1.0), {0, 4, 5, 3, 1, 5, 5, 2, 0, 3, 2}, {-1, 0, 1});
    // A d4 (2 bits a roll) with t = 1: bits are carried within the draw, across the retry too.
    // Roll 3 ("11"): "1" false (magnitude 0), "1" sign −: again; roll 0 ("00") true, h = 1; roll
    // 2 ("10"): "1" false, its "0" the sign: +1. 3 rolls.
    spec_laplace_by_hand<4, int>(1.0, spec_laplace_of(1.0), {3, 0, 2}, {1});
    // A d8 (3 bits) with t = 1: draw 1, roll 4 ("100"): "1" false, "0" +: 0, the last "0"
    // dropped. Draw 2, roll 6 ("110"): "1" false, "1" −: again from its "0"; roll 1 ("001"):
    // "0" "0" true (h = 1), then "0" "1" undecided; roll 0 ("000"): "010", "0100" true (h = 2),
    // then its last "0" and roll 7 ("111"): "0" "1" "1" = 3/8 > e^−1 false: h = 2; the last
    // "1" −: −2. (Had draw 1's last "0" been kept, draw 2 would read "0", "1", "1" = "011"
    // false, and "0" +: 0, with 2 rolls.)
    spec_laplace_by_hand<8, int>(1.0, spec_laplace_of(1.0), {4, 6, 1, 0, 7}, {0, -2});
    // t = 5/2 (rational{5, 2}, and the double 2.5 = 5·2^−1: n = 2, b = 5, k = 0): 1/t = 2/5;
    // s = 1 (2^1 < 5/2 ≤ 2^2); x_1 = e^−4/5 = 0.449329 = 0.0111001100000111…b (kind x),
    // x_0 = e^−2/5 = 0.670320, t_0 = x_0/(1 + x_0) = 0.401312 = 0.0110011010111100…b (kind y);
    // magnitude 2h + b_0.
    // "1" (x_1 false, h = 0), "1" (t_0: U ≥ 1/2, b_0 = 0), "0" (+): 0.
    // "00" (x_1 true), "1" (x_1 false): h = 1; "010" (t_0: bit 3, U's 0 against 1: b_0 = 1):
    // magnitude 3; "1" (−): −3.
    // "01111" (x_1: bit 5, U's 1 against 0: false), "0111" (t_0: bit 4, U's 1 against 0: false):
    // magnitude 0; "1": again; "1" (x_1 false), "00" (t_0 < 1/4: true): 1; "0": +1.
    spec_laplace_by_hand<2, int>(rational{5, 2}, spec_laplace_of(5, 2), bits("1" "1" "0"), {0});
    spec_laplace_by_hand<2, int>(rational{5, 2}, spec_laplace_of(5, 2), bits("00" "1" "010" "1"), {-3});
    spec_laplace_by_hand<2, long long>(2.5, spec_laplace_of(2.5), bits("01111" "0111" "1" "1" "00" "0"), {1});
    // int with t = 1: ⌊max(int)/2^0⌋ = 2^31 − 1 true trials at most — too many to script; with
    // t = 2^25 (s = 24, x_s = e^−1/2 = 0.6065 = 0.10011011…b) ⌊(2^31 − 1)/2^24⌋ = 127:
    // x_s > 1/2, so one bit "0" decides a trial true ((0 + 1)·2^W ≤ lo·2): 127 zeros give
    // h = 127, and a 128th true trial throws std::out_of_range, 128 bits in all.
    {
        const auto script = bits(std::string(128, '0'));
        std::size_t used = 0, spec_used = 0;
        auto source = from_values<coin>([&] { return script.at(used++); });
        auto spec_digit = [&] { return script.at(spec_used++); };
        spec_die<2, decltype(spec_digit)> spec{spec_digit};
        rollplan::discrete_laplace_distribution<int> d(0x1p25);
        spec_laplace t = spec_laplace_of(0x1p25);
        CHECK(t.s == 24);
        CHECK_THROWS_AS(d(source), std::out_of_range);
        CHECK_THROWS_AS(spec_laplace_draw<int>(spec, t), std::out_of_range);
        CHECK(used == 128);
        CHECK(spec_used == 128);
    }
    // refused with std::invalid_argument: NaN, t ≤ 0, ±infinity, 2^w/t < 45, a numerator or
    // denominator above 2^64. int: 2^31/t ≥ 45 is t ≤ 2^31/45.
    CHECK_THROWS_AS(rollplan::discrete_laplace_distribution<int>(std::nan("")), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_laplace_distribution<int>(0.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_laplace_distribution<int>(-1.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_laplace_distribution<int>(HUGE_VAL), std::invalid_argument);
    CHECK_NOTHROW(rollplan::discrete_laplace_distribution<int>(rational{count_t{1} << 31, 45}));
    CHECK_THROWS_AS(rollplan::discrete_laplace_distribution<int>(rational{(count_t{1} << 31) + 1, 45}), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_laplace_distribution<int>(0x1p31 / 44), std::invalid_argument);
    CHECK_NOTHROW(rollplan::discrete_laplace_distribution<long long>(0x1p31 / 44));
    CHECK_THROWS_AS(rollplan::discrete_laplace_distribution<long long>(rational{two_to_64 + 1, count_t{1} << 20}), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_laplace_distribution<long long>(rational{1, two_to_64 + 1}), std::invalid_argument);
    CHECK_NOTHROW(rollplan::discrete_laplace_distribution<long long>(rational{1, two_to_64}));
    CHECK_NOTHROW(rollplan::discrete_laplace_distribution<long long>(rational{two_to_64, two_to_64 - 1}));
}

namespace {
// spec.md section 4, "Bounds of e^−x" for x = n/d of any size and
// "discrete_gaussian_distribution<T>(sigma2)", written from the text alone with exact cpp_int
// arithmetic on top of the Laplace oracle above (its Draw on a shared stream of digits).

// "For x = n/d with integers n ≥ 0 and d ≥ 1 of any size": v = ⌊n·2^W/d⌋, lo and hi the
// bounds of e^−(v/2^W) (n = v, b = 1, k = W) at the same W, then lo one less when n·2^W is not
// v·d and lo ≥ 1
struct spec_exp_ratio {
    spec_big n, d;
    std::map<unsigned, std::pair<spec_big, spec_big>> cache;

    const std::pair<spec_big, spec_big>& at(unsigned W) {
        if (const auto found = cache.find(W); found != cache.end()) return found->second;
        const spec_big scaled = n << W, v = scaled / d;
        std::pair<spec_big, spec_big> bounds = spec_exp_bounds(v, 1, W).at(W);
        if (scaled != v * d && bounds.first >= 1) bounds.first -= 1;
        return cache.emplace(W, std::move(bounds)).first->second;
    }
};

// σ² = a/b, t = one more than the largest integer whose square is at most σ² (⌊√⌊σ²⌋⌋ + 1),
// the proposal discrete_laplace_distribution<T>(t) (1/t: n = 1, divisor t, k = 0), and
// the acceptance's x for each |y| met, its bounds kept (the sanitizer builds are slow)
struct spec_gaussian {
    spec_big a, b, t;
    spec_laplace proposal;
    std::map<spec_big, spec_exp_ratio> accept;

    spec_gaussian(spec_big numerator, spec_big denominator)
        : a(std::move(numerator)), b(std::move(denominator)), t(boost::multiprecision::sqrt(spec_big(a / b)) + 1), proposal(1, t, 0) {}

    // x = (|y|·b·t − a)²/(2·a·b·t²) as n/d
    spec_exp_ratio& acceptance(const spec_big& magnitude) {
        if (const auto found = accept.find(magnitude); found != accept.end()) return found->second;
        const spec_big root = magnitude * b * t - a;
        return accept.emplace(magnitude, spec_exp_ratio{root * root, 2 * a * b * t * t, {}}).first->second;
    }
};

// a double m·2^e: a = m·2^e, b = 1 for e ≥ 0, else a = m, b = 2^−e (m left even when it is:
// the spec says any a/b of σ²'s value gives the same x)
spec_gaussian spec_gaussian_of(double sigma2) {
    int e = 0;
    const double f = std::frexp(sigma2, &e);
    const auto m = static_cast<std::uint64_t>(std::ldexp(f, 53));
    e -= 53;
    if (e >= 0) return {spec_big(m) << e, 1};
    return {spec_big(m), spec_big(1) << static_cast<unsigned>(-e)};
}
spec_gaussian spec_gaussian_of(count_t a, count_t b) { return {spec_big(a), spec_big(b)}; }

// discrete_gaussian_distribution<T>(sigma2), Draw: one stream of digits throughout; y a
// discrete Laplace value of scale t on it; x = 0 keeps y with no digit read, otherwise a trial
// of kind x of e^−x keeps y or starts again from a new y on the same stream
template <class T, class G>
T spec_gaussian_draw(G& g, spec_gaussian& p) {
    spec_u_digits<G> digits(g);
    for (;;) {
        const T y = spec_laplace_on<T>(digits, p.proposal);
        spec_exp_ratio& x = p.acceptance(abs(spec_big(y)));
        if (x.n == 0) return y;
        if (spec_exact_trial(digits, [&x](unsigned W) { return x.at(W); }, false)) return y;
    }
}

// the library's and the spec's discrete Gaussian on the scripted digits of a die of K faces:
// the values expected, and every digit read, no more
template <count_t K, class T, class P>
void spec_gaussian_by_hand(P library_sigma2, spec_gaussian sigma2, const std::vector<std::uint64_t>& digits,
                           const std::vector<T>& expected) {
    spec_given_digits<K, T>(rollplan::discrete_gaussian_distribution<T>(library_sigma2),
                            [&sigma2](auto& spec) { return spec_gaussian_draw<T>(spec, sigma2); }, digits, expected);
}
}  // namespace

TEST_CASE("discrete_gaussian_distribution follows the spec", "[golden][discrete_gaussian]") {
    std::uint64_t seed = 301;
    auto check = [&seed](auto type_tag, auto library_sigma2, spec_gaussian sigma2) {
        using T = typename decltype(type_tag)::type;
        std::string name;
        if constexpr (std::is_same_v<decltype(library_sigma2), double>)
            name = spec_hex(library_sigma2);
        else
            name = "rational{" + spec_big(library_sigma2.numerator()).str() + ", " + spec_big(library_sigma2.denominator()).str() + "}";
        INFO("sigma2 = " << name << ", T of " << std::numeric_limits<T>::digits << " bits");
        rollplan::discrete_gaussian_distribution<T> d(library_sigma2);
        auto library = [d](auto& source) { return d(source); };
        auto spec = [sigma2](auto& source) mutable { return spec_gaussian_draw<T>(source, sigma2); };
        spec_exp_report(spec_exp_sources(library, spec, 100, 30, seed++));
    };
    auto both = [&check](auto library_sigma2, const spec_gaussian& sigma2) {
        check(std::type_identity<long long>{}, library_sigma2, sigma2);
        check(std::type_identity<int>{}, library_sigma2, sigma2);
    };
    using ll = std::type_identity<long long>;
    using i = std::type_identity<int>;
    // doubles. t = 2 for σ² = 2 (|y| = σ²/t = 1: x = 0) and 1; t = 1 for 0.7 and 1e-300 (then
    // every y ≠ 0 has x ≈ y²/(2σ²), ⌊x⌋ ≥ W: every value 0); t = 4 for 10 (s = 1: magnitudes
    // with a bit b_0), 1001 for 10^6 (s = 9)
    both(2.0, spec_gaussian_of(2.0));
    check(ll{}, 0.7, spec_gaussian_of(0.7));
    check(i{}, 1.0, spec_gaussian_of(1.0));
    check(ll{}, 10.0, spec_gaussian_of(10.0));
    check(ll{}, 1e6, spec_gaussian_of(1e6));
    check(i{}, 1e-300, spec_gaussian_of(1e-300));
    // rationals. 9/2: t = 3, σ²/t = 3/2 (x never 0); 12/2, kept as 6/1 by rational and given to
    // the spec as 12/2 (any a/b of σ²'s value): t = 3, |y| = 2 gives x = 0; 7/10; 2^64/(2^64 − 1):
    // t = 2, the d of x past 2^128; 1/2^64: t = 1
    both(rational{9, 2}, spec_gaussian_of(9, 2));
    check(i{}, rational{12, 2}, spec_gaussian_of(12, 2));
    check(ll{}, rational{7, 10}, spec_gaussian_of(7, 10));
    check(ll{}, rational{two_to_64, two_to_64 - 1}, spec_gaussian_of(two_to_64, two_to_64 - 1));
    check(i{}, rational{1, two_to_64}, spec_gaussian_of(1, two_to_64));
}

TEST_CASE("discrete_gaussian_distribution follows the spec on digits along its thresholds", "[golden][discrete_gaussian]") {
    // the acceptance trial (kind x of e^−x, its bounds those of x = n/d) along e^−x, after a
    // prefix of bits that makes the proposal y (checked on the Laplace oracle: every bit read)
    auto all = [](auto type_tag, auto library_sigma2, spec_gaussian sigma2, const std::string& prefix, long long y, bool probes) {
        using T = typename decltype(type_tag)::type;
        const auto script = spec_digits_of_bits(prefix, 1);
        std::size_t used = 0;
        auto digit = [&] { return script.at(used++); };
        spec_die<2, decltype(digit)> coin_source{digit};
        CHECK(spec_laplace_draw<T>(coin_source, sigma2.proposal) == y);
        CHECK(used == script.size());
        rollplan::discrete_gaussian_distribution<T> d(library_sigma2);
        auto library = [d](auto& source) { return d(source); };
        auto spec = [sigma2](auto& source) mutable { return spec_gaussian_draw<T>(source, sigma2); };
        spec_exp_ratio& x = sigma2.acceptance(y < 0 ? -y : y);
        std::vector<std::string> failures;
        for (auto part : {spec_exp_near<2>("coin", library, spec, x, false, prefix, probes),
                          spec_exp_near<8>("d8", library, spec, x, false, prefix, false),
                          spec_exp_near<two_to_64>("2^64", library, spec, x, false, prefix, probes)})
            failures.insert(failures.end(), part.begin(), part.end());
        return failures;
    };
    // σ² = 2, t = 2, x_0 = e^−1/2 = 0.1001…b: "11" false (h = 0), "0" +: y = 0, x = 1/4 (along
    // only: x = v/2^W exactly, lo not lowered; the probes are for the two below, where it is)
    {
        INFO("sigma2 = 2, y = 0");
        spec_exp_report(all(std::type_identity<int>{}, 2.0, spec_gaussian_of(2.0), "110", 0, false));
    }
    // σ² = 0.7, t = 1, x_0 = e^−1 = 0.0101…b: "00" true, "1" false (h = 1), "1" −: y = −1,
    // x = (b − a)²/(2ab) ≈ 0.0643, not a multiple of 2^−W (lo one less)
    {
        INFO("sigma2 = 0.7, y = -1");
        spec_exp_report(all(std::type_identity<long long>{}, 0.7, spec_gaussian_of(0.7), "0011", -1, true));
    }
    // σ² = 9/2, t = 3, s = 1: x_1 = e^−2/3 = 0.1000…b "0" "0" true, "11" false (h = 2); t_0 =
    // 0.0110…b "1" false (b_0 = 0); "0" +: y = 4, x = (4·2·3 − 9)²/(2·9·2·9) = 25/36. There the
    // lo of e^−(v/2^128) is above e^−x·2^128 and a multiple of 4 (and at 256 of 8): without the
    // spec's lo − 1 a probe of 126 digits would be decided true and read fewer digits
    {
        INFO("sigma2 = 9/2, y = 4");
        spec_exp_report(all(std::type_identity<long long>{}, rational{9, 2}, spec_gaussian_of(9, 2), "001110", 4, true));
    }
}

TEST_CASE("discrete_gaussian_distribution on given digits: values computed by hand from the spec", "[golden][discrete_gaussian]") {
    auto bits = [](const std::string& text) { return spec_digits_of_bits(text, 1); };
    // σ² = 2 (the double 2 = 2^52·2^−51: a = 2^52, b = 2^51; rational{2, 1}: a = 2, b = 1):
    // t = ⌊√2⌋ + 1 = 2. The proposal is discrete_laplace(2): 1/t = 1/2, s = 0, x_0 = e^−1/2 =
    // 0.1001101101…b; on bits each trial stops where U and x_0 first differ ("0" true, "11"
    // false), then the sign bit (0 +, 1 −; −0 draws again). x = (|y|·2 − 2)²/(2·2·4) =
    // (|y| − 1)²/4: |y| = 1 gives x = 0 (kept, no bit read); |y| = 0 and 2 give 1/4, e^−1/4 =
    // 0.1100011101…b ("0" true, "10" true, "111" false); |y| = 3 gives 1, e^−1 = 0.0101111…b
    // ("1" false).
    spec_gaussian_by_hand<2, int>(2.0, spec_gaussian_of(2.0), bits("0" "11" "0"), {1});                  // h = 1, +; x = 0
    spec_gaussian_by_hand<2, int>(rational{2, 1}, spec_gaussian_of(2, 1), bits("0" "11" "1"), {-1});     // h = 1, −; x = 0
    spec_gaussian_by_hand<2, int>(2.0, spec_gaussian_of(2.0), bits("11" "0" "0"), {0});                  // y = 0; e^−1/4 true
    // y = 0 rejected ("111"), then y = 1 kept with x = 0
    spec_gaussian_by_hand<2, int>(2.0, spec_gaussian_of(2.0), bits("11" "0" "111" "0" "11" "0"), {1});
    // −0: the proposal draws again ("11" "0": y = 0); e^−1/4 true
    spec_gaussian_by_hand<2, int>(2.0, spec_gaussian_of(2.0), bits("11" "1" "11" "0" "0"), {0});
    // y = −3 rejected (e^−1: "1"), then −1 kept; then y = 2 kept ("10"): two draws
    spec_gaussian_by_hand<2, long long>(rational{2, 1}, spec_gaussian_of(2, 1),
                                        bits("000" "11" "1" "1" "0" "11" "1" "00" "11" "0" "10"), {-1, 2});
    // σ² = 1/2: t = ⌊√0⌋ + 1 = 1, x_0 = e^−1 ("1" false, "00" true); x = (2|y| − 1)²/(2·1·2):
    // 1/4 for |y| = 0 and 1, 9/4 for |y| = 2 (e^−9/4 = 0.0001101…b: "0000" true).
    // "1" "1": −0, again; "00" "1" "0": +1, x = 1/4, "111" rejected; "00" "00" "1" "1": −2,
    // x = 9/4, "0000" kept.
    spec_gaussian_by_hand<2, int>(rational{1, 2}, spec_gaussian_of(1, 2), bits("1" "1" "00" "1" "0" "111" "00" "00" "1" "1" "0000"), {-2});
    // σ² = 9/2: t = ⌊√4⌋ + 1 = 3, 1/t = 1/3, s = 1: x_1 = e^−2/3 = 0.1000001…b (kind x: "0" true,
    // "11" false), t_0 = e^−1/3/(1 + e^−1/3) = 0.0110101…b (kind y: "1" false, "00" true),
    // magnitude 2h + b_0. x = (6|y| − 9)²/324: 1/36 for |y| = 1 and 2, e^−1/36 = 0.1111100…b
    // ("0" true, "111111" false). "0" "11" "1" "0": h = 1, b_0 = 0, +2, "111111" rejected;
    // "11" "00" "1": h = 0, b_0 = 1, −1, "0" kept.
    spec_gaussian_by_hand<2, long long>(rational{9, 2}, spec_gaussian_of(9, 2), bits("0" "11" "1" "0" "111111" "11" "00" "1" "0"), {-1});
    // A d6 with σ² = 2 (B = 6): x_0's trial: 6·e^−1/2 = 3.64, rolls 0 … 2 true, 4, 5 false, 3
    // undecided; the sign: rolls 0 … 2 +, 3 … 5 −; e^−1/4's: 6·e^−1/4 = 4.67, rolls 0 … 3 true,
    // 5 false, 4 then 36·e^−1/4 = 28.04 with u = 24 + d: d ≤ 3 true, d = 5 false.
    // {4, 1, 5}: h = 0, +, rejected; {0, 4, 3}: h = 1, −1, x = 0. {5, 2, 4, 3}: 0, kept.
    spec_gaussian_by_hand<6, int>(2.0, spec_gaussian_of(2.0), {4, 1, 5, 0, 4, 3, 5, 2, 4, 3}, {-1, 0});
    // A d4 (2 bits a roll) with σ² = 2: one stream of bits through the draw, the rest dropped at
    // its end. Roll 3 ("11"): h = 0; roll 1 ("01"): "0" +, y = 0, then e^−1/4 from its "1" and
    // roll 0's "0": "10" true, 0; roll 0's last "0" dropped. Draw 2: roll 0 ("00") h = 2, roll 3
    // ("11") false; roll 2 ("10"): "1" −, y = −2, then its "0": e^−1/4 true: −2.
    spec_gaussian_by_hand<4, int>(2.0, spec_gaussian_of(2.0), {3, 1, 0, 0, 3, 2}, {0, -2});
    // A 64-bit word: the 10 bits of the rejection above, its top ones (the 54 after them dropped)
    spec_gaussian_by_hand<two_to_64, long long>(2.0, spec_gaussian_of(2.0), {std::uint64_t{0b1101110110} << 54}, {1});
    // the least double, σ² = 2^−1074: t = 1 (x_0 = e^−1). "00" "1" "0": y = 1, x = (b − a)²/(2ab)
    // ≈ 2^1073, ⌊x⌋ ≥ W: lo = 0, hi = 1, "1" false; "1" "0": y = 0, x = 2^−1075, v = ⌊x·2^128⌋
    // = 0: the bounds of e^0, 2^W, lo one less as x is not v/2^W: "0" true ((0 + 1)·2^W ≤ lo·2).
    spec_gaussian_by_hand<2, int>(DBL_TRUE_MIN, spec_gaussian_of(DBL_TRUE_MIN), bits("00" "1" "0" "1" "1" "0" "0"), {0});
    // a proposal past max(T) throws std::out_of_range, as the Laplace one does: σ² = (2^25 − 1)²
    // gives t = 2^25, s = 24, x_s = e^−1/2 > 1/2 ("0" true), and int's ⌊(2^31 − 1)/2^24⌋ = 127:
    // 127 zeros give h = 127, a 128th true trial throws, 128 bits in all
    {
        const auto script = bits(std::string(128, '0'));
        std::size_t used = 0, spec_used = 0;
        auto source = from_values<coin>([&] { return script.at(used++); });
        auto spec_digit = [&] { return script.at(spec_used++); };
        spec_die<2, decltype(spec_digit)> spec{spec_digit};
        const double sigma2 = (0x1p25 - 1) * (0x1p25 - 1);
        rollplan::discrete_gaussian_distribution<int> d(sigma2);
        spec_gaussian p = spec_gaussian_of(sigma2);
        CHECK(p.t == spec_big(1) << 25);
        CHECK(p.proposal.s == 24);
        CHECK_THROWS_AS(d(source), std::out_of_range);
        CHECK_THROWS_AS(spec_gaussian_draw<int>(spec, p), std::out_of_range);
        CHECK(used == 128);
        CHECK(spec_used == 128);
    }
    // refused with std::invalid_argument: NaN, σ² ≤ 0, ±infinity, 2^w/t < 45, a numerator or
    // denominator above 2^64. int: t ≤ ⌊2^31/45⌋ = 47721858, so σ² < 47721858² (exact doubles).
    CHECK_THROWS_AS(rollplan::discrete_gaussian_distribution<int>(std::nan("")), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_gaussian_distribution<int>(0.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_gaussian_distribution<int>(-1.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_gaussian_distribution<int>(HUGE_VAL), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_gaussian_distribution<int>(-HUGE_VAL), std::invalid_argument);
    CHECK_NOTHROW(rollplan::discrete_gaussian_distribution<int>(2277375730972163.0));
    CHECK_THROWS_AS(rollplan::discrete_gaussian_distribution<int>(2277375730972164.0), std::invalid_argument);
    CHECK_NOTHROW(rollplan::discrete_gaussian_distribution<long long>(2277375730972164.0));
    CHECK_NOTHROW(rollplan::discrete_gaussian_distribution<int>(rational{2277375730972164, 2}));
    CHECK_THROWS_AS(rollplan::discrete_gaussian_distribution<int>(rational{2277375730972164, 1}), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_gaussian_distribution<long long>(rational{two_to_64 + 1, 1}), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::discrete_gaussian_distribution<long long>(rational{1, two_to_64 + 1}), std::invalid_argument);
    CHECK_NOTHROW(rollplan::discrete_gaussian_distribution<long long>(rational{two_to_64, 1}));
    CHECK_NOTHROW(rollplan::discrete_gaussian_distribution<int>(rational{1, two_to_64}));
    CHECK_NOTHROW(rollplan::discrete_gaussian_distribution<int>(DBL_TRUE_MIN));
}

namespace {
// spec.md section 4b, exponential_distribution<RealType>(lambda), written from the text alone
// (with section 4's "U's digits" for the stream): von Neumann's attempts on lazy uniforms kept
// as lists of digits, then the rounding of X = E/λ with exact integers (spec_big), the floor
// into float/double found by std::nextafter steps from a guess, compared exactly.

// U's digits for one draw: on a source of K = 2^w faces, w bits a roll, the most significant
// first, a roll read only when a bit is wanted and none is left (B = 2); otherwise the rolls
// themselves (B = K). Made afresh for each draw, so the bits a draw leaves are dropped.
template <class G>
struct spec_expo_stream {
    G& g;
    count_t faces = count_t{G::max()} - G::min() + 1;
    unsigned w = 0;  // bits a roll; 0: the digits are the rolls
    std::uint64_t word = 0;
    unsigned left = 0;  // bits of word not used yet

    explicit spec_expo_stream(G& source) : g(source) {
        if ((faces & (faces - 1)) == 0)
            while ((count_t{1} << w) < faces) ++w;
    }
    spec_big base() const { return w != 0 ? spec_big(2) : spec_big(static_cast<std::uint64_t>(faces)); }
    std::uint64_t next() {
        const auto roll = [this] { return static_cast<std::uint64_t>(g() - G::min()); };
        if (w == 0) return roll();
        if (left == 0) word = roll(), left = w;
        --left;
        return (word >> left) & 1u;
    }
};

// a finite Real ≥ 0 as m·2^e exactly
struct spec_dyadic {
    spec_big m;
    int e = 0;
};
template <class Real>
spec_dyadic spec_dyadic_of(Real x) {
    int e = 0;
    const Real f = std::frexp(x, &e);  // x = f·2^e, f in [1/2, 1) (or 0)
    constexpr int digits = std::numeric_limits<Real>::digits;
    return {spec_big(static_cast<std::uint64_t>(std::ldexp(f, digits))), e - digits};
}

// the sign of A·2^a − B·2^b, for A, B ≥ 0
int spec_compare_scaled(const spec_big& A, int a, const spec_big& B, int b) {
    const int low = std::min(a, b);
    const spec_big left = A << static_cast<unsigned>(a - low), right = B << static_cast<unsigned>(b - low);
    return left < right ? -1 : (left > right ? 1 : 0);
}

// the sign of num·2^s/den − y, for a representable y ≥ 0 (num ≥ 0, den ≥ 1)
template <class Real>
int spec_compare_real(const spec_big& num, const spec_big& den, int s, Real y) {
    const spec_dyadic d = spec_dyadic_of(y);
    return spec_compare_scaled(num, s, den * d.m, d.e);
}

int spec_msb(const spec_big& v) { return static_cast<int>(boost::multiprecision::msb(v)); }

// the largest representable Real ≤ v = num·2^s/den, or the largest finite one when v is at or
// past it: a guess from v's top 63 bits, then nextafter steps down while above v and up while
// the next one is still ≤ v
template <class Real>
Real spec_floor_real(const spec_big& num, const spec_big& den, int s) {
    const Real top = std::numeric_limits<Real>::max(), infinity = std::numeric_limits<Real>::infinity();
    if (spec_compare_real(num, den, s, top) >= 0) return top;
    if (num == 0) return Real(0);
    const int shift = 62 - (spec_msb(num) - spec_msb(den) + s);  // v·2^shift in [2^61, 2^63)
    const int scale = s + shift;
    spec_big t;
    if (scale >= 0)
        t = (num << static_cast<unsigned>(scale)) / den;
    else
        t = num / (den << static_cast<unsigned>(-scale));
    Real guess = std::ldexp(static_cast<Real>(t.convert_to<std::uint64_t>()), -shift);
    if (guess > top) guess = top;
    while (guess > 0 && spec_compare_real(num, den, s, guess) < 0) guess = std::nextafter(guess, Real(0));
    for (;;) {
        const Real next = std::nextafter(guess, infinity);
        if (next > top || spec_compare_real(num, den, s, next) < 0) return guess;
        guess = next;
    }
}

// exponential_distribution<Real>(lambda), one draw: E by von Neumann's attempts on one stream
// of U's digits, then the rounding of E/λ, reading x's further digits as needed
template <class Real, class G>
Real spec_exponential_draw(G& g, Real lambda) {
    spec_expo_stream<G> stream(g);
    const spec_big base = stream.base();
    const spec_dyadic l = spec_dyadic_of(lambda);  // λ = l.m·2^l.e
    using uniform = std::vector<std::uint64_t>;  // a lazy uniform: its digits read so far
    // digit i of a lazy uniform, read (with every digit before it, in order) from the stream
    auto digit = [&stream](uniform& v, std::size_t i) {
        while (v.size() <= i) v.push_back(stream.next());
        return v[i];
    };
    for (spec_big k = 0;; ++k) {
        // an attempt: x a new uniform, w = x, n = 0; while a new uniform u < w: w = u, n = n + 1
        uniform x, w_of_u;
        bool w_is_x = true;
        unsigned long n = 0;
        for (;;) {
            uniform u;
            uniform& w = w_is_x ? x : w_of_u;
            bool less = false;
            for (std::size_t i = 0;; ++i) {  // w's digit i, then u's digit i
                const std::uint64_t w_digit = digit(w, i);
                const std::uint64_t u_digit = digit(u, i);
                if (u_digit != w_digit) {
                    less = u_digit < w_digit;
                    break;
                }
            }
            if (!less) break;
            w_of_u = std::move(u);
            w_is_x = false;
            ++n;
        }
        if (n % 2 != 0) continue;  // odd: k = k + 1 and a new attempt
        // E = k + x. Rounding: with x's j digits, u their value and D = B^j, X lies in
        // [(k·D + u)/(D·λ), (k·D + u + 1)/(D·λ)) = [lo, hi), λ = m·2^e: lo = (k·D + u)·2^−e/(D·m)
        spec_big value = 0, D = 1;
        for (const std::uint64_t d : x) value = value * base + d, D *= base;
        for (;;) {
            const spec_big num = k * D + value, den = D * l.m;
            const Real r = spec_floor_real<Real>(num, den, -l.e);
            if (r == std::numeric_limits<Real>::max()) return r;
            const Real successor = std::nextafter(r, std::numeric_limits<Real>::infinity());
            if (spec_compare_real(spec_big(num + 1), den, -l.e, successor) <= 0) return r;  // hi ≤ succ(r)
            value = value * base + digit(x, x.size());  // x's next digit
            D *= base;
        }
    }
}

// a standard engine that counts its calls
template <class G>
struct spec_counted_engine {
    using result_type = typename G::result_type;
    static constexpr result_type min() { return G::min(); }
    static constexpr result_type max() { return G::max(); }
    G g;
    std::size_t calls = 0;
    result_type operator()() { return ++calls, g(); }
};

// draws values of the library on source and of the spec on spec_source (two copies of one
// sequence), with used()/spec_used() their counts of rolls: "" or the first difference, in
// value (bit for bit) or in the rolls the draw read
template <class Real, class Source, class SpecSource, class Used, class SpecUsed>
std::string spec_expo_difference(Real lambda, Source& source, Used used, SpecSource& spec_source, SpecUsed spec_used, int draws) {
    rollplan::exponential_distribution<Real> d(lambda);
    for (int i = 0; i < draws; ++i) {
        const std::size_t before = used(), spec_before = spec_used();
        const Real ours = d(source);
        const Real expected = spec_exponential_draw(spec_source, lambda);
        const std::size_t rolls = used() - before, spec_rolls = spec_used() - spec_before;
        if (spec_bits_of(ours) != spec_bits_of(expected) || rolls != spec_rolls)
            return "draw " + std::to_string(i) + ": library " + spec_hex(ours) + " after " + std::to_string(rolls) + " rolls, spec " +
                   spec_hex(expected) + " after " + std::to_string(spec_rolls) + " rolls";
    }
    return "";
}

template <class Real, class Engine>
std::string spec_expo_engine(Real lambda, int draws, Engine engine) {
    spec_counted_engine<Engine> source{engine}, twin{engine};
    std::string difference = spec_expo_difference(lambda, source, [&] { return source.calls; }, twin, [&] { return twin.calls; }, draws);
    if (difference.empty() && !(source.g == twin.g)) difference = "the engines are left at different places";
    return difference;
}

// a die of K faces whose digits are digit(x) of a splitmix64 x, for the library through
// from_values<die<K>> and for the spec through spec_die
template <count_t K, class Real, class Digit>
std::string spec_expo_die(Real lambda, int draws, std::uint64_t seed, Digit digit) {
    splitmix64 x{seed}, y{seed};
    std::size_t used = 0, spec_used = 0;
    auto source = from_values<die<K>>([&] { return ++used, digit(x); });
    auto spec_digit = [&] { return ++spec_used, digit(y); };
    spec_die<K, decltype(spec_digit)> spec_source{spec_digit};
    return spec_expo_difference(lambda, source, [&] { return used; }, spec_source, [&] { return spec_used; }, draws);
}

// every source against the spec for one λ: the failures, named with the source and its seed
template <class Real>
std::vector<std::string> spec_expo_sources(Real lambda, int draws, std::uint64_t seed) {
    std::vector<std::pair<std::string, std::string>> results;
    const int few = std::max(draws / 4, 10);
    for (std::uint64_t s = seed; s < seed + 3; ++s)
        results.emplace_back("mt19937_64 seed " + std::to_string(s), spec_expo_engine(lambda, draws, std::mt19937_64{s}));
    results.emplace_back("splitmix64 seed " + std::to_string(seed), spec_expo_engine(lambda, draws, splitmix64{seed}));
    results.emplace_back("mt19937 seed " + std::to_string(seed), spec_expo_engine(lambda, draws, std::mt19937{static_cast<std::uint32_t>(seed)}));
    // K = 2^31 − 2, not a power of two: the digits are the rolls, B = K
    results.emplace_back("minstd_rand seed " + std::to_string(seed + 1),
                         spec_expo_engine(lambda, few, std::minstd_rand{static_cast<std::uint32_t>(seed + 1)}));
    const std::string tag = " (splitmix64 seed " + std::to_string(seed) + ")";
    results.emplace_back("coin" + tag, spec_expo_die<2>(lambda, draws, seed, [](splitmix64& x) { return x() >> 63; }));
    results.emplace_back("d6" + tag, spec_expo_die<6>(lambda, draws, seed, [](splitmix64& x) { return x() % 6; }));
    // 3 bits a roll: a draw's last bits dropped mid-roll
    results.emplace_back("d8" + tag, spec_expo_die<8>(lambda, few, seed, [](splitmix64& x) { return x() >> 61; }));
    // skewed digits: long runs of equal digits in the comparisons, x near 0 or near 1
    results.emplace_back("mostly 0 coin" + tag, spec_expo_die<2>(lambda, few, seed, [](splitmix64& x) {
                             return (x() & 7) != 0 ? std::uint64_t{0} : x() >> 63;
                         }));
    results.emplace_back("mostly 1 coin" + tag, spec_expo_die<2>(lambda, few, seed, [](splitmix64& x) {
                             return (x() & 7) != 0 ? std::uint64_t{1} : x() >> 63;
                         }));
    results.emplace_back("mostly 0 d6" + tag, spec_expo_die<6>(lambda, few, seed, [](splitmix64& x) {
                             return (x() & 7) != 0 ? std::uint64_t{0} : x() % 6;
                         }));
    std::vector<std::string> failures;
    for (const auto& [name, difference] : results)
        if (!difference.empty()) failures.push_back(name + ": " + difference);
    return failures;
}

// the library's and the spec's draws on the scripted digits of a die of K faces: the values
// expected bit for bit, and every digit read, no more
template <count_t K, class Real>
void spec_expo_by_hand(Real lambda, const std::vector<std::uint64_t>& digits, const std::vector<Real>& expected) {
    std::size_t used = 0, spec_used = 0;
    auto source = from_values<die<K>>([&] { return digits.at(used++); });
    auto spec_digit = [&] { return digits.at(spec_used++); };
    spec_die<K, decltype(spec_digit)> spec{spec_digit};
    rollplan::exponential_distribution<Real> d(lambda);
    std::vector<std::string> ours, theirs, wanted;
    for (const Real value : expected) {
        wanted.push_back(spec_hex(value) + (std::signbit(value) ? " (-)" : ""));
        const Real library_value = d(source);
        ours.push_back(spec_hex(library_value) + (std::signbit(library_value) ? " (-)" : ""));
        const Real spec_value = spec_exponential_draw(spec, lambda);
        theirs.push_back(spec_hex(spec_value) + (std::signbit(spec_value) ? " (-)" : ""));
    }
    CHECK(theirs == wanted);
    CHECK(ours == wanted);
    CHECK(spec_used == digits.size());
    CHECK(used == digits.size());
}
}  // namespace

TEST_CASE("exponential_distribution follows the spec on every source", "[golden][exponential]") {
    // each λ on every source of spec_expo_sources: the values bit for bit and the rolls each
    // draw read. The largest finite λ puts X among the subnormals (X ≈ E·2^−1024 for double,
    // E·2^−128 for float: fewer significant bits, a value 0 when E is below about 2^−50 or
    // 2^−21); 1e300 (1e30f) makes X small and normal, 1e-300 and 2^−20 large; the least
    // subnormal makes nearly every value the largest finite number (lo at or past it)
    std::uint64_t seed = 401;
    const double doubles[] = {1.0, 1.5, 0.1, 7.0, 1e-300, 1e300, DBL_TRUE_MIN, DBL_MAX, 0x1p-20, 3.0};
    for (const double lambda : doubles) {
        INFO("double, lambda = " << spec_hex(lambda));
        spec_exp_report(spec_expo_sources(lambda, 40, seed));
        seed += 10;
    }
    const float floats[] = {1.0f, 1.5f, 0.1f, 7.0f, 1e-30f, 1e30f, FLT_TRUE_MIN, FLT_MAX, 0x1p-20f, 3.0f};
    for (const float lambda : floats) {
        INFO("float, lambda = " << spec_hex(lambda));
        spec_exp_report(spec_expo_sources(lambda, 40, seed));
        seed += 10;
    }
}

TEST_CASE("exponential_distribution on given digits: values computed by hand from the spec", "[golden][exponential]") {
    auto bits = [](const std::string& text) { return spec_digits_of_bits(text, 1); };
    auto zeros = [](std::size_t count) { return std::string(count, '0'); };
    auto ones = [](std::size_t count) { return std::string(count, '1'); };
    // On a coin the digits are bits (B = 2). An attempt: x new, w = x; for each new u, w's digit
    // i then u's digit i until they differ. "0" "1": x0 = 0, u0 = 1 > 0, so u ≥ w, n = 0 (even):
    // accepted with k = 0, x = [0]. "1" "0" "1": x0 = 1, u0 = 0 < 1 (n = 1, w = u = [0]), the next
    // u's digit 0 = 1 > 0: n = 1, odd, k = 1. "1" "0" "0" "1" "0" "1": x0 = 1, u0 = 0 (n = 1, w =
    // u = [0]); next u: its digit 0 = 0 ties w's, then w's digit 1 (not read yet: "1"), then u's
    // digit 1 = 0 < 1: n = 2, w = [0, 0]; next u's digit 0 = 1 > 0: n = 2, even, k = 0, x = [1].
    // Rounding with λ = 1: X = k + x lies in [k + u/2^j, k + (u + 1)/2^j), an aligned interval of
    // width 2^−j; it lies within one cell exactly when 2^−j ≤ the quantum there: j = 52 in
    // [1, 2), 53 in [1/2, 1), 54 in [1/4, 1/2); before that it holds two cells or more.
    // "0" "1", then x1 … x53 = 53 ones: X in [1/4, 1/2), j = 54, value u/2^54 = 1/2 − 2^−54 (at
    // j = 54, hi = 1/2 = succ(r): the test hi ≤ succ(r) holds with equality). 55 rolls.
    spec_expo_by_hand<2, double>(1.0, bits("01" + ones(53)), {0x1.fffffffffffffp-2});
    // rejected (k = 1), then "0" "1" accepted, x1 … x51 = 51 ones: X = 1 + 0.0111…1b (52 digits)
    // = 1.5 − 2^−52. 5 + 51 = 56 rolls.
    spec_expo_by_hand<2, double>(1.0, bits("101" "01" + ones(51)), {0x1.7ffffffffffffp+0});
    // n = 2, accepted: x = [1], X in [1/2, 1), j = 53: x1 … x52 = 52 zeros, value 1/2. 58 rolls.
    // (Were u's digit 1 read before w's, the "1" would be u's and u > w: n = 1, rejected.)
    spec_expo_by_hand<2, double>(1.0, bits("100101" + zeros(52)), {0.5});
    // two draws: the n = 2 attempt with x1 … x52 = 52 ones (1 − 2^−53), then "0" "1" with x1 = 1
    // and 52 zeros: X in [1/4, 1/4 + 2^−54), value 1/4
    spec_expo_by_hand<2, double>(1.0, bits("100101" + ones(52) + "01" "1" + zeros(52)), {0x1.fffffffffffffp-1, 0.25});
    // λ = 3: X = x/3 with x = [1] and then zeros: lo = 1/6 at every j ≥ 1, hi = 1/6 + 2^−j/3.
    // 1/6 = 0.0010101…b lies in [1/8, 1/4), quantum 2^−55: 2^55/6 = 6004799503160661 + 1/3, so
    // r = 6004799503160661·2^−55 = 0x1.5555555555555p-3 (1/6 rounded down, as 1.0/6.0 is) and
    // succ(r) = 1/6 + (2/3)·2^−55 = 1/6 + 2^−54/3: hi ≤ succ(r) first at j = 54, with equality.
    // x1 … x53 = 53 zeros: 6 + 53 = 59 rolls.
    spec_expo_by_hand<2, double>(3.0, bits("100101" + zeros(53)), {0x1.5555555555555p-3});
    // float, λ = 3: quantum 2^−26 there, 2^26/6 = 11184810 + 2/3: r = 11184810·2^−26 =
    // 0x1.555554p-3 (below 1.0f/6.0f, which rounds up), succ(r) = 1/6 + 2^−26/3: j = 26, x1 … x25.
    spec_expo_by_hand<2, float>(3.0f, bits("100101" + zeros(25)), {0x1.555554p-3f});
    // float, λ = 1: x = [1], X in [1/2, 1), quantum 2^−24: j = 24, x1 … x23 = 23 ones: 1 − 2^−24.
    spec_expo_by_hand<2, float>(1.0f, bits("100101" + ones(23)), {0x1.fffffep-1f});
    // λ = 2^1023: X = (k + x)·2^−1023, below 2^−1022, quantum 2^−1074: j = 51. x = [1] (the n = 2
    // attempt), x1 … x49 = 0, x50 = 1: u = 2^50 + 1, value (2^50 + 1)·2^−1074. 56 rolls.
    spec_expo_by_hand<2, double>(0x1p1023, bits("100101" + zeros(49) + "1"), {0x0.4000000000001p-1022});
    // λ = the largest double, max = 2^1024·(1 − 2^−53): "0" "1" and x all zeros: lo = 0, r = +0,
    // hi = 1/(2^j·max) ≤ 2^−1074 first at j = 51 (at j = 50 it is 2^−1074/(1 − 2^−53)): x1 … x50
    // = 50 zeros, value +0, 52 rolls.
    spec_expo_by_hand<2, double>(DBL_MAX, bits("01" + zeros(50)), {0.0});
    // λ = 2^−1074: X = E·2^1074. Rejected (k = 1), then "0" "1": lo = 2·2^1074/2 ≥ max: the
    // largest double, 5 rolls. "0" "1", x1 … x48 = 0, x49 = 1: lo = 0 until j = 50, then
    // 2^−50·2^1074 = 2^1024 ≥ max: the largest double, 51 rolls. "0" "1", x1 … x49 = 0, x50 = 1:
    // lo = 2^1023 = r from j = 51, hi = 2^1023 + 2^(1023 − t) at j = 51 + t, succ(r) = 2^1023 +
    // 2^971: t = 52, x51 … x102 = 52 zeros: 2^1023, 104 rolls.
    spec_expo_by_hand<2, double>(DBL_TRUE_MIN, bits("101" "01"), {DBL_MAX});
    spec_expo_by_hand<2, double>(DBL_TRUE_MIN, bits("01" + zeros(48) + "1"), {DBL_MAX});
    spec_expo_by_hand<2, double>(DBL_TRUE_MIN, bits("01" + zeros(49) + "1" + zeros(52)), {0x1p1023});
    // float, λ = 2^−149: rejected then accepted (k = 1): lo = 2^149 ≥ the largest float. 5 rolls.
    spec_expo_by_hand<2, float>(FLT_TRUE_MIN, bits("101" "01"), {FLT_MAX});

    // A d6 (B = 6, the digits are the rolls). {5, 2, 4}: x0 = 5, u0 = 2 < 5 (n = 1, w = [2]), the
    // next u's digit 0 = 4 > 2: n = 1, k = 1. {0, 3}: x0 = 0, u0 = 3 > 0: accepted, x = [0].
    // λ = 1: X in [1, 1 + 6^−j) for x's digits all 0; r = 1, succ(r) = 1 + 2^−52: 6^20 =
    // 3656158440062976 < 2^52 = 4503599627370496 < 6^21 = 21936950640377856, so j = 21: x1 … x20
    // = 20 zeros, value 1, 3 + 2 + 20 = 25 rolls.
    spec_expo_by_hand<6, double>(1.0, {5, 2, 4, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {1.0});
    // The order of reads: {3, 3, 1, 0, 4}: x0 = 3, u0 = 3 (a tie), x1 = 1 (w's digit 1 first),
    // u1 = 0 < 1: n = 1, w = [3, 0]; the next u's digit 0 = 4 > 3: n = 1, k = 1. (Read u's digit 1
    // first, u1 = 1 > x1 = 0: n = 0, accepted with k = 0.) {2, 5}: x0 = 2, u0 = 5: accepted,
    // x = [2], then 20 zeros: X in [4/3, 4/3 + 6^−j); 4/3·2^52 = 6004799503160661 + 1/3, so r =
    // 0x1.5555555555555p+0 (= 4.0/3.0) and succ(r) = 4/3 + (2/3)·2^−52: 6^j ≥ 1.5·2^52 =
    // 6755399441055744 first at j = 21. 5 + 2 + 20 = 27 rolls.
    spec_expo_by_hand<6, double>(1.0, {3, 3, 1, 0, 4, 2, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                                 {0x1.5555555555555p+0});
    // {5, 2, 1, 3}: x0 = 5, u0 = 2 (n = 1, w = [2]), u0 = 1 < 2 (n = 2, w = [1]), u0 = 3 > 1: n = 2,
    // accepted, k = 0, x = [5]; twenty more 5s: X in [1 − 6^−21, 1): 6^−21 < 2^−53, so r = 1 −
    // 2^−53 and succ(r) = 1 = hi at j = 21 (at j = 20, 6^−20 > 2·2^−53: r ≤ 1 − 2^−52). 24 rolls.
    spec_expo_by_hand<6, double>(1.0, {5, 2, 1, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5},
                                 {0x1.fffffffffffffp-1});
    // λ = 2^−1074 on a d6: the attempt {3, 3, 1, 0, 4} (k = 1), {2, 5}: lo ≥ 2^1074: the largest
    // double, 7 rolls.
    spec_expo_by_hand<6, double>(DBL_TRUE_MIN, {3, 3, 1, 0, 4, 2, 5}, {DBL_MAX});

    // 64-bit words (w = 64: bits, the most significant first; a draw's leftover bits dropped).
    // Word 1: "101" (k = 1), "01" (x0 = 0), 51 ones (x1 … x51): 1.5 − 2^−52 at j = 52, after 56
    // bits; its last 8 bits (ones) are dropped. Word 2: "01" (k = 0, x0 = 0), "1" (x1), zeros: j
    // = 54, value 1/4, after 55 bits. Two rolls. (Had word 1's ones been kept, draw 2 would begin
    // "11111111": four ties, then x4 = 0 < u4 = 1: accepted with x = [1, 1, 1, 1, 0], near 0.94.)
    spec_expo_by_hand<two_to_64, double>(1.0, {(std::uint64_t{0b10101} << 59) | ((std::uint64_t{1} << 59) - 1), std::uint64_t{0b011} << 61},
                                         {0x1.7ffffffffffffp+0, 0.25});
    // 32-bit words: "01" "1" and 52 zeros (55 bits, x0 … x53) take two words: 1/4, 2 rolls.
    spec_expo_by_hand<count_t{1} << 32, double>(1.0, {std::uint64_t{0b011} << 29, 0}, {0.25});

    // refused with std::invalid_argument: NaN, λ ≤ 0, ±infinity
    CHECK_THROWS_AS(rollplan::exponential_distribution<double>(std::nan("")), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::exponential_distribution<double>(0.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::exponential_distribution<double>(-0.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::exponential_distribution<double>(-1.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::exponential_distribution<double>(HUGE_VAL), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::exponential_distribution<double>(-HUGE_VAL), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::exponential_distribution<float>(std::nanf("")), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::exponential_distribution<float>(0.0f), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::exponential_distribution<float>(HUGE_VALF), std::invalid_argument);
    CHECK_NOTHROW(rollplan::exponential_distribution<double>(DBL_TRUE_MIN));
    CHECK_NOTHROW(rollplan::exponential_distribution<float>(FLT_MAX));
}
