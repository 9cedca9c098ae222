// rollplan/optimum.hpp: the fewest rolls any exact single draw can take, and
// a certificate that a plan takes exactly that many.
//
// Knuth & Yao (1976): a sampler that turns K-sided rolls into N outcomes must
// leave at least K^k mod N of the K^k sequences of k rolls unresolved, so
// E[rolls] >= Σ_{k>=0} (K^k mod N)/K^k, and the recycle node (the Fast Dice
// Roller of Lumbroso 2013, for any die) meets it with equality. K^k mod N is
// eventually periodic (pre-period μ, period λ), which makes the sum rational:
//   Σ_{k<μ} r_k/K^k + (Σ_{j<λ} r_{μ+j} K^{λ−j}) / (K^μ (K^λ − 1)).
#pragma once

#include "config.hpp"

#include <cstddef>
#include <stdexcept>

#include "integer.hpp"
#include "rational.hpp"
#include "residues.hpp"
#include "wide.hpp"

namespace rollplan {

// Pre-period and period of r_k = L^k mod M (r_0 = 1 mod M).
struct period {
    std::size_t start = 0;   // μ
    std::size_t length = 1;  // λ
    bool found = false;      // false when μ + λ would pass the limit asked for
};

// Brent's cycle finding on r ↦ r·L mod M: O(μ + λ) steps, stopping with
// found = false once μ + λ is known to pass max_terms.
constexpr period residue_period(count_t m, count_t radix, std::size_t max_terms) {
    if (m < 1 || m > max_target) detail::fail<std::invalid_argument>("rollplan: N must be between 1 and 2^64 - 1", "N", m);
    const count_t first = 1 % m;
    std::size_t power = 1, length = 1;
    count_t tortoise = first, hare = detail::next_residue(first, radix, m);
    while (tortoise != hare) {
        if (power == length) {
            tortoise = hare;
            power *= 2;
            length = 0;
        }
        hare = detail::next_residue(hare, radix, m);
        ++length;
        if (power > 2 * max_terms) return {};
    }
    tortoise = hare = first;
    for (std::size_t i = 0; i < length; ++i) hare = detail::next_residue(hare, radix, m);
    std::size_t start = 0;
    while (tortoise != hare) {
        tortoise = detail::next_residue(tortoise, radix, m);
        hare = detail::next_residue(hare, radix, m);
        ++start;
    }
    if (start + length > max_terms) return {};
    return {start, length, true};
}

// Σ_{j>=0} (L^j mod M)/L^j, exactly: the expected number of draws of an
// L-valued uniform source that the Knuth–Yao sampler for M outcomes takes.
// Intermediate values have up to 512 bits; the reduced result must fit in
// rational's 128 bits, otherwise this throws (a compile error in a constant
// expression), and certify_optimal still proves optimality.
constexpr rational knuth_yao_sum(count_t m, count_t radix) {
    using big = detail::wide_uint<8>;
    if (radix < 2) detail::fail<std::invalid_argument>("rollplan: a die needs at least 2 faces", "K", radix);
    // L^(μ+λ) must fit in 512 bits: at most 511 terms for a coin, fewer for bigger dice.
    std::size_t bits_per_term = 0;
    for (count_t r = radix - 1; r != 0; r >>= 1) ++bits_per_term;
    const period p = residue_period(m, radix, 500 / bits_per_term);
    if (!p.found)
        detail::fail<std::overflow_error>("rollplan: the exact Knuth-Yao optimum for this N and K needs more than 128 bits "
            "(the period of K^k mod N is too long); certify_optimal still proves a plan optimal",
            "N", m, "K", radix);
    big head = 0, cycle = 0, radix_to_start = 1, radix_to_length = 1;
    count_t r = 1 % m;
    for (std::size_t j = 0; j < p.start; ++j, r = detail::next_residue(r, radix, m)) {
        head = (head + big{r}) * big{radix};  // Σ_{j<μ} r_j L^{μ−j}, by Horner
        radix_to_start = radix_to_start * big{radix};
    }
    for (std::size_t j = 0; j < p.length; ++j, r = detail::next_residue(r, radix, m)) {
        cycle = (cycle + big{r}) * big{radix};  // Σ_{j<λ} r_{μ+j} L^{λ−j}
        radix_to_length = radix_to_length * big{radix};
    }
    const big cycle_denominator = radix_to_length - big{1};
    big numerator = head * cycle_denominator + cycle;
    big denominator = radix_to_start * cycle_denominator;
    const big g = detail::gcd(numerator, denominator);
    numerator = numerator / g;
    denominator = denominator / g;
    if (!numerator.fits_count() || !denominator.fits_count())
        detail::fail<std::overflow_error>("rollplan: the exact Knuth-Yao optimum for this N and K needs more than 128 bits "
            "(its reduced denominator is too large); certify_optimal still proves a plan optimal",
            "N", m, "K", radix);
    return rational{numerator.to_count(), denominator.to_count()};
}

// The Knuth–Yao optimum: the least expected number of K-sided rolls of any
// exact sampler for N outcomes.
constexpr rational optimal_expected_rolls(count_t n, count_t k) { return knuth_yao_sum(n, k); }

}  // namespace rollplan
