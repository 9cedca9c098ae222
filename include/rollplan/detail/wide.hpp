// rollplan/detail/wide.hpp: a fixed-width unsigned integer for the few exact sums
// whose intermediate values pass 128 bits (the Knuth–Yao optimum before it
// is reduced). Schoolbook arithmetic on 64-bit limbs, binary GCD; every
// operation is constexpr and checks for overflow.
#pragma once

#include "config.hpp"

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "integer.hpp"

namespace rollplan::detail {

template <std::size_t Limbs>
struct wide_uint {
    std::array<std::uint64_t, Limbs> limbs{};  // least significant first

    constexpr wide_uint() = default;
    constexpr wide_uint(count_t v) {  // NOLINT: widening is exact
        limbs[0] = static_cast<std::uint64_t>(v);
        limbs[1] = static_cast<std::uint64_t>(v >> 64);
    }

    constexpr bool is_zero() const {
        for (auto l : limbs)
            if (l != 0) return false;
        return true;
    }
    constexpr bool fits_count() const {
        for (std::size_t i = 2; i < Limbs; ++i)
            if (limbs[i] != 0) return false;
        return true;
    }
    constexpr count_t to_count() const {
        if (!fits_count()) detail::fail<std::overflow_error>("rollplan: a wide value does not fit in 128 bits");
        return (count_t{limbs[1]} << 64) | limbs[0];
    }
    constexpr bool is_even() const { return (limbs[0] & 1) == 0; }

    friend constexpr std::strong_ordering operator<=>(const wide_uint& a, const wide_uint& b) {
        for (std::size_t i = Limbs; i-- > 0;)
            if (a.limbs[i] != b.limbs[i]) return a.limbs[i] <=> b.limbs[i];
        return std::strong_ordering::equal;
    }
    friend constexpr bool operator==(const wide_uint&, const wide_uint&) = default;

    friend constexpr wide_uint operator+(const wide_uint& a, const wide_uint& b) {
        wide_uint r;
        std::uint64_t carry = 0;
        for (std::size_t i = 0; i < Limbs; ++i) {
            const count_t s = count_t{a.limbs[i]} + b.limbs[i] + carry;
            r.limbs[i] = static_cast<std::uint64_t>(s);
            carry = static_cast<std::uint64_t>(s >> 64);
        }
        if (carry != 0) detail::fail<std::overflow_error>("rollplan: a wide sum overflowed");
        return r;
    }
    friend constexpr wide_uint operator-(const wide_uint& a, const wide_uint& b) {
        if (a < b) detail::fail<std::domain_error>("rollplan: a wide difference would be negative");
        wide_uint r;
        std::uint64_t borrow = 0;
        for (std::size_t i = 0; i < Limbs; ++i) {
            const std::uint64_t d = a.limbs[i] - b.limbs[i] - borrow;
            borrow = (a.limbs[i] < b.limbs[i] || (a.limbs[i] == b.limbs[i] && borrow)) ? 1 : 0;
            r.limbs[i] = d;
        }
        return r;
    }
    friend constexpr wide_uint operator*(const wide_uint& a, const wide_uint& b) {
        wide_uint r;
        for (std::size_t i = 0; i < Limbs; ++i) {
            if (a.limbs[i] == 0) continue;
            std::uint64_t carry = 0;
            for (std::size_t j = 0; j < Limbs; ++j) {
                if (i + j >= Limbs) {
                    if (b.limbs[j] != 0 || carry != 0) detail::fail<std::overflow_error>("rollplan: a wide product overflowed");
                    continue;
                }
                const count_t p = count_t{a.limbs[i]} * b.limbs[j] + r.limbs[i + j] + carry;
                r.limbs[i + j] = static_cast<std::uint64_t>(p);
                carry = static_cast<std::uint64_t>(p >> 64);
            }
            if (carry != 0) detail::fail<std::overflow_error>("rollplan: a wide product overflowed");
        }
        return r;
    }

    constexpr void shift_right_one() {
        for (std::size_t i = 0; i < Limbs; ++i)
            limbs[i] = (limbs[i] >> 1) | (i + 1 < Limbs ? limbs[i + 1] << 63 : 0);
    }
    constexpr void shift_left_one() {
        if (limbs[Limbs - 1] >> 63) detail::fail<std::overflow_error>("rollplan: a wide shift overflowed");
        for (std::size_t i = Limbs; i-- > 0;) limbs[i] = (limbs[i] << 1) | (i > 0 ? limbs[i - 1] >> 63 : 0);
    }
    constexpr std::size_t bit_width() const {
        for (std::size_t i = Limbs; i-- > 0;)
            if (limbs[i] != 0) {
                std::size_t w = 0;
                for (std::uint64_t l = limbs[i]; l != 0; l >>= 1) ++w;
                return 64 * i + w;
            }
        return 0;
    }
    constexpr bool bit(std::size_t i) const { return (limbs[i / 64] >> (i % 64)) & 1; }

    // Quotient of a by b (b > 0), by shifting and subtracting one bit at a time.
    friend constexpr wide_uint operator/(const wide_uint& a, const wide_uint& b) {
        if (b.is_zero()) detail::fail<std::domain_error>("rollplan: wide division by zero");
        wide_uint q, r;
        for (std::size_t i = a.bit_width(); i-- > 0;) {
            r.shift_left_one();
            r.limbs[0] |= static_cast<std::uint64_t>(a.bit(i));
            q.shift_left_one();
            if (r >= b) {
                r = r - b;
                q.limbs[0] |= 1;
            }
        }
        return q;
    }
};

// Stein's binary GCD: shifts and subtractions only.
template <std::size_t Limbs>
constexpr wide_uint<Limbs> gcd(wide_uint<Limbs> a, wide_uint<Limbs> b) {
    if (a.is_zero()) return b;
    if (b.is_zero()) return a;
    std::size_t twos = 0;
    while (a.is_even() && b.is_even()) {
        a.shift_right_one();
        b.shift_right_one();
        ++twos;
    }
    while (a.is_even()) a.shift_right_one();
    while (!b.is_zero()) {
        while (b.is_even()) b.shift_right_one();
        if (a > b) {
            const auto t = a;
            a = b;
            b = t;
        }
        b = b - a;
    }
    for (std::size_t i = 0; i < twos; ++i) a.shift_left_one();
    return a;
}

}  // namespace rollplan::detail
