// rollplan/geometric.hpp: geometric_distribution<T>, a drop-in for std's
// that is exact: the number of failures before the first success of trials
// that succeed with probability p, value k with probability p·(1 − p)^k,
// for p a double's exact binary value or a rational a/b (b <= 2^64).
//
// std's draws ⌊log U / log(1 − p)⌋ in doubles. Here, with q = 1 − p and
// x_i = q^(2^i), a geometric value K splits into independent parts
// (Bringmann & Friedrich 2013 use the same split): for any s,
//   K = 2^s·H + Σ_{i<s} b_i·2^i,
//   H geometric with success probability 1 − x_s (H counts trials true
//     with probability x_s before the first false),
//   b_i true with probability x_i / (1 + x_i),
// since q^K = x_s^H · Π x_i^(b_i) factors over the parts. s = ⌊log2(1/p)⌋
// makes x_s at most e^(−1/2), so H takes 2.6 trials or fewer on average, and
// a draw s + 2.6 or fewer: 41.4 at p = 10^−12 (s = 39). Each trial is exact
// (detail/lazy_uniform.hpp): x_i is known by bounds at any precision W —
// lo_0 = ⌊q·2^W⌋, hi_0 = ⌈q·2^W⌉, then lo_(i+1) = ⌊lo_i²/2^W⌋ and
// hi_(i+1) = ⌈hi_i²/2^W⌉ — and a uniform's digits are read until they decide.
// On sources of 2^w faces (engine words, a coin) the digits are bits, about
// two a trial, and a trial's first 64 bits are compared with two thresholds
// made with the parameter (the same decision, detail/lazy_uniform.hpp).
//
// The result fits in T: p must be at least 45 / 2^w, w the value bits of T
// (numeric_limits<T>::digits: 31 for int), so that a value past T's largest
// has probability below e^−45 < 2^−64; such a draw throws
// std::out_of_range rather than return another value.
// docs/spec.md, section 4, says which values each draw gives.
#pragma once

#include "detail/config.hpp"

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "detail/big.hpp"
#include "detail/error.hpp"
#include "detail/integer.hpp"
#include "detail/lazy_uniform.hpp"
#include "detail/probability.hpp"
#include "detail/std_surface.hpp"
#include "die.hpp"
#include "distribution.hpp"
#include "rational.hpp"

namespace rollplan {

namespace detail {

// x_i = q^(2^i) at precision w, q = 1 − p (0 < p < 1).
inline bounds_at power_bounds(const probability& p, unsigned i, std::size_t w) {
    bounds_at x;
    if (p.ratio) {  // q = (b − a)/b
        const big scaled = shifted(big::of(p.denominator - p.numerator), w);
        if (p.denominator == two_to_64) {
            x.lo = shifted_down(scaled, 64);
            x.hi = shifted_down(scaled, 64, true);
        } else {
            x.lo = scaled;
            const bool exact = divide(x.lo, static_cast<std::uint64_t>(p.denominator)) == 0;
            x.hi = x.lo;
            if (!exact) x.hi.add(1, 0);
        }
    } else {  // q = (2^k − n)/2^k, p = n·2^−k
        const big scaled = shifted(difference(big::power_of_two(p.bits), big::of(p.numerator)), w);
        x.lo = shifted_down(scaled, p.bits);
        x.hi = shifted_down(scaled, p.bits, true);
    }
    for (unsigned j = 0; j < i; ++j) {
        x.lo = shifted_down(product(x.lo, x.lo), w);
        x.hi = shifted_down(product(x.hi, x.hi), w, true);
    }
    return x;
}

// power_bounds as the bounds of one x_i, for a trial.
struct power_bounds_of {
    const probability* p;
    unsigned i;
    bounds_at operator()(std::size_t w) const { return power_bounds(*p, i, w); }
};

// s = ⌊log2(1/p)⌋, 0 < p < 1.
inline unsigned geometric_split(const probability& p) {
    if (!p.ratio) {  // p = n·2^−k, n odd of L bits: 1/p in (2^(k−L), 2^(k−L+1)], a power of two when n = 1
        const unsigned length = 64u - static_cast<unsigned>(__builtin_clzll(p.numerator));  // n >= 1
        return p.bits - length + (p.numerator == 1 ? 1 : 0);
    }
    unsigned s = 0;
    while ((count_t{p.numerator} << (s + 1)) <= p.denominator) ++s;  // a·2^(s+1) <= b; a >= 1, b <= 2^64
    return s;
}

// Each trial's thresholds on a stream of bits (detail/lazy_uniform.hpp):
// x_i / (1 + x_i) for i < s, then x_s. (x_i <= q <= 1 − 45·2^−64, and its
// bounds at the first precision are at most 2^(i+1) apart, i <= 58.)
inline std::vector<word_thresholds> geometric_thresholds(const probability& p, unsigned s) {
    std::vector<word_thresholds> t(s + 1);
    for (unsigned i = 0; i <= s; ++i)
        t[i] = thresholds_of(power_bounds(p, i, first_precision), i == s ? threshold_kind::x : threshold_kind::x_over_one_plus_x);
    return t;
}

// The bounds of each x_i = q^(2^i), for a trial.
struct powers_of_q {
    const probability* p;
    power_bounds_of operator()(unsigned i) const { return {p, i}; }
};

// K = 2^s·H + Σ b_i·2^i (the top of this file) from the draw's digits: H's
// trials, then b_0 … b_(s−1); x_of(i), the bounds of x_i; t, the thresholds
// of each i (x_i's bounds are made only where the 64 bits at the thresholds
// do not decide); largest, the largest value the result type holds (a draw
// past it throws, naming `what`). discrete_laplace_distribution draws its
// magnitude here, with x_i = e^(−2^i/t).
template <class Stream, class Powers>
[[gnu::always_inline]] inline std::uint64_t geometric_value(Stream& digits, const Powers& x_of, unsigned s, const word_thresholds* t, std::uint64_t largest,
                              const char* what) {
    const std::uint64_t most = largest >> s;  // the largest H that keeps K within T
    std::uint64_t h = 0;
    while (exact_trial(digits, t[s], x_of(s), threshold_kind::x)) {
        if (h == most) fail<std::out_of_range>(what, "largest", largest);
        ++h;
    }
    std::uint64_t value = h << s;
    for (unsigned i = 0; i < s; ++i)
        value |= std::uint64_t{exact_trial(digits, t[i], x_of(i), threshold_kind::x_over_one_plus_x)} << i;
    return value;
}

}  // namespace detail

// The number of failures before the first success, each trial a success with
// probability p (0 < p <= 1): k with probability p·(1 − p)^k, exactly.
template <class T = int>
class geometric_distribution : public detail::std_surface<geometric_distribution<T>> {
    static_assert(detail::is_result_type<T>, "rollplan: geometric_distribution<T> needs an integer type T");
    static_assert(!detail::is_result_type<T> || std::numeric_limits<T>::digits <= 64,
                  "rollplan: geometric_distribution<T> needs an integer type of at most 64 bits");
    static constexpr int value_bits = std::numeric_limits<T>::digits > 64 ? 64 : std::numeric_limits<T>::digits;

public:
    using result_type = T;

