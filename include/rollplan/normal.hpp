// rollplan/normal.hpp: normal_distribution<RealType>, a drop-in for std's
// ([rand.dist.norm.normal]) whose value is exact: the largest float or double
// at or below V = μ + σZ, for Z a real number of density e^(−z²/2)/√(2π) and
// μ, σ the exact values of the mean and standard deviation given — as
// uniform_real_distribution rounds a uniform. Each representable v comes out
// with probability exactly Φ((succ(v) − μ)/σ) − Φ((v − μ)/σ) (v + its
// successor's cell); a V past the largest finite number gives that number,
// one below the lowest gives the lowest (no value is infinite). std's
// Box–Muller or Marsaglia polar method in doubles gives other probabilities,
// and different values from one standard library to another.
//
// Z is Karney's (detail/karney_normal.hpp): ±(k + x), k an integer and x a
// uniform of which only the digits the algorithm compared are read. V then
// lies between μ ± σ(k + u·B^−j) and μ ± σ(k + (u + 1)·B^−j) for x's j digits
// u; the draw reads x's next digit until no number of the format lies
// strictly inside that interval, and returns the floor of its points: for a
// positive V the floor of |V|, for a negative one the negative of the least
// number above |V| (V is no number of the format, with probability 1).
// Before the first test it reads, without testing, the digits that leave the
// interval wider than the widest cell in it (the test is then false): the
// same digits, fewer tests.
// No floating-point arithmetic: the same values on every compiler, standard
// library and CPU. docs/spec.md, section 4, says which values each draw gives.
#pragma once

#include "detail/config.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "detail/big.hpp"
#include "detail/binary_format.hpp"
#include "detail/error.hpp"
#include "detail/floor_quotient.hpp"
#include "detail/karney_normal.hpp"
#include "detail/lazy_uniform.hpp"
#include "detail/probability.hpp"
#include "detail/std_surface.hpp"
#include "die.hpp"

