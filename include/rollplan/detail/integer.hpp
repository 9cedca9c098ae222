// rollplan/detail/integer.hpp: the unsigned integer that counts outcomes, and the few
// exact operations on it that planning and analysis share.
#pragma once

#include "config.hpp"

#include <cstdint>
#include <stdexcept>

#include "error.hpp"

namespace rollplan {

// Outcome counts reach 2^64 (a 64-bit engine is a die with 2^64 faces) and the
// digits of a plan multiply past it, so counts are 128 bits wide.
__extension__ typedef unsigned __int128 count_t;

inline constexpr count_t two_to_64 = count_t{1} << 64;
inline constexpr count_t count_max = ~count_t{0};
inline constexpr count_t max_target = two_to_64 - 1;  // the largest N a plan may have

namespace detail {

// On overflow, std::overflow_error with `what`: callers pass the message as a
// literal, so that a compiler stopping here shows it (error.hpp).
constexpr count_t checked_mul(count_t a, count_t b, const char* what) {
    if (a != 0 && b > count_max / a) fail<std::overflow_error>(what);
    return a * b;
}

constexpr count_t checked_add(count_t a, count_t b, const char* what) {
    if (b > count_max - a) fail<std::overflow_error>(what);
    return a + b;
}

// Sorts [first, last) by `less`, in place. Insertion sort: what the planner
// and the analysis sort has at most a few hundred elements, and with this
// no header needs <algorithm>.
template <class It, class Less>
constexpr void sort_small(It first, It last, Less less) {
    for (It i = first; i != last; ++i) {
        auto value = *i;
        It j = i;
        for (; j != first && less(value, *(j - 1)); --j) *j = *(j - 1);
        *j = value;
    }
}
template <class It>
constexpr void sort_small(It first, It last) {
    sort_small(first, last, [](const auto& x, const auto& y) { return x < y; });
}

// The first element of the sorted [first, last) that is not below v (binary search).
template <class It, class V>
constexpr It first_not_below(It first, It last, const V& v) {
    auto count = last - first;
    while (count > 0) {
        const auto half = count / 2;
        if (*(first + half) < v) {
            first += half + 1;
            count -= half + 1;
        } else {
            count = half;
        }
    }
    return first;
}

constexpr count_t gcd(count_t a, count_t b) {
    while (b != 0) {
        count_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

// base^exponent, or 0 when it does not fit in count_t.
constexpr count_t power_or_zero(count_t base, unsigned exponent) {
    count_t result = 1;
    for (unsigned i = 0; i < exponent; ++i) {
        if (base != 0 && result > count_max / base) return 0;
        result *= base;
    }
    return result;
}

// Smallest d with base^d >= n (base >= 2).
constexpr unsigned digits_needed(count_t n, count_t base) {
    unsigned d = 0;
    for (count_t reach = 1; reach < n; ++d) {
        if (reach > count_max / base) return d + 1;
        reach *= base;
    }
    return d;
}

// L mod b for 1 <= b < 2^64 and L <= 2^64, in 64 bits: 2^64 mod b is
// (2^64 − b) mod b, and 2^64 − b is already below b when b > 2^63. The
// division of Lemire's nearly divisionless method.
template <count_t L>
constexpr std::uint64_t range_mod(std::uint64_t b) {
    if constexpr (L == two_to_64) {
        const std::uint64_t rest = 0 - b;
        return rest < b ? rest : rest % b;
    } else {
        return static_cast<std::uint64_t>(L) % b;
    }
}

}  // namespace detail
}  // namespace rollplan
