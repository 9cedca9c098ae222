#include <rollplan/discrete.hpp>
#include <rollplan/engines.hpp>
#include <rollplan/verify.hpp>

#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "support.hpp"

using namespace rollplan;

namespace {
using words = std::vector<std::uint64_t>;
}

// ---- weights, exactly ---------------------------------------------------------------

TEST_CASE("discrete_distribution samples the doubles' exact values", "[discrete]") {
    // expected: tests/golden/discrete_weights.py, Python's fractions on the same doubles
    REQUIRE(discrete_distribution<int>({0.1, 0.2, 0.7}).param().weights() ==
            words{3602879701896397, 7205759403792794, 25220157913274776});
    REQUIRE(discrete_distribution<int>({0.3, 0.0, 0.25}).param().weights() == words{5404319552844595, 0, 4503599627370496});
    REQUIRE(discrete_distribution<int>({1.0 / 3, 2.0 / 3}).param().weights() == words{6004799503160661, 12009599006321322});
    REQUIRE(discrete_distribution<int>({2.0, 4.0, 0.5}).param().weights() == words{4, 8, 1});
    // integers are exact as they are, and whole doubles stay the same integers
    const std::vector<int> ints{3, 2, 1};
    REQUIRE(discrete_distribution<int>(ints.begin(), ints.end()).param().weights() == words{3, 2, 1});
    REQUIRE(discrete_distribution<int>({3, 2, 1}).param().weights() == words{3, 2, 1});
    REQUIRE(discrete_distribution<int>({3, 2, 1}).param().total_weight() == 6);
    const std::vector<std::uint64_t> huge{~std::uint64_t{0}, 1};
    REQUIRE(discrete_distribution<int>(huge.begin(), huge.end()).param().total_weight() == two_to_64);
}

TEST_CASE("discrete_distribution refuses bad weights, naming the weight", "[discrete]") {
    using D = discrete_distribution<int>;
    REQUIRE_THROWS_WITH(D({1.0, -0.5}), Catch::Contains("rollplan: discrete_distribution: a weight is negative") &&
                                            Catch::Contains("(weight 1 = -0.5)"));
    REQUIRE_THROWS_WITH(D({1.0, std::numeric_limits<double>::quiet_NaN()}),
                        Catch::Contains("a weight is not a number (NaN)") && Catch::Contains("weight 1"));
    REQUIRE_THROWS_WITH(D({std::numeric_limits<double>::infinity(), 1.0}),
                        Catch::Contains("a weight is infinite") && Catch::Contains("weight 0 = inf"));
    REQUIRE_THROWS_WITH(D({0.0, 0.0}), Catch::Contains("rollplan: discrete_distribution: every weight is zero"));
    // 1e-5's exact value next to 1.0 needs 70 bits at a common scale: refused, not rounded
    REQUIRE_THROWS_WITH(D({1e-5, 1.0, 3.5}), Catch::Contains("need more than 64 bits at a common scale") &&
                                                 Catch::Contains("(weight 1 = 1)"));
    // std's continuous form with weights of every size: their exact values do not share 64 bits
    REQUIRE_THROWS_WITH(D(1000, 0.0, 1.0, [](double x) { return x * x; }), Catch::Contains("need more than 64 bits"));
    const std::vector<int> negative{2, -3};
    REQUIRE_THROWS_WITH(D(negative.begin(), negative.end()), Catch::Contains("(weight 1 = -3)"));
    const std::vector<std::uint64_t> past{~std::uint64_t{0}, 2};
    REQUIRE_THROWS_WITH(D(past.begin(), past.end()), Catch::Contains("the weights add up to more than 2^64"));
    const std::vector<long double> not_double{1.0L, 0.1L};
    REQUIRE_THROWS_WITH(D(not_double.begin(), not_double.end()), Catch::Contains("a weight is not exactly a double"));
    const std::vector<int> none;
    REQUIRE_THROWS_WITH(D(none.begin(), none.end()), Catch::Contains("needs at least one weight"));
}

// ---- the alias table ---------------------------------------------------------------

