#include <rollplan/describe.hpp>
#include <rollplan/planner.hpp>
#include <rollplan/sample.hpp>

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

using namespace rollplan;

TEST_CASE("plan names spell the type", "[describe]") {
    REQUIRE(plan_name<reject<roll<d6>, 5>>() == "reject<roll<d6>, 5>");
    REQUIRE(plan_name<plan_t<29, d6, strategy::smooth>>() ==
            "reject<mixed_radix<fold<roll<d6>, 2>, fold<roll<d6>, 3>, reject<roll<d6>, 5>>, 29>");
    REQUIRE(plan_name<mixed_radix<>>() == "mixed_radix<>");
    REQUIRE(plan_name<roll<die<two_to_64>>>() == "roll<die<18446744073709551616>>");
    REQUIRE(plan_name<roll<coin>>() == "roll<coin>");
}

TEST_CASE("instructions for a person with a d6", "[describe]") {
    // one die read at once: a lookup of its faces, no letter
    const std::string d5 = describe<reject<roll<d6>, 5>>();
    REQUIRE(d5 == "To pick a number from 1 to 5 with a d6:\n"
                  "1. Roll the d6: the face is your number. On a 6, roll again.\n");
    REQUIRE(describe<reject<roll<d8>, 7>>() == "To pick a number from 1 to 7 with a d8:\n"
                                               "1. Roll the d8: the face is your number. On an 8, roll again.\n");
    REQUIRE(describe<reject<roll<d12>, 11>>().find("On a 12, roll again.") != std::string::npos);
    REQUIRE(describe<reject<roll<d12>, 5>>().find(": your number is the face on 1–5 and the face − 5 on 6–10. On 11 or 12, "
                                                  "roll again.\n") != std::string::npos);
    REQUIRE(describe<fold<roll<d6>, 2>>() == "To pick a number from 1 to 2 with a d6:\n"
                                              "1. Roll the d6: your number is 1 on faces 1, 3, 5; 2 on faces 2, 4, 6.\n");
    REQUIRE(describe<fold<roll<d6>, 3>>().find("1 on faces 1, 4; 2 on faces 2, 5; 3 on faces 3, 6.") != std::string::npos);
    REQUIRE(describe<roll<d6>>() == "To pick a number from 1 to 6 with a d6:\n1. Roll the d6: the face is your number.\n");
    REQUIRE(describe<roll<coin>>() ==
            "To pick a number from 1 to 2 with a coin (heads is face 1, tails face 2):\n1. Toss the coin: heads is 1, tails is 2.\n");
    // ranges while a number has at most 3 faces; listed faces for up to 6 numbers on up to 20 faces; else the remainder
    REQUIRE(describe<fold<roll<d20>, 10>>().find(": your number is the face on 1–10 and the face − 10 on 11–20.\n") !=
            std::string::npos);
    REQUIRE(describe<fold<roll<d12>, 4>>().find(": your number is the face on 1–4, the face − 4 on 5–8 and the face − 8 on "
                                                "9–12.\n") != std::string::npos);
    REQUIRE(describe<fold<roll<d20>, 5>>().find(": your number is 1 on faces 1, 6, 11, 16; 2 on faces 2, 7, 12, 17; 3 on "
                                                "faces 3, 8, 13, 18; 4 on faces 4, 9, 14, 19; 5 on faces 5, 10, 15, 20.\n") !=
            std::string::npos);
    REQUIRE(describe<fold<roll<die<24>>, 6>>().find(": your number is the remainder of the face divided by 6 (6 for a "
                                                    "remainder of 0).\n") != std::string::npos);
    REQUIRE(describe<fold<roll<die<28>>, 7>>().find(": your number is the remainder of the face divided by 7 (7 for a "
                                                    "remainder of 0).\n") != std::string::npos);
    REQUIRE(describe<fold<roll<die<24>>, 8>>().find(": your number is the face on 1–8, the face − 8 on 9–16 and the face − "
                                                    "16 on 17–24.\n") != std::string::npos);
    const std::string d29 = describe<plan_t<29, d6, strategy::smooth>>();
    REQUIRE(d29.find("D = A × 15 + B × 5 + C (0 to 29).") != std::string::npos);
    REQUIRE(d29.find("If D is 29 or more, go back to step 1.") != std::string::npos);
}

