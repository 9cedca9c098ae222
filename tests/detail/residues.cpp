#include <rollplan/detail/residues.hpp>

#include <rollplan/optimum.hpp>

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rollplan;

TEST_CASE("next_residue walks K^k mod N", "[residues]") {
    // 6^k mod 29: 1, 6, 7, 13, 20, 4, 24, 28 (worked out: 36 = 29 + 7, 42 = 29 + 13, 78 = 58 + 20, ...)
    constexpr count_t expected[] = {1, 6, 7, 13, 20, 4, 24, 28};
    count_t r = 1;
    for (count_t e : expected) {
        REQUIRE(r == e);
        r = detail::next_residue(r, 6, 29);
    }
    // a radix past N and past 2^64: (2^64 mod 3) = 1, so every residue stays 1
    STATIC_REQUIRE(detail::next_residue(1, two_to_64, 3) == 1);
    STATIC_REQUIRE(detail::next_residue(max_target - 1, two_to_64, max_target) == max_target - 1);
}

TEST_CASE("knuth_yao_estimate is the exact Knuth-Yao sum in double", "[residues]") {
    STATIC_REQUIRE(detail::knuth_yao_estimate(1, 6) == 0.0);
    STATIC_REQUIRE(detail::knuth_yao_estimate(6, 6) == 1.0);   // 1, then 6 mod 6 = 0
    STATIC_REQUIRE(detail::knuth_yao_estimate(7, 8) == 8.0 / 7);  // 1 + 1/8 + 1/64 + ... = 8/7, to the last bit
    int compared = 0;
    for (count_t n = 1; n <= 200; ++n)
        for (count_t k : {count_t{2}, count_t{3}, count_t{6}, count_t{10}, count_t{20}}) {
            INFO("N = " << static_cast<unsigned>(n) << ", K = " << static_cast<unsigned>(k));
            double exact = 0;
            try {
                exact = knuth_yao_sum(n, k).to_double();
            } catch (const std::overflow_error&) {  // the exact sum needs more than 128 bits
                continue;
            }
            REQUIRE(detail::knuth_yao_estimate(n, k) == Approx(exact).epsilon(1e-14));
            ++compared;
        }
    REQUIRE(compared > 900);  // of the 1000 pairs, those whose exact sum fits 128 bits
    REQUIRE_THROWS_AS(detail::knuth_yao_estimate(0, 6), std::invalid_argument);
    REQUIRE_THROWS_AS(detail::knuth_yao_estimate(6, 1), std::invalid_argument);
}
