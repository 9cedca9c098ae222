// rollplan/discrete_gaussian.hpp: discrete_gaussian_distribution<T>, the
// integers y with probability proportional to e^(−y²/(2σ²)), exactly, for a
// variance σ² > 0 given as a double's exact value or a rational a/b
// (a, b <= 2^64): the noise of the discrete Gaussian mechanism in
// differential privacy, sampled as Canonne, Kamath & Steinke 2020 do
// (their Algorithm 3; OpenDP uses it).
//
// With t = ⌊σ⌋ + 1, a proposal y is drawn from discrete_laplace_distribution
// (scale t, discrete_laplace.hpp) and accepted by an exact trial of e^−x,
// x = (|y| − σ²/t)²/(2σ²); else another proposal. The two exponents add up to
// −y²/(2σ²) − σ²/(2t²), whose second term is the same for every y, so an
// accepted y has the discrete Gaussian's law. x is a ratio of integers past
// 2^64 (x = (|y|·b·t − a)² / (2·a·b·t²) for σ² = a/b), whose e^−x is known by
// bounds through x's own (detail/exp_bounds.hpp, exp_ratio).
//
// The result fits in T: t must be at most 2^w / 45, w the value bits of T,
// as for the Laplace proposals (a draw past max(T) has probability below
// 2^−64 and throws std::out_of_range).
// docs/spec.md, section 4, says which values each draw gives.
#pragma once

#include "detail/config.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "detail/big.hpp"
#include "detail/binary_format.hpp"
#include "detail/error.hpp"
#include "detail/exp_bounds.hpp"
#include "detail/integer.hpp"
#include "detail/lazy_uniform.hpp"
#include "detail/probability.hpp"
#include "detail/std_surface.hpp"
#include "die.hpp"
#include "discrete_laplace.hpp"
#include "rational.hpp"

namespace rollplan {

namespace detail {

// ⌊√v⌋ for v < 2^122, by bisection on [0, 2^61).
inline std::uint64_t square_root_floor(count_t v) {
    std::uint64_t low = 0, high = (std::uint64_t{1} << 61) - 1;  // low² <= v < (high + 1)²
    while (low < high) {
        const std::uint64_t middle = low + (high - low + 1) / 2;
        if (count_t{middle} * middle <= v)
            low = middle;
        else
            high = middle - 1;
    }
    return low;
}

// σ² = a/b exactly: a double m·2^e as a = m·2^e, b = 1 (e >= 0) or a = m,
// b = 2^−e; a rational as it is kept (lowest terms).
struct ratio_of_bigs {
    big a, b;
};
inline ratio_of_bigs ratio_of(const exact_number& x) {
    if (x.ratio) return {big::of(x.numerator), big::of(x.denominator)};
    const binary_value v = exact_binary(x.shown);
    if (v.exponent >= 0) return {shifted(big::of(v.mantissa), static_cast<std::size_t>(v.exponent)), big::of(1)};
    return {big::of(v.mantissa), big::power_of_two(static_cast<std::size_t>(-v.exponent))};
}

// t = ⌊σ⌋ + 1 = ⌊√⌊σ²⌋⌋ + 1, or 0 when σ² >= 2^120 (t past 2^60, which no T takes).
inline std::uint64_t gaussian_scale(const exact_number& sigma2) {
    if (sigma2.ratio) return square_root_floor(sigma2.numerator / sigma2.denominator) + 1;  // a <= 2^64
    if (!(sigma2.shown < 0x1p120)) return 0;
    return square_root_floor(static_cast<count_t>(sigma2.shown)) + 1;  // the cast drops the fraction: ⌊σ²⌋
}

struct gaussian_attempts;

}  // namespace detail

// The integers y with probability e^(−y²/(2σ²)) / Σ_z e^(−z²/(2σ²)), exactly.
template <class T = int>
class discrete_gaussian_distribution : public detail::std_surface<discrete_gaussian_distribution<T>> {
    static_assert(detail::is_result_type<T> && std::is_signed_v<T>,
                  "rollplan: discrete_gaussian_distribution<T> needs a signed integer type T");
    static_assert(!detail::is_result_type<T> || std::numeric_limits<T>::digits <= 64,
                  "rollplan: discrete_gaussian_distribution<T> needs an integer type of at most 64 bits");
    static constexpr int value_bits = std::numeric_limits<T>::digits > 64 ? 64 : std::numeric_limits<T>::digits;
    // the proposals' distribution; int for a T refused above, so that the refusal is one error
    using laplace = discrete_laplace_distribution<
        std::conditional_t<detail::is_result_type<T> && std::is_signed_v<T> && std::numeric_limits<T>::digits <= 64, T, int>>;

public:
    using result_type = T;

    class param_type {
    public:
        using distribution_type = discrete_gaussian_distribution;
        explicit param_type(double sigma2 = 1) {
            if (!(sigma2 > 0 && sigma2 <= std::numeric_limits<double>::max()))
                detail::fail_value("rollplan: discrete_gaussian_distribution needs a variance sigma2 > 0 and finite", "sigma2", sigma2);
            prepare(detail::exact_number_of(sigma2));
        }
        explicit param_type(const rational& sigma2) {
            if (sigma2 == rational{0})
                detail::fail_value("rollplan: discrete_gaussian_distribution needs a variance sigma2 > 0", "sigma2", 0.0);
            if (sigma2.numerator() > two_to_64 || sigma2.denominator() > two_to_64)
                detail::fail<std::invalid_argument>(
                    "rollplan: discrete_gaussian_distribution needs sigma2 = a/b with a and b at most 2^64", "a", sigma2.numerator(), "b",
                    sigma2.denominator());
            prepare(detail::exact_number_of(sigma2));
        }
        double sigma2() const { return sigma2_.shown; }
        friend bool operator==(const param_type& a, const param_type& b) { return a.sigma2_ == b.sigma2_; }

