// rollplan/bernoulli_exp.hpp: bernoulli_exp_distribution, true with
// probability e^−x exactly, for x >= 0 a double's exact value or a rational
// a/b (b <= 2^64): the coin that exact samplers for privacy are made of
// (Canonne, Kamath & Steinke 2020 build the discrete Laplace and Gaussian
// from it).
//
// One exact trial (detail/lazy_uniform.hpp) of the number e^−x, known at any
// precision by bounds (detail/exp_bounds.hpp): a uniform's digits read until
// they fall on one side of it. On sources of 2^w faces that is about two
// bits, compared at once with two 64-bit thresholds made with the parameter;
// von Neumann's and CKS's trials of x/k read more (a trial each).
// docs/spec.md, section 4, says which values each draw gives.
#pragma once

#include "detail/config.hpp"

#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "detail/error.hpp"
#include "detail/exp_bounds.hpp"
#include "detail/lazy_uniform.hpp"
#include "detail/probability.hpp"
#include "detail/std_surface.hpp"
#include "die.hpp"
#include "rational.hpp"

namespace rollplan {

// true with probability e^−x (x >= 0), exactly.
class bernoulli_exp_distribution : public detail::std_surface<bernoulli_exp_distribution> {
public:
    using result_type = bool;

    class param_type {
    public:
        using distribution_type = bernoulli_exp_distribution;
        explicit param_type(double x = 1) : param_type(checked(x)) {}
        explicit param_type(const rational& x) : param_type(checked(x)) {}
        double x() const { return x_.shown; }
        friend bool operator==(const param_type& a, const param_type& b) { return a.x_ == b.x_; }

    private:
        friend bernoulli_exp_distribution;
        static detail::exact_number checked(double x) {
            if (!(x >= 0 && x <= std::numeric_limits<double>::max()))
                detail::fail_value("rollplan: bernoulli_exp_distribution needs x >= 0 and finite", "x", x);
            return detail::exact_number_of(x);
        }
        static detail::exact_number checked(const rational& x) {
            if (x.denominator() > two_to_64)
                detail::fail<std::invalid_argument>("rollplan: bernoulli_exp_distribution needs x = a/b with b at most 2^64", "b",
                                                    x.denominator());
            return detail::exact_number_of(x);
        }
        explicit param_type(const detail::exact_number& x)
            : x_(x), argument_(detail::exp_argument_of(x)),
              thresholds_(detail::thresholds_of(detail::exp_bounds(argument_, detail::first_precision), detail::threshold_kind::x)) {}
        detail::exact_number x_;
        detail::exp_argument argument_;       // x as n/(b·2^k), for e^−x's bounds
        detail::word_thresholds thresholds_;  // of e^−x, on bits (e^−x <= 1: hi <= 2^128 at the first precision)
    };

    bernoulli_exp_distribution() : bernoulli_exp_distribution(1.0) {}
    explicit bernoulli_exp_distribution(double x) : param_(x) {}
    explicit bernoulli_exp_distribution(const rational& x) : param_(x) {}
    explicit bernoulli_exp_distribution(const param_type& p) : param_(p) {}

    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    double x() const { return param_.x(); }
    result_type min() const { return false; }
    result_type max() const { return true; }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<bernoulli_exp_distribution>::operator();

private:
    friend detail::std_surface<bernoulli_exp_distribution>;

    template <class G>
    result_type draw(G&& g, const param_type& p) const {
        if (p.x_.is_zero()) return true;  // e^0 = 1: no roll
        decltype(auto) s = as_source(std::forward<G>(g));
        static_assert(die_source<decltype(s)>,
                      "rollplan: bernoulli_exp_distribution reads one die's digits: draw it from an engine or a source of "
                      "one die (from_faces, from_values), not a dice_set");
        detail::digit_stream<decltype(s)> digits(s);
        return detail::exact_trial(digits, p.thresholds_, detail::exp_bounds_of{&p.argument_}, detail::threshold_kind::x);
    }

    // x as a/b or a double of 17 digits; reading other text sets failbit and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_text(os, param_.x_.text());
    }
    template <class Stream>
    void read(Stream& is) {
        std::string text;
        detail::exact_number x;
        if (!detail::read_word(is, text)) return;
        if (!detail::read_exact_number(text, x)) {
            is.setstate(is.failbit);
            return;
        }
        param_ = x.ratio ? param_type(rational{x.numerator, x.denominator}) : param_type(x.shown);
    }
    param_type param_;
};

}  // namespace rollplan
