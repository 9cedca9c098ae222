#include <rollplan/plan.hpp>

#include <catch2/catch.hpp>
#include <type_traits>

using namespace rollplan;

template <class P>
concept has_uint64_outcomes = requires { P::outcomes; };

TEST_CASE("outcome counts follow the node rules", "[plan]") {
    STATIC_REQUIRE(roll<d6>::outcomes == 6);
    STATIC_REQUIRE(mixed_radix<roll<d6>, roll<d6>, roll<d6>>::outcomes == 216);
    STATIC_REQUIRE(fold<roll<d6>, 3>::outcomes == 3);
    STATIC_REQUIRE(reject<roll<d6>, 5>::outcomes == 5);
    STATIC_REQUIRE(mixed_radix<>::outcomes == 1);
    STATIC_REQUIRE(std::is_same_v<decltype(roll<d6>::outcomes), const std::uint64_t>);
}

TEST_CASE("counts past 2^64 exist inside plans but have no 64-bit outcomes", "[plan]") {
    using engine = roll<die<two_to_64>>;
    STATIC_REQUIRE(engine::outcome_count == two_to_64);
    STATIC_REQUIRE(!has_uint64_outcomes<engine>);
    STATIC_REQUIRE(has_uint64_outcomes<reject<engine, 6>>);
    using wide = mixed_radix<roll<die<count_t{1} << 40>>, roll<die<count_t{1} << 40>>>;
    STATIC_REQUIRE(wide::outcome_count == count_t{1} << 80);
    STATIC_REQUIRE(!has_uint64_outcomes<wide>);
}

TEST_CASE("recycle", "[plan]") {
    STATIC_REQUIRE(recycle<roll<d6>, 29>::outcomes == 29);
    STATIC_REQUIRE(std::is_same_v<recycle<roll<d6>, 29>::die_type, d6>);
    STATIC_REQUIRE(is_plan_v<recycle<mixed_radix<roll<coin>, roll<coin>>, 3>>);
}

TEST_CASE("plans carry their die", "[plan]") {
    STATIC_REQUIRE(std::is_same_v<reject<mixed_radix<roll<d6>, fold<roll<d6>, 2>>, 7>::die_type, d6>);
    STATIC_REQUIRE(std::is_void_v<mixed_radix<>::die_type>);
    STATIC_REQUIRE(std::is_same_v<mixed_radix<mixed_radix<>, roll<d4>>::die_type, d4>);
    STATIC_REQUIRE(is_plan_v<fold<roll<d6>, 2>>);
    STATIC_REQUIRE(!is_plan_v<d6>);
}

TEST_CASE("loaded: a target of weights, and the loaded nodes", "[plan][loaded]") {
    STATIC_REQUIRE(loaded<3, 2, 1>::size == 3);
    STATIC_REQUIRE(loaded<3, 2, 1>::total == 6);
    STATIC_REQUIRE(loaded<0, 5u, 0ull>::weights[1] == 5);
    STATIC_REQUIRE(loaded<~std::uint64_t{0}, 1>::total == two_to_64);
    STATIC_REQUIRE(is_loaded_v<loaded<1>>);
    STATIC_REQUIRE(!is_loaded_v<roll<d6>>);
    using P = cut<roll<d6>, 3, 2, 1>;
    STATIC_REQUIRE(P::outcomes == 3);
    STATIC_REQUIRE(std::is_same_v<P::die_type, d6>);
    STATIC_REQUIRE((is_plan_v<P> && is_loaded_plan_v<P> && !is_operand_v<P>));
    using T = knuth_yao<roll<coin>, 1, 0, 5>;
    STATIC_REQUIRE(T::outcomes == 3);
    STATIC_REQUIRE(std::is_same_v<T::die_type, coin>);
    STATIC_REQUIRE(is_loaded_plan_v<T>);
    STATIC_REQUIRE((is_operand_v<roll<d6>> && !is_loaded_plan_v<roll<d6>>));
}
