#include <rollplan/discrete.hpp>
#include <rollplan/engines.hpp>
#include <rollplan/verify.hpp>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cfenv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <locale>
#include <numeric>
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
    REQUIRE(discrete_distribution<int>({1.0 / 3, 2.0 / 3}).param().weights() == words{1, 2});  // 2/3 is exactly 2·(1/3)
    REQUIRE(discrete_distribution<int>({2.0, 4.0, 0.5}).param().weights() == words{4, 8, 1});
    // integers are exact as they are, divided by their greatest common divisor
    const std::vector<int> ints{3, 2, 1};
    REQUIRE(discrete_distribution<int>(ints.begin(), ints.end()).param().weights() == words{3, 2, 1});
    REQUIRE(discrete_distribution<int>({3, 2, 1}).param().weights() == words{3, 2, 1});
    REQUIRE(discrete_distribution<int>({6, 4, 2}).param().weights() == words{3, 2, 1});
    REQUIRE(discrete_distribution<int>({3, 2, 1}).param().total_weight() == 6);
    const std::vector<std::uint64_t> huge{~std::uint64_t{0}, 1};
    REQUIRE(discrete_distribution<int>(huge.begin(), huge.end()).param().total_weight() == two_to_64);
    const std::vector<count_t> wide{two_to_64, 0};  // a 128-bit weight of 2^64 (it was read as 0)
    REQUIRE(discrete_distribution<int>(wide.begin(), wide.end()).param().weights() == words{1, 0});
    // no weights: one weight of 1, as std's, in every constructor
    const std::vector<double> none;
    REQUIRE(discrete_distribution<int>(none.begin(), none.end()).probabilities() == std::vector<double>{1.0});
    REQUIRE(discrete_distribution<int>(std::initializer_list<double>{}).probabilities() == std::vector<double>{1.0});
    REQUIRE(discrete_distribution<int>::param_type(none.begin(), none.end()) == discrete_distribution<int>::param_type());
}

// Weights std takes that need more than 64 bits at a common scale, exactly:
// the weights written by << are the least integers proportional to them,
// computed by Python's fractions (tests/golden/discrete_weights.py).
TEST_CASE("discrete_distribution takes every weight vector std takes, exactly", "[discrete]") {
    auto text = [](const discrete_distribution<int>& d) {
        std::ostringstream os;
        os << d;
        return os.str();
    };
    REQUIRE(text(discrete_distribution<int>({0.0001, 0.9999})) == "2 7378697629483821 73779597597208723456");
    REQUIRE(text(discrete_distribution<int>({0.001, 0.999})) == "2 1152921504606847 1151768583102240128");
    REQUIRE(text(discrete_distribution<int>({1e-5, 1, 3.5})) ==
            "3 5902958103587057 590295810358705651712 2066035336255469780992");
    REQUIRE(text(discrete_distribution<int>({1e-10, 1})) == "2 7737125245533627 77371252455336267181195264");
    REQUIRE(text(discrete_distribution<int>({5e-324, 1})).size() == 2 + 2 + 324);  // 2^1074: 324 digits
    for (const std::vector<double>& w : std::vector<std::vector<double>>{
             {1e-300, 1}, {5e-324, 1e308}, {5e-324, 1.5e-323, 1}, {100, 0, 1, std::exp(-5.0)}}) {
        const discrete_distribution<int> d(w.begin(), w.end());
        REQUIRE(d.param().levels() >= 2);
        REQUIRE(d.max() == static_cast<int>(w.size()) - 1);
        discrete_distribution<int> back;
        std::istringstream is(text(d));
        is >> back;
        REQUIRE(!is.fail());
        REQUIRE(back == d);
    }
    // each weight's share, as a double, near the exact one
    const discrete_distribution<int> mixed({1e-5, 1, 3.5});
    REQUIRE(mixed.probabilities()[0] == Approx(1e-5 / 4.50001).epsilon(1e-15));
    REQUIRE(mixed.probabilities()[2] == Approx(3.5 / 4.50001).epsilon(1e-15));
    REQUIRE(discrete_distribution<int>({5e-324, 1}).probabilities()[0] == 5e-324);
    REQUIRE(discrete_distribution<int>({1e-300, 1}).probabilities()[0] == Approx(1e-300).epsilon(1e-15));
}