TEST_CASE("instructions for the Knuth-Yao loop", "[describe]") {
    REQUIRE(describe<plan_t<29, d6>>() ==
            "To pick a number from 1 to 29 with a d6:\n"
            "1. Start with A = 0 and B = 1.\n"
            "2. Roll the d6: A = A × 6 + face − 1 and B = B × 6. Repeat this step until B is 29 or more.\n"
            "3. C = B − (B mod 29), the largest multiple of 29 up to B. If A is C or more: A = A − C, B = B − C, and go "
            "back to step 2 (nothing is thrown away).\n"
            "4. D = A mod 29.\n"
            "5. Your number is D + 1.\n");
    REQUIRE(plan_name<plan_t<29, d6>>() == "recycle<roll<d6>, 29>");
}

TEST_CASE("the Knuth-Yao loop of a die of N faces or more opens with a lookup", "[describe]") {
    REQUIRE(describe<recycle<roll<d20>, 7>>() ==
            "To pick a number from 1 to 7 with a d20:\n"
            "1. Roll the d20: your number is the face on 1–7 and the face − 7 on 8–14. On 15 to 20, go on with A = face − 15 "
            "(0 to 5) and B = 6, at step 2.\n"
            "2. Roll the d20: A = A × 20 + face − 1 and B = B × 20. Repeat this step until B is 7 or more.\n"
            "3. C = B − (B mod 7), the largest multiple of 7 up to B. If A is C or more: A = A − C, B = B − C, and go "
            "back to step 2 (nothing is thrown away).\n"
            "4. D = A mod 7.\n"
            "5. Your number is D + 1.\n");
    REQUIRE(describe<recycle<roll<d20>, 19>>().find("1. Roll the d20: the face is your number. On a 20, go on with A = 0 and "
                                                    "B = 1, at step 2.\n") != std::string::npos);
    REQUIRE(describe<recycle<roll<d20>, 18>>().find("On 19 or 20, go on with A = face − 19 (0 to 1) and B = 2, at step 2.\n") !=
            std::string::npos);
    // a die of fewer faces than N decides nothing on its first roll
    REQUIRE(describe<recycle<roll<d6>, 7>>().find("1. Start with A = 0 and B = 1.\n") != std::string::npos);
    // a die read with others is not the whole plan: its value is carried
    REQUIRE(describe<reject<mixed_radix<roll<d6>, roll<d6>>, 35>>().find("1. Roll the d6. A = face − 1 (0 to 5).\n") !=
            std::string::npos);
}

TEST_CASE("instructions for Lemire's multiply-shift", "[describe]") {
    REQUIRE(plan_name<plan_t<6, die<two_to_64>>>() == "scale<roll<die<18446744073709551616>>, 6>");
    REQUIRE(describe<scale<roll<d8>, 3>>() ==
            "To pick a number from 1 to 3 with a d8:\n"
            "1. Roll the d8. A = face − 1 (0 to 7).\n"
            "2. B = A × 3. If B mod 8 is below 2, go back to step 1.\n"
            "3. C = B ÷ 8, rounded down (0 to 2).\n"
            "4. Your number is C + 1.\n");
    // M divides L: nothing is rolled again
    REQUIRE(describe<scale<roll<d8>, 4>>().find("B = A × 4.\n") != std::string::npos);
}

