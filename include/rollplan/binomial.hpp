// rollplan/binomial.hpp: binomial_distribution<T>, a drop-in for std's that
// is exact: the number of successes among t trials that each succeed with
// probability p, value k with probability C(t, k)·p^k·(1 − p)^(t−k), for p
// a double's exact binary value or a rational a/b (b <= 2^64).
//
// std's draws by inversion or by rejection on doubles (log, exp). Here each
// trial i has its own uniform U_i and succeeds when U_i < p, and the U_i are
// read together, a binary digit at a time (Ahrens and Dieter's "count ones";
// Devroye 1986, exercise X.4): at digit j, a trial still undecided reads its
// j-th digit, a fair coin; where p's digit d_j is 1, a 0 makes it a success
// (U_i is below p), and where d_j is 0, a 1 makes it a failure; the others go
// on. Only how many of the n undecided trials read a 0 matters: the number
// of zeros among the next n bits, 64 at a time with a popcount. About half
// the trials are decided at each digit, so a draw reads about 2t bits; when
// p's digits past j are all 0 the trials still undecided have U_i >= p and
// fail, so a p of few digits ends sooner (p = 1/2: t bits).
//
// This version draws at most 2^16 trials (2^17 bits on average, 2048 words
// of a 64-bit engine): an exact Bin(n, 1/2) for larger n in bounded time is not
// written yet, and a larger t is refused in words rather than drawn slowly.
// docs/spec.md, section 4, says which values each draw gives.
#pragma once

#include "detail/config.hpp"

#include <bit>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

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

// The largest number of trials a draw takes.
inline constexpr std::uint64_t most_binomial_trials = std::uint64_t{1} << 16;

// How many of n trials of 1/2 are true, made one after the other on the
// stream: on bits, the zeros among the next n bits.
template <class Stream>
[[gnu::always_inline]] inline std::uint64_t true_halves(Stream& digits, std::uint64_t n) {
    std::uint64_t count = 0;
    if constexpr (Stream::of_bits) {
        for (; n >= 64; n -= 64) count += 64 - static_cast<std::uint64_t>(std::popcount(digits.take(64)));
        if (n > 0) count += n - static_cast<std::uint64_t>(std::popcount(digits.take(static_cast<int>(n))));
    } else {
        for (; n > 0; --n) count += std::uint64_t{half_trial(digits)};
    }
    return count;
}

// p's binary digits d_1, d_2, … (0 < p < 1), one at a time, and whether
// any digit past those given is 1 (p·2^j not an integer after j digits).
class binary_digits_of {
public:
    explicit binary_digits_of(const probability& p) : p_(p), rest_(p.ratio ? count_t{p.numerator} : 0) {}
    bool more() const { return p_.ratio ? rest_ != 0 : given_ < p_.bits; }
    bool next() {
        ++given_;
        if (p_.ratio) {  // r_j = 2·r_(j−1) − d_j·b, r_0 = a (r < b <= 2^64: 2r fits)
            rest_ <<= 1;
            const bool digit = rest_ >= p_.denominator;
            if (digit) rest_ -= p_.denominator;
            return digit;
        }
        const unsigned shift = p_.bits - given_;  // p = m·2^−k: d_j is bit k − j of m
        return shift < 64 && ((p_.numerator >> shift) & 1) != 0;
    }

private:
    const probability& p_;
    count_t rest_;
    unsigned given_ = 0;
};

// The count of successes among t trials of p (0 < p < 1, t <= 2^16): the
// top of this file.
template <class Stream>
std::uint64_t binomial_value(Stream& digits, std::uint64_t t, const probability& p) {
    binary_digits_of d(p);
    std::uint64_t n = t, value = 0;
    while (n > 0 && d.more()) {
        const bool one = d.next();
        const std::uint64_t zeros = true_halves(digits, n);
        if (one) {
            value += zeros;
            n -= zeros;
        } else {
            n = zeros;
        }
    }
    return value;
}

}  // namespace detail

