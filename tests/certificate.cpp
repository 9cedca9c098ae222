#include <rollplan/certificate.hpp>
#include <rollplan/planner.hpp>

#include <catch2/catch.hpp>
#include <string_view>

using namespace rollplan;

TEST_CASE("the optimal plans are certified", "[certificate]") {
    STATIC_REQUIRE(certify_optimal<plan_t<29, d6>>());
    STATIC_REQUIRE(certify_optimal<plan_t<29, d6>>().rolls_checked == 15);  // k = 0..14: one period of 14
    STATIC_REQUIRE(certify_optimal<plan_t<7, die<5>>>());
    STATIC_REQUIRE(certify_optimal<plan_t<max_target, die<two_to_64>>>());
    STATIC_REQUIRE(certify_optimal<plan_t<1, d6>>());
    STATIC_REQUIRE(certify_optimal<plan_t<100, d10>>());
    // a prime with a long period, past what an exact sum in 128 bits can hold
    STATIC_REQUIRE(certify_optimal<plan_t<65521, coin>>());
}

TEST_CASE("other plans are certified only when they are optimal", "[certificate]") {
    STATIC_REQUIRE(!certify_optimal<plan_t<29, d6, strategy::cheapest>>());
    STATIC_REQUIRE(!certify_optimal<plan_t<7, die<5>, strategy::digits>>());
    STATIC_REQUIRE(certify_optimal<reject<roll<d6>, 5>>());  // rerolling the 6 is optimal: 6^k mod 5 = 1
    constexpr auto off = certify_optimal<plan_t<29, d6, strategy::smooth>>();
    STATIC_REQUIRE(!off);
    STATIC_REQUIRE(off.proves_not_optimal());
    STATIC_REQUIRE(off.rolls_checked == 2);  // 1 and 6 unresolved after 0 and 1 rolls; then 36, not 36 mod 29
}

TEST_CASE("the certificate says when it could not decide", "[certificate]") {
    // 24 flips for 2^24 outcomes never reject: optimal, though the plan is not a recycle
    STATIC_REQUIRE(certify_optimal<plan_t<(1u << 24), coin>>().proves_optimal());
    // a period longer than the budget, and a plan deeper than the model counts
    constexpr auto long_period = certify_optimal<plan_t<65521, coin>>(1000);
    STATIC_REQUIRE(long_period.undecided());
    STATIC_REQUIRE(!long_period.proves_not_optimal());
    STATIC_REQUIRE(!long_period);
    STATIC_REQUIRE(std::string_view(long_period.reason).starts_with("undecided: the period"));
    constexpr auto deep = certify_optimal<plan_t<(3u << 23), coin, strategy::digits>>();
    STATIC_REQUIRE(deep.undecided());
    STATIC_REQUIRE(std::string_view(deep.reason).starts_with("undecided: the model"));
    // K^k overflows 128 bits after one roll of a 64-bit engine: the model cannot count k = 2
    constexpr auto engine = certify_optimal<plan_t<(1ull << 63) + 1, die<two_to_64>, strategy::smooth>>();
    STATIC_REQUIRE(!engine.proves_optimal());
}

TEST_CASE("certificates over a run-time sweep", "[certificate]") {
    for (count_t faces : {count_t{2}, count_t{3}, count_t{6}, count_t{7}, count_t{10}, count_t{2147483647},
                          count_t{1} << 32, two_to_64}) {
        for (count_t n = 1; n <= 3000; ++n) {
            INFO("N = " << to_string(n) << ", K = " << to_string(faces));
            REQUIRE(certify_optimal(make_plan(n, faces, strategy::optimal{})));
        }
    }
}

TEST_CASE("certify_optimal refuses a loaded plan in words", "[certificate][loaded]") {
    REQUIRE_THROWS_WITH(certify_optimal(make_loaded_plan({3, 2, 1}, 2)), Catch::Contains("rollplan: certify_optimal certifies uniform plans"));
}