TEST_CASE("instructions for coins, big dice and one outcome", "[describe]") {
    const std::string coins = describe<plan_t<3, coin, strategy::digits>>();
    REQUIRE(coins.rfind("To pick a number from 1 to 3 with a coin (heads is face 1, tails face 2):\n1. Toss the coin.", 0) == 0);
    REQUIRE(coins.find("If C is 3 or more, go back to step 1.") != std::string::npos);
    REQUIRE(describe<mixed_radix<>>() == "There is only one outcome: your number is 1. No roll is needed.\n");
    REQUIRE(describe<reject<roll<die<7>>, 5>>().find("Roll the 7-sided die: the face is your number. On 6 or 7, roll again.") !=
            std::string::npos);
    REQUIRE(describe<reject<roll<die<9>>, 5>>().find("Roll the 9-sided die: the face is your number. On 6 to 9, roll again.") !=
            std::string::npos);
    REQUIRE(describe<reject<roll<d20>, 6>>().find("A = (face − 1) mod 6") == std::string::npos);
    REQUIRE(describe<reject<roll<d20>, 6>>().find("On 19 or 20, roll again") != std::string::npos);
    // a reject inside another node still says "or more"
    REQUIRE(describe<mixed_radix<reject<roll<die<7>>, 5>, roll<d6>>>().find("Roll the 7-sided die. On 6 or more, roll again.") !=
            std::string::npos);
}

TEST_CASE("an 18-sided die, a 180-sided die", "[describe]") {
    auto opening = [](const std::string& text) { return text.substr(0, text.find(':')); };
    REQUIRE(opening(describe<reject<roll<die<18>>, 7>>()) == "To pick a number from 1 to 7 with an 18-sided die");
    REQUIRE(opening(describe<reject<roll<die<11>>, 7>>()) == "To pick a number from 1 to 7 with an 11-sided die");
    REQUIRE(opening(describe<reject<roll<die<80>>, 7>>()) == "To pick a number from 1 to 7 with an 80-sided die");
    REQUIRE(opening(describe<reject<roll<die<180>>, 7>>()) == "To pick a number from 1 to 7 with a 180-sided die");
    REQUIRE(opening(describe<reject<roll<die<11000>>, 7>>()) == "To pick a number from 1 to 7 with an 11000-sided die");
    REQUIRE(opening(describe<reject<roll<die<110>>, 7>>()) == "To pick a number from 1 to 7 with a 110-sided die");
    REQUIRE(opening(describe<reject<roll<die<7>>, 5>>()) == "To pick a number from 1 to 5 with a 7-sided die");
}

TEST_CASE("instructions over a set of dice name the die of each roll", "[describe]") {
    const std::string d30 = describe<plan_t<30, dice_set<d6, d10>>>();
    REQUIRE(d30 == "To pick a number from 1 to 30 with a d6 and a d10:\n"
                   "1. Roll the d6: faces 1, 4 give A = 0; faces 2, 5 give A = 1; faces 3, 6 give A = 2.\n"
                   "2. Roll the d10. B = face − 1 (0 to 9).\n"
                   "3. C = A × 10 + B (0 to 29).\n"
                   "4. Your number is C + 1.\n");
    REQUIRE(plan_name<plan_t<30, dice_set<d6, d10>>>() == "mixed_radix<fold<roll<d6>, 3>, roll<d10>>");
}

