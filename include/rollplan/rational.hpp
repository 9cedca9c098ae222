// rollplan/rational.hpp: exact non-negative rationals for probabilities and
// expected rolls.
//
// Numerator and denominator are 128-bit and always in lowest terms, so two
// equal values compare equal member by member. Every operation that would need
// more than 128 bits throws std::overflow_error: in a constant expression that
// is a compile error that names the operation, never a silently wrong value.
//
// The denominator is stored less one, so that a rational of all zero bits is
// 0/1. That is for GCC 12.2 (Debian 12's compiler): once a constant
// evaluation has written into a value-initialized array of a class whose
// default members are not all zero (`std::array<rational, n> a{}`, or a
// struct member `parts{}`), the run-time code of the same function leaves
// the elements from the written one on zero-filled instead of default
// constructed, so a run after a static_assert of the same function saw
// denominators of 0. With an all-zero default, zero-filled is the default.
// tests/constant_and_run_time.cpp runs the functions that keep rationals in
// arrays both ways in one translation unit and compares.
#pragma once

#include "detail/config.hpp"

#include <compare>
#include <iosfwd>
#include <stdexcept>
#include <string>

#include "detail/integer.hpp"
#include "detail/wide.hpp"

namespace rollplan {

class rational {
public:
    constexpr rational() = default;
    constexpr rational(count_t numerator, count_t denominator = 1) {  // NOLINT: an integer is a rational
        if (denominator == 0) detail::fail<std::domain_error>("rollplan: a rational needs a non-zero denominator");
        const count_t g = detail::gcd(numerator, denominator);  // never 0: the denominator is not
        num_ = numerator / g;
        den_less_one_ = denominator / g - 1;
    }

    constexpr count_t numerator() const { return num_; }
    constexpr count_t denominator() const { return den_less_one_ + 1; }

    friend constexpr rational operator+(const rational& a, const rational& b) {
        bool fits = true;
        const rational sum = combine(a, b, false, fits);
        if (!fits) detail::fail<std::overflow_error>("rollplan: a sum of rationals needs more than 128 bits");
        return sum;
    }
    friend constexpr rational operator-(const rational& a, const rational& b) {
        if (b > a) detail::fail<std::domain_error>("rollplan: rationals here are never negative");
        bool fits = true;
        const rational difference = combine(a, b, true, fits);
        if (!fits) detail::fail<std::overflow_error>("rollplan: a difference of rationals needs more than 128 bits");
        return difference;
    }
    friend constexpr rational operator*(const rational& a, const rational& b) {
        // cross-reduce first so that products stay as small as the result
        const count_t g1 = detail::gcd(a.num_, b.denominator());  // never 0: denominators are not
        const count_t g2 = detail::gcd(b.num_, a.denominator());
        return {detail::checked_mul(a.num_ / g1, b.num_ / g2, "rollplan: a product of rationals needs more than 128 bits"),
                detail::checked_mul(a.denominator() / g2, b.denominator() / g1,
                                    "rollplan: a product of rationals needs more than 128 bits")};
    }
    friend constexpr rational operator/(const rational& a, const rational& b) {
        if (b.num_ == 0) detail::fail<std::domain_error>("rollplan: division of a rational by zero");
        return a * rational{b.denominator(), b.num_};
    }

    friend constexpr bool operator==(const rational&, const rational&) = default;
    friend constexpr std::strong_ordering operator<=>(const rational& a, const rational& b) {
        // compare a.num/a.den with b.num/b.den through continued-fraction steps:
        // no products, so no overflow
        count_t an = a.num_, ad = a.denominator(), bn = b.num_, bd = b.denominator();
        bool flipped = false;
        for (;;) {
            const count_t aq = an / ad, bq = bn / bd;
            if (aq != bq) return flipped ? bq <=> aq : aq <=> bq;
            an -= aq * ad;
            bn -= bq * bd;
            if (an == 0 || bn == 0) {
                if (an == 0 && bn == 0) return std::strong_ordering::equal;
                const bool a_smaller = an == 0;
                return (a_smaller != flipped) ? std::strong_ordering::less : std::strong_ordering::greater;
            }
            // a' = ad/an, b' = bd/bn: taking reciprocals reverses the order
            count_t t = an; an = ad; ad = t;
            t = bn; bn = bd; bd = t;
            flipped = !flipped;
        }
    }

    constexpr double to_double() const { return static_cast<double>(num_) / static_cast<double>(denominator()); }

private:
    // A value in lowest terms, from its numerator and denominator.
    struct unreduced {};
    constexpr rational(count_t numerator, count_t denominator, unreduced)
        : num_(numerator), den_less_one_(denominator - 1) {}

    // a ± b in lowest terms. With g = gcd(a.den, b.den), a.num·(b.den/g) ±
    // b.num·(a.den/g) over (a.den/g)·b.den, where only g can share a factor
    // with the numerator (both operands are reduced). The numerator may pass
    // 128 bits before that factor is divided out, so it is formed in 256 bits
    // when it must be. `fits` turns false when the result needs more than 128
    // bits.
    static constexpr rational combine(const rational& a, const rational& b, bool subtract, bool& fits) {
        const count_t a_den = a.denominator(), b_den = b.denominator();
        const count_t g = detail::gcd(a_den, b_den);
        const count_t a_scale = b_den / g, b_scale = a_den / g;
        count_t num = 0, common = g;
        if (fits_product(a.num_, a_scale) && fits_product(b.num_, b_scale) &&
            (subtract || a.num_ * a_scale <= count_max - b.num_ * b_scale)) {
            num = subtract ? a.num_ * a_scale - b.num_ * b_scale : a.num_ * a_scale + b.num_ * b_scale;
            common = detail::gcd(num, g);
            num /= common;
        } else {
            using wide = detail::wide_uint<4>;
            const wide left = wide{a.num_} * wide{a_scale}, right = wide{b.num_} * wide{b_scale};
            const wide whole = subtract ? left - right : left + right;
            common = detail::gcd((whole - whole / wide{g} * wide{g}).to_count(), g);
            const wide reduced = whole / wide{common};
            if (!reduced.fits_count()) {
                fits = false;
                return {};
            }
            num = reduced.to_count();
        }
        if (num == 0) return {};
        const count_t den_rest = b_den / common;  // (a.den/g)·b.den / common, one factor at a time
        if (!fits_product(b_scale, den_rest)) {
            fits = false;
            return {};
        }
        return {num, b_scale * den_rest, unreduced{}};
    }
    static constexpr bool fits_product(count_t x, count_t y) { return x == 0 || y <= count_max / x; }

    count_t num_ = 0;
    count_t den_less_one_ = 0;  // the denominator less one: see the top of this file
};

inline std::string to_string(const rational& r) {
    return r.denominator() == 1 ? to_string(r.numerator()) : to_string(r.numerator()) + "/" + to_string(r.denominator());
}

// A template, so that this header needs only <iosfwd>: the stream's own header
// is included by whoever holds one.
template <class Traits>
std::basic_ostream<char, Traits>& operator<<(std::basic_ostream<char, Traits>& os, const rational& r) {
    return os << to_string(r);
}

}  // namespace rollplan
