// detail/von_neumann.hpp: one attempt, on every roll sequence of a coin and a
// d6, keeps x in each interval [a, b) of its digits with probability exactly
// e^−a − e^−b and fails with probability e^−1; whole draws give k with
// probability e^−k(1 − e^−1); and the digits are read in the order the spec
// gives (a coin sequence worked by hand).
#include <rollplan/detail/von_neumann.hpp>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include <rollplan/detail/lazy_uniform.hpp>
#include <rollplan/verify.hpp>

#include "../sequences.hpp"

using namespace rollplan;
using namespace rollplan::testing;

namespace {

// k (or −1 for a failed attempt) and x's digits.
struct outcome {
    long long k;
    std::vector<std::uint64_t> x;
};
outcome outcome_of(long long k, const detail::lazy_digits& x) {
    outcome o{k, {}};
    for (std::size_t i = 0; i < x.size(); ++i) o.x.push_back(x[i]);
    return o;
}

// Masses found on every sequence of up to `depth` rolls of Die, for k = 0 … ks − 1 (one
// attempt: ks = 1, k = −1 a failure) and x's first L digits c = 0 … B^L − 1; a shorter x
// spreads its mass evenly over the intervals it covers.
struct found {
    std::vector<std::vector<rational>> of;  // [k][c]
    rational failed, beyond, unfinished;
};
template <class Die, class Run>
found on_every_run(const Run& run, std::size_t depth, std::size_t ks, std::size_t L) {
    const count_t B = Die::faces;
    count_t cells = 1;
    for (std::size_t i = 0; i < L; ++i) cells *= B;
    found f;
    f.of.assign(ks, std::vector<rational>(static_cast<std::size_t>(cells)));
    auto weight = weight_of<Die>;
    detail::walk_sequences<Die>(
        [&](auto& source) {
            detail::digit_stream<decltype(source)> digits(source);
            return run(digits);
        },
        depth,
        [&](std::size_t length, const outcome& o) {
            const rational w = weight(length);
            if (o.k < 0) {
                f.failed = f.failed + w;
                return;
            }
            if (static_cast<std::size_t>(o.k) >= ks) {
                f.beyond = f.beyond + w;
                return;
            }
            count_t first = 0, spread = 1;  // the cells the digits cover: first … first + spread − 1
            for (std::size_t i = 0; i < L; ++i) {
                if (i < o.x.size())
                    first = first * B + o.x[i];
                else {
                    first *= B;
                    spread *= B;
                }
            }
            for (count_t c = first; c < first + spread; ++c) {
                rational& to = f.of[static_cast<std::size_t>(o.k)][static_cast<std::size_t>(c)];
                to = to + w * rational{1, spread};
            }
        },
        [&](std::size_t length) {
            if (length == depth) f.unfinished = f.unfinished + weight(length);
        });
    return f;
}

// Each mass within [found, found + unfinished] of e^−k·(e^−a − e^−b), cells [a, b) of width B^−L,
// and the failures of e^−1 (one attempt) or the draws past k of e^−ks; or of those laws with
// e^−rate·… in place of e^−…
bool consistent(const found& f, bool one_attempt, const real& rate = 1) {
    const auto cells = f.of[0].size();
    for (std::size_t k = 0; k < f.of.size(); ++k)
        for (std::size_t c = 0; c < cells; ++c) {
            const real a = real(c) / real(cells), b = real(c + 1) / real(cells);
            if (!within(f.of[k][c], f.unfinished, exp(-rate * real(k)) * (exp(-rate * a) - exp(-rate * b)))) return false;
        }
    return one_attempt ? within(f.failed, f.unfinished, exp(-rate)) : within(f.beyond, f.unfinished, exp(-rate * real(f.of.size())));
}

auto attempt = [](auto& digits) {
    detail::lazy_digits x;
    const bool kept = detail::exponential_attempt(x, digits);
    return outcome_of(kept ? 0 : -1, x);
};
auto exponential = [](auto& digits) {
    const detail::exponential_value e = detail::von_neumann_exponential(digits);
    return outcome_of(static_cast<long long>(e.k), e.x);
};

}  // namespace

