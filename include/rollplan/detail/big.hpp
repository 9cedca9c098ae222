// rollplan/detail/big.hpp: non-negative integers of any size, for the exact
// values that pass 128 bits at run time (the sum of double weights of any
// spread, the bounds of a power q^(2^i) at a chosen precision, a quotient
// of such values).
// Schoolbook arithmetic on 64-bit limbs; a value may carry zero limbs at its
// top, which no operation minds.
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "integer.hpp"

namespace rollplan::detail {

// big's limbs, least significant first: up to 8 (512 bits) held in place, more
// in a vector — so that the values of a trial at the first precision, made
// for each draw of discrete_gaussian, allocate nothing (an allocation cost
// more than the arithmetic, and far more under AddressSanitizer).
class limb_vector {
public:
    std::size_t size() const { return size_; }
    std::uint64_t* begin() { return data(); }
    std::uint64_t* end() { return data() + size_; }
    const std::uint64_t* begin() const { return data(); }
    const std::uint64_t* end() const { return data() + size_; }
    std::uint64_t& operator[](std::size_t i) { return data()[i]; }
    const std::uint64_t& operator[](std::size_t i) const { return data()[i]; }
    // n limbs, those added 0
    void resize(std::size_t n) {
        if (n <= local) {
            if (size_ > local) {
                for (std::size_t i = 0; i < n; ++i) here_[i] = far_[i];
                far_.clear();
            } else {
                for (std::size_t i = size_; i < n; ++i) here_[i] = 0;
            }
        } else {
            if (size_ <= local) far_.assign(here_, here_ + size_);
            far_.resize(n, 0);
        }
        size_ = n;
    }
    void assign(std::size_t n, std::uint64_t v) {
        resize(0);
        resize(n);
        for (std::uint64_t& l : *this) l = v;
    }
    void push_back(std::uint64_t v) {
        resize(size_ + 1);
        (*this)[size_ - 1] = v;
    }

private:
    static constexpr std::size_t local = 8;
    std::uint64_t* data() { return size_ <= local ? here_ : far_.data(); }
    const std::uint64_t* data() const { return size_ <= local ? here_ : far_.data(); }
    std::size_t size_ = 0;
    std::uint64_t here_[local] = {};
    std::vector<std::uint64_t> far_;  // all the limbs, when more than `local`
};

struct big {
    limb_vector limb;

    static big of(count_t v) {
        big x;
        x.limb.resize(2);
        x.limb[0] = static_cast<std::uint64_t>(v);
        x.limb[1] = static_cast<std::uint64_t>(v >> 64);
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
        const std::size_t used = (x.bit_length() + 63) / 64;
        if (limb.size() < used) limb.resize(used);
        std::uint64_t carry = 0;
        for (std::size_t i = 0; i < limb.size() && (i < used || carry != 0); ++i) {
            const count_t sum = count_t{limb[i]} + (i < used ? x.limb[i] : 0) + carry;
            limb[i] = static_cast<std::uint64_t>(sum);
            carry = static_cast<std::uint64_t>(sum >> 64);
        }
        if (carry != 0) limb.push_back(carry);
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
    const std::size_t used = (x.bit_length() + 63) / 64, at = shift / 64;
    const unsigned offset = static_cast<unsigned>(shift % 64);
    r.limb.assign(used + at + 1, 0);
    for (std::size_t i = 0; i < used; ++i) {
        r.limb[i + at] |= x.limb[i] << offset;
        if (offset != 0) r.limb[i + at + 1] = x.limb[i] >> (64 - offset);
    }
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
    const std::size_t a_used = (a.bit_length() + 63) / 64, b_used = (b.bit_length() + 63) / 64;  // zero limbs at the top left out
    r.limb.assign(a_used + b_used + 1, 0);
    for (std::size_t i = 0; i < a_used; ++i) {
        if (a.limb[i] == 0) continue;
        std::uint64_t carry = 0;
        for (std::size_t j = 0; j < b_used; ++j) {
            const count_t t = count_t{a.limb[i]} * b.limb[j] + r.limb[i + j] + carry;
            r.limb[i + j] = static_cast<std::uint64_t>(t);
            carry = static_cast<std::uint64_t>(t >> 64);
        }
        for (std::size_t k = i + b_used; carry != 0; ++k) {
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

// x ← x·f + a (a digit appended to x in base f: f >= 1, a < f).
inline void multiply_add(big& x, std::uint64_t f, std::uint64_t a) {
    std::uint64_t carry = a;
    for (std::uint64_t& l : x.limb) {
        const count_t t = count_t{l} * f + carry;
        l = static_cast<std::uint64_t>(t);
        carry = static_cast<std::uint64_t>(t >> 64);
    }
    if (carry != 0) x.limb.push_back(carry);
}

// ⌊a / d⌋, d >= 1 of any size, and a mod d in *rest when asked. Binary long
// division, a bit of a at a time: r = 2r + bit, and r − d when r >= d gives a 1.
inline big quotient(const big& a, const big& d, big* rest = nullptr) {
    big q, r;
    const std::size_t length = a.bit_length();
    q.limb.assign((length + 63) / 64, 0);
    r.limb.assign((d.bit_length() + 63) / 64 + 1, 0);  // r < 2d
    for (std::size_t i = length; i-- > 0;) {
        std::uint64_t carry = (a.limb[i / 64] >> (i % 64)) & 1;
        for (std::uint64_t& l : r.limb) {
            const std::uint64_t top = l >> 63;
            l = l << 1 | carry;
            carry = top;
        }
        if (at_least(r, d)) {
            subtract(r, d);
            q.limb[i / 64] |= std::uint64_t{1} << (i % 64);
        }
    }
    if (rest != nullptr) *rest = std::move(r);
    return q;
}

}  // namespace rollplan::detail
