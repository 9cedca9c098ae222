// Sequences checked against a second, plain implementation of docs/spec.md
// written here, so that a change to the library's output cannot pass by
// changing both sides; tests/golden/reproducible.txt pins the printed
// sequences of examples/reproducible.cpp (test reproducible.four_way).
#include <rollplan/rollplan.hpp>

#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <iterator>
#include <numeric>
#include <random>
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
