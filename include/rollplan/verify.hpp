// rollplan/verify.hpp: exhaustive checks of running code, in constant
// expressions, and what they prove.
//
// Sequences of source rolls are explored as a tree: a prefix is extended only
// when the code asked for more rolls than it had, so the work is the number
// of prefixes that leave it unfinished, times K. Clang's default budget (2^20
// steps) holds about 10^4 runs of a small sampler; deeper sweeps raise
// -fconstexpr-steps.
//
// - check_attempt<Die, N>(attempt, max_rolls): one bounded attempt of a
//   rejection sampler, on every sequence of rolls it can take. Equal masses
//   and a non-zero acceptance prove "repeat until accepted" exactly uniform.
// - check_sampler<Die, N>(sampler, depth): any sampler as a black box, on
//   every sequence of up to `depth` rolls. Exact masses so far, a proven bound
//   on the bias, a proof of bias when there is one; uniform only when every
//   sequence finished within the depth.
// - verify_exhaustively<P>(depth): rollplan's own sample<P> against the model
//   of analysis.hpp, which is what proves P uniform (or, for a loaded plan,
//   distributed as its weights): the running code resolves the same sequences
//   with the same count for each outcome as the model, at every length up to
//   `depth`.
//
// check_sampler<Die, loaded<W...>> and check_attempt<Die, loaded<W...>> check
// a weighted sampler against each outcome's share W_v / W instead of 1/N.
//
// static_assert(proven_uniform<report>) (proven_exact<report>, the same)
// explains a failure in the compiler's output with the outcomes, masses and
// rolls as template arguments.
#pragma once

#include "detail/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "analysis.hpp"
#include "die.hpp"
#include "engines.hpp"
#include "detail/integer.hpp"
#include "plan.hpp"
#include "rational.hpp"
#include "sample.hpp"