// The number of successes among t independent trials, each a success with
// probability p: k with probability C(t, k)·p^k·(1 − p)^(t−k), exactly.
template <class T = int>
class binomial_distribution : public detail::std_surface<binomial_distribution<T>> {
    static_assert(detail::is_result_type<T>, "rollplan: binomial_distribution<T> needs an integer type T");
    static_assert(!detail::is_result_type<T> || std::numeric_limits<T>::digits <= 64,
                  "rollplan: binomial_distribution<T> needs an integer type of at most 64 bits");

public:
    using result_type = T;

    class param_type {
    public:
        using distribution_type = binomial_distribution;
        explicit param_type(T t = 1, double p = 0.5) : t_(checked(t)) {
            if (!(p >= 0 && p <= 1)) detail::fail_value("rollplan: binomial_distribution needs a probability p in [0, 1]", "p", p);
            p_ = detail::exact_probability(p);
        }
        param_type(T t, const rational& p) : t_(checked(t)) {
            if (p > rational{1}) detail::fail_value("rollplan: binomial_distribution needs a probability p in [0, 1]", "p", p.to_double());
            if (p.denominator() > two_to_64)
                detail::fail<std::invalid_argument>("rollplan: binomial_distribution needs p = a/b with b at most 2^64", "b",
                                                    p.denominator());
            p_ = detail::exact_probability(p);
        }
        T t() const { return t_; }
        double p() const { return p_.shown; }
        friend bool operator==(const param_type& a, const param_type& b) { return a.t_ == b.t_ && a.p_ == b.p_; }

    private:
        friend binomial_distribution;
        static T checked(T t) {
            if constexpr (std::is_signed_v<T>)
                if (t < 0) detail::fail_value("rollplan: binomial_distribution needs a number of trials t >= 0", "t", t);
            if (static_cast<std::uint64_t>(t) > detail::most_binomial_trials)
                detail::fail_value("rollplan: binomial_distribution draws at most 2^16 trials in this version", "t", t);
            return t;
        }
        T t_;
        detail::probability p_;
    };

    binomial_distribution() : binomial_distribution(1) {}
    explicit binomial_distribution(T t, double p = 0.5) : param_(t, p) {}
    binomial_distribution(T t, const rational& p) : param_(t, p) {}
    explicit binomial_distribution(const param_type& p) : param_(p) {}

    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    T t() const { return param_.t(); }
    double p() const { return param_.p(); }
    result_type min() const { return 0; }
    result_type max() const { return param_.t(); }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<binomial_distribution>::operator();

private:
    friend detail::std_surface<binomial_distribution>;

    template <class G>
    result_type draw(G&& g, const param_type& p) const {
        if (p.t_ == 0 || p.p_.is_zero()) return 0;  // no roll
        if (p.p_.is_one()) return p.t_;
        decltype(auto) s = as_source(std::forward<G>(g));
        static_assert(die_source<decltype(s)>,
                      "rollplan: binomial_distribution reads one die's digits: draw it from an engine or a source of one die "
                      "(from_faces, from_values), not a dice_set");
        detail::digit_stream<decltype(s)> digits(s);
        return static_cast<T>(detail::binomial_value(digits, static_cast<std::uint64_t>(p.t_), p.p_));
    }

    // "t p", p as bernoulli_distribution writes it (detail/probability.hpp);
    // reading other text, or parameters refused, sets failbit and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_text(os, std::to_string(static_cast<long long>(param_.t_)) + " " + param_.p_.text());
    }
    template <class Stream>
    void read(Stream& is) {
        std::string t_text, p_text;
        count_t t = 0;
        detail::probability p;
        if (!detail::read_word(is, t_text) || !detail::read_word(is, p_text)) return;
        if (!detail::read_count(t_text, t, detail::most_binomial_trials) || t > static_cast<count_t>(std::numeric_limits<T>::max()) ||
            !detail::read_probability(p_text, p)) {
            is.setstate(is.failbit);
            return;
        }
        const T trials = static_cast<T>(t);
        param_ = p.ratio ? param_type(trials, rational{p.numerator, p.denominator}) : param_type(trials, p.shown);
    }
    param_type param_;
};

}  // namespace rollplan
