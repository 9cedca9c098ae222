// rollplan/rational.hpp: exact non-negative rationals for probabilities and
// expected rolls.
//
// Numerator and denominator are 128-bit and always in lowest terms, so two
// equal values compare equal member by member. Every operation that would need
// more than 128 bits throws std::overflow_error: in a constant expression that
// is a compile error that names the operation, never a silently wrong value.
#pragma once

#include <compare>
#include <ostream>
#include <stdexcept>
#include <string>

#include "integer.hpp"

namespace rollplan {

class rational {
public:
    constexpr rational() = default;
    constexpr rational(count_t numerator, count_t denominator = 1) : num_(numerator), den_(denominator) {  // NOLINT: an integer is a rational
        if (denominator == 0) throw std::domain_error("rollplan: a rational needs a non-zero denominator");
        reduce();
    }

    constexpr count_t numerator() const { return num_; }
    constexpr count_t denominator() const { return den_; }

    friend constexpr rational operator+(const rational& a, const rational& b) {
        // a/b + c/d = (a·(d/g) + c·(b/g)) / (b/g·d) with g = gcd(b, d)
        const count_t g = detail::gcd(a.den_, b.den_);
        const char* what = "rollplan: a sum of rationals needs more than 128 bits";
        const count_t num = detail::checked_add(detail::checked_mul(a.num_, b.den_ / g, what),
                                                detail::checked_mul(b.num_, a.den_ / g, what), what);
        return {num, detail::checked_mul(a.den_ / g, b.den_, what)};
    }
    friend constexpr rational operator-(const rational& a, const rational& b) {
        if (b > a) throw std::domain_error("rollplan: rationals here are never negative");
        const count_t g = detail::gcd(a.den_, b.den_);
        const char* what = "rollplan: a difference of rationals needs more than 128 bits";
        const count_t num = detail::checked_mul(a.num_, b.den_ / g, what) - detail::checked_mul(b.num_, a.den_ / g, what);
        return {num, detail::checked_mul(a.den_ / g, b.den_, what)};
    }
    friend constexpr rational operator*(const rational& a, const rational& b) {
        // cross-reduce first so that products stay as small as the result
        const count_t g1 = detail::gcd(a.num_, b.den_);  // never 0: denominators are not
        const count_t g2 = detail::gcd(b.num_, a.den_);
        const char* what = "rollplan: a product of rationals needs more than 128 bits";
        return {detail::checked_mul(a.num_ / g1, b.num_ / g2, what), detail::checked_mul(a.den_ / g2, b.den_ / g1, what)};
    }
    friend constexpr rational operator/(const rational& a, const rational& b) {
        if (b.num_ == 0) throw std::domain_error("rollplan: division of a rational by zero");
        return a * rational{b.den_, b.num_};
    }

    friend constexpr bool operator==(const rational&, const rational&) = default;
    friend constexpr std::strong_ordering operator<=>(const rational& a, const rational& b) {
        // compare a.num/a.den with b.num/b.den through continued-fraction steps:
        // no products, so no overflow
        count_t an = a.num_, ad = a.den_, bn = b.num_, bd = b.den_;
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

    constexpr double to_double() const { return static_cast<double>(num_) / static_cast<double>(den_); }

private:
    constexpr void reduce() {
        const count_t g = detail::gcd(num_, den_);
        if (g > 1) {
            num_ /= g;
            den_ /= g;
        }
    }
    count_t num_ = 0;
    count_t den_ = 1;
};

inline std::string to_string(count_t v) {
    if (v == 0) return "0";
    std::string digits;
    for (; v != 0; v /= 10) digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    return digits;
}

inline std::string to_string(const rational& r) {
    return r.denominator() == 1 ? to_string(r.numerator()) : to_string(r.numerator()) + "/" + to_string(r.denominator());
}

inline std::ostream& operator<<(std::ostream& os, const rational& r) { return os << to_string(r); }

}  // namespace rollplan