namespace rollplan {

inline constexpr std::size_t max_check_depth = 16;

// A source that replays a fixed prefix of rolls. Past its end it remembers
// that the sampler wanted more, and returns a fixed pseudo-random stream
// (splitmix64 reduced to [0, K)) so that the sampler can finish: no single
// value is accepted by every plan (a rejection keeps 0, Lemire's map refuses
// it), and what the sampler returns then is not counted.
template <class Die>
class replay_source {
public:
    using die_type = Die;
    constexpr replay_source(const std::array<std::uint64_t, max_check_depth>& rolls, std::size_t length)
        : rolls_(&rolls), length_(length) {}
    constexpr std::uint64_t operator()() {
        if (used_ < length_) return (*rolls_)[used_++];
        ++used_;
        exhausted_ = true;
        const std::uint64_t z = tail_();
        return Die::faces == two_to_64 ? z : static_cast<std::uint64_t>(z % Die::faces);
    }
    constexpr bool exhausted() const { return exhausted_; }
    constexpr std::size_t used() const { return used_; }

private:
    const std::array<std::uint64_t, max_check_depth>* rolls_;
    std::size_t length_;
    std::size_t used_ = 0;
    bool exhausted_ = false;
    splitmix64 tail_{};
};

// The replaying source for a plan over a dice_set: the walk records which die
// the run asked for at each position (a function of the rolls before it), so
// that it extends a prefix with that die's faces.
template <class Dice>
class replay_dice_source {
public:
    using die_type = Dice;
    constexpr replay_dice_source(const std::array<std::uint64_t, max_check_depth>& rolls,
                                 std::array<count_t, max_check_depth + 1>& asked, std::size_t length)
        : rolls_(&rolls), asked_(&asked), length_(length) {}
    constexpr std::uint64_t operator()(count_t faces) {
        if (used_ < length_) {
            if ((*asked_)[used_] != faces)
                detail::fail<std::logic_error>("rollplan: a run asked for another die on the same rolls");
            return (*rolls_)[used_++];
        }
        if (!exhausted_) (*asked_)[length_] = faces;
        ++used_;
        exhausted_ = true;
        const std::uint64_t z = tail_();
        return faces == two_to_64 ? z : static_cast<std::uint64_t>(z % faces);
    }
    constexpr bool exhausted() const { return exhausted_; }
    constexpr std::size_t used() const { return used_; }

private:
    const std::array<std::uint64_t, max_check_depth>* rolls_;
    std::array<count_t, max_check_depth + 1>* asked_;
    std::size_t length_;
    std::size_t used_ = 0;
    bool exhausted_ = false;
    splitmix64 tail_{};
};

// What a check found, in a form the compiler can print: see proven_uniform.
enum class finding_kind : std::uint8_t {
    proven_uniform,      // every outcome has probability exactly 1/N
    outcome_out_of_range,
    masses_differ,       // outcome a and outcome b have different masses after `rolls` rolls
    mass_unresolved,     // masses equal so far, but sequences of `rolls` rolls are still unfinished
    never_accepts,       // an attempt that returns nothing on every sequence
    attempt_unbounded,   // an attempt that wants more than `rolls` rolls
    mass_off_target,     // outcome a has mass_a after `rolls` rolls, and its target is mass_b (a weighted target)
};

struct finding {
    finding_kind kind = finding_kind::proven_uniform;
    std::size_t rolls = 0;
    std::int64_t outcome_a = 0;  // for out_of_range: the outcome returned
    rational mass_a;             // for mass_unresolved: the unresolved mass
    std::int64_t outcome_b = 0;
    rational mass_b;
};

// What check_sampler found, per outcome and per number of rolls.
//
// A black box proves little by itself: after `depth` rolls every outcome v has
// resolved mass m_v, and u is the mass of sequences still unfinished. Whatever
// the sampler does later, the probability p_v of outcome v lies in
// [m_v, m_v + u]. So the report can bound the bias max_v |p_v − 1/N|, prove a
// sampler biased (some m_v > 1/N, or m_v + u < 1/N), and prove it uniform only
// when nothing is unresolved. A sampler that always rejects its first rolls
// resolves nothing within a small depth, and then its report proves nothing.
//
// The counts have room for any depth up to max_check_depth; rows past the
// depth stay zero and are never visited, so a check costs what the sequences
// it runs cost.
template <count_t N>
struct sampler_report {
    count_t faces = 0;
    std::size_t depth = 0;
    // resolved[ℓ][v]: sequences of exactly ℓ rolls that finish with outcome v
    std::array<std::array<std::uint64_t, static_cast<std::size_t>(N)>, max_check_depth + 1> resolved{};
    // unresolved[ℓ]: sequences of ℓ rolls after which the sampler still wants more
    std::array<std::uint64_t, max_check_depth + 1> unresolved{};
    bool outcome_out_of_range = false;
    std::int64_t out_of_range_outcome = 0;  // the first one seen
    // The target: outcome v with probability weights[v] / total, or 1/N
    // each when not weighted (check_sampler<Die, N>).
    bool weighted = false;
    std::array<count_t, static_cast<std::size_t>(N)> weights{};
    count_t total = 0;

    constexpr rational target(std::size_t v) const { return weighted ? rational{weights[v], total} : rational{1, N}; }

