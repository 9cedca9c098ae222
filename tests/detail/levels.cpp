#include <rollplan/detail/levels.hpp>
#include <rollplan/detail/wide.hpp>
#include <rollplan/verify.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

using namespace rollplan;
using detail::dyadic;
using detail::make_levels;
using detail::weight_levels;

namespace {

std::vector<dyadic> exact(const std::vector<double>& w) { return detail::exact_values(w.begin(), w.end()); }

// The draw of weights w from a source, with levels of `bits` bits: the code
// discrete_distribution runs (draw_levels), on smaller tables.
auto sampler(const weight_levels& levels) {
    return [&levels](auto& roll) {
        detail::source_draws draws{roll};
        return detail::draw_levels(draws, levels);
    };
}

// Every path of one attempt of draw_levels, with its exact probability: the
// draws it asks for are answered by every value they can take (each slot of
// a table, each j below n, and for a word the three cases that matter: below,
// equal to and above the fraction's word), one path a run, in order; a
// second column of level 0 is a restart and ends the run. The masses of the
// outcomes of one attempt must be proportional to the weights: then the
// repeated attempts give each outcome exactly its share (check_attempt's
// geometric argument), with nothing left unresolved.
struct restart {};
// Exact probabilities of up to 1024 bits (a path through two 64-bit words
// of a fraction has mass below 2^−128).
struct fraction {
    using wide = detail::wide_uint<16>;
    wide numerator{0}, denominator{1};
    fraction times(count_t a, count_t b) const { return reduced(numerator * wide{a}, denominator * wide{b}); }
    fraction plus(const fraction& x) const {
        return reduced(numerator * x.denominator + x.numerator * denominator, denominator * x.denominator);
    }
    static fraction reduced(wide n, wide d) {
        const wide g = detail::gcd(n, d);
        return g.is_zero() ? fraction{n, d} : fraction{n / g, d / g};
    }
    friend bool operator==(const fraction&, const fraction&) = default;
};
struct every_path {
    const weight_levels& w;
    std::vector<std::uint64_t> choice, ways;  // the path: the branch taken and the branches at each draw
    std::size_t step = 0, level = 0, word_index = 0;
    fraction probability{1, 1};
    bool started = false;

    std::uint64_t pick(std::uint64_t n) {
        if (step == choice.size()) {
            choice.push_back(0);
            ways.push_back(n);
        }
        return choice[step++];
    }
    std::size_t column(const weight_levels& levels, std::size_t l) {
        REQUIRE(&levels == &w);
        const detail::alias_table<>& t = w.at(l).table;
        if (l == 0 && started) throw restart{};
        started = true;
        level = l;
        const auto slots = static_cast<std::uint64_t>(t.slots);
        const std::uint64_t u = pick(slots);
        probability = probability.times(1, slots);
        return t.outcome(u / static_cast<std::uint64_t>(t.capacity), u % static_cast<std::uint64_t>(t.capacity));
    }
    std::uint64_t below(std::uint64_t n) {
        word_index = 0;
        probability = probability.times(1, n);
        return pick(n);
    }
    std::uint64_t word() {
        const std::uint64_t b = w.at(level).fraction.at(word_index++);
        const std::uint64_t c = pick(3);
        const count_t less = b, more = two_to_64 - 1 - b;
        probability = probability.times(c == 0 ? less : c == 1 ? 1 : more, two_to_64);
        return c == 0 ? b - (b != 0) : c == 1 ? b : b + (more != 0);
    }
    // the next path: the last draw that has a branch left takes it
    bool next() {
        choice.resize(step);
        ways.resize(step);
        while (!choice.empty() && choice.back() + 1 == ways.back()) {
            choice.pop_back();
            ways.pop_back();
        }
        if (choice.empty()) return false;
        ++choice.back();
        step = 0;
        probability = fraction{1, 1};
        started = false;
        return true;
    }
};

// The masses of one attempt's outcomes.
std::vector<fraction> attempt_masses(const weight_levels& levels) {
    std::vector<fraction> mass(levels.size);
    every_path paths{levels, {}, {}};
    do {
        try {
            const std::size_t i = detail::draw_levels(paths, levels);
            mass.at(i) = mass[i].plus(paths.probability);
        } catch (const restart&) {
        }
    } while (paths.next());
    return mass;
}

// m_i / Σm = v_i / V for every outcome.
bool proportional(const std::vector<fraction>& m, const std::vector<count_t>& v) {
    fraction all;
    count_t total = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        all = all.plus(m.at(i));
        total += v[i];
    }
    if (all.numerator.is_zero()) return false;
    for (std::size_t i = 0; i < v.size(); ++i)
        if (!(m[i].times(total, 1) == all.times(v[i], 1))) return false;  // m_i·V = Σm·v_i
    return true;
}
void attempts_are_exact(const weight_levels& levels, const std::vector<count_t>& v) {
    REQUIRE(proportional(attempt_masses(levels), v));
}

