// rollplan/negative_binomial.hpp: negative_binomial_distribution<T>, a
// drop-in for std's that is exact: the number of failures before the k-th
// success of trials that succeed with probability p, value i with
// probability C(i + k − 1, i)·p^k·(1 − p)^i, for p a double's exact binary
// value or a rational a/b (b <= 2^64).
//
// std's draws a Poisson value whose mean is a gamma value, in doubles. Here
// the failures before the k-th success are the sum of the failures before
// each success: k geometric values, each drawn as geometric_distribution
// draws it (geometric.hpp: exact trials of powers of 1 − p), one after the
// other on one stream of digits. A draw costs k times a geometric value's
// trials: about k·(log2(1/p) + 2.6) trials of about 2 bits each.
//
// The result fits in T: p·2^w >= 64·k, w the value bits of T, so that a
// value past T's largest has probability below 2^−64 (each part passes
// (2^w − 1)/k with probability below e^−63); such a draw throws
// std::out_of_range rather than return another value. This version sums at
// most 2^16 parts; a larger k is refused in words.
// docs/spec.md, section 4, says which values each draw gives.
#pragma once

#include "detail/config.hpp"

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "detail/error.hpp"
#include "detail/integer.hpp"
#include "detail/lazy_uniform.hpp"
#include "detail/probability.hpp"
#include "detail/std_surface.hpp"
#include "die.hpp"
#include "distribution.hpp"
#include "geometric.hpp"
#include "rational.hpp"

namespace rollplan {

namespace detail {
// The largest number of geometric parts a draw sums.
inline constexpr std::uint64_t most_negative_binomial_parts = std::uint64_t{1} << 16;
}  // namespace detail

// The number of failures before the k-th success, each trial a success with
// probability p: i with probability C(i + k − 1, i)·p^k·(1 − p)^i, exactly.
template <class T = int>
class negative_binomial_distribution : public detail::std_surface<negative_binomial_distribution<T>> {
    static_assert(detail::is_result_type<T>, "rollplan: negative_binomial_distribution<T> needs an integer type T");
    static_assert(!detail::is_result_type<T> || std::numeric_limits<T>::digits <= 64,
                  "rollplan: negative_binomial_distribution<T> needs an integer type of at most 64 bits");
    static constexpr int value_bits = std::numeric_limits<T>::digits > 64 ? 64 : std::numeric_limits<T>::digits;

public:
    using result_type = T;

    class param_type {
    public:
        using distribution_type = negative_binomial_distribution;
        explicit param_type(T k = 1, double p = 0.5) : k_(checked(k)) {
            if (!(p > 0 && p <= 1))
                detail::fail_value("rollplan: negative_binomial_distribution needs a probability p in (0, 1]", "p", p);
            p_ = detail::exact_probability(p);
            if (!fits(p_, k_)) detail::fail_value(too_small, "p", p);
            prepare();
        }
        param_type(T k, const rational& p) : k_(checked(k)) {
            if (p == rational{0} || p > rational{1})
                detail::fail_value("rollplan: negative_binomial_distribution needs a probability p in (0, 1]", "p", p.to_double());
            if (p.denominator() > two_to_64)
                detail::fail<std::invalid_argument>("rollplan: negative_binomial_distribution needs p = a/b with b at most 2^64", "b",
                                                    p.denominator());
            p_ = detail::exact_probability(p);
            if (!fits(p_, k_)) detail::fail_value(too_small, "p", p.to_double());
            prepare();
        }
        T k() const { return k_; }
        double p() const { return p_.shown; }
        friend bool operator==(const param_type& a, const param_type& b) { return a.k_ == b.k_ && a.p_ == b.p_; }