    constexpr std::uint64_t resolved_at(std::size_t length) const {
        std::uint64_t sum = 0;
        for (auto c : resolved[length]) sum += c;
        return sum;
    }
    // Every outcome reached by as many sequences of exactly `length` rolls.
    constexpr bool same_count_at(std::size_t length) const {
        for (auto c : resolved[length])
            if (c != resolved[length][0]) return false;
        return true;
    }
    // same_count_at for every length up to the depth: what verify_exhaustively
    // checks of rollplan's plans, next to the model. Evidence about the code,
    // not a proof of uniformity (see bias_bound and proves_uniform).
    constexpr bool same_count_at_every_length() const {
        if (outcome_out_of_range) return false;
        for (std::size_t l = 0; l <= depth; ++l)
            if (!same_count_at(l)) return false;
        return true;
    }
    // The probability of finishing with outcome v within `length` rolls
    // (default: the depth): Σ_{ℓ ≤ length} resolved[ℓ][v] / K^ℓ.
    constexpr rational mass(std::size_t v, std::size_t length = max_check_depth + 1) const {
        rational sum;
        count_t scale = 1;
        for (std::size_t l = 0; l <= depth && l <= length; ++l) {
            if (resolved[l][v] != 0) sum = sum + rational{resolved[l][v], scale};
            if (l < depth && l < length)
                scale = detail::checked_mul(scale, faces, "rollplan: check_sampler's masses need K^depth below 2^128");
        }
        return sum;
    }
    // The probability that the sampler needs more than `depth` rolls.
    constexpr rational unresolved_mass() const {
        count_t all = 1;
        for (std::size_t l = 0; l < depth; ++l)
            all = detail::checked_mul(all, faces, "rollplan: check_sampler's masses need K^depth below 2^128");
        return rational{unresolved[depth], all};
    }
    // A proven bound on max_v |p_v − t_v|, the largest bias of any outcome
    // (t_v its target: 1/N, or its weight's share).
    constexpr rational bias_bound() const {
        if (outcome_out_of_range) return rational{1};
        const rational u = unresolved_mass();
        rational worst;
        for (std::size_t v = 0; v < static_cast<std::size_t>(N); ++v) {
            const rational share = target(v), m = mass(v);
            const rational below = m < share ? share - m : rational{};
            const rational above = m + u > share ? m + u - share : rational{};
            for (const rational& r : {below, above})
                if (r > worst) worst = r;
        }
        return worst;
    }
    // Every outcome's probability is proven within `epsilon` of its target.
    constexpr bool proves_bias_below(const rational& epsilon) const { return bias_bound() < epsilon; }
    // The first outcome whose probability is proven different from its
    // target (N when none is).
    constexpr std::size_t first_proven_off() const {
        const rational u = unresolved_mass();
        for (std::size_t v = 0; v < static_cast<std::size_t>(N); ++v)
            if (mass(v) > target(v) || mass(v) + u < target(v)) return v;
        return static_cast<std::size_t>(N);
    }
    constexpr bool proves_biased() const { return outcome_out_of_range || first_proven_off() != static_cast<std::size_t>(N); }
    // Every sequence finished within the depth and every outcome has its
    // target's mass (1/N, or its weight's share): proven exact.
    constexpr bool proves_uniform() const { return first_finding().kind == finding_kind::proven_uniform; }
    constexpr bool proves_exact() const { return proves_uniform(); }

    constexpr std::size_t first_off_target() const {
        for (std::size_t v = 0; v < static_cast<std::size_t>(N); ++v)
            if (mass(v) != target(v)) return v;
        return static_cast<std::size_t>(N);
    }