TEST_CASE("instructions for the Knuth-Yao loop over a set of dice list the die for each range", "[describe]") {
    // a d15 from the polyhedral set rolls the d20 at B = 1 and the d6 at B = 5 (worked out by hand:
    // 20 leaves 5, 5·6 = 30 is a multiple of 15)
    const std::string d15 = describe<plan_t<15, dice_set<d4, d6, d8, d10, d12, d20>>>();
    REQUIRE(d15 == "To pick a number from 1 to 15 with a d6 and a d20:\n"
                   "1. Start with A = 0 and B = 1.\n"
                   "2. Roll the d6 when B is 5; otherwise the d20: with K its number of faces, A = A × K + face − 1 "
                   "and B = B × K. Repeat this step until B is 15 or more.\n"
                   "3. C = B − (B mod 15), the largest multiple of 15 up to B. If A is C or more: A = A − C, "
                   "B = B − C, and go back to step 2 (nothing is thrown away).\n"
                   "4. D = A mod 15.\n"
                   "5. Your number is D + 1.\n");
    // d29 from {d6, d10}: the ranges 1 → 10 → 60 (2 left) → 20 → 120 (4 left) → 40 (11 left) → 66
    // (8 left) → 80 (22 left) → 220 (17 left) → 102 (15 left) → 90 (3 left) → 30 (1 left) → again
    const std::string d29 = describe<plan_t<29, dice_set<d6, d10>>>();
    REQUIRE_THAT(d29, Catch::Contains("2. Roll the d6 when B is 10, 11, 15, 17 or 20; otherwise the d10: "));
    // 1009 from {d6, d10} meets 20 values of B, 4 of them for the d6; 10007 meets 228, 62 for the d6:
    // too many to list, so the rule is said
    const std::string d1009 = describe<recycle_set<dice_set<d6, d10>, 1009>>();
    const std::string d10007 = describe<recycle_set<dice_set<d6, d10>, 10007>>();
    REQUIRE_THAT(d1009, Catch::Contains("Roll the d6 when B is ") && Catch::Contains("; otherwise the d10:"));
    REQUIRE_THAT(d10007, Catch::Contains("Roll the die that brings B to 10007 or more leaving the smallest share B × K mod "
                                 "10007 of B × K (the first listed on a tie; if none does, the d10)"));
    REQUIRE(plan_name<recycle_set<dice_set<d6, d10>, 29>>() == "recycle_set<dice_set<d6, d10>, 29>");
}

TEST_CASE("a die in words, with the article its number is spoken with", "[describe]") {
    REQUIRE(die_noun(6) == "d6");
    REQUIRE(die_noun(2) == "coin");
    REQUIRE(die_noun(18) == "18-sided die");
    REQUIRE(die_with_article(6) == "a d6");
    REQUIRE(die_with_article(8) == "a d8");
    REQUIRE(die_with_article(2) == "a coin");
    REQUIRE(die_with_article(18) == "an 18-sided die");
    REQUIRE(die_with_article(11) == "an 11-sided die");
    REQUIRE(die_with_article(80) == "an 80-sided die");
    REQUIRE(die_with_article(8000) == "an 8000-sided die");
    REQUIRE(die_with_article(11000) == "an 11000-sided die");
    REQUIRE(die_with_article(18000000) == "an 18000000-sided die");
    REQUIRE(die_with_article(180) == "a 180-sided die");
    REQUIRE(die_with_article(110) == "a 110-sided die");
    REQUIRE(die_with_article(1100) == "a 1100-sided die");
    REQUIRE(die_with_article(7) == "a 7-sided die");
}

TEST_CASE("instructions for a loaded die: uniform, then cut", "[describe][loaded]") {
    REQUIRE(plan_name<cut<roll<d6>, 3, 2, 1>>() == "cut<roll<d6>, 3, 2, 1>");
    REQUIRE(describe<loaded_plan_t<loaded<3, 0, 2, 1>, d6>>() ==
            "To pick one of 4 outcomes, numbered from 1, with weights 3, 0, 2, 1 (outcome i comes with probability "
            "weight i ÷ 6), with a d6:\n"
            "1. Roll the d6: 1–3 outcome 1, 4–5 outcome 3, 6 outcome 4.\n");
    // a cut over more than one roll keeps the number it reads
    REQUIRE(describe<cut<mixed_radix<roll<d6>, roll<d6>>, 30, 6>>().find("Your outcome is 1 if C is 0 to 29; 2 if C is 30 to 35.") !=
            std::string::npos);
    REQUIRE(describe<knuth_yao<roll<d6>, 0, 3>>() ==
            "Of 2 outcomes with weights 0, 3, only outcome 2 has a weight: it is yours. No roll is needed.\n");
}

