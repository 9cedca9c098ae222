#include <rollplan/discrete.hpp>
#include <rollplan/distribution.hpp>
#include <rollplan/pool.hpp>
#include <rollplan/verify.hpp>

#include "support.hpp"

#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <vector>

using namespace rollplan;

namespace {
// Pools on the checker's replaying source; Threshold 1 refills only as far as
// each draw needs, 36 keeps two d6 rolls in hand: the same code either way.
template <count_t Threshold, std::uint64_t N>
constexpr auto one_draw = [](auto& source) {
    basic_entropy_pool<std::remove_reference_t<decltype(source)>, Threshold> pool(source);
    return pool.draw(N);
};
template <count_t Threshold, std::uint64_t First, std::uint64_t Second>
constexpr auto two_draws = [](auto& source) {
    basic_entropy_pool<std::remove_reference_t<decltype(source)>, Threshold> pool(source);
    const std::uint64_t first = pool.template draw<First>();
    return first * Second + pool.draw(Second);
};
}  // namespace

TEST_CASE("single draws are exactly uniform (every sequence of rolls)", "[pool]") {
    STATIC_REQUIRE(check_sampler<d6, 5>(one_draw<1, 5>, 4).same_count_at_every_length());
    STATIC_REQUIRE(check_sampler<d6, 29>(one_draw<1, 29>, 4).same_count_at_every_length());
    STATIC_REQUIRE(check_sampler<d6, 29>(one_draw<36, 29>, 4).same_count_at_every_length());
    STATIC_REQUIRE(check_sampler<coin, 7>(one_draw<8, 7>, 9).same_count_at_every_length());
}

TEST_CASE("pairs of successive draws are uniform and independent", "[pool]") {
    STATIC_REQUIRE(check_sampler<d6, 25>(two_draws<1, 5, 5>, 4).same_count_at_every_length());
    STATIC_REQUIRE(check_sampler<d6, 15>(two_draws<36, 3, 5>, 4).same_count_at_every_length());
    STATIC_REQUIRE(check_sampler<coin, 21>(two_draws<4, 7, 3>, 10).same_count_at_every_length());
    // the pair is not uniform if the second draw reuses the first's randomness
    constexpr auto reuse = [](auto& source) {
        basic_entropy_pool<std::remove_reference_t<decltype(source)>, 36> pool(source);
        (void)pool.draw(1);  // fills the register with two rolls and spends none of them
        auto copy = pool;    // the same randomness twice
        return pool.draw(5) * 5 + copy.draw(5);
    };
    STATIC_REQUIRE(!check_sampler<d6, 25>(reuse, 3).same_count_at_every_length());
}

namespace {
double information_bound(double n, double faces) { return std::log2(n) / std::log2(faces); }

template <class Source>
double rolls_per_draw(Source& source, std::uint64_t n, long draws) {
    entropy_pool<Source> pool(source);
    for (long i = 0; i < draws; ++i) REQUIRE(pool.draw(n) < n);
    return static_cast<double>(pool.rolls()) / static_cast<double>(draws);
}
}  // namespace

TEST_CASE("rolls per draw within 1.001 of log_K N over 10^6 draws", "[pool][long]") {
    const long draws = 1000000;
    for (std::uint64_t n : {3ull, 6ull, 7ull, 29ull, 100ull, 1000ull, 1000000ull}) {
        INFO("N = " << n);
        std::mt19937_64 engine64(n);
        REQUIRE(rolls_per_draw(engine64, n, draws) <= 1.001 * information_bound(static_cast<double>(n), 0x1p64));
        std::mt19937 engine32(static_cast<std::uint32_t>(n));
        REQUIRE(rolls_per_draw(engine32, n, draws) <= 1.001 * information_bound(static_cast<double>(n), 0x1p32));
        auto coin_source = from_values<coin>([&] { return engine64() >> 63; });
        REQUIRE(rolls_per_draw(coin_source, n, draws) <= 1.001 * information_bound(static_cast<double>(n), 2));
        uniform_int_distribution<int, 0, 5> d6_values;
        auto d6_source = from_values<d6>([&] { return d6_values(engine64); });
        REQUIRE(rolls_per_draw(d6_source, n, draws) <= 1.001 * information_bound(static_cast<double>(n), 6));
    }
}

TEST_CASE("draws of a pool pass chi-square, single and in pairs", "[pool]") {
    std::mt19937 engine(2026);
    entropy_pool<std::mt19937> pool(engine);
    std::vector<double> singles(29), pairs(29 * 29);
    const int draws = 500000;
    for (int i = 0; i < draws; ++i) {
        const auto a = pool.draw<29>(), b = pool.draw(29);
        singles[a] += 1;
        pairs[a * 29 + b] += 1;
    }
    REQUIRE(testing::chi_square(singles) < testing::critical_value(singles.size()));
    REQUIRE(testing::chi_square(pairs) < testing::critical_value(pairs.size()));
}

