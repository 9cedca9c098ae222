#include <rollplan/integer.hpp>

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rollplan;

TEST_CASE("powers and digit counts", "[integer]") {
    STATIC_REQUIRE(detail::power_or_zero(6, 3) == 216);
    STATIC_REQUIRE(detail::power_or_zero(two_to_64, 1) == two_to_64);
    STATIC_REQUIRE(detail::power_or_zero(two_to_64, 2) == 0);  // 2^128 does not fit
    STATIC_REQUIRE(detail::digits_needed(29, 6) == 2);
    STATIC_REQUIRE(detail::digits_needed(36, 6) == 2);
    STATIC_REQUIRE(detail::digits_needed(37, 6) == 3);
    STATIC_REQUIRE(detail::digits_needed(1, 6) == 0);
    STATIC_REQUIRE(detail::digits_needed(max_target, 2) == 64);
}

TEST_CASE("checked arithmetic throws instead of wrapping", "[integer]") {
    REQUIRE(detail::checked_mul(two_to_64 - 1, two_to_64 - 1, "x") == (two_to_64 - 1) * (two_to_64 - 1));
    REQUIRE_THROWS_AS(detail::checked_mul(two_to_64, two_to_64, "x"), std::overflow_error);
    REQUIRE_THROWS_AS(detail::checked_add(count_max, 1, "x"), std::overflow_error);
    STATIC_REQUIRE(detail::gcd(96, 36) == 12);
}
