#include <rollplan/seed.hpp>

#include <catch2/catch.hpp>

using namespace rollplan;

TEST_CASE("build_seed is a compile-time constant that differs by call site", "[seed]") {
    constexpr auto here = build_seed();
    constexpr auto there = build_seed();  // another line
    STATIC_REQUIRE(here != there);
    STATIC_REQUIRE(build_seed("a.cpp", 1) != build_seed("b.cpp", 1));
    STATIC_REQUIRE(build_seed("a.cpp", 1) == build_seed("a.cpp", 1));
}

TEST_CASE("the hash behind it", "[seed]") {
    // FNV-1a's published values for "" and "a"
    STATIC_REQUIRE(detail::fnv1a("") == 0xcbf29ce484222325ULL);
    STATIC_REQUIRE(detail::fnv1a("a") == 0xaf63dc4c8601ec8cULL);
}
