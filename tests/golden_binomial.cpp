// binomial_distribution<T>(t, p) against a second, plain implementation of docs/spec.md written
// from the text alone (section 1, "Sources and digits"; section 4, "Exact trials" and the entry
// `binomial_distribution<T>(t, p)`), without reading the library's code. The oracle decides
// everything on exact integers (boost::multiprecision::cpp_int): a double p is decoded from its
// bit pattern into m·2^e, a rational into a/b, and p's digits d_j = ⌊p·2^j⌋ mod 2 are computed
// as ⌊a·2^j/b⌋ mod 2. Each draw is compared value for value and by the number of rolls (engine
// calls) it read.
#include <rollplan/rollplan.hpp>

#include <bit>
#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {
namespace binomial_oracle {

using big = boost::multiprecision::cpp_int;
using exact_ratio = boost::multiprecision::cpp_rational;

big two_to(unsigned e) { return big(1) << e; }
big to_big(rollplan::count_t x) {
    return (big(static_cast<std::uint64_t>(x >> 64)) << 64) | big(static_cast<std::uint64_t>(x));
}

// ---------------------------------------------------------------------------------------------
// Section 1: a source of K faces gives rolls, digits in [0, K), in the order it produces them.
struct rolls {
    std::function<std::uint64_t()> roll;  // one roll
    big faces;                            // K
    unsigned w = 0;                       // K = 2^w (w ≥ 1), or 0 when K is not a power of two
    std::size_t count = 0;                // rolls read so far
};
rolls make_rolls(const big& faces, std::function<std::uint64_t()> roll) {
    rolls r;
    r.faces = faces;
    r.roll = std::move(roll);
    if (faces >= 2 && (faces & (faces - 1)) == 0) r.w = static_cast<unsigned>(boost::multiprecision::msb(faces));
    return r;
}
template <class Engine>
rolls rolls_of_engine(Engine& g) {
    const big faces = big(static_cast<std::uint64_t>(Engine::max() - Engine::min())) + 1;
    return make_rolls(faces, [&g] { return static_cast<std::uint64_t>(g() - Engine::min()); });
}

// Section 4, "U's digits": on K = 2^w faces the digits are bits, w a roll, the most significant
// first, a roll read only when a bit is wanted and none is left; otherwise the digits are the
// rolls (B = K). One object per draw: "one stream of digits throughout" the draw, the bits left
// at its end dropped with it, and the next draw starts with a roll of its own.
class draw_stream {
public:
    explicit draw_stream(rolls& source) : source_(source) {}
    bool on_bits() const { return source_.w != 0; }
    big base() const { return on_bits() ? big(2) : source_.faces; }
    std::uint64_t next() {
        if (!on_bits()) {
            ++source_.count;
            return source_.roll();
        }
        if (left_ == 0) {
            word_ = source_.roll();
            ++source_.count;
            left_ = source_.w;
        }
        --left_;
        return (word_ >> left_) & 1u;
    }

private:
    rolls& source_;
    std::uint64_t word_ = 0;
    unsigned left_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Section 4, "Exact trials", kind x, the Step rule as written: j digits read, u their value,
// D = B^j; W = 128 at the start, bounds(W) = {lo, hi} with lo ≤ x·2^W ≤ hi.
template <class Bounds>
bool trial_of_kind_x(draw_stream& s, const Bounds& bounds) {
    const big B = s.base();
    unsigned W = 128;
    std::pair<big, big> lo_hi = bounds(W);
    big u = 0, D = 1;
    for (;;) {
        const big& lo = lo_hi.first;
        const big& hi = lo_hi.second;
        const big two_W = two_to(W);
        if ((u + 1) * two_W <= lo * D) return true;
        if (u * two_W >= hi * D) return false;
        if (4 * D * (hi - lo) >= two_W) {
            W *= 2;
            lo_hi = bounds(W);
            continue;
        }
        u = u * B + s.next();
        D *= B;
    }
}
// the trial of 1/2: bounds lo = hi = 2^(W−1)
std::pair<big, big> half_bounds(unsigned W) { return {two_to(W - 1), two_to(W - 1)}; }
bool step_rule_half(draw_stream& s) { return trial_of_kind_x(s, half_bounds); }
// binomial's trial: "on bits: the zeros among the next n bits" (one bit a trial, true on 0);
// otherwise the Step rule. (The test "the Step rule on bits" checks these agree on bits.)
bool trial_half(draw_stream& s) {
    if (s.on_bits()) return s.next() == 0;
    return step_rule_half(s);
}

// ---------------------------------------------------------------------------------------------
// p exactly, as a/b (0 ≤ a ≤ b, b ≥ 1); not necessarily in lowest terms (the draw depends on
// the value only).
struct exact_p {
    big a, b;
};
// a double in [0, 1] from its bits: m·2^e
exact_p exact_of_double(double p) {
    const auto bits = std::bit_cast<std::uint64_t>(p);
    const bool negative = (bits >> 63) != 0;
    const auto biased = static_cast<unsigned>((bits >> 52) & 0x7ffu);
    const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
    if (biased == 0x7ffu) throw std::logic_error("oracle: p is not a finite number");
    big m = fraction;
    int e = -1074;
    if (biased != 0) {
        m += two_to(52);
        e = static_cast<int>(biased) - 1075;
    }
    if (negative && m != 0) throw std::logic_error("oracle: p < 0");
    exact_p out;
    if (e >= 0) {
        out.a = m << static_cast<unsigned>(e);
        out.b = 1;
    } else {
        out.a = m;
        out.b = two_to(static_cast<unsigned>(-e));
    }
    if (out.a > out.b) throw std::logic_error("oracle: p > 1");
    return out;
}

// d_j = ⌊p·2^j⌋ mod 2
unsigned digit_of_p(const exact_p& p, unsigned j) { return ((p.a << j) / p.b) % 2 != 0 ? 1u : 0u; }
// p·2^i is an integer
bool integer_at(const exact_p& p, unsigned i) { return (p.a << i) % p.b == 0; }

// ---------------------------------------------------------------------------------------------
// binomial_distribution<T>(t, p), one draw (t in [0, 2^16], p in [0, 1]): the value.
std::uint64_t binomial_draw(rolls& source, std::uint64_t t, const exact_p& p) {
    // t = 0 or p = 0: 0, and p = 1: t, with no roll
    if (t == 0 || p.a == 0) return 0;
    if (p.a == p.b) return t;
    draw_stream s(source);
    std::uint64_t n = t, v = 0;
    // while n > 0 and p·2^(j−1) is not an integer
    for (unsigned j = 1; n > 0 && !integer_at(p, j - 1); ++j) {
        // z = the trials of 1/2 that are true among n made one after the other
        std::uint64_t z = 0;
        for (std::uint64_t i = 0; i < n; ++i)
            if (trial_half(s)) ++z;
        if (digit_of_p(p, j) == 1) {
            v += z;
            n -= z;
        } else {
            n = z;
        }
    }
    return v;
}

// ---------------------------------------------------------------------------------------------
// Parameters as given to the library, and what the spec refuses.
struct parameter {
    bool is_rational = false;
    double x = 0;                // the double
    rollplan::count_t a = 0, b = 1;  // the rational's a and b as given
    std::string name;
    exact_p exact() const {
        if (!is_rational) return exact_of_double(x);
        return {to_big(a), to_big(b)};
    }
};
parameter of_double(double x, std::string name) {
    parameter p;
    p.x = x;
    p.name = std::move(name);
    return p;
}
parameter of_rational(rollplan::count_t a, rollplan::count_t b, std::string name) {
    parameter p;
    p.is_rational = true;
    p.a = a;
    p.b = b;
    p.name = std::move(name);
    return p;
}

template <class T>
rollplan::binomial_distribution<T> make(T t, const parameter& p) {
    if (p.is_rational) return rollplan::binomial_distribution<T>(t, rollplan::rational{p.a, p.b});
    return rollplan::binomial_distribution<T>(t, p.x);
}

// the spec's refusals: t < 0, t > 2^16, NaN, p < 0, p > 1, a denominator above 2^64 (the rational
// as rollplan::rational keeps it: in lowest terms)
bool spec_accepts(long long t, const parameter& p) {
    if (t < 0 || t > 65536) return false;
    if (!p.is_rational) return !std::isnan(p.x) && !(p.x < 0) && !(p.x > 1);
    const big a = to_big(p.a), b = to_big(p.b);
    const big g = boost::multiprecision::gcd(a, b);
    return b / g <= to_big(rollplan::two_to_64) && a <= b;
}

// ---------------------------------------------------------------------------------------------
// Comparison with the library.

// a standard engine that counts its calls, for the library's side
template <class G>
struct counted {
    using result_type = typename G::result_type;
    static constexpr result_type min() { return G::min(); }
    static constexpr result_type max() { return G::max(); }
    G g;
    std::size_t calls = 0;
    result_type operator()() {
        ++calls;
        return g();
    }
};

std::string describe(std::uint64_t t, const parameter& p, const char* type) {
    return "binomial_distribution<" + std::string(type) + ">(" + std::to_string(t) + ", " + p.name + ")";
}

template <class T>
std::string value_text(T v) {
    if constexpr (std::is_signed_v<T>)
        return std::to_string(static_cast<long long>(v));
    else
        return std::to_string(static_cast<unsigned long long>(v));
}

// `draws` draws from the library on `source` and from the oracle on `spec` (the same values):
// "" or the first difference, in the value or in the rolls read
template <class T, class Source, class Used>
std::string difference(std::uint64_t t, const parameter& p, Source& source, Used used, rolls& spec, int draws) {
    const auto d = make<T>(static_cast<T>(t), p);
    if (!std::cmp_equal(d.t(), t)) return "t() is " + value_text(d.t());
    if (!p.is_rational && !(d.p() == p.x)) return "p() is not the p given";
    const exact_p exact = p.exact();
    for (int i = 0; i < draws; ++i) {
        const std::size_t before = used(), spec_before = spec.count;
        const T ours = d(source);
        const std::uint64_t expected = binomial_draw(spec, t, exact);
        const std::size_t n = used() - before, spec_n = spec.count - spec_before;
        if (!std::cmp_equal(ours, expected) || n != spec_n)
            return "draw " + std::to_string(i) + ": library " + value_text(ours) + " after " + std::to_string(n) + " rolls, spec " +
                   std::to_string(expected) + " after " + std::to_string(spec_n) + " rolls";
    }
    return "";
}

template <class T, class Engine>
std::string on_engine(std::uint64_t t, const parameter& p, int draws, Engine engine) {
    counted<Engine> source{engine};
    Engine twin = engine;
    rolls spec = rolls_of_engine(twin);
    std::string diff = difference<T>(t, p, source, [&source] { return source.calls; }, spec, draws);
    if (diff.empty() && !(source.g == twin)) diff = "the engines are left at different places";
    return diff;
}

// a die of K faces whose values are digit_of(a splitmix64 of the seed), read by the library through
// from_values (faces = false) or from_faces (faces = true: the callable returns the digit + 1)
template <rollplan::count_t K, class T, class Digit>
std::string on_die(std::uint64_t t, const parameter& p, int draws, std::uint64_t seed, bool faces, Digit digit_of) {
    rollplan::splitmix64 ours{seed}, theirs{seed};
    std::size_t used = 0;
    rolls spec = make_rolls(to_big(K), [&theirs, digit_of] { return digit_of(theirs); });
    auto count = [&used] { return used; };
    if (faces) {
        auto source = rollplan::from_faces<rollplan::die<K>>([&] {
            ++used;
            return digit_of(ours) + 1;
        });
        return difference<T>(t, p, source, count, spec, draws);
    }
    auto source = rollplan::from_values<rollplan::die<K>>([&] {
        ++used;
        return digit_of(ours);
    });
    return difference<T>(t, p, source, count, spec, draws);
}

// the failures on every source for one (t, p), each named with its source. `few` draws on the
// sources whose digits are not bits (the Step rule is slow there, in the oracle and the library):
// on all four of them, or on the one `only` names (0 to 3) when only ≥ 0.
template <class T>
void on_every_source(std::vector<std::string>& failures, std::uint64_t t, const parameter& p, const char* type, int draws,
                     int few, std::uint64_t seed, int only = -1) {
    const std::string what = describe(t, p, type);
    auto note = [&](const char* source, const std::string& diff) {
        if (!diff.empty()) failures.push_back(what + " on " + source + ": " + diff);
    };
    note("mt19937_64", on_engine<T>(t, p, draws, std::mt19937_64{seed}));
    note("mt19937", on_engine<T>(t, p, draws, std::mt19937{static_cast<std::uint32_t>(seed)}));
    note("splitmix64", on_engine<T>(t, p, draws, rollplan::splitmix64{seed}));
    // 40 bits a word: the draws of 64 and more trials cross words mid-word
    note("2^40 engine", on_engine<T>(t, p, draws, std::independent_bits_engine<std::mt19937_64, 40, std::uint64_t>{seed}));
    note("coin (from_values)", on_die<2, T>(t, p, draws, seed, false, [](rollplan::splitmix64& g) { return g() >> 63; }));
    // 3 bits a roll: the bits a draw leaves are dropped mid-roll
    note("d8 (from_values)", on_die<8, T>(t, p, draws, seed, false, [](rollplan::splitmix64& g) { return g() >> 61; }));
    // a skewed coin: mostly zeros (long runs of true trials)
    note("coin giving 0 seven times in eight", on_die<2, T>(t, p, draws, seed, true, [](rollplan::splitmix64& g) {
             return std::uint64_t{(g() & 7) == 7};
         }));
    if (few == 0) return;
    // K = 2^31 − 2: not a power of two, the digits are the rolls (min() = 1)
    if (only < 0 || only == 0) note("minstd_rand", on_engine<T>(t, p, few, std::minstd_rand{static_cast<std::uint32_t>(seed + 1)}));
    if (only < 0 || only == 1)
        note("d6 (from_faces)", on_die<6, T>(t, p, few, seed, true, [](rollplan::splitmix64& g) { return g() % 6; }));
    // odd bases: the digit (B − 1)/2 leaves a trial of 1/2 undecided, the next digit is read
    if (only < 0 || only == 2)
        note("d5 (from_values)", on_die<5, T>(t, p, few, seed, false, [](rollplan::splitmix64& g) { return g() % 5; }));
    if (only < 0 || only == 3)
        note("d3 giving 1 half the time", on_die<3, T>(t, p, few, seed, false, [](rollplan::splitmix64& g) {
                 const std::uint64_t r = g();
                 return (r & 1) != 0 ? std::uint64_t{1} : (r >> 8) % 3;
             }));
}

void report(const std::vector<std::string>& failures) {
    for (const std::string& f : failures) FAIL_CHECK(f);
    REQUIRE(failures.empty());
}

// ---------------------------------------------------------------------------------------------
// Scripted digits of a die of K faces: draws from the library and from the oracle, in turn, each
// on its own copy of the digits (which end in 200 zeros; reading past them throws).
struct scripted_draw {
    long long library = -1, spec = -1;
    std::size_t library_rolls = 0, spec_rolls = 0;
};
template <rollplan::count_t K, class T>
std::vector<scripted_draw> scripted(std::uint64_t t, const parameter& p, std::vector<std::uint64_t> digits, std::size_t draws) {
    digits.insert(digits.end(), 200, 0);
    std::size_t used = 0, spec_used = 0;
    auto source = rollplan::from_values<rollplan::die<K>>([&] { return digits.at(used++); });
    rolls spec = make_rolls(to_big(K), [&] { return digits.at(spec_used++); });
    const auto d = make<T>(static_cast<T>(t), p);
    const exact_p exact = p.exact();
    std::vector<scripted_draw> out;
    for (std::size_t i = 0; i < draws; ++i) {
        scripted_draw r;
        const std::size_t before = used, spec_before = spec_used;
        r.library = static_cast<long long>(d(source));
        r.spec = static_cast<long long>(binomial_draw(spec, t, exact));
        r.library_rolls = used - before;
        r.spec_rolls = spec_used - spec_before;
        out.push_back(r);
    }
    return out;
}

// a coin's rolls from text ("0110"), spaces ignored
std::vector<std::uint64_t> bits(const std::string& text) {
    std::vector<std::uint64_t> out;
    for (const char c : text)
        if (c == '0' || c == '1') out.push_back(c == '1' ? 1u : 0u);
    return out;
}

// hand-worked draws: the values and rolls wanted, from the oracle and from the library
template <rollplan::count_t K, class T = int>
void by_hand(std::vector<std::string>& failures, std::uint64_t t, const parameter& p, const std::vector<std::uint64_t>& digits,
             const std::vector<long long>& values, const std::vector<std::size_t>& wanted_rolls) {
    const auto results = scripted<K, T>(t, p, digits, values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const scripted_draw& r = results[i];
        const std::string what = "binomial(" + std::to_string(t) + ", " + p.name + ") on die<" + std::to_string(static_cast<std::uint64_t>(K - 1)) +
                                 " + 1>, draw " + std::to_string(i) + ": wanted " + std::to_string(values[i]) + " after " +
                                 std::to_string(wanted_rolls[i]) + " rolls; ";
        if (r.spec != values[i] || r.spec_rolls != wanted_rolls[i])
            failures.push_back(what + "oracle " + std::to_string(r.spec) + " after " + std::to_string(r.spec_rolls));
        if (r.library != values[i] || r.library_rolls != wanted_rolls[i])
            failures.push_back(what + "library " + std::to_string(r.library) + " after " + std::to_string(r.library_rolls));
    }
}

// ---------------------------------------------------------------------------------------------
// Exact masses: every sequence of `depth` digits of a die of K faces (K^depth of them, each of
// probability K^−depth). The oracle draws on the sequence followed by zeros; a draw that read at
// most `depth` digits is decided by the sequence (its value counts toward found[value]), the
// others are unfinished. The library draws on the same digits and must give the same value
// after the same rolls.
struct masses {
    std::vector<big> found;  // sequences whose draw ended within the depth, by value
    big unfinished = 0;      // sequences whose draw read past the depth
    big total = 0;           // K^depth
    std::size_t least_rolls = 0, most_rolls = 0;  // among the finished draws
    std::vector<std::string> library_differences;
};
template <rollplan::count_t K>
masses enumerate(std::uint64_t t, const parameter& p, unsigned depth) {
    masses m;
    m.found.assign(t + 1, 0);
    const auto k = static_cast<std::uint64_t>(K);
    std::uint64_t total = 1;
    for (unsigned i = 0; i < depth; ++i) total *= k;
    m.total = total;
    m.least_rolls = std::numeric_limits<std::size_t>::max();
    const exact_p exact = p.exact();
    const auto d = make<int>(static_cast<int>(t), p);
    std::vector<std::uint64_t> sequence(depth, 0);
    for (std::uint64_t index = 0; index < total; ++index) {
        std::uint64_t rest = index;
        for (unsigned i = depth; i-- > 0;) {  // the first digit the most significant
            sequence[i] = rest % k;
            rest /= k;
        }
        auto digit_at = [&sequence](std::size_t i) -> std::uint64_t {
            if (i >= 100000) throw std::logic_error("oracle: a draw read 100000 digits");
            return i < sequence.size() ? sequence[i] : 0;
        };
        std::size_t spec_used = 0, used = 0;
        rolls spec = make_rolls(to_big(K), [&] { return digit_at(spec_used++); });
        const std::uint64_t value = binomial_draw(spec, t, exact);
        if (spec_used <= depth) {
            m.found[value] += 1;
            m.least_rolls = std::min(m.least_rolls, spec_used);
            m.most_rolls = std::max(m.most_rolls, spec_used);
        } else {
            m.unfinished += 1;
        }
        auto source = rollplan::from_values<rollplan::die<K>>([&] { return digit_at(used++); });
        const int ours = d(source);
        if (!std::cmp_equal(ours, value) || used != spec_used) {
            std::string digits;
            for (const std::uint64_t x : sequence) digits += std::to_string(x);
            m.library_differences.push_back("digits " + digits + " (then zeros): library " + std::to_string(ours) + " after " +
                                            std::to_string(used) + " rolls, spec " + std::to_string(value) + " after " +
                                            std::to_string(spec_used));
        }
    }
    return m;
}

// C(t, k)·p^k·(1 − p)^(t − k), exactly
exact_ratio binomial_mass(std::uint64_t t, std::uint64_t k, const exact_p& p) {
    const exact_ratio q(p.a, p.b), one_minus_q = exact_ratio(1) - q;
    big choose = 1;
    for (std::uint64_t i = 0; i < k; ++i) choose = choose * (t - i) / (i + 1);
    exact_ratio mass(choose);
    for (std::uint64_t i = 0; i < k; ++i) mass *= q;
    for (std::uint64_t i = k; i < t; ++i) mass *= one_minus_q;
    return mass;
}

// found/total ≤ mass ≤ (found + unfinished)/total for every value; "" or the first value where not
std::string mass_bounds(const masses& m, std::uint64_t t, const exact_p& p) {
    for (std::uint64_t k = 0; k <= t; ++k) {
        const exact_ratio target = binomial_mass(t, k, p);
        const exact_ratio low(m.found[k], m.total), high(m.found[k] + m.unfinished, m.total);
        if (!(low <= target && target <= high))
            return "value " + std::to_string(k) + ": found " + m.found[k].str() + "/" + m.total.str() + ", unfinished " + m.unfinished.str() +
                   ", wanted " + target.str();
    }
    return "";
}

}  // namespace binomial_oracle
}  // namespace