// What an exact sampler shows on every roll sequence: no outcome's mass
// beyond its share, and the mass still unfinished small.
template <class Report>
void looks_exact(const Report& r, const rational& unfinished) {
    INFO("finding " << static_cast<int>(r.first_finding().kind) << " at outcome " << r.first_finding().outcome_a);
    REQUIRE_FALSE(r.proves_biased());
    REQUIRE(r.unresolved_mass() < unfinished);
}

}  // namespace

// ---- canonical weights ------------------------------------------------------------

TEST_CASE("levels: proportional weights make the same levels, others do not", "[levels]") {
    REQUIRE(make_levels(exact({1, 2, 3})) == make_levels(exact({2, 4, 6})));
    REQUIRE(make_levels(exact({1, 2, 3})) == make_levels(exact({0.5, 1, 1.5})));
    REQUIRE(make_levels(exact({1e-300, 1})) == make_levels(exact({2e-300, 2})));  // one power of two apart
    REQUIRE_FALSE(make_levels(exact({1, 2, 3})) == make_levels(exact({3, 2, 1})));
    REQUIRE_FALSE(make_levels(exact({1, 2, 3})) == make_levels(exact({1, 2, 3, 0})));
    const std::vector<count_t> three{3 * (count_t{1} << 100), 6 * (count_t{1} << 100) + 3};
    const std::vector<count_t> one{count_t{1} << 100, 2 * (count_t{1} << 100) + 1};
    REQUIRE(make_levels(detail::exact_values(three.begin(), three.end())) ==
            make_levels(detail::exact_values(one.begin(), one.end())));
}

// ---- the levels as a distribution holds them ----------------------------------------

// The bytes a weight_levels holds on the heap, by its vectors' capacities.
std::size_t held_bytes(const weight_levels& w) {
    std::size_t bytes = w.exact.packed.capacity() * 8 + w.exact.wide.capacity() * sizeof(dyadic) +
                        w.below.capacity() * sizeof(detail::weight_level);
    for (std::size_t l = 0; l < (w.held() ? 1 : w.count()); ++l) {
        const detail::weight_level& at = w.at(l);
        bytes += at.table.column.capacity() * sizeof(at.table.column[0]) + at.ends.capacity() * 8 +
                 at.outcome.capacity() * 4 + at.fraction.capacity() * 8;
    }
    return bytes;
}