namespace {
// The outcomes of level 0's slots first … last, by columns: within a column the outcome
// changes once at most (at its keep), so its first and last slot in the range tell.
std::vector<int> outcomes_between(const discrete_distribution<int>& d, count_t first, count_t last) {
    const count_t cap = d.param().capacity();
    std::vector<int> out;
    for (count_t j = first / cap; j <= last / cap; ++j) {
        const count_t from = j == first / cap ? first % cap : 0, to = j == last / cap ? last % cap : cap - 1;
        for (const count_t r : {from, to}) {
            const int o = static_cast<int>(d.param().outcome_of(static_cast<std::uint64_t>(j), r));
            if (std::find(out.begin(), out.end(), o) == out.end()) out.push_back(o);
        }
    }
    return out;
}
// The slots that U in [v, v + width)/2^64 can reach: ⌊v·S/2^64⌋ to ⌈(v + width)·S/2^64⌉ − 1.
std::vector<int> outcomes_of_words(const discrete_distribution<int>& d, std::uint64_t v, count_t width) {
    const count_t slots = d.param().columns() * d.param().capacity(), low = count_t{v} * slots;
    const count_t first = low >> 64, reach = static_cast<std::uint64_t>(low) + width * slots;
    return outcomes_between(d, first, first + (reach + two_to_64 - 1) / two_to_64 - 1);
}
// The law of a draw from engine words (spec section 4): the outcome of ⌊U·S⌋ for the real U
// whose digits are the words, which are read until every U that begins with them gives one
// outcome. Checked on the first 64 bits of U: one word read exactly when the first word's
// interval of U has one outcome (on 32-bit words: else a second when the first two have
// one), and the outcome among those the words read allow.
template <count_t K>
void check_word_draw(const discrete_distribution<int>& d, const words& digits) {
    std::size_t used = 0;
    const int value = d(from_values<die<K>>([&] { return digits.at(used++); }));
    INFO("first digit " << digits[0] << ", digits read " << used);
    const std::uint64_t v = K == two_to_64 ? digits[0] : digits[0] << 32;
    const std::vector<int> first = outcomes_of_words(d, v, K == two_to_64 ? 1 : count_t{1} << 32);
    REQUIRE(std::find(first.begin(), first.end(), value) != first.end());
    REQUIRE((used == 1) == (first.size() == 1));
    if (K != two_to_64 && used >= 2) {
        const std::vector<int> two = outcomes_of_words(d, v | digits[1], 1);
        REQUIRE(std::find(two.begin(), two.end(), value) != two.end());
        REQUIRE((used == 2) == (two.size() == 1));
    }
}
template <count_t K, class G>
void check_engine_draws(G g, const discrete_distribution<int>& d, int draws) {
    for (int i = 0; i < draws; ++i) {
        G twin = g;
        words digits;
        for (int k = 0; k < 8; ++k) digits.push_back(static_cast<std::uint64_t>(twin()));
        check_word_draw<K>(d, digits);
        std::size_t used = 0;
        const int value = d(from_values<die<K>>([&] { return digits.at(used++); }));
        REQUIRE(d(g) == value);  // the engine's own draw reads the same words
    }
}
}  // namespace

TEST_CASE("discrete_distribution on weights past 64 bits: the draws of level 0, and shares in a run of draws", "[discrete]") {
    std::vector<double> random;
    std::mt19937_64 pick{7};
    for (int k = 0; k < 10000; ++k) random.push_back(std::generate_canonical<double, 53>(pick));
    std::vector<double> softmax;
    for (int k = 0; k < 200; ++k) softmax.push_back(std::exp(-0.05 * k));
    std::vector<double> decay;
    for (int k = 0; k < 10; ++k) decay.push_back(std::exp(-static_cast<double>(k)));
    for (const std::vector<double>* w : {&random, &softmax, &decay}) {
        const discrete_distribution<int> d(w->begin(), w->end());
        REQUIRE(d.param().levels() >= 2);
        // d(g) is level 0's outcome for the slot ⌊U·Z⌋ (its tail not met in these draws)
        check_engine_draws<two_to_64>(splitmix64{3}, d, 20000);
        check_engine_draws<count_t{1} << 32>(std::mt19937{3}, d, 5000);
    }
    // {0.0001, 0.9999}: a million draws, outcome 0 about 100 times
    const discrete_distribution<int> tiny({0.0001, 0.9999});
    std::mt19937 m{5};
    int zeros = 0;
    for (int i = 0; i < 1000000; ++i) zeros += tiny(m) == 0;
    REQUIRE(zeros > 50);
    REQUIRE(zeros < 160);
}

TEST_CASE("discrete_distribution refuses bad weights, naming the weight as given", "[discrete]") {
    using D = discrete_distribution<int>;
    REQUIRE_THROWS_WITH(D({1.0, -0.5}), Catch::Contains("rollplan: discrete_distribution: a weight is negative") &&
                                            Catch::Contains("(weight 1 = -0.5)"));
    REQUIRE_THROWS_WITH(D({1.0, std::numeric_limits<double>::quiet_NaN()}),
                        Catch::Contains("a weight is not a number (NaN)") && Catch::Contains("weight 1"));
    REQUIRE_THROWS_WITH(D({std::numeric_limits<double>::infinity(), 1.0}),
                        Catch::Contains("a weight is infinite") && Catch::Contains("weight 0 = inf"));
    REQUIRE_THROWS_WITH(D({0.0, 0.0}), Catch::Contains("rollplan: discrete_distribution: every weight is zero"));
    const std::vector<int> negative{2, -3};
    REQUIRE_THROWS_WITH(D(negative.begin(), negative.end()), Catch::Contains("(weight 1 = -3)"));
    const std::vector<long double> not_double{1.0L, 0.1L};
    REQUIRE_THROWS_WITH(D(not_double.begin(), not_double.end()),
                        Catch::Contains("a weight is not exactly a double") && Catch::Contains("(weight 1 = 0.1"));
    const std::vector<long double> tiny{1e-4000L};
    REQUIRE_THROWS_WITH(D(tiny.begin(), tiny.end()), Catch::Contains("(weight 0 = 1.0000000000000000e-4000)") ||
                                                         Catch::Contains("(weight 0 = 1e-4000)"));
    const std::vector<count_t> wide_negative_free{count_t{1} << 100, 1};
    REQUIRE(D(wide_negative_free.begin(), wide_negative_free.end()).param().levels() == 2);
    // the outcomes 0 … n − 1 must fit the result type
    const std::vector<double> many(40000, 1.0);
    REQUIRE_THROWS_WITH(discrete_distribution<short>(many.begin(), many.end()),
                        Catch::Contains("the outcomes 0 to n - 1 do not fit in T") && Catch::Contains("n = 40000"));
    REQUIRE(discrete_distribution<unsigned short>(many.begin(), many.end()).max() == 39999);
}