using namespace binomial_oracle;

TEST_CASE("binomial_distribution matches the spec oracle on every source", "[golden][binomial]") {
    const rollplan::count_t two_to_64 = rollplan::two_to_64;
    const double least = std::bit_cast<double>(std::uint64_t{1});
    const double below_one = 1.0 - 0x1p-53;  // 1 − 2^−53, the largest double below 1
    const std::vector<parameter> ps = {
        of_double(0.5, "0.5"),
        of_double(0.2, "0.2"),
        of_double(0.3, "0.3"),
        of_double(1e-3, "1e-3"),
        of_double(0.999, "0.999"),
        of_double(0.75, "0.75"),
        of_double(1.0, "1.0"),
        of_double(0.0, "0.0"),
        of_double(least, "2^-1074"),
        of_double(below_one, "1 - 2^-53"),
        of_double(1.0 / 3.0, "double 1/3"),
        of_rational(1, 3, "rational 1/3"),
        of_rational(2, 5, "rational 2/5"),
        of_rational(7, 7, "rational 7/7"),
        of_rational(0, 5, "rational 0/5"),
        of_rational(1, two_to_64, "rational 1/2^64"),
        of_rational((rollplan::count_t{1} << 63) + 1, two_to_64 - 1, "rational (2^63 + 1)/(2^64 - 1)"),
    };
    // p for t = 65536 (a draw there is 65536 trials of 1/2 or more: on bits only, one draw each)
    auto large_t = [](const parameter& p) {
        return p.name == "0.5" || p.name == "0.3" || p.name == "1.0" || p.name == "0.0" || p.name == "2^-1074" ||
               p.name == "1 - 2^-53" || p.name == "rational 1/3" || p.name == "rational (2^63 + 1)/(2^64 - 1)";
    };
    const std::uint64_t ts[] = {0, 1, 2, 4, 5, 31, 100, 1000, 65536};
    std::vector<std::string> failures;
    std::uint64_t seed = 9001;
    unsigned rotation = 0;
    for (const std::uint64_t t : ts)
        for (const parameter& p : ps) {
            if (t == 65536 && !large_t(p)) continue;
            const int draws = t <= 31 ? 8 : t <= 100 ? 3 : 1;
            int few = t <= 31 ? 4 : t <= 100 ? 2 : 1;
            // t = 1000: one of the four sources that are not bits, in turn; t = 65536 on bits only
            // (one draw there is 65536 trials of 1/2 or more: slow under sanitizers; below, one)
            const int only = t >= 1000 ? static_cast<int>(rotation % 4) : -1;
            if (t == 65536) few = 0;
            seed += 17;
            switch (rotation++ % 5) {
                case 0: on_every_source<int>(failures, t, p, "int", draws, few, seed, only); break;
                case 1: on_every_source<long long>(failures, t, p, "long long", draws, few, seed, only); break;
                case 2: on_every_source<unsigned>(failures, t, p, "unsigned", draws, few, seed, only); break;
                case 3:
                    if (t <= 127)
                        on_every_source<std::int8_t>(failures, t, p, "int8_t", draws, few, seed, only);
                    else
                        on_every_source<int>(failures, t, p, "int", draws, few, seed, only);
                    break;
                default:
                    if (t <= 65535)
                        on_every_source<std::uint16_t>(failures, t, p, "uint16_t", draws, few, seed, only);
                    else
                        on_every_source<long long>(failures, t, p, "long long", draws, few, seed, only);
                    break;
            }
        }
    // the largest t of each type that holds 2^16 or less
    on_every_source<std::int8_t>(failures, 127, of_double(0.3, "0.3"), "int8_t", 4, 2, 77);
    on_every_source<std::uint16_t>(failures, 65535, of_rational(2, 5, "rational 2/5"), "uint16_t", 1, 0, 78);
    on_every_source<std::int64_t>(failures, 65536, of_double(0.2, "0.2"), "int64_t", 1, 0, 79);
    // t = 65536 on an odd base (d5, one draw: 65536 trials of 1/2 in one round)
    on_every_source<int>(failures, 65536, of_double(0.5, "0.5"), "int", 0, 1, 80, 2);
    report(failures);
}

