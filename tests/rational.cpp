#include <rollplan/rational.hpp>

#include <catch2/catch.hpp>
#include <sstream>
#include <stdexcept>

using namespace rollplan;

TEST_CASE("rationals are kept in lowest terms", "[rational]") {
    STATIC_REQUIRE(rational{6, 4} == rational{3, 2});
    STATIC_REQUIRE(rational{6, 4}.numerator() == 3);
    STATIC_REQUIRE(rational{0, 5} == rational{0});
}

TEST_CASE("field laws on examples", "[rational]") {
    STATIC_REQUIRE(rational{1, 2} + rational{1, 3} == rational{5, 6});
    STATIC_REQUIRE(rational{5, 6} - rational{1, 3} == rational{1, 2});
    STATIC_REQUIRE(rational{2, 3} * rational{9, 4} == rational{3, 2});
    STATIC_REQUIRE(rational{2, 3} / rational{4, 9} == rational{3, 2});
    STATIC_REQUIRE(rational{96, 29} * rational{29} == rational{96});
}

TEST_CASE("ordering without overflow", "[rational]") {
    STATIC_REQUIRE(rational{1, 3} < rational{1, 2});
    STATIC_REQUIRE(rational{27, 10} > rational{8, 3});
    STATIC_REQUIRE(rational{7, 7} == rational{1});
    // cross products of these would need 256 bits
    STATIC_REQUIRE(rational{count_max - 1, count_max} < rational{count_max - 2, count_max - 1} == false);
    STATIC_REQUIRE(rational{count_max - 2, count_max - 1} < rational{count_max - 1, count_max});
    STATIC_REQUIRE(rational{count_max, 3} > rational{count_max - 1, 3});
}

TEST_CASE("no silent overflow", "[rational]") {
    const rational tiny{1, count_t{1} << 127};
    REQUIRE_THROWS_AS(tiny * rational(1, 3), std::overflow_error);
    REQUIRE_THROWS_AS(tiny + rational(1, 3), std::overflow_error);
    REQUIRE_THROWS_AS(rational(1, 0), std::domain_error);
    REQUIRE_THROWS_AS(rational(1, 3) - rational(1, 2), std::domain_error);
}

TEST_CASE("printing", "[rational]") {
    std::ostringstream os;
    os << rational{96, 29} << ' ' << rational{4, 2} << ' ' << rational{two_to_64};
    REQUIRE(os.str() == "96/29 2 18446744073709551616");
}
