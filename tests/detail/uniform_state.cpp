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