// The invariant: outcome i owns exactly W_i·n/g of the n·C slots, counted
// through the table's own map.
TEST_CASE("the alias table gives each outcome its weight's share of the slots", "[discrete]") {
    std::mt19937 pick{2024};
    for (int trial = 0; trial < 300; ++trial) {
        const std::size_t n = 1 + pick() % 40;
        std::vector<std::uint64_t> w(n);
        for (auto& x : w) x = pick() % 4 == 0 ? 0 : pick() % 1000;
        if (std::all_of(w.begin(), w.end(), [](auto x) { return x == 0; })) w[0] = 1;
        const discrete_distribution<int>::param_type p(w.begin(), w.end());
        count_t total = 0;
        for (auto x : w) total += x;
        const count_t g = detail::gcd(count_t{n}, total);
        REQUIRE(p.columns() == n);
        REQUIRE(p.capacity() == total / g);
        std::vector<count_t> owned(n);
        for (std::uint64_t j = 0; j < n; ++j)
            for (count_t r = 0; r < p.capacity(); ++r) ++owned[p.outcome_of(j, r)];
        for (std::size_t i = 0; i < n; ++i) REQUIRE(owned[i] == count_t{w[i]} * (count_t{n} / g));
    }
}

// Through the real draw, on every sequence of rolls of small dice: exact
// where every sequence finishes, the bias bounded where some do not.
TEST_CASE("discrete_distribution's draws from dice, checked on every roll sequence", "[discrete]") {
    const discrete_distribution<int> d321({3, 2, 1});
    const auto from_d6 = check_sampler<d6, loaded<3, 2, 1>>([&](auto& roll) { return d321(roll); }, 2);
    REQUIRE(from_d6.proves_exact());
    const discrete_distribution<int> table({5, 0, 2, 3, 2});
    const auto from_coin = check_sampler<coin, loaded<5, 0, 2, 3, 2>>([&](auto& flip) { return table(flip); }, 14);
    REQUIRE_FALSE(from_coin.proves_biased());
    REQUIRE(from_coin.bias_bound() < rational{1, 1000});
    // the same sampler against wrong weights is refused
    REQUIRE(check_sampler<d6, loaded<2, 2, 2>>([&](auto& roll) { return d321(roll); }, 2).proves_biased());
    // one positive weight rolls nothing
    const discrete_distribution<int> certain({0, 4, 0});
    REQUIRE(check_sampler<d6, loaded<0, 1, 0>>([&](auto& roll) { return certain(roll); }, 0).proves_exact());
}

namespace {
// d(g) on an engine is the table's outcome for the slot u = uniform_below(g, n·C)
// (the default plan for n·C values), column ⌊u/C⌋, threshold u mod C.
template <class G>
void same_as_uniform_slot(G g, const discrete_distribution<int>& d, int draws) {
    G twin = g;
    const count_t slots = d.param().columns() * d.param().capacity();
    REQUIRE(slots < two_to_64);
    for (int i = 0; i < draws; ++i) {
        const count_t u = uniform_below(twin, static_cast<std::uint64_t>(slots));
        REQUIRE(d(g) == static_cast<int>(d.param().outcome_of(static_cast<std::uint64_t>(u / d.param().capacity()),
                                                              u % d.param().capacity())));
    }
}
}  // namespace

TEST_CASE("discrete_distribution on engines: Lemire's map onto n·C slots, split by two multiplications", "[discrete]") {
    const discrete_distribution<int> small({3, 2, 1}), doubles({0.1, 0.2, 0.7}),
        many(1000, 0.0, 1.0, [](double x) { return static_cast<double>(static_cast<int>(x * 1000) % 97); });
    for (const auto* d : {&small, &doubles, &many}) {
        same_as_uniform_slot(splitmix64{1}, *d, 20000);
        same_as_uniform_slot(std::mt19937{2}, *d, 20000);  // one 32-bit word, or two past 2^32 slots
        same_as_uniform_slot(std::mt19937_64{3}, *d, 20000);
        same_as_uniform_slot(pcg32{4, 5}, *d, 20000);
        same_as_uniform_slot(std::minstd_rand{6}, *d, 2000);  // not a word: the Knuth–Yao loop, then ⌊u/C⌋
    }
}