    private:
        friend negative_binomial_distribution;
        static constexpr const char* too_small =
            "rollplan: negative_binomial_distribution<T> needs p >= 64·k / 2^w, w the value bits of T (31 for int, 63 for "
            "long long), so that a draw passes T's largest with probability below 2^-64";
        static T checked(T k) {
            if (k < 1) detail::fail_value("rollplan: negative_binomial_distribution needs a number of successes k >= 1", "k", k);
            if (static_cast<std::uint64_t>(k) > detail::most_negative_binomial_parts)
                detail::fail_value("rollplan: negative_binomial_distribution takes k of at most 2^16 in this version", "k", k);
            return k;
        }
        // p·2^w >= 64·k: a·2^w against 64·k·b (a < 2^64, k <= 2^16, b <= 2^64: below 2^128), or a
        // double times a power of two against an integer below 2^23, both exact
        static bool fits(const detail::probability& p, T k) {
            const auto parts = static_cast<count_t>(k);
            if (p.ratio) return count_t{p.numerator} << value_bits >= 64 * parts * p.denominator;
            return p.shown * static_cast<double>(count_t{1} << value_bits) >= static_cast<double>(64 * parts);
        }
        void prepare() {
            if (p_.is_one()) return;
            split_ = detail::geometric_split(p_);
            thresholds_ = detail::geometric_thresholds(p_, split_);
        }
        T k_;
        detail::probability p_;
        unsigned split_ = 0;                              // s = ⌊log2(1/p)⌋
        std::vector<detail::word_thresholds> thresholds_;  // empty for p = 1
    };

    negative_binomial_distribution() : negative_binomial_distribution(1) {}
    explicit negative_binomial_distribution(T k, double p = 0.5) : param_(k, p) {}
    negative_binomial_distribution(T k, const rational& p) : param_(k, p) {}
    explicit negative_binomial_distribution(const param_type& p) : param_(p) {}

    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    T k() const { return param_.k(); }
    double p() const { return param_.p(); }
    result_type min() const { return 0; }
    result_type max() const { return std::numeric_limits<T>::max(); }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<negative_binomial_distribution>::operator();

private:
    friend detail::std_surface<negative_binomial_distribution>;

    template <class G>
    result_type draw(G&& g, const param_type& p) const {
        if (p.p_.is_one()) return 0;  // no roll
        decltype(auto) s = as_source(std::forward<G>(g));
        static_assert(die_source<decltype(s)>,
                      "rollplan: negative_binomial_distribution reads one die's digits: draw it from an engine or a source of one "
                      "die (from_faces, from_values), not a dice_set");
        detail::digit_stream<decltype(s)> digits(s);
        const auto largest = static_cast<std::uint64_t>(std::numeric_limits<T>::max());
        std::uint64_t value = 0;
        for (T part = 0; part < p.k_; ++part) {
            const std::uint64_t g_value = detail::geometric_value(digits, detail::powers_of_q{&p.p_}, p.split_, p.thresholds_.data(), largest, past);
            if (g_value > largest - value) detail::fail<std::out_of_range>(past, "largest", largest);
            value += g_value;
        }
        return static_cast<T>(value);
    }
    static constexpr const char* past =
        "rollplan: negative_binomial_distribution drew a value past its result type's largest (a draw of probability below "
        "2^-64)";

    // "k p", p as bernoulli_distribution writes it (detail/probability.hpp);
    // reading other text, or parameters refused, sets failbit and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_text(os, std::to_string(static_cast<long long>(param_.k_)) + " " + param_.p_.text());
    }
    template <class Stream>
    void read(Stream& is) {
        std::string k_text, p_text;
        count_t k = 0;
        detail::probability p;
        if (!detail::read_word(is, k_text) || !detail::read_word(is, p_text)) return;
        if (!detail::read_count(k_text, k, detail::most_negative_binomial_parts) || k == 0 ||
            k > static_cast<count_t>(std::numeric_limits<T>::max()) || !detail::read_probability(p_text, p) || p.is_zero() ||
            !param_type::fits(p, static_cast<T>(k))) {
            is.setstate(is.failbit);
            return;
        }
        const T parts = static_cast<T>(k);
        param_ = p.ratio ? param_type(parts, rational{p.numerator, p.denominator}) : param_type(parts, p.shown);
    }
    param_type param_;
};

}  // namespace rollplan