TEST_CASE("a source that throws leaves the pool consistent", "[pool]") {
    std::mt19937_64 engine(5);
    int calls = 0;
    auto flaky = from_values<d6>([&]() -> int {
        if (++calls % 5 == 0) throw std::runtime_error("the die rolled off the table");
        return static_cast<int>(engine() % 6);  // the test only needs some faces
    });
    basic_entropy_pool<decltype(flaky), 36> pool(flaky);
    int failures = 0;
    for (int i = 0; i < 200; ++i) {
        const auto range_before = pool.range();
        const auto rolls_before = pool.rolls();
        try {
            const auto v = pool.draw(29);
            REQUIRE(v < 29);
        } catch (const std::runtime_error&) {
            ++failures;
            // whatever was rolled before the failure is kept, nothing is counted twice
            REQUIRE(pool.rolls() - rolls_before + 1 <= static_cast<std::uint64_t>(calls));
            REQUIRE(pool.range() >= range_before);
        }
    }
    REQUIRE(failures > 0);
    REQUIRE(pool.rolls() + static_cast<std::uint64_t>(failures) == static_cast<std::uint64_t>(calls));
}

TEST_CASE("a pool works in constant expressions", "[pool]") {
    constexpr auto draws = [] {
        testing::constexpr_lcg engine{7};
        entropy_pool<testing::constexpr_lcg> pool(engine);
        std::array<std::uint64_t, 8> out{};
        for (auto& v : out) v = pool.draw(6);
        return out;
    }();
    for (auto v : draws) REQUIRE(v < 6);
    REQUIRE_THROWS_AS([] {
        std::mt19937 e;
        entropy_pool<std::mt19937> p(e);
        return p.draw(0);
    }(), std::invalid_argument);
}

TEST_CASE("a value outside the die is an error, never a hang", "[pool]") {
    struct lying_d6 {
        using die_type = d6;
        int calls = 0;
        constexpr std::uint64_t operator()() { return ++calls == 3 ? 6 : 5; }
    } source;
    entropy_pool<lying_d6> pool(source);
    REQUIRE_THROWS_WITH(pool.draw(29), Catch::Contains("rollplan: a source returned a value outside [0, K) for its die") &&
                                           Catch::Contains("value = 6") && Catch::Contains("K = 6"));
}

TEST_CASE("a pool's source type is deduced, with either name", "[pool]") {
    std::mt19937 engine(3);
    entropy_pool pool(engine);
    STATIC_REQUIRE(std::is_same_v<decltype(pool), entropy_pool<std::mt19937>>);
    basic_entropy_pool basic(engine);
    STATIC_REQUIRE(std::is_same_v<decltype(basic), basic_entropy_pool<std::mt19937>>);
    splitmix64 words(4);
    entropy_pool word_pool(words);
    STATIC_REQUIRE(std::is_same_v<decltype(word_pool), entropy_pool<splitmix64>>);
    REQUIRE(word_pool.draw<6>() < 6);
}

TEST_CASE("expected_pool_rolls: one draw costs the Knuth-Yao optimum", "[pool]") {
    // from an empty register the pool's first draw is the Knuth–Yao loop
    for (count_t faces : {count_t{2}, count_t{6}, count_t{10}})
        for (count_t n = 1; n <= 60; ++n) {  // the exact optimum fits in 128 bits
            INFO("N = " << static_cast<std::uint64_t>(n) << ", K = " << static_cast<std::uint64_t>(faces));
            REQUIRE(expected_pool_rolls(n, faces, 1) == Approx(knuth_yao_sum(n, faces).to_double()).epsilon(1e-12));
        }
    // a d2 from a d4 by hand: the first draw rolls once and keeps a coin's worth, the second rolls nothing
    REQUIRE(expected_pool_rolls(2, 4, 2) == Approx(1.0).epsilon(1e-15));
    REQUIRE(expected_pool_rolls(2, 4, 7) == Approx(4.0).epsilon(1e-15));
}

namespace {
// The pool's expected rolls for `count` draws of [0, n) from a d`faces`, the
// plain way: the distribution of the pool's range carried draw after draw
// (each draw fills to n, keeps ⌊range/n⌋·n and leaves the quotient's range,
// or rejects and goes on with the leftover), with no stationary shortcut.
double pool_rolls_draw_by_draw(count_t n, count_t faces, int count) {
    std::map<count_t, double> now{{1, 1.0}};
    double total = 0;
    for (int draw = 0; draw < count; ++draw) {
        std::map<count_t, double> next;
        for (const auto& [start, share] : now) {
            count_t range = start;
            double reach = share;
            for (int attempt = 0; attempt < 64 && reach > 0; ++attempt) {
                while (range < n) range *= faces, total += reach;
                const count_t kept = range / n * n;
                next[range / n] += reach * static_cast<double>(kept) / static_cast<double>(range);
                reach *= static_cast<double>(range - kept) / static_cast<double>(range);
                range -= kept;
            }
        }
        now = std::move(next);
    }
    return total;
}
}  // namespace

TEST_CASE("expected_pool_rolls: the sum over every draw, the stationary ones included", "[pool]") {
    for (const auto& [n, count] : {std::pair{count_t{29}, 2000}, {count_t{7}, 500}, {count_t{100}, 300}}) {
        INFO("N = " << static_cast<unsigned>(n) << ", " << count << " draws");
        REQUIRE(expected_pool_rolls(n, 6, static_cast<std::uint64_t>(count)) ==
                Approx(pool_rolls_draw_by_draw(n, 6, count)).epsilon(1e-9));
    }
}

