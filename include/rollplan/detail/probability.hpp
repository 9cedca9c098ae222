// rollplan/detail/probability.hpp: a probability parameter exactly as it was
// given — a double's binary value m·2^−k, or a rational a/b with b at most
// 2^64 — and its text, for the distributions that take one
// (bernoulli_distribution, geometric_distribution).
//
// The text is the same in every locale: a rational as "a/b", a double as 17
// significant digits with '.' as its point (it reads back as the same
// double).
#pragma once

#include "config.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

    std::string text() const {
        if (ratio) return std::to_string(numerator) + "/" + to_string(denominator);
        char shown_digits[40];
        std::snprintf(shown_digits, sizeof shown_digits, "%.17g", shown);
        std::string t = shown_digits;
        for (char& c : t)
            if (!((c >= '0' && c <= '9') || c == 'e' || c == '-' || c == '+')) c = '.';
        return t;
    }
};

// p in [0, 1] (the caller checks, in its own words).
inline probability exact_probability(double p) {
    const binary_value v = exact_binary(p);
    // p = m·2^e with e = −k, k >= 0 (p = 1 is m = 1, k = 0)
    return {p, false, v.mantissa, v.mantissa == 0 ? 0u : static_cast<unsigned>(-v.exponent), 1};
}
// p in [0, 1] with a denominator of at most 2^64 (the caller checks).
inline probability exact_probability(const rational& p) {
    return {p.to_double(), true, static_cast<std::uint64_t>(p.numerator()), 0, p.denominator()};
}

// Digits only, as a count_t of at most 2^64 + 1 (more is refused).
inline bool read_count(const std::string& digits, count_t& v) {
    if (digits.empty() || digits.size() > 21) return false;
    v = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + static_cast<count_t>(c - '0');
    }
    return true;
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
    const double value = std::strtod(local.c_str(), &end);
    if (*end != '\0' || !(value >= 0 && value <= 1)) return false;
    if (value == 0 && nonzero) return false;  // below the least double (1e-400): no double, not 0
    p = exact_probability(value);
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
