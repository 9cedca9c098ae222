#include <rollplan/verify_real.hpp>
#include <rollplan/detail/floor_uniform.hpp>

#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <stdexcept>

using namespace rollplan;
using detail::bits_of_ordinal;
using detail::bits_of_value;
using detail::ordinal;
using detail::value_of;

namespace {

using F = binary_format<3, 2>;  // 55 numbers, −14 … 14

// The floor in F of the exact number n·2^e (n >= 0 after a is subtracted:
// found by walking up from a, as a test can afford on a small format).
constexpr std::uint64_t floor_in_format(std::uint64_t a, std::uint64_t b, std::int64_t n, int e) {
    std::int64_t o = ordinal<F>(a);
    const auto below_or_at = [&](std::int64_t ord) {
        const auto v = value_of<F>(bits_of_ordinal<F>(ord));  // v.m·2^v.e <= n·2^e, both in units of 2^−20
        return v.m * (std::int64_t{1} << (v.e + 20)) <= n * (std::int64_t{1} << (e + 20));
    };
    while (o + 1 < ordinal<F>(b) && below_or_at(o + 1)) ++o;
    return bits_of_ordinal<F>(o);
}

// Today's std method, a + (b − a)·k/2^p with k uniform on [0, 2^p), p the
// format's significand (M + 1 bits, as 53 for double), here rounded down so
// that nothing but the scaling is wrong.
constexpr auto scaled_integer(std::uint64_t a, std::uint64_t b) {
    return [a, b](auto& source) {
        constexpr int p = F::significand_bits + 1;
        const auto va = value_of<F>(a), vb = value_of<F>(b);  // in units of 2^−4, F's smallest quantum
        const std::int64_t a_units = va.m << (va.e + 4), b_units = vb.m << (vb.e + 4);
        const auto k = static_cast<std::int64_t>(uniform_below(source, std::uint64_t{1} << p));
        return floor_in_format(a, b, a_units * (std::int64_t{1} << p) + (b_units - a_units) * k, -4 - p);
    };
}

// Round to nearest: the floor, then one flip for the half of the cell U is in;
// clamped below b, or not.
constexpr auto nearest(std::uint64_t a, std::uint64_t b, bool clamped) {
    return [a, b, clamped](auto& source) {
        const std::uint64_t x = detail::floor_uniform<F>(a, b, [&](std::uint64_t n) { return uniform_below(source, n); });
        const std::uint64_t up = bits_of_ordinal<F>(ordinal<F>(x) + 1);
        return uniform_below(source, 2) == 0 || (clamped && up == b) ? x : up;
    };
}

constexpr auto floor_of(std::uint64_t a, std::uint64_t b) {
    return [a, b](auto& source) { return detail::floor_uniform<F>(a, b, [&](std::uint64_t n) { return uniform_below(source, n); }); };
}

constexpr std::uint64_t zero = 0, one = bits_of_value<F>(1, 0), minus_three = bits_of_value<F>(-3, 0),
                        ten = bits_of_value<F>(10, 0);

}  // namespace

TEST_CASE("check_real_sampler: the floor of a real uniform passes, with its error bounded", "[verify_real]") {
    constexpr real_sampler_report r = check_real_sampler<die<2>, F>(floor_of(minus_three, ten), minus_three, ten, 10);
    STATIC_REQUIRE((r.values == static_cast<std::size_t>(ordinal<F>(ten) - ordinal<F>(minus_three))));
    STATIC_REQUIRE((r.never_above_share()));
    STATIC_REQUIRE((!r.proves_exact()));  // −3 … 10 is 13 units of 1: not a power of two, never finished
    STATIC_REQUIRE((r.proves_error_within(rational{1, 8})));
    STATIC_REQUIRE((!r.proves_error_within(rational{1, 1024})));
    // the masses and shares it compares: −3 has a cell of 1/2 in 13 (its cell reaches −2.5)
    STATIC_REQUIRE((r.share(0) == rational{1, 26}));
    STATIC_REQUIRE((r.share(r.values - 1) == rational{2, 13}));  // 8, up to 10
    STATIC_REQUIRE((r.mass(0) < r.share(0)));
    // the report says what it checked: a coin, 10 rolls deep, 2^10 sequences
    STATIC_REQUIRE((r.faces == 2 && r.depth == 10 && r.sequences == 1024));
    STATIC_REQUIRE((check_real_sampler<d6, F>(floor_of(minus_three, ten), minus_three, ten, 3).faces == 6));
}

