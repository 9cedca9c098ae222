#include <rollplan/version.hpp>

#include <catch2/catch.hpp>
#include <string>

TEST_CASE("the version macros agree with each other", "[version]") {
    STATIC_REQUIRE(ROLLPLAN_VERSION == ROLLPLAN_VERSION_MAJOR * 10000 + ROLLPLAN_VERSION_MINOR * 100 + ROLLPLAN_VERSION_PATCH);
    STATIC_REQUIRE(ROLLPLAN_VERSION_MINOR < 100);
    STATIC_REQUIRE(ROLLPLAN_VERSION_PATCH < 100);
    REQUIRE(std::string(ROLLPLAN_VERSION_STRING) == std::to_string(ROLLPLAN_VERSION_MAJOR) + "." +
                                                        std::to_string(ROLLPLAN_VERSION_MINOR) + "." +
                                                        std::to_string(ROLLPLAN_VERSION_PATCH));
}
