// certify_optimal's default budget, under the compilers' default constexpr
// limits (this file raises none): a recycle plan whose period of K^k mod N is
// just within default_certificate_rolls is certified, and past it, or past
// what the model counts, the answer is "undecided" — not an error, and not
// "not optimal".
#include <rollplan/certificate.hpp>
#include <rollplan/planner.hpp>

#include <cstdio>

namespace rp = rollplan;

// 2 is a primitive root of the prime 16381: the period of 2^k mod 16381 is
// 16380, the longest below the default budget of 2^14.
constexpr auto longest = rp::certify_optimal<rp::plan_t<16381, rp::coin>>();
static_assert(longest.proves_optimal() && longest.residues.length == 16380);

// Periods past the budget: 19996 (2 is a primitive root of 19997) and the long one of 1000003.
static_assert(rp::certify_optimal<rp::plan_t<19997, rp::coin>>().undecided());
static_assert(rp::certify_optimal<rp::plan_t<1000003, rp::coin>>().undecided());

// 2^24 from 24 coin flips never rejects: optimal, decided after 25 counts.
static_assert(rp::certify_optimal<rp::plan_t<(1u << 24), rp::coin>>().proves_optimal());
// A digits plan whose period starts after 23 rolls: the model counts 24.
static_assert(rp::certify_optimal<rp::plan_t<(3u << 23), rp::coin, rp::strategy::digits>>().undecided());

int main() {
    std::printf("certify_optimal within default limits: a period of %zu certified; longer ones undecided\n",
                longest.residues.length);
}