TEST_CASE("binomial_distribution matches the spec oracle on digits worked out by hand", "[golden][binomial]") {
    std::vector<std::string> failures;
    const rollplan::count_t two_to_64 = rollplan::two_to_64;
    // On bits each trial of 1/2 is one bit, true when it is 0 (the Step rule at u = 0, D = 1
    // reads a digit; on B = 2, digit 0: (0 + 1)·2^W ≤ 2^(W−1)·2, true; digit 1: 1·2^W ≥ 2^(W−1)·2,
    // false).
    //
    // (a) binomial(4, 1/2): d_1 = 1, and p·2 = 1 is an integer, so exactly one round: z = the
    // zeros among 4 flips, v = z. "0110": 2; "1111": 0; "0000": 4; "1000": 3. Four flips each.
    by_hand<2>(failures, 4, of_double(0.5, "0.5"), bits("0110 1111 0000 1000"), {2, 0, 4, 3}, {4, 4, 4, 4});
    // (b) binomial(3, 1/4), p = 0.01b: d_1 = 0, d_2 = 1, p·4 = 1 an integer (two rounds at most).
    // "010 01": j = 1 (d = 0): bits 0, 1, 0, z = 2, n = 2; j = 2 (d = 1): bits 0, 1, z = 1, v = 1,
    // n = 1; j = 3: p·2^2 = 1, stop. Value 1 after 5 flips. (Trial by trial: U_2 = 0.1… ≥ 1/4
    // fails at once, U_1 = 0.00… < 1/4 succeeds, U_3 = 0.01… is 1/4 up to p's last digit: fails.)
    // "111": z = 0, n = 0: 0 after 3 flips. "000 00": n = 3, then v = 3: 3 after 6 flips.
    by_hand<2>(failures, 3, of_double(0.25, "0.25"), bits("010 01" "111" "000 000"), {1, 0, 3}, {5, 3, 6});
    // (c) binomial(2, rational 1/3), p = 0.010101…b (d_j = 1 for even j, never an integer after):
    // "00" (j = 1, d = 0): z = 2, n = 2; "10" (j = 2, d = 1): z = 1, v = 1, n = 1; "0" (j = 3,
    // d = 0): z = 1, n = 1; "1" (j = 4, d = 1): z = 0, n = 1; "1" (j = 5, d = 0): z = 0, n = 0.
    // Value 1 after 7 flips. Then "1 1": j = 1: z = 0, n = 0: 0 after 2 flips.
    by_hand<2>(failures, 2, of_rational(1, 3, "1/3"), bits("00 10 0 1 1" "11"), {1, 0}, {7, 2});
    // (d) binomial(2, 3/4), p = 0.11b: "10" (j = 1, d = 1): z = 1, v = 1, n = 1; "1" (j = 2,
    // d = 1): z = 0, n = 1; j = 3: p·4 = 3, stop (the last trial U = 0.11… ≥ 3/4 fails). 1 after 3.
    by_hand<2>(failures, 2, of_double(0.75, "0.75"), bits("10 1"), {1}, {3});
    // (e) binomial(1, 1 − 2^−53): d_1 … d_53 = 1, p·2^53 an integer: 53 ones read, 0 (U ≥ p);
    // "11111 0": success at j = 6, 1 after 6 flips.
    by_hand<2>(failures, 1, of_double(1.0 - 0x1p-53, "1 - 2^-53"), bits(std::string(53, '1') + "111110"), {0, 1}, {53, 6});
    // (f) binomial(1, 2^−1074): d_j = 0 for j < 1074, d_1074 = 1: 1074 zeros give 1, after 1074
    // flips; 1073 zeros and a one give 0 after 1074; "1" gives 0 after 1.
    by_hand<2>(failures, 1, of_double(std::bit_cast<double>(std::uint64_t{1}), "2^-1074"),
               bits(std::string(1074, '0') + std::string(1073, '0') + "1" + "1"), {1, 0, 0}, {1074, 1074, 1});
    // (g) binomial(1, rational 1/2^64): 64 zeros give 1 (64 flips); 63 zeros and a one give 0.
    by_hand<2>(failures, 1, of_rational(1, two_to_64, "1/2^64"), bits(std::string(64, '0') + std::string(63, '0') + "1"), {1, 0},
               {64, 64});
    // (h) a d6 (B = 6, digits are rolls): the trial of 1/2 with lo = hi = 2^127 at W = 128 is true
    // when (d + 1)/6 ≤ 1/2 (d ≤ 2), false when d/6 ≥ 1/2 (d ≥ 3): one roll a trial.
    // binomial(4, 1/2) on {0, 5, 2, 3}: true, false, true, false: 2 after 4 rolls.
    by_hand<6>(failures, 4, of_double(0.5, "0.5"), {0, 5, 2, 3}, {2}, {4});
    // (i) a d5: d ≤ 1 true ((d + 1)/5 ≤ 1/2), d ≥ 3 false (d/5 ≥ 1/2), d = 2 undecided; then u =
    // 10 + d', D = 25: true when u + 1 ≤ 12.5 (d' ≤ 1), false when u ≥ 12.5 (d' ≥ 3), d' = 2 reads on.
    // binomial(2, 1/2) on {2, 1, 4}: trial 1 = {2, 1} true, trial 2 = {4} false: 1 after 3 rolls.
    // Then {2, 2, 2, 3, 0}: trial 1 reads 2, 2, 2 (u = 62, D = 125: undecided, 2·63 > 125 > 2·62)
    // and 3 (u = 313, D = 625: 2·313 ≥ 625, false), trial 2 = {0} true: 1 after 5 rolls.
    by_hand<5>(failures, 2, of_double(0.5, "0.5"), {2, 1, 4, 2, 2, 2, 3, 0}, {1, 1}, {3, 5});
    // (j) a d8 (3 bits a roll): binomial(4, 1/2) reads 4 bits: 010 and 1 of 110 (the "10" left are
    // dropped): 2 after 2 rolls; the next draw starts on a roll of its own: 000 and 1 of 111: 3.
    by_hand<8>(failures, 4, of_double(0.5, "0.5"), {0b010, 0b110, 0b000, 0b111}, {2, 3}, {2, 2});
    // (k) 64-bit words: binomial(100, 1/2) reads 100 bits, a word and 36 bits of the next (28
    // dropped). Words 0 and 2^64 − 1: 64 zeros and 36 ones: 64. Then 2^64 − 1 and 2^28 − 1 (its
    // top 36 bits zeros): 36.
    by_hand<rollplan::two_to_64>(failures, 100, of_double(0.5, "0.5"),
                                 {0, ~std::uint64_t{0}, ~std::uint64_t{0}, (std::uint64_t{1} << 28) - 1}, {64, 36}, {2, 2});
    // (l) p = 1, p = 0 and t = 0: no roll
    by_hand<2>(failures, 5, of_double(1.0, "1.0"), {}, {5, 5}, {0, 0});
    by_hand<2>(failures, 5, of_rational(0, 3, "0/3"), {}, {0}, {0});
    by_hand<2>(failures, 0, of_double(0.5, "0.5"), {}, {0}, {0});
    by_hand<2>(failures, 5, of_double(-0.0, "-0.0"), {}, {0}, {0});
    report(failures);
}