// A d6 from a coin, threshold 1: every draw starts from a range of 1, flips 3 times to 8 and
// keeps 6 of them, else (1/4) is left 2 and flips twice more: 3 + (1/4)·2/(1 − 1/4) = 11/3
// flips a draw, the chain stationary from the first draw. The figure is that, to the last
// bits: extrapolated once stationary, not summed draw by draw (which drifts by 100 ulps).
TEST_CASE("expected_pool_rolls: a pool at the 2^16-state limit is followed, a larger one refused in words", "[pool]") {
    // N = 1 on a coin, threshold 2^15: the first draw fills the range from 1 to 2^15 (15 flips);
    // a draw of 1 never rejects and leaves 2^15, so later draws flip nothing.
    REQUIRE(expected_pool_rolls(1, 2, 1, 32768) == 15.0);
    REQUIRE(expected_pool_rolls(1, 2, 5, 32768) == 15.0);
    // N = 2, threshold 2^16: 16 flips fill the range to 2^16; a draw of 2 never rejects and
    // halves it to 2^15, so each later draw flips once: 16 + 4 for 5 draws.
    REQUIRE(expected_pool_rolls(2, 2, 1, 65536) == 16.0);
    REQUIRE(expected_pool_rolls(2, 2, 5, 65536) == 20.0);
    // a threshold near 2^128: ⌈threshold / N⌉ ranges, far past 2^16, never a wrapped sum
    REQUIRE_THROWS_WITH(expected_pool_rolls(2, 2, 1, ~count_t{0}), Catch::Contains("at most 2^16 states of the pool"));
    REQUIRE_THROWS_WITH(expected_pool_rolls(1, 2, 1, ~count_t{0}), Catch::Contains("at most 2^16 states of the pool"));
}

TEST_CASE("expected_pool_rolls: a d6 from a coin, 11/3 flips a draw from the first", "[pool]") {
    REQUIRE(expected_pool_rolls(6, 2, 1) == Approx(11.0 / 3).epsilon(1e-15));
    REQUIRE(expected_pool_rolls(6, 2, 1000) == Approx(11000.0 / 3).epsilon(1e-15));
    REQUIRE(expected_pool_rolls(6, 2, 1000000) == Approx(11000000.0 / 3).epsilon(1e-15));
}

TEST_CASE("expected_pool_rolls: what the pool spends, and between the bounds", "[pool]") {
    // the pool itself, on a person's dice (threshold 1), 10 draws at a time
    for (std::uint64_t n : {7ull, 29ull, 100ull, 7776ull}) {
        INFO("N = " << n);
        std::mt19937_64 engine(n);
        uniform_int_distribution<int, 0, 5> d6_values;
        auto d6_source = from_values<d6>([&] { return d6_values(engine); });
        const int runs = 20000, draws = 10;
        double sum = 0, sum_of_squares = 0;
        for (int run = 0; run < runs; ++run) {
            basic_entropy_pool<decltype(d6_source), 1> pool(d6_source);
            for (int i = 0; i < draws; ++i) (void)pool.draw(n);
            const auto rolls = static_cast<double>(pool.rolls());
            sum += rolls;
            sum_of_squares += rolls * rolls;
        }
        const double mean = sum / runs, error = std::sqrt((sum_of_squares / runs - mean * mean) / runs);
        const double expected = expected_pool_rolls(n, 6, draws);
        REQUIRE(std::abs(mean - expected) <= 5 * error + 1e-12);  // 7776 = 6^5: always 5 rolls a draw
        // no sampler does better than the information bound; separate optimal draws do worse
        REQUIRE(expected >= draws * information_bound(static_cast<double>(n), 6));
        REQUIRE(expected <= draws * knuth_yao_sum(n, 6).to_double());
    }
    // once the ranges between draws are stationary, every further draw costs the same
    const double per_draw = expected_pool_rolls(29, 6, 2000) - expected_pool_rolls(29, 6, 1999);
    REQUIRE(expected_pool_rolls(29, 6, 1000000) - expected_pool_rolls(29, 6, 2000) == Approx(998000 * per_draw).epsilon(1e-9));
    REQUIRE(per_draw > information_bound(29, 6));
    REQUIRE(per_draw < knuth_yao_sum(29, 6).to_double());
    REQUIRE_THROWS_AS(expected_pool_rolls(29, 6, 1000001), std::invalid_argument);
    REQUIRE_THROWS_AS(expected_pool_rolls(29, count_t{1} << 17, 1), std::invalid_argument);
    REQUIRE_THROWS_AS(expected_pool_rolls(0, 6, 1), std::invalid_argument);
}

// ---- loaded dice: draw(d), with randomness recycling --------------------------------

namespace {
// Two successive outcomes of 3, 2, 1 as one of 9 pairs: the pair weights are
// the products, if the second draw is independent of the first.
template <count_t Threshold, class Distribution>
constexpr auto two_outcomes = [](auto& source) {
    basic_entropy_pool<std::remove_reference_t<decltype(source)>, Threshold> pool(source);
    const Distribution d{};
    const int first = pool.draw(d);
    return first * 3 + pool.draw(d);
};
using pairs_321 = loaded<9, 6, 3, 6, 4, 2, 3, 2, 1>;
}  // namespace

