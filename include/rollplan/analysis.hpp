// rollplan/analysis.hpp: the exact behaviour of a plan, by counting.
//
// A node's distribution is kept as a few segments of equal mass, so a roll of
// a 2^64-faced die is one segment, not 2^64 values: a fold or a rejection
// counts how many values of each segment fall on each residue
// (#{v in [a, b) : v ≡ r mod M} = ⌊b/M⌋ − ⌊a/M⌋ + [r < b mod M] − [r < a mod M]).
// Expected rolls: a roll is 1, mixed_radix the sum of its operands, fold its
// operand; a rejection or a scale node divides its operand's by its
// acceptance probability, counted the same way. Everything reads a
// plan_description, so it serves plan types (through description_v) and plans
// made at run time alike. Where a node's invariant already says that it is
// uniform (uniform_by_invariant, below), is_exactly_uniform and the acceptance
// of a rejection use that instead of counting: a proof of a planned plan is
// then a few arithmetic steps per node. Loaded plans (cut, knuth_yao at the
// root) are analysed the same way: a cut counts its operand's mass in each
// stretch of the cumulative weights (or takes W_i / W by its invariant over a
// uniform operand), a Knuth–Yao tree has W_i / W by its invariant, rolls
// Σ_k U_k / K^k and finishes K·U_{k−1} − U_k of the K^k sequences at roll k.
#pragma once

#include "detail/config.hpp"

#include <array>
#include <cstddef>
#include <stdexcept>
#include <type_traits>

#include "description.hpp"
#include "detail/integer.hpp"
#include "plan.hpp"
#include "optimum.hpp"
#include "rational.hpp"
#include "detail/uniform_state.hpp"
#include "detail/weights.hpp"

namespace rollplan {

// Every value in [begin, end) has probability `mass`.
struct segment {
    count_t begin = 0;
    count_t end = 0;
    rational mass;
    friend constexpr bool operator==(const segment&, const segment&) = default;
};

inline constexpr std::size_t max_segments = 64;

// The exact distribution of a node's value, as consecutive segments over [0, outcomes).
struct distribution {
    count_t outcomes = 0;
    std::array<segment, max_segments> parts{};
    std::size_t size = 0;

