// The floor of a real uniform (detail/floor_uniform.hpp), run at compile time
// on every sequence of up to 8 coin flips for every interval [a, b) of a
// small format, binary_format<3, 2> (55 numbers from −14 to 14: subnormals,
// six binades, zero): no number ever gets more than its share, nothing comes
// out of [a, b), and at most 1/4 of the mass is still unfinished after 8
// flips. ROLLPLAN_REAL_PART 1 takes the lower ends from −14 to −1.75, part 2
// those from −1.5 to −2^−4, part 3 those from 0 up (the wide intervals cost
// most).
// float and double run the same code with their formats (tests/detail/floor_uniform.cpp).
#include <rollplan/rollplan.hpp>
#include <rollplan/detail/floor_uniform.hpp>
#include <rollplan/verify_real.hpp>

#include <cstdint>
#include <cstdio>

namespace rp = rollplan;

using F = rp::binary_format<3, 2>;

constexpr auto floor_of(std::uint64_t a, std::uint64_t b) {
    return [a, b](auto& source) { return rp::detail::floor_uniform<F>(a, b, [&](std::uint64_t n) { return rp::uniform_below(source, n); }); };
}

constexpr auto largest = static_cast<std::int64_t>(F::max_finite_bits);
constexpr std::int64_t first_a = ROLLPLAN_REAL_PART == 1 ? -largest : ROLLPLAN_REAL_PART == 2 ? -14 : 0;
constexpr std::int64_t last_a = ROLLPLAN_REAL_PART == 1 ? -15 : ROLLPLAN_REAL_PART == 2 ? -1 : largest - 1;

// The number of intervals checked; a failure stops the evaluation with its words.
constexpr std::int64_t every_interval() {
    std::int64_t intervals = 0;
    for (std::int64_t oa = first_a; oa <= last_a; ++oa)
        for (std::int64_t ob = oa + 1; ob <= largest; ++ob) {
            const std::uint64_t a = rp::detail::bits_of_ordinal<F>(oa), b = rp::detail::bits_of_ordinal<F>(ob);
            const rp::real_sampler_report r = rp::check_real_sampler<rp::die<2>, F>(floor_of(a, b), a, b, 8);
            if (!r.never_above_share()) rp::detail::fail<std::logic_error>("rollplan: a number got more than its share");
            if (!r.proves_error_within(rp::rational{1, 4})) rp::detail::fail<std::logic_error>("rollplan: more than 1/4 unfinished after 8 flips");
            ++intervals;
        }
    return intervals;
}
constexpr std::int64_t checked = every_interval();
// part 1: a at ordinals −27 … −15, each with the 27 − a ordinals above it; part 2: −14 … −1; part 3: 0 … 26
static_assert(checked == (ROLLPLAN_REAL_PART == 1 ? 624 : ROLLPLAN_REAL_PART == 2 ? 483 : 378));  // 1485 in all: 55 · 54 / 2

int main() {
    std::printf("proved at compile time: the floor of a real uniform on every [a, b) of binary_format<3, 2> part %d "
                "(%lld intervals of 1485), every sequence of 8 flips: no number above its share, at most 1/4 unfinished\n",
                ROLLPLAN_REAL_PART, static_cast<long long>(checked));
}
