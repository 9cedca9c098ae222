#include <rollplan/detail/integer.hpp>

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rollplan;

TEST_CASE("powers and digit counts", "[integer]") {
    STATIC_REQUIRE(detail::power_or_zero(6, 3) == 216);
    STATIC_REQUIRE(detail::power_or_zero(two_to_64, 1) == two_to_64);
    STATIC_REQUIRE(detail::power_or_zero(two_to_64, 2) == 0);  // 2^128 does not fit
    STATIC_REQUIRE(detail::power_or_zero(3, 80) == count_t{12157665459056928801u} * 12157665459056928801u);  // (3^40)^2
    STATIC_REQUIRE(detail::power_or_zero(3, 81) == 0);  // 3^81 > 2^128, and not a multiple of it
    STATIC_REQUIRE(detail::power_or_zero(0, 5) == 0);
    STATIC_REQUIRE(detail::power_or_zero(0, 0) == 1);
    STATIC_REQUIRE(detail::digits_needed(29, 6) == 2);
    STATIC_REQUIRE(detail::digits_needed(36, 6) == 2);
    STATIC_REQUIRE(detail::digits_needed(37, 6) == 3);
    STATIC_REQUIRE(detail::digits_needed(1, 6) == 0);
    STATIC_REQUIRE(detail::digits_needed(max_target, 2) == 64);
    // a base whose square passes count_t: one digit reaches only 2^127
    STATIC_REQUIRE(detail::digits_needed((count_t{1} << 127) + 1, count_t{1} << 127) == 2);
    STATIC_REQUIRE(detail::digits_needed(count_t{1} << 127, count_t{1} << 127) == 1);
}

TEST_CASE("checked arithmetic throws instead of wrapping", "[integer]") {
    REQUIRE(detail::checked_mul(two_to_64 - 1, two_to_64 - 1, "x") == (two_to_64 - 1) * (two_to_64 - 1));
    REQUIRE_THROWS_AS(detail::checked_mul(two_to_64, two_to_64, "x"), std::overflow_error);
    // the largest count_t is reached, not refused: (2^64 + 1)(2^64 − 1) = 2^128 − 1
    STATIC_REQUIRE(detail::checked_mul(two_to_64 + 1, two_to_64 - 1, "x") == ~count_t{0});
    STATIC_REQUIRE(detail::checked_add(~count_t{0} - 1, 1, "x") == ~count_t{0});
    REQUIRE_THROWS_AS(detail::checked_add(count_max, 1, "x"), std::overflow_error);
    STATIC_REQUIRE(detail::gcd(96, 36) == 12);
}

namespace {
// Every permutation of {0, …, 5} sorted by sort_small comes out ascending.
constexpr bool sorts_every_permutation() {
    int values[6] = {0, 1, 2, 3, 4, 5};
    int order[6] = {0, 1, 2, 3, 4, 5};
    for (int count = 0; count < 720; ++count) {
        for (int i = 0; i < 6; ++i) values[i] = order[i];
        detail::sort_small(values, values + 6);
        for (int i = 0; i < 6; ++i)
            if (values[i] != i) return false;
        // next permutation of `order`, in lexicographic order
        int i = 4;
        while (i >= 0 && order[i] > order[i + 1]) --i;
        if (i < 0) break;
        int j = 5;
        while (order[j] < order[i]) --j;
        const int t = order[i];
        order[i] = order[j];
        order[j] = t;
        for (int lo = i + 1, hi = 5; lo < hi; ++lo, --hi) {
            const int u = order[lo];
            order[lo] = order[hi];
            order[hi] = u;
        }
    }
    return true;
}
}  // namespace

TEST_CASE("sort_small sorts, first_not_below finds the first element not below", "[integer]") {
    STATIC_REQUIRE(sorts_every_permutation());
    constexpr count_t sorted[] = {1, 3, 3, 7, 20};
    STATIC_REQUIRE(detail::first_not_below(sorted, sorted + 5, count_t{0}) == sorted);
    STATIC_REQUIRE(detail::first_not_below(sorted, sorted + 5, count_t{3}) == sorted + 1);
    STATIC_REQUIRE(detail::first_not_below(sorted, sorted + 5, count_t{4}) == sorted + 3);
    STATIC_REQUIRE(detail::first_not_below(sorted, sorted + 5, count_t{20}) == sorted + 4);
    STATIC_REQUIRE(detail::first_not_below(sorted, sorted + 5, count_t{21}) == sorted + 5);
    // by a key: descending
    int values[] = {2, 9, 4, 4, 1};
    detail::sort_small(values, values + 5, [](int x, int y) { return x > y; });
    const int descending[] = {9, 4, 4, 2, 1};
    for (int i = 0; i < 5; ++i) REQUIRE(values[i] == descending[i]);
}
