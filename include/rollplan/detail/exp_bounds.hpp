// rollplan/detail/exp_bounds.hpp: e^−x for an exact x >= 0, as the integer
// bounds lo <= e^−x·2^W <= hi that an exact trial asks at precision W
// (detail/lazy_uniform.hpp), for bernoulli_exp_distribution,
// discrete_laplace_distribution and discrete_gaussian_distribution.
//
// x = n / (b·2^k) exactly (a double's value, or a rational a/b). Bounds:
//   - x >= W: lo = 0, hi = 1 (e^−x < 2^−1.44·x <= 2^−W);
//   - otherwise y = x / 2^r <= 1/2 for the least such r, and e^−y by its
//     Taylor series at P = W + r + 24 bits: the terms t_j = y^j / j! bounded
//     below and above (⌊ ⌋ and ⌈ ⌉ at each step: ⌊⌊a/c⌋/d⌋ = ⌊a/(cd)⌋, and
//     the same for ⌈ ⌉), summed to the first odd N whose term's upper bound
//     is at most 1. The terms fall (y <= 1), so the alternating series lies
//     between its partial sums S_N <= e^−y <= S_(N−1): lo takes the lower
//     bound of each added term and the upper of each subtracted one, through
//     N; hi the other way, through N − 1. Then r squarings (lo² rounded
//     down, hi² up, as for a power q^(2^i) in geometric.hpp) make e^−x, and
//     the r + 24 guard bits are dropped (lo down, hi up; hi at most 2^W,
//     a guard only: the series' H is at most 2^P).
// Invariant: lo <= e^−x·2^W <= hi at every W, each step keeping the true
// value between its bounds; the guard bits keep hi − lo at a few units
// (each rounding adds at most one unit at P, each squaring at most doubles
// the width), so a trial ends.
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdint>

#include "big.hpp"
#include "binary_format.hpp"
#include "integer.hpp"
#include "lazy_uniform.hpp"
#include "probability.hpp"

namespace rollplan::detail {

// x = n / (b·2^k), 1 <= b < 2^64.
struct exp_argument {
    big n = big::of(0);
    std::uint64_t b = 1;
    std::size_t k = 0;
};

// A double's value, x >= 0 and finite: m·2^e.
inline exp_argument exp_argument_of(double x) {
    const binary_value v = exact_binary(x);
    if (v.exponent >= 0) return {shifted(big::of(v.mantissa), static_cast<std::size_t>(v.exponent)), 1, 0};
    return {big::of(v.mantissa), 1, static_cast<std::size_t>(-v.exponent)};
}
// a / b, b <= 2^64 (2^64 is a shift).
inline exp_argument exp_argument_of(count_t a, count_t b) {
    if (b == two_to_64) return {big::of(a), 1, 64};
    return {big::of(a), static_cast<std::uint64_t>(b), 0};
}
inline exp_argument exp_argument_of(const exact_number& x) {
    return x.ratio ? exp_argument_of(x.numerator, x.denominator) : exp_argument_of(x.shown);
}
// x·2^i
inline exp_argument times_power_of_two(exp_argument x, std::size_t i) {
    if (x.k >= i) {
        x.k -= i;
    } else {
        x.n = shifted(x.n, i - x.k);
        x.k = 0;
    }
    return x;
}

// ⌊v·n / (b·2^k·j)⌋, or ⌈ ⌉ when up.
inline big scaled_term(const big& v, const exp_argument& y, std::uint64_t j, bool up) {
    big t = shifted_down(product(v, y.n), y.k, up);
    for (const std::uint64_t d : {y.b, j}) {
        if (d != 1 && divide(t, d) != 0 && up) t.add(1, 0);
    }
    return t;
}

// e^−y·2^P by the Taylor series, 0 <= y <= 1/2: L through the first odd N
// whose term's upper bound is at most 1, H through N − 1 (the top of this
// file); L <= e^−y·2^P <= H, each rounding a unit at most.
inline bounds_at exp_series(const exp_argument& y, std::size_t precision) {
    big positive_lo = big::power_of_two(precision), positive_hi = positive_lo, negative_lo = big::of(0), negative_hi = big::of(0);
    big term_lo = positive_lo, term_hi = positive_hi;
    for (std::uint64_t j = 1;; ++j) {
        term_lo = scaled_term(term_lo, y, j, false);
        term_hi = scaled_term(term_hi, y, j, true);
        const bool odd = j % 2 == 1;
        if (odd && at_least(big::of(1), term_hi)) {  // N = j: lo through N, hi through N − 1
            negative_hi.add(term_hi);
            break;
        }
        if (odd) {
            negative_lo.add(term_lo);
            negative_hi.add(term_hi);
        } else {
            positive_lo.add(term_lo);
            positive_hi.add(term_hi);
        }
    }
    return {difference(positive_lo, negative_hi), difference(positive_hi, negative_lo)};
}

inline bounds_at exp_bounds(const exp_argument& x, std::size_t w) {
    bounds_at e;
    if (x.n.is_zero()) {
        e.lo = e.hi = big::power_of_two(w);
        return e;
    }
    big whole = shifted_down(x.n, x.k);  // ⌊x⌋
    divide(whole, x.b);
    if (at_least(whole, big::of(w))) {
        e.lo = big::of(0);
        e.hi = big::of(1);
        return e;
    }
    // x < 2^L, L = ⌊x⌋'s bit length: y = x / 2^(L+1) < 1/2
    const std::size_t r = whole.bit_length() + 1, guard = r + 24, precision = w + guard;
    exp_argument y = x;
    y.k += r;
    bounds_at power = exp_series(y, precision);
    for (std::size_t i = 0; i < r; ++i) {
        power.lo = shifted_down(product(power.lo, power.lo), precision);
        power.hi = shifted_down(product(power.hi, power.hi), precision, true);
    }
    e.lo = shifted_down(power.lo, guard);
    e.hi = shifted_down(power.hi, guard, true);
    if (at_least(e.hi, big::power_of_two(w))) e.hi = big::power_of_two(w);  // e^−x <= 1: a guard, as H <= 2^P already (the top of this file)
    return e;
}

// exp_bounds as the bounds of one trial.
struct exp_bounds_of {
    const exp_argument* x;
    bounds_at operator()(std::size_t w) const { return exp_bounds(*x, w); }
};

// x = n / d exactly, d >= 1 of any size (discrete_gaussian's acceptance,
// whose denominator passes 2^64).
struct exp_ratio {
    big n, d;
};
// With v = ⌊x·2^W⌋ and [lo_v, hi_v] the bounds above of e^−(v/2^W) (n = v,
// b = 1, k = W): x = v/2^W exactly gives them; otherwise
// v/2^W < x < (v + 1)/2^W, and e^−x, falling as x grows and by at most the
// distance (x >= 0), lies between e^−(v/2^W) − 2^−W and e^−(v/2^W): lo =
// lo_v − 1 (0 when lo_v = 0) and hi = hi_v, at most 3 units apart.
inline bounds_at exp_bounds(const exp_ratio& x, std::size_t w) {
    big remainder;
    bounds_at e = exp_bounds(exp_argument{quotient(shifted(x.n, w), x.d, &remainder), 1, w}, w);
    if (!remainder.is_zero() && !e.lo.is_zero()) subtract(e.lo, big::of(1));
    return e;
}
struct exp_ratio_bounds_of {
    const exp_ratio* x;
    bounds_at operator()(std::size_t w) const { return exp_bounds(*x, w); }
};

}  // namespace rollplan::detail
