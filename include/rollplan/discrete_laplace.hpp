// rollplan/discrete_laplace.hpp: discrete_laplace_distribution<T>, the
// integers y with probability proportional to e^(−|y|/t), exactly, for a
// scale t > 0 a double's exact value or a rational a/b (a, b <= 2^64): the
// noise of the geometric mechanism in differential privacy, where a sampler
// in floating point leaks (Mironov 2012) and OpenDP samples exactly
// (Canonne, Kamath & Steinke 2020).
//
// |Y| is geometric with q = e^(−1/t), P(|Y| = k) ∝ q^k, drawn as
// geometric_distribution draws (geometric.hpp): with x_i = q^(2^i) =
// e^(−2^i/t), K = 2^s·H + Σ_{i<s} b_i·2^i, H counting trials true with
// probability x_s before the first false and b_i true with probability
// x_i/(1 + x_i); here x_i's bounds are e^−x's (detail/exp_bounds.hpp), and
// s is the least with 2^(s+1) >= t, so that x_s <= e^(−1/2). Then a trial of
// 1/2 gives the sign, and a negative zero starts the draw again (CKS's
// Algorithm 2 does the same): P(Y = y) = (1 − q)/(1 + q)·q^|y|.
//
// The result fits in T: t must be at most 2^w / 45, w the value bits of T
// (31 for int), so that |Y| > max(T) has probability below e^−45 < 2^−64;
// such a draw throws std::out_of_range rather than return another value.
// docs/spec.md, section 4, says which values each draw gives.
#pragma once

#include "detail/config.hpp"

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "detail/big.hpp"
#include "detail/error.hpp"
#include "detail/exp_bounds.hpp"
#include "detail/integer.hpp"
#include "detail/lazy_uniform.hpp"
#include "detail/probability.hpp"
#include "detail/std_surface.hpp"
#include "die.hpp"
#include "geometric.hpp"
#include "rational.hpp"

namespace rollplan {

template <class T>
class discrete_gaussian_distribution;

namespace detail {

// 1/t exactly, t = m·2^e (a double) or a/b (a <= 2^64).
inline exp_argument reciprocal_of(const exact_number& t) {
    if (t.ratio) {
        return exp_argument_of(t.denominator, t.numerator);
    }
    const binary_value v = exact_binary(t.shown);  // t > 0: m odd
    if (v.exponent <= 0) return {big::power_of_two(static_cast<std::size_t>(-v.exponent)), v.mantissa, 0};
    return {big::of(1), v.mantissa, static_cast<std::size_t>(v.exponent)};
}

// n·2^j >= c·b·2^k: x·2^j >= c for x = n/(b·2^k).
inline bool at_least_times(const exp_argument& x, std::size_t j, std::uint64_t c) {
    return at_least(shifted(x.n, j), shifted(big::of(count_t{c} * x.b), x.k));
}

// The bounds of each x_i = e^(−2^i/t), for a trial.
struct exp_powers {
    const exp_argument* x;  // x[i] = 2^i/t
    exp_bounds_of operator()(unsigned i) const { return {&x[i]}; }
};

}  // namespace detail

// The integers y with probability (1 − q)/(1 + q)·q^|y|, q = e^(−1/t), exactly.
template <class T = int>
class discrete_laplace_distribution : public detail::std_surface<discrete_laplace_distribution<T>> {
    static_assert(detail::is_result_type<T> && std::is_signed_v<T>,
                  "rollplan: discrete_laplace_distribution<T> needs a signed integer type T");
    static_assert(!detail::is_result_type<T> || std::numeric_limits<T>::digits <= 64,
                  "rollplan: discrete_laplace_distribution<T> needs an integer type of at most 64 bits");
    static constexpr int value_bits = std::numeric_limits<T>::digits > 64 ? 64 : std::numeric_limits<T>::digits;

public:
    using result_type = T;

    class param_type {
    public:
        using distribution_type = discrete_laplace_distribution;
        explicit param_type(double t = 1) {
            if (!(t > 0 && t <= std::numeric_limits<double>::max()))
                detail::fail_value("rollplan: discrete_laplace_distribution needs a scale t > 0 and finite", "t", t);
            prepare(detail::exact_number_of(t));
        }
        explicit param_type(const rational& t) {
            if (t == rational{0}) detail::fail_value("rollplan: discrete_laplace_distribution needs a scale t > 0", "t", 0.0);
            if (t.numerator() > two_to_64 || t.denominator() > two_to_64)
                detail::fail<std::invalid_argument>("rollplan: discrete_laplace_distribution needs t = a/b with a and b at most 2^64",
                                                    "a", t.numerator(), "b", t.denominator());
            prepare(detail::exact_number_of(t));
        }
        double t() const { return t_.shown; }
        friend bool operator==(const param_type& a, const param_type& b) { return a.t_ == b.t_; }

