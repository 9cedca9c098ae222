// rollplan/detail/residues.hpp: L^k mod M, the share of the L^k sequences of k
// draws that the Knuth–Yao loop (recycle) leaves unresolved, and the loop's
// expected draws Σ_k (L^k mod M)/L^k in double.
//
// The planner needs only these; the exact sum (rational, 512-bit
// intermediates) and the certificate are in optimum.hpp and certificate.hpp,
// which a user of distribution.hpp then does not parse.
#pragma once

#include "config.hpp"

#include <stdexcept>

#include "error.hpp"
#include "integer.hpp"

namespace rollplan::detail {


// r·L mod M, the next residue of r = L^k mod M.
constexpr count_t next_residue(count_t r, count_t radix, count_t m) {
    // r < m < 2^64 and radix mod m < 2^64, so the product fits
    return r * (radix % m) % m;
}


// Σ_j (L^j mod M)/L^j in double: the same sum as knuth_yao_sum (optimum.hpp),
// for when its exact value needs more than 128 bits, and for choosing between
// plans. Terms are added until they cannot change the sum (each is below
// M/L^j).
constexpr double knuth_yao_estimate(count_t m, count_t radix) {
    if (m < 1 || m > max_target) detail::fail<std::invalid_argument>("rollplan: N must be between 1 and 2^64 - 1", "N", m);
    if (radix < 2) detail::fail<std::invalid_argument>("rollplan: a die needs at least 2 faces", "K", radix);
    double sum = 0, weight = 1;
    count_t r = 1 % m;
    for (int j = 0; j < 400 && r != 0 && weight > 1e-30; ++j) {
        sum += static_cast<double>(r) * weight;
        r = detail::next_residue(r, radix, m);
        weight /= static_cast<double>(radix);
    }
    return sum;
}

}  // namespace rollplan::detail
