// rollplan/detail/uniform_state.hpp: a number known to be uniform on a known range,
// grown by rolls and spent by draws. It is the state of the recycle node (the
// Knuth–Yao sampler) and of the entropy pool.
#pragma once

#include "config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "../die.hpp"
#include "divide.hpp"
#include "integer.hpp"

namespace rollplan::detail {

struct uniform_state {
    count_t value = 0;  // uniform on [0, range)
    count_t range = 1;

    // A digit uniform on [0, radix), independent of the state, becomes the
    // lowest digit: value·radix + digit is uniform on [0, range·radix).
    constexpr void append(count_t digit, count_t radix) {
        value = value * radix + digit;
        range *= radix;
    }

    // One value uniform on [0, n), when the state allows it (range >= n).
    // With q = ⌊range/n⌋, a value below q·n is accepted: value mod n is
    // uniform and independent of ⌊value/n⌋, which stays as the state, uniform
    // on [0, q). Otherwise value − q·n is uniform on [0, range − q·n) and
    // stays as the state for the next attempt: nothing is thrown away but
    // the information of which branch was taken. n is below 2^64, as data
    // (divisor_value) or as a constant (divisor_constant, no 128-bit division).
    template <class Divisor>
    [[gnu::always_inline]] constexpr std::optional<count_t> take_by(const Divisor& n) {
        if (range <= count_max >> 64) {  // the same steps in 64 bits (value < range < 2^64)
            const auto r = static_cast<std::uint64_t>(range), v = static_cast<std::uint64_t>(value);
            const auto q = static_cast<std::uint64_t>(n.divide(r).quotient);
            const std::uint64_t kept = q * static_cast<std::uint64_t>(n.value());
            if (v < kept) {
                const quotient_remainder drawn = n.divide(v);
                value = drawn.quotient;
                range = q;
                return drawn.remainder;
            }
            value = v - kept;
            range = r - kept;
            return std::nullopt;
        }
        const count_t q = n.divide(range).quotient;
        const count_t kept = q * n.value();
        if (value < kept) {
            const quotient_remainder drawn = n.divide(value);
            value = drawn.quotient;
            range = q;
            return drawn.remainder;
        }
        value -= kept;
        range -= kept;
        return std::nullopt;
    }
    constexpr std::optional<count_t> take(count_t n);
};

// A divisor below 2^64 known at run time.
struct divisor_value {
    count_t n;
    constexpr count_t value() const { return n; }
    constexpr quotient_remainder divide(count_t x) const {
        if (x < two_to_64) {  // 64-bit division, not the 128-bit helper
            const auto small = static_cast<std::uint64_t>(x), d = static_cast<std::uint64_t>(n);
            return {small / d, small % d};
        }
        return {x / n, static_cast<std::uint64_t>(x % n)};
    }
};

// A divisor known at compile time: divide_by<N>, multiplications only.
template <std::uint64_t N>
struct divisor_constant {
    static constexpr count_t value() { return N; }
    [[gnu::always_inline]] static constexpr quotient_remainder divide(count_t x) { return divide_by<N>(x); }
};

constexpr std::optional<count_t> uniform_state::take(count_t n) { return take_by(divisor_value{n}); }

// The Knuth–Yao loop, shared by the recycle node, uniform_below and the
// entropy pool: digits in [0, radix) from next_digit() join the state until
// its range reaches both m and fill_to; then one draw of m, or, when the
// value is rejected, its leftover stays and the loop goes on. A digit is
// fetched before the state changes, so a next_digit() that throws leaves the
// state as it was before that digit: the digits already appended stay in it,
// uniform and unused, and a later call continues where this one stopped.
template <class Divisor, class NextDigit>
[[gnu::always_inline]] constexpr count_t knuth_yao_draw(uniform_state& state, const Divisor& m, count_t fill_to, count_t radix,
                                 NextDigit next_digit) {
    for (;;) {
        while (state.range < m.value() || state.range < fill_to) state.append(next_digit(), radix);
        if (const auto v = state.take_by(m)) return *v;
    }
}

// recycle_set's rule: the die that grows a state uniform on [0, range)
// toward m. Of the dice that bring the range to m or more, the one whose
// attempt leaves the smallest share (range·K mod m)/(range·K) to the next
// (the first on a tie); if none reaches m, the die with the most faces (the
// first on a tie). A function of the range alone, never of the value: that
// keeps every digit independent of the state it joins. Shares are compared
// by cross-multiplying (each product below 2^128: left < m < 2^64, K <= 2^64).
constexpr std::size_t die_for_range(count_t range, count_t m, const count_t* faces, std::size_t size) {
    std::size_t best = size;
    count_t best_left = 0, best_faces = 0;
    for (std::size_t i = 0; i < size; ++i) {
        if (range * faces[i] < m) continue;
        const count_t left = range * faces[i] % m;
        if (best == size || left * best_faces < best_left * faces[i]) {
            best = i;
            best_left = left;
            best_faces = faces[i];
        }
    }
    if (best != size) return best;
    best = 0;
    for (std::size_t i = 1; i < size; ++i)
        if (faces[i] > faces[best]) best = i;
    return best;
}


// The ranges of a recycle loop along the branch that keeps rejecting, a
// function of the steps before it and never of the value: each fill grows
// the range by digits until it reaches m (a recycle node's digit is a value
// of its uniform operand; recycle_set's the die die_for_range picks), then a
// rejection leaves range mod m.
struct range_chain {
    std::array<count_t, max_dice_in_set> radix{};
    std::size_t size = 0;
    count_t m = 0;
    count_t range = 1;  // before the next fill; 0 when nothing is left
    unsigned rolls = 0; // digits of the last fill

    constexpr count_t fill() {
        rolls = 0;
        while (range < m) {
            range = checked_mul(range, radix[die_for_range(range, m, radix.data(), size)],
                                "rollplan: a recycle state passed 2^128");
            ++rolls;
        }
        return range;
    }
    constexpr void reject() { range -= range / m * m; }
    // Σ over attempts of P(reaching it)·(its digits), in double: the
    // attempts until what is left to reach is below 10^-30. Each rejection
    // has probability below 1/2, so this takes at most about 100 of them.
    constexpr double expected_digits() const {
        range_chain c = *this;
        double sum = 0, reach = 1;
        while (c.range != 0 && reach > 1e-30) {
            const count_t reached = c.fill();
            sum += reach * c.rolls;
            reach *= static_cast<double>(reached - reached / c.m * c.m) / static_cast<double>(reached);
            c.reject();
        }
        return sum;
    }
};


// The loop of recycle_set: the Knuth–Yao loop with the digit of each step
// rolled on the die die_for_range picks; roll(K) returns a digit in [0, K).
template <class Roll>
constexpr count_t recycle_over_dice(count_t m, const count_t* faces, std::size_t size, Roll roll) {
    uniform_state state;
    for (;;) {
        while (state.range < m) {
            const count_t k = faces[die_for_range(state.range, m, faces, size)];
            state.append(roll(k), k);
        }
        if (const auto v = state.take(m)) return *v;
    }
}

}  // namespace rollplan::detail