TEST_CASE("draw(d): each outcome exactly W_i / W, and successive outcomes independent", "[pool][loaded]") {
    using compile_time = discrete_distribution<int, 3, 2, 1>;
    // one d6 roll, its leftover kept: the pair's masses are exact after the rolls it takes
    constexpr auto one = check_sampler<d6, loaded<3, 2, 1>>(
        [](auto& source) { return basic_entropy_pool<std::remove_reference_t<decltype(source)>, 1>(source).draw(compile_time{}); }, 1);
    STATIC_REQUIRE(one.proves_exact());
    constexpr auto pair = check_sampler<d6, pairs_321>(two_outcomes<1, compile_time>, 6);
    STATIC_REQUIRE(!pair.proves_biased());
    STATIC_REQUIRE(pair.bias_bound() < rational{1, 1000});
    // with the run-time form, and on a coin
    const auto run_time = [](auto& source) {
        basic_entropy_pool<std::remove_reference_t<decltype(source)>, 1> pool(source);
        const discrete_distribution<int> d({3, 2, 1});
        const int first = pool.draw(d);
        return first * 3 + pool.draw(d);
    };
    const auto coin_pair = check_sampler<coin, pairs_321>(run_time, 14);
    REQUIRE_FALSE(coin_pair.proves_biased());
    REQUIRE(coin_pair.bias_bound() < rational{1, 200});
    // a pool that forgets to keep u − c_i's randomness apart gives the second outcome away
    const auto leaky = [](auto& source) {
        basic_entropy_pool<std::remove_reference_t<decltype(source)>, 1> pool(source);
        const int first = pool.draw(compile_time{});
        auto copy = pool;  // the same leftover twice
        return first * 3 + (pool.draw(compile_time{}) + copy.draw(compile_time{})) % 3;
    };
    REQUIRE(check_sampler<d6, pairs_321>(leaky, 6).proves_biased());
    // one positive weight: no roll
    auto no_roll = from_values<d6>([]() -> int { throw std::logic_error("rolled"); });
    entropy_pool pool(no_roll);
    REQUIRE(pool.draw(discrete_distribution<int, 0, 5>{}) == 1);
    REQUIRE(pool.draw(discrete_distribution<int>({0.0, 2.0})) == 1);
}

TEST_CASE("draw(d) of weights adding up to 2^64: d's own draw from 64-bit words of two 32-bit draws", "[pool]") {
    // spec section 4: each word a·2^32 + b, a and b two successive draw(2^32) of the pool
    const std::uint64_t top = ~std::uint64_t{0};
    const std::vector<std::vector<std::uint64_t>> cases{{top, 1}, {(std::uint64_t{1} << 63) + 1, (std::uint64_t{1} << 63) - 1}};
    std::vector<discrete_distribution<int>> ds;
    for (const auto& w : cases) ds.emplace_back(w.begin(), w.end());
    for (const auto& d : ds) REQUIRE(d.param().levels() == 1);  // adds up to 2^64 exactly, in one level
    for (const auto& d : ds) {
        splitmix64 g{2026}, h{2026};
        auto roll = from_values<d6>([&] { return uniform_below(g, 6); });
        auto twin_roll = from_values<d6>([&] { return uniform_below(h, 6); });
        entropy_pool pool(roll);
        entropy_pool twin(twin_roll);
        std::vector<int> seen(d.param().size());
        for (int i = 0; i < 200; ++i) {
            const int v = pool.draw(d);
            auto words = from_values<die<two_to_64>>([&] {
                const std::uint64_t a = twin.draw(std::uint64_t{1} << 32);
                return a << 32 | twin.draw(std::uint64_t{1} << 32);
            });
            REQUIRE(v == d(words));
            REQUIRE(pool.rolls() == twin.rolls());
            ++seen[static_cast<std::size_t>(v)];
        }
        if (&d == &ds[1]) REQUIRE((seen[0] > 50 && seen[1] > 50));  // about half each
    }
}

// One level with a tail of padding (lcm(n, W) past 2^64, W below 2^63): the pool cuts by the
// outcomes' parts alone. {2^62 − 1, 1, 1, 1, 1}: W = 2^62 + 3 and a tail column after the five.
TEST_CASE("draw(d) of one level with a padding tail cuts by the outcomes alone", "[pool][loaded]") {
    const std::vector<std::uint64_t> w{(std::uint64_t{1} << 62) - 1, 1, 1, 1, 1};
    const std::uint64_t total = (std::uint64_t{1} << 62) + 3;
    const discrete_distribution<int> d(w.begin(), w.end());
    REQUIRE(d.param().levels() == 1);
    REQUIRE(d.param().columns() == 6);  // the five outcomes and the tail
    const auto view = d.cut_view();
    REQUIRE(view.size == 5);
    REQUIRE(view.total() == total);
    for (std::size_t i = 0; i < 5; ++i) REQUIRE(view.end_of(i) - view.begin_of(i) == w[i]);
    // a register of one 64-bit word x (two 32-bit digits) with threshold 1: u = x mod W for x below 3W;
    // x = W is u = 0, the first outcome (cutting the tail too, W + T would have made it the tail's, 5)
    for (const auto& [word, outcome] : {std::pair{total, 0}, {total - 1, 4}, {total - 5, 0}, {total + w[0], 1}}) {
        auto words = from_values<die<two_to_64>>([word = word]() { return word; });
        basic_entropy_pool<decltype(words), 1> pool(words);
        REQUIRE(pool.draw(d) == outcome);
        REQUIRE(pool.rolls() == 1);
    }
}