TEST_CASE("levels: held as a distribution holds them, in 24 bytes a weight, with the weights and levels of all the levels", "[levels]") {
    std::vector<double> uniform, softmax, cubes;
    std::uint64_t x = 99;
    for (int k = 1; k <= 10000; ++k) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uniform.push_back(static_cast<double>(x >> 11 | 1) * 0x1p-53);
        softmax.push_back(std::exp(-k / 10.0));
        cubes.push_back(1.0 / (static_cast<double>(k) * k * k));
    }
    const std::vector<std::vector<double>> cases = {uniform, softmax, cubes, {1e-5, 1, 3.5}, {5e-324, 1e308}, {3, 2, 1}, {0, 0.25, 0}};
    for (const auto& w : cases) {
        INFO(w.size() << " weights, the first " << w[0]);
        const weight_levels all = make_levels(exact(w)), held = detail::held_levels(exact(w));
        REQUIRE(held.count() == all.count());
        REQUIRE(held.held() == (all.count() > 1));
        // level 0's table and tail as made; the weights, exactly, and each column's weight
        REQUIRE(held.top.table.column.size() == all.top.table.column.size());
        REQUIRE(held.top.tail_weight == all.top.tail_weight);
        REQUIRE(held.top.fraction == all.top.fraction);
        for (std::size_t j = 0; j < all.top.table.column.size(); ++j) REQUIRE(held.column_weight(0, j) == all.column_weight(0, j));
        const std::vector<detail::big> a = all.weights(), h = held.weights();
        for (std::size_t i = 0; i < w.size(); ++i) REQUIRE((detail::at_least(a[i], h[i]) && detail::at_least(h[i], a[i])));
        // the levels below, made again from the held weights, are the levels
        if (held.held()) REQUIRE(make_levels(held.exact.values()) == all);
        // 24 bytes a weight, and a few words more (level 0's tail, its fraction)
        REQUIRE(held_bytes(held) <= 24 * w.size() + 24 + 8 * held.top.fraction.size());
    }
    // proportional weights of several levels hold the same, others do not, also where only the
    // weights below level 0 differ (two tiny weights swapped: the same level 0, tail and all)
    REQUIRE(detail::held_levels(exact({1e-300, 1})) == detail::held_levels(exact({2e-300, 2})));
    REQUIRE_FALSE(detail::held_levels(exact({1e-300, 1})) == detail::held_levels(exact({1e-300, 2})));
    const weight_levels swapped_a = detail::held_levels(exact({1, 3e-300, 5e-300})),
                        swapped_b = detail::held_levels(exact({1, 5e-300, 3e-300}));
    REQUIRE(swapped_a.top == swapped_b.top);
    REQUIRE_FALSE(swapped_a == swapped_b);
    // weights that are no doubles (odd parts past 2^53) are held as they are
    const std::vector<count_t> wide{(count_t{1} << 100) + 1, 3, 0};
    const weight_levels w = detail::held_levels(detail::exact_values(wide.begin(), wide.end()));
    REQUIRE(w.held());
    REQUIRE(w.exact.packed.empty());
    REQUIRE(w.exact.at(0).mantissa == (count_t{1} << 100) + 1);
    REQUIRE(w.exact.at(2).mantissa == 0);
    REQUIRE(make_levels(w.exact.values()) == make_levels(detail::exact_values(wide.begin(), wide.end())));
    // an odd part of 54 bits (2^53 + 1, beside 2^100) is no double's: held as it is too
    const std::vector<count_t> odd54{(count_t{1} << 53) + 1, count_t{1} << 100};
    const weight_levels w54 = detail::held_levels(detail::exact_values(odd54.begin(), odd54.end()));
    REQUIRE(w54.held());
    REQUIRE(w54.exact.packed.empty());
    REQUIRE(w54.exact.at(0).mantissa == (count_t{1} << 53) + 1);
    // the largest odd part a double has, 2^53 − 1, and the widest spread of exponents, packed
    const weight_levels w53 = detail::held_levels(exact({0x1.fffffffffffffp+1023, 0x1p-1074, 0}));
    REQUIRE(w53.held());
    REQUIRE(w53.exact.packed.size() == 3);
    REQUIRE(w53.exact.at(0).mantissa == (count_t{1} << 53) - 1);
    REQUIRE(w53.exact.at(0).exponent == 971 + 1074);  // DBL_MAX = (2^53 − 1)·2^971, beside 2^−1074
    REQUIRE(w53.exact.at(1).mantissa == 1);
    REQUIRE(w53.exact.at(1).exponent == 0);
    REQUIRE(w53.exact.at(2).mantissa == 0);
}

// ---- the levels' invariants, at full width ---------------------------------------

TEST_CASE("levels: every level draws from one engine word, and level 0's tail is rare", "[levels]") {
    std::vector<std::vector<double>> cases = {{0.0001, 0.9999}, {1e-5, 1, 3.5}, {1e-10, 1}, {1e-300, 1},
                                              {5e-324, 1e308},  {5e-324, 1.5e-323, 1}, {3, 2, 1}};
    std::vector<double> softmax, random;
    for (int k = 0; k < 200; ++k) softmax.push_back(std::exp(-0.37 * k));
    std::uint64_t x = 12345;
    for (int k = 0; k < 10000; ++k) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        random.push_back(static_cast<double>(x >> 11) * 0x1p-53);
    }
    cases.push_back(softmax);
    cases.push_back(random);
    for (const auto& w : cases) {
        const weight_levels levels = make_levels(exact(w));
        REQUIRE(levels.size == w.size());
        REQUIRE(levels.count() <= 70);
        std::vector<int> met(w.size());
        for (std::size_t l = 0; l < levels.count(); ++l) {
            const detail::weight_level& at = levels.at(l);
            REQUIRE(at.table.slots <= two_to_64);  // one 64-bit word (or the full range) draws a slot
            REQUIRE(at.total == at.table.slots / (at.table.columns / detail::gcd(at.table.columns, at.total)));
            REQUIRE(static_cast<std::uint64_t>(at.total) == at.ends.back());  // the running sums, mod 2^64
            if (l > 0) REQUIRE((at.cut == 0 || at.cut < levels.at(l - 1).cut - 30));  // each at least 31 bits below
            if (at.tail != at.ends.size()) {
                REQUIRE(at.ends.back() - (at.tail ? at.ends[at.tail - 1] : 0) == at.tail_weight);
                REQUIRE(at.table.slots == at.total);
                REQUIRE(at.ends[at.tail - 1] < count_t{1} << 63);
                REQUIRE(at.tail_weight <= 2 * at.ends.size());
            } else {
                REQUIRE(l + 1 == levels.count());  // a level without a tail is the last
            }
            for (std::size_t j = 0; j < at.tail; ++j) ++met[levels.outcome_of_column(l, j)];
        }
        // the tail of level 0 is entered with probability below n·2^−60
        const detail::weight_level& top = levels.at(0);
        if (top.tail != top.ends.size())
            REQUIRE(static_cast<double>(top.tail_weight) / static_cast<double>(top.total) <=
                    static_cast<double>(w.size()) * 0x1p-60);
        for (std::size_t i = 0; i < w.size(); ++i) REQUIRE(met[i] <= 3);  // a double's bits meet at most 3 levels
    }
}

