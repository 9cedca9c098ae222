#include <rollplan/analysis.hpp>
#include <rollplan/planner.hpp>

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rollplan;

namespace {
// A description the vocabulary would refuse: a fold that does not divide.
constexpr plan_description fold_d6_by_4() {
    plan_description d;
    d.faces = 6;
    d.reserve(2);
    d.nodes[0] = {node_kind::fold, 4, 1, 1};
    d.nodes[1] = {node_kind::roll, 6, 0, 0};
    return d;
}
}  // namespace

TEST_CASE("the analysis finds the bias of a bad fold", "[analysis]") {
    constexpr distribution biased = distribution_of(fold_d6_by_4());
    STATIC_REQUIRE(!biased.is_uniform());
    STATIC_REQUIRE(biased.mass_of(0) == rational{1, 3});
    STATIC_REQUIRE(biased.mass_of(1) == rational{1, 3});
    STATIC_REQUIRE(biased.mass_of(2) == rational{1, 6});
    STATIC_REQUIRE(biased.mass_of(3) == rational{1, 6});
    STATIC_REQUIRE(biased.total() == rational{1});
}

TEST_CASE("exact distributions of plans", "[analysis]") {
    constexpr auto d29 = exact_distribution<plan_t<29, d6>>();
    STATIC_REQUIRE(d29.size() == 29);
    for (const auto& p : d29) REQUIRE(p == rational{1, 29});
    constexpr auto big = exact_distribution<plan_t<4096, d6>>();
    STATIC_REQUIRE(big[4095] == rational{1, 4096});
    STATIC_REQUIRE(is_exactly_uniform_v<plan_t<max_target, d6>>);
    STATIC_REQUIRE(is_exactly_uniform_v<plan_t<max_target, die<two_to_64>>>);
}

TEST_CASE("expected rolls follow the node rules", "[analysis]") {
    STATIC_REQUIRE(expected_rolls_v<roll<d6>> == rational{1});
    STATIC_REQUIRE(expected_rolls_v<reject<roll<d6>, 5>> == rational{6, 5});
    STATIC_REQUIRE(expected_rolls_v<reject<mixed_radix<roll<d6>, roll<d6>>, 29>> == rational{2 * 36, 29});
    STATIC_REQUIRE(expected_rolls_v<mixed_radix<reject<roll<d6>, 4>, reject<roll<d6>, 5>>> == rational{27, 10});
    STATIC_REQUIRE(expected_rolls_v<reject<roll<die<two_to_64>>, 3>> == rational{two_to_64, two_to_64 - 1});
}

TEST_CASE("sequences resolved by each length", "[analysis]") {
    // d5 from d6: each roll finishes 5 of the 6 ways
    constexpr auto d5 = description_v<reject<roll<d6>, 5>>;
    STATIC_REQUIRE(resolved_by_length(d5, 3)[1] == 5);
    STATIC_REQUIRE(resolved_by_length(d5, 3)[2] == 5);   // the 6, then one of five
    STATIC_REQUIRE(resolved_by_length(d5, 3)[3] == 5);
    STATIC_REQUIRE(unresolved_after(d5, 3) == 1);        // 6, 6, 6
    // rand7 from rand5: 21 of 25 pairs finish after two rolls, 4·21 after four
    constexpr auto r7 = description_v<plan_t<7, die<5>, strategy::digits>>;
    STATIC_REQUIRE(resolved_by_length(r7, 4)[2] == 21);
    STATIC_REQUIRE(resolved_by_length(r7, 4)[3] == 0);
    STATIC_REQUIRE(resolved_by_length(r7, 4)[4] == 84);
    STATIC_REQUIRE(unresolved_after(r7, 4) == 16);
}

TEST_CASE("numbers past 128 bits are an error, not a wrong value", "[analysis]") {
    // seven rejections of a 2^32-faced die, each with its own denominator
    const auto d = make_plan(18446744073709551557ull, count_t{1} << 32, strategy::smooth{});
    REQUIRE(is_exactly_uniform(d));
    REQUIRE_THROWS_AS(expected_rolls(d), std::overflow_error);
}
