// rollplan/detail/decimal_stream.hpp: the stream format of distributions and
// engines, whose << and >> must round-trip ([rand.req.dist], [rand.req.eng]).
//
// They write and read numbers in decimal, separated by single spaces,
// whatever the caller's flags (hex, showbase; a pending width is dropped), as
// libstdc++ does, so that a fresh stream reads back what was written; the
// caller's flags and fill are restored afterwards. Every name of the stream
// is reached through Stream, so only <iosfwd> is needed here: whoever holds a
// stream has included its header.
//
// write_integer and read_integer are how they write and read one integer:
// every integer type the same way, 128-bit ones too (the standard streams
// have no << or >> for them), and negative text refused for every unsigned
// type (num_get wraps "-1" to the largest unsigned int but refuses it for an
// unsigned short; a bound or a weight is a value, not a wrap).
#pragma once

#include "config.hpp"

#include <cstddef>
#include <iosfwd>
#include <limits>
#include <type_traits>

#include "integer.hpp"

namespace rollplan::detail {

template <class Stream>
class decimal_stream {
public:
    explicit decimal_stream(Stream& s) : stream_(s), flags_(s.flags()), fill_(s.fill()) {
        s.flags(Stream::dec | Stream::left | Stream::skipws);
        s.fill(s.widen(' '));
        s.width(0);
    }
    ~decimal_stream() {
        stream_.flags(flags_);
        stream_.fill(fill_);
    }
    decimal_stream(const decimal_stream&) = delete;
    decimal_stream& operator=(const decimal_stream&) = delete;

private:
    Stream& stream_;
    typename Stream::fmtflags flags_;
    typename Stream::char_type fill_;
};

// v in decimal, with a minus sign when negative.
template <class Stream, class T>
Stream& write_integer(Stream& os, T v) {
    static_assert(std::is_integral_v<T>, "rollplan: write_integer writes integers");
    if constexpr (std::numeric_limits<T>::digits <= 64) {
        return os << +v;
    } else {
        char digits[41];
        std::size_t size = 0;
        const bool negative = v < 0;
        auto magnitude = static_cast<count_t>(v);
        if (negative) magnitude = 0 - magnitude;
        do {
            digits[size++] = static_cast<char>('0' + static_cast<int>(magnitude % 10));
            magnitude /= 10;
        } while (magnitude != 0);
        if (negative) os << os.widen('-');
        while (size != 0) os << os.widen(digits[--size]);
        return os;
    }
}

// An integer of type T: white space skipped (as the stream's sentry does),
// an optional sign, then decimal digits, read up to the first character that
// is not one. No digit, a value outside T, or a minus sign before a nonzero
// value of an unsigned T sets failbit and leaves v as it was; eofbit is set
// when the input ends.
// The decimal digits at the stream's position, white space skipped (as the
// stream's sentry does), and before them a sign when `sign` is not null (set
// to '-', '+' or 0): each digit's value passed to digit(d), up to the first
// character that is not one. Whether any digit came; eofbit when the input
// ends, failbit when the sentry fails.
template <class Stream, class Digit>
bool read_digits(Stream& is, char* sign, Digit digit) {
    using traits = typename Stream::traits_type;
    const typename Stream::sentry ready(is);
    if (!ready) return false;
    auto* buffer = is.rdbuf();
    auto c = buffer->sgetc();
    auto here = [&] { return traits::eq_int_type(c, traits::eof()) ? '\0' : is.narrow(traits::to_char_type(c), '\0'); };
    if (sign != nullptr) {
        *sign = 0;
        if (const char s = here(); s == '-' || s == '+') {
            *sign = s;
            c = buffer->snextc();
        }
    }
    bool any_digit = false;
    for (char d = here(); d >= '0' && d <= '9'; c = buffer->snextc(), d = here()) {
        any_digit = true;
        digit(static_cast<unsigned>(d - '0'));
    }
    if (traits::eq_int_type(c, traits::eof())) is.setstate(Stream::eofbit);
    return any_digit;
}

// An integer of type T: white space skipped (as the stream's sentry does),
// an optional sign, then decimal digits, read up to the first character that
// is not one. No digit, a value outside T, or a minus sign before a nonzero
// value of an unsigned T sets failbit and leaves v as it was; eofbit is set
// when the input ends.
template <class Stream, class T>
Stream& read_integer(Stream& is, T& v) {
    static_assert(std::is_integral_v<T>, "rollplan: read_integer reads integers");
    char sign = 0;
    bool too_large = false;
    count_t magnitude = 0;
    const bool any_digit = read_digits(is, &sign, [&](unsigned digit) {
        const auto d = static_cast<count_t>(digit);
        if (magnitude > (count_max - d) / 10)
            too_large = true;
        else
            magnitude = magnitude * 10 + d;
    });
    if (is.fail()) return is;
    const bool negative = sign == '-';
    const auto largest = static_cast<count_t>(std::numeric_limits<T>::max());
    const count_t most = negative ? (std::is_signed_v<T> ? largest + 1 : 0) : largest;
    if (!any_digit || too_large || magnitude > most) {
        is.setstate(Stream::failbit);
        return is;
    }
    v = negative ? static_cast<T>(0 - magnitude) : static_cast<T>(magnitude);
    return is;
}

}  // namespace rollplan::detail