TEST_CASE("instructions for the Knuth-Yao tree: a table of rows", "[describe][loaded]") {
    REQUIRE(plan_name<knuth_yao<roll<coin>, 3, 2, 1>>() == "knuth_yao<roll<coin>, 3, 2, 1>");
    REQUIRE(describe<knuth_yao<roll<coin>, 3, 2, 1>>() ==
            "To pick one of 3 outcomes, numbered from 1, with weights 3, 2, 1 (outcome i comes with probability "
            "weight i ÷ 6), with a coin (heads is face 1, tails face 2):\n"
            "1. Start with A = 0, at row 1 of the table below.\n"
            "2. Toss the coin: A = A × 2 + face − 1.\n"
            "3. Go along the row, outcome by outcome (an outcome not in the row has 0): if A is below the outcome's "
            "number in the row, that outcome is yours, and you are done; otherwise take the number from A. At the "
            "end of the row, go down to the next row (after row 3, row 2 again) and back to step 2.\n"
            "Row 1: outcome 1: 1.\n"
            "Row 2: outcome 2: 1.\n"
            "Row 3: outcome 3: 1.\n");
    // 2d6 from a d6: a 7 on one face, else a second roll; the table ends
    const std::string two_d6 = describe<knuth_yao<roll<d6>, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>>();
    REQUIRE(two_d6.find("go down to the next row and back to step 2.\nRow 1: outcome 6: 1.\n"
                        "Row 2: outcome 1: 1, outcome 2: 2, outcome 3: 3, outcome 4: 4, outcome 5: 5, outcome 7: 5, "
                        "outcome 8: 4, outcome 9: 3, outcome 10: 2, outcome 11: 1.\n") != std::string::npos);
    // a long period: the rule instead of the rows
    const std::string long_period = describe<knuth_yao<roll<coin>, 1, 36>>();  // 2 has order 36 mod 37
    REQUIRE(long_period.find("Row r gives outcome i the number ⌊2 × (2^(r−1) × weight i mod 37) ÷ 37⌋") != std::string::npos);
}