namespace {
// The pool's register (x uniform on [0, r)) as the spec's rule draws from it (docs/spec.md,
// section 4), from the digits of a source of `faces` faces: u uniform on [0, total), the
// register filled to `fill` first, what is refused taken off, what u leaves kept.
struct spec_register {
    count_t x = 0, r = 1;
    std::size_t read = 0;
    count_t draw_below(const std::vector<std::uint64_t>& digits, count_t faces, count_t total, count_t fill) {
        for (;;) {
            while (r < fill || r < total) x = x * faces + digits.at(read++), r *= faces;
            const count_t q = r / total;
            if (x < q * total) {
                const count_t u = x % total;
                x /= total;
                r = q;
                return u;
            }
            x -= q * total;
            r -= q * total;
        }
    }
};
}  // namespace

// The fill of draw(d) is min(W·T, ⌊(2^128 − 1)/R⌋) (docs/spec.md, section 4): here with T = 2^64
// on a d6, where W·T passes what one more roll keeps in 128 bits, followed by the spec's rule in
// the test ({2^64 − 3, 1, 1}: one level, W = 2^64 − 1, lcm(3, W) = W).
TEST_CASE("draw(d) fills to W·T, or as far as 128 bits hold one more digit", "[pool][loaded]") {
    const std::vector<std::uint64_t> w{~std::uint64_t{0} - 2, 1, 1};
    const discrete_distribution<int> d(w.begin(), w.end());
    REQUIRE(d.param().levels() == 1);
    const count_t total = ~std::uint64_t{0}, fill = ~count_t{0} / 6;  // W·2^64 is past the cap
    splitmix64 g{77};
    std::vector<std::uint64_t> digits;
    for (int i = 0; i < 4000; ++i) digits.push_back(g() % 6);
    std::size_t used = 0;
    auto roll = from_values<d6>([&] { return digits.at(used++); });
    basic_entropy_pool<decltype(roll), two_to_64> pool(roll);
    spec_register reg;
    count_t &x = reg.x, &r = reg.r;
    const std::size_t& read = reg.read;
    for (int draw = 0; draw < 40; ++draw) {
        const count_t u = reg.draw_below(digits, 6, total, fill);
        const int outcome = u < w[0] ? 0 : u < count_t{w[0]} + 1 ? 1 : 2;
        const count_t begin = outcome == 0 ? 0 : outcome == 1 ? count_t{w[0]} : count_t{w[0]} + 1;
        x = x * w[static_cast<std::size_t>(outcome)] + (u - begin);
        r *= w[static_cast<std::size_t>(outcome)];
        REQUIRE(pool.draw(d) == outcome);
        REQUIRE(used == read);
    }
    REQUIRE(read >= 49);  // 6^49 is the first power of 6 past ⌊(2^128 − 1)/6⌋
}

// ---- weights of several levels: level 0's columns cut by a scan, the tail on as d's own draw ----

namespace {
// {1e-5, 1, 3.5}, two levels, computed apart from the library (the spec's rules in Python
// integers and fractions): canonical weights v = {5902958103587057, 590295810358705651712,
// 2066035336255469780992} (V has 72 bits), level 0's cut F_0 = 9, parts a_i = ⌊v_i / 2^9⌋,
// tail t = 4 (X = 241/512: level 1 is outcome 0's residue 241 alone, then padding to a
// multiple of 4), Z_0 = Σ a_i + t. With the tail's own law (below) they give each outcome
// exactly v_i / V: a_i / Z_0 + (t / Z_0)·P(i | tail) = v_i / V.
constexpr std::uint64_t parts_1e5[] = {11529215046068, 1152921504606846976, 4035225266123964416};
constexpr std::uint64_t tail_1e5 = 4, total_1e5 = 5188158299945857464;
constexpr count_t canonical_1e5[] = {5902958103587057, count_t{1} << 69, count_t{7} << 68};
// {0.0001, 0.9999}: F_0 = 4, t = 3 (X = 13/16)
constexpr std::uint64_t parts_1e4[] = {461168601842738, 4611224849825545216};
constexpr std::uint64_t tail_1e4 = 3, total_1e4 = 4611686018427387957;

// The pool's draw(d) for weights of several levels by the spec's rule (section 4), from the
// digits of a source of `faces` faces, Threshold 2^32, as long as no draw lands in level 0's
// tail (probability below 2^-60 a draw): u = the loop of draw(Z_0) filled to min(Z_0·2^32,
// ⌊(2^128 − 1)/K⌋), the column whose [c_j, c_j + a_j) holds u, x = x·a_j + (u − c_j).
struct spec_levels_pool : spec_register {
    const std::uint64_t* parts;
    std::size_t n;
    std::uint64_t total;
    count_t faces;
    spec_levels_pool(const std::uint64_t* p, std::size_t count, std::uint64_t z, count_t k)
        : parts(p), n(count), total(z), faces(k) {}
    int draw(const std::vector<std::uint64_t>& digits) {
        const count_t u = draw_below(digits, faces, total, std::min(count_t{total} << 32, ~count_t{0} / faces));
        count_t begin = 0;
        for (std::size_t j = 0; j < n; ++j) {
            if (u < begin + parts[j]) {
                x = x * parts[j] + (u - begin);
                r *= parts[j];
                return static_cast<int>(j);
            }
            begin += parts[j];
        }
        return -1;  // the tail: not followed here
    }
};
}  // namespace

