// rollplan/detail/big.hpp: non-negative integers of any size, for the exact
// values that pass 128 bits at run time (the sum of double weights of any
// spread, the bounds of a power q^(2^i) at a chosen precision).
// Schoolbook arithmetic on 64-bit limbs; a value may carry zero limbs at its
// top, which no operation minds.
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "integer.hpp"

namespace rollplan::detail {

struct big {
    std::vector<std::uint64_t> limb;  // least significant first

    static big of(count_t v) {
        big x;
        x.limb = {static_cast<std::uint64_t>(v), static_cast<std::uint64_t>(v >> 64)};
        return x;
    }
    // 2^bits
    static big power_of_two(std::size_t bits) {
        big x;
        x.limb.assign(bits / 64 + 1, 0);
        x.limb[bits / 64] = std::uint64_t{1} << (bits % 64);
        return x;
    }

    // += m·2^shift
    void add(count_t m, std::size_t shift) {
        const std::size_t at = shift / 64;
        const unsigned offset = static_cast<unsigned>(shift % 64);
        const auto low = static_cast<std::uint64_t>(m), high = static_cast<std::uint64_t>(m >> 64);
        const std::uint64_t part[3] = {low << offset, offset == 0 ? high : (high << offset) | (low >> (64 - offset)),
                                       offset == 0 ? 0 : high >> (64 - offset)};
        if (limb.size() < at + 4) limb.resize(at + 4);
        std::uint64_t carry = 0;
        for (std::size_t i = at; i < limb.size() && (i < at + 3 || carry != 0); ++i) {
            const count_t sum = count_t{limb[i]} + (i < at + 3 ? part[i - at] : 0) + carry;
            limb[i] = static_cast<std::uint64_t>(sum);
            carry = static_cast<std::uint64_t>(sum >> 64);
            if (i + 1 == limb.size() && carry != 0) limb.push_back(0);
        }
    }
    void add(const big& x) {
        for (std::size_t i = 0; i < x.limb.size(); ++i)
            if (x.limb[i] != 0) add(x.limb[i], 64 * i);
    }
    std::size_t bit_length() const {
        for (std::size_t i = limb.size(); i-- > 0;)
            if (limb[i] != 0) return 64 * i + 64 - static_cast<std::size_t>(__builtin_clzll(limb[i]));
        return 0;
    }
    bool is_zero() const { return bit_length() == 0; }
    // ⌊x / 2^at⌋ mod 2^64; at may be negative (bits below 0 are zero)
    std::uint64_t word_at(long long at) const {
        auto limb_or_zero = [&](long long i) { return i >= 0 && static_cast<std::size_t>(i) < limb.size() ? limb[static_cast<std::size_t>(i)] : 0; };
        const long long whole = at >= 0 ? at / 64 : -((-at + 63) / 64);
        const auto offset = static_cast<unsigned>(at - whole * 64);
        const std::uint64_t low = limb_or_zero(whole), high = limb_or_zero(whole + 1);
        return offset == 0 ? low : (low >> offset) | (high << (64 - offset));
    }
    // x as a count_t, when x < 2^128
    count_t low_128() const { return count_t{word_at(64)} << 64 | word_at(0); }
};

// x·2^shift (shift >= 0).
inline big shifted(const big& x, std::size_t shift) {
    big r;
    for (std::size_t i = 0; i < x.limb.size(); ++i)
        if (x.limb[i] != 0) r.add(x.limb[i], 64 * i + shift);
    return r;
}
// ⌊x / 2^shift⌋, or ⌈x / 2^shift⌉ when up.
inline big shifted_down(const big& x, std::size_t shift, bool up = false) {
    big r;
    const std::size_t length = x.bit_length();
    if (length > shift) {
        r.limb.resize((length - shift + 63) / 64);
        for (std::size_t i = 0; i < r.limb.size(); ++i) r.limb[i] = x.word_at(static_cast<long long>(shift + 64 * i));
    }
    if (up) {
        bool below = false;  // a bit under the shift
        for (std::size_t i = 0; i < x.limb.size() && 64 * i < shift && !below; ++i)
            below = (64 * (i + 1) <= shift ? x.limb[i] : x.limb[i] & ((std::uint64_t{1} << (shift % 64)) - 1)) != 0;
        if (below) r.add(1, 0);
    }
    return r;
}
inline bool at_least(const big& a, const big& b) {  // a >= b
    for (std::size_t i = a.limb.size() > b.limb.size() ? a.limb.size() : b.limb.size(); i-- > 0;) {
        const std::uint64_t x = i < a.limb.size() ? a.limb[i] : 0, y = i < b.limb.size() ? b.limb[i] : 0;
        if (x != y) return x > y;
    }
    return true;
}
inline void subtract(big& a, const big& b) {  // a −= b, a >= b
    std::uint64_t borrow = 0;
    for (std::size_t i = 0; i < a.limb.size(); ++i) {
        const std::uint64_t y = i < b.limb.size() ? b.limb[i] : 0;
        const count_t d = count_t{a.limb[i]} - y - borrow;
        a.limb[i] = static_cast<std::uint64_t>(d);
        borrow = static_cast<std::uint64_t>(d >> 64) != 0 ? 1 : 0;
    }
}
inline big sum(big a, const big& b) {
    a.add(b);
    return a;
}
inline big difference(big a, const big& b) {  // a − b, a >= b
    subtract(a, b);
    return a;
}
inline big product(const big& a, const big& b) {
    big r;
    r.limb.assign(a.limb.size() + b.limb.size() + 1, 0);
    for (std::size_t i = 0; i < a.limb.size(); ++i) {
        if (a.limb[i] == 0) continue;
        std::uint64_t carry = 0;
        for (std::size_t j = 0; j < b.limb.size(); ++j) {
            const count_t t = count_t{a.limb[i]} * b.limb[j] + r.limb[i + j] + carry;
            r.limb[i + j] = static_cast<std::uint64_t>(t);
            carry = static_cast<std::uint64_t>(t >> 64);
        }
        for (std::size_t k = i + b.limb.size(); carry != 0; ++k) {
            const count_t t = count_t{r.limb[k]} + carry;
            r.limb[k] = static_cast<std::uint64_t>(t);
            carry = static_cast<std::uint64_t>(t >> 64);
        }
    }
    return r;
}
// x ← ⌊x / d⌋ for 1 <= d < 2^64; returns x mod d.
inline std::uint64_t divide(big& x, std::uint64_t d) {
    count_t remainder = 0;
    for (std::size_t i = x.limb.size(); i-- > 0;) {
        const count_t current = remainder << 64 | x.limb[i];
        x.limb[i] = static_cast<std::uint64_t>(current / d);
        remainder = current % d;
    }
    return static_cast<std::uint64_t>(remainder);
}

}  // namespace rollplan::detail