    constexpr void append(count_t begin, count_t end, const rational& mass) {
        if (begin == end) return;
        if (size > 0 && parts[size - 1].mass == mass && parts[size - 1].end == begin) {
            parts[size - 1].end = end;
            return;
        }
        if (size == max_segments)
            detail::fail<std::length_error>("rollplan: this distribution has too many distinct masses to analyse");
        parts[size++] = {begin, end, mass};
    }
    constexpr rational mass_of(count_t value) const {
        for (std::size_t i = 0; i < size; ++i)
            if (parts[i].begin <= value && value < parts[i].end) return parts[i].mass;
        return {};
    }
    constexpr rational total() const {
        rational sum;
        for (std::size_t i = 0; i < size; ++i) sum = sum + parts[i].mass * rational{parts[i].end - parts[i].begin};
        return sum;
    }
    friend constexpr bool operator==(const distribution& a, const distribution& b) {
        if (a.outcomes != b.outcomes || a.size != b.size) return false;
        for (std::size_t i = 0; i < a.size; ++i)
            if (!(a.parts[i] == b.parts[i])) return false;
        return true;
    }
    constexpr bool is_uniform() const {
        return size == 1 && parts[0].begin == 0 && parts[0].end == outcomes && parts[0].mass == rational{1, outcomes};
    }
};

namespace detail {

constexpr distribution uniform_on(count_t n) {
    distribution d;
    d.outcomes = n;
    d.append(0, n, rational{1, n});
    return d;
}

// The joint value hi·|lo| + lo of two independent nodes.
constexpr distribution digits_product(const distribution& hi, const distribution& lo) {
    distribution d;
    d.outcomes = checked_mul(hi.outcomes, lo.outcomes, "rollplan: a product of digits passed 2^128");
    const bool lo_is_one_segment = lo.size == 1 && lo.parts[0].begin == 0 && lo.parts[0].end == lo.outcomes;
    if (lo_is_one_segment) {
        for (std::size_t i = 0; i < hi.size; ++i)
            d.append(hi.parts[i].begin * lo.outcomes, hi.parts[i].end * lo.outcomes, hi.parts[i].mass * lo.parts[0].mass);
        return d;
    }
    if (hi.outcomes > max_segments)
        detail::fail<std::length_error>("rollplan: this distribution has too many distinct masses to analyse");
    for (count_t v = 0; v < hi.outcomes; ++v)
        for (std::size_t j = 0; j < lo.size; ++j)
            d.append(v * lo.outcomes + lo.parts[j].begin, v * lo.outcomes + lo.parts[j].end,
                     hi.mass_of(v) * lo.parts[j].mass);
    return d;
}

// Values below `limit` only, masses unchanged (not normalised).
constexpr distribution below(const distribution& a, count_t limit) {
    distribution d;
    d.outcomes = a.outcomes;
    for (std::size_t i = 0; i < a.size && a.parts[i].begin < limit; ++i)
        d.append(a.parts[i].begin, a.parts[i].end < limit ? a.parts[i].end : limit, a.parts[i].mass);
    return d;
}

// The distribution of v mod m.
constexpr distribution residues(const distribution& a, count_t m) {
    std::array<count_t, 2 * max_segments + 2> cuts{};
    std::size_t n = 0;
    cuts[n++] = 0;
    cuts[n++] = m;
    for (std::size_t i = 0; i < a.size; ++i) {
        cuts[n++] = a.parts[i].begin % m;
        cuts[n++] = a.parts[i].end % m;
    }
    detail::sort_small(cuts.begin(), cuts.begin() + static_cast<std::ptrdiff_t>(n));
    distribution d;
    d.outcomes = m;
    for (std::size_t c = 0; c + 1 < n; ++c) {
        const count_t r = cuts[c];
        if (r == cuts[c + 1]) continue;
        rational mass;
        for (std::size_t i = 0; i < a.size; ++i) {
            const count_t b = a.parts[i].begin, e = a.parts[i].end;
            const count_t hits = e / m - b / m + (r < e % m ? 1 : 0) - (r < b % m ? 1 : 0);
            if (hits != 0) mass = mass + a.parts[i].mass * rational{hits};
        }
        d.append(r, cuts[c + 1], mass);
    }
    return d;
}

constexpr distribution scaled(const distribution& a, const rational& factor) {
    distribution d;
    d.outcomes = a.outcomes;
    for (std::size_t i = 0; i < a.size; ++i) d.append(a.parts[i].begin, a.parts[i].end, a.parts[i].mass * factor);
    return d;
}

// The values a rejection keeps: below the largest multiple of M that fits.
constexpr count_t kept_below(count_t inner, count_t m) { return inner / m * m; }

constexpr distribution node_distribution(const plan_description& d, const plan_node& node);

// The chain of a recycle node (its operand uniform on L values: radix L) or
// of a recycle_set node (its dice).
constexpr detail::range_chain chain_of(const plan_description& d, const plan_node& node, count_t operand) {
    detail::range_chain c;
    c.m = node.outcomes;
    if (node.kind == node_kind::recycle_set) {
        for (std::size_t i = 0; i < node.children; ++i) c.radix[c.size++] = d.child(node, i).outcomes;
    } else {
        c.radix[c.size++] = operand;
    }
    return c;
}

// The value of a recycle or recycle_set node. Each attempt starts from a
// state uniform on a range (the chain's) and is counted like a rejection; the
// first attempts (64, or until every sequence is resolved) are counted, and
// they must all give one distribution, which is the node's.
constexpr distribution recycled(detail::range_chain chain) {
    distribution first;
    for (int attempt = 0; attempt < 64 && chain.range != 0; ++attempt) {
        const count_t range = chain.fill();
        const count_t kept = kept_below(range, chain.m);
        const distribution accepted = below(uniform_on(range), kept);
        const distribution drawn = scaled(residues(accepted, chain.m), rational{1} / accepted.total());
        if (attempt == 0)
            first = drawn;
        else if (!(drawn == first))
            detail::fail<std::logic_error>("rollplan: two attempts of a recycle node draw differently");
        chain.reject();
    }
    return first;
}


// The value of a scale node on a uniform operand: uniform, by the invariant
// stated at the node (each of the M values has exactly ⌊L/M⌋ accepted
// preimages); tests/sample.cpp counts the preimages of every (L, M) with
// L <= 64 through the running code.
constexpr distribution scaled_down(const distribution& operand, count_t m) {
    if (!operand.is_uniform()) detail::fail<std::domain_error>("rollplan: scale is analysed for a uniform operand only");
    if (m > operand.outcomes) detail::fail<std::domain_error>("rollplan: this scale node never accepts (M > |P|)");
    return uniform_on(m);
}

constexpr count_t uniform_by_invariant(const plan_description& d, const plan_node& node);

// A loaded node (cut, knuth_yao) is a whole plan: the nodes above it are
// analysed for operands whose value does not depend on the number of rolls,
// which a Knuth–Yao tree's does.
constexpr void check_loaded_at_root(const plan_description& d, const plan_node& node) {
    if (&node != &d.root()) fail<std::invalid_argument>("rollplan: a loaded node (cut, knuth_yao) must be the root of its plan");
}
constexpr count_t total_weight_of(const plan_description& d, const plan_node& node) {
    count_t total = 0;
    for (std::size_t i = 1; i < node.children; ++i) total += d.child(node, i).outcomes;
    return total;
}

// cut: outcome i collects the mass of the operand's values in [c_i, c_i + W_i).
constexpr distribution cut_distribution(const plan_description& d, const plan_node& node, const distribution& operand) {
    check_loaded_at_root(d, node);
    if (operand.outcomes != total_weight_of(d, node))
        fail<std::domain_error>("rollplan: a cut node's operand needs exactly W outcomes", "W", total_weight_of(d, node));
    distribution r;
    r.outcomes = node.outcomes;
    count_t begin = 0;
    for (std::size_t i = 0; i + 1u < node.children; ++i) {
        const count_t end = begin + d.child(node, 1 + i).outcomes;
        rational mass;
        for (std::size_t j = 0; j < operand.size; ++j) {
            const count_t from = operand.parts[j].begin > begin ? operand.parts[j].begin : begin;
            const count_t to = operand.parts[j].end < end ? operand.parts[j].end : end;
            if (from < to) mass = mass + operand.parts[j].mass * rational{to - from};
        }
        r.append(i, i + 1, mass);
        begin = end;
    }
    return r;
}

// knuth_yao: W_i / W, by the invariant stated at the node (the K-ary
// expansion of W_i / W); verify_exhaustively counts the tree's leaves of
// each outcome at each depth through the running code, and tests/analysis.cpp
// sums them against W_i / W.
constexpr distribution knuth_yao_distribution(const plan_description& d, const plan_node& node) {
    check_loaded_at_root(d, node);
    if (d.child(node).kind != node_kind::roll || d.child(node).outcomes < 2)
        fail<std::domain_error>("rollplan: a knuth_yao node rolls one die of 2 faces or more");
    const count_t total = total_weight_of(d, node);
    if (total == 0) fail<std::domain_error>("rollplan: a knuth_yao node needs a positive weight");
    distribution r;
    r.outcomes = node.outcomes;
    for (std::size_t i = 0; i + 1u < node.children; ++i) r.append(i, i + 1, rational{d.child(node, 1 + i).outcomes, total});
    return r;
}

// The probability that one attempt of a rejection or a scale node is kept:
// the values below ⌊L/M⌋·M for a rejection, as many (⌊L/M⌋·M of the L
// values of a uniform operand) for a scale node; ⌊L/M⌋·M / L outright when
// the operand is uniform by its invariants.
constexpr rational acceptance(const plan_description& d, const plan_node& node) {
    if (const count_t operand = uniform_by_invariant(d, d.child(node)); operand != 0 && node.outcomes <= operand)
        return rational{kept_below(operand, node.outcomes), operand};
    const distribution inner = node_distribution(d, d.child(node));
    if (node.kind == node_kind::scale) scaled_down(inner, node.outcomes);
    return below(inner, kept_below(inner.outcomes, node.outcomes)).total();
}

constexpr distribution node_distribution(const plan_description& d, const plan_node& node) {
    switch (node.kind) {
        case node_kind::roll:
            return uniform_on(node.outcomes);
        case node_kind::mixed_radix: {
            distribution joint = uniform_on(1);
            for (std::size_t i = 0; i < node.children; ++i)
                joint = digits_product(joint, node_distribution(d, d.child(node, i)));
            return joint;
        }
        case node_kind::fold:
            return residues(node_distribution(d, d.child(node)), node.outcomes);
        case node_kind::reject: {
            const distribution inner = node_distribution(d, d.child(node));
            const distribution kept = below(inner, kept_below(inner.outcomes, node.outcomes));
            const rational kept_mass = kept.total();
            if (kept_mass == rational{0}) detail::fail<std::domain_error>("rollplan: this rejection never accepts");
            return scaled(residues(kept, node.outcomes), rational{1} / kept_mass);
        }
        case node_kind::recycle: {
            const distribution operand = node_distribution(d, d.child(node));
            if (!operand.is_uniform()) detail::fail<std::domain_error>("rollplan: recycle is analysed for a uniform operand only");
            return recycled(chain_of(d, node, operand.outcomes));
        }
        case node_kind::recycle_set:
            return recycled(chain_of(d, node, 0));
        case node_kind::scale:
            return scaled_down(node_distribution(d, d.child(node)), node.outcomes);
        case node_kind::cut:
            return cut_distribution(d, node, node_distribution(d, d.child(node)));
        case node_kind::knuth_yao:
            return knuth_yao_distribution(d, node);
        case node_kind::weight:
            break;
    }
    detail::fail<std::logic_error>("rollplan: unknown plan node");
}

// Expected digits of a recycle_set loop: Σ_i reach_i · rolls_i over its
// attempts, reach_{i+1} = reach_i · (ρ_i mod M)/ρ_i; the ranges left by
// rejections repeat (they are below M), and the sum over a repeating part is
// a geometric series. In double, the attempts until reach < 10^-30.
template <class Number>
constexpr Number chain_rolls(detail::range_chain chain) {
    if constexpr (std::is_same_v<Number, double>) {
        return chain.expected_digits();
    } else {
        constexpr std::size_t most = 256;
        std::array<count_t, most> start{};  // the range before attempt i
        std::array<rational, most> reach{}, rolls{};
        rational next_reach{1};
        for (std::size_t i = 0; i < most; ++i) {
            if (chain.range == 0) {  // nothing left: a finite sum
                rational sum;
                for (std::size_t j = 0; j < i; ++j) sum = sum + reach[j] * rolls[j];
                return sum;
            }
            for (std::size_t j = 0; j < i; ++j) {
                if (start[j] != chain.range) continue;
                // attempts j .. i-1 repeat forever, each round with probability next_reach/reach[j]
                rational head, cycle;
                for (std::size_t k = 0; k < j; ++k) head = head + reach[k] * rolls[k];
                for (std::size_t k = j; k < i; ++k) cycle = cycle + reach[k] * rolls[k];
                return head + cycle / (rational{1} - next_reach / reach[j]);
            }
            start[i] = chain.range;
            reach[i] = next_reach;
            const count_t range = chain.fill();
            rolls[i] = rational{chain.rolls};
            next_reach = next_reach * rational{range - kept_below(range, chain.m), range};
            chain.reject();
        }
        fail<std::overflow_error>("rollplan: the exact expected rolls of this recycle_set need more than 256 attempts "
                                  "before its ranges repeat; approximate_expected_rolls gives them in double");
    }
}

// Expected source rolls: roll 1, mixed_radix the sum, fold its operand,
// reject and scale their operand's divided by the acceptance probability, recycle its
// operand times the Knuth–Yao number of draws Σ_j (|P|^j mod M)/|P|^j,
// recycle_set its chain's digits (chain_rolls). Number is rational (exact)
// or double (an estimate, for when the exact Knuth–Yao sum needs more than
// 128 bits).
template <class Number>
constexpr Number node_rolls(const plan_description& d, const plan_node& node) {
    switch (node.kind) {
        case node_kind::roll:
            return Number{1};
        case node_kind::mixed_radix: {
            Number sum{};
            for (std::size_t i = 0; i < node.children; ++i) sum = sum + node_rolls<Number>(d, d.child(node, i));
            return sum;
        }
        case node_kind::fold:
            return node_rolls<Number>(d, d.child(node));
        case node_kind::reject:
        case node_kind::scale:
            if constexpr (std::is_same_v<Number, double>)
                return node_rolls<Number>(d, d.child(node)) / acceptance(d, node).to_double();
            else
                return node_rolls<Number>(d, d.child(node)) / acceptance(d, node);
        case node_kind::recycle:
            if constexpr (std::is_same_v<Number, double>)
                return node_rolls<Number>(d, d.child(node)) * detail::knuth_yao_estimate(node.outcomes, d.child(node).outcomes);
            else
                return node_rolls<Number>(d, d.child(node)) * knuth_yao_sum(node.outcomes, d.child(node).outcomes);
        case node_kind::recycle_set:
            return chain_rolls<Number>(chain_of(d, node, 0));
        case node_kind::cut:
            return node_rolls<Number>(d, d.child(node));
        case node_kind::knuth_yao: {
            const count_t total = total_weight_of(d, node), radix = d.child(node).outcomes;
            const auto weight = [&](std::size_t i) { return d.child(node, 1 + i).outcomes; };
            if constexpr (std::is_same_v<Number, double>)
                return knuth_yao_rolls_estimate(node.children - 1u, total, radix, weight);
            else
                return knuth_yao_sum(node.children - 1u, total, radix, weight);
        }
        case node_kind::weight:
            break;
    }
    detail::fail<std::logic_error>("rollplan: unknown plan node");
}

// The number of values a node is uniform on when the invariants stated at the
// nodes (plan.hpp) say so without counting, else 0. Each is a theorem about a
// uniform operand on [0, L), checked here on the node's data:
//   roll            uniform on K;
//   mixed_radix     uniform on the product when every digit is uniform;
//   fold by M       uniform when M divides L (each residue has L/M preimages);
//   reject by M     uniform when M <= L (each residue has ⌊L/M⌋ kept preimages);
//   scale to M      uniform when M <= L (each value has ⌊L/M⌋ kept preimages);
//   recycle to M    uniform when L >= 2 (every attempt starts uniform on its range).
// Anything else (a fold that does not divide, a rejection that never accepts,
// an operand that is not uniform) gives 0, and the counting above decides.
// tests/analysis.cpp checks that both agree on every small node.
constexpr count_t uniform_by_invariant(const plan_description& d, const plan_node& node) {
    if (node.kind == node_kind::roll) return node.outcomes;
    if (node.kind == node_kind::mixed_radix) {
        count_t product = 1;
        for (std::size_t i = 0; i < node.children; ++i) {
            const count_t digit = uniform_by_invariant(d, d.child(node, i));
            if (digit == 0 || (product != 0 && digit > count_max / product)) return 0;
            product *= digit;
        }
        return product == node.outcomes ? product : 0;
    }
    if (node.kind == node_kind::recycle_set) {  // its digits are rolls of dice, each uniform
        for (std::size_t i = 0; i < node.children; ++i)
            if (d.child(node, i).kind != node_kind::roll || d.child(node, i).outcomes < 2) return 0;
        return node.outcomes >= 2 && node.children >= 1 ? node.outcomes : 0;
    }
    const count_t operand = uniform_by_invariant(d, d.child(node)), m = node.outcomes;
    if (operand == 0 || m == 0) return 0;
    switch (node.kind) {
        case node_kind::fold:
            return operand % m == 0 ? m : 0;
        case node_kind::reject:
        case node_kind::scale:
            return m <= operand ? m : 0;
        case node_kind::recycle:
            return operand >= 2 ? m : 0;
        default:
            return 0;
    }
}

}  // namespace detail

// ---- on plan data -----------------------------------------------------------

constexpr distribution distribution_of(const plan_description& d) { return detail::node_distribution(d, d.root()); }
constexpr rational expected_rolls(const plan_description& d) { return detail::node_rolls<rational>(d, d.root()); }
// The same in double, computed node by node as expected_rolls is: for when
// the exact value needs more than 128 bits (a Knuth–Yao loop with a long
// period of K^k mod N), where expected_rolls throws std::overflow_error.
constexpr double approximate_expected_rolls(const plan_description& d) { return detail::node_rolls<double>(d, d.root()); }
// Uniform by the nodes' invariants when they apply, else by counting.
constexpr bool is_exactly_uniform(const plan_description& d) {
    return (d.outcomes() != 0 && detail::uniform_by_invariant(d, d.root()) == d.outcomes()) ||
           distribution_of(d).is_uniform();
}

// Exactly W_i / W for each outcome i of the weights given (n of them):
// by the invariants when the plan's root is a loaded node with weights in
// these proportions over a uniform operand (or a uniform plan and equal
// weights), else by counting.
constexpr bool is_exactly_distributed(const plan_description& d, const count_t* weights, std::size_t n) {
    if (d.outcomes() != n || n == 0) return false;
    count_t total = 0;
    for (std::size_t i = 0; i < n; ++i) total = detail::checked_add(total, weights[i], "rollplan: weights add up past 2^128");
    if (total == 0) return false;
    if (d.is_loaded()) {
        const count_t plan_total = d.total_weight();
        bool proportional = true;
        for (std::size_t i = 0; i < n && proportional; ++i)
            proportional = rational{d.weight(i), plan_total} == rational{weights[i], total};
        const plan_node& operand = d.child(d.root());
        const bool by_invariant = d.root().kind == node_kind::knuth_yao
                                      ? operand.kind == node_kind::roll && operand.outcomes >= 2
                                      : detail::uniform_by_invariant(d, operand) == plan_total;
        if (proportional && by_invariant) return true;
    } else {
        bool equal = true;
        for (std::size_t i = 1; i < n; ++i) equal = equal && weights[i] == weights[0];
        if (equal && detail::uniform_by_invariant(d, d.root()) == n) return true;
    }
    const distribution found = distribution_of(d);
    for (std::size_t i = 0; i < n; ++i)
        if (found.mass_of(i) != rational{weights[i], total}) return false;
    return true;
}

inline constexpr std::size_t max_model_depth = 24;
using length_counts = std::array<count_t, max_model_depth + 1>;

namespace detail {
constexpr count_t sequences_mul(count_t a, count_t b) {
    return checked_mul(a, b, "rollplan: sequence counts at this depth need more than 128 bits");
}
constexpr count_t sequences_add(count_t a, count_t b) {
    return checked_add(a, b, "rollplan: sequence counts at this depth need more than 128 bits");
}
constexpr rational sequences_mul(const rational& a, const rational& b) { return a * b; }
constexpr rational sequences_add(const rational& a, const rational& b) { return a + b; }

// The model of roll counts, in two units: Weight = count_t counts the
// sequences of ℓ rolls of a plan's one die that finish at roll ℓ (a roll: K
// of them); Weight = rational gives the probability of finishing at roll ℓ
// (a roll: 1), which also serves plans over several dice. A node's value is
// independent of how many rolls it took (true of every node here, by
// induction), so a rejection keeps the same fraction at each length.
template <class Weight>
constexpr std::array<Weight, max_model_depth + 1> finishing_by_length(const plan_description& d, const plan_node& node,
                                                                     std::size_t depth) {
    using by_length = std::array<Weight, max_model_depth + 1>;
    constexpr bool counts = std::is_same_v<Weight, count_t>;
    by_length r{};
    switch (node.kind) {
        case node_kind::roll:
            if (depth >= 1) r[1] = counts ? Weight{node.outcomes} : Weight{1};
            return r;
        case node_kind::mixed_radix: {
            r[0] = Weight{1};
            for (std::size_t i = 0; i < node.children; ++i) {
                const by_length digit = finishing_by_length<Weight>(d, d.child(node, i), depth);
                by_length joint{};
                for (std::size_t a = 0; a <= depth; ++a) {
                    if (r[a] == Weight{0}) continue;
                    for (std::size_t b = 0; a + b <= depth; ++b)
                        joint[a + b] = sequences_add(joint[a + b], sequences_mul(r[a], digit[b]));
                }
                r = joint;
            }
            return r;
        }
        case node_kind::fold:
            return finishing_by_length<Weight>(d, d.child(node), depth);
        case node_kind::reject:
        case node_kind::scale: {
            const by_length inner = finishing_by_length<Weight>(d, d.child(node), depth);
            const rational acceptance = detail::acceptance(d, node);
            by_length kept{}, again{};
            for (std::size_t l = 0; l <= depth; ++l) {
                const rational k = rational{inner[l]} * acceptance;
                if constexpr (counts) {
                    if (k.denominator() != 1)
                        fail<std::logic_error>("rollplan: a rejection keeps a fractional number of sequences");
                    kept[l] = k.numerator();
                } else {
                    kept[l] = k;
                }
                again[l] = inner[l] - kept[l];
            }
            // finish at l: kept at l, or rejected at i and then finish in l − i more
            for (std::size_t l = 0; l <= depth; ++l) {
                r[l] = kept[l];
                for (std::size_t i = 1; i < l; ++i) r[l] = sequences_add(r[l], sequences_mul(again[i], r[l - i]));
            }
            return r;
        }
        case node_kind::recycle_set: {
            // along the chain: an attempt that ends after l rolls finishes with reach·kept/range
            if constexpr (counts) {
                fail<std::invalid_argument>("rollplan: a recycle_set rolls several dice; use finishing_probabilities");
            } else {
                detail::range_chain chain = chain_of(d, node, 0);
                rational reach{1};
                std::size_t rolled = 0;
                while (chain.range != 0) {
                    const count_t range = chain.fill();
                    rolled += chain.rolls;
                    if (rolled > depth) break;
                    const count_t kept = kept_below(range, chain.m);
                    r[rolled] = r[rolled] + reach * rational{kept, range};
                    reach = reach * rational{range - kept, range};
                    chain.reject();
                }
                return r;
            }
        }
        case node_kind::recycle: {
            // After j draws of the operand, L^j mod M of the L^j draw sequences
            // are unresolved (L = |P|), so L·U(j−1) − U(j) of them finish at draw
            // j, each standing for inner^{*j}(ℓ) / L^j of what j draws take at length ℓ.
            const by_length inner = finishing_by_length<Weight>(d, d.child(node), depth);
            const count_t radix = d.child(node).outcomes, m = node.outcomes;
            by_length draws{};
            draws[0] = Weight{1};
            count_t unresolved = 1 % m, radix_power = 1;
            for (std::size_t j = 1; j <= depth; ++j) {
                by_length more{};
                for (std::size_t a = 0; a <= depth; ++a) {
                    if (draws[a] == Weight{0}) continue;  // a roll's draws have one length: most entries are 0
                    for (std::size_t b = 0; a + b <= depth; ++b)
                        more[a + b] = sequences_add(more[a + b], sequences_mul(draws[a], inner[b]));
                }
                draws = more;
                radix_power = sequences_mul(radix_power, radix);
                const count_t next = next_residue(unresolved, radix, m);
                const count_t finishing = radix * unresolved - next;
                for (std::size_t l = 0; l <= depth; ++l)
                    r[l] = sequences_add(r[l], sequences_mul(draws[l] / Weight{radix_power}, Weight{finishing}));
                unresolved = next;
            }
            return r;
        }
        case node_kind::cut:
            return finishing_by_length<Weight>(d, d.child(node), depth);
        case node_kind::knuth_yao: {
            // K·U_{ℓ−1} − U_ℓ of the K^ℓ sequences of ℓ rolls finish at roll ℓ
            check_loaded_at_root(d, node);
            const count_t total = total_weight_of(d, node), radix = d.child(node).outcomes;
            const auto weight = [&](std::size_t i) { return d.child(node, 1 + i).outcomes; };
            count_t share = 1 % total, unfinished = knuth_yao_unfinished(share, node.children - 1u, total, weight);
            [[maybe_unused]] Weight scale{1};
            r[0] = Weight{1 - unfinished};
            for (std::size_t l = 1; l <= depth && unfinished != 0; ++l) {
                share = next_residue(share, radix, total);
                const count_t next = knuth_yao_unfinished(share, node.children - 1u, total, weight);
                const count_t finishing = sequences_mul(radix, unfinished) - next;
                if constexpr (counts) {
                    r[l] = finishing;
                } else {
                    scale = scale * rational{1, radix};
                    r[l] = rational{finishing} * scale;
                }
                unfinished = next;
            }
            return r;
        }
        case node_kind::weight:
            break;
    }
    fail<std::logic_error>("rollplan: unknown plan node");
}

constexpr void check_model_depth(std::size_t depth) {
    if (depth > max_model_depth)
        fail<std::invalid_argument>("rollplan: the model counts at most max_model_depth (24) rolls", "depth", depth);
}

}  // namespace detail

// How many sequences of exactly ℓ rolls of the plan's die finish the plan at
// roll ℓ, for ℓ = 0..depth (a plan of one kind of die).
constexpr length_counts resolved_by_length(const plan_description& d, std::size_t depth) {
    detail::check_model_depth(depth);
    if (d.rolls_several_dice())
        detail::fail<std::invalid_argument>("rollplan: resolved_by_length counts the sequences of one die; "
                                            "use finishing_probabilities for a plan over several dice");
    return detail::finishing_by_length<count_t>(d, d.root(), depth);
}

namespace detail {
// resolved_by_outcome, given the plan's resolved_by_length for the same depth.
constexpr length_counts resolved_with_outcome(const plan_description& d, const length_counts& all, std::size_t depth,
                                              std::size_t v) {
    if (v >= d.outcomes()) fail<std::invalid_argument>("rollplan: resolved_by_outcome needs an outcome of the plan", "v", v);
    length_counts r{};
    if (d.root().kind == node_kind::knuth_yao) {
        const count_t total = d.total_weight(), radix = d.child(d.root()).outcomes;
        if (certain_outcome(d.weight_count(), total, [&](std::size_t i) { return d.weight(i); }) != d.weight_count()) {
            r[0] = d.weight(v) == total ? 1 : 0;
            return r;
        }
        count_t share = 1;
        for (std::size_t l = 1; l <= depth; ++l, share = next_residue(share, radix, total))
            r[l] = knuth_yao_leaves(share, d.weight(v), total, radix);
        return r;
    }
    const count_t share = d.is_loaded() ? d.weight(v) : 1, total = d.is_loaded() ? d.total_weight() : d.outcomes();
    for (std::size_t l = 0; l <= depth; ++l) {
        // all[l] < 2^128 and a share below 2^64: split before multiplying
        const count_t whole = all[l] / total, part = all[l] % total;
        if (checked_mul(part, share, "rollplan: resolved_by_outcome: counts past 2^128") % total != 0)
            fail<std::logic_error>("rollplan: the model does not split these sequences in the outcomes' proportions",
                                   "length", l);
        r[l] = whole * share + part * share / total;
    }
    return r;
}
}  // namespace detail

// How many sequences of exactly ℓ rolls of the plan's die finish the plan
// with outcome v, for ℓ = 0..depth: for a Knuth–Yao tree its leaves of v at
// depth ℓ (the ℓ-th K-ary digit of W_v / W); for any other plan, the share
// W_v / W of resolved_by_length (1/N for a uniform plan), since each of
// those nodes gives its value independently of the number of rolls.
constexpr length_counts resolved_by_outcome(const plan_description& d, std::size_t depth, std::size_t v) {
    return detail::resolved_with_outcome(d, resolved_by_length(d, depth), depth, v);
}

using length_probabilities = std::array<rational, max_model_depth + 1>;

// The probability that the plan finishes at exactly roll ℓ, for ℓ = 0..depth:
// any plan, over one die or several.
constexpr length_probabilities finishing_probabilities(const plan_description& d, std::size_t depth) {
    detail::check_model_depth(depth);
    return detail::finishing_by_length<rational>(d, d.root(), depth);
}

// unfinished[k]: of the K^k sequences of k rolls, how many leave the plan
// unfinished, for k = 0..depth; one count of the model serves every k.
constexpr length_counts unfinished_by_length(const plan_description& d, std::size_t depth) {
    const length_counts r = resolved_by_length(d, depth);
    const count_t faces = d.faces == 0 ? 1 : d.faces;
    length_counts unfinished{};
    count_t all = 1, finished = 0;
    for (std::size_t l = 0; l <= depth; ++l) {
        // finished = Σ_{ℓ ≤ l} r[ℓ]·K^(l−ℓ), built up one roll at a time
        finished = detail::sequences_add(detail::sequences_mul(finished, faces), r[l]);
        if (l > 0) all = detail::sequences_mul(all, faces);
        unfinished[l] = all - finished;
    }
    return unfinished;
}

// Of the K^depth sequences of `depth` rolls, how many leave the plan unfinished.
constexpr count_t unresolved_after(const plan_description& d, std::size_t depth) {
    detail::check_model_depth(depth);  // here too, so that the index below is seen to be in range
    return unfinished_by_length(d, depth)[depth];
}

namespace detail {
// The deepest k <= max_model_depth with K^k below 2^128: how far the counts reach.
constexpr std::size_t countable_depth(const plan_description& d) {
    std::size_t k = 0;
    while (k < max_model_depth && (d.faces == 0 || power_or_zero(d.faces, static_cast<unsigned>(k + 1)) != 0)) ++k;
    return k;
}
constexpr rational share_of_sequences(count_t sequences, const plan_description& d, std::size_t k) {
    return rational{sequences, d.faces == 0 ? 1 : power_or_zero(d.faces, static_cast<unsigned>(k))};
}
}  // namespace detail

// The probability that the plan needs more than k rolls (k <= max_model_depth,
// K^k below 2^128): the sequences of k rolls it leaves unfinished, of all K^k;
// over several dice, one minus the probabilities of finishing by roll k.
constexpr rational tail_probability(const plan_description& d, std::size_t k) {
    if (d.rolls_several_dice()) {  // by probabilities: 1 − Σ_{ℓ ≤ k} P(finish at ℓ)
        const length_probabilities finishing = finishing_probabilities(d, k);
        rational done;
        for (std::size_t l = 0; l <= k; ++l) done = done + finishing[l];
        return rational{1} - done;
    }
    if (d.faces != 0 && detail::power_or_zero(d.faces, static_cast<unsigned>(k)) == 0)
        detail::fail<std::overflow_error>("rollplan: tail_probability needs K^k below 2^128", "K", d.faces, "k", k);
    return detail::share_of_sequences(unresolved_after(d, k), d, k);
}

// The fewest rolls k after which the plan is done with probability at least
// p: the smallest k with tail_probability(d, k) <= 1 − p. An error when p is
// not in [0, 1], or when no k the model counts (up to max_model_depth, and
// K^k below 2^128) is enough.
constexpr std::size_t rolls_enough(const plan_description& d, const rational& p) {
    if (p > rational{1}) detail::fail<std::invalid_argument>("rollplan: rolls_enough needs a probability p <= 1");
    const rational allowed = rational{1} - p;
    if (d.rolls_several_dice()) {
        // probabilities, as deep as needed (deeper sums need longer denominators)
        for (std::size_t depth = 8; depth <= max_model_depth; depth += 8) {
            const length_probabilities finishing = finishing_probabilities(d, depth);
            rational done;
            for (std::size_t k = 0; k <= depth; ++k) {
                done = done + finishing[k];
                if (rational{1} - done <= allowed) return k;
            }
        }
        detail::fail<std::domain_error>(
            "rollplan: rolls_enough: the plan is not done with this probability within the rolls the model counts "
            "(max_model_depth)", "counted rolls", max_model_depth);
    }
    const std::size_t depth = detail::countable_depth(d);
    const length_counts unfinished = unfinished_by_length(d, depth);
    for (std::size_t k = 0; k <= depth; ++k)
        if (detail::share_of_sequences(unfinished[k], d, k) <= allowed) return k;
    detail::fail<std::domain_error>(
        "rollplan: rolls_enough: the plan is not done with this probability within the rolls the model counts "
        "(max_model_depth, and K^k below 2^128)",
        "counted rolls", depth);
}

// ---- on plan types ------------------------------------------------------------

template <plan P>
inline constexpr rational expected_rolls_v = expected_rolls(description_v<P>);

template <plan P>
inline constexpr bool is_exactly_uniform_v = is_exactly_uniform(description_v<P>);

namespace detail {
template <class P, class Target>
constexpr bool exactly_distributed() {
    static_assert(is_loaded_v<Target>, "rollplan: is_exactly_distributed_v<P, Target> needs a target loaded<W...>");
    if constexpr (is_loaded_v<Target>)
        return is_exactly_distributed(description_v<P>, Target::weights.data(), Target::size);
    else
        return false;
}
}  // namespace detail

// P gives outcome i with probability exactly W_i / W, for Target = loaded<W...>.
template <plan P, class Target>
inline constexpr bool is_exactly_distributed_v = detail::exactly_distributed<P, Target>();

// The probability that P needs more than k rolls, and the fewest rolls that
// finish it with probability at least p (see the functions on plan data).
template <plan P>
constexpr rational tail_probability(std::size_t k) {
    return tail_probability(description_v<P>, k);
}
template <plan P>
constexpr std::size_t rolls_enough(const rational& p) {
    return rolls_enough(description_v<P>, p);
}

inline constexpr count_t max_listed_outcomes = 4096;

// The probability of each outcome of P.
template <plan P>
constexpr auto exact_distribution() {
    static_assert(P::outcome_count <= max_listed_outcomes,
                  "rollplan: exact_distribution<P>() lists at most 4096 outcomes; use distribution_of(description_v<P>)");
    constexpr distribution d = distribution_of(description_v<P>);
    std::array<rational, static_cast<std::size_t>(P::outcome_count)> masses{};
    for (std::size_t i = 0; i < d.size; ++i)
        for (count_t v = d.parts[i].begin; v < d.parts[i].end; ++v) masses[static_cast<std::size_t>(v)] = d.parts[i].mass;
    return masses;
}

}  // namespace rollplan
