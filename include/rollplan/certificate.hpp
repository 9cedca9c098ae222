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

#include <cstddef>

#include "analysis.hpp"
#include "description.hpp"
#include "integer.hpp"
#include "optimum.hpp"
#include "plan.hpp"
#include "uniform_state.hpp"

namespace rollplan {

struct optimality_certificate {
    bool optimal = false;
    std::size_t rolls_checked = 0;  // k = 0 .. rolls_checked − 1 matched K^k mod N
    period residues{};
    constexpr explicit operator bool() const { return optimal; }
};

// Clang's default constexpr budget follows periods of about this length.
inline constexpr std::size_t default_certificate_rolls = std::size_t{1} << 16;

constexpr optimality_certificate certify_optimal(const plan_description& d,
                                                 std::size_t max_rolls = default_certificate_rolls) {
    const count_t n = d.outcomes();
    const count_t faces = d.faces == 0 ? 2 : d.faces;  // a plan that rolls nothing: any die
    optimality_certificate c;
    c.residues = residue_period(n, faces, max_rolls);
    if (!c.residues.found)
        throw std::length_error("rollplan: the period of K^k mod N is longer than certify_optimal's max_rolls");
    const std::size_t through = c.residues.start + c.residues.length + 1;
    const bool recycles = d.root().kind == node_kind::recycle && d.child(d.root()).kind == node_kind::roll;
    if (!recycles && through > max_model_depth + 1) return c;  // the model cannot count that far

    uniform_state state;       // the recycle plan's state, along the rejecting branch
    bool resolved = n == 1;    // every sequence has finished
    count_t expected = 1 % n;  // K^k mod N
    for (std::size_t k = 0; k < through; ++k) {
        const count_t unresolved = recycles ? (resolved ? 0 : state.range) : unresolved_after(d, k);
        if (unresolved != expected) return c;
        c.rolls_checked = k + 1;
        if (unresolved == 0) break;  // everything resolved, and K^k mod N stays 0 from here
        expected = detail::next_residue(expected, faces, n);
        if (recycles && !resolved) {
            state.value = state.range - 1;  // the highest state: rejected whenever anything is
            state.append(faces - 1, faces);
            if (state.range >= n && state.take(n)) resolved = true;
        }
    }
    c.optimal = true;
    return c;
}

template <plan P>
constexpr optimality_certificate certify_optimal(std::size_t max_rolls = default_certificate_rolls) {
    return certify_optimal(description_v<P>, max_rolls);
}

}  // namespace rollplan