    private:
        friend discrete_laplace_distribution;
        static constexpr const char* too_large =
            "rollplan: discrete_laplace_distribution<T> needs t <= 2^w / 45, w the value bits of T (31 for int, 63 for "
            "long long), so that a draw passes T's largest with probability below 2^-64";
        static bool fits(const detail::exact_number& t) { return detail::at_least_times(detail::reciprocal_of(t), value_bits, 45); }
        void prepare(const detail::exact_number& t) {
            if (!fits(t)) detail::fail_value(too_large, "t", t.shown);
            t_ = t;
            const detail::exp_argument one_over_t = detail::reciprocal_of(t);
            split_ = 0;
            while (!detail::at_least_times(one_over_t, split_ + 1, 1)) ++split_;  // 2^(s+1)/t >= 1
            powers_.clear();
            thresholds_.clear();
            for (unsigned i = 0; i <= split_; ++i) {
                powers_.push_back(detail::times_power_of_two(one_over_t, i));
                thresholds_.push_back(detail::thresholds_of(detail::exp_bounds(powers_.back(), detail::first_precision),
                                                            i == split_ ? detail::threshold_kind::x : detail::threshold_kind::x_over_one_plus_x));
            }
        }
        detail::exact_number t_;
        unsigned split_ = 0;                              // s: the least with 2^(s+1) >= t
        std::vector<detail::exp_argument> powers_;         // 2^i/t, i <= s
        std::vector<detail::word_thresholds> thresholds_;  // of x_i = e^(−2^i/t)
    };

    discrete_laplace_distribution() : discrete_laplace_distribution(1.0) {}
    explicit discrete_laplace_distribution(double t) : param_(t) {}
    explicit discrete_laplace_distribution(const rational& t) : param_(t) {}
    explicit discrete_laplace_distribution(const param_type& p) : param_(p) {}

    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    double t() const { return param_.t(); }
    result_type min() const { return -std::numeric_limits<T>::max(); }
    result_type max() const { return std::numeric_limits<T>::max(); }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<discrete_laplace_distribution>::operator();

private:
    friend detail::std_surface<discrete_laplace_distribution>;
    friend discrete_gaussian_distribution<T>;  // draws its proposals with value()

    template <class G>
    result_type draw(G&& g, const param_type& p) const {
        decltype(auto) s = as_source(std::forward<G>(g));
        static_assert(die_source<decltype(s)>,
                      "rollplan: discrete_laplace_distribution reads one die's digits: draw it from an engine or a source of "
                      "one die (from_faces, from_values), not a dice_set");
        detail::digit_stream<decltype(s)> digits(s);
        return value(digits, p,
                     "rollplan: discrete_laplace_distribution drew a value past its result type's largest (a draw of probability "
                     "below 2^-64)");
    }
    // A value from the draw's digits; past max(T), std::out_of_range with the caller's words.
    template <class Stream>
    [[gnu::always_inline]] static T value(Stream& digits, const param_type& p, const char* too_far) {
        for (;;) {
            const std::uint64_t magnitude = detail::geometric_value(digits, detail::exp_powers{p.powers_.data()}, p.split_, p.thresholds_.data(),
                                                                    static_cast<std::uint64_t>(std::numeric_limits<T>::max()), too_far);
            if (detail::half_trial(digits)) return static_cast<T>(magnitude);
            if (magnitude != 0) return static_cast<T>(-static_cast<T>(magnitude));
        }
    }

    // t as a/b or a double of 17 digits; reading other text, or a t this T
    // refuses, sets failbit and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_text(os, param_.t_.text());
    }
    template <class Stream>
    void read(Stream& is) {
        std::string text;
        detail::exact_number t;
        if (!detail::read_word(is, text)) return;
        if (!detail::read_exact_number(text, t) || t.is_zero() || (t.ratio && t.numerator > two_to_64) || !param_type::fits(t)) {
            is.setstate(is.failbit);
            return;
        }
        param_ = t.ratio ? param_type(rational{t.numerator, t.denominator}) : param_type(t.shown);
    }
    param_type param_;
};

}  // namespace rollplan
