// rollplan/certificate.hpp: a proof, with no big numbers, that a plan takes
// the fewest rolls possible.
//
// Knuth & Yao: after k rolls any exact sampler leaves at least K^k mod N of
// the K^k roll sequences unresolved, and a sampler that leaves exactly that
// many for every k is optimal. certify_optimal follows the plan's unresolved
// count next to K^k mod N (modular arithmetic on numbers below N) through the
// pre-period and one full period of K^k mod N. For a recycle plan the
// unresolved count is its state's range, which decides everything after it,
// so matching through one period proves every k; its range is followed with
// the sampler's own uniform_state code, along the branch that keeps
// rejecting. Other plans are followed with the model of analysis.hpp, as far
// as its counts fit.
#pragma once

#include "detail/config.hpp"

#include <cstddef>
#include <cstdint>

#include "analysis.hpp"
#include "description.hpp"
#include "detail/integer.hpp"
#include "optimum.hpp"
#include "plan.hpp"
#include "detail/uniform_state.hpp"

namespace rollplan {

// What certify_optimal decided. `undecided` is not "not optimal": it means
// the certificate could not follow the plan far enough within its budget.
enum class optimality : std::uint8_t { optimal, not_optimal, undecided };

struct optimality_certificate {
    optimality verdict = optimality::undecided;
    std::size_t rolls_checked = 0;  // k = 0 .. rolls_checked − 1 matched K^k mod N
    period residues{};
    const char* reason = "";  // the verdict in words
    constexpr bool proves_optimal() const { return verdict == optimality::optimal; }
    constexpr bool proves_not_optimal() const { return verdict == optimality::not_optimal; }
    constexpr bool undecided() const { return verdict == optimality::undecided; }
    constexpr explicit operator bool() const { return proves_optimal(); }
};

// The longest period of K^k mod N that certify_optimal follows by default: a
// recycle plan whose period is this long is certified within both compilers'
// default constexpr limits (Clang: 2^20 steps; measured by
// tests/proofs/certificate_budget.cpp). A longer one is `undecided` unless
// max_rolls is raised, with the limits.
inline constexpr std::size_t default_certificate_rolls = std::size_t{1} << 14;

constexpr optimality_certificate certify_optimal(const plan_description& d,
                                                 std::size_t max_rolls = default_certificate_rolls) {
    const count_t n = d.outcomes();
    if (d.is_loaded())
        detail::fail<std::invalid_argument>("rollplan: certify_optimal certifies uniform plans; a loaded plan's least expected "
                                            "rolls are its Knuth-Yao tree's (knuth_yao_sum, and the planner's knuth_yao node)");
    if (d.rolls_several_dice()) {
        optimality_certificate c;
        c.reason = "undecided: the Knuth-Yao bound is for one die; over several dice no optimum is known";
        return c;
    }
    const count_t faces = d.faces == 0 ? 2 : d.faces;  // a plan that rolls nothing: any die
    optimality_certificate c;
    c.residues = residue_period(n, faces, max_rolls);
    if (!c.residues.found) {
        c.reason = "undecided: the period of K^k mod N is longer than max_rolls";
        return c;
    }
    const std::size_t through = c.residues.start + c.residues.length + 1;
    const bool recycles = d.root().kind == node_kind::recycle && d.child(d.root()).kind == node_kind::roll;

    // A recycle plan's unresolved count is its state's range. Other plans are
    // counted by the model, once, as deep as it counts: unresolved after k
    // rolls is K^k − Σ_{ℓ ≤ k} resolved[ℓ]·K^(k−ℓ).
    std::size_t model_depth = 0;
    while (model_depth + 1 < through && model_depth < max_model_depth &&
           detail::power_or_zero(faces, static_cast<unsigned>(model_depth + 1)) != 0)
        ++model_depth;
    const length_counts model = recycles ? length_counts{} : resolved_by_length(d, model_depth);
    count_t all = 1, finished = 0;  // K^k, and the sequences of k rolls that finished

    detail::uniform_state state;       // the recycle plan's state, along the rejecting branch
    bool resolved = n == 1;    // every sequence has finished
    count_t expected = 1 % n;  // K^k mod N
    for (std::size_t k = 0; k < through; ++k) {
        if (!recycles && k > model_depth) {
            c.reason = "undecided: the model counts roll sequences only up to 24 rolls and 2^128 sequences";
            return c;
        }
        if (!recycles && k > 0) {
            all *= faces;  // fits: k <= model_depth
            finished *= faces;
        }
        if (!recycles) finished += model[k];
        const count_t unresolved = recycles ? (resolved ? 0 : state.range) : all - finished;
        if (unresolved != expected) {
            c.verdict = optimality::not_optimal;
            c.reason = "not optimal: after rolls_checked rolls more sequences are unresolved than K^k mod N";
            return c;
        }
        c.rolls_checked = k + 1;
        if (unresolved == 0) break;  // everything resolved, and K^k mod N stays 0 from here
        expected = detail::next_residue(expected, faces, n);
        if (recycles && !resolved) {
            state.value = state.range - 1;  // the highest state: rejected whenever anything is
            state.append(faces - 1, faces);
            if (state.range >= n && state.take(n)) resolved = true;
        }
    }
    c.verdict = optimality::optimal;
    c.reason = "optimal: no exact sampler takes fewer rolls on average";
    return c;
}

template <plan P>
constexpr optimality_certificate certify_optimal(std::size_t max_rolls = default_certificate_rolls) {
    return certify_optimal(description_v<P>, max_rolls);
}

}  // namespace rollplan