TEST_CASE("the Knuth-Yao tree whose first roll decides at least half the time opens with a lookup of its faces",
          "[describe][loaded]") {
    // row 1 of 3, 2, 1 from a d20: 10, 6 and 3 faces; the 20 carries 0 to row 2
    REQUIRE(describe(make_loaded_plan({3, 2, 1}, 20), {"goblin", "orc", "dragon"}) ==
            "To pick one of goblin (3), orc (2), dragon (1), each with probability its weight ÷ 6, with a d20:\n"
            "1. Roll the d20: 1–10 goblin, 11–16 orc, 17–19 dragon. On a 20, go on with A = 0, at row 2 of the table below.\n"
            "2. Roll the d20: A = A × 20 + face − 1.\n"
            "3. Go along the row, outcome by outcome (an outcome not in the row has 0): if A is below the outcome's number in "
            "the row, that outcome is yours, and you are done; otherwise take the number from A. At the end of the row, go "
            "down to the next row (after row 3, row 2 again) and back to step 2.\n"
            "Row 2: orc: 13, dragon: 6.\n"
            "Row 3: orc: 6, dragon: 13.\n");
    // two faces go on (5 or 6, carrying 0 or 1); 6 mod 7 = 6, 36 mod 7 = 1: after row 2 the rows
    // come back to row 1, which is then listed
    const std::string two_left = describe<knuth_yao<roll<d6>, 1, 3, 3>>();
    REQUIRE(two_left.find("1. Roll the d6: 1–2 outcome 2, 3–4 outcome 3. On 5 or 6, go on with A = face − 5 (0 to 1), at row 2 of "
                          "the table below.\n") != std::string::npos);
    REQUIRE(two_left.find("(after row 2, row 1 again)") != std::string::npos);
    REQUIRE(two_left.find("Row 1: outcome 2: 2, outcome 3: 2.\nRow 2: outcome 1: 5, outcome 2: 3, outcome 3: 3.\n") != std::string::npos);
    // 8 mod 7 = 1: the table is row 1 alone, and the 8 goes on at row 1 ("an 8")
    REQUIRE(describe<knuth_yao<roll<d8>, 3, 4>>().find("1. Roll the d8: 1–3 outcome 1, 4–7 outcome 2. On an 8, go on with A = 0, at "
                                                       "row 1 of the table below.\n") != std::string::npos);
    // three or more faces go on: A = face − (the first of them)
    // (2d6 from a d20: ⌊20 w / 36⌋ faces for w = 1, 2, …, 6, …, 1 is 0, 1, 1, 2, 2, 3, 2, 2, 1, 1, 0: 15)
    REQUIRE(describe<knuth_yao<roll<d20>, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>>().find(
                "1. Roll the d20: 1 outcome 2, 2 outcome 3, 3–4 outcome 4, 5–6 outcome 5, 7–9 outcome 6, 10–11 outcome 7, 12–13 "
                "outcome 8, 14 outcome 9, 15 outcome 10. On 16 to 20, go on with A = face − 16 (0 to 4), at row 2 of the table "
                "below.\n") != std::string::npos);
    // exactly half (1, 1, 3 from a d4: ⌊4 w / 5⌋ is 0, 0, 2) opens with the lookup; a third (2, 2, 1, 1, 1
    // from a d6: ⌊6 w / 7⌋ is 1, 1, 0, 0, 0) does not
    REQUIRE(describe<knuth_yao<roll<d4>, 1, 1, 3>>().find("1. Roll the d4: 1–2 outcome 3. On 3 or 4, go on with A = face − 3 (0 to 1)") !=
            std::string::npos);
    REQUIRE(describe<knuth_yao<roll<d6>, 2, 2, 1, 1, 1>>().find("1. Start with A = 0, at row 1") != std::string::npos);
    // below half (2d6 from a d6: one face of six) and on a coin, the table from row 1
    REQUIRE(describe<knuth_yao<roll<d6>, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>>().find("1. Start with A = 0, at row 1") != std::string::npos);
    REQUIRE(describe<knuth_yao<roll<coin>, 3, 1>>().find("1. Start with A = 0, at row 1") != std::string::npos);
    // the rule of a long period still numbers rows from 1, the lookup being row 1
    REQUIRE(describe<knuth_yao<roll<die<3>>, 1, 1000>>().find("1. Roll the 3-sided die: 1–2 outcome 2. On a 3, go on with A = 0, at "
                                                              "row 2") != std::string::npos);
}

TEST_CASE("instructions for a loaded die with named outcomes", "[describe][loaded]") {
    const plan_description table = make_loaded_plan({3, 2, 1}, 6);
    REQUIRE(describe(table, {"goblin", "orc", "dragon"}) ==
            "To pick one of goblin (3), orc (2), dragon (1), each with probability its weight ÷ 6, with a d6:\n"
            "1. Roll the d6: 1–3 goblin, 4–5 orc, 6 dragon.\n");
    REQUIRE(describe(make_loaded_plan({3, 2, 1}, 2), {"goblin", "orc", "dragon"}).find("Row 2: orc: 1.\n") != std::string::npos);
    REQUIRE(describe(make_loaded_plan({0, 4}, 6), {"lose", "win"}).find("only win has a weight") != std::string::npos);
    REQUIRE_THROWS_WITH(describe(table, {"goblin"}), Catch::Contains("one name per outcome"));
    REQUIRE_THROWS_WITH(describe(make_plan(6, 6), {"a"}), Catch::Contains("needs a loaded plan"));
}

