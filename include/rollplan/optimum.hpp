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

#include "detail/config.hpp"

#include <cstddef>
#include <stdexcept>

#include "detail/integer.hpp"
#include "rational.hpp"
#include "detail/residues.hpp"
#include "detail/weights.hpp"
#include "detail/wide.hpp"

namespace rollplan {

// Pre-period and period of r_k = L^k mod M (r_0 = 1 mod M).
struct period {
    std::size_t start = 0;   // μ
    std::size_t length = 1;  // λ
    bool found = false;      // false when μ + λ would pass the limit asked for
};

namespace detail {

// Brent's cycle finding on r ↦ r·L mod M (1 <= M <= 2^64): O(μ + λ) steps,
// stopping with found = false once μ + λ is known to pass max_terms.
constexpr period residue_period_of(count_t m, count_t radix, std::size_t max_terms) {
    const count_t first = 1 % m;
    std::size_t power = 1, length = 1;
    count_t tortoise = first, hare = next_residue(first, radix, m);
    while (tortoise != hare) {
        if (power == length) {
            tortoise = hare;
            power *= 2;
            length = 0;
        }
        hare = next_residue(hare, radix, m);
        ++length;
        if (power > 2 * max_terms) return {};
    }
    tortoise = hare = first;
    for (std::size_t i = 0; i < length; ++i) hare = next_residue(hare, radix, m);
    std::size_t start = 0;
    while (tortoise != hare) {
        tortoise = next_residue(tortoise, radix, m);
        hare = next_residue(hare, radix, m);
        ++start;
    }
    if (start + length > max_terms) return {};
    return {start, length, true};
}

// Σ_{j>=0} term(L^j mod M)/L^j exactly, for a term that is a function of the
// residue alone (so the terms repeat with the residues) and below 2^64.
// Intermediate values have up to 512 bits; the reduced result must fit in
// rational's 128 bits, otherwise this throws `too_long` (a compile error in
// a constant expression).
template <class Term>
constexpr rational periodic_sum(count_t m, const char* m_name, count_t radix, Term term, const char* too_long) {
    using w512 = wide_uint<8>;
    if (radix < 2) fail<std::invalid_argument>("rollplan: a die needs at least 2 faces", "K", radix);
    // L^(μ+λ) must fit in 512 bits: at most 511 terms for a coin, fewer for bigger dice.
    std::size_t bits_per_term = 0;
    for (count_t r = radix - 1; r != 0; r >>= 1) ++bits_per_term;
    const period p = residue_period_of(m, radix, 500 / bits_per_term);
    if (!p.found) fail<std::overflow_error>(too_long, m_name, m, "K", radix);
    w512 head = 0, cycle = 0, radix_to_start = 1, radix_to_length = 1;
    count_t r = 1 % m;
    for (std::size_t j = 0; j < p.start; ++j, r = next_residue(r, radix, m)) {
        head = (head + w512{term(r)}) * w512{radix};  // Σ_{j<μ} t_j L^{μ−j}, by Horner
        radix_to_start = radix_to_start * w512{radix};
    }
    for (std::size_t j = 0; j < p.length; ++j, r = next_residue(r, radix, m)) {
        cycle = (cycle + w512{term(r)}) * w512{radix};  // Σ_{j<λ} t_{μ+j} L^{λ−j}
        radix_to_length = radix_to_length * w512{radix};
    }
    const w512 cycle_denominator = radix_to_length - w512{1};
    w512 numerator = head * cycle_denominator + cycle;
    w512 denominator = radix_to_start * cycle_denominator;
    const w512 g = gcd(numerator, denominator);
    numerator = numerator / g;
    denominator = denominator / g;
    if (!numerator.fits_count() || !denominator.fits_count())
        fail<std::overflow_error>(too_long, m_name, m, "K", radix);
    return rational{numerator.to_count(), denominator.to_count()};
}

}  // namespace detail

// Pre-period and period of r_k = L^k mod M, found within max_terms terms.
constexpr period residue_period(count_t m, count_t radix, std::size_t max_terms) {
    if (m < 1 || m > max_target) detail::fail<std::invalid_argument>("rollplan: N must be between 1 and 2^64 - 1", "N", m);
    return detail::residue_period_of(m, radix, max_terms);
}

// Σ_{j>=0} (L^j mod M)/L^j, exactly: the expected number of draws of an
// L-valued uniform source that the Knuth–Yao sampler for M outcomes takes.
// When it needs more than 128 bits this throws, and certify_optimal still
// proves optimality.
constexpr rational knuth_yao_sum(count_t m, count_t radix) {
    if (m < 1 || m > max_target) detail::fail<std::invalid_argument>("rollplan: N must be between 1 and 2^64 - 1", "N", m);
    return detail::periodic_sum(m, "N", radix, [](count_t r) { return r; },
                                "rollplan: the exact Knuth-Yao optimum for this N and K needs more than 128 bits "
                                "(the period of K^k mod N is too long, or the reduced denominator too large); "
                                "certify_optimal still proves a plan optimal");
}

// Σ_k U_k / K^k, exactly: the expected rolls of the Knuth–Yao tree for the
// weights (knuth_yao, plan.hpp), the least of any exact sampler for them.
// U_k is a function of K^k mod W (detail/weights.hpp), so the same periodic sum.
template <class Weight>
constexpr rational knuth_yao_sum(std::size_t n, count_t total, count_t radix, Weight weight) {
    return detail::periodic_sum(total, "W", radix,
                                [&](count_t share) { return detail::knuth_yao_unfinished(share, n, total, weight); },
                                "rollplan: the exact expected rolls of this Knuth-Yao tree need more than 128 bits "
                                "(the period of K^k mod W is too long, or the reduced denominator too large); "
                                "approximate_expected_rolls gives them in double");
}

// The Knuth–Yao optimum: the least expected number of K-sided rolls of any
// exact sampler for N outcomes.
constexpr rational optimal_expected_rolls(count_t n, count_t k) { return knuth_yao_sum(n, k); }

}  // namespace rollplan
