#include <rollplan/die.hpp>

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <utility>
#include <stdexcept>
#include <type_traits>

using namespace rollplan;

TEST_CASE("one spelling per die", "[die]") {
    STATIC_REQUIRE(std::is_same_v<die<6>, d6>);
    STATIC_REQUIRE(std::is_same_v<die<6>, die<6ull>>);
    STATIC_REQUIRE(std::is_same_v<coin, die<2>>);
    STATIC_REQUIRE(die<two_to_64>::faces == two_to_64);
}

TEST_CASE("standard engines are dice of their range", "[die]") {
    STATIC_REQUIRE(urbg_faces<std::mt19937> == count_t{1} << 32);
    STATIC_REQUIRE(urbg_faces<std::mt19937_64> == two_to_64);
    STATIC_REQUIRE(urbg_faces<std::minstd_rand> == (count_t{1} << 31) - 2);
    STATIC_REQUIRE(urbg_faces<std::ranlux24> == count_t{1} << 24);
    STATIC_REQUIRE(std::is_same_v<urbg_source<std::minstd_rand>::die_type, die<2147483646>>);
}

namespace {
// Has min, max and a call, but returns a signed value: not a generator.
struct signed_words {
    static constexpr int min() { return 0; }
    static constexpr int max() { return 10; }
    int operator()() { return 3; }
};
// Names no Mersenne Twister parameters, though it returns 32-bit words.
struct plain_32_bit {
    using result_type = std::uint32_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return 0xffffffff; }
    result_type operator()() { return 3; }
};
}  // namespace

// rollplan's concept is the standard's, written without <random>.
TEST_CASE("rollplan's generator concept agrees with the standard's", "[die]") {
    STATIC_REQUIRE(uniform_random_bit_generator<std::mt19937>);
    STATIC_REQUIRE(uniform_random_bit_generator<std::minstd_rand>);
    STATIC_REQUIRE(uniform_random_bit_generator<std::random_device>);
    STATIC_REQUIRE(uniform_random_bit_generator<plain_32_bit>);
    STATIC_REQUIRE(std::uniform_random_bit_generator<plain_32_bit>);
    STATIC_REQUIRE(!uniform_random_bit_generator<signed_words>);
    STATIC_REQUIRE(!std::uniform_random_bit_generator<signed_words>);
    STATIC_REQUIRE(!uniform_random_bit_generator<int>);
}

// Mersenne Twisters with w = 32 are found by the parameters they name, so
// their digits skip a range check no value could fail.
TEST_CASE("32-bit Mersenne Twisters are recognised without <random>'s template", "[die]") {
    STATIC_REQUIRE(detail::standard_32_bit_words<std::mt19937>);
    STATIC_REQUIRE(!detail::standard_32_bit_words<std::mt19937_64>);
    STATIC_REQUIRE(!detail::standard_32_bit_words<std::minstd_rand>);
    STATIC_REQUIRE(!detail::standard_32_bit_words<plain_32_bit>);
    STATIC_REQUIRE(std::is_same_v<decltype(urbg_source<std::mt19937>(std::declval<std::mt19937&>())()), std::uint32_t>);
}

TEST_CASE("an engine source subtracts the engine's minimum", "[die]") {
    std::minstd_rand a(11), b(11);  // minstd_rand's values start at 1
    urbg_source<std::minstd_rand> s(a);
    for (int i = 0; i < 100; ++i) REQUIRE(s() == b() - 1);
}

TEST_CASE("callable sources number faces from 1 or 0 and check them", "[die]") {
    int face = 0;
    auto from_one = from_faces<d6>([&] { return face; });
    STATIC_REQUIRE(die_source<decltype(from_one)>);
    face = 1;
    REQUIRE(from_one() == 0);
    face = 6;
    REQUIRE(from_one() == 5);
    face = 7;
    REQUIRE_THROWS_AS(from_one(), std::out_of_range);
    face = 0;
    REQUIRE_THROWS_AS(from_one(), std::out_of_range);

    auto from_zero = from_values<die<5>>([&] { return face; });
    face = 0;
    REQUIRE(from_zero() == 0);
    face = 4;
    REQUIRE(from_zero() == 4);
    face = 5;
    REQUIRE_THROWS_AS(from_zero(), std::out_of_range);
    face = -1;
    REQUIRE_THROWS_AS(from_zero(), std::out_of_range);
}

TEST_CASE("a bad face is an error that names the face and the die", "[die]") {
    auto seven = from_faces<d6>([] { return 7; });
    REQUIRE_THROWS_WITH(seven(), Catch::Contains("rollplan: a callable source returned a face outside its die") &&
                                     Catch::Contains("face = 7") && Catch::Contains("lowest face = 1") &&
                                     Catch::Contains("K = 6"));
    auto minus_three = from_values<die<5>>([] { return -3; });
    REQUIRE_THROWS_WITH(minus_three(), Catch::Contains("face = -3") && Catch::Contains("K = 5"));
}

TEST_CASE("faces of type bool and char are the integers they hold", "[die]") {
    bool heads = false;
    auto flip = from_values<coin>([&] { return heads = !heads; });
    REQUIRE(flip() == 1);
    REQUIRE(flip() == 0);
    char c = '\3';
    auto small = from_faces<d4>([&] { return c; });
    REQUIRE(small() == 2);
    c = '\5';
    REQUIRE_THROWS_WITH(small(), Catch::Contains("face = 5"));
    auto wide = from_faces<d6>([] { return char8_t{6}; });
    REQUIRE(wide() == 5);
}
