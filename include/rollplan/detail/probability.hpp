// rollplan/detail/probability.hpp: a parameter exactly as it was given — a
// double's binary value, or a rational a/b with b at most 2^64 — and its
// text: a probability (bernoulli_distribution, geometric_distribution) or
// any number >= 0 (bernoulli_exp_distribution's x,
// discrete_laplace_distribution's scale).
//
// The text is the same in every locale: a rational as "a/b", a double as 17
// significant digits with '.' as its point (it reads back as the same
// double).
#pragma once

#include "config.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

#include "../rational.hpp"
#include "binary_format.hpp"
#include "integer.hpp"

namespace rollplan::detail {

struct probability {
    double shown = 0;           // the double given, or the nearest to the rational
    bool ratio = false;         // given as a/b
    std::uint64_t numerator = 0;  // m (odd, or 0), or a
    unsigned bits = 0;          // k, for a double: p = m·2^−k
    count_t denominator = 1;    // b, for a rational

    // p = 0 and p = 1 (of either form)
    bool is_zero() const { return numerator == 0; }
    bool is_one() const { return ratio ? count_t{numerator} == denominator : numerator != 0 && bits == 0; }

    friend bool operator==(const probability& a, const probability& b) {
        return a.ratio == b.ratio && a.numerator == b.numerator && a.bits == b.bits && a.denominator == b.denominator;
    }

    std::string text() const;
};

// A double as 17 significant digits, '.' its point whatever the locale.
inline std::string double_text(double v) {
    char shown_digits[40];
    std::snprintf(shown_digits, sizeof shown_digits, "%.17g", v);
    std::string t = shown_digits;
    for (char& c : t)
        if (!((c >= '0' && c <= '9') || c == 'e' || c == '-' || c == '+')) c = '.';
    return t;
}
inline std::string probability::text() const {
    if (ratio) return std::to_string(numerator) + "/" + to_string(denominator);
    return double_text(shown);
}

// A number >= 0: a finite double, exactly, or a/b (a < 2^128, 1 <= b <= 2^64).
struct exact_number {
    double shown = 0;  // the double given, or the nearest to a/b
    bool ratio = false;
    count_t numerator = 0, denominator = 1;  // a/b, for a rational

    bool is_zero() const { return ratio ? numerator == 0 : shown == 0; }
    friend bool operator==(const exact_number& a, const exact_number& b) {
        return a.ratio == b.ratio && (a.ratio ? a.numerator == b.numerator && a.denominator == b.denominator : a.shown == b.shown);
    }
    std::string text() const { return ratio ? to_string(numerator) + "/" + to_string(denominator) : double_text(shown); }
};
// −0 is kept as +0: the same number, and its text has no sign for >> to refuse.
inline exact_number exact_number_of(double x) { return {x == 0 ? 0.0 : x, false, 0, 1}; }
inline exact_number exact_number_of(const rational& x) { return {x.to_double(), true, x.numerator(), x.denominator()}; }

// p in [0, 1] (the caller checks, in its own words).
inline probability exact_probability(double p) {
    const binary_value v = exact_binary(p);
    // p = m·2^e with e = −k, k >= 0 (p = 1 is m = 1, k = 0)
    // −0 is kept as +0 (as exact_number_of does)
    return {p == 0 ? 0.0 : p, false, v.mantissa, v.mantissa == 0 ? 0u : static_cast<unsigned>(-v.exponent), 1};
}
// p in [0, 1] with a denominator of at most 2^64 (the caller checks).
inline probability exact_probability(const rational& p) {
    return {p.to_double(), true, static_cast<std::uint64_t>(p.numerator()), 0, p.denominator()};
}

// Digits only, as a count_t of at most `largest` (more is refused).
inline bool read_count(const std::string& digits, count_t& v, count_t largest = two_to_64 + 1) {
    if (digits.empty()) return false;
    v = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9') return false;
        const auto d = static_cast<count_t>(c - '0');
        if (v > (largest - d) / 10) return false;
        v = v * 10 + d;
    }
    return true;
}

// A double's text: digits, at most one point, an exponent; no sign before
// it; not a number below the least double, which is no double and not 0.
inline bool read_double(const std::string& text, double& value) {
    bool nonzero = false, point = false, digit = false;
    std::size_t i = 0;
    for (; i < text.size() && ((text[i] >= '0' && text[i] <= '9') || (text[i] == '.' && !point)); ++i) {
        point = point || text[i] == '.';
        digit = digit || text[i] != '.';
        nonzero = nonzero || (text[i] >= '1' && text[i] <= '9');
    }
    if (!digit) return false;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < text.size() && (text[j] == '-' || text[j] == '+')) ++j;
        if (j == text.size()) return false;
        for (; j < text.size(); ++j)
            if (text[j] < '0' || text[j] > '9') return false;
    } else if (i != text.size()) {
        return false;
    }
    // strtod reads the program's C locale: its own point in place of '.'
    std::string local = text;
    char point_of_locale[8];
    std::snprintf(point_of_locale, sizeof point_of_locale, "%.1f", 0.5);
    for (char& c : local)
        if (c == '.') c = point_of_locale[1];
    char* end = nullptr;
    value = std::strtod(local.c_str(), &end);
    if (*end != '\0' || !(value >= 0)) return false;
    return !(value == 0 && nonzero);  // below the least double (1e-400): no double, not 0
}

// A probability's text as probability::text writes it: a/b (digits,
// a <= b, 1 <= b <= 2^64) or a double in [0, 1] (digits, at most one
// point, an exponent; no sign before it; not a number below the least
// double, which is no double and not 0). False for anything else.
inline bool read_probability(const std::string& text, probability& p) {
    const std::size_t slash = text.find('/');
    if (slash != std::string::npos) {
        count_t a = 0, b = 0;
        if (!read_count(text.substr(0, slash), a) || !read_count(text.substr(slash + 1), b)) return false;
        if (b == 0 || b > two_to_64 || a > b) return false;
        p = exact_probability(rational{a, b});
        return true;
    }
    double value = 0;
    if (!read_double(text, value) || !(value <= 1)) return false;
    p = exact_probability(value);
    return true;
}

// A number's text as exact_number::text writes it: a/b (digits, a < 2^128,
// 1 <= b <= 2^64) or a finite double >= 0 (as read_double takes it).
inline bool read_exact_number(const std::string& text, exact_number& x) {
    const std::size_t slash = text.find('/');
    if (slash != std::string::npos) {
        count_t a = 0, b = 0;
        if (!read_count(text.substr(0, slash), a, ~count_t{0}) || !read_count(text.substr(slash + 1), b) || b == 0 || b > two_to_64)
            return false;
        x = exact_number_of(rational{a, b});
        return true;
    }
    double value = 0;
    if (!read_double(text, value) || !(value <= std::numeric_limits<double>::max())) return false;
    x = exact_number_of(value);
    return true;
}

// A text to a stream of any character type, and the next word of one (false
// when there is none).
template <class Stream>
void write_text(Stream& os, const std::string& text) {
    for (char c : text) os << os.widen(c);
}
template <class Stream>
bool read_word(Stream& is, std::string& text) {
    std::basic_string<typename Stream::char_type, typename Stream::traits_type> word;
    if (!(is >> word)) return false;
    text.clear();
    for (auto c : word) text += static_cast<char>(Stream::traits_type::to_int_type(c));
    return true;
}

}  // namespace rollplan::detail