TEST_CASE("a loaded plan of one weight is named and described (GCC 12 found it ambiguous)", "[describe][loaded]") {
    using P = loaded_plan_t<loaded<7>, d6>;
    REQUIRE(plan_name<P>() == "knuth_yao<roll<d6>, 7>");
    REQUIRE(describe<P>().find("No roll is needed") != std::string::npos);
}

namespace {
// Every sequence of faces of a K-sided die up to `depth` rolls: the values the
// steps carry are shown exactly while sample() asks for another roll.
int carried_while_undecided(const plan_description& d, count_t faces, std::size_t depth) {
    struct out_of_faces {};
    int checked = 0;
    std::vector<count_t> rolled;
    auto visit = [&](auto&& self) -> void {
        std::size_t used = 0;
        bool undecided = false;
        try {
            sample(d, [&](count_t) -> std::uint64_t {
                if (used == rolled.size()) throw out_of_faces{};
                return static_cast<std::uint64_t>(rolled[used++] - 1);
            });
        } catch (const out_of_faces&) {
            undecided = true;
        }
        if (!rolled.empty()) {
            REQUIRE(carried_values(d, rolled).empty() == !undecided);
            ++checked;
        }
        if (!undecided || rolled.size() == depth) return;
        for (count_t f = 1; f <= faces; ++f) {
            rolled.push_back(f);
            self(self);
            rolled.pop_back();
        }
    };
    visit(visit);
    return checked;
}
}  // namespace