TEST_CASE("von_neumann: one attempt keeps x with probability e^-x, on every sequence of a coin and a d6", "[von_neumann]") {
    const found coin = on_every_run<rollplan::coin>(attempt, 16, 1, 4);
    INFO("coin: unfinished " << real_of(coin.unfinished));
    REQUIRE(real_of(coin.unfinished) < 0.04);
    REQUIRE(consistent(coin, true));
    const found six = on_every_run<d6>(attempt, 7, 1, 2);
    INFO("d6: unfinished " << real_of(six.unfinished));
    REQUIRE(real_of(six.unfinished) < 0.04);
    REQUIRE(consistent(six, true));
    // the check refuses e^−1.1x and e^−0.9x
    REQUIRE_FALSE(consistent(coin, true, real(1.1)));
    REQUIRE_FALSE(consistent(coin, true, real(0.9)));
    REQUIRE_FALSE(consistent(six, true, real(1.1)));
}

TEST_CASE("von_neumann: E = k + x with density e^-E, on every sequence of a coin and a d6", "[von_neumann]") {
    const found coin = on_every_run<rollplan::coin>(exponential, 16, 3, 2);
    INFO("coin: unfinished " << real_of(coin.unfinished));
    REQUIRE(real_of(coin.unfinished) < 0.16);
    REQUIRE(consistent(coin, false));
    REQUIRE_FALSE(consistent(coin, false, real(1.5)));  // (a sixth of the mass unfinished: a coarse check; the attempt's is the tight one)
    const found six = on_every_run<d6>(exponential, 6, 3, 1);
    INFO("d6: unfinished " << real_of(six.unfinished));
    REQUIRE(real_of(six.unfinished) < 0.29);
    REQUIRE(consistent(six, false));
}

TEST_CASE("von_neumann: the digits in the spec's order, on a coin sequence worked by hand", "[von_neumann]") {
    // attempt 1: x's digit 0 = 1, u1's = 0: u1 < x, n = 1; u2 against w = u1: w's digit 0 (known, 0)
    // and u2's 0 tie, w's digit 1 = 1 and u2's 1 tie, w's digit 2 = 0, u2's = 1: u2 > w, n = 1
    // odd, k = 1. Attempt 2: x's digit 0 = 0, u1's = 1: u1 > x, n = 0, kept: E = 1 + x, x = [0].
    const std::array<std::uint64_t, 9> flips = {1, 0, 0, 1, 1, 0, 1, 0, 1};
    std::array<std::uint64_t, max_check_depth> rolls{};
    for (std::size_t i = 0; i < flips.size(); ++i) rolls[i] = flips[i];
    replay_source<rollplan::coin> replay(rolls, flips.size());
    detail::digit_stream<decltype(replay)&> digits(replay);
    const detail::exponential_value e = detail::von_neumann_exponential(digits);
    REQUIRE_FALSE(replay.exhausted());
    REQUIRE(replay.used() == 9);
    REQUIRE(e.k == 1);
    REQUIRE(e.x.size() == 1);
    REQUIRE(e.x[0] == 0);
}

TEST_CASE("von_neumann: a lazy uniform keeps its digits past those it holds in place", "[von_neumann]") {
    // 100 digits of a d6 read through at(): the first 32 in place, the rest in the vector
    std::uint64_t next = 0;
    auto six = from_values<d6>([&next] { return next++ % 6; });
    decltype(auto) s = as_source(six);
    detail::digit_stream<decltype(s)> digits(s);
    detail::lazy_digits x;
    REQUIRE(x.at(99, digits) == 99 % 6);
    REQUIRE(x.size() == 100);
    for (std::size_t i = 0; i < 100; ++i) REQUIRE(x[i] == i % 6);
    x.clear();
    REQUIRE(x.size() == 0);
    REQUIRE(x.at(40, digits) == (100 + 40) % 6);  // the stream goes on: digit 0 is roll 100
    REQUIRE(x[0] == 100 % 6);
}