TEST_CASE("binomial_distribution's oracle gives exact masses and the library its values", "[golden][binomial]") {
    // The Step rule on bits is the bit rule: a trial of 1/2 on B = 2 reads one bit, true on 0.
    for (const std::uint64_t bit : {0u, 1u}) {
        rolls coin = make_rolls(2, [bit] { return bit; });
        draw_stream s(coin);
        CHECK(step_rule_half(s) == (bit == 0));
        CHECK(coin.count == 1);
    }
    struct case_t {
        std::uint64_t t;
        parameter p;
        unsigned K;
        unsigned depth;
    };
    const case_t cases[] = {
        {4, of_double(0.5, "0.5"), 2, 6},  {3, of_rational(1, 3, "1/3"), 2, 13}, {3, of_double(0.25, "0.25"), 2, 10},
        {2, of_double(0.3, "0.3"), 2, 11}, {2, of_double(0.25, "0.25"), 3, 8},   {2, of_double(0.5, "0.5"), 5, 5},
        {1, of_rational(1, 3, "1/3"), 3, 8},
    };
    std::vector<std::string> failures;
    for (const case_t& c : cases) {
        const masses m = c.K == 2 ? enumerate<2>(c.t, c.p, c.depth) : c.K == 3 ? enumerate<3>(c.t, c.p, c.depth) : enumerate<5>(c.t, c.p, c.depth);
        const std::string what = "binomial(" + std::to_string(c.t) + ", " + c.p.name + ") on " + std::to_string(c.K) + " faces, depth " +
                                 std::to_string(c.depth) + ": ";
        const std::string bounds = mass_bounds(m, c.t, c.p.exact());
        if (!bounds.empty()) failures.push_back(what + bounds);
        // the search is deep enough to say something: at most 1/8 left undecided
        if (m.unfinished * 8 > m.total) failures.push_back(what + "unfinished " + m.unfinished.str() + " of " + m.total.str());
        for (const std::string& diff : m.library_differences) {
            failures.push_back(what + diff);
            if (failures.size() > 40) break;
        }
        // binomial(4, 1/2): exactly 4 flips, every sequence decided, the masses C(4, k)/16 exactly
        if (c.t == 4 && c.K == 2) {
            if (m.unfinished != 0 || m.least_rolls != 4 || m.most_rolls != 4) failures.push_back(what + "not exactly 4 flips");
            for (std::uint64_t k = 0; k <= 4; ++k)
                if (exact_ratio(m.found[k], m.total) != binomial_mass(4, k, c.p.exact())) failures.push_back(what + "mass of " + std::to_string(k));
        }
    }
    report(failures);
}

