#include <rollplan/optimum.hpp>

#include <array>
#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rollplan;

TEST_CASE("the Knuth-Yao optimum, exactly", "[optimum]") {
    STATIC_REQUIRE(optimal_expected_rolls(29, 6) == rational{3178974, 1399685});
    STATIC_REQUIRE(optimal_expected_rolls(7, 5) == rational{1115, 504});
    STATIC_REQUIRE(optimal_expected_rolls(5, 7) == rational{413, 300});
    STATIC_REQUIRE(optimal_expected_rolls(20, 6) == rational{38, 15});
    STATIC_REQUIRE(optimal_expected_rolls(6, 2) == rational{11, 3});
    STATIC_REQUIRE(optimal_expected_rolls(10, 6) == rational{11, 5});
    STATIC_REQUIRE(optimal_expected_rolls(100, 10) == rational{2});
    STATIC_REQUIRE(optimal_expected_rolls(1, 6) == rational{0});
    STATIC_REQUIRE(optimal_expected_rolls(6, 6) == rational{1});
}

TEST_CASE("the optimum agrees with its partial sums", "[optimum]") {
    for (count_t n = 1; n <= 200; ++n)
        for (count_t k : std::to_array<count_t>({2, 3, 5, 6, 7, 10, 12, 20})) {
            double partial = 0, scale = 1;
            count_t r = 1 % n;
            for (int i = 0; i < 2000 && scale > 1e-300; ++i, scale /= static_cast<double>(k), r = r * k % n)
                partial += static_cast<double>(r) * scale;
            try {
                const double exact = optimal_expected_rolls(n, k).to_double();
                INFO("N = " << to_string(n) << ", K = " << to_string(k));
                REQUIRE(exact == Approx(partial).epsilon(1e-12));
            } catch (const std::overflow_error&) {
                // past 128 bits once reduced: reported, never approximated
            }
        }
}

TEST_CASE("periods of K^k mod N", "[optimum]") {
    STATIC_REQUIRE(residue_period(29, 6, 100).start == 0);
    STATIC_REQUIRE(residue_period(29, 6, 100).length == 14);  // 6 has order 14 mod 29
    STATIC_REQUIRE(residue_period(20, 6, 100).start == 2);    // 1, 6, 16, 16, ...
    STATIC_REQUIRE(residue_period(20, 6, 100).length == 1);
    STATIC_REQUIRE(residue_period(20, 6, 100).found);
    REQUIRE_FALSE(residue_period(1000003, 2, 1000).found);
}

TEST_CASE("where the exact optimum does not fit, it says so", "[optimum]") {
    // 61 outcomes from a d18: the reduced value needs about 131 bits
    REQUIRE_THROWS_AS(optimal_expected_rolls(61, 18), std::overflow_error);
    REQUIRE_THROWS_AS(optimal_expected_rolls(1000003, 2), std::overflow_error);
}
