// rollplan/detail/karney_normal.hpp: Karney's exact normal (2016, "Sampling
// exactly from the normal distribution", his Algorithm N): Z = ±(k + x) with
// density e^(−z²/2)/√(2π), of which a draw knows the sign, the integer k and
// x's first digits; x's further digits are uniform and independent of what
// was read, so the caller draws them when it needs them.
//
// N1: k >= 0 with probability e^(−k/2)(1 − e^(−1/2)): trials of e^(−1/2)
//     (detail/exp_bounds.hpp) counted up to the first false.
// N2: kept with probability e^(−k(k−1)/2): k(k−1) trials of e^(−1/2), all
//     true; else back to N1. Now P(k) ∝ e^(−k/2 − k(k−1)/2) = e^(−k²/2).
// N3: x a new uniform (detail/von_neumann.hpp's lazy digits).
// N4: kept with probability e^(−x(2k + x)/2), as k + 1 Bernoulli trials of
//     e^(−cx), c = (2k + x)/(2k + 2), each a von Neumann attempt on x whose
//     steps are true with probability c (Algorithm B); else back to N1.
//     Then k + x has density ∝ e^(−k²/2 − kx − x²/2) = e^(−(k + x)²/2).
// N5: the sign by a trial of 1/2.
// A step r < c for a new uniform r: r < 2k/(2k + 2) with probability
// k/(k + 1) (one exact trial of that ratio) and true; otherwise r is uniform
// on the top 2/(2k + 2) of [0, 1), and r < c when a new uniform is in the
// lower half (a trial of 1/2) and, doubled, below x: probability
// k/(k + 1) + x/(2k + 2) = c.
// Invariant: each trial's outcome depends on x only through the digits read,
// so x given them is uniform on the interval they leave.
// docs/spec.md, section 4.
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdint>

#include "big.hpp"
#include "exp_bounds.hpp"
#include "lazy_uniform.hpp"
#include "von_neumann.hpp"

namespace rollplan::detail {

// e^(−1/2) as an exact trial's number: x = 1/2, its thresholds made once.
struct exp_minus_half_data {
    exp_argument x{big::of(1), 1, 1};
    word_thresholds thresholds = thresholds_of(exp_bounds(x, first_precision), threshold_kind::x);
};
inline const exp_minus_half_data& exp_minus_half() {
    static const exp_minus_half_data data;
    return data;
}
template <class Stream>
bool exp_minus_half_trial(Stream& digits) {
    const exp_minus_half_data& h = exp_minus_half();
    return exact_trial(digits, h.thresholds, exp_bounds_of{&h.x}, threshold_kind::x);
}

// a/b (0 < a < b < 2^64) as an exact trial's bounds: ⌊a·2^W/b⌋ and its ceiling.
struct ratio_bounds {
    std::uint64_t a, b;
    bounds_at operator()(std::size_t w) const {
        big rest;
        big lo = quotient(shifted(big::of(a), w), big::of(b), &rest);
        big hi = lo;
        if (!rest.is_zero()) hi.add(1, 0);
        return {lo, hi};
    }
};

// Z = ±(k + x): x as the digits read, the sign apart.
struct normal_value {
    bool negative = false;
    std::uint64_t k = 0;
    lazy_digits x;
};

// thresholds_of(ratio_bounds{a, b}(first_precision), threshold_kind::x), on 128 bits: with
// lo = ⌊a·2^128/b⌋ and hi its ceiling, ⌊lo/2^64⌋ = ⌊a·2^64/b⌋ and ⌈hi/2^64⌉ = ⌈a·2^64/b⌉ (floors of
// floors by integers compose, and ceilings alike).
inline word_thresholds ratio_thresholds(std::uint64_t a, std::uint64_t b) {
    const count_t scaled = count_t{a} << 64;
    const count_t floor = scaled / b;
    return {static_cast<std::uint64_t>(floor), static_cast<std::uint64_t>(floor + (scaled % b != 0))};
}

// Algorithm B's step: a new r < (2k + x)/(2k + 2).
template <class Stream>
bool karney_step(std::uint64_t k, lazy_digits& x, Stream& digits) {
    if (k != 0 && exact_trial(digits, ratio_thresholds(k, k + 1), ratio_bounds{k, k + 1}, threshold_kind::x)) return true;
    if (!half_trial(digits)) return false;
    lazy_digits v;
    return below(v, x, digits);
}

template <class Stream>
void karney_normal(Stream& digits, normal_value& z) {
    for (;;) {
        std::uint64_t k = 0;
        while (exp_minus_half_trial(digits)) ++k;  // N1
        bool kept = true;
        for (std::uint64_t i = 0; kept && i < k * (k - 1); ++i) kept = exp_minus_half_trial(digits);  // N2 (k = 0: none)
        if (!kept) continue;
        z.x.clear();  // N3
        for (std::uint64_t i = 0; kept && i <= k; ++i)  // N4
            kept = von_neumann_attempt(z.x, digits, [&] { return karney_step(k, z.x, digits); });
        if (!kept) continue;
        z.k = k;
        z.negative = !half_trial(digits);  // N5
        return;
    }
}

}  // namespace rollplan::detail
