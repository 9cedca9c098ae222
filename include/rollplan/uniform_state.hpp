// rollplan/uniform_state.hpp: a number known to be uniform on a known range,
// grown by rolls and spent by draws. It is the state of the recycle node (the
// Knuth–Yao sampler) and of the entropy pool.
#pragma once

#include <optional>

#include "integer.hpp"

namespace rollplan {

struct uniform_state {
    count_t value = 0;  // uniform on [0, range)
    count_t range = 1;

    constexpr bool can_append(count_t radix) const { return range <= count_max / radix; }

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
    // the information of which branch was taken.
    constexpr std::optional<count_t> take(count_t n) {
        const count_t q = range / n;
        const count_t kept = q * n;
        if (value < kept) {
            const count_t drawn = value % n;
            value /= n;
            range = q;
            return drawn;
        }
        value -= kept;
        range -= kept;
        return std::nullopt;
    }
};

// The Knuth–Yao loop, shared by the recycle node, uniform_below and the
// entropy pool: digits in [0, radix) from next_digit() join the state until
// its range reaches both m and fill_to; then one draw of m, or, when the
// value is rejected, its leftover stays and the loop goes on. A digit is
// fetched before the state changes, so a next_digit() that throws leaves the
// state as it was before that digit: the digits already appended stay in it,
// uniform and unused, and a later call continues where this one stopped.
template <class NextDigit>
constexpr count_t knuth_yao_draw(uniform_state& state, count_t m, count_t fill_to, count_t radix,
                                 NextDigit next_digit) {
    for (;;) {
        while (state.range < m || state.range < fill_to) state.append(next_digit(), radix);
        if (const auto v = state.take(m)) return *v;
    }
}

}  // namespace rollplan