    class param_type {
    public:
        using distribution_type = geometric_distribution;
        explicit param_type(double p = 0.5) {
            if (!(p > 0 && p <= 1)) detail::fail_value("rollplan: geometric_distribution needs a probability p in (0, 1]", "p", p);
            p_ = detail::exact_probability(p);
            if (!fits(p_)) detail::fail_value(too_small, "p", p);
            prepare();
        }
        explicit param_type(const rational& p) {
            if (p == rational{0} || p > rational{1})
                detail::fail_value("rollplan: geometric_distribution needs a probability p in (0, 1]", "p", p.to_double());
            if (p.denominator() > two_to_64)
                detail::fail<std::invalid_argument>("rollplan: geometric_distribution needs p = a/b with b at most 2^64",
                                                    "b", p.denominator());
            p_ = detail::exact_probability(p);
            if (!fits(p_)) detail::fail_value(too_small, "p", p.to_double());
            prepare();
        }
        double p() const { return p_.shown; }
        friend bool operator==(const param_type& a, const param_type& b) { return a.p_ == b.p_; }

    private:
        friend geometric_distribution;
        static constexpr const char* too_small =
            "rollplan: geometric_distribution<T> needs p >= 45 / 2^w, w the value bits of T (31 for int, 63 for "
            "long long), so that a draw passes T's largest with probability below 2^-64";
        // p >= 45 / 2^w: p·2^w exactly, a double times a power of two, or a·2^w against 45·b
        // (a < 2^64, so a·2^w < 2^128)
        static bool fits(const detail::probability& p) {
            if (p.ratio) return count_t{p.numerator} << value_bits >= 45 * p.denominator;
            return p.shown * static_cast<double>(count_t{1} << value_bits) >= 45;
        }
        void prepare() {
            if (p_.is_one()) return;
            split_ = detail::geometric_split(p_);
            thresholds_ = detail::geometric_thresholds(p_, split_);
        }
        detail::probability p_;
        unsigned split_ = 0;                              // s = ⌊log2(1/p)⌋
        std::vector<detail::word_thresholds> thresholds_;  // empty for p = 1
    };

    geometric_distribution() : geometric_distribution(0.5) {}
    explicit geometric_distribution(double p) : param_(p) {}
    explicit geometric_distribution(const rational& p) : param_(p) {}
    explicit geometric_distribution(const param_type& p) : param_(p) {}

    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    double p() const { return param_.p(); }
    result_type min() const { return 0; }
    result_type max() const { return std::numeric_limits<T>::max(); }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<geometric_distribution>::operator();

private:
    friend detail::std_surface<geometric_distribution>;

    template <class G>
    result_type draw(G&& g, const param_type& p) const {
        if (p.p_.is_one()) return 0;  // no roll
        decltype(auto) s = as_source(std::forward<G>(g));
        static_assert(die_source<decltype(s)>,
                      "rollplan: geometric_distribution reads one die's digits: draw it from an engine or a source of one die "
                      "(from_faces, from_values), not a dice_set");
        detail::digit_stream<decltype(s)> digits(s);
        return static_cast<T>(detail::geometric_value(digits, detail::powers_of_q{&p.p_}, p.split_, p.thresholds_.data(),
                                                      static_cast<std::uint64_t>(std::numeric_limits<T>::max()),
                                                      "rollplan: geometric_distribution drew a value past its result type's "
                                                      "largest (a draw of probability below 2^-64)"));
    }

    // p as bernoulli_distribution writes it (detail/probability.hpp); reading
    // other text, or a p this T refuses, sets failbit and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_text(os, param_.p_.text());
    }
    template <class Stream>
    void read(Stream& is) {
        std::string text;
        detail::probability p;
        if (!detail::read_word(is, text)) return;
        if (!detail::read_probability(text, p) || p.is_zero() || !param_type::fits(p)) {
            is.setstate(is.failbit);
            return;
        }
        param_ = p.ratio ? param_type(rational{p.numerator, p.denominator}) : param_type(p.shown);
    }
    param_type param_;
};

}  // namespace rollplan
