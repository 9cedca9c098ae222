// rollplan/verify.hpp: exhaustive checks of running code, in constant
// expressions.
//
// check_sampler runs a sampler (rollplan's own sample<P>, or any constexpr
// callable a user writes against a K-sided source) on every sequence of source
// rolls up to a depth and counts, for each length ℓ, how many sequences of
// exactly ℓ rolls finish with each outcome. Sequences are explored as a tree:
// a prefix is extended only when the sampler asked for more rolls than it
// had, so the work is the number of prefixes that leave the sampler
// unfinished, times K. Clang's default budget (2^20 steps) holds about 10^4
// sampler runs of a small plan; deeper sweeps raise -fconstexpr-steps.
//
// verify_exhaustively<P> also compares the counts with the model of
// analysis.hpp (resolved_by_length), so it checks that the code does what the
// proof is about.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "analysis.hpp"
#include "die.hpp"
#include "integer.hpp"
#include "plan.hpp"
#include "rational.hpp"
#include "sample.hpp"

namespace rollplan {

inline constexpr std::size_t max_check_depth = 16;

// A source that replays a fixed prefix of rolls. Past its end it returns 0
// and remembers that the sampler wanted more. (Every rollplan plan accepts a
// run of zeros; a user sampler that rejects zeros forever hits the compiler's
// step limit instead of finishing.)
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
        return 0;
    }
    constexpr bool exhausted() const { return exhausted_; }
    constexpr std::size_t used() const { return used_; }

private:
    const std::array<std::uint64_t, max_check_depth>* rolls_;
    std::size_t length_;
    std::size_t used_ = 0;
    bool exhausted_ = false;
};

// What check_sampler found, per outcome and per number of rolls.
template <count_t N, std::size_t MaxDepth>
struct sampler_report {
    static_assert(MaxDepth <= max_check_depth, "rollplan: check depth is at most 16 rolls");
    count_t faces = 0;
    std::size_t depth = 0;
    // resolved[ℓ][v]: sequences of exactly ℓ rolls that finish with outcome v
    std::array<std::array<std::uint64_t, static_cast<std::size_t>(N)>, MaxDepth + 1> resolved{};
    // unresolved[ℓ]: sequences of ℓ rolls after which the sampler still wants more
    std::array<std::uint64_t, MaxDepth + 1> unresolved{};
    bool outcome_out_of_range = false;

    constexpr std::uint64_t resolved_at(std::size_t length) const {
        std::uint64_t sum = 0;
        for (auto c : resolved[length]) sum += c;
        return sum;
    }
    constexpr bool uniform_at(std::size_t length) const {
        for (auto c : resolved[length])
            if (c != resolved[length][0]) return false;
        return true;
    }
    // Every outcome reached by as many sequences as every other, at every length.
    constexpr bool is_uniform() const {
        if (outcome_out_of_range) return false;
        for (std::size_t l = 0; l <= depth; ++l)
            if (!uniform_at(l)) return false;
        return true;
    }
    // The probability of outcome v within `depth` rolls: Σ_ℓ resolved[ℓ][v] / K^ℓ.
    constexpr rational mass(std::size_t v) const {
        rational sum;
        count_t scale = 1;
        for (std::size_t l = 0; l <= depth; ++l, scale = detail::checked_mul(scale, faces, "rollplan: K^depth needs more than 128 bits"))
            if (resolved[l][v] != 0) sum = sum + rational{resolved[l][v], scale};
        return sum;
    }
    // The probability that the sampler needs more than `depth` rolls.
    constexpr rational unresolved_mass() const {
        return rational{unresolved[depth], detail::power_or_zero(faces, static_cast<unsigned>(depth))};
    }
    constexpr explicit operator bool() const { return is_uniform(); }
};

namespace detail {

template <class Die, count_t N, std::size_t MaxDepth, class Sampler>
constexpr void explore(const Sampler& sampler, std::array<std::uint64_t, max_check_depth>& rolls, std::size_t length,
                       sampler_report<N, MaxDepth>& report) {
    replay_source<Die> replay(rolls, length);
    const auto outcome = sampler(replay);
    if (!replay.exhausted()) {
        if (std::cmp_less(outcome, 0) || std::cmp_greater_equal(outcome, static_cast<std::uint64_t>(N)))
            report.outcome_out_of_range = true;
        else
            ++report.resolved[replay.used()][static_cast<std::size_t>(outcome)];
        return;
    }
    ++report.unresolved[length];
    if (length == report.depth) return;
    for (count_t face = 0; face < Die::faces; ++face) {
        rolls[length] = static_cast<std::uint64_t>(face);
        explore<Die, N, MaxDepth>(sampler, rolls, length + 1, report);
    }
}

}  // namespace detail

// Runs `sampler(source)` on every sequence of up to `depth` rolls of Die.
// sampler takes the source by reference, calls it for rolls in [0, K), and
// returns an integer outcome in [0, N).
template <class Die, count_t N, std::size_t MaxDepth = 6, class Sampler>
constexpr sampler_report<N, MaxDepth> check_sampler(const Sampler& sampler, std::size_t depth = MaxDepth) {
    static_assert(is_die_v<Die>, "rollplan: check_sampler<Die, N> needs a die, like rollplan::d6");
    static_assert(N >= 1 && N <= max_listed_outcomes, "rollplan: check_sampler<Die, N> needs 1 <= N <= 4096");
    if (depth > MaxDepth) throw std::invalid_argument("rollplan: check depth is above the report's MaxDepth");
    sampler_report<N, MaxDepth> report;
    report.faces = Die::faces;
    report.depth = depth;
    std::array<std::uint64_t, max_check_depth> rolls{};
    detail::explore<Die, N, MaxDepth>(sampler, rolls, 0, report);
    return report;
}

// The outcome of verify_exhaustively: true when the running code matched the model.
struct verification {
    bool ok = false;
    std::size_t failed_at_length = 0;
    const char* problem = "";
    constexpr explicit operator bool() const { return ok; }
};

// Runs the real sample<P> on every sequence of up to `depth` rolls and checks,
// for each length ℓ ≤ depth, that every outcome is reached by the same number
// of sequences, that this number is what the model of analysis.hpp predicts,
// and that the unresolved count matches the model too.
template <plan P, std::size_t MaxDepth = 6>
constexpr verification verify_exhaustively(std::size_t depth) {
    static_assert(!std::is_void_v<typename P::die_type>, "rollplan: verify_exhaustively needs a plan that rolls a die");
    using die_type = typename P::die_type;
    const auto report = check_sampler<die_type, P::outcome_count, MaxDepth>(
        [](auto& source) { return sample<P>(source); }, depth);
    const plan_description& d = description_v<P>;
    const length_counts model = resolved_by_length(d, depth);
    if (report.outcome_out_of_range) return {false, 0, "an outcome outside [0, N)"};
    for (std::size_t l = 0; l <= depth; ++l) {
        if (!report.uniform_at(l)) return {false, l, "outcomes reached by different numbers of sequences"};
        if (count_t{report.resolved_at(l)} != model[l]) return {false, l, "resolved sequences differ from the model"};
    }
    if (count_t{report.unresolved[depth]} != unresolved_after(d, depth))
        return {false, depth, "unresolved sequences differ from the model"};
    return {true, 0, ""};
}

}  // namespace rollplan