TEST_CASE("draw(d) of several levels: level 0 is the weights' parts and a tail, as computed apart", "[pool][loaded]") {
    const discrete_distribution<int> d({1e-5, 1, 3.5});
    REQUIRE(d.param().levels() == 2);
    REQUIRE(d.cut_view().size == 0);  // no running sums
    const auto& levels = d.level_view();
    REQUIRE(levels.top.total == total_1e5);
    REQUIRE(levels.top.tail_weight == tail_1e5);
    count_t sum = tail_1e5;
    for (std::size_t i = 0; i < 3; ++i) {
        REQUIRE(levels.column_weight(0, i) == parts_1e5[i]);
        // the constants: a_i·2^9 <= v_i < (a_i + 1)·2^9
        REQUIRE(count_t{parts_1e5[i]} << 9 <= canonical_1e5[i]);
        REQUIRE(canonical_1e5[i] < (count_t{parts_1e5[i]} + 1) << 9);
        sum += parts_1e5[i];
    }
    REQUIRE(sum == total_1e5);
    const discrete_distribution<int> d2({0.0001, 0.9999});
    REQUIRE(d2.param().levels() == 2);
    REQUIRE(d2.level_view().top.total == total_1e4);
    REQUIRE(d2.level_view().top.tail_weight == tail_1e4);
    for (std::size_t i = 0; i < 2; ++i) REQUIRE(d2.level_view().column_weight(0, i) == parts_1e4[i]);
}

// The cut of level 0 reads level 0 whether the levels are held (a distribution's: the parts read
// from the exact weights) or made (every level's columns stored): the same column, begin and
// weight for u at every edge of the parts computed apart, the tail included.
TEST_CASE("level 0's column of u: held and made levels alike, at every edge", "[pool][loaded]") {
    const discrete_distribution<int> d({1e-5, 1, 3.5});
    const detail::weight_levels& held = d.level_view();
    REQUIRE(held.held());
    const detail::weight_levels made = detail::make_levels(detail::canonical(detail::exact_values(
        std::begin(canonical_1e5), std::end(canonical_1e5))));
    REQUIRE_FALSE(made.held());
    REQUIRE(made.count() == 2);
    std::uint64_t begin = 0;
    for (std::size_t j = 0; j <= 3; ++j) {
        const std::uint64_t weight = j < 3 ? parts_1e5[j] : tail_1e5;
        for (const std::uint64_t u : {begin, begin + weight / 2, begin + weight - 1}) {
            INFO("column " << j << ", u = " << u);
            for (const detail::weight_levels* w : {&held, &made}) {
                const detail::level_0_column c = detail::level_0_column_at(*w, u);
                REQUIRE(c.column == j);
                REQUIRE(c.begin == begin);
                REQUIRE(c.weight == weight);
            }
        }
        begin += weight;
    }
    REQUIRE(begin == total_1e5);
}

// Threshold 1 on 64-bit words: one word w fills the register to 2^64 >= Z_0, and q = ⌊2^64/Z_0⌋ = 3,
// so u = w for w < Z_0, and the register keeps x = 0, r = 3. Outcome i's column is [c_i, c_i + a_i),
// and then x = u − c_i, r = 3·a_i: a draw of a_i gives u − c_i back with no roll.
TEST_CASE("draw(d) of several levels: u cut by level 0's parts, and u − c_i kept with weight a_i", "[pool][loaded]") {
    const discrete_distribution<int> d({1e-5, 1, 3.5});
    const std::uint64_t c1 = parts_1e5[0], c2 = c1 + parts_1e5[1], c3 = c2 + parts_1e5[2];
    REQUIRE(c3 + tail_1e5 == total_1e5);
    const std::uint64_t begins[] = {0, c1, c2};
    for (const auto& [u, outcome] : {std::pair{std::uint64_t{0}, 0}, {c1 - 1, 0}, {c1, 1}, {c1 + 12345, 1}, {c2 - 1, 1},
                                     {c2, 2}, {c3 - 1, 2}}) {
        INFO("u = " << u);
        auto words = from_values<die<two_to_64>>([u = u]() { return u; });
        basic_entropy_pool<decltype(words), 1> pool(words);
        REQUIRE(pool.draw(d) == outcome);
        REQUIRE(pool.rolls() == 1);
        const std::uint64_t part = parts_1e5[static_cast<std::size_t>(outcome)];
        REQUIRE(pool.range() == 3 * count_t{part});
        REQUIRE(pool.draw(part) == u - begins[static_cast<std::size_t>(outcome)]);
        REQUIRE(pool.rolls() == 1);
    }
}

