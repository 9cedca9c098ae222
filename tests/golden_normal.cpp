// normal_distribution<RealType>(mean, stddev) against a second, plain implementation of
// docs/spec.md written from the text alone (section 1, "Sources and digits"; section 4, "Exact
// trials", "Bounds of e^−x" and the trial of 1/2; section 4b, the formats, the digits, lazy
// uniforms and "u < w" of exponential_distribution, and normal_distribution's entry), without
// reading the library's code. All of the oracle's arithmetic is on boost::multiprecision
// integers: the parameters are decoded from their bit patterns, the values are encoded into bit
// patterns, and no floating-point operation decides anything. Each draw is compared bit for bit
// and by the number of rolls it read.
#include <rollplan/rollplan.hpp>

#include <algorithm>
#include <bit>
#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <cfloat>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace {
namespace normal_oracle {

using big = boost::multiprecision::cpp_int;

big power_of_two(unsigned e) { return big(1) << e; }
unsigned bit_length(const big& v) { return v == 0 ? 0u : static_cast<unsigned>(boost::multiprecision::msb(v)) + 1u; }
big ceil_div(const big& a, const big& b) { return (a + b - 1) / b; }  // a ≥ 0, b ≥ 1

// ---------------------------------------------------------------------------------------------
// Section 1 and section 4 "U's digits": a source of K faces gives rolls in [0, K). On K = 2^w
// faces the digits are bits (B = 2), w a roll, the most significant first, a roll read only when
// a bit is wanted and none is left; otherwise the digits are the rolls (B = K).
struct rolls {
    std::function<std::uint64_t()> roll;  // one roll, a digit in [0, K)
    unsigned w = 0;                       // K = 2^w, or 0 when K is not a power of two
    big faces;                            // K
    std::size_t count = 0;                // rolls read
};
template <class Engine>
rolls rolls_of_engine(Engine& g) {
    rolls r;
    r.faces = big(static_cast<std::uint64_t>(Engine::max() - Engine::min())) + 1;
    r.roll = [&g] { return static_cast<std::uint64_t>(g() - Engine::min()); };
    return r;
}
void set_width(rolls& r) {
    r.w = 0;
    if ((r.faces & (r.faces - 1)) == 0) r.w = bit_length(r.faces) - 1;
}

// One draw's stream: made afresh for every draw, so the bits a draw leaves are dropped and each
// draw starts with a roll of its own.
struct stream {
    rolls& source;
    std::uint64_t word = 0;
    unsigned left = 0;
    explicit stream(rolls& s) : source(s) {}
    big base() const { return source.w != 0 ? big(2) : source.faces; }
    std::uint64_t next() {
        if (source.w == 0) return ++source.count, source.roll();
        if (left == 0) {
            word = source.roll();
            ++source.count;
            left = source.w;
        }
        --left;
        return (word >> left) & 1u;
    }
};

// ---------------------------------------------------------------------------------------------
// Section 4, "Exact trials", kind x: U against t known by lo ≤ t·2^W ≤ hi at precision W
// (128, 256, …). bounds(W) gives {lo, hi}.
using bounds_at = std::function<std::pair<big, big>(unsigned)>;
bool trial(stream& s, const bounds_at& bounds) {
    const big B = s.base();
    unsigned W = 128;
    auto [lo, hi] = bounds(W);
    big u = 0, D = 1;
    for (;;) {
        const big two_W = power_of_two(W);
        if ((u + 1) * two_W <= lo * D) return true;
        if (u * two_W >= hi * D) return false;
        if (4 * D * (hi - lo) >= two_W) {
            W *= 2;
            std::tie(lo, hi) = bounds(W);
            continue;
        }
        u = u * B + s.next();
        D *= B;
    }
}

// Section 4, "Bounds of e^−x" for x = n/(b·2^k), at precision W.
std::pair<big, big> exp_bounds(const big& n, const big& b, unsigned k, unsigned W) {
    const big two_W = power_of_two(W);
    if (n == 0) return {two_W, two_W};
    const big whole = n / (b << k);
    if (whole >= W) return {0, 1};
    const unsigned r = bit_length(whole) + 1, G = r + 24, P = W + G;
    const big den = b << (k + r);
    big a = power_of_two(P), c = a;
    big L = a, H = c;  // the terms j = 0
    for (unsigned j = 1;; ++j) {
        a = a * n / (den * j);
        c = ceil_div(c * n, den * j);
        if (j % 2 == 1) {
            L -= c;  // odd j ≤ J
            if (c <= 1) break;  // J
            H -= a;  // odd j < J
        } else {
            L += a;
            H += c;
        }
    }
    for (unsigned i = 0; i < r; ++i) {
        L = (L * L) >> P;
        H = ceil_div(H * H, power_of_two(P));
    }
    big lo = L >> G, hi = ceil_div(H, power_of_two(G));
    if (hi > two_W) hi = two_W;
    return {lo, hi};
}

// T(e^−1/2): n = 1, b = 1, k = 1 (kept per W: the same numbers every time)
std::pair<big, big> e_half_bounds(unsigned W) {
    static std::map<unsigned, std::pair<big, big>> known;
    auto it = known.find(W);
    if (it == known.end()) it = known.emplace(W, exp_bounds(1, 1, 1, W)).first;
    return it->second;
}
bool trial_e_half(stream& s) { return trial(s, e_half_bounds); }
// T(k/(k + 1)): lo = ⌊k·2^W/(k + 1)⌋, hi = ⌈k·2^W/(k + 1)⌉
bool trial_ratio(stream& s, unsigned long k) {
    return trial(s, [k](unsigned W) {
        const big scaled = big(k) << W;
        return std::pair<big, big>{scaled / (k + 1), ceil_div(scaled, big(k + 1))};
    });
}
// T(1/2): lo = hi = 2^(W−1)
bool trial_half(stream& s) {
    return trial(s, [](unsigned W) { return std::pair<big, big>{power_of_two(W - 1), power_of_two(W - 1)}; });
}

// ---------------------------------------------------------------------------------------------
// Lazy uniforms: the digits read so far; digit i, when asked for and not yet read, is the
// stream's next digit (after every digit before it, in order).
struct uniform {
    std::vector<std::uint64_t> digits;
};
std::uint64_t digit(stream& s, uniform& x, std::size_t i) {
    while (x.digits.size() <= i) x.digits.push_back(s.next());
    return x.digits[i];
}
// u < w: for i = 0, 1, …: w's digit i, then u's digit i; the first i where they differ decides
bool less(stream& s, uniform& u, uniform& w) {
    for (std::size_t i = 0;; ++i) {
        const std::uint64_t w_digit = digit(s, w, i);
        const std::uint64_t u_digit = digit(s, u, i);
        if (u_digit != w_digit) return u_digit < w_digit;
    }
}

// ---------------------------------------------------------------------------------------------
// Section 4b, formats: M stored significand bits, least exponent of a subnormal quantum q,
// largest exponent e_max; values m·2^e handled exactly.
template <class Real>
struct format;
template <>
struct format<double> {
    using bits = std::uint64_t;
    static constexpr unsigned M = 52;
    static constexpr int q = -1074, e_max = 1023;
};
template <>
struct format<float> {
    using bits = std::uint32_t;
    static constexpr unsigned M = 23;
    static constexpr int q = -149, e_max = 127;
};

// a real number N·2^e/D (N signed, D ≥ 1)
struct number {
    big N;
    int e = 0;
    big D = 1;
};
// the sign of x − y
int compare(const number& x, const number& y) {
    const int low = std::min(x.e, y.e);
    const big left = (x.N * y.D) << static_cast<unsigned>(x.e - low);
    const big right = (y.N * x.D) << static_cast<unsigned>(y.e - low);
    return left < right ? -1 : (left > right ? 1 : 0);
}

// a parameter, exactly, from its bits: (−1)^sign·m·2^e
template <class Real>
number exact(Real x) {
    using F = format<Real>;
    const auto bits = std::bit_cast<typename F::bits>(x);
    constexpr unsigned width = sizeof(typename F::bits) * 8;
    const bool negative = (bits >> (width - 1)) != 0;
    const auto biased = static_cast<int>((bits >> F::M) & ((typename F::bits{1} << (width - 1 - F::M)) - 1));
    const auto fraction = static_cast<std::uint64_t>(bits & ((typename F::bits{1} << F::M) - 1));
    number v;
    if (biased == 0) {
        v.N = fraction, v.e = F::q;
    } else {
        v.N = big(fraction) + power_of_two(F::M);
        v.e = biased - F::e_max - static_cast<int>(F::M);
    }
    if (negative) v.N = -v.N;
    return v;
}

// a representable number ≥ 0, m·2^e, with e its quantum (as the floor below gives it)
struct representable {
    big m;
    int e = 0;
    number value() const { return {m, e, 1}; }
};
template <class Real>
representable largest() {
    using F = format<Real>;
    return {power_of_two(F::M + 1) - 1, F::e_max - static_cast<int>(F::M)};
}
template <class Real>
bool is_largest(const representable& r) {
    return compare(r.value(), largest<Real>().value()) == 0;
}
representable succ(const representable& r) { return {r.m + 1, r.e}; }

// the largest representable ≤ x (x ≥ 0), or the largest finite number when x is at or past it
template <class Real>
representable floor_of(const number& x) {
    using F = format<Real>;
    if (compare(x, largest<Real>().value()) >= 0) return largest<Real>();
    if (x.N == 0) return {0, F::q};
    // t = ⌊log2 x⌋: x lies in [2^(b − 1), 2^(b + 1)) for b below
    int t = static_cast<int>(bit_length(x.N)) - static_cast<int>(bit_length(x.D)) + x.e;
    if (compare(x, number{1, t, 1}) < 0) --t;
    const int quantum = std::max(t - static_cast<int>(F::M), F::q);
    const int shift = x.e - quantum;
    const big m = shift >= 0 ? big((x.N << static_cast<unsigned>(shift)) / x.D) : big(x.N / (x.D << static_cast<unsigned>(-shift)));
    return {m, quantum};
}

// the bits of ±r (r a representable number within the format)
template <class Real>
typename format<Real>::bits bits_of(representable r, bool negative) {
    using F = format<Real>;
    using bits = typename F::bits;
    if (r.m == 0) return 0;  // a value 0 is +0
    while (r.m >= power_of_two(F::M + 1)) r.m >>= 1, ++r.e;  // succ(r) may be 2^(t + 1)
    bits out;
    if (r.m < power_of_two(F::M)) {
        if (r.e != F::q) throw std::logic_error("oracle: a subnormal not on the least quantum");
        out = r.m.convert_to<bits>();
    } else {
        const int biased = r.e + static_cast<int>(F::M) + F::e_max;
        if (biased < 1 || biased > 2 * F::e_max) throw std::logic_error("oracle: out of the format");
        const big fraction = r.m - power_of_two(F::M);
        out = static_cast<bits>((static_cast<bits>(biased) << F::M) | fraction.convert_to<bits>());
    }
    if (negative) out = static_cast<bits>(out | (bits{1} << (sizeof(bits) * 8 - 1)));
    return out;
}

// ---------------------------------------------------------------------------------------------
// normal_distribution<Real>(μ, σ), one draw: the bits of the value.
template <class Real>
typename format<Real>::bits normal_draw(rolls& source, Real mean, Real stddev) {
    stream s(source);
    const big B = s.base();
    for (;;) {
        // 1. k = 0; while T(e^−1/2) is true, k = k + 1
        unsigned long k = 0;
        while (trial_e_half(s)) ++k;
        // 2. k(k − 1) trials T(e^−1/2) up to the first false; a false one: back to 1
        bool again = false;
        const unsigned long trials = k == 0 ? 0 : k * (k - 1);
        for (unsigned long i = 0; i < trials; ++i)
            if (!trial_e_half(s)) {
                again = true;
                break;
            }
        if (again) continue;
        // 3. x a new uniform; k + 1 attempts, each kept when n is even
        uniform x;
        for (unsigned long attempt = 0; attempt <= k && !again; ++attempt) {
            uniform w_of_u;
            bool w_is_x = true;
            unsigned long n = 0;
            for (;;) {
                uniform u;
                uniform& w = w_is_x ? x : w_of_u;
                if (!less(s, u, w)) break;
                bool step;
                if (k >= 1 && trial_ratio(s, k))
                    step = true;
                else if (!trial_half(s))
                    step = false;
                else {
                    uniform v;
                    step = less(s, v, x);
                }
                if (!step) break;
                w_of_u = std::move(u);
                w_is_x = false;
                ++n;
            }
            if (n % 2 != 0) again = true;  // not kept: back to 1, x dropped
        }
        if (again) continue;
        // 4. the sign
        const bool positive = trial_half(s);
        // Rounding. V lies between μ + sσ(k·D + v)/D and μ + sσ(k·D + v + 1)/D; with
        // μ = A·2^e0, σ = S·2^e0 these are near·2^e0/D and (near + s·S)·2^e0/D for
        // near = A·D + s·S·(k·D + v); a digit d read makes near B·near + s·S·d and D B·D.
        const number mu = exact(mean), sigma = exact(stddev);
        const int e0 = std::min(mu.e, sigma.e);
        const big A = mu.N << static_cast<unsigned>(mu.e - e0), S = sigma.N << static_cast<unsigned>(sigma.e - e0);
        const big signed_S = positive ? S : big(-S);
        big v = 0, D = 1;
        for (const std::uint64_t d : x.digits) v = v * B + d, D *= B;
        big near = A * D + signed_S * (big(k) * D + v);
        const int width_exponent = static_cast<int>(bit_length(S)) - 1 + e0;  // S·2^e0 ≥ 2^width_exponent
        for (;;) {
            const big far = near + signed_S;
            const big& low = positive ? near : far;
            const big& high = positive ? far : near;
            // A shortcut that decides nothing: hi − lo = S·2^e0/D > 2^(width_exponent − bl(D)), and
            // a value is given (but at the clamps) only when hi − lo is at most the cell of r,
            // whose quantum is at most 2^max(T − M, q), T = bl(larger magnitude) − bl(D) + e0 ≥
            // ⌊log2 |V|⌋; while T < e_max no clamp applies. So read on when the width is larger.
            const int T = static_cast<int>(bit_length(high > 0 ? big(high) : big(-low))) - static_cast<int>(bit_length(D)) + e0;
            const bool too_wide = T < format<Real>::e_max &&
                                  width_exponent - static_cast<int>(bit_length(D)) >= std::max(T - static_cast<int>(format<Real>::M), format<Real>::q);
            const number lo{low, e0, D}, hi{high, e0, D};
            if (too_wide || (low < 0 && high > 0)) {
                // read on
            } else if (low >= 0) {
                const representable r = floor_of<Real>(lo);
                if (is_largest<Real>(r) || compare(hi, succ(r).value()) <= 0) return bits_of<Real>(r, false);
            } else if (high <= 0) {
                const representable r = floor_of<Real>(number{-high, e0, D});
                if (is_largest<Real>(r) || is_largest<Real>(succ(r))) return bits_of<Real>(largest<Real>(), true);
                if (compare(number{-low, e0, D}, succ(r).value()) <= 0) return bits_of<Real>(succ(r), true);
            }
            // lo < 0 < hi, or not decided: x's next digit
            const std::uint64_t d = digit(s, x, x.digits.size());
            near = near * B + signed_S * d;
            D *= B;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Comparison with the library.

template <class Real>
std::string hex(Real x) {
    char text[64];
    std::snprintf(text, sizeof text, "%a", static_cast<double>(x));
    return text;
}
template <class Real>
std::string hex_bits(typename format<Real>::bits b) {
    return hex(std::bit_cast<Real>(b));
}

// a standard engine that counts its calls, for the library's side
template <class G>
struct counted {
    using result_type = typename G::result_type;
    static constexpr result_type min() { return G::min(); }
    static constexpr result_type max() { return G::max(); }
    G g;
    std::size_t calls = 0;
    result_type operator()() { return ++calls, g(); }
};

// the fixed pseudo-random sequence the dice read (splitmix64's output function, written here)
struct sequence {
    std::uint64_t s;
    std::uint64_t operator()() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        return z ^ (z >> 31);
    }
};

// draws from the library on `source` and from the oracle on `spec` (the same sequence): "" or
// the first difference, in the value's bits or in the rolls the draw read
template <class Real, class Source, class Used>
std::string difference(Real mean, Real stddev, Source& source, Used used, rolls& spec, int draws) {
    const rollplan::normal_distribution<Real> d(mean, stddev);
    for (int i = 0; i < draws; ++i) {
        const std::size_t before = used(), spec_before = spec.count;
        const auto ours = std::bit_cast<typename format<Real>::bits>(d(source));
        const auto expected = normal_draw<Real>(spec, mean, stddev);
        const std::size_t n = used() - before, spec_n = spec.count - spec_before;
        if (ours != expected || n != spec_n)
            return "draw " + std::to_string(i) + ": library " + hex_bits<Real>(ours) + " after " + std::to_string(n) + " rolls, spec " +
                   hex_bits<Real>(expected) + " after " + std::to_string(spec_n) + " rolls";
    }
    return "";
}

template <class Real, class Engine>
std::string on_engine(Real mean, Real stddev, int draws, Engine engine) {
    counted<Engine> source{engine};
    Engine twin = engine;
    rolls spec = rolls_of_engine(twin);
    set_width(spec);
    std::string diff = difference(mean, stddev, source, [&] { return source.calls; }, spec, draws);
    if (diff.empty() && !(source.g == twin)) diff = "the engines are left at different places";
    return diff;
}

// a die of K faces whose digit is digit(sequence); the library reads it through from_values
// (faces = false) or from_faces (faces = true: the callable returns digit + 1)
template <rollplan::count_t K, class Real, class Digit>
std::string on_die(Real mean, Real stddev, int draws, std::uint64_t seed, bool faces, Digit digit_of) {
    sequence ours{seed}, theirs{seed};
    std::size_t used = 0;
    rolls spec;
    spec.faces = big(static_cast<std::uint64_t>(K - 1)) + 1;
    spec.roll = [&theirs, digit_of] { return digit_of(theirs); };
    set_width(spec);
    if (faces) {
        auto source = rollplan::from_faces<rollplan::die<K>>([&] { return ++used, digit_of(ours) + 1; });
        return difference(mean, stddev, source, [&] { return used; }, spec, draws);
    }
    auto source = rollplan::from_values<rollplan::die<K>>([&] { return ++used, digit_of(ours); });
    return difference(mean, stddev, source, [&] { return used; }, spec, draws);
}

// every source for one (μ, σ): the failures, each named with its source
template <class Real>
std::vector<std::string> on_every_source(Real mean, Real stddev, int draws, std::uint64_t seed) {
    const int few = std::max(draws / 2, 5), fewer = std::max(draws / 4, 3);
    // each source's differences, named (a failure named as it is found: GCC 12 at -O3 warns, wrongly,
    // of a pair of strings made from a string literal in place)
    std::vector<std::string> failures;
    struct named {
        std::vector<std::string>& to;
        void emplace_back(const std::string& name, const std::string& diff) const {
            if (!diff.empty()) to.push_back(name + ": " + diff);
        }
    } results{failures};
    results.emplace_back("mt19937_64", on_engine(mean, stddev, draws, std::mt19937_64{seed}));
    results.emplace_back("mt19937", on_engine(mean, stddev, draws, std::mt19937{static_cast<std::uint32_t>(seed)}));
    // K = 2^31 − 2, not a power of two: the digits are the rolls, B = K
    results.emplace_back("minstd_rand", on_engine(mean, stddev, few, std::minstd_rand{static_cast<std::uint32_t>(seed + 1)}));
    results.emplace_back("coin (from_values)", on_die<2>(mean, stddev, draws, seed, false, [](sequence& g) { return g() >> 63; }));
    results.emplace_back("d6 (from_faces)", on_die<6>(mean, stddev, draws, seed, true, [](sequence& g) { return g() % 6; }));
    // an odd base: T(1/2) and T(1/(1 + 1)) undecided on the digit 2, read on
    results.emplace_back("d5 (from_values)", on_die<5>(mean, stddev, few, seed, false, [](sequence& g) { return g() % 5; }));
    // 3 bits a roll: a draw's last bits dropped in the middle of a roll
    results.emplace_back("d8 (from_values)", on_die<8>(mean, stddev, draws, seed, false, [](sequence& g) { return g() >> 61; }));
    // skewed: long ties between uniforms, many T(e^−1/2) true (large k, step 2 rejecting)
    results.emplace_back("coin giving 0 three times in four", on_die<2>(mean, stddev, few, seed, false, [](sequence& g) {
                             return std::uint64_t{(g() & 3) == 3};
                         }));
    results.emplace_back("coin giving 1 three times in four", on_die<2>(mean, stddev, few, seed, true, [](sequence& g) {
                             return std::uint64_t{(g() & 3) != 3};
                         }));
    // (0 more than half the time: T(e^−1/2) true three times in four, k large, step 2 rejecting)
    results.emplace_back("d6 giving 0 half the time", on_die<6>(mean, stddev, fewer, seed, false, [](sequence& g) {
                             const std::uint64_t r = g();
                             return (r & 1) != 0 ? std::uint64_t{0} : (r >> 8) % 6;
                         }));
    return failures;
}

void report(const std::vector<std::string>& failures) {
    for (const std::string& f : failures) UNSCOPED_INFO(f);
    CHECK(failures.empty());
}

// scripted digits of a die of K faces: the library's and the oracle's first draws (bits), with
// the rolls each read
template <rollplan::count_t K, class Real>
struct scripted_result {
    typename format<Real>::bits library, spec;
    std::size_t library_rolls, spec_rolls;
};
template <rollplan::count_t K, class Real>
std::vector<scripted_result<K, Real>> scripted(Real mean, Real stddev, const std::vector<std::uint64_t>& digits, std::size_t draws) {
    std::size_t used = 0, spec_used = 0;
    auto source = rollplan::from_values<rollplan::die<K>>([&] { return digits.at(used++); });
    rolls spec;
    spec.faces = big(static_cast<std::uint64_t>(K - 1)) + 1;
    spec.roll = [&] { return digits.at(spec_used++); };
    set_width(spec);
    const rollplan::normal_distribution<Real> d(mean, stddev);
    std::vector<scripted_result<K, Real>> out;
    for (std::size_t i = 0; i < draws; ++i) {
        const std::size_t before = used, spec_before = spec_used;
        const auto ours = std::bit_cast<typename format<Real>::bits>(d(source));
        const auto theirs = normal_draw<Real>(spec, mean, stddev);
        out.push_back({ours, theirs, used - before, spec_used - spec_before});
    }
    return out;
}

// the bits written as a coin's rolls, or w bits a roll (the last padded with zeros)
std::vector<std::uint64_t> digits_of_bits(const std::string& bits, std::size_t w = 1) {
    std::vector<std::uint64_t> digits;
    for (std::size_t i = 0; i < bits.size(); i += w) {
        std::uint64_t d = 0;
        for (std::size_t b = 0; b < w; ++b) d = d << 1 | std::uint64_t{i + b < bits.size() && bits[i + b] == '1'};
        digits.push_back(d);
    }
    return digits;
}

// hand-worked: the value expected (bits) and the rolls expected, from the library and the oracle
// (the digits given, then zeros that a correct draw does not read)
template <rollplan::count_t K, class Real>
void by_hand(Real mean, Real stddev, std::vector<std::uint64_t> digits, const std::vector<Real>& expected,
             const std::vector<std::size_t>& expected_rolls) {
    digits.insert(digits.end(), 200, 0);
    const auto results = scripted<K, Real>(mean, stddev, digits, expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto wanted = std::bit_cast<typename format<Real>::bits>(expected[i]);
        INFO("draw " << i << ": wanted " << hex(expected[i]) << " after " << expected_rolls[i] << " rolls; spec "
                     << hex_bits<Real>(results[i].spec) << " after " << results[i].spec_rolls << ", library "
                     << hex_bits<Real>(results[i].library) << " after " << results[i].library_rolls);
        CHECK(results[i].spec == wanted);
        CHECK(results[i].spec_rolls == expected_rolls[i]);
        CHECK(results[i].library == wanted);
        CHECK(results[i].library_rolls == expected_rolls[i]);
    }
}

// the first `count` digits in base B of t = lo/2^W (lo from bounds at W = 1024): a sequence
// that runs along the threshold, so that a trial reads past 2^126 and doubles W
std::vector<std::uint64_t> digits_along(const big& lo, unsigned W, const big& B, std::size_t count) {
    std::vector<std::uint64_t> out;
    big rest = lo;  // t·2^W, the fraction below 2^W
    const big one = power_of_two(W);
    for (std::size_t i = 0; i < count; ++i) {
        rest *= B;
        out.push_back((rest / one).convert_to<std::uint64_t>());
        rest %= one;
    }
    return out;
}

}  // namespace normal_oracle
}  // namespace

using namespace normal_oracle;

TEST_CASE("normal_distribution matches the spec oracle on every source", "[golden][normal]") {
    // The largest finite mean puts V past max (s = +1: max) or just below it (s = −1: pred(max));
    // −max clamps every value to −max; σ = max clamps |Z| ≥ 1; the least subnormal σ gives 0
    // and −2^−1074 (never −0); 1e-300 beside 1.5 decides at once; 1e300 beside 1e290 rounds in
    // a binade of large quanta; a mean of −0 is 0; a subnormal mean with a subnormal σ crosses
    // zero.
    const double least = std::bit_cast<double>(std::uint64_t{1});
    const std::pair<double, double> doubles[] = {
        {0.0, 1.0}, {-3.0, 0.25}, {1.5, 1e-300}, {1e300, 1e290}, {0.0, least}, {DBL_MAX, 1.0}, {-DBL_MAX, 1.0}, {0.0, DBL_MAX},
        {5.0, 1.0 / 3.0}, {-0.0, 1.0}, {3 * least, least}, {0.5, 2.0}};
    std::uint64_t seed = 7001;
    for (const auto& [mean, stddev] : doubles) {
        INFO("double, mean " << hex(mean) << ", stddev " << hex(stddev));
        report(on_every_source(mean, stddev, 20, seed));
        seed += 10;
    }
    const float least_float = std::bit_cast<float>(std::uint32_t{1});
    const std::pair<float, float> floats[] = {{0.0f, 1.0f},       {-3.0f, 0.25f}, {1.5f, 1e-30f},    {1e30f, 1e20f},
                                              {0.0f, least_float}, {FLT_MAX, 1.0f}, {-FLT_MAX, 1.0f}, {0.0f, FLT_MAX},
                                              {5.0f, 1.0f / 3.0f}, {0.5f, 2.0f}};
    for (const auto& [mean, stddev] : floats) {
        INFO("float, mean " << hex(mean) << ", stddev " << hex(stddev));
        report(on_every_source(mean, stddev, 20, seed));
        seed += 10;
    }
}

TEST_CASE("normal_distribution matches the spec oracle on digits along its thresholds", "[golden][normal]") {
    // Digits that follow e^−1/2 (or k/(k + 1)) far enough that a trial reads past
    // 4·D·(hi − lo) ≥ 2^128 and doubles W (section 4's step rule), then a pseudo-random tail.
    const unsigned W = 1024;
    const big e_half = exp_bounds(1, 1, 1, W).first;
    sequence tail{99};
    auto random_tail = [&tail](std::vector<std::uint64_t> digits, std::uint64_t faces, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) digits.push_back(faces == 0 ? tail() : tail() % faces);
        return digits;
    };
    auto same = [](const auto& results) {
        for (const auto& r : results) {
            INFO("library " << hex_bits<double>(r.library) << " after " << r.library_rolls << " rolls, spec "
                            << hex_bits<double>(r.spec) << " after " << r.spec_rolls);
            CHECK(r.library == r.spec);
            CHECK(r.library_rolls == r.spec_rolls);
        }
    };
    for (std::size_t length : {120u, 130u, 140u, 260u}) {
        INFO("e^-1/2's first " << length << " bits, then a tail");
        // step 1's first trial along e^−1/2, on a coin and as 64-bit words
        same(scripted<2, double>(0.0, 1.0, random_tail(digits_along(e_half, W, 2, length), 2, 1000), 2));
        // after k = 1 ("0", then "11"), x0 = 1, u0 = 0: step 3's T(1/2) for k = 1, then the step's
        // trials; k = 2 ("0" "0" "11", then k(k − 1) = 2 trials "0" "0"), x0 = 1, u0 = 0:
        // T(2/3) along 2/3 = 0.101010…b
        std::vector<std::uint64_t> k2 = digits_of_bits("0011" "00" "10");
        for (std::size_t i = 0; i < length; ++i) k2.push_back(i % 2 == 0 ? 1 : 0);
        same(scripted<2, double>(0.0, 1.0, random_tail(k2, 2, 1000), 2));
        // step 2's trials along e^−1/2: k = 2, then its first k(k − 1) trial on e^−1/2's bits
        std::vector<std::uint64_t> step2 = digits_of_bits("0011");
        for (const std::uint64_t b : digits_along(e_half, W, 2, length)) step2.push_back(b);
        same(scripted<2, double>(0.0, 1.0, random_tail(step2, 2, 1000), 2));
    }
    // base 6 and base 2^31 − 2 (digits are the rolls): 5 digits of 2^31 − 2 pass 2^126
    for (std::size_t length : {40u, 50u, 60u})
        same(scripted<6, double>(-3.0, 0.25, random_tail(digits_along(e_half, W, 6, length), 6, 300), 2));
    for (std::size_t length : {4u, 5u, 6u, 9u})
        same(scripted<2147483646, double>(1.0, 2.0, random_tail(digits_along(e_half, W, 2147483646, length), 2147483646, 60), 2));
    // W starts at 128: on a die of K = 2^62 + 1 faces (4·K² < 2^128, no doubling at j = 2), the
    // grid point g = ⌊t·K²⌋/K² below t = e^−1/2 lies above lo_128/2^128. The digits of g·K² − 1:
    // U in [g − 1/K², g), not (u + 1)·2^128 ≤ lo·D at W = 128, so a third digit is read (at W = 256
    // the trial would be true after two).
    {
        constexpr rollplan::count_t K = (rollplan::count_t{1} << 62) + 1;
        const big faces = big(std::uint64_t{1} << 62) + 1, D = faces * faces;
        const big below = (e_half * D) >> W;  // ⌊t·K²⌋, t within 2^−1024 of lo/2^1024
        const big lo_128 = e_half_bounds(128).first;
        REQUIRE(below * power_of_two(128) > lo_128 * D);
        std::vector<std::uint64_t> d = {((below - 1) / faces).convert_to<std::uint64_t>(), ((below - 1) % faces).convert_to<std::uint64_t>()};
        same(scripted<K, double>(0.0, 1.0, random_tail(d, static_cast<std::uint64_t>(K), 60), 2));
    }
    // 64-bit words whose bits follow e^−1/2 for 256 bits
    {
        std::vector<std::uint64_t> words;
        const auto bits = digits_along(e_half, W, 2, 256);
        for (std::size_t i = 0; i < 4; ++i) {
            std::uint64_t word = 0;
            for (std::size_t b = 0; b < 64; ++b) word = word << 1 | bits[64 * i + b];
            words.push_back(word);
        }
        same(scripted<rollplan::two_to_64, double>(0.0, 1.0, random_tail(words, 0, 40), 3));
    }
    // k/(k + 1) for k = 2 on a base of 2^31 − 2: after k = 2 and its two trials, x0 = B − 1 and
    // u0 = 0, then T(2/3)'s digits along 2/3
    {
        const big B = 2147483646;
        const big two_thirds = (big(2) << W) / 3;
        std::vector<std::uint64_t> d = {0, 0, 2147483645, 0, 0, 2147483645, 0};
        for (const std::uint64_t x : digits_along(two_thirds, W, B, 6)) d.push_back(x);
        same(scripted<2147483646, double>(0.0, 1.0, random_tail(d, 2147483646, 60), 2));
    }
}