// ---- the draw, on every roll sequence ---------------------------------------------

// Narrow levels (2 to 6 bits) make small tables, so that every sequence of a
// coin's, a d6's and a d10's rolls runs through several levels, tails and
// restarts of the same code discrete_distribution runs with 63.
TEST_CASE("levels: the draw on every roll sequence of a coin, a d6 and a d10 gives each outcome its share", "[levels]") {
    // {1, 2^-5, 3·2^-9, 0}: canonical {512, 16, 3, 0}
    const std::vector<double> w{1, 0x1p-5, 3 * 0x1p-9, 0};
    using target = loaded<512, 16, 3, 0>;
    for (unsigned bits = 2; bits <= 6; ++bits) {
        const weight_levels levels = make_levels(exact(w), bits);
        INFO("level bits " << bits << ", levels " << levels.count());
        REQUIRE(levels.count() >= 2);
        looks_exact(check_sampler<coin, target>(sampler(levels), 16), rational{1, 2});
        looks_exact(check_sampler<d6, target>(sampler(levels), 7), rational{1, 2});
        looks_exact(check_sampler<d10, target>(sampler(levels), 5), rational{1, 2});
        // held as a distribution holds them: level 0's parts from the weights, the levels below made
        // again at each tail; the same draws, on every roll sequence
        const weight_levels held = detail::held_levels(exact(w), bits);
        REQUIRE(held.held());
        const auto from_all = check_sampler<d6, target>(sampler(levels), 7), from_held = check_sampler<d6, target>(sampler(held), 7);
        REQUIRE(from_held.resolved == from_all.resolved);
        REQUIRE(from_held.unresolved == from_all.unresolved);
        looks_exact(check_sampler<coin, target>(sampler(held), 16), rational{1, 2});
        // the same draws against other weights are refused
        REQUIRE(check_sampler<coin, loaded<16, 512, 3, 0>>(sampler(levels), 16).proves_biased());
        REQUIRE(check_sampler<d6, loaded<16, 512, 3, 0>>(sampler(levels), 7).proves_biased());
    }
    // levels of one outcome each, and a padded tail that only restarts
    const std::vector<double> spread{0x1p-20, 1};
    const weight_levels two = make_levels(exact(spread), 4);
    REQUIRE(two.count() >= 2);
    looks_exact(check_sampler<coin, loaded<1, 1048576>>(sampler(two), 16), rational{1, 5});
    REQUIRE(check_sampler<coin, loaded<1048576, 1>>(sampler(two), 16).proves_biased());
}

// Past 256 faces a level's column is a uniform slot of its table (on a die of
// 256 faces or fewer, its Knuth–Yao tree).
TEST_CASE("levels: a 257-faced die (one roll per slot) through the levels", "[levels]") {
    const std::vector<double> w{3, 0x1p-7, 5 * 0x1p-14};
    using target = loaded<49152, 128, 5>;
    const weight_levels levels = make_levels(exact(w), 5);
    REQUIRE(levels.count() >= 2);
    looks_exact(check_sampler<die<257>, target>(sampler(levels), 2), rational{1, 5});
    REQUIRE(check_sampler<die<257>, loaded<128, 49152, 5>>(sampler(levels), 2).proves_biased());
}