    // Why proves_uniform() is false. For a weighted target: the first outcome
    // whose mass differs from its target (when every sequence finished) or
    // is proven to (when some did not), else the mass unresolved. When every sequence finished: the first
    // outcome whose mass differs from outcome 0's. Otherwise: the first length
    // at which two outcomes were reached by different numbers of sequences,
    // with both outcomes' masses up to that length; or the mass unresolved.
    constexpr finding first_finding() const {
        if (outcome_out_of_range) return {finding_kind::outcome_out_of_range, 0, out_of_range_outcome, {}, 0, {}};
        if (weighted) {  // outcomes are not reached equally at each length, even by an exact sampler
            const std::size_t v = unresolved[depth] == 0 ? first_off_target() : first_proven_off();
            if (v != static_cast<std::size_t>(N))
                return {finding_kind::mass_off_target, depth, static_cast<std::int64_t>(v), mass(v), 0, target(v)};
            if (unresolved[depth] != 0) return {finding_kind::mass_unresolved, depth, 0, unresolved_mass(), 0, {}};
            return {};
        }
        if (unresolved[depth] == 0) {
            for (std::size_t v = 1; v < static_cast<std::size_t>(N); ++v)
                if (mass(v) != mass(0))
                    return {finding_kind::masses_differ, depth, 0, mass(0), static_cast<std::int64_t>(v), mass(v)};
            return {};
        }
        for (std::size_t l = 0; l <= depth; ++l)
            for (std::size_t v = 1; v < static_cast<std::size_t>(N); ++v)
                if (resolved[l][v] != resolved[l][0])
                    return {finding_kind::masses_differ, l, 0, mass(0, l), static_cast<std::int64_t>(v), mass(v, l)};
        if (unresolved[depth] != 0) return {finding_kind::mass_unresolved, depth, 0, unresolved_mass(), 0, {}};
        return {};
    }
};

// What check_attempt found: the masses of one attempt.
//
// An attempt draws at most max_rolls rolls and returns an outcome or nothing
// ("try again"). Repeating it until it returns (until_accepted) gives outcome
// v with probability Σ_j (1 − a)^j · m_v = m_v / a, where m_v is the mass of v
// in one attempt and a = Σ_v m_v, since attempts use fresh rolls and are
// independent. So equal m_v for every v and a > 0 prove the loop exactly
// uniform, with nothing left unresolved: the geometric-series argument, with
// every m_v counted exactly over all K^max_rolls roll sequences.
template <count_t N>
struct attempt_report {
    count_t faces = 0;
    std::size_t max_rolls = 0;
    count_t sequences = 0;  // K^max_rolls: each mass below is a count of these
    std::array<count_t, static_cast<std::size_t>(N)> accepted{};
    count_t rejected = 0;
    count_t roll_weight = 0;  // Σ over sequences of the rolls the attempt took
    bool needs_more_rolls = false;
    bool outcome_out_of_range = false;
    std::int64_t out_of_range_outcome = 0;
    // The target, as in sampler_report: weights[v] / total, or 1/N each.
    bool weighted = false;
    std::array<count_t, static_cast<std::size_t>(N)> weights{};
    count_t total = 0;

    constexpr rational target(std::size_t v) const { return weighted ? rational{weights[v], total} : rational{1, N}; }

    constexpr count_t accepted_total() const {
        count_t sum = 0;
        for (auto c : accepted) sum += c;
        return sum;
    }
    // The probability that one attempt returns v.
    constexpr rational mass(std::size_t v) const { return rational{accepted[v], sequences}; }
    // The probability that one attempt returns anything.
    constexpr rational acceptance() const { return rational{accepted_total(), sequences}; }
    // Expected rolls of the whole loop: rolls per attempt over the acceptance.
    constexpr rational expected_rolls() const {
        if (accepted_total() == 0) detail::fail<std::domain_error>("rollplan: an attempt that never accepts has no expected rolls");
        return rational{roll_weight, accepted_total()};
    }
    constexpr bool proves_uniform() const { return first_finding().kind == finding_kind::proven_uniform; }
    constexpr bool proves_exact() const { return proves_uniform(); }

