// Helpers shared by the tests: a constexpr engine, Pearson's chi-square, and
// the batch size as the spec defines it.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rollplan::testing {

// A small engine usable in constant expressions (Knuth's MMIX LCG, top 32 bits).
struct constexpr_lcg {
    using result_type = std::uint32_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return 0xffffffff; }
    std::uint64_t state;
    constexpr result_type operator()() {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<result_type>(state >> 32);
    }
};

// Pearson's chi-square of observed counts against equal expectations.
template <class Count>
double chi_square(const std::vector<Count>& counts) {
    double total = 0;
    for (auto c : counts) total += static_cast<double>(c);
    const double expected = total / static_cast<double>(counts.size());
    double x2 = 0;
    for (auto c : counts) x2 += (static_cast<double>(c) - expected) * (static_cast<double>(c) - expected) / expected;
    return x2;
}

// The chi-square value exceeded with probability 1e-6 (Wilson–Hilferty).
inline double critical_value(std::size_t cells) {
    const double df = static_cast<double>(cells - 1), z = 4.753;
    const double t = 1 - 2 / (9 * df) + z * std::sqrt(2 / (9 * df));
    return df * t * t * t;
}

// The size of a batch of values in [0, n) from one word of `range` values as
// docs/spec.md (section 5) defines it: among k = 1 … 64 with n^k <= range,
// the first with the largest k·(range − range mod n^k), tried upward (Count:
// rollplan::count_t, 128 bits).
template <class Count>
constexpr std::size_t spec_batch_size(Count n, Count range) {
    std::size_t best = 1;
    Count best_score = 0, power = 1;
    for (std::size_t k = 1; k <= 64 && power <= range / n; ++k) {
        power *= n;
        const Count score = Count{k} * (range - range % power);
        if (score > best_score) best = k, best_score = score;
    }
    return best;
}

}  // namespace rollplan::testing