TEST_CASE("draw(d) of several levels follows the spec's rule, values and rolls", "[pool][loaded]") {
    // the spec's rule with the parts computed apart, on a d6 and on a coin, threshold 2^32
    struct vector_case {
        std::vector<double> weights;
        const std::uint64_t* parts;
        std::uint64_t total;
    };
    for (const auto& [weights, parts, total] : {vector_case{{1e-5, 1, 3.5}, parts_1e5, total_1e5},
                                                vector_case{{0.0001, 0.9999}, parts_1e4, total_1e4}}) {
        const discrete_distribution<int> d(weights.begin(), weights.end());
        for (const std::uint64_t faces : {std::uint64_t{6}, std::uint64_t{2}}) {
            INFO("weights " << weights.size() << ", K = " << faces);
            splitmix64 g{faces};
            std::vector<std::uint64_t> digits;
            for (int i = 0; i < 20000; ++i) digits.push_back(uniform_below(g, faces));
            std::size_t used = 0;
            auto roll6 = from_values<d6>([&] { return digits.at(used++); });
            auto flip = from_values<coin>([&] { return digits.at(used++); });
            basic_entropy_pool<decltype(roll6)> pool6(roll6);
            basic_entropy_pool<decltype(flip)> pool2(flip);
            spec_levels_pool spec{parts, weights.size(), total, faces};
            std::vector<int> seen(weights.size());
            for (int i = 0; i < 3000; ++i) {
                const int expected = spec.draw(digits);
                REQUIRE(expected >= 0);
                REQUIRE((faces == 6 ? pool6.draw(d) : pool2.draw(d)) == expected);
                REQUIRE(used == spec.read);
                ++seen[static_cast<std::size_t>(expected)];
            }
            REQUIRE((faces == 6 ? pool6.range() : pool2.range()) == spec.r);
            REQUIRE(seen.back() > 2000);
        }
    }
}

// A draw that lands in level 0's tail (u = c_n + k, k uniform on [0, t), scripted as the first
// word of a pool of threshold 1) keeps k with weight t, then goes on as d's own draw goes on from
// level 0's tail, from the pool's words. For {1e-5, 1, 3.5}: down to level 1 (outcome 0) with
// probability X/t = 241/2048, else from level 0 again (v_i / V), so
// P(i | tail) = (241/2048)·[i = 0] + (1 − 241/2048)·v_i / V, which is (Python fractions)
// 312591745894634973425 / 2656337049572279019761 = 0.117677741966128..., 0.196071612896415...,
// 0.686250645137455...
TEST_CASE("draw(d) of several levels: from level 0's tail, on as d's own draw", "[pool][loaded]") {
    const discrete_distribution<int> d({1e-5, 1, 3.5});
    const std::uint64_t tail_begin = total_1e5 - tail_1e5;
    const double expected[] = {0.11767774196612897, 0.19607161289641578, 0.6862506451374553};
    splitmix64 g{31}, words_from{32};
    std::vector<double> seen(3);
    const int trials = 60000;
    for (int t = 0; t < trials; ++t) {
        const std::uint64_t k = uniform_below(g, tail_1e5);
        const splitmix64 twin_from = words_from;
        bool first = true;
        auto words = from_values<die<two_to_64>>([&]() -> std::uint64_t {
            if (!first) return words_from();
            first = false;
            return tail_begin + k;
        });
        basic_entropy_pool<decltype(words), 1> pool(words);
        const int v = pool.draw(d);
        ++seen[static_cast<std::size_t>(v)];
        // the tail's k is kept, with weight t (x = 0·t + k, r = 3·t); the draws of 2^32 that made
        // the words after it each added a fresh digit and took it back, and left x and r so
        REQUIRE(pool.range() == 3 * tail_1e5);
        const std::uint64_t rolls = pool.rolls();
        REQUIRE(pool.draw(3 * tail_1e5) == k);
        REQUIRE(pool.rolls() == rolls);
        // d's own draw from level 0's tail on, from the same words (each of two 32-bit draws: here the word itself)
        splitmix64 twin = twin_from;
        auto twin_words = from_values<die<two_to_64>>([&] { return twin(); });
        detail::source_draws draws{twin_words};
        REQUIRE(static_cast<std::size_t>(v) == detail::draw_past_level_0(detail::erased_draws::of(draws), d.level_view()));
        REQUIRE(twin() == words_from());  // the same words used
    }
    double x2 = 0;
    for (std::size_t i = 0; i < 3; ++i) {
        const double e = expected[i] * trials;
        x2 += (seen[i] - e) * (seen[i] - e) / e;
    }
    INFO("outcomes from the tail " << seen[0] << ", " << seen[1] << ", " << seen[2]);
    REQUIRE(x2 < testing::critical_value(3));
}

namespace {
double entropy_in_bits(const std::vector<double>& w) {
    double total = 0, h = 0;
    for (double x : w) total += x;
    for (double x : w)
        if (x > 0) h -= x / total * std::log2(x / total);
    return h;
}
}  // namespace