namespace rollplan {

namespace detail {

// μ = ±a·2^p (a = 0 for μ = 0, else odd), σ = m·2^q (m odd).
struct normal_parameters {
    bool mean_negative = false;
    std::uint64_t a = 0;
    int p = 0;
    std::uint64_t m = 1;
    int q = 0;
};

// An integer with its sign apart (zero has none), on big or on count_t.
template <class Int>
struct signed_int {
    bool negative = false;
    Int magnitude{};
};
template <class Int>
signed_int<Int> plus(const signed_int<Int>& x, const signed_int<Int>& y) {
    if (x.negative == y.negative) return {x.negative, sum(x.magnitude, y.magnitude)};
    if (at_least(x.magnitude, y.magnitude)) return {x.negative, difference(x.magnitude, y.magnitude)};
    return {y.negative, difference(y.magnitude, x.magnitude)};
}
template <class Int>
int sign_of(const signed_int<Int>& x) {
    return length_of(x.magnitude) == 0 ? 0 : x.negative ? -1 : 1;
}

// V between (A ± Q·n)/den·2^s and (A ± Q·(n + 1))/den·2^s, x's digits appended to n (the sign
// of A μ's, ± Z's): with j digits, A = a·2^(p − t)·B^j, Q = m·2^(q − t), n = k·B^j + u,
// t = min(p, q) (q when μ = 0); den = B^j and s = t, or for B = 2 den = 1 and s = t − j.
template <class Int>
struct normal_interval {
    Int A, Q, n, den;
    long long s;
    bool mean_negative, negative;
};

// c more digits of x, their value v (c <= 64; for B != 2, c = 1).
template <class Int>
void append_digits(normal_interval<Int>& v, std::uint64_t base, int c, std::uint64_t digits) {
    if constexpr (std::is_same_v<Int, big>) {
        if (base == 2) {
            v.n = shifted(v.n, static_cast<std::size_t>(c));
            v.n.add(digits, 0);
            v.A = shifted(v.A, static_cast<std::size_t>(c));
            v.s -= c;
        } else {
            multiply_add(v.n, base, digits);
            multiply_add(v.A, base, 0);
            multiply_add(v.den, base, 0);
        }
    } else {  // (count_t: B = 2 only)
        v.n = v.n << c | digits;
        v.A <<= c;
        v.s -= c;
    }
}

// The rounding on v: true with the bits of the value, or false where Int is count_t and a digit
// more could take a product past 2^120 (the caller goes on with big integers from the same
// state: no digit is lost).
template <class F, class Int, class Stream>
bool normal_round(Stream& digits, normal_interval<Int>& v, std::uint64_t& bits) {
    constexpr bool narrow = !std::is_same_v<Int, big>;
    const auto base = static_cast<std::uint64_t>(Stream::base);
    auto fits = [&](long long more) {
        return !narrow || (static_cast<long long>(length_of(v.Q) + length_of(v.n)) + more + 1 <= 120 &&
                           static_cast<long long>(length_of(v.A)) + more + 1 <= 120);
    };
    auto end = [&](const Int& at) { return plus(signed_int<Int>{v.mean_negative, v.A}, signed_int<Int>{v.negative, product(v.Q, at)}); };
    {  // digits read with no test while the interval is wider than 2^h, h the quantum at the top of
       // the interval read so far (|V| < 2^(top + 1), top = length(larger end) − length(den) + s):
       // the intervals after it lie inside it, and their width Q·2^s/den > 2^(length(Q) − 1 + s − length(den))
        if (!fits(0)) return false;
        const signed_int<Int> lo = end(v.n), hi = end(plus_one(v.n));
        const Int& larger = at_least(lo.magnitude, hi.magnitude) ? lo.magnitude : hi.magnitude;
        const long long top = static_cast<long long>(length_of(larger)) - static_cast<long long>(length_of(v.den)) + v.s;
        const long long h = top - F::significand_bits > F::min_quantum ? top - F::significand_bits : F::min_quantum;
        if (top < F::max_exponent) {  // (else it may reach the largest finite number or the lowest, whose cells are wider)
            if constexpr (Stream::of_bits) {  // (den = 1, s falls by one a digit) the c digits that leave the test false
                for (long long c = static_cast<long long>(length_of(v.Q)) + v.s - 1 - h; c > 0;) {
                    const int now = c < 64 ? static_cast<int>(c) : 64;
                    if (!fits(now)) return false;
                    append_digits(v, base, now, digits.take(now));
                    c -= now;
                }
            } else {
                while (static_cast<long long>(length_of(v.Q)) - 1 + v.s - static_cast<long long>(length_of(v.den)) >= h)
                    append_digits(v, base, 1, digits.next());
            }
        }
    }
    for (;;) {
        if (!fits(0)) return false;
        const signed_int<Int> lo = end(v.n), hi = end(plus_one(v.n));
        const int lo_sign = sign_of(lo), hi_sign = sign_of(hi);
        if (lo_sign * hi_sign >= 0) {  // not on both sides of 0
            const bool negative = lo_sign < 0 || hi_sign < 0;
            const bool lo_nearer = at_least(hi.magnitude, lo.magnitude);
            const Int& near = lo_nearer ? lo.magnitude : hi.magnitude;
            const Int& far = lo_nearer ? hi.magnitude : lo.magnitude;
            const format_floor r = floor_in_format<F>(near, v.den, v.s);
            // (negative: |V| at or past r gives −max when succ(r) is max, as past it)
            if (r.bits == F::max_finite_bits || (negative && r.bits + 1 == F::max_finite_bits) ||
                versus_successor(far, v.den, v.s, r) <= 0) {
                bits = !negative ? r.bits : F::sign_bit | (r.bits == F::max_finite_bits ? r.bits : r.bits + 1);  // −succ(r), −max at most
                return true;
            }
        }
        if (!fits(1)) return false;
        append_digits(v, base, 1, digits.next());
    }
}

// The bits of the largest number of F at or below μ ± σ(k + x), x's digits read as the rounding
// needs them past those z holds.
template <class F, class Stream>
std::uint64_t normal_floor(Stream& digits, const normal_parameters& p, const normal_value& z) {
    const auto base = static_cast<std::uint64_t>(Stream::base);
    const int t = p.a == 0 || p.q < p.p ? p.q : p.p;
    const auto q_shift = static_cast<std::size_t>(p.q - t), p_shift = static_cast<std::size_t>(p.a == 0 ? 0 : p.p - t);
    std::uint64_t bits = 0;
    if constexpr (Stream::of_bits) {  // on 128-bit integers while the products stay below 2^120
        const std::size_t mean_length = p.a == 0 ? 0 : length_of(count_t{p.a}) + p_shift, sd_length = length_of(count_t{p.m}) + q_shift;
        if (mean_length <= 100 && sd_length <= 100 && z.k < (std::uint64_t{1} << 40) && z.x.size() <= 20) {
            normal_interval<count_t> v{count_t{p.a} << p_shift, count_t{p.m} << q_shift, z.k, 1, t, p.mean_negative, z.negative};
            for (std::size_t i = 0; i < z.x.size(); ++i) append_digits(v, base, 1, z.x[i]);
            if (normal_round<F>(digits, v, bits)) return bits;
            normal_interval<big> wide{big::of(v.A), big::of(v.Q), big::of(v.n), big::of(1), v.s, v.mean_negative, v.negative};
            normal_round<F>(digits, wide, bits);
            return bits;
        }
    }
    normal_interval<big> v{p.a == 0 ? big::of(0) : shifted(big::of(p.a), p_shift), shifted(big::of(p.m), q_shift), big::of(z.k), big::of(1), t,
                           p.mean_negative, z.negative};
    for (std::size_t i = 0; i < z.x.size(); ++i) append_digits(v, base, 1, z.x[i]);
    normal_round<F>(digits, v, bits);
    return bits;
}

}  // namespace detail

// μ + σZ rounded down to a float or double (IEEE 754 binary32 or binary64, the
// RealType), Z standard normal: each value with its exact probability (the
// top of this file). μ finite, σ > 0 and finite.
template <class RealType = double>
class normal_distribution : public detail::std_surface<normal_distribution<RealType>> {
    static_assert(detail::is_binary_real<RealType>,
                  "rollplan: normal_distribution<RealType> takes float or double (IEEE 754 binary32 or binary64): "
                  "each value's share is exact only in a format rollplan can list");
    using format = detail::checked_format_t<RealType>;

public:
    using result_type = RealType;