namespace {
// Σ_{ℓ < depth} P(more than ℓ rolls): the rolls a draw takes within the first
// `depth`, which the expected rolls exceed only by the mass still unfinished.
template <class Report>
double rolls_within_depth(const Report& r) {
    double sum = 0, all = 1;
    for (std::size_t l = 0; l < r.depth; ++l, all *= static_cast<double>(r.faces)) sum += static_cast<double>(r.unresolved[l]) / all;
    return sum;
}
// Each outcome's share v_i / V (integers past 2^64 together, which no
// loaded<W...> holds) within what the report proves: m_i <= v_i / V <= m_i + u.
template <class Report>
bool shares_within(const Report& r, const std::vector<count_t>& v) {
    count_t total = 0;
    for (const count_t x : v) total += x;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const rational share{v[i], total}, m = r.mass(i);
        if (share < m || m + r.unresolved_mass() < share) return false;
    }
    return true;
}
double entropy_over_log_k(const std::vector<double>& w, double faces) {
    double total = 0, h = 0;
    for (const double x : w) total += x;
    for (const double x : w)
        if (x > 0) h -= x / total * std::log2(x / total);
    return h / std::log2(faces);
}
}  // namespace

// Double weights at full width (63 bits a level) from a coin, a d6 and a d10:
// the Knuth–Yao tree of level 0 finishes within H/log2 K + 2 rolls on average,
// where a uniform slot below ~2^63 would read ~63 flips, ~25 rolls of a d6,
// ~19 of a d10. On every roll sequence up to the depth, through the real draw,
// against the doubles' exact values (canonical integers, from Python's fractions).
TEST_CASE("levels: a die of at most 256 faces walks each level's Knuth-Yao tree, within H/log2 K + 2 rolls", "[levels]") {
    {  // {0.1, 0.2, 0.7} from a d10: 99% within 6 rolls
        const std::vector<double> w{0.1, 0.2, 0.7};
        const weight_levels levels = make_levels(exact(w));
        const auto r = check_sampler<d10, loaded<3602879701896397, 7205759403792794, 25220157913274776>>(sampler(levels), 6);
        looks_exact(r, rational{1, 100});
        REQUIRE(rolls_within_depth(r) <= entropy_over_log_k(w, 10) + 2);
        REQUIRE(check_sampler<d10, loaded<3602879701896397, 25220157913274776, 7205759403792794>>(sampler(levels), 6).proves_biased());
    }
    {  // {1e-5, 1, 3.5} from a coin: two levels (the sum has 72 bits)
        const std::vector<double> w{1e-5, 1, 3.5};
        const weight_levels levels = make_levels(exact(w));
        REQUIRE(levels.count() == 2);
        const auto r = check_sampler<coin, 3>(sampler(levels), 16);
        REQUIRE(shares_within(r, {5902958103587057, count_t{1} << 69, count_t{7} << 68}));
        REQUIRE(r.unresolved_mass() < rational{1, 1000});
        REQUIRE(rolls_within_depth(r) <= entropy_over_log_k(w, 2) + 2);
        REQUIRE_FALSE(shares_within(r, {count_t{1} << 69, 5902958103587057, count_t{7} << 68}));
    }
    {  // {0.0001, 0.9999} from a d6
        const std::vector<double> w{0.0001, 0.9999};
        const weight_levels levels = make_levels(exact(w));
        constexpr count_t heavy = count_t{3} << 64 | 0xffe5c91d14e3c000u;  // 73779597597208723456
        const auto r = check_sampler<d6, 2>(sampler(levels), 7);
        REQUIRE(shares_within(r, {7378697629483821, heavy}));
        REQUIRE(r.unresolved_mass() < rational{1, 1000});
        REQUIRE(rolls_within_depth(r) <= entropy_over_log_k(w, 6) + 2);
        REQUIRE_FALSE(shares_within(r, {heavy, 7378697629483821}));
    }
}