    // For a weighted target, the loop gives v with probability m_v / a: it
    // must be the target's share.
    constexpr finding first_finding() const {
        if (needs_more_rolls) return {finding_kind::attempt_unbounded, max_rolls, 0, {}, 0, {}};
        if (outcome_out_of_range) return {finding_kind::outcome_out_of_range, 0, out_of_range_outcome, {}, 0, {}};
        if (accepted_total() == 0) return {finding_kind::never_accepts, max_rolls, 0, {}, 0, {}};
        if (weighted) {
            for (std::size_t v = 0; v < static_cast<std::size_t>(N); ++v)
                if (const rational p = rational{accepted[v], accepted_total()}; p != target(v))
                    return {finding_kind::mass_off_target, max_rolls, static_cast<std::int64_t>(v), p, 0, target(v)};
            return {};
        }
        for (std::size_t v = 1; v < static_cast<std::size_t>(N); ++v)
            if (accepted[v] != accepted[0])
                return {finding_kind::masses_differ, max_rolls, 0, mass(0), static_cast<std::int64_t>(v), mass(v)};
        return {};
    }
};

namespace detail {

// Runs `run(source)` on every sequence of rolls of Die, as a tree: a prefix
// is extended only when the run asked for more rolls than it had. Calls
// finished(length, result) for each run that ended within max_length rolls
// and unfinished(length) for each prefix of `length` rolls that was not
// enough.
template <class Die, class Run, class Finished, class Unfinished>
constexpr void walk_sequences(const Run& run, std::array<std::uint64_t, max_check_depth>& rolls, std::size_t length,
                              std::size_t max_length, Finished& finished, Unfinished& unfinished) {
    replay_source<Die> replay(rolls, length);
    const auto result = run(replay);
    if (!replay.exhausted()) {
        finished(replay.used(), result);
        return;
    }
    unfinished(length);
    if (length == max_length) return;
    for (count_t face = 0; face < Die::faces; ++face) {
        rolls[length] = static_cast<std::uint64_t>(face);
        walk_sequences<Die>(run, rolls, length + 1, max_length, finished, unfinished);
    }
}

template <class Die, class Run, class Finished, class Unfinished>
constexpr void walk_sequences(const Run& run, std::size_t max_length, Finished finished, Unfinished unfinished) {
    if (max_length > max_check_depth) fail<std::invalid_argument>("rollplan: a check looks at most 16 rolls deep", "depth", max_length);
    std::array<std::uint64_t, max_check_depth> rolls{};
    walk_sequences<Die>(run, rolls, 0, max_length, finished, unfinished);
}

// An outcome as an index into [0, N), or nullopt for one outside.
template <count_t N, class V>
constexpr std::optional<std::size_t> outcome_index(V outcome) {
    const auto v = +outcome;  // bool and character types count as the integers they hold
    if (std::cmp_less(v, 0) || std::cmp_greater_equal(v, static_cast<std::uint64_t>(N))) return std::nullopt;
    return static_cast<std::size_t>(v);
}

template <class V>
constexpr std::int64_t shown_outcome(V outcome) {
    const auto v = +outcome;
    return std::cmp_less_equal(v, std::numeric_limits<std::int64_t>::max()) ? static_cast<std::int64_t>(v)
                                                                            : std::numeric_limits<std::int64_t>::max();
}

}  // namespace detail

// Runs `sampler(source)` on every sequence of up to `depth` rolls of Die
// (0 … max_check_depth, default 6). sampler takes the source by reference,
// calls it for rolls in [0, K), and returns an integer outcome in [0, N).
template <class Die, count_t N, class Sampler>
constexpr sampler_report<N> check_sampler(const Sampler& sampler, std::size_t depth = 6) {
    static_assert(is_die_v<Die>, "rollplan: check_sampler<Die, N> needs a die, like rollplan::d6");
    static_assert(N >= 1 && N <= max_listed_outcomes, "rollplan: check_sampler<Die, N> needs 1 <= N <= 4096");
    sampler_report<N> report;
    report.faces = Die::faces;
    report.depth = depth;
    detail::walk_sequences<Die>(
        sampler, depth,
        [&](std::size_t length, auto outcome) {
            if (const auto v = detail::outcome_index<N>(outcome)) {
                ++report.resolved[length][*v];
            } else if (!report.outcome_out_of_range) {
                report.outcome_out_of_range = true;
                report.out_of_range_outcome = detail::shown_outcome(outcome);
            }
        },
        [&](std::size_t length) { ++report.unresolved[length]; });
    return report;
}

// Runs one attempt on every sequence of up to max_rolls rolls of Die.
// attempt(source) returns something that tests true with an outcome (*r) in
// [0, N) — std::optional, say — or false for "try again". It must be the
// same function of the rolls every time (no state kept between calls), which
// is what lets until_accepted repeat it.
template <class Die, count_t N, class Attempt>
constexpr attempt_report<N> check_attempt(const Attempt& attempt, std::size_t max_rolls) {
    static_assert(is_die_v<Die>, "rollplan: check_attempt<Die, N> needs a die, like rollplan::d6");
    static_assert(N >= 1 && N <= max_listed_outcomes, "rollplan: check_attempt<Die, N> needs 1 <= N <= 4096");
    attempt_report<N> report;
    report.faces = Die::faces;
    report.max_rolls = max_rolls;
    report.sequences = detail::power_or_zero(Die::faces, static_cast<unsigned>(max_rolls));
    if (report.sequences == 0)
        detail::fail<std::overflow_error>("rollplan: check_attempt needs K^max_rolls below 2^128", "K", Die::faces,
                                          "max_rolls", max_rolls);
    detail::walk_sequences<Die>(
        attempt, max_rolls,
        [&](std::size_t length, const auto& result) {
            const count_t weight = detail::power_or_zero(Die::faces, static_cast<unsigned>(max_rolls - length));
            report.roll_weight += weight * length;
            if (!result) {
                report.rejected += weight;
            } else if (const auto v = detail::outcome_index<N>(*result)) {
                report.accepted[*v] += weight;
            } else if (!report.outcome_out_of_range) {
                report.outcome_out_of_range = true;
                report.out_of_range_outcome = detail::shown_outcome(*result);
            }
        },
        [&](std::size_t length) {
            if (length == max_rolls) report.needs_more_rolls = true;
        });
    return report;
}

// The same checks against a weighted target, Target = loaded<W...>: outcome
// v must come with probability W_v / W. bias_bound, proves_biased and
// first_finding measure each outcome against its own share.
template <class Die, class Target, class Sampler>
    requires is_loaded_v<Target>
constexpr sampler_report<Target::size> check_sampler(const Sampler& sampler, std::size_t depth = 6) {
    static_assert(Target::size <= max_listed_outcomes, "rollplan: check_sampler<Die, Target> needs at most 4096 outcomes");
    sampler_report<Target::size> report = check_sampler<Die, count_t{Target::size}>(sampler, depth);
    report.weighted = true;
    report.weights = Target::weights;
    report.total = Target::total;
    return report;
}
template <class Die, class Target, class Attempt>
    requires is_loaded_v<Target>
constexpr attempt_report<Target::size> check_attempt(const Attempt& attempt, std::size_t max_rolls) {
    attempt_report<Target::size> report = check_attempt<Die, count_t{Target::size}>(attempt, max_rolls);
    report.weighted = true;
    report.weights = Target::weights;
    report.total = Target::total;
    return report;
}

// The loop that check_attempt proves: repeat the attempt until it returns.
template <class Attempt>
constexpr auto until_accepted(Attempt attempt) {
    return [attempt](auto& source) {
        for (;;)
            if (auto result = attempt(source)) return *result;
    };
}

// ---- explaining a check to the compiler's reader ---------------------------
//
// static_assert(rollplan::proven_uniform<report>) holds when the report
// (a constexpr variable with static storage, from check_sampler or
// check_attempt) proves its sampler exactly uniform. When it does not, the
// compiler shows why in a template's arguments, e.g.
//   rollplan::masses_differ<rollplan::after_rolls<2>, rollplan::outcome<0>,
//                           rollplan::mass<4, 25>, rollplan::outcome<1>, rollplan::mass<3, 25>>

template <std::size_t Rolls>
struct after_rolls {};
template <std::int64_t V>
struct outcome {};
template <count_t Numerator, count_t Denominator>
struct mass {};

template <class... Evidence>
struct masses_differ {
    static_assert(sizeof...(Evidence) == 0,
                  "rollplan: not proven uniform: two outcomes have different masses (outcomes, masses and rolls: the arguments of masses_differ<...> in this message)");
    static constexpr bool value = false;
};
template <class... Evidence>
struct mass_unresolved {
    static_assert(sizeof...(Evidence) == 0,
                  "rollplan: not proven uniform: some roll sequences are still unfinished at this depth; "
                  "check_sampler bounds the bias (bias_bound) but proves uniformity only when every sequence "
                  "finishes; prove one attempt with check_attempt instead (rolls and unresolved mass: the arguments of mass_unresolved<...> in this message)");
    static constexpr bool value = false;
};
template <class... Evidence>
struct outcome_out_of_range {
    static_assert(sizeof...(Evidence) == 0,
                  "rollplan: not proven uniform: the sampler returned an outcome outside [0, N) "
                  "(the outcome: the argument of outcome_out_of_range<...> in this message)");
    static constexpr bool value = false;
};
template <class... Evidence>
struct mass_off_target {
    static_assert(sizeof...(Evidence) == 0,
                  "rollplan: not proven exact: an outcome's probability differs from its weight's share "
                  "(rolls, the outcome, its mass and its target: the arguments of mass_off_target<...> in this message)");
    static constexpr bool value = false;
};
template <class... Evidence>
struct attempt_never_accepts {
    static_assert(sizeof...(Evidence) == 0,
                  "rollplan: not proven uniform: the attempt returns nothing on every roll sequence");
    static constexpr bool value = false;
};
template <class... Evidence>
struct attempt_needs_more_rolls {
    static_assert(sizeof...(Evidence) == 0,
                  "rollplan: not proven uniform: the attempt wants more rolls than check_attempt's max_rolls "
                  "(max_rolls: the argument of attempt_needs_more_rolls<...> in this message)");
    static constexpr bool value = false;
};

namespace detail {

template <const auto& Report>
consteval auto verdict() {
    constexpr finding f = Report.first_finding();
    if constexpr (f.kind == finding_kind::proven_uniform)
        return std::true_type{};
    else if constexpr (f.kind == finding_kind::masses_differ)
        return masses_differ<after_rolls<f.rolls>, outcome<f.outcome_a>, mass<f.mass_a.numerator(), f.mass_a.denominator()>,
                             outcome<f.outcome_b>, mass<f.mass_b.numerator(), f.mass_b.denominator()>>{};
    else if constexpr (f.kind == finding_kind::mass_unresolved)
        return mass_unresolved<after_rolls<f.rolls>, mass<f.mass_a.numerator(), f.mass_a.denominator()>>{};
    else if constexpr (f.kind == finding_kind::outcome_out_of_range)
        return outcome_out_of_range<outcome<f.outcome_a>>{};
    else if constexpr (f.kind == finding_kind::mass_off_target)
        return mass_off_target<after_rolls<f.rolls>, outcome<f.outcome_a>, mass<f.mass_a.numerator(), f.mass_a.denominator()>,
                               mass<f.mass_b.numerator(), f.mass_b.denominator()>>{};
    else if constexpr (f.kind == finding_kind::never_accepts)
        return attempt_never_accepts<after_rolls<f.rolls>>{};
    else
        return attempt_needs_more_rolls<after_rolls<f.rolls>>{};
}

}  // namespace detail

template <const auto& Report>
inline constexpr bool proven_uniform = decltype(detail::verdict<Report>())::value;
// The same verdict, named for a weighted target (check_sampler<Die, loaded<W...>>).
template <const auto& Report>
inline constexpr bool proven_exact = proven_uniform<Report>;

// What verify_exhaustively found: whether the running code matched the model
// on every sequence of up to `depth` rolls, and where it first did not.
struct model_check {
    bool matches_model = false;
    std::size_t depth = 0;
    std::size_t failed_at_length = 0;
    const char* problem = "";
    constexpr explicit operator bool() const { return matches_model; }
};

// Runs the real sample<P> on every sequence of up to `depth` rolls and checks,
// for each length ℓ ≤ depth, that every outcome is reached by the same number
// of sequences, that this number is what the model of analysis.hpp predicts,
// and that the unresolved count matches the model too. The model proves P
// uniform (is_exactly_uniform_v); this checks that the code is the model, up
// to `depth` rolls (at most max_check_depth).
namespace detail {

// verify_exhaustively for a plan over a dice_set: the same walk, each prefix
// extended by the faces of the die the run asks for next, each sequence
// weighted by its probability ∏ 1/K_i. At each length every outcome must have
// the same mass, their sum the model's probability of finishing there
// (finishing_probabilities), and the mass still unfinished what the model leaves.
template <plan P>
constexpr model_check verify_dice_exhaustively(std::size_t depth) {
    using dice = typename P::die_type;
    constexpr auto n = static_cast<std::size_t>(P::outcome_count);
    static_assert(n <= max_listed_outcomes, "rollplan: verify_exhaustively needs a plan with at most 4096 outcomes");
    if (depth > max_check_depth) fail<std::invalid_argument>("rollplan: a check looks at most 16 rolls deep", "depth", depth);
    std::array<std::array<rational, n>, max_check_depth + 1> mass{};
    bool out_of_range = false;
    rational unfinished;
    std::array<std::uint64_t, max_check_depth> rolls{};
    std::array<count_t, max_check_depth + 1> asked{};
    auto walk = [&](auto& self, std::size_t length, const rational& weight) -> void {
        replay_dice_source<dice> replay(rolls, asked, length);
        const std::uint64_t v = sample<P>(replay);
        if (!replay.exhausted()) {
            if (v >= n) out_of_range = true;
            else mass[replay.used()][v] = mass[replay.used()][v] + weight;
            return;
        }
        if (length == depth) {
            unfinished = unfinished + weight;
            return;
        }
        const count_t faces = asked[length];
        const rational each = weight * rational{1, faces};
        for (count_t face = 0; face < faces; ++face) {
            rolls[length] = static_cast<std::uint64_t>(face);
            self(self, length + 1, each);
        }
    };
    walk(walk, 0, rational{1});
    if (out_of_range) return {false, depth, 0, "an outcome outside [0, N)"};
    const plan_description& d = description_v<P>;
    const length_probabilities model = finishing_probabilities(d, depth);
    rational finished;
    for (std::size_t l = 0; l <= depth; ++l) {
        rational sum;
        for (std::size_t v = 0; v < n; ++v) {
            // each node over a set gives its value independently of the rolls: outcome v has its share at each length
            const rational share = d.is_loaded() ? rational{d.weight(v), d.total_weight()} : rational{1, n};
            if (mass[l][v] != model[l] * share) return {false, depth, l, "an outcome is reached with another probability than the model's"};
            sum = sum + mass[l][v];
        }
        if (sum != model[l]) return {false, depth, l, "the probability of finishing here differs from the model"};
        finished = finished + sum;
    }
    if (finished + unfinished != rational{1})
        return {false, depth, depth, "unresolved mass differs from the model"};
    return {true, depth, 0, ""};
}

}  // namespace detail

template <plan P>
constexpr model_check verify_exhaustively(std::size_t depth) {
    static_assert(!std::is_void_v<typename P::die_type>, "rollplan: verify_exhaustively needs a plan that rolls a die");
    if constexpr (is_dice_set_v<typename P::die_type>) {
        return detail::verify_dice_exhaustively<P>(depth);
    } else {
        using die_type = typename P::die_type;
        const auto report = check_sampler<die_type, P::outcome_count>(
            [](auto& source) { return sample<P>(source); }, depth);
        const plan_description& d = description_v<P>;
        const length_counts model = resolved_by_length(d, depth);
        if (report.outcome_out_of_range) return {false, depth, 0, "an outcome outside [0, N)"};
        for (std::size_t l = 0; l <= depth; ++l)
            if (count_t{report.resolved_at(l)} != model[l]) return {false, depth, l, "resolved sequences differ from the model"};
        for (std::size_t v = 0; v < static_cast<std::size_t>(P::outcome_count); ++v) {
            const length_counts of_v = detail::resolved_with_outcome(d, model, depth, v);
            for (std::size_t l = 0; l <= depth; ++l)
                if (count_t{report.resolved[l][v]} != of_v[l])
                    return {false, depth, l, "an outcome is reached by another number of sequences than the model's"};
        }
        if (count_t{report.unresolved[depth]} != unresolved_after(d, depth))
            return {false, depth, depth, "unresolved sequences differ from the model"};
        return {true, depth, 0, ""};
    }
}

}  // namespace rollplan
