// rollplan/detail/error.hpp: how rollplan says that a value is wrong.
//
// Every check raises its error through detail::fail, with the message written
// as a string literal at the call. In a constant expression the throw is the
// compile error, and both compilers then print that call: GCC in its "in
// 'constexpr' expansion of" lines (the call as written, so the literal shows),
// Clang in its "in call to" notes (the arguments' values, so the literal and
// the numbers show). At run time the exception's message is the text followed
// by the values that were wrong, with their names: " (face = 7, K = 6)".
//
// Without exceptions (-fno-exceptions) a run-time error calls
// ROLLPLAN_ERROR_HANDLER(message) instead, which must not return; by
// default it is rollplan::detail::print_and_abort, which writes the message
// and a newline to stderr and calls std::abort (what the standard library
// does in that mode). Define ROLLPLAN_ERROR_HANDLER, the same in every
// translation unit, before including rollplan to call your own function with
// the const char* message. Errors in constant expressions are compile errors
// either way: the handler is not constexpr, so reaching it stops the
// evaluation, and the compiler prints the call with its text.
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace rollplan {

namespace detail {
__extension__ typedef unsigned __int128 uint128;  // count_t of integer.hpp, which includes this header
__extension__ typedef __int128 int128;
}

// A count_t in decimal; std::to_string has no overload for 128 bits. Not
// constexpr: a std::string in a constant expression needs a standard library
// that has constexpr strings (emscripten's libc++ has none), and rollplan's
// compile-time errors say their words without the values (fail, below).
inline std::string to_string(detail::uint128 v) {
    if (v == 0) return "0";
    std::string digits;
    for (; v != 0; v /= 10) digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    return digits;
}

namespace detail {

// An integer of any type, kept with its sign so that a face of −3 is shown as −3.
struct shown_value {
    using magnitude_type = uint128;
    bool negative = false;
    magnitude_type magnitude = 0;
    template <class T>
        requires(std::is_integral_v<T> || std::is_same_v<T, magnitude_type>)
    constexpr shown_value(T v)  // NOLINT: any integer may be shown
        : negative(v < T{0}),
          magnitude(v < T{0} ? magnitude_type{0} - static_cast<magnitude_type>(v) : static_cast<magnitude_type>(v)) {}
};

// " (N = 61, K = 18)" from the pairs "N", 61, "K", 18.
inline std::string named_values(std::initializer_list<const char*> names, std::initializer_list<shown_value> values) {
    std::string out = " (";
    auto name = names.begin();
    for (const shown_value& v : values) {
        if (name != names.begin()) out += ", ";
        out += std::string(*name++) + " = " + (v.negative ? "-" : "") + to_string(v.magnitude);
    }
    return out + ")";
}

template <class... Pairs, std::size_t... I>
std::string message_with(const char* text, std::index_sequence<I...>, Pairs... pairs) {
    const auto all = std::forward_as_tuple(pairs...);
    return text + named_values({std::get<2 * I>(all)...}, {shown_value(std::get<2 * I + 1>(all))...});
}

#if !ROLLPLAN_EXCEPTIONS
[[noreturn]] inline void print_and_abort(const char* message) noexcept {
    std::fputs(message, stderr);
    std::fputc('\n', stderr);
    std::abort();
}
#ifndef ROLLPLAN_ERROR_HANDLER
#define ROLLPLAN_ERROR_HANDLER ::rollplan::detail::print_and_abort
#endif
#endif

// Throws Exception with `text`; the optional pairs name the values that were
// wrong ("N", n, "K", k), added to the message at run time. Without
// exceptions, calls the handler with the same message.
template <class Exception, class... Pairs>
[[noreturn]] constexpr void fail(const char* text, Pairs... pairs) {
    static_assert(sizeof...(Pairs) % 2 == 0, "rollplan: fail takes a text, then names and values in pairs");
#if ROLLPLAN_EXCEPTIONS
    if constexpr (sizeof...(Pairs) == 0) {
        throw Exception(text);
    } else {
        if (std::is_constant_evaluated()) throw Exception(text);
        throw Exception(message_with(text, std::make_index_sequence<sizeof...(Pairs) / 2>{}, pairs...));
    }
#else
    if constexpr (sizeof...(Pairs) == 0) {
        ROLLPLAN_ERROR_HANDLER(text);
    } else {
        if (std::is_constant_evaluated()) ROLLPLAN_ERROR_HANDLER(text);
        ROLLPLAN_ERROR_HANDLER(message_with(text, std::make_index_sequence<sizeof...(Pairs) / 2>{}, pairs...).c_str());
    }
#endif
}


// A number as a message shows it: a floating value with 17 significant
// digits (its exact double reads back), an integer of any size in decimal.
template <class Value>
std::string shown_number(Value value) {
    if constexpr (std::is_floating_point_v<Value>) {
        char digits[64];
        std::snprintf(digits, sizeof digits, "%.17Lg", static_cast<long double>(value));
        return digits;
    } else if constexpr (std::is_signed_v<Value> || std::is_same_v<std::remove_cv_t<Value>, int128>) {
        const auto magnitude = value < 0 ? uint128{0} - static_cast<uint128>(value) : static_cast<uint128>(value);
        std::string shown = to_string(magnitude);
        if (value < 0) shown.insert(shown.begin(), '-');  // not "-" + shown: GCC 12 then warns of a false -Wrestrict
        return shown;
    } else {
        return to_string(static_cast<uint128>(value));
    }
}

// A refused value, named as the caller gave it ("weight 2 = -0.5", "p = 1.5").
template <class Value>
[[noreturn]] inline void fail_value(const char* text, const std::string& name, Value value) {
    const std::string message = std::string(text) + " (" + name + " = " + shown_number(value) + ")";
#if ROLLPLAN_EXCEPTIONS
    throw std::invalid_argument(message);
#else
    ROLLPLAN_ERROR_HANDLER(message.c_str());
#endif
}

}  // namespace detail
}  // namespace rollplan