    private:
        friend discrete_gaussian_distribution;
        static constexpr const char* too_large =
            "rollplan: discrete_gaussian_distribution<T> needs floor(sqrt(sigma2)) + 1 <= 2^w / 45, w the value bits of T (31 for "
            "int, 63 for long long), so that a draw passes T's largest with probability below 2^-64";
        // t = ⌊σ⌋ + 1 <= 2^w / 45
        static bool fits(const detail::exact_number& sigma2) {
            const std::uint64_t t = detail::gaussian_scale(sigma2);
            return t != 0 && count_t{45} * t <= count_t{1} << value_bits;
        }
        void prepare(const detail::exact_number& sigma2) {
            if (!fits(sigma2)) detail::fail_value(too_large, "sigma2", sigma2.shown);
            sigma2_ = sigma2;
            const std::uint64_t t = detail::gaussian_scale(sigma2);
            laplace_ = typename laplace::param_type(rational{count_t{t}});
            const detail::ratio_of_bigs s = detail::ratio_of(sigma2);
            a_ = s.a;
            bt_ = detail::product(s.b, detail::big::of(t));
            two_abt2_ = detail::shifted(detail::product(detail::product(s.a, bt_), detail::big::of(t)), 1);
        }
        // x = (|y| − σ²/t)²/(2σ²) = (|y|·b·t − a)² / (2·a·b·t²)
        detail::exp_ratio acceptance(T y) const {
            const std::uint64_t k = y < 0 ? static_cast<std::uint64_t>(-(y + 1)) + 1 : static_cast<std::uint64_t>(y);
            const detail::big kbt = detail::product(detail::big::of(k), bt_);
            const detail::big gap = detail::at_least(kbt, a_) ? detail::difference(kbt, a_) : detail::difference(a_, kbt);
            return {detail::product(gap, gap), two_abt2_};
        }
        detail::exact_number sigma2_;
        typename laplace::param_type laplace_;  // scale t = ⌊σ⌋ + 1
        detail::big a_, bt_, two_abt2_;         // a, b·t and 2·a·b·t², for σ² = a/b
    };

    discrete_gaussian_distribution() : discrete_gaussian_distribution(1.0) {}
    explicit discrete_gaussian_distribution(double sigma2) : param_(sigma2) {}
    explicit discrete_gaussian_distribution(const rational& sigma2) : param_(sigma2) {}
    explicit discrete_gaussian_distribution(const param_type& p) : param_(p) {}

    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    double sigma2() const { return param_.sigma2(); }
    result_type min() const { return -std::numeric_limits<T>::max(); }
    result_type max() const { return std::numeric_limits<T>::max(); }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<discrete_gaussian_distribution>::operator();

private:
    friend detail::std_surface<discrete_gaussian_distribution>;
    friend struct detail::gaussian_attempts;  // tests/discrete_gaussian.cpp walks one attempt's sequences

    // Proposals and their trials on one stream of digits; x = 0 (|y| = σ²/t)
    // is accepted with no digit, as the step rule decides a trial of 1.
    template <class G>
    result_type draw(G&& g, const param_type& p) const {
        decltype(auto) s = as_source(std::forward<G>(g));
        static_assert(die_source<decltype(s)>,
                      "rollplan: discrete_gaussian_distribution reads one die's digits: draw it from an engine or a source of "
                      "one die (from_faces, from_values), not a dice_set");
        detail::digit_stream<decltype(s)> digits(s);
        for (;;)
            if (const std::optional<T> y = attempt(digits, p)) return *y;
    }
    // One proposal and its trial: y accepted, or nothing.
    template <class Stream>
    static std::optional<T> attempt(Stream& digits, const param_type& p) {
        const T y = laplace::value(digits, p.laplace_,
                                   "rollplan: discrete_gaussian_distribution drew a value past its result type's largest (a draw "
                                   "of probability below 2^-64)");
        const detail::exp_ratio x = p.acceptance(y);
        if (x.n.is_zero() || detail::new_trial(digits, detail::exp_ratio_bounds_of{&x}, detail::threshold_kind::x)) return y;
        return std::nullopt;
    }

    // σ² as a/b or a double of 17 digits; reading other text, or a σ² this T
    // refuses, sets failbit and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_text(os, param_.sigma2_.text());
    }
    template <class Stream>
    void read(Stream& is) {
        std::string text;
        detail::exact_number sigma2;
        if (!detail::read_word(is, text)) return;
        if (!detail::read_exact_number(text, sigma2) || sigma2.is_zero() || (sigma2.ratio && sigma2.numerator > two_to_64) ||
            !param_type::fits(sigma2)) {
            is.setstate(is.failbit);
            return;
        }
        param_ = sigma2.ratio ? param_type(rational{sigma2.numerator, sigma2.denominator}) : param_type(sigma2.shown);
    }
    param_type param_;
};

}  // namespace rollplan