TEST_CASE("discrete_distribution: chi-square through five engines", "[discrete]") {
    const std::vector<double> w{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
    const discrete_distribution<int> d(w.begin(), w.end());
    auto check = [&](auto g) {
        std::vector<double> count(w.size());
        const int draws = 360000;
        for (int i = 0; i < draws; ++i) ++count[static_cast<std::size_t>(d(g))];
        double x2 = 0;
        for (std::size_t i = 0; i < w.size(); ++i) {
            const double expected = draws * w[i] / 36;
            x2 += (count[i] - expected) * (count[i] - expected) / expected;
        }
        REQUIRE(x2 < testing::critical_value(w.size()));
    };
    check(splitmix64{11});
    check(std::mt19937{12});
    check(std::mt19937_64{13});
    check(pcg32{14, 15});
    check(xoshiro256starstar{16});
}

// ---- the std surface ----------------------------------------------------------------

TEST_CASE("discrete_distribution<T> as std's: constructors, members, streams", "[discrete]") {
    using D = discrete_distribution<long>;
    STATIC_REQUIRE(std::is_same_v<D::result_type, long>);
    const D one;  // one weight of 1
    REQUIRE(one.probabilities() == std::vector<double>{1.0});
    REQUIRE(one.min() == 0);
    REQUIRE(one.max() == 0);
    splitmix64 g{1};
    REQUIRE(one(g) == 0);
    // (count, xmin, xmax, fw) samples fw at the middle of each of count equal steps, as std's
    const D from_function(4, 0.0, 8.0, [](double x) { return x; });
    const std::discrete_distribution<long> std_from_function(4, 0.0, 8.0, [](double x) { return x; });
    REQUIRE(from_function.param().weights() == words{1, 3, 5, 7});
    for (std::size_t i = 0; i < 4; ++i) REQUIRE(from_function.probabilities()[i] == Approx(std_from_function.probabilities()[i]));
    REQUIRE(D(0, 0.0, 1.0, [](double) { return 5.0; }).probabilities() == std::vector<double>{1.0});
    D d({1.0, 3.0});
    REQUIRE(d.max() == 1);
    REQUIRE(d.probabilities() == std::vector<double>{0.25, 0.75});
    d.param(D::param_type({2.0, 2.0, 4.0}));
    REQUIRE(d.max() == 2);
    REQUIRE_FALSE(d == D({1.0, 1.0, 2.0}));  // the weights, not only their ratios, are the parameter
    REQUIRE(d == D({2, 2, 4}));
    d.reset();
    REQUIRE(d(g, D::param_type({0.0, 1.0})) == 1);
    // << and >> round-trip the exact integer weights
    const D exact({0.1, 0.2, 0.7});
    std::stringstream s;
    s << exact;
    REQUIRE(s.str() == "3 3602879701896397 7205759403792794 25220157913274776");
    D back;
    s >> back;
    REQUIRE(back == exact);
    for (const char* input : {"2 0 0", "2 -1 3", "-2 1 1", "2 18446744073709551616 1"}) {  // -1 is no weight (no num_get wrap)
        INFO(input);
        std::stringstream bad(input);
        bad >> back;
        REQUIRE(bad.fail());
        REQUIRE(back == exact);
    }
    // generate_random: d(g) for each element
    std::array<long, 8> filled{}, looped{};
    splitmix64 a{9}, b{9};
    exact.generate_random(filled, a);
    for (auto& v : looped) v = exact(b);
    REQUIRE(filled == looped);
}

TEST_CASE("discrete_distribution: class template argument deduction as std's", "[discrete]") {
    discrete_distribution a({3.0, 2.0, 1.0});
    const std::vector<int> w{3, 2, 1};
    discrete_distribution b(w.begin(), w.end());
    discrete_distribution c(3, 0.0, 3.0, [](double x) { return x; });
    STATIC_REQUIRE(std::is_same_v<decltype(a), discrete_distribution<int>>);
    STATIC_REQUIRE(std::is_same_v<decltype(b), discrete_distribution<int>>);
    STATIC_REQUIRE(std::is_same_v<decltype(c), discrete_distribution<int>>);
    REQUIRE(a == b);
    REQUIRE(c.param().weights() == words{1, 3, 5});
}

TEST_CASE("discrete_distribution<T, W...>: weights at compile time, the loaded plan for the engine", "[discrete]") {
    using D = discrete_distribution<int, 3, 2, 1>;
    STATIC_REQUIRE(std::is_same_v<D::plan_for<splitmix64>, cut<scale<roll<die<two_to_64>>, 6>, 3, 2, 1>>);
    STATIC_REQUIRE(std::is_same_v<D::plan_for<callable_source<d6, std::uint64_t (*)()>>, cut<roll<d6>, 3, 2, 1>>);
    STATIC_REQUIRE(is_exactly_distributed_v<D::plan_for<std::mt19937>, loaded<3, 2, 1>>);
    STATIC_REQUIRE(D{}.min() == 0);
    STATIC_REQUIRE(D{}.max() == 2);
    STATIC_REQUIRE(D{}(splitmix64{5}) < 3);  // in a constant expression
    splitmix64 g{3}, twin{3};
    const D d;
    for (int i = 0; i < 1000; ++i) REQUIRE(d(g) == static_cast<int>(sample<D::plan_for<splitmix64>>(twin)));
    REQUIRE(d.probabilities() == std::vector<double>{0.5, 1.0 / 3, 1.0 / 6});
    std::stringstream s;
    s << d;
    REQUIRE(s.str() == "3 3 2 1");
    D back;
    s >> back;
    REQUIRE(!s.fail());
    std::stringstream other("3 1 2 3");
    other >> back;
    REQUIRE(other.fail());
    // the same plan on a coin: the Knuth–Yao tree, checked on every sequence of 12 flips
    using on_coin = discrete_distribution<unsigned char, 3, 0, 2, 1>::plan_for<callable_source<coin, std::uint64_t (*)()>>;
    STATIC_REQUIRE(std::is_same_v<on_coin, knuth_yao<roll<coin>, 3, 0, 2, 1>>);
    STATIC_REQUIRE(verify_exhaustively<on_coin>(12));
}

// ---- bernoulli ------------------------------------------------------------------------

TEST_CASE("bernoulli_distribution: a double's exact value, a rational, as std's", "[discrete][bernoulli]") {
    STATIC_REQUIRE(std::is_same_v<bernoulli_distribution::result_type, bool>);
    const bernoulli_distribution half;
    REQUIRE(half.p() == 0.5);
    REQUIRE(half.min() == false);
    REQUIRE(half.max() == true);
    // one flip of a coin for 1/2; 1/3 as a rational from a d6, one roll; checked on every sequence
    REQUIRE(check_sampler<coin, loaded<1, 1>>([&](auto& flip) { return half(flip) ? 1 : 0; }, 1).proves_exact());
    const bernoulli_distribution third{rational{1, 3}};
    REQUIRE(check_sampler<d6, loaded<2, 1>>([&](auto& roll) { return third(roll) ? 1 : 0; }, 1).proves_exact());
    REQUIRE(check_sampler<d6, loaded<1, 1>>([&](auto& roll) { return third(roll) ? 1 : 0; }, 1).proves_biased());
    // p = m·2^−k with k <= 63: u = uniform_below(g, 2^k), true when u < m; 0.1 is m·2^−55
    const bernoulli_distribution tenth{0.1};
    splitmix64 g{7}, twin{7};
    for (int i = 0; i < 10000; ++i) REQUIRE(tenth(g) == (uniform_below(twin, std::uint64_t{1} << 55) < 3602879701896397u));
    // 0 and 1 roll nothing
    auto no_roll = from_values<die<two_to_64>>([]() -> std::uint64_t { throw std::logic_error("rolled"); });
    REQUIRE_FALSE(bernoulli_distribution{0.0}(no_roll));
    REQUIRE(bernoulli_distribution{1.0}(no_roll));
    REQUIRE(bernoulli_distribution{rational{5, 5}}(no_roll));
}

TEST_CASE("bernoulli_distribution past 63 bits: words of p against uniform words", "[discrete][bernoulli]") {
    // p = 2^−70: word 0 of p is 0, word 1 is 2^58 (bits 65 … 128 after the point)
    const bernoulli_distribution tiny{0x1p-70};
    auto replay = [](words w) {
        return [w, i = std::size_t{0}]() mutable { return w.at(i++); };
    };
    REQUIRE(tiny(from_values<die<two_to_64>>(replay({0, (std::uint64_t{1} << 58) - 1}))));
    REQUIRE_FALSE(tiny(from_values<die<two_to_64>>(replay({0, std::uint64_t{1} << 58}))));
    REQUIRE_FALSE(tiny(from_values<die<two_to_64>>(replay({1}))));
    // 1/3 as a double has 54 bits; (1 + 2^-52)·2^-20 has 73: its last word decides on equality
    const double p = (1 + 0x1p-52) * 0x1p-20;
    const bernoulli_distribution long_bits{p};
    const std::uint64_t word0 = std::uint64_t{1} << 44, word1 = std::uint64_t{1} << 56;  // 2^-20 and 2^-72
    REQUIRE(long_bits(from_values<die<two_to_64>>(replay({word0, word1 - 1}))));
    REQUIRE_FALSE(long_bits(from_values<die<two_to_64>>(replay({word0, word1}))));
    REQUIRE(long_bits(from_values<die<two_to_64>>(replay({word0 - 1}))));
    // on a 32-bit engine each 64-bit word is two draws, the first the high half
    std::mt19937 m{1};
    int hits = 0;
    for (int i = 0; i < 1000; ++i) hits += tiny(m);
    REQUIRE(hits == 0);
}

TEST_CASE("bernoulli_distribution: bad p, streams, equality", "[discrete][bernoulli]") {
    REQUIRE_THROWS_WITH(bernoulli_distribution{1.5}, Catch::Contains("rollplan: bernoulli_distribution needs a probability p in [0, 1]") &&
                                                         Catch::Contains("(p = 1.5)"));
    REQUIRE_THROWS_WITH(bernoulli_distribution{-0.25}, Catch::Contains("(p = -0.25)"));
    REQUIRE_THROWS_WITH(bernoulli_distribution{std::numeric_limits<double>::quiet_NaN()}, Catch::Contains("(p = nan)"));
    REQUIRE_THROWS_WITH((bernoulli_distribution{rational{4, 3}}), Catch::Contains("needs a probability p in [0, 1]"));
    std::stringstream s;
    const bernoulli_distribution tenth{0.1}, third{rational{1, 3}};
    s << tenth << ' ' << third;
    REQUIRE(s.str() == "0.10000000000000001 1/3");
    bernoulli_distribution a, b;
    s >> a >> b;
    REQUIRE(a == tenth);
    REQUIRE(b == third);
    REQUIRE(!(a == b));
    std::stringstream bad("1.5");
    bad >> a;
    REQUIRE(bad.fail());
    REQUIRE(a == tenth);
    REQUIRE(bernoulli_distribution{0.25} == bernoulli_distribution{bernoulli_distribution::param_type{0.25}});
}

// Lemire's threshold is L mod n·C, and a low part equal to it is accepted
// (as scale does): weights 3, 2, 1 make 6 slots, 2^64 mod 6 = 4 = 2^32 mod 6.
TEST_CASE("discrete_distribution accepts a low part equal to Lemire's threshold", "[discrete]") {
    const discrete_distribution<int> d({3, 2, 1});
    auto replay = [](words w) { return [w, i = std::size_t{0}]() mutable { return w.at(i++); }; };
    // v·6 = 2·2^64 + 4: slot 2 (column 1, outcome 1); a rejection would read the next word, 0 (outcome 0)
    REQUIRE(d(from_values<die<two_to_64>>(replay({6148914691236517206u, 0}))) == 1);
    REQUIRE(d(from_values<die<count_t{1} << 32>>(replay({1431655766u, 0}))) == 1);
    REQUIRE(uniform_below(from_values<die<two_to_64>>(replay({6148914691236517206u, 0})), 6) == 2);
}

TEST_CASE("discrete_distribution past 2^64 slots: the column, then the threshold", "[discrete]") {
    // W = 2^64 over 3 weights: g = 1, C = 2^64, 3·2^64 slots
    const words w{std::uint64_t{1} << 63, (std::uint64_t{1} << 63) - 1, 1};
    const discrete_distribution<int> d(w.begin(), w.end());
    REQUIRE(d.param().capacity() == two_to_64);
    splitmix64 g{21}, twin{21};
    std::mt19937 m{22}, m_twin{22};
    for (int i = 0; i < 5000; ++i) {
        const std::uint64_t column = uniform_below(twin, 3), threshold = twin();
        REQUIRE(d(g) == static_cast<int>(d.param().outcome_of(column, threshold)));
        const std::uint64_t m_column = uniform_below(m_twin, 3), high = m_twin(), low = m_twin();
        REQUIRE(d(m) == static_cast<int>(d.param().outcome_of(m_column, count_t{high} << 32 | low)));
    }
}