// Randomness recycling made exact: the rolls per draw approach H / log2 K
// (H the weights' entropy), not log_K W; and the bits spent (rolls·log2 K
// less the bits the register still holds) stay within 1.001 of what the
// outcomes drawn carry, Σ log2(W / W_i). For weights of little entropy (1
// and 1000: H = 0.0114 bits) 10^6 draws carry only 11 400 bits, which the
// luck of the draws moves by ±3%, and one rejection of the register (about
// once in 10^7 draws at its 2^32 to 2^33 range) costs its ~23 bits at once:
// there the bits spent are checked within 64 of the bits drawn (without
// recycling they would be 10^7). Weights of several levels are drawn from
// a register filled to Z_0·2^32 (Z_0 near 2^62), refused about once in 2^32
// draws: they are held to 1.001 whatever their entropy (even {0.0001,
// 0.9999}, H = 0.0015 bits, 1470 bits in 10^6 draws; before, d's own draw
// from the pool's words cost some 30 to 85 rolls a draw, from a d6 or a coin).
TEST_CASE("draw(d): rolls per draw within 1.001 of H / log2 K over 10^6 draws", "[pool][loaded][long]") {
    const long draws = 1000000;
    // {0.1, 0.2, 0.7}: one level, W = 2^55 − 1, which a range filled only to W
    // refused often enough to cost 1.71 × H / log2 K rolls on a d6
    std::vector<std::vector<double>> tables = {{3, 2, 1}, {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}, {5, 0, 2, 9, 13, 1}, {1, 1000},
                                               {0.1, 0.2, 0.7}};
    // several levels: {1e-5, 1, 3.5}, {0.0001, 0.9999}, e^-k for k = 0 … 9, and 100 doubles in (0, 1)
    // (a 64-bit word times 2^-64, rounded to a double: a spread of exponents)
    const std::size_t first_of_several = tables.size();
    tables.push_back({1e-5, 1, 3.5});
    tables.push_back({0.0001, 0.9999});
    tables.emplace_back();
    for (int k = 0; k < 10; ++k) tables.back().push_back(std::exp(-k));
    tables.emplace_back();
    splitmix64 spread{100};
    for (int i = 0; i < 100; ++i) tables.back().push_back(std::ldexp(static_cast<double>(spread() | 1), -64));
    for (const auto& w : tables) {
        const discrete_distribution<int> d(w.begin(), w.end());
        const bool several = &w - tables.data() >= static_cast<std::ptrdiff_t>(first_of_several);
        REQUIRE((d.param().levels() > 1) == several);
        const double h = entropy_in_bits(w);
        double total = 0, variance = 0;
        for (double x : w) total += x;
        for (double x : w)
            if (x > 0) variance += x / total * std::pow(std::log2(total / x) - h, 2);
        const double information_sd = std::sqrt(variance);  // of one draw's log2(W / W_i)
        std::mt19937_64 engine(w.size());
        auto coin_source = from_values<coin>([&] { return engine() >> 63; });
        auto d6_source = from_values<d6>([&] { return uniform_below(engine, 6); });
        auto d20_source = from_values<d20>([&] { return uniform_below(engine, 20); });
        auto check = [&](auto& source, double faces) {
            entropy_pool<std::remove_reference_t<decltype(source)>> pool(source);
            std::vector<long> count(w.size());
            double drawn_bits = 0;
            for (long i = 0; i < draws; ++i) {
                const auto v = static_cast<std::size_t>(pool.draw(d));
                ++count[v];
                drawn_bits += std::log2(total / w[v]);
            }
            // the outcomes are right: within 6 standard deviations of W_i / W
            for (std::size_t i = 0; i < w.size(); ++i) {
                const double p = w[i] / total, expected = p * draws;
                REQUIRE(std::abs(static_cast<double>(count[i]) - expected) <= 6 * std::sqrt(expected * (1 - p)) + 1e-9);
            }
            const double per_draw = static_cast<double>(pool.rolls()) / static_cast<double>(draws);
            const double spent = static_cast<double>(pool.rolls()) * std::log2(faces) - std::log2(static_cast<double>(pool.range()));
            INFO("H = " << h << " bits, K = " << faces << ", rolls per draw " << per_draw);
            if (h >= 1 || several) {
                // against H, give or take the luck of the draws: three standard deviations of the
                // mean information of 10^6 draws (for {0.1, 0.2, 0.7}, 0.09% of H each)
                REQUIRE(per_draw <= (1.001 * h + 3 * information_sd / std::sqrt(static_cast<double>(draws))) / std::log2(faces));
                REQUIRE(spent <= 1.001 * drawn_bits);
            } else {
                REQUIRE(spent <= drawn_bits + 64);
            }
            REQUIRE(spent >= drawn_bits * (1 - 1e-9));  // no sampler spends less than what it gives
        };
        check(coin_source, 2);
        check(d6_source, 6);
        check(d20_source, 20);
    }
}

TEST_CASE("a 64-bit roll is two 32-bit digits, the high half first", "[pool]") {
    // spec: a word of a 64-bit source gives the pool two digits of 32 bits, its high half first
    const std::uint64_t rolled[] = {0x0000000500000003u, 0x0000000900000007u};
    std::size_t next = 0;
    auto words = from_values<die<two_to_64>>([&] { return rolled[next++]; });
    entropy_pool<decltype(words)> pool(words);
    REQUIRE(pool.draw(std::uint64_t{1} << 32) == 5);
    REQUIRE(pool.rolls() == 1);
    REQUIRE(pool.draw(std::uint64_t{1} << 32) == 3);  // the low half, without a roll
    REQUIRE(pool.rolls() == 1);
    REQUIRE(pool.draw(std::uint64_t{1} << 32) == 9);
    REQUIRE(pool.draw(std::uint64_t{1} << 32) == 7);
    REQUIRE(pool.rolls() == 2);
}