    class param_type {
    public:
        using distribution_type = normal_distribution;
        param_type() : param_type(RealType{0}, RealType{1}) {}
        explicit param_type(RealType mean, RealType stddev = RealType{1}) : mean_(mean), stddev_(stddev) {
            if (!finite(mean)) detail::fail_value("rollplan: normal_distribution needs a finite mean", "mean", mean);
            if (!(stddev > 0) || !finite(stddev))
                detail::fail_value("rollplan: normal_distribution needs stddev > 0 and finite", "stddev", stddev);
            // float to double is exact
            const detail::binary_value mu = detail::exact_binary(static_cast<double>(mean < 0 ? -mean : mean));
            const detail::binary_value sigma = detail::exact_binary(static_cast<double>(stddev));
            parameters_ = {mean < 0, mu.mantissa, mu.exponent, sigma.mantissa, sigma.exponent};
        }
        static bool finite(RealType v) { return v >= -std::numeric_limits<RealType>::max() && v <= std::numeric_limits<RealType>::max(); }
        RealType mean() const { return mean_; }
        RealType stddev() const { return stddev_; }
        friend bool operator==(const param_type& x, const param_type& y) { return x.mean_ == y.mean_ && x.stddev_ == y.stddev_; }

    private:
        friend normal_distribution;
        RealType mean_, stddev_;
        detail::normal_parameters parameters_;
    };

    normal_distribution() : normal_distribution(RealType{0}) {}
    explicit normal_distribution(RealType mean, RealType stddev = RealType{1}) : param_(mean, stddev) {}
    explicit normal_distribution(const param_type& p) : param_(p) {}

    RealType mean() const { return param_.mean(); }
    RealType stddev() const { return param_.stddev(); }
    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    // As std: the greatest lower and least upper bounds of the values (no value is infinite).
    result_type min() const { return std::numeric_limits<RealType>::lowest(); }
    result_type max() const { return std::numeric_limits<RealType>::max(); }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<normal_distribution>::operator();

private:
    friend detail::std_surface<normal_distribution>;

    template <class G>
    result_type draw(G&& g, const param_type& p) const {
        decltype(auto) s = as_source(std::forward<G>(g));
        static_assert(die_source<decltype(s)>,
                      "rollplan: normal_distribution reads one die's digits: draw it from an engine or a source of "
                      "one die (from_faces, from_values), not a dice_set");
        detail::digit_stream<decltype(s)> digits(s);
        detail::normal_value z;
        detail::karney_normal(digits, z);
        return detail::real_of_bits<RealType>(detail::normal_floor<format>(digits, p.parameters_, z));
    }

    // "mean stddev", each a double of 17 digits, '.' its point whatever the
    // locale (as exponential_distribution writes λ): the text reads back the
    // exact values, subnormal ones too; reading other text, or values it
    // refuses, sets failbit and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_text(os, detail::double_text(static_cast<double>(mean())) + " " + detail::double_text(static_cast<double>(stddev())));
    }
    template <class Stream>
    void read(Stream& is) {
        std::string mean_text, stddev_text;
        double mean = 0, stddev = 0;
        if (!detail::read_word(is, mean_text) || !detail::read_word(is, stddev_text)) return;
        const bool negative = !mean_text.empty() && mean_text[0] == '-';
        // (a float's text is its exact value: the double read is that float)
        if (!detail::read_double(negative ? mean_text.substr(1) : mean_text, mean) || !detail::read_double(stddev_text, stddev) ||
            !(mean <= std::numeric_limits<RealType>::max()) || !(stddev <= std::numeric_limits<RealType>::max()) ||
            !(static_cast<RealType>(stddev) > 0)) {  // (a float: a stddev below its least subnormal is 0)
            is.setstate(is.failbit);
            return;
        }
        param_ = param_type(static_cast<RealType>(negative ? -mean : mean), static_cast<RealType>(stddev));
    }

    param_type param_;
};

}  // namespace rollplan