TEST_CASE("the values a person carries, as the rolls come in", "[describe]") {
    const plan_description& d7 = description_v<recycle<roll<d20>, 7>>;
    REQUIRE(carried_values(d7, {}).empty());
    REQUIRE(carried_values(d7, {3}).empty());     // decided: 3
    REQUIRE(carried_values(d7, {14}).empty());    // decided: 7
    REQUIRE(carried_values(d7, {15}) == "A = 0 and B = 6");
    REQUIRE(carried_values(d7, {17}) == "A = 2 and B = 6");
    REQUIRE(carried_values(d7, {17, 5}).empty());  // A = 44 < C = 119
    REQUIRE(carried_values(d7, {20, 20}) == "A = 0 and B = 1");  // A = 119 = C: A = 0, B = 120 − 119
    REQUIRE(carried_values(d7, {21}).empty());    // not a face of the d20
    REQUIRE(carried_values(d7, {0}).empty());     // nor is 0
    // a d29 from a d6: B below 29 after one roll, so A and B are carried
    const plan_description& d29 = description_v<recycle<roll<d6>, 29>>;
    REQUIRE(carried_values(d29, {4}) == "A = 3 and B = 6");
    REQUIRE(carried_values(d29, {4, 2}).empty());  // A = 19 below C = 29: the number 20
    REQUIRE(carried_values(d29, {6, 6}) == "A = 6 and B = 7");  // A = 35 ≥ C = 29
    // the goblin table from a d20: 20 goes on with A = 0 at row 2
    const plan_description& goblins = description_v<knuth_yao<roll<d20>, 3, 2, 1>>;
    REQUIRE(carried_values(goblins, {19}).empty());
    REQUIRE(carried_values(goblins, {20}) == "A = 0, at row 2");
    // a coin for 1 in 3 rows repeat: row 1, row 2, row 1 again (2^2 mod 3 = 1)
    const plan_description& third = description_v<knuth_yao<roll<coin>, 1, 2>>;
    REQUIRE(carried_values(third, {2}) == "A = 0, at row 2");  // row 1: outcome 2: 1, and A = 1 is not below it
    REQUIRE(carried_values(third, {2, 2}) == "A = 0, at row 1");  // row 2: outcome 1: 1
    // a table of 16 rows is listed, and comes back to row 1 after row 16: a coin, W = 2^16 − 1 (2^16 mod W =
    // 1); 16 tails are the last faces any row decides, and leave 2^16 mod W = 1 number undecided, A = 0
    const plan_description sixteen = make_loaded_plan({1, 65534}, 2);
    REQUIRE(describe(sixteen).find("(after row 16, row 1 again)") != std::string::npos);
    REQUIRE(carried_values(sixteen, std::vector<count_t>(16, 2)) == "A = 0, at row 1");
    REQUIRE(carried_values(sixteen, std::vector<count_t>(15, 2)) == "A = 0, at row 16");
    // 17 rows are not listed but given by their rule, and go on counting: W = 2^17 − 1
    const plan_description seventeen = make_loaded_plan({1, 131070}, 2);
    REQUIRE(describe(seventeen).find("Row r gives outcome i") != std::string::npos);
    REQUIRE(carried_values(seventeen, std::vector<count_t>(17, 2)) == "A = 0, at row 18");
    // a loaded die cut from a loop: weights 2, 3 on a d6 is cut<recycle<roll<d6>, 5>, 2, 3>, whose steps
    // carry the loop's A and B (6: A = 5 of B = 6, past C = 5: A = 0, B = 1); a cut of one roll carries nothing
    using cut_loop = loaded_plan_t<loaded<2, 3>, d6>;
    REQUIRE(plan_name<cut_loop>() == "cut<recycle<roll<d6>, 5>, 2, 3>");
    REQUIRE(carried_values(description_v<cut_loop>, {6}) == "A = 0 and B = 1");
    REQUIRE(carried_values(description_v<cut_loop>, {5}).empty());
    for (count_t f = 1; f <= 6; ++f) REQUIRE(carried_values(description_v<loaded_plan_t<loaded<3, 0, 2, 1>, d6>>, {f}).empty());
    // a d3 from a d21 keeps all 21 faces, past the 20 whose numbers are listed: the remainder
    REQUIRE(describe<plan_t<3, die<21>>>().find("your number is the remainder of the face divided by 3") != std::string::npos);
    REQUIRE(describe<plan_t<3, die<20>>>().find("your number is 1 on faces 1, 4, 7, 10, 13, 16;") != std::string::npos);
    // a loop over two dice put together: its letters are not read off one die
    // only the root's loop (or a cut's) is followed: a loop inside a mixed radix shows nothing (its A and B
    // are not tracked; never a wrong value)
    REQUIRE(carried_values(description_v<mixed_radix<recycle<roll<d6>, 5>, roll<d6>>>, {6}).empty());
    REQUIRE(carried_values(description_v<recycle<mixed_radix<roll<d6>, roll<d6>>, 29>>, {36}).empty());
    // letters read off one roll each carry nothing across rolls
    REQUIRE(carried_values(description_v<reject<mixed_radix<roll<d6>, roll<d6>>, 35>>, {4}).empty());
    REQUIRE(describe<knuth_yao<roll<coin>, 1, 2>>().find("(after row 2, row 1 again)") != std::string::npos);

    // 20 first faces; 6 of them go on to 20 second faces; of those 120, only A = 119 goes on to a third roll
    REQUIRE(carried_while_undecided(d7, 20, 3) == 20 + 6 * 20 + 1 * 20);
    REQUIRE(carried_while_undecided(d29, 6, 5) > 0);
    REQUIRE(carried_while_undecided(goblins, 20, 3) > 0);
    REQUIRE(carried_while_undecided(description_v<knuth_yao<roll<coin>, 1, 36>>, 2, 12) > 0);  // 36 rows: by the rule
    REQUIRE(carried_while_undecided(description_v<knuth_yao<roll<d6>, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>>, 6, 4) > 0);
    REQUIRE(carried_while_undecided(description_v<cut_loop>, 6, 4) > 0);
    REQUIRE(carried_while_undecided(sixteen, 2, 18) >= 18);
    REQUIRE(carried_while_undecided(seventeen, 2, 19) >= 19);
}