TEST_CASE("levels: one attempt's every path, with exact probabilities, gives masses proportional to the weights", "[levels]") {
    const std::vector<double> w{1, 0x1p-5, 3 * 0x1p-9, 0};
    for (unsigned bits = 2; bits <= 6; ++bits) {
        INFO("level bits " << bits);
        const weight_levels levels = make_levels(exact(w), bits);
        const std::vector<fraction> m = attempt_masses(levels);
        REQUIRE(proportional(m, {512, 16, 3, 0}));
        // and not to weights one unit off
        REQUIRE_FALSE(proportional(m, {512, 16, 4, 0}));
        REQUIRE_FALSE(proportional(m, {513, 16, 3, 0}));
    }
    const std::vector<double> spread{0x1p-20, 1, 0x1p-20 * 5};
    for (unsigned bits = 3; bits <= 8; ++bits) attempts_are_exact(make_levels(exact(spread), bits), {1, 1048576, 5});
    const std::vector<double> three{3, 0x1p-7, 5 * 0x1p-14, 7 * 0x1p-14};
    for (unsigned bits = 3; bits <= 7; ++bits) attempts_are_exact(make_levels(exact(three), bits), {49152, 128, 5, 7});
    // a fraction of more than one word: bits 60 below the cut (levels of 4 bits)
    const std::vector<double> deep{1, 0x1p-70, 0x1p-75};
    const weight_levels wide = make_levels(exact(deep), 4);
    bool long_fraction = false;
    for (std::size_t l = 0; l < wide.count(); ++l) long_fraction = long_fraction || wide.at(l).fraction.size() >= 2;
    REQUIRE(long_fraction);
    attempts_are_exact(wide, {count_t{1} << 75, 32, 1});
    // an exact level (no tail), and one outcome
    attempts_are_exact(make_levels(exact({3, 2, 1})), {3, 2, 1});
    attempts_are_exact(make_levels(exact({0, 5, 0})), {0, 1, 0});
}

// ---- streams' big integers --------------------------------------------------------

TEST_CASE("levels: weights in decimal, whatever their size", "[levels]") {
    detail::big x;
    REQUIRE(detail::decimal_text(x) == "0");
    x.add(count_t{1}, 200);
    // 2^200, by Python
    REQUIRE(detail::decimal_text(x) == "1606938044258990275541962092341162602522202993782792835301376");
    x.add(count_t{10000000000000000000ull} - 1, 0);
    REQUIRE(detail::decimal_text(x) == "1606938044258990275541962092341162602522212993782792835301375");
}

TEST_CASE("levels: shares rounded to the nearest double", "[levels]") {
    auto big_of = [](count_t v, std::size_t shift) {
        detail::big b;
        b.add(v, shift);
        return b;
    };
    REQUIRE(detail::ratio(big_of(1, 0), big_of(3, 0)) == 1.0 / 3);
    REQUIRE(detail::ratio(big_of(2, 0), big_of(3, 0)) == 2.0 / 3);
    REQUIRE(detail::ratio(big_of(1, 0), big_of(1, 0)) == 1.0);
    REQUIRE(detail::ratio(big_of(0, 0), big_of(1, 0)) == 0.0);
    REQUIRE(detail::ratio(big_of(1, 0), big_of(10, 0)) == 0.1);
    // a tie: (2^53 + 1)/2^53 is halfway between 1 and 1 + 2^-52, and rounds to the even 1
    REQUIRE(detail::ratio(big_of((count_t{1} << 53) + 1, 0), big_of(count_t{1} << 54, 0)) == 0.5);
    // just past the tie rounds up
    detail::big past = big_of((count_t{1} << 54) + 3, 0), whole = big_of(count_t{1} << 55, 0);
    REQUIRE(detail::ratio(past, whole) == 0.5 + 0x1p-53);
    // subnormal shares: 2^-1074 exactly, half of it (a tie, to 0), and just above half
    REQUIRE(detail::ratio(big_of(1, 0), big_of(1, 1074)) == 0x1p-1074);
    REQUIRE(detail::ratio(big_of(1, 0), big_of(1, 1075)) == 0.0);
    REQUIRE(detail::ratio(big_of(3, 0), big_of(1, 1076)) == 0x1p-1074);
    REQUIRE(detail::ratio(big_of(3, 0), big_of(1, 1074)) == 3 * 0x1p-1074);
    REQUIRE(detail::ratio(big_of(1, 0), big_of(1, 2000)) == 0.0);
    // 1/3 of the subnormal range: 2^-1074/3 rounds to 0, 2^-1073/3 to 2^-1074
    REQUIRE(detail::ratio(big_of(1, 0), big_of(3, 1074)) == 0.0);
    REQUIRE(detail::ratio(big_of(2, 0), big_of(3, 1074)) == 0x1p-1074);
    // against the double division of exactly representable values, many of them
    std::uint64_t s = 99;
    for (int i = 0; i < 2000; ++i) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        const std::uint64_t a = (s >> 11) | 1, b = a + (s >> 40) + 1;  // a < b < 2^53 + 2^24
        if (b >= (std::uint64_t{1} << 53)) continue;
        REQUIRE(detail::ratio(big_of(a, 0), big_of(b, 0)) == static_cast<double>(a) / static_cast<double>(b));
    }
}
