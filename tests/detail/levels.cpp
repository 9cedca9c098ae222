#include <rollplan/detail/levels.hpp>
#include <rollplan/detail/wide.hpp>
#include <rollplan/discrete.hpp>
#include <rollplan/philox.hpp>
#include <rollplan/verify.hpp>

#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
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

// Level 0's tail carries X = Z'·2^(F' − F), the whole level below in level 0's units, as q = ⌊X⌋
// and the 64-bit words of X − q, exactly. {1, 2^−(62 + s)} is canonically {2^(62 + s), 1}: V
// has 63 + s bits, so F = s, level 0's parts are {2^62, 0}, and the 1 left is an exact level
// below (F' = 0, Z' = 1). So q = 0 and the fraction is 2^−s: ⌈s/64⌉ words, all zero but the
// last, 2^(64·⌈s/64⌉ − s); the tail's weight 1 is padded to 2 (2^62 + T a multiple of the 3
// columns, 2^62 ≡ 1 mod 3). s runs across word boundaries: the fraction's last bit is then the
// low or the high bit of a word, read from the level below at bit −1, 0 or 63 of its total.
TEST_CASE("levels: the tail's fraction is the level below exactly, at every distance of the cuts up to 200 bits", "[levels]") {
    for (int s = 1; s <= 200; ++s) {
        INFO("s = " << s);
        const weight_levels w = make_levels(exact({1, std::ldexp(1.0, -(62 + s))}));
        REQUIRE(w.count() == 2);
        REQUIRE(w.top.cut == s);
        REQUIRE(w.top.below == 0);
        REQUIRE(w.top.tail_weight == 2);
        const auto words = static_cast<std::size_t>((s + 63) / 64);
        std::vector<std::uint64_t> fraction(words, 0);
        fraction.back() = std::uint64_t{1} << (64 * static_cast<int>(words) - s);
        REQUIRE(w.top.fraction == fraction);
    }
    // and the draw: with levels of 4 bits, {1, 2^−k} has F = k − 3 above an exact level of the 1;
    // cuts 62, 63 and 64 bits apart, one attempt's every path still gives the 1 its share
    for (const int k : {65, 66, 67}) attempts_are_exact(make_levels(exact({1, std::ldexp(1.0, -k)}), 4), {count_t{1} << k, 1});
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

// ---- double weights at their edges, and integer weights at 2^63 and 2^64 ----------------

namespace {

// A weight's exact value m·2^e (m odd; 0 as {0, 0}), found here without the code under test:
// a double by frexp (x = f·2^e, f in [1/2, 1), and f·2^53 an integer), an integer by halving.
dyadic by_hand(double x) {
    if (x == 0) return {};
    int e = 0;
    const double f = std::frexp(x, &e);
    auto m = static_cast<count_t>(static_cast<std::uint64_t>(std::ldexp(f, 53)));
    e -= 53;
    while (m % 2 == 0) m /= 2, ++e;
    return {m, e};
}
dyadic by_hand(count_t x) {
    if (x == 0) return {};
    int e = 0;
    while (x % 2 == 0) x /= 2, ++e;
    return {x, e};
}
dyadic by_hand(unsigned long long x) { return by_hand(count_t{x}); }
long long bits_of(count_t m) {
    long long b = 0;
    for (; m != 0; m >>= 1) ++b;
    return b;
}
count_t gcd_by_hand(count_t a, count_t b) {
    while (b != 0) {
        const count_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

// Non-negative integers as their bits, least significant first: enough to add m·2^k, to
// find a bit length and to write decimal digits, independently of detail::big.
struct bit_number {
    std::vector<unsigned char> bit;
    void add(count_t m, int k) {
        for (int b = 0; b < 128; ++b)
            if ((m >> b) & 1) {
                auto at = static_cast<std::size_t>(k + b);
                for (;; ++at) {  // add 1 at `at`, carrying
                    if (bit.size() <= at) bit.resize(at + 1);
                    if (bit[at] == 0) {
                        bit[at] = 1;
                        break;
                    }
                    bit[at] = 0;
                }
            }
    }
    std::size_t length() const {
        std::size_t l = bit.size();
        while (l > 0 && bit[l - 1] == 0) --l;
        return l;
    }
    std::string decimal() const {
        std::vector<int> digit{0};  // least significant first
        for (std::size_t i = length(); i-- > 0;) {
            int carry = bit[i];
            for (int& d : digit) {
                const int x = 2 * d + carry;
                d = x % 10;
                carry = x / 10;
            }
            if (carry != 0) digit.push_back(carry);
        }
        std::string text;
        for (std::size_t i = digit.size(); i-- > 0;) text += static_cast<char>('0' + digit[i]);
        return text;
    }
};

// What the spec says of weights w, worked out here: their exact values, the canonical v_i
// (m_i/g at 2^(e_i − e_min)), V, and the text "n v_0 … v_(n−1)" << writes.
struct worked_weights {
    std::vector<dyadic> exact, canonical;
    bit_number total;
    std::string text;
};
template <class Weight>
worked_weights work_out(const std::vector<Weight>& w) {
    worked_weights out;
    int least = 1 << 20;
    count_t g = 0;
    for (const Weight x : w) {
        out.exact.push_back(by_hand(x));
        if (out.exact.back().mantissa != 0) {
            least = std::min(least, out.exact.back().exponent);
            g = gcd_by_hand(g, out.exact.back().mantissa);
        }
    }
    out.text = std::to_string(w.size());
    for (const dyadic& d : out.exact) {
        const dyadic v = d.mantissa == 0 ? dyadic{} : dyadic{d.mantissa / g, d.exponent - least};
        out.canonical.push_back(v);
        bit_number one;
        one.add(v.mantissa, v.exponent);
        out.total.add(v.mantissa, v.exponent);
        out.text += ' ';  // appended in two steps: GCC 12 warns falsely (-Wrestrict) on " " + a temporary string
        out.text += v.mantissa == 0 ? std::string("0") : one.decimal();
    }
    return out;
}

// ⌊m·2^k / 2^cut⌋ for a part below 2^64.
std::uint64_t part_by_hand(const dyadic& v, long long cut) {
    const long long up = v.exponent - cut;
    if (up >= 0) return static_cast<std::uint64_t>(v.mantissa << up);
    return up <= -128 ? 0 : static_cast<std::uint64_t>(v.mantissa >> -up);
}

// The laws of one weight vector of N outcomes: exact values, canonical integers, the text,
// the held weights and level 0's parts as the spec's rule makes them, `levels` levels, the
// probabilities `shares` (the correctly rounded v_i / V, computed beside the test), no draw of
// a zero weight, and on every roll sequence of a d6 to depth 6 through the real draw, each
// outcome's mass within what its exact share allows.
template <std::size_t N, class Weight>
void edge_laws(const std::vector<Weight>& w, std::size_t levels, const std::vector<double>& shares) {
    REQUIRE(w.size() == N);
    const worked_weights by = work_out(w);
    INFO("weights " << by.text);
    const std::vector<dyadic> exact = detail::exact_values(w.begin(), w.end());
    REQUIRE(exact == by.exact);
    REQUIRE(detail::canonical(exact) == by.canonical);

    const discrete_distribution<int> d(w.begin(), w.end());
    REQUIRE(d.param().levels() == levels);
    REQUIRE(make_levels(exact).count() == levels);
    std::ostringstream text;
    text << d;
    REQUIRE(text.str() == by.text);
    std::istringstream back(text.str());
    discrete_distribution<int> read({1, 1, 1, 1, 1, 1, 1, 1});
    back >> read;
    REQUIRE_FALSE(back.fail());
    REQUIRE(read == d);
    REQUIRE(d.probabilities() == shares);

    // held: the weights are the canonical integers, bit for bit; several levels hold them as given
    const weight_levels held = detail::held_levels(exact);
    REQUIRE(held.count() == levels);
    REQUIRE(held.held() == (levels > 1));
    const std::vector<detail::big> weights = held.weights();
    for (std::size_t i = 0; i < N; ++i) {
        const dyadic v = by.canonical[i];
        bit_number one;
        one.add(v.mantissa, v.exponent);
        REQUIRE(weights[i].bit_length() == one.length());
        REQUIRE(weights[i].word_at(v.exponent) == static_cast<std::uint64_t>(v.mantissa));
        REQUIRE(weights[i].word_at(v.exponent + 64) == static_cast<std::uint64_t>(v.mantissa >> 64));
        if (held.held()) REQUIRE(held.exact.at(i) == v);
    }
    // level 0: one exact table of the v_i (cut 0), or parts ⌊v_i / 2^F⌋ with F = bitlength(V) − 63
    const long long cut = levels == 1 ? 0 : static_cast<long long>(by.total.length()) - 63;
    REQUIRE(held.top.cut == cut);
    count_t parts = 0;
    for (std::size_t i = 0; i < N; ++i) {
        REQUIRE(d.level_view().column_weight(0, i) == part_by_hand(by.canonical[i], cut));
        parts += part_by_hand(by.canonical[i], cut);
    }
    if (levels > 1) REQUIRE((parts < count_t{1} << 63 && parts > (count_t{1} << 62) - N));

    // draws: never an outcome of weight 0, from an engine and on every roll sequence
    philox4x64 engine(N);
    for (int t = 0; t < 200; ++t) {
        const int i = d(engine);
        REQUIRE((i >= 0 && static_cast<std::size_t>(i) < N));
        REQUIRE(by.canonical[static_cast<std::size_t>(i)].mantissa != 0);
    }
    const auto r = check_sampler<d6, N>([&](auto& roll) { return d(roll); }, 6);
    REQUIRE_FALSE(r.outcome_out_of_range);
    REQUIRE(r.unresolved_mass() < rational{1, 1000});
    if (by.total.length() <= 100) {  // the shares v_i / V as rationals: mass_i <= v_i / V <= mass_i + unresolved
        std::vector<count_t> v;
        for (const dyadic& x : by.canonical) v.push_back(x.mantissa << x.exponent);
        REQUIRE(shares_within(r, v));
    } else {  // a share below 6^−6 (v_i·2^(100 − 1) < V) finishes no sequence of 6 rolls or fewer
        for (std::size_t i = 0; i < N; ++i)
            if (by.canonical[i].exponent + bits_of(by.canonical[i].mantissa) + 20 <
                static_cast<long long>(by.total.length()))
                REQUIRE(r.mass(i) == rational{0});
    }
    for (std::size_t i = 0; i < N; ++i)
        if (by.canonical[i].mantissa == 0) REQUIRE(r.mass(i) == rational{0});
}

constexpr double tiny = 0x1p-1074;                          // 5e-324, the least subnormal
constexpr double largest_subnormal = 0x1p-1022 - 0x1p-1074;  // (2^52 − 1)·2^−1074
constexpr double least_normal = 0x1p-1022;                   // 2^52·2^−1074
constexpr count_t two_to(int k) { return count_t{1} << k; }

}  // namespace

// The probabilities below are Python's float(Fraction(v_i, V)) (correctly rounded, ties to
// even) of the weights' exact values, written as hexadecimal doubles; the level counts are
// worked by the spec's rule in the comments.
TEST_CASE("levels: double weights at the subnormal edge, beside 1 and beside DBL_MAX, exactly", "[levels]") {
    // {2^−1074, 1}: v = {1, 2^1074}; V has 1075 bits, F = 1012 puts only 2^62 on level 0, and
    // the 1 left below is level 1: 2 levels. 1/(2^1074 + 1) rounds to 2^−1074, the rest to 1
    edge_laws<2>(std::vector<double>{tiny, 1}, 2, {0x1p-1074, 1});
    // {2^−1074, the largest subnormal}: v = {1, 2^52 − 1}, V = 2^52: one level, exact shares
    edge_laws<2>(std::vector<double>{tiny, largest_subnormal}, 1, {0x1p-52, 1 - 0x1p-52});
    // {the largest subnormal, the least normal}: v = {2^52 − 1, 2^52}, V = 2^53 − 1: one level
    // (lcm(2, V) < 2^64); 2^52/V = 1/2 + 2^−54 + … rounds up, (2^52 − 1)/V to 1/2 − 2^−54
    edge_laws<2>(std::vector<double>{largest_subnormal, least_normal}, 1, {0.5 - 0x1p-54, 0.5 + 0x1p-53});
    // {the least normal, the next double}: v = {2^52, 2^52 + 1}, V = 2^53 + 1: one level
    edge_laws<2>(std::vector<double>{least_normal, least_normal + tiny}, 1, {0.5 - 0x1p-54, 0.5});
    // the four doubles about 2^−1022: v = {2^52 − 2, 2^52 − 1, 2^52, 2^52 + 1}, V = 2^54 − 2
    edge_laws<4>(std::vector<double>{largest_subnormal - tiny, largest_subnormal, least_normal, least_normal + tiny}, 1,
                 {0x1.ffffffffffffdp-3, 0x1.fffffffffffffp-3, 0x1.0000000000001p-2, 0x1.0000000000002p-2});
    // multiples of 2^−1074 beside zeros: v = {0, 1, 0, 2, 3}, V = 6, so a d6 decides in one roll
    edge_laws<5>(std::vector<double>{0, tiny, 0, 2 * tiny, 3 * tiny}, 1, {0, 1.0 / 6, 0, 1.0 / 3, 0.5});
    {
        const discrete_distribution<int> d({0, tiny, 0, 2 * tiny, 3 * tiny});
        const auto r = check_sampler<d6, 5>([&](auto& roll) { return d(roll); }, 6);
        REQUIRE(r.unresolved_mass() == rational{0});
        for (std::size_t i = 0; i < 5; ++i) REQUIRE(r.mass(i) == rational{std::array<count_t, 5>{0, 1, 0, 2, 3}[i], 6});
    }
    // shares in the subnormal range, rounded once: {3·2^−1074, 2} and {7·2^−1074, 2} (v = {3,
    // 2^1075}, {7, 2^1075}: 2 levels) have shares a shade below 1.5 and 3.5 times 2^−1074,
    // which round down to 1 and 3 times 2^−1074 (rounded to a half first, they would tie up)
    edge_laws<2>(std::vector<double>{3 * tiny, 2}, 2, {0x1p-1074, 1});
    edge_laws<2>(std::vector<double>{7 * tiny, 2}, 2, {3 * 0x1p-1074, 1});
    // {2^−1022, 1}: v = {1, 2^1022}: 2 levels; 1/(2^1022 + 1) rounds to 2^−1022
    edge_laws<2>(std::vector<double>{least_normal, 1}, 2, {0x1p-1022, 1});
    // beside 1: {1 − 2^−53, 1, 1 + 2^−52}: v = {2^53 − 1, 2^53, 2^53 + 2}, V = 3·2^53 + 1: one level
    edge_laws<3>(std::vector<double>{1 - 0x1p-53, 1, 1 + 0x1p-52}, 1, {0x1.5555555555554p-2, 0x1.5555555555555p-2, 0x1.5555555555556p-2});
    // beside DBL_MAX, and a zero (which has no exponent to be the least): v = {2^53 − 1, 0,
    // 2^53 − 2}, V = 2^54 − 3: one level
    edge_laws<3>(std::vector<double>{DBL_MAX, 0, std::nextafter(DBL_MAX, 0.0)}, 1, {0.5, 0, 0.5 - 0x1p-54});
    // {1, DBL_MAX}: v = {1, (2^53 − 1)·2^971}: 2 levels; the share of 1 is the subnormal 2^−1024
    edge_laws<2>(std::vector<double>{1, DBL_MAX}, 2, {0x1p-1024, 1});
    // {2^−1074, DBL_MAX, 0}: v = {1, (2^53 − 1)·2^2045, 0}, V of 2098 bits: F = 2035 leaves the
    // 1 to level 1: 2 levels; its share (about 2^−2098) rounds to 0, yet no draw is of the 0
    edge_laws<3>(std::vector<double>{tiny, DBL_MAX, 0}, 2, {0, 1, 0});
}

TEST_CASE("levels: integer weights at 2^63 and 2^64, whose level 0 is exact or not by one unit", "[levels]") {
    using ull = unsigned long long;
    constexpr ull top = ~0ull;  // 2^64 − 1
    // {2^63, 2^63 − 1}: V = 2^64 − 1 fits, but lcm(2, V) = 2^65 − 2 does not: F = 1, parts
    // {2^62, 2^62 − 1}, and the 1 left is level 1: 2 levels
    edge_laws<2>(std::vector<ull>{ull{1} << 63, (ull{1} << 63) - 1}, 2, {0.5, 0.5});
    // {2^64 − 1, 1}: V = 2^64 and lcm(2, V) = 2^64: one exact level
    edge_laws<2>(std::vector<ull>{top, 1}, 1, {1, 0x1p-64});
    // {2^63 − 1, 2^63 + 1}: V = 2^64, one level; both shares 1/2 ∓ 2^−64 round to 1/2
    edge_laws<2>(std::vector<ull>{(ull{1} << 63) - 1, (ull{1} << 63) + 1}, 1, {0.5, 0.5});
    // {2^63, 1}: V = 2^63 + 1 is odd, lcm(2, V) = 2^64 + 2: 2 levels
    edge_laws<2>(std::vector<ull>{ull{1} << 63, 1}, 2, {1, 0x1p-63});
    // {2^63 − 1, 2}: V = 2^63 + 1 again, parts {2^62 − 1, 1}: 2 levels
    edge_laws<2>(std::vector<ull>{(ull{1} << 63) - 1, 2}, 2, {1, 0x1p-62});
    // {2^63, 1, 1}: V = 2^63 + 2, coprime to 3: F = 1, parts {2^62, 0, 0}, residues {0, 1, 1}: 2 levels
    edge_laws<3>(std::vector<ull>{ull{1} << 63, 1, 1}, 2, {1, 0x1p-63, 0x1p-63});
    // {2^64 − 1, 2^64 − 2}: V = 2^65 − 3: F = 2, residues {3, 2}: 2 levels
    edge_laws<2>(std::vector<ull>{top, top - 1}, 2, {0.5, 0.5});
    // {2^64 − 1, 2^64 − 1, 0}: the least integers are {1, 1, 0}: one level
    edge_laws<3>(std::vector<ull>{top, top, 0}, 1, {0.5, 0.5, 0});
    // a tie: (2^53 + 1)/2^54 = 1/2 + 2^−54 is halfway between two doubles and rounds to the even 1/2
    edge_laws<2>(std::vector<ull>{(ull{1} << 53) + 1, (ull{1} << 53) - 1}, 1, {0.5, 0.5 - 0x1p-54});
    // as 128-bit integers: {2^64, 1} (V = 2^64 + 1: F = 2, 2 levels), {2^127, 1} (F = 65, 2 levels),
    // and {2^63, 2^63 − 1} as the same distribution as its 64-bit form
    edge_laws<2>(std::vector<count_t>{two_to(64), 1}, 2, {1, 0x1p-64});
    edge_laws<2>(std::vector<count_t>{two_to(127), 1}, 2, {1, 0x1p-127});
    edge_laws<2>(std::vector<count_t>{two_to(64) - 1, 1}, 1, {1, 0x1p-64});
    const std::vector<count_t> wide{two_to(63), two_to(63) - 1};
    const std::vector<ull> narrow{ull{1} << 63, (ull{1} << 63) - 1};
    REQUIRE(discrete_distribution<int>(wide.begin(), wide.end()) == discrete_distribution<int>(narrow.begin(), narrow.end()));
    // the exact level's bound, both ways, for the make_levels rule itself: {2^64 − 1, 1} fits
    // (V = 2^64), {2^64 − 1, 2} does not (V = 2^64 + 1: a cut of 2, and the residue below)
    const std::vector<ull> fits{top, 1}, past{top, 2};
    REQUIRE(make_levels(detail::exact_values(fits.begin(), fits.end())).count() == 1);
    REQUIRE(make_levels(detail::exact_values(past.begin(), past.end())).count() == 2);
}

// ---- the big integers behind the sums, and weights read in decimal -------------------

namespace {
// ⌊x / 2^at⌋ mod 2^64 of a bit_number, bit by bit (bits below 0 are zero).
std::uint64_t word_by_hand(const bit_number& x, long long at) {
    std::uint64_t w = 0;
    for (long long b = 0; b < 64; ++b) {
        const long long i = at + b;
        if (i >= 0 && static_cast<std::size_t>(i) < x.bit.size() && x.bit[static_cast<std::size_t>(i)] != 0) w |= std::uint64_t{1} << b;
    }
    return w;
}
// x and y the same number: the same bit length, and the same 64 bits read at every offset of
// a word (0, 1, 31, 63) in every word from two below the number to one above it.
bool same_number(const detail::big& x, const bit_number& y) {
    if (x.bit_length() != y.length()) return false;
    for (long long word = -2; word * 64 <= static_cast<long long>(y.length()) + 64; ++word)
        for (const long long offset : {0, 1, 31, 63})
            if (x.word_at(word * 64 + offset) != word_by_hand(y, word * 64 + offset)) return false;
    return true;
}
}  // namespace

// detail::big, the integer of any size that holds the weights' sum: adding m·2^k is adding
// its bits (bit_number, which knows nothing of limbs), for odd parts that reach into the high
// word of a count_t (so that at an offset within a limb the part spreads over three limbs),
// at every offset of the first two limbs, with carries across limbs; any 64 bits read back,
// below bit 0 included. And a carry out of a full top limb makes a new limb.
TEST_CASE("levels: big adds m·2^k as its bits add up, at every offset in a limb, and reads any 64 bits back", "[levels]") {
    const count_t ones = ~count_t{0};
    const std::vector<count_t> parts{1, 3, ones, ones >> 1, two_to(64) + 1, two_to(127) + 1,
                                     count_t{0x8000000000000001u} << 64 | 0xfedcba9876543211u};
    for (const count_t m : parts)
        for (int k = 0; k <= 130; ++k) {
            INFO("m = " << rollplan::to_string(m) << ", k = " << k);
            detail::big x;
            bit_number y;
            x.add(m, static_cast<std::size_t>(k));
            y.add(m, k);
            REQUIRE(same_number(x, y));
            x.add(ones, static_cast<std::size_t>(k / 2));  // carries
            y.add(ones, k / 2);
            x.add(m, 0);
            y.add(m, 0);
            REQUIRE(same_number(x, y));
        }
    // 2^(64·L) − 1, every limb full, plus m·2^k below its top three limbs: the carry leaves the top
    for (std::size_t limbs = 4; limbs <= 6; ++limbs)
        for (const count_t m : {count_t{1}, count_t{3}, ones})
            for (int k = 0; k < 64 * static_cast<int>(limbs - 3); k += 21) {
                INFO(limbs << " limbs, k = " << k);
                detail::big x;
                x.limb.assign(limbs, ~std::uint64_t{0});
                bit_number y;
                y.bit.assign(64 * limbs, 1);
                x.add(m, static_cast<std::size_t>(k));
                y.add(m, k);
                REQUIRE(same_number(x, y));
            }
}

// A weight in decimal reads as its exact value m·2^k (m odd): odd parts of every length up to
// 128 bits, the high word of those past 2^64 included, shifted across limbs; the digits are
// bit_number's, worked out without detail::big.
TEST_CASE("levels: a weight in decimal reads as its exact value, odd parts up to 2^128", "[levels]") {
    for (const int bits : {1, 2, 53, 63, 64, 65, 66, 100, 127, 128}) {
        const count_t top = count_t{1} << (bits - 1), all = bits == 128 ? ~count_t{0} : (count_t{1} << bits) - 1;
        const count_t pattern = (count_t{0x5555555555555555u} << 64 | 0x5555555555555555u) & all;
        for (const count_t m : {top | 1, all, top | pattern | 1})
            for (const int k : {0, 1, 64, 100}) {
                bit_number y;
                y.add(m, k);
                INFO(y.decimal());
                std::istringstream in(y.decimal());
                dyadic v;
                detail::read_weight(in, v);
                REQUIRE_FALSE(in.fail());
                REQUIRE(v == dyadic{m, k});
            }
    }
}

namespace {
// n weights, read once each: a single-pass range, which cannot be counted before it is read.
struct single_pass {
    using iterator_category = std::input_iterator_tag;
    using value_type = double;
    using difference_type = std::ptrdiff_t;
    using pointer = const double*;
    using reference = double;
    int at;
    double operator*() const { return 1.0; }
    single_pass& operator++() {
        ++at;
        return *this;
    }
    friend bool operator==(const single_pass&, const single_pass&) = default;
};
}  // namespace

// The limit of 2^32 − 1 weights, reached with the largest count lowered to 3: a single-pass
// range is refused at its 4th weight, named as the count it reached; a random-access one
// before its first weight is read.
TEST_CASE("exact_values: the largest count of weights taken, and the one past it", "[levels]") {
    REQUIRE(detail::exact_values(single_pass{0}, single_pass{3}, 3).size() == 3);
    REQUIRE_THROWS_WITH(detail::exact_values(single_pass{0}, single_pass{4}, 3),
                        Catch::Contains("holds fewer than 2^32 weights") && Catch::EndsWith("(weights = 4)"));
    REQUIRE_THROWS_WITH(detail::exact_values(single_pass{0}, single_pass{9}, 3), Catch::EndsWith("(weights = 4)"));
    const std::vector<double> negative_first{-1.0, 1.0, 1.0, 1.0};
    REQUIRE_THROWS_WITH(detail::exact_values(negative_first.begin(), negative_first.end(), 3),
                        Catch::EndsWith("(weights = 4)"));
    REQUIRE_THROWS_WITH(detail::exact_values(negative_first.begin(), negative_first.end() - 1, 3),
                        Catch::Contains("a weight is negative"));
}
