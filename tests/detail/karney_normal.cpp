// detail/karney_normal.hpp: a step of Algorithm B is true, on every roll
// sequence of a coin and a d6, with probability exactly (2k + x)/(2k + 2) in
// each interval of x's digits; an attempt with those steps keeps x with
// probability e^−x(2k + x)/(2k + 2) (k = 0: e^−x²/2) within the unfinished
// mass; whole draws give the sign, k and x's first bit as often as the normal
// law's masses (a chi-square test at a fixed seed) from an engine's bits and a
// d6's digits.
#include <rollplan/detail/karney_normal.hpp>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <rollplan/detail/lazy_uniform.hpp>
#include <rollplan/verify.hpp>

#include "../sequences.hpp"

using namespace rollplan;
using namespace rollplan::testing;

namespace {

// Masses on every sequence of up to `depth` rolls of Die of run's answer true, by the cell of x's
// first L digits (a shorter x spreads its mass evenly over the cells it covers), and unfinished.
struct true_masses {
    std::vector<rational> of;
    rational unfinished;
};
template <class Die, class Run>
true_masses on_every_run(const Run& run, std::size_t depth, std::size_t L) {
    const count_t B = Die::faces;
    count_t cells = 1;
    for (std::size_t i = 0; i < L; ++i) cells *= B;
    true_masses m;
    m.of.assign(static_cast<std::size_t>(cells), rational{});
    auto weight = weight_of<Die>;
    detail::walk_sequences<Die>(
        [&](auto& source) {
            detail::digit_stream<decltype(source)> digits(source);
            detail::lazy_digits x;
            const bool answer = run(x, digits);
            std::vector<std::uint64_t> read;
            for (std::size_t i = 0; i < x.size(); ++i) read.push_back(x[i]);
            return std::pair<bool, std::vector<std::uint64_t>>(answer, read);
        },
        depth,
        [&](std::size_t length, const std::pair<bool, std::vector<std::uint64_t>>& o) {
            if (!o.first) return;
            count_t first = 0, spread = 1;
            for (std::size_t i = 0; i < L; ++i) {
                if (i < o.second.size())
                    first = first * B + o.second[i];
                else {
                    first *= B;
                    spread *= B;
                }
            }
            for (count_t c = first; c < first + spread; ++c)
                m.of[static_cast<std::size_t>(c)] = m.of[static_cast<std::size_t>(c)] + weight(length) * rational{1, spread};
        },
        [&](std::size_t length) {
            if (length == depth) m.unfinished = m.unfinished + weight(length);
        });
    return m;
}

// The step's mass on [a, b): ∫ (2k + x)/(2k + 2) dx = (2k(b − a) + (b² − a²)/2)/(2k + 2), exactly.
bool step_exact(const true_masses& m, std::uint64_t k) {
    const auto cells = static_cast<count_t>(m.of.size());
    for (count_t c = 0; c < cells; ++c) {
        const rational a{c, cells}, b{c + 1, cells};
        const rational target = (rational{2 * k} * (b - a) + (b * b - a * a) * rational{1, 2}) * rational{1, 2 * k + 2};
        const rational& f = m.of[static_cast<std::size_t>(c)];
        if (!(f <= target && target <= f + m.unfinished)) return false;
    }
    return true;
}

// The attempt's mass on [a, b): ∫ e^−x(2k + x)/(2k + 2) dx, by the midpoint rule on 64 pieces
// (error far below the masses compared), against e^−c·x(2k + x)/(2k + 2) (c = 1: the law).
bool attempt_consistent(const true_masses& m, std::uint64_t k, const real& c = 1) {
    const auto cells = m.of.size();
    for (std::size_t i = 0; i < cells; ++i) {
        real target = 0;
        for (int j = 0; j < 64; ++j) {
            const real x = (real(i) + (real(j) + 0.5) / 64) / real(cells);
            target += exp(-c * x * (2 * real(k) + x) / (2 * real(k) + 2)) / 64 / real(cells);
        }
        if (!within(m.of[i], m.unfinished, target)) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("karney_normal: a step is true with probability (2k + x)/(2k + 2), on every sequence of a coin and a d6",
          "[karney_normal]") {
    for (const std::uint64_t k : {0u, 1u, 2u, 5u}) {
        INFO("k = " << k);
        auto step = [k](detail::lazy_digits& x, auto& digits) { return detail::karney_step(k, x, digits); };
        const true_masses coin = on_every_run<rollplan::coin>(step, 16, 3);
        INFO("coin: unfinished " << real_of(coin.unfinished));
        REQUIRE(coin.unfinished < rational{1, 100});
        REQUIRE(step_exact(coin, k));
        REQUIRE_FALSE(step_exact(coin, k + 1));  // the check can fail: k + 1's probabilities are refused
        const true_masses six = on_every_run<d6>(step, 6, 1);
        INFO("d6: unfinished " << real_of(six.unfinished));
        REQUIRE(six.unfinished < rational{1, 20});
        REQUIRE(step_exact(six, k));
    }
}

TEST_CASE("karney_normal: an attempt keeps x with probability e^-x(2k + x)/(2k + 2), on every sequence of a coin",
          "[karney_normal]") {
    for (const std::uint64_t k : {0u, 1u, 3u}) {
        INFO("k = " << k);
        auto attempt = [k](detail::lazy_digits& x, auto& digits) {
            return detail::von_neumann_attempt(x, digits, [&] { return detail::karney_step(k, x, digits); });
        };
        const true_masses coin = on_every_run<rollplan::coin>(attempt, 16, 2);
        INFO("coin: unfinished " << real_of(coin.unfinished));
        REQUIRE(real_of(coin.unfinished) < 0.08);
        REQUIRE(attempt_consistent(coin, k));
        REQUIRE_FALSE(attempt_consistent(coin, k, real(1.5)));
        REQUIRE_FALSE(attempt_consistent(coin, k, real(0.5)));
    }
}

namespace {

double phi(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// n draws of Z: counts of (sign, k < 4, x's first bit) — on a d6, x's first digit below 3 — and of
// k >= 4; the chi-square statistic against the masses of a normal law of standard deviation sd.
template <class Source>
double chi_square(Source& source, int n, double sd = 1) {
    detail::digit_stream<Source> digits(source);
    std::vector<double> count(17, 0.0);
    for (int i = 0; i < n; ++i) {
        detail::normal_value z;
        detail::karney_normal(digits, z);
        if (z.k >= 4) {
            ++count[16];
            continue;
        }
        const std::uint64_t first = z.x.at(0, digits);
        const bool low = detail::digit_stream<Source>::base == 2 ? first == 0 : first < 3;
        ++count[(z.negative ? 8 : 0) + 2 * z.k + (low ? 0 : 1)];
    }
    double chi = 0;
    for (std::size_t c = 0; c < 17; ++c) {
        const double lo = c == 16 ? 4 : static_cast<double>(c % 8 / 2) + (c % 2 == 0 ? 0 : 0.5);
        const double p = c == 16 ? 2 * (1 - phi(4 / sd)) : phi((lo + 0.5) / sd) - phi(lo / sd);
        chi += (count[c] - n * p) * (count[c] - n * p) / (n * p);
    }
    return chi;
}

}  // namespace

TEST_CASE("karney_normal: the sign, k and x's first digit as often as the normal law's masses", "[karney_normal]") {
    // 17 cells, 16 degrees of freedom: 39.25 at the 0.1% level
    std::mt19937_64 g(31);
    decltype(auto) bits = as_source(g);
    REQUIRE(chi_square(bits, 40000) < 39.25);
    std::mt19937_64 dice(32);
    auto six = from_values<d6>([&dice] { return static_cast<std::uint64_t>(dice() % 6); });
    decltype(auto) rolls = as_source(six);
    REQUIRE(chi_square(rolls, 10000) < 39.25);
    // the check can fail: the same draws against σ = 1.1
    std::mt19937_64 h(31);
    decltype(auto) again = as_source(h);
    REQUIRE(chi_square(again, 40000, 1.1) > 39.25);
}

TEST_CASE("karney_normal: the thresholds of k/(k + 1) on 128 bits are those its bounds give", "[karney_normal]") {
    for (const std::uint64_t k : {1ull, 2ull, 3ull, 7ull, 1000ull, (1ull << 32) + 5, ~0ull - 1}) {
        INFO("k = " << k);
        const detail::word_thresholds t = detail::ratio_thresholds(k, k + 1);
        REQUIRE(t == detail::thresholds_of(detail::ratio_bounds{k, k + 1}(detail::first_precision), detail::threshold_kind::x));
        REQUIRE(t.on_false - t.on_true == (((k + 1) & k) != 0 ? 1u : 0u));  // k/(k + 1)·2^64 an integer only for k + 1 = 2^i
    }
    // the bounds themselves, at two precisions: lo·(k + 1) <= k·2^W <= hi·(k + 1), one apart unless exact
    for (const std::uint64_t k : {2ull, 3ull, 5ull, 1000ull, ~0ull - 1})
        for (const std::size_t w : {std::size_t{128}, std::size_t{256}}) {
            INFO("k = " << k << ", W = " << w);
            const detail::bounds_at b = detail::ratio_bounds{k, k + 1}(w);
            const detail::big scaled = detail::shifted(detail::big::of(k), w), next = detail::big::of(count_t{k} + 1);
            REQUIRE(detail::at_least(scaled, detail::product(b.lo, next)));
            REQUIRE(detail::at_least(detail::product(b.hi, next), scaled));
            const bool exact = ((k + 1) & k) == 0;
            REQUIRE(detail::at_least(b.hi, b.lo));
            REQUIRE(detail::difference(b.hi, b.lo).bit_length() == (exact ? 0u : 1u));
        }
    // a/b = 1/2: an integer at 2^64, lo = hi
    REQUIRE(detail::ratio_thresholds(1, 2) == detail::word_thresholds{std::uint64_t{1} << 63, std::uint64_t{1} << 63});
    REQUIRE(detail::thresholds_of(detail::ratio_bounds{1, 2}(detail::first_precision), detail::threshold_kind::x) ==
            detail::word_thresholds{std::uint64_t{1} << 63, std::uint64_t{1} << 63});
}
