// rollplan/verify_real.hpp: exhaustive checks of a sampler of real numbers
// against the floor of a real uniform, in constant expressions.
//
// check_real_sampler<Die, Real>(sampler, a, b, depth) runs sampler(source) on
// every sequence of up to `depth` rolls of Die (as check_sampler does, by
// verify.hpp's tree of prefixes) and counts, for each representable x of
// [a, b), the mass of the sequences that finish with x. The target is the
// floor of a U uniform on [a, b): x with probability (succ(x) − x) / (b − a).
//
// A finished mass is a lower bound of the sampler's probability, so a value
// whose mass already exceeds its share proves the sampler wrong (a sampler
// that rounds to nearest gives the number just above a half-cell its
// neighbour's mass; one that scales an integer of fewer bits than the format
// gives too much to the values it can reach). When no value exceeds its share,
// every probability lies within [mass, mass + u], u the mass still unfinished:
// u bounds the error, and u = 0 proves the sampler exact.
//
// Real is float or double (values and results as those types) or a
// binary_format<E, M> (values and results as their bits, std::uint64_t), so a
// format of a few bits can be checked for every pair of its numbers.
#pragma once

#include "detail/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "detail/binary_format.hpp"
#include "rational.hpp"
#include "verify.hpp"

namespace rollplan {

inline constexpr std::size_t max_real_values = 256;

namespace detail {

template <class Real>
struct real_check_format {
    using type = typename format_of<Real>::type;
    using value_type = Real;
    static constexpr std::uint64_t bits(Real x) { return bits_of_real(x); }
};
template <int E, int M>
struct real_check_format<binary_format<E, M>> {
    using type = binary_format<E, M>;
    using value_type = std::uint64_t;
    static constexpr std::uint64_t bits(std::uint64_t x) { return x; }
};

}  // namespace detail

// What check_real_sampler found. Value v is the v-th representable number of
// [a, b), from a up (index ordinal(x) − ordinal(a)).
struct real_sampler_report {
    count_t faces = 0;
    std::size_t depth = 0;
    std::size_t values = 0;
    count_t sequences = 0;  // K^depth: the masses below are counts of these
    // finished[v]: the mass of the sequences that finish with value v, times K^depth
    std::array<count_t, max_real_values> finished{};
    // width[v]: v's cell, succ(x) − x, in units of the narrowest cell of [a, b); total: b − a in those units
    std::array<count_t, max_real_values> width{};
    count_t total = 0;
    // unfinished[ℓ]: sequences of ℓ rolls after which the sampler still wants more
    std::array<std::uint64_t, max_check_depth + 1> unfinished{};
    bool out_of_range = false;
    std::uint64_t out_of_range_bits = 0;  // the first result outside [a, b), as bits

    constexpr rational mass(std::size_t v) const { return rational{finished[v], sequences}; }
    constexpr rational share(std::size_t v) const { return rational{width[v], total}; }
    constexpr rational unfinished_mass() const { return rational{unfinished[depth], sequences}; }
    // The first value whose mass within the depth is above its share
    // (values when none): a proof that the sampler is not the floor of a
    // real uniform.
    constexpr std::size_t first_above_share() const {
        for (std::size_t v = 0; v < values; ++v)
            if (finished[v] * total > width[v] * sequences) return v;
        return values;
    }
    // No result outside [a, b), no value above its share: each value's
    // probability lies within [mass, mass + unfinished_mass()].
    constexpr bool never_above_share() const { return !out_of_range && first_above_share() == values; }
    // never_above_share() and every sequence finished within the depth: every
    // value has exactly its share.
    constexpr bool proves_exact() const { return never_above_share() && unfinished[depth] == 0; }
    // never_above_share() and the mass unfinished at most epsilon: every value's
    // probability within epsilon of its share.
    constexpr bool proves_error_within(const rational& epsilon) const {
        return never_above_share() && !(epsilon < unfinished_mass());
    }
};

// Runs `sampler(source)` on every sequence of up to `depth` rolls of Die
// (0 … max_check_depth) and measures its results against the floor of a real
// uniform on [a, b): a < b finite, with at most max_real_values representable
// numbers in [a, b).
template <class Die, class Real, class Sampler>
constexpr real_sampler_report check_real_sampler(const Sampler& sampler, typename detail::real_check_format<Real>::value_type a,
                                                 typename detail::real_check_format<Real>::value_type b, std::size_t depth = 6) {
    static_assert(is_die_v<Die>, "rollplan: check_real_sampler<Die, Real> needs a die, like rollplan::d6");
    using check = detail::real_check_format<Real>;
    using F = typename check::type;
    const std::uint64_t a_bits = check::bits(a), b_bits = check::bits(b);
    if (!detail::is_finite_bits<F>(a_bits) || !detail::is_finite_bits<F>(b_bits))
        detail::fail<std::invalid_argument>("rollplan: check_real_sampler needs finite bounds a and b");
    const std::int64_t first = detail::ordinal<F>(a_bits), end = detail::ordinal<F>(b_bits);
    if (first >= end) detail::fail<std::invalid_argument>("rollplan: check_real_sampler needs a < b");
    if (end - first > static_cast<std::int64_t>(max_real_values))
        detail::fail<std::invalid_argument>("rollplan: check_real_sampler lists at most 256 numbers of [a, b)", "numbers",
                                            end - first);
    real_sampler_report report;
    report.faces = Die::faces;
    report.depth = depth;
    report.values = static_cast<std::size_t>(end - first);
    report.sequences = 1;
    for (std::size_t l = 0; l < depth; ++l)
        report.sequences = detail::checked_mul(report.sequences, Die::faces, "rollplan: check_real_sampler needs K^depth below 2^128");
    int narrowest = detail::cell_exponent<F>(a_bits);
    for (std::int64_t o = first; o < end; ++o) {
        const int e = detail::cell_exponent<F>(detail::bits_of_ordinal<F>(o));
        if (e < narrowest) narrowest = e;
    }
    for (std::size_t v = 0; v < report.values; ++v) {
        const int e = detail::cell_exponent<F>(detail::bits_of_ordinal<F>(first + static_cast<std::int64_t>(v)));
        if (e - narrowest >= 64)
            detail::fail<std::invalid_argument>("rollplan: check_real_sampler needs cells within 2^64 of each other in [a, b)");
        report.width[v] = count_t{1} << (e - narrowest);
        report.total += report.width[v];
    }
    detail::checked_mul(report.sequences, report.total, "rollplan: check_real_sampler needs K^depth times (b − a) in units of its narrowest cell below 2^128");
    detail::walk_sequences<Die>(
        sampler, depth,
        [&](std::size_t length, auto result) {
            const std::uint64_t bits = check::bits(result);
            const std::int64_t o = detail::is_finite_bits<F>(bits) ? detail::ordinal<F>(bits) : end;
            if (o < first || o >= end) {
                if (!report.out_of_range) report.out_of_range_bits = bits;
                report.out_of_range = true;
                return;
            }
            count_t scale = 1;
            for (std::size_t l = length; l < depth; ++l) scale *= Die::faces;
            report.finished[static_cast<std::size_t>(o - first)] += scale;
        },
        [&](std::size_t length) { ++report.unfinished[length]; });
    return report;
}

}  // namespace rollplan