namespace {
// 2^32 and more weights of 1, as a random-access range that holds none of them.
struct counting {
    using iterator_category = std::random_access_iterator_tag;
    using value_type = double;
    using difference_type = std::ptrdiff_t;
    using pointer = const double*;
    using reference = double;
    std::ptrdiff_t at;
    double first = 1.0;  // the weight at 0; the others are 1
    double operator*() const { return at == 0 ? first : 1.0; }
    counting& operator++() {
        ++at;
        return *this;
    }
    friend std::ptrdiff_t operator-(const counting& a, const counting& b) { return a.at - b.at; }
    friend bool operator==(const counting&, const counting&) = default;
};
}  // namespace

TEST_CASE("discrete_distribution refuses 2^32 weights or more before reading them", "[discrete]") {
    using D = discrete_distribution<long long>;
    REQUIRE_THROWS_WITH(D(counting{0}, counting{std::ptrdiff_t{1} << 32}),
                        Catch::Contains("holds fewer than 2^32 weights") && Catch::Contains("weights = 4294967296"));
    REQUIRE_THROWS_WITH(D(counting{0}, counting{std::ptrdiff_t{1} << 40}), Catch::Contains("holds fewer than 2^32 weights"));
    REQUIRE(D(counting{0}, counting{5}).max() == 4);
    // the limit is 2^32 exactly: 2^32 − 1 weights, or 2^31 (past any 31-bit count), pass the count
    // and are read, so that a first weight of −1 is what is refused, before anything is held
    for (const std::ptrdiff_t n : {(std::ptrdiff_t{1} << 32) - 1, std::ptrdiff_t{1} << 31}) {
        INFO(n << " weights");
        REQUIRE_THROWS_WITH(D(counting{0, -1.0}, counting{n, -1.0}),
                            Catch::Contains("a weight is negative") && Catch::Contains("weight 0 = -1"));
    }
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
        std::uint64_t common = 0;  // the table holds the weights divided by their gcd
        for (auto x : w) common = std::gcd(common, x);
        for (auto& x : w) x /= common;
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


TEST_CASE("discrete_distribution on engine words: the outcome of ⌊U·S⌋, words read until it is decided", "[discrete]") {
    const discrete_distribution<int> small({3, 2, 1}), doubles({0.1, 0.2, 0.7}),
        many(1000, 0.0, 1.0, [](double x) { return static_cast<double>(static_cast<int>(x * 1000) % 97); });
    int same_outcome_edges = 0;
    for (const auto* d : {&small, &doubles, &many}) {
        check_engine_draws<two_to_64>(splitmix64{1}, *d, 5000);
        check_engine_draws<count_t{1} << 32>(std::mt19937{2}, *d, 5000);
        check_engine_draws<two_to_64>(std::mt19937_64{3}, *d, 2000);
        check_engine_draws<count_t{1} << 32>(pcg32{4, 5}, *d, 2000);
        // a first word whose interval holds a boundary between two outcomes: at a column's keep
        // (b = j·C + keep_j, found by bisection) and between columns, v = ⌊b·2^64/S⌋ (or its
        // 32-bit high half) with a second word of 0 (the lower slot), 2^K − 1 (the upper), and
        // one between
        const count_t cap = d->param().capacity(), slots = d->param().columns() * cap;
        auto outcome = [&](count_t x) { return d->param().outcome_of(static_cast<std::uint64_t>(x / cap), x % cap); };
        std::vector<count_t> boundaries;  // also edges of columns with one outcome on both sides: one word
        for (count_t j = 0; j < d->param().columns() && boundaries.size() < 60; ++j) {
            if (j > 0) boundaries.push_back(j * cap);
            if (j > 0 && outcome(j * cap - 1) == outcome(j * cap)) ++same_outcome_edges;
            count_t low = j * cap, high = (j + 1) * cap - 1;  // outcome(low) != outcome(high): the first change
            if (outcome(low) == outcome(high)) continue;
            while (high - low > 1) (outcome((low + high) / 2) == outcome(low) ? low : high) = (low + high) / 2;
            boundaries.push_back(high);
        }
        int straddles = 0;
        for (const count_t b : boundaries) {
            const auto v = static_cast<std::uint64_t>((b << 64) / slots);
            for (const std::uint64_t second : {std::uint64_t{0}, ~std::uint64_t{0}, std::uint64_t{0x8000000000000000u}})
                check_word_draw<two_to_64>(*d, {v, second, 0x0123456789abcdefu, 0xfedcba9876543210u, 0});
            const std::uint64_t h = v >> 32;
            for (const std::uint64_t second : {std::uint64_t{0}, std::uint64_t{0xffffffffu}, (v & 0xffffffffu)})
                check_word_draw<count_t{1} << 32>(*d, {h, second, 0x89abcdefu, 0x01234567u, 0, 0});
            ++straddles;
        }
        REQUIRE(straddles > 0);
    }
    REQUIRE(same_outcome_edges > 0);
    // {1, 2^40 − 1}: S = 2^40 slots, outcome 0 on slot 0 alone. A first 32-bit word 0 reaches
    // slots 0 to 2^8 − 1; the second word 2^24 − 1 ends U's interval exactly at slot 1 (decided,
    // two words), 2^24 starts it there
    const words w40{1, (std::uint64_t{1} << 40) - 1};
    const discrete_distribution<int> edge(w40.begin(), w40.end());
    REQUIRE(edge.param().columns() * edge.param().capacity() == count_t{1} << 40);
    auto from_32 = [&](words w) {
        std::size_t used = 0;
        const int value = edge(from_values<die<count_t{1} << 32>>([&] { return w.at(used++); }));
        return std::pair<int, std::size_t>{value, used};
    };
    REQUIRE(from_32({0, (1u << 24) - 1, 0}) == std::pair<int, std::size_t>{0, 2});
    REQUIRE(from_32({0, 1u << 24, 0}) == std::pair<int, std::size_t>{1, 2});
    REQUIRE(from_32({1, 0}) == std::pair<int, std::size_t>{1, 1});
    // {2^32 − 5, 3, 2}: S = 3·2^32, a multiple of 2^32, so a 32-bit word w reaches exactly the
    // slots 3w … 3w + 2. Column 2 keeps 6 slots of outcome 2, then its alias; w = (2^33 + 4)/3
    // reaches 2C + 4 and 2C + 5 (outcome 2) and 2C + 6 (the alias): the second word decides,
    // though only one of the three slots is past the keep
    const words w3{(std::uint64_t{1} << 32) - 5, 3, 2};
    const discrete_distribution<int> thirds(w3.begin(), w3.end());
    REQUIRE(thirds.param().columns() * thirds.param().capacity() == count_t{3} << 32);
    const std::uint64_t across = ((std::uint64_t{1} << 33) + 4) / 3;
    REQUIRE(outcomes_of_words(thirds, across << 32, count_t{1} << 32) == std::vector<int>{2, 0});
    for (const std::uint64_t second : {std::uint64_t{0}, std::uint64_t{0xaaaaaaaau}, std::uint64_t{0xffffffffu}})
        check_word_draw<count_t{1} << 32>(thirds, {across, second, 0, 0});
    REQUIRE(thirds(from_values<die<count_t{1} << 32>>([n = 0]() mutable { return n++ == 0 ? across : 0xffffffffu; })) == 0);
    // not a word: the Knuth–Yao loop for n·C values, then ⌊u/C⌋
    std::minstd_rand g{6}, twin{6};
    for (int i = 0; i < 2000; ++i) {
        const count_t slots = many.param().columns() * many.param().capacity();
        const count_t u = uniform_below(twin, static_cast<std::uint64_t>(slots));
        REQUIRE(many(g) == static_cast<int>(many.param().outcome_of(static_cast<std::uint64_t>(u / many.param().capacity()),
                                                                     u % many.param().capacity())));
    }
    // a word of 48 bits (a power of two between 2^32 and 2^64, not read as U's digits):
    // uniform_below(S) too, whether one word maps the slots (S <= 2^48: {3, 2, 1}, Lemire's map
    // with its rejection) or not (the doubles, S past 2^48)
    struct word48 {
        using result_type = std::uint64_t;
        static constexpr result_type min() { return 0; }
        static constexpr result_type max() { return (result_type{1} << 48) - 1; }
        splitmix64 g;
        result_type operator()() { return g() >> 16; }
    };
    for (const auto* d : {&small, &doubles}) {
        word48 g48{splitmix64{8}}, twin48{splitmix64{8}};
        const count_t slots = d->param().columns() * d->param().capacity();
        for (int i = 0; i < 2000; ++i) {
            const count_t u = uniform_below(twin48, static_cast<std::uint64_t>(slots));
            REQUIRE((*d)(g48) == static_cast<int>(d->param().outcome_of(static_cast<std::uint64_t>(u / d->param().capacity()),
                                                                        u % d->param().capacity())));
        }
    }
}

// Past one word: with the first 64-bit word v straddling slots a and a + 1 of different
// outcomes (l2 = v·S mod 2^64 > 2^64 − S), the rest ρ of U's digits decides ρ·S >= 2^64 − l2.
// For {3, 2, 1} (S = 6; slots 0–2 outcome 0, 3–4 outcome 1, 5 outcome 2 or as the table puts
// them), each boundary b: v = ⌊b·2^64/6⌋, then the digits of ρ.
TEST_CASE("discrete_distribution on engine words: a straddling word, decided by the next words", "[discrete]") {
    const discrete_distribution<int> d({3, 2, 1});
    const count_t slots = d.param().columns() * d.param().capacity();
    REQUIRE(slots == 6);
    auto outcome_of_slot = [&](count_t x) {
        return static_cast<int>(d.param().outcome_of(static_cast<std::uint64_t>(x / d.param().capacity()), x % d.param().capacity()));
    };
    int boundaries = 0;
    for (count_t b = 1; b < slots; ++b) {
        if (outcome_of_slot(b) == outcome_of_slot(b - 1) || (b << 64) % slots == 0) continue;
        ++boundaries;
        const auto v = static_cast<std::uint64_t>((b << 64) / slots);
        // gap = b·2^64 − v·S in (0, S): ρ·S >= gap decides the upper slot
        const auto gap = static_cast<std::uint64_t>((b << 64) - count_t{v} * slots);
        auto draw = [&](words w) {
            std::size_t used = 0;
            const int value = d(from_values<die<two_to_64>>([&] { return w.at(used++); }));
            return std::pair<int, std::size_t>{value, used};
        };
        REQUIRE(draw({v, 0}) == std::pair<int, std::size_t>{outcome_of_slot(b - 1), 2});
        REQUIRE(draw({v, ~std::uint64_t{0}}) == std::pair<int, std::size_t>{outcome_of_slot(b), 2});
        // second digit d2 = ⌊gap·2^64/S⌋ leaves ρ'·S >= gap·2^64 − d2·S (in (0, S) when S does not
        // divide gap·2^64): a third digit decides, 0 below and 2^64 − 1 above
        const auto d2 = static_cast<std::uint64_t>((count_t{gap} << 64) / slots);
        if ((count_t{gap} << 64) % slots != 0) {
            REQUIRE(draw({v, d2, 0}) == std::pair<int, std::size_t>{outcome_of_slot(b - 1), 3});
            REQUIRE(draw({v, d2, ~std::uint64_t{0}}) == std::pair<int, std::size_t>{outcome_of_slot(b), 3});
        }
        REQUIRE(draw({v, d2 + 1}).first == outcome_of_slot(b));  // past the gap: above at once
        REQUIRE(draw({v, d2 + 1}).second == 2);
        REQUIRE(draw({v - 1, 0}) == std::pair<int, std::size_t>{outcome_of_slot(b - 1), 1});  // wholly below: one word
    }
    REQUIRE(boundaries >= 2);
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
    REQUIRE(d == D({1.0, 1.0, 2.0}));  // the probabilities are the parameter, as [rand.req.dist] defines ==
    REQUIRE(d == D({2, 2, 4}));
    REQUIRE_FALSE(d == D({1.0, 2.0, 1.0}));
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
    // -1 is no weight (no num_get wrap); 2^128 + 1 is no weight discrete_distribution holds (its odd part)
    for (const char* input : {"2 0 0", "2 -1 3", "-2 1 1", "2 340282366920938463463374607431768211457 1", "2 x 1", "0"}) {
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

// (count, xmin, xmax, fw) with count 0 is one weight of 1, and std's δ = (xmax − xmin)/1 then:
// the constructor divides by no zero, so it raises neither floating-point exception of one
// (a program that traps FE_DIVBYZERO or FE_INVALID may build it).
TEST_CASE("discrete_distribution from count 0 and fw divides by no zero", "[discrete]") {
    for (const auto& [xmin, xmax] : {std::pair<double, double>{0.0, 1.0}, {2.0, 2.0}, {1.0, -3.0}}) {
        std::feclearexcept(FE_ALL_EXCEPT);
        const discrete_distribution<int> d(0, xmin, xmax, [](double) -> double { throw std::logic_error("fw called"); });
        const int raised = std::fetestexcept(FE_DIVBYZERO | FE_INVALID);
        REQUIRE(raised == 0);
        REQUIRE(d.probabilities() == std::vector<double>{1.0});
    }
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
    STATIC_REQUIRE([] { splitmix64 g{5}; return D{}(g); }() < 3);  // in a constant expression
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
    // generate_random: d(g) for each element, in order (a vector<bool>'s proxies too)
    std::vector<bool> filled(64), looped(64);
    splitmix64 a{3}, b{3};
    third.generate_random(filled, a);
    for (std::size_t i = 0; i < looped.size(); ++i) looped[i] = third(b);
    REQUIRE(filled == looped);
    REQUIRE(std::count(filled.begin(), filled.end(), true) > 0);
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
    for (const char* input : {"1.5", "-1/-1", "1/-3", "-0.5", "1e-400", "2/1", "1/0", "1/18446744073709551617", "0.5x", "/2", "1/",
                              "e5", "0.1.2"}) {
        INFO(input);
        std::stringstream bad(input);
        bad >> a;
        REQUIRE(bad.fail());
        REQUIRE(a == tenth);
    }
    // a text below the least double is no probability unless all its digits are 0, whichever
    // its nonzero digit (1e-400 … 9e-400, 0.09e-330: strtod gives 0 for each); 0e-999 is 0
    for (const char digit : {'1', '5', '8', '9'}) {
        for (const std::string& input : {std::string(1, digit) + "e-400", "0.0" + std::string(1, digit) + "e-330"}) {
            INFO(input);
            std::stringstream bad(input);
            bad >> a;
            REQUIRE(bad.fail());
            REQUIRE(a == tenth);
        }
    }
    // an exponent with a sign or none: "1e0" and "1e+0" are 1, "5e-1" and "25E-2" are a half and a quarter
    for (const auto& [input, p] : {std::pair<const char*, double>{"1e0", 1.0}, {"1e+0", 1.0}, {"5e-1", 0.5}, {"2.5e-1", 0.25},
                                   {"25E-2", 0.25}, {"0.0625e+1", 0.625}, {"0e-999", 0.0}}) {
        INFO(input);
        std::stringstream good(input);
        bernoulli_distribution read{0.125};
        good >> read;
        REQUIRE(!good.fail());
        REQUIRE(read == bernoulli_distribution{p});
    }
    REQUIRE(bernoulli_distribution{0.25} == bernoulli_distribution{bernoulli_distribution::param_type{0.25}});
    // denominators up to 2^64 round-trip (2^64 was read as 2^64 − 1), and so do subnormal doubles
    for (const bernoulli_distribution& d : {bernoulli_distribution{rational{~std::uint64_t{0}, two_to_64}},
                                            bernoulli_distribution{rational{1, two_to_64}}, bernoulli_distribution{5e-324},
                                            bernoulli_distribution{1.0}, bernoulli_distribution{0.0},
                                            bernoulli_distribution{-0.0}}) {  // −0 is 0: written "0", not a sign >> refuses
        std::stringstream round;
        round << d;
        bernoulli_distribution back{0.5};
        round >> back;
        INFO(round.str());
        REQUIRE(!round.fail());
        REQUIRE(back == d);
    }
    // the text is the same whatever the stream's locale (a locale that groups digits)
    struct grouping : std::numpunct<char> {
        char do_decimal_point() const override { return ','; }
        char do_thousands_sep() const override { return '.'; }
        std::string do_grouping() const override { return "\3"; }
    };
    std::stringstream grouped;
    grouped.imbue(std::locale(std::locale::classic(), new grouping));
    grouped << bernoulli_distribution{rational{1000, 3000}} << ' ' << tenth << ' ' << discrete_distribution<int>({3000, 1000});
    REQUIRE(grouped.str() == "1/3 0.10000000000000001 2 3 1");
    bernoulli_distribution r, t;
    discrete_distribution<int> w;
    grouped >> r >> t >> w;
    REQUIRE(!grouped.fail());
    REQUIRE(r == bernoulli_distribution{rational{1, 3}});
    REQUIRE(t == tenth);
    REQUIRE(w == discrete_distribution<int>({3, 1}));
    std::stringstream many;
    many.imbue(std::locale(std::locale::classic(), new grouping));
    many << discrete_distribution<int>({1234567.0, 1.0});
    REQUIRE(many.str() == "2 1234567 1");
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

TEST_CASE("discrete_distribution past 2^64 slots: two levels, level 0 drawn from one word", "[discrete]") {
    // W = 2^64 over 3 weights: lcm(3, 2^64) slots would not fit one word; level 0 holds
    // 2^61, 2^61 − 1, 0 and a tail of 1 for the 3 + 1 below it (level 1: 3, 1 exactly)
    const words w{std::uint64_t{1} << 63, (std::uint64_t{1} << 63) - 1, 1};
    const discrete_distribution<int> d(w.begin(), w.end());
    REQUIRE(d.param().levels() == 2);
    REQUIRE(d.param().columns() * d.param().capacity() == count_t{1} << 62);
    check_engine_draws<two_to_64>(splitmix64{21}, d, 5000);
    check_engine_draws<count_t{1} << 32>(std::mt19937{22}, d, 5000);
    // The tail (column 3, weight 1, C = 2^60) owns the slot u = 3·2^60 only, which the word
    // x = 3·2^62 maps to (⌊x·2^62/2^64⌋ = u, and x·2^62 mod 2^64 = 0 is accepted). There X = 4/4:
    // q = 1, j = uniform_below(1) = 0 goes down, and level 1 (3, 1: C = 2, keep 2 and 1) draws
    // u' = ⌊y·4/2^64⌋: 0 is outcome 1, 2 is outcome 2, 3 (column 1 past its keep) outcome 1.
    auto replay = [](words x) { return [x, i = std::size_t{0}]() mutable { return x.at(i++); }; };
    const std::uint64_t tail = std::uint64_t{3} << 62;
    REQUIRE(d.param().outcome_of(3, 0) == 3);  // 3 = size(): the tail
    REQUIRE(d(from_values<die<two_to_64>>(replay({tail, 0}))) == 1);
    REQUIRE(d(from_values<die<two_to_64>>(replay({tail, std::uint64_t{1} << 63}))) == 2);
    REQUIRE(d(from_values<die<two_to_64>>(replay({tail, ~std::uint64_t{0}}))) == 1);
    REQUIRE(d(from_values<die<two_to_64>>(replay({tail - 4, 0}))) != 3);  // the slot before it is an outcome's
}

// Weights of total exactly 2^64 over a power of two of outcomes make one table of exactly
// 2^64 slots (S = n·W/gcd(n, W) = 2^64), so the slot of a 64-bit word v is v itself, and a
// 32-bit word w covers the slots w·2^32 … w·2^32 + 2^32 − 1. {2^64 − 1, 1}: C = 2^63, outcome
// 1 keeps one threshold of column 1 (Vose's construction: its column takes the small weight
// first), the slot 2^63; every other slot is outcome 0. The draws of the edge S = 2^64 as of
// any table: the outcome of ⌊U·S⌋, words read until it is decided.
TEST_CASE("discrete_distribution with exactly 2^64 slots: a word is its slot", "[discrete]") {
    const std::uint64_t top = ~std::uint64_t{0}, half = std::uint64_t{1} << 63;
    const words pair{top, 1};
    const discrete_distribution<int> d(pair.begin(), pair.end());
    REQUIRE(d.param().levels() == 1);
    REQUIRE(d.param().columns() * d.param().capacity() == two_to_64);
    auto replay = [](words x) { return [x, i = std::size_t{0}]() mutable { return x.at(i++); }; };
    for (const std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, half - 1, half, half + 1, half + 2, top}) {
        INFO(v);
        std::size_t used = 0;
        auto words_of = replay({v, 0, 0});
        REQUIRE(d(from_values<die<two_to_64>>([&] { ++used; return words_of(); })) == (v == half ? 1 : 0));
        REQUIRE(used == 1);
    }
    // 32-bit words: 2^31 reaches the slots 2^63 … 2^63 + 2^32 − 1, both outcomes, so a second word
    // decides (0: the slot 2^63, outcome 1); 2^31 + 1 and 2^31 − 1 reach outcome 0's slots only
    using word32 = die<count_t{1} << 32>;
    REQUIRE(d(from_values<word32>(replay({std::uint64_t{1} << 31, 0}))) == 1);
    REQUIRE(d(from_values<word32>(replay({std::uint64_t{1} << 31, 1}))) == 0);
    REQUIRE(d(from_values<word32>(replay({(std::uint64_t{1} << 31) + 1}))) == 0);
    REQUIRE(d(from_values<word32>(replay({(std::uint64_t{1} << 31) - 1}))) == 0);
    // more outcomes, the same edge: 4 and 8 weights of total 2^64
    const words four{half, half - 3, 1, 2}, eight{top - 6, 3, 2, 1, 1, 0, 0, 0};
    for (const words* w : {&pair, &four, &eight}) {
        const discrete_distribution<int> e(w->begin(), w->end());
        REQUIRE(e.param().columns() * e.param().capacity() == two_to_64);
        check_engine_draws<two_to_64>(splitmix64{64}, e, 300);
        check_engine_draws<count_t{1} << 32>(std::mt19937{64}, e, 300);
    }
}

// ---- against a second implementation of docs/spec.md ---------------------------------

#include "golden/discrete_levels.hpp"

// The levels, tables and draws of spec section 4 as tests/golden/discrete_levels.py, written
// from the spec alone, computes them (with its own check that each outcome's probability is
// exactly w_i / Σw): the canonical weights, every level's cut, columns, parts, tail and alias
// table, 24 draws from splitmix64(2026) (and the words they read), word sequences that reach
// the tails or straddle two slots, each with the outcome and the number of words it reads, 24
// draws from a coin, a d6 and a d10, and 24 draws from 32-bit words with crafted 32-bit ones.
TEST_CASE("discrete_distribution: levels, tables and draws as a second implementation of the spec", "[discrete][golden]") {
    for (const golden_levels::test_case& c : golden_levels::cases) {
        INFO(c.name);
        const discrete_distribution<int> d(c.weights.begin(), c.weights.end());
        std::ostringstream os;
        os << d;
        std::string expected = std::to_string(c.canonical.size());
        for (const std::string& w : c.canonical) expected += " " + w;
        REQUIRE(os.str() == expected);
        const detail::weight_levels levels = detail::make_levels(detail::exact_values(c.weights.begin(), c.weights.end()));
        REQUIRE(levels.count() == c.levels.size());
        REQUIRE(d.param().levels() == c.levels.size());
        for (std::size_t l = 0; l < c.levels.size(); ++l) {
            INFO("level " << l);
            const golden_levels::level& g = c.levels[l];
            const detail::weight_level& at = levels.at(l);
            REQUIRE(at.cut == g.cut);
            REQUIRE(at.tail == g.parts.size());
            for (std::size_t j = 0; j < g.parts.size(); ++j) {
                REQUIRE(levels.outcome_of_column(l, j) == g.outcomes[j]);
                REQUIRE(at.ends[j] - (j == 0 ? 0 : at.ends[j - 1]) == g.parts[j]);
            }
            REQUIRE((at.tail != at.ends.size()) == g.has_tail);
            if (g.has_tail) {
                REQUIRE(at.tail_weight == g.tail_weight);
                REQUIRE(at.below == g.below);
                REQUIRE(at.fraction == g.fraction);
            }
            REQUIRE(at.table.column.size() == g.keep.size());
            for (std::size_t j = 0; j < g.keep.size(); ++j) {
                if (g.keep[j] >= at.table.capacity) {  // a full column
                    REQUIRE(at.table.column[j].keep >= at.table.capacity);
                } else {
                    REQUIRE(at.table.column[j].keep == g.keep[j]);
                    REQUIRE(at.table.column[j].alias == g.alias[j]);
                }
            }
        }
        splitmix64 engine{2026};
        for (const int expected_value : c.splitmix_2026) REQUIRE(d(engine) == expected_value);
        {  // the same draws with their words counted
            splitmix64 words{2026};
            int used = 0;
            std::vector<int> values;
            for (std::size_t i = 0; i < c.splitmix_2026.size(); ++i)
                values.push_back(d(from_values<die<two_to_64>>([&] {
                    ++used;
                    return words();
                })));
            REQUIRE(values == c.splitmix_2026);
            REQUIRE(used == c.splitmix_2026_words);
        }
        // crafted words: into the tails, down the levels, via alias slots, the fraction words, and
        // first words that straddle two slots, decided by the second, third or fourth word
        for (const golden_levels::word_draw& w : c.word_draws) {
            INFO("64-bit words " << w.words.size() << " -> " << w.outcome << " in " << w.words_used);
            std::size_t used = 0;
            const int value = d(from_values<die<two_to_64>>([&] { return w.words.at(used++); }));
            REQUIRE(value == w.outcome);
            REQUIRE(used == static_cast<std::size_t>(w.words_used));
        }
        // 32-bit words: splitmix64(2026)'s words mod 2^32, then crafted digits
        {
            splitmix64 words{2026};
            int digits = 0;
            std::vector<int> values;
            for (std::size_t i = 0; i < c.splitmix_2026_low32.size(); ++i)
                values.push_back(d(from_values<die<(count_t{1} << 32)>>([&] {
                    ++digits;
                    return words() % (std::uint64_t{1} << 32);
                })));
            REQUIRE(values == c.splitmix_2026_low32);
            REQUIRE(digits == c.splitmix_2026_low32_digits);
        }
        for (const golden_levels::word_draw& w : c.word32_draws) {
            INFO("32-bit words " << w.words.size() << " -> " << w.outcome << " in " << w.words_used);
            std::size_t used = 0;
            const int value = d(from_values<die<(count_t{1} << 32)>>([&] { return w.words.at(used++); }));
            REQUIRE(value == w.outcome);
            REQUIRE(used == static_cast<std::size_t>(w.words_used));
        }
        // a coin, a d6 and a d10 (digits: splitmix64(2026)'s words mod K) walk each level's Knuth–Yao tree
        REQUIRE(c.dice.size() == 3);
        for (const golden_levels::die_draws& dice : c.dice) {
            INFO(dice.faces << " faces");
            splitmix64 words{2026};
            int rolls = 0;
            auto digit = [&] {
                ++rolls;
                return words() % dice.faces;
            };
            std::vector<int> values;
            for (std::size_t i = 0; i < dice.outcomes.size(); ++i) {
                if (dice.faces == 2) values.push_back(d(from_values<coin>(digit)));
                if (dice.faces == 6) values.push_back(d(from_values<d6>(digit)));
                if (dice.faces == 10) values.push_back(d(from_values<d10>(digit)));
            }
            REQUIRE(values == dice.outcomes);
            REQUIRE(rolls == dice.rolls);
        }
    }
}

// ---- weighted sampling without replacement ------------------------------------------

TEST_CASE("weighted_sample_without_replacement: successive exact draws, on every roll sequence", "[discrete][sample]") {
    // two of {1, 2, 3}: the ordered pair (i, j) with probability w_i/6 · w_j/(6 − w_i), in 120ths:
    // (0,1) 8, (0,2) 12, (1,0) 10, (1,2) 30, (2,0) 20, (2,1) 40
    const std::vector<char> items{'a', 'b', 'c'};
    const std::vector<int> w{1, 2, 3};
    auto pair_of = [&](auto& roll) {
        char got[2]{};
        weighted_sample_without_replacement(items, w, got, 2, roll);
        const int i = got[0] - 'a', j = got[1] - 'a';
        return i * 2 + (j > i ? j - 1 : j);  // (0,1)=0 (0,2)=1 (1,0)=2 (1,2)=3 (2,0)=4 (2,1)=5
    };
    const auto report = check_sampler<d6, loaded<8, 12, 10, 30, 20, 40>>(pair_of, 8);
    REQUIRE_FALSE(report.proves_biased());
    REQUIRE(report.unresolved_mass() < rational{1, 100});
    REQUIRE(check_sampler<d6, loaded<8, 12, 10, 30, 40, 20>>(pair_of, 8).proves_biased());  // with replacement's law refused
    REQUIRE(check_sampler<d6, loaded<4, 6, 8, 12, 12, 18>>(pair_of, 8).proves_biased());
}

// The distribution is made again over the items left after 8 draws in a row of drawn items
// (or when the drawn ones hold more than half its weight). On words of 0 each draw is the
// first item left (slot 0 is outcome 0's, of positive weight), so with each item at most half
// of the weight left every item but the last costs 1 word and 8 that draw it again; the last,
// alone in the distribution made again, costs none: 9·(n − 1) words.
TEST_CASE("weighted_sample_without_replacement: made again after 8 drawn items in a row", "[discrete][sample]") {
    for (const std::vector<int>& w : std::vector<std::vector<int>>{{1, 1}, {1, 3}, {1, 1000}, {1, 1, 1, 1}, {2, 5, 9, 20}}) {
        std::vector<int> items(w.size()), got;
        std::iota(items.begin(), items.end(), 0);
        std::size_t used = 0;
        weighted_sample_without_replacement(items, w, std::back_inserter(got), w.size(),
                                            from_values<die<two_to_64>>([&] { ++used; return std::uint64_t{0}; }));
        REQUIRE(got == items);
        REQUIRE(used == 9 * (w.size() - 1));
    }
}

TEST_CASE("weighted_sample_without_replacement: zero weights, k past the items, skewed weights", "[discrete][sample]") {
    splitmix64 g{3};
    const std::vector<int> items{10, 20, 30, 40};
    std::vector<int> out(6, -1);
    // zero weights never come; k past the positive ones gives those only
    const auto end = weighted_sample_without_replacement(items, std::vector<double>{0.5, 0.0, 0.25, 0.0}, out.begin(), 6, g);
    REQUIRE(end - out.begin() == 2);
    REQUIRE(std::is_permutation(out.begin(), end, std::vector<int>{10, 30}.begin()));
    // the iterator form, all of them
    std::vector<int> every;
    const std::vector<long> weights{5, 1, 1, 1};
    weighted_sample_without_replacement(items.begin(), items.end(), weights.begin(), std::back_inserter(every), 4, g);
    REQUIRE(std::is_permutation(every.begin(), every.end(), items.begin()));
    // k = 0 draws nothing and reads no roll
    splitmix64 twin = g;
    REQUIRE(weighted_sample_without_replacement(items, weights, out.begin(), 0, g) == out.begin());
    REQUIRE(g == twin);
    // one heavy item, then 999 light ones: the heavy one drawn first, the rest without looping on it
    std::vector<int> many(1000);
    std::vector<double> skew(1000, 1e-12);
    skew[0] = 1;
    for (int i = 0; i < 1000; ++i) many[static_cast<std::size_t>(i)] = i;
    std::vector<int> all_of_them;
    weighted_sample_without_replacement(many, skew, std::back_inserter(all_of_them), 1000, g);
    REQUIRE(all_of_them.size() == 1000);
    REQUIRE(std::is_permutation(all_of_them.begin(), all_of_them.end(), many.begin()));
    // the first of two items, weights 1 and 3: about a quarter of the time
    int first_a = 0;
    for (int t = 0; t < 40000; ++t) {
        int got[1]{};
        weighted_sample_without_replacement(std::vector<int>{0, 1}, std::vector<int>{1, 3}, got, 1, g);
        first_a += got[0] == 0;
    }
    REQUIRE(first_a > 9500);
    REQUIRE(first_a < 10500);
    REQUIRE_THROWS_WITH(weighted_sample_without_replacement(items, std::vector<int>{1, 2}, out.begin(), 1, g),
                        Catch::Contains("needs one weight per item"));
    REQUIRE_THROWS_WITH(weighted_sample_without_replacement(items, std::vector<int>{1, -2, 1, 1}, out.begin(), 1, g),
                        Catch::Contains("(weight 1 = -2)"));
}
