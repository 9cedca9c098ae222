#include <rollplan/detail/uniform_state.hpp>

#include <catch2/catch.hpp>
#include <map>

using namespace rollplan;

TEST_CASE("a draw keeps the quotient and a rejection keeps the leftover", "[uniform_state]") {
    detail::uniform_state s;
    s.append(4, 6);  // value 4 of [0, 6)
    s.append(5, 6);  // 4·6 + 5 = 29 of [0, 36)
    REQUIRE(s.value == 29);
    REQUIRE(s.range == 36);
    const auto drawn = s.take(10);  // ⌊36/10⌋·10 = 30 values are kept; 29 is one of them
    REQUIRE(drawn == count_t{9});
    REQUIRE(s.value == 2);  // ⌊29/10⌋, uniform on [0, 3)
    REQUIRE(s.range == 3);
    detail::uniform_state high{33, 36};
    REQUIRE_FALSE(high.take(10));  // 33 >= 30: the leftover 3 of [0, 6) stays
    REQUIRE(high.value == 3);
    REQUIRE(high.range == 6);
}

TEST_CASE("every state value maps to one (draw, next state) pair, evenly", "[uniform_state]") {
    // From a state uniform on [0, 36): draws of 7 take 35 values, 5 per outcome,
    // and leave a quotient uniform on [0, 5); the value 35 leaves [0, 1).
    std::map<std::pair<count_t, count_t>, int> accepted;
    int rejected = 0;
    for (count_t v = 0; v < 36; ++v) {
        detail::uniform_state s{v, 36};
        if (const auto drawn = s.take(7)) {
            REQUIRE(s.range == 5);
            ++accepted[{*drawn, s.value}];
        } else {
            REQUIRE(s.range == 1);
            REQUIRE(s.value == 0);
            ++rejected;
        }
    }
    REQUIRE(accepted.size() == 35);  // every (outcome, quotient) pair exactly once
    REQUIRE(rejected == 1);
}

TEST_CASE("past 2^64 a draw keeps the quotient and a rejection the leftover, as below", "[uniform_state]") {
    // a state uniform on [0, 36·2^64): draws of 10^18 keep q = ⌊36·2^64/10^18⌋ values of quotient
    const count_t range = 36 * two_to_64, n = 1000000000000000000u, q = range / n, kept = q * n;
    detail::uniform_state low{kept - 1, range};
    REQUIRE(low.take(n) == (kept - 1) % n);
    REQUIRE(low.value == (kept - 1) / n);
    REQUIRE(low.range == q);  // uniform on [0, q), q past 2^64
    detail::uniform_state high{kept + 7, range};
    REQUIRE_FALSE(high.take(n));
    REQUIRE(high.value == 7);
    REQUIRE(high.range == range - kept);
}

TEST_CASE("recycle_set's die for a range: the smallest share left, else the most faces", "[uniform_state]") {
    constexpr count_t faces[] = {6, 10, 20};
    // from 1 to 29 no die reaches 29 at once: the d20, the most faces, though it is not first
    STATIC_REQUIRE(detail::die_for_range(1, 29, faces, 3) == 2);
    constexpr count_t largest_first[] = {20, 6};
    STATIC_REQUIRE(detail::die_for_range(1, 29, largest_first, 2) == 0);
    STATIC_REQUIRE(detail::die_for_range(1, 29, largest_first, 1) == 0);
    // from 3: 18 (no), 30 leaves 1/30, 60 leaves 2/60: a tie, the first (the d10)
    STATIC_REQUIRE(detail::die_for_range(3, 29, faces, 3) == 1);
    // from 2: 12 (no), 20 (no), 40 leaves 11/40: the d20
    STATIC_REQUIRE(detail::die_for_range(2, 29, faces, 3) == 2);
}

TEST_CASE("a recycle loop's ranges along the rejecting branch", "[uniform_state]") {
    // d29 from a d6: 1 → 6 → 36, 7 left; 7 → 42, 13 left; 13 → 78, 20 left; 20 → 120, 4 left
    detail::range_chain chain;
    chain.radix[chain.size++] = 6;
    chain.m = 29;
    constexpr int expected[][3] = {{36, 2, 7}, {42, 1, 13}, {78, 1, 20}, {120, 1, 4}};
    for (const auto& [reached, rolls, left] : expected) {
        REQUIRE(chain.fill() == count_t(reached));
        REQUIRE(chain.rolls == unsigned(rolls));
        chain.reject();
        REQUIRE(chain.range == count_t(left));
    }
    // a range that is a multiple of m leaves nothing
    detail::range_chain exact;
    exact.radix[exact.size++] = 6;
    exact.m = 36;
    REQUIRE(exact.fill() == 36);
    exact.reject();
    REQUIRE(exact.range == 0);
}

TEST_CASE("expected_digits counts every attempt reached with probability above 10^-30", "[uniform_state]") {
    // A chain that already holds range >= m: its first attempt rolls nothing,
    // and its rejection (probability 1/(3·10^29 + 1), above 10^-30) leads to
    // one roll of a d2, after which nothing is left: 1/(3·10^29 + 1) digits.
    count_t ten_to_29 = 1;
    for (int i = 0; i < 29; ++i) ten_to_29 *= 10;
    detail::range_chain c;
    c.m = 2;
    c.radix[c.size++] = 2;
    c.range = 3 * ten_to_29 + 1;
    REQUIRE(c.expected_digits() == Approx(1.0 / 3e29).epsilon(1e-12));
}
