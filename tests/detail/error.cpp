#include <rollplan/detail/error.hpp>
#include <rollplan/detail/integer.hpp>

#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>

using namespace rollplan;

namespace {
constexpr int checked_face(int face) {
    if (face < 1 || face > 6) detail::fail<std::out_of_range>("rollplan: a face outside the die", "face", face, "K", 6);
    return face;
}
}  // namespace

TEST_CASE("count_t in decimal", "[error]") {
    REQUIRE(to_string(count_t{0}) == "0");
    REQUIRE(to_string(two_to_64) == "18446744073709551616");
    REQUIRE(to_string(count_max) == "340282366920938463463374607431768211455");
}

TEST_CASE("a failed check names the values at run time", "[error]") {
    REQUIRE_THROWS_AS(checked_face(7), std::out_of_range);
    REQUIRE_THROWS_WITH(checked_face(7), "rollplan: a face outside the die (face = 7, K = 6)");
    REQUIRE_THROWS_WITH(checked_face(-3), "rollplan: a face outside the die (face = -3, K = 6)");
    REQUIRE_THROWS_WITH(detail::fail<std::invalid_argument>("rollplan: plain"), "rollplan: plain");
    REQUIRE_THROWS_WITH(detail::fail<std::overflow_error>("rollplan: wide", "N", two_to_64 + 1, "min", INT64_MIN),
                        "rollplan: wide (N = 18446744073709551617, min = -9223372036854775808)");
    STATIC_REQUIRE(checked_face(3) == 3);  // and a passed check is a constant expression
}