TEST_CASE("normal_distribution matches the spec oracle on given digits, values worked out by hand", "[golden][normal]") {
    auto bits = [](const std::string& text) { return digits_of_bits(text); };
    auto zeros = [](std::size_t count) { return std::string(count, '0'); };
    // On a coin (B = 2). e^−1/2 = 0.60653… = 0.10011011…b. T(e^−1/2) on bits: "0" true ((0 + 1)/2
    // ≤ 0.606); "11" false (3/4 ≥ 0.607); "101" false (5/8 = 0.625); "1000" true (9/16 = 0.5625).
    // T(1/2): "0" true, "1" false; T(1/2) for k = 1 alike; T(2/3) (0.1010…b): "0" true, "11" false.
    // Rounding in double: the quantum of [2^t, 2^(t+1)) is 2^(t − 52).
    //
    // (a) k = 0 ("11"), step 2 none; step 3, one attempt: x0 = "0" (w's digit 0 first), u0 = "1":
    // not u < w, n = 0, kept. Step 4: "0", s = +1. V = x, x = 0.0…b: x1 = "1", then zeros: V in
    // [1/4, 1/4 + 2^−j); r = 1/4, succ(r) = 1/4 + 2^−54: hi ≤ succ(r) first at j = 54, so x1 …
    // x53 = "1" and 52 zeros. Value 1/4, 2 + 1 + 1 + 1 + 53 = 58 rolls.
    by_hand<2, double>(0.0, 1.0, bits("11" "0" "1" "0" "1" + zeros(52)), {0.25}, {58});
    // (b) the same with s = −1 ("1" at step 4): V in (−1/4 − 2^−j, −1/4]: hi = −1/4 ≤ 0, r = 1/4,
    // −lo = 1/4 + 2^−j ≤ succ(r) = 1/4 + 2^−54 first at j = 54: the value is −succ(r) = −(1/4 +
    // 2^−54), rounded down (not −1/4, which rounding toward zero would give). 58 rolls.
    by_hand<2, double>(0.0, 1.0, bits("11" "0" "1" "1" "1" + zeros(52)), {-0x1.0000000000001p-2}, {58});
    // (c) step 2 rejects: step 1 "0" "0" "11": k = 2; step 2's k(k − 1) = 2 trials: "0" true, "11"
    // false: back to 1, then (a) again: 1/4, 4 + 3 + 58 = 65 rolls. (Without step 2, k = 2 would go
    // on: x0 = "1", u0 = "1", x1 = "0", u1 = "1": not u < w, and so on: another value.)
    by_hand<2, double>(0.0, 1.0, bits("0011" "011" "11" "0" "1" "0" "1" + zeros(52)), {0.25}, {65});
    // (d) an attempt of step 3 not kept: k = 0 ("11"); x0 = "1", u0 = "0": u < w; the step: k = 0,
    // so T(1/2): "0" true, then v < x: x's digit 0 (1, read), v0 = "0": true: w = u, n = 1. Next
    // u: w's digit 0 is 0 (read), u0 = "1": not u < w, the attempt ends with n = 1, odd: back to
    // 1, x dropped. Then (a): 1/4. 7 + 58 = 65 rolls. (Were v's digit read before x's … x's is
    // read already; were the step's T(1/2) taken as false, n = 0 and the attempt kept: V = x =
    // 0.1…b, another value.)
    by_hand<2, double>(0.0, 1.0, bits("11" "1" "0" "0" "0" "1" "11" "0" "1" "0" "1" + zeros(52)), {0.25}, {65});
    // (e) a step false by T(1/2): k = 0 ("11"); x0 = "1", u0 = "0": u < w; T(1/2) = "1": false, the
    // attempt ends with n = 0, kept. s: "0". V = x in [1/2, 1), quantum 2^−53: x1 … x52 = zeros:
    // value 1/2 at j = 53. 2 + 1 + 1 + 1 + 1 + 52 = 58 rolls.
    by_hand<2, double>(0.0, 1.0, bits("11" "1" "0" "1" "0" + zeros(52)), {0.5}, {58});
    // (f) k = 1: step 1 "0" (true), "11" (false); step 2: k(k − 1) = 0 trials; step 3, two
    // attempts: x0 = "0", u0 = "1": ends, n = 0; again w = x (x0 = 0 already read), u0 = "1":
    // ends, n = 0. s: "0". V = 1 + x, x = 0.01…b then zeros: [1.25, 1.25 + 2^−j), quantum 2^−52
    // in [1, 2): j = 52, x1 = "1", x2 … x51 = 50 zeros. Value 1.25, 1 + 2 + 2 + 1 + 1 + 1 + 50 =
    // 58 rolls.
    by_hand<2, double>(0.0, 1.0, bits("0" "11" "0" "1" "1" "0" "1" + zeros(50)), {1.25}, {58});
    // (g) k = 1 with its T(k/(k + 1)) = T(1/2): "0" "11"; attempt 1: x0 = "1", u0 = "0": u < w;
    // T(1/2) (k/(k + 1)) = "0": true, the step is true: w = u ([0]), n = 1. Next u: w's digit 0 =
    // 0 (read), u0 = "0": a tie; w's digit 1 = "1" (u's old digit, read now), u1 = "0": u < w;
    // T(1/2) (k/(k+1)) = "1": false; T(1/2) = "0": true, so v < x: x0 = 1 (read), v0 = "0": true:
    // w = [0, 0], n = 2. Next u: w's digit 0 = 0, u0 = "1": ends. n = 2, kept. Attempt 2: w = x
    // = [1], u0 = "1": tie; x1 = "0", u1 = "1": not less, n = 0, kept. s: "1", s = −1. V = −(1 +
    // x), x = 0.10…b: V in (−1.5 − 2^−j, −1.5]: hi = −1.5, r = 1.5, succ(r) = 1.5 + 2^−52:
    // −lo = 1.5 + 2^−j ≤ succ(r) first at j = 52: x2 … x51 = 50 zeros. Value −(1.5 + 2^−52).
    // Rolls: 3 + (1 + 1 + 1) + (1 + 1 + 1 + 1 + 1 + 1) + 1 + (1 + 1 + 1) + 1 + 50 = 67.
    by_hand<2, double>(0.0, 1.0,
                       bits("011" "1" "0" "0" "0" "1" "0" "1" "0" "0" "1" "1" "0" "1" "1" + zeros(50)),
                       {-0x1.8000000000001p+0}, {67});
    // (h) the lo < 0 < hi branch: μ = 1/4, k = 0 ("11"), x0 = "0", u0 = "1", s = "1" (−1): V =
    // 1/4 − x. j = 1: V in (−1/4, 1/4]: x1 is read. With zeros, V in (1/4 − 2^−j, 1/4]: j = 2:
    // lo = 0, r = 0, hi = 1/4 > succ(0); at j in 3 … 55, lo = 1/4 − 2^−j is representable (quantum
    // 2^−55 in [1/8, 1/4)), r = lo, and hi = 1/4 ≤ r + 2^−55 first at j = 55: value 1/4 − 2^−55.
    // 2 + 1 + 1 + 1 + 54 = 59 rolls.
    by_hand<2, double>(0.25, 1.0, bits("11" "0" "1" "1" + zeros(54)), {0x1.fffffffffffffp-3}, {59});
    // (i) clamped to the largest double: μ = max, σ = 1, (a)'s start with s = +1: lo = max + 0 ≥
    // max: r = max, the value. 5 rolls ("11" "0" "1" "0").
    by_hand<2, double>(DBL_MAX, 1.0, bits("11" "0" "1" "0"), {DBL_MAX}, {5});
    // (j) μ = max, s = −1: V in (max − 1/2, max]: r = pred(max) (the quantum there is 2^971),
    // hi = max = succ(r): the value is pred(max). 5 rolls.
    by_hand<2, double>(DBL_MAX, 1.0, bits("11" "0" "1" "1"), {0x1.ffffffffffffep+1023}, {5});
    // (k) μ = −max, s = −1: hi = −max ≤ 0, r = ⌊max⌋ = max: −max. s = +1: V in [−max, −max + 1/2):
    // hi ≤ 0, r = ⌊max − 1/2⌋ = pred(max), succ(r) = max: −max (V below succ(−max)). 5 rolls each.
    by_hand<2, double>(-DBL_MAX, 1.0, bits("11" "0" "1" "1" "11" "0" "1" "0"), {-DBL_MAX, -DBL_MAX}, {5, 5});
    // (l) σ = max: k = 1 (f's start): V = max·(1 + x) ≥ max: max, after 7 rolls ("0" "11" "0"
    // "1" "1" "0").
    by_hand<2, double>(0.0, DBL_MAX, bits("0" "11" "0" "1" "1" "0"), {DBL_MAX}, {7});
    // (m) σ = the least subnormal 2^−1074: (a)'s start, s = +1: V in [0, 2^−1075): r = 0, hi ≤
    // succ(0) = 2^−1074: +0, 5 rolls. s = −1: V in (−2^−1075, 0]: hi = 0, r = 0, −lo = 2^−1075 ≤
    // 2^−1074: the value is −2^−1074 (never −0), 5 rolls.
    const double least = std::bit_cast<double>(std::uint64_t{1});
    by_hand<2, double>(0.0, least, bits("11" "0" "1" "0" "11" "0" "1" "1"), {0.0, -least}, {5, 5});
    // (q) V across the largest double: μ = pred(max) = 2^1024 − 2^972, σ = 2^973; (a)'s start
    // with s = +1 ("11" "0" "1" "0"): V = μ + σx, x in [0, 1/2): V in [pred(max), 2^1024), r =
    // pred(max), hi = 2^1024 > succ(r) = max: x1 is read. x1 = "0": V in [pred(max), max), hi =
    // succ(r): pred(max). x1 = "1": V in [max, 2^1024), lo = max: r = max, the value. 6 rolls each.
    const double below_max = 0x1.ffffffffffffep+1023;
    by_hand<2, double>(below_max, 0x1p973, bits("11" "0" "1" "0" "0" "11" "0" "1" "0" "1"), {below_max, DBL_MAX}, {6, 6});
    // (r) the mirror, μ = −pred(max), s = −1 ("11" "0" "1" "1"): V in (−2^1024, −pred(max)]: hi =
    // −pred(max) ≤ 0, r = pred(max), and succ(r) is the largest double: −max at once, 5 rolls
    // (−lo = 2^1024 > succ(r): without that clause x1 would be read).
    by_hand<2, double>(-below_max, 0x1p973, bits("11" "0" "1" "1"), {-DBL_MAX}, {5});
    // (n) float, (a) again: quantum 2^−25 in [1/4, 1/2): j = 25, x1 = "1" and 23 zeros: 1/4f,
    // 2 + 1 + 1 + 1 + 24 = 29 rolls.
    by_hand<2, float>(0.0f, 1.0f, bits("11" "0" "1" "0" "1" + zeros(23)), {0.25f}, {29});
    // (o) a d6 (B = 6, the digits are the rolls). T(e^−1/2): digit d true if (d + 1)/6 ≤ 0.6065
    // (d ≤ 2), false if d/6 ≥ 0.6065 (d ≥ 4). T(1/2): d ≤ 2 true, d ≥ 3 false. {4}: k = 0; x0 = 2,
    // u0 = 5: ends, kept; {0}: s = +1. V = x in [1/3, 1/3 + 6^−j) with zeros after x0. 1/3 in
    // [1/4, 1/2), quantum 2^−54: 2^54/3 = 6004799503160661 + 1/3, r = 0x1.5555555555555p-2,
    // succ(r) = 1/3 + (2/3)·2^−54: 6^j ≥ 1.5·2^54 = 27021597764222976 first at j = 22 (6^21 =
    // 21936950640377856). x1 … x21 = 21 zeros: 4 + 21 = 25 rolls.
    {
        std::vector<std::uint64_t> d6 = {4, 2, 5, 0};
        d6.insert(d6.end(), 21, 0);
        by_hand<6, double>(0.0, 1.0, d6, {0x1.5555555555555p-2}, {25});
    }
    // (p) 64-bit words: a draw starts with a word of its own. Word 1 holds (a)'s first 58 bits and
    // six ones, dropped; word 2 holds (b)'s "11" "0" "1" "1" "1" then zeros (58 bits used):
    // 1/4, then −(1/4 + 2^−54), one word each.
    {
        const std::uint64_t first = (std::uint64_t{0b110101} << 58) | 0x3f;  // "11" "0" "1" "0" "1", zeros, "111111"
        const std::uint64_t second = std::uint64_t{0b110111} << 58;
        by_hand<rollplan::two_to_64, double>(0.0, 1.0, {first, second}, {0.25, -0x1.0000000000001p-2}, {1, 1});
    }
}

TEST_CASE("normal_distribution refuses what the spec oracle refuses", "[golden][normal]") {
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    CHECK_THROWS_AS(rollplan::normal_distribution<double>(nan, 1.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::normal_distribution<double>(inf, 1.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::normal_distribution<double>(-inf, 1.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::normal_distribution<double>(0.0, nan), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::normal_distribution<double>(0.0, 0.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::normal_distribution<double>(0.0, -0.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::normal_distribution<double>(0.0, -1.0), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::normal_distribution<double>(0.0, inf), std::invalid_argument);
    CHECK_THROWS_AS(rollplan::normal_distribution<float>(0.0f, 0.0f), std::invalid_argument);
    CHECK_NOTHROW(rollplan::normal_distribution<double>(-DBL_MAX, std::bit_cast<double>(std::uint64_t{1})));
}