TEST_CASE("binomial_distribution refuses what the spec refuses", "[golden][binomial]") {
    using rollplan::binomial_distribution;
    using rollplan::rational;
    const rollplan::count_t two_to_64 = rollplan::two_to_64;
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    // the message starts with "rollplan: " and names the parameter with its value
    auto refused = [](auto make_it, const std::string& names) {
        try {
            make_it();
        } catch (const std::invalid_argument& e) {
            const std::string what = e.what();
            INFO("message: " << what);
            CHECK(what.rfind("rollplan: ", 0) == 0);
            CHECK(what.find(names) != std::string::npos);
            return;
        }
        FAIL_CHECK("not refused, wanted a message naming " << names);
    };
    refused([] { return binomial_distribution<int>(-1, 0.5); }, "(t = -1)");
    refused([] { return binomial_distribution<int>(65537, 0.5); }, "(t = 65537)");
    refused([] { return binomial_distribution<long long>(70000, 0.5); }, "(t = 70000)");
    refused([] { return binomial_distribution<std::int8_t>(std::int8_t{-1}, 0.5); }, "(t = -1)");
    refused([&] { return binomial_distribution<int>(4, nan); }, "(p = nan)");
    refused([] { return binomial_distribution<int>(4, -0.1); }, "(p = -0.1");
    refused([] { return binomial_distribution<int>(4, 1.5); }, "(p = 1.5)");
    refused([&] { return binomial_distribution<int>(4, inf); }, "(p = ");
    refused([] { return binomial_distribution<int>(4, 1.0 + 0x1p-52); }, "(p = ");
    refused([] { return binomial_distribution<int>(4, -std::bit_cast<double>(std::uint64_t{1})); }, "(p = ");
    // rationals: the spec says only "naming the parameter"
    refused([&] { return binomial_distribution<int>(4, rational{1, two_to_64 + 1}); }, "p");
    refused([] { return binomial_distribution<int>(4, rational{5, 4}); }, "p");
    // accepted, at the edges
    CHECK_NOTHROW(binomial_distribution<int>(65536, 0.5));
    CHECK_NOTHROW(binomial_distribution<std::uint64_t>(65536, 0.5));
    CHECK_NOTHROW(binomial_distribution<int>(0, 1.0));
    CHECK_NOTHROW(binomial_distribution<int>(65536, std::bit_cast<double>(std::uint64_t{1})));
    CHECK_NOTHROW(binomial_distribution<int>(4, -0.0));
    CHECK_NOTHROW(binomial_distribution<int>(4, rational{1, two_to_64}));
    CHECK_NOTHROW(binomial_distribution<int>(4, rational{two_to_64, two_to_64}));
    CHECK_NOTHROW(binomial_distribution<int>(4, rational{0, two_to_64}));
    CHECK_NOTHROW(binomial_distribution<std::int8_t>(std::int8_t{127}, 0.5));
    CHECK_NOTHROW(binomial_distribution<std::uint16_t>(std::uint16_t{65535}, 0.5));
    // the oracle's reading of the refusals agrees with the library on a grid of parameters
    const long long grid_t[] = {-2, -1, 0, 1, 65535, 65536, 65537, 1LL << 40};
    const std::vector<parameter> grid_p = {of_double(nan, "nan"),          of_double(-inf, "-inf"),   of_double(-1e-300, "-1e-300"),
                                           of_double(-0.0, "-0.0"),        of_double(0.0, "0.0"),     of_double(0.5, "0.5"),
                                           of_double(1.0, "1.0"),          of_double(1.0000000000000002, "1 + 2^-52"),
                                           of_double(inf, "inf"),          of_rational(3, 2, "3/2"),  of_rational(1, two_to_64 + 1, "1/(2^64 + 1)"),
                                           of_rational(2, two_to_64 + 2, "2/(2^64 + 2)"), of_rational(0, 1, "0/1")};
    for (const long long t : grid_t)
        for (const parameter& p : grid_p) {
            bool library_accepts = true;
            try {
                (void)make<long long>(t, p);
            } catch (const std::invalid_argument&) {
                library_accepts = false;
            }
            INFO("t = " << t << ", p = " << p.name);
            CHECK(library_accepts == spec_accepts(t, p));
        }
}
