#include <rollplan/detail/wide.hpp>

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rollplan;
using big = detail::wide_uint<4>;

TEST_CASE("wide arithmetic agrees with 128-bit arithmetic where both fit", "[wide]") {
    const count_t a = (count_t{0x123456789abcdefULL} << 60) + 987654321, b = 0xfedcba987654321ULL;
    REQUIRE((big{a} + big{b}).to_count() == a + b);
    REQUIRE((big{a} - big{b}).to_count() == a - b);
    REQUIRE((big{a} / big{b}).to_count() == a / b);
    REQUIRE((big{b} * big{b}).to_count() == b * b);
    STATIC_REQUIRE(detail::gcd(big{count_t{96} * 7}, big{count_t{36} * 7}).to_count() == 84);
}

TEST_CASE("past 128 bits", "[wide]") {
    const big two_64 = big{two_to_64};
    const big two_128 = two_64 * two_64;
    REQUIRE_FALSE(two_128.fits_count());
    REQUIRE((two_128 / two_64).to_count() == two_to_64);
    REQUIRE(((two_128 - big{1}) / two_64).to_count() == two_to_64 - 1);
    REQUIRE(detail::gcd(two_128 * big{3}, two_64 * big{6}) == two_64 * big{6});
    REQUIRE_THROWS_AS(two_128.to_count(), std::overflow_error);
    REQUIRE_THROWS_AS(two_128 * two_128, std::overflow_error);  // 2^256 does not fit in 256 bits
    REQUIRE_THROWS_AS(big{1} - big{2}, std::domain_error);
}