TEST_CASE("real_sampler_report: the default reports nothing checked", "[verify_real]") {
    constexpr real_sampler_report none{};
    STATIC_REQUIRE((none.faces == 0 && none.depth == 0 && none.values == 0 && none.sequences == 0 && none.total == 0));
    STATIC_REQUIRE((!none.out_of_range));
}

TEST_CASE("check_real_sampler refuses today's std method and rounding to nearest", "[verify_real]") {
    // a + (b − a)·k/2^p: 0 gets 1/8 of [0, 1), its share is 1/16 (the cell [0, 2^−4))
    constexpr real_sampler_report scaled = check_real_sampler<die<2>, F>(scaled_integer(zero, one), zero, one, 6);
    STATIC_REQUIRE((!scaled.never_above_share()));
    STATIC_REQUIRE((scaled.first_above_share() == 0));
    STATIC_REQUIRE((scaled.mass(0) == rational{1, 8}));
    STATIC_REQUIRE((scaled.share(0) == rational{1, 16}));
    // and across zero, on a d6 too
    STATIC_REQUIRE((!check_real_sampler<d6, F>(scaled_integer(minus_three, ten), minus_three, ten, 3).never_above_share()));
    // rounding to nearest reaches b itself
    constexpr real_sampler_report reaches_b = check_real_sampler<die<2>, F>(nearest(minus_three, ten, false), minus_three, ten, 8);
    STATIC_REQUIRE((reaches_b.out_of_range && reaches_b.out_of_range_bits == ten));
    STATIC_REQUIRE((!reaches_b.never_above_share()));
    // clamped below b, it gives too much to the last number, and to the negative powers of two
    constexpr real_sampler_report clamped = check_real_sampler<die<2>, F>(nearest(minus_three, ten, true), minus_three, ten, 10);
    STATIC_REQUIRE((!clamped.out_of_range));
    STATIC_REQUIRE((!clamped.never_above_share()));
    STATIC_REQUIRE((clamped.first_above_share() == 2));  // −2: half of [−2.5, −2) and half of [−2, −1.75)
}

TEST_CASE("check_real_sampler: what it cannot check, in words", "[verify_real]") {
    const auto sampler = floor_of(zero, one);
    CHECK_THROWS_WITH((check_real_sampler<die<2>, F>(sampler, one, zero)), Catch::Contains("rollplan: check_real_sampler needs a < b"));
    CHECK_THROWS_WITH((check_real_sampler<die<2>, F>(sampler, one, one)), Catch::Contains("needs a < b"));
    CHECK_THROWS_WITH((check_real_sampler<die<2>, F>(sampler, zero, F::infinity_bits)), Catch::Contains("needs finite bounds"));
    CHECK_THROWS_WITH((check_real_sampler<die<2>, double>([](auto&) { return 0.0; }, 0.0, 1.0)),
                      Catch::Contains("lists at most 256 numbers of [a, b)"));
    // the count named: [0, 1) holds 0x3FF0000000000000 doubles
    CHECK_THROWS_WITH((check_real_sampler<die<2>, double>([](auto&) { return 0.0; }, 0.0, 1.0)),
                      Catch::Contains("numbers = 4607182418800017408"));
    CHECK_THROWS_WITH((check_real_sampler<die<2>, double>([](auto&) { return 0.0; }, 0.0, std::numeric_limits<double>::quiet_NaN())),
                      Catch::Contains("needs finite bounds"));
    CHECK_THROWS_WITH((check_real_sampler<die<2>, F>(sampler, zero, one, 17)), Catch::Contains("at most 16 rolls deep"));
}
