#include <rollplan/planner.hpp>
#include <rollplan/verify.hpp>

#include <catch2/catch.hpp>
#include <optional>

using namespace rollplan;

namespace {
// One attempt of rand7 from two rand5 digits, keeping the values below
// `keep`: 21 is right; 22 is an off-by-one that keeps 21 too and so favours
// outcome 0.
template <int keep>
constexpr auto rand7_attempt = [](auto& rand5) -> std::optional<int> {
    const int x = 5 * static_cast<int>(rand5()) + static_cast<int>(rand5());
    if (x < keep) return x % 7;
    return std::nullopt;
};

constexpr auto rand7_proof = check_attempt<die<5>, 7>(rand7_attempt<21>, 2);
constexpr auto off_by_one = check_attempt<die<5>, 7>(rand7_attempt<22>, 2);
constexpr auto d3_from_d6 = check_sampler<d6, 3>([](auto& r) { return r() % 3; }, 1);
}  // namespace

TEST_CASE("one bounded attempt proves the rejection loop exactly uniform", "[verify]") {
    STATIC_REQUIRE(proven_uniform<rand7_proof>);
    STATIC_REQUIRE(rand7_proof.proves_uniform());
    STATIC_REQUIRE(rand7_proof.sequences == 25);
    STATIC_REQUIRE(rand7_proof.mass(6) == rational{3, 25});
    STATIC_REQUIRE(rand7_proof.acceptance() == rational{21, 25});
    STATIC_REQUIRE(rand7_proof.expected_rolls() == rational{50, 21});  // 2 rolls × 25/21 attempts
    // the 4 pairs 21 … 24 of the 25 are rejected: with the 21 accepted, every sequence counted once
    STATIC_REQUIRE(rand7_proof.rejected == 4);
    STATIC_REQUIRE(off_by_one.rejected == 3);
    STATIC_REQUIRE(rand7_proof.accepted_total() + rand7_proof.rejected == rand7_proof.sequences);
    // the loop the proof is about, run as a black box: equal so far, and its bias
    // bounded by the mass still unresolved after 4 rolls (4/25)^2
    constexpr auto loop = check_sampler<die<5>, 7>(until_accepted(rand7_attempt<21>), 4);
    STATIC_REQUIRE(loop.same_count_at_every_length());
    STATIC_REQUIRE(loop.unresolved_mass() == rational{16, 625});
    STATIC_REQUIRE(!loop.proves_uniform());
    STATIC_REQUIRE(loop.proves_bias_below(rational{1, 40}));
    STATIC_REQUIRE(!loop.proves_biased());
}

TEST_CASE("an attempt with unequal masses is refused, with the evidence", "[verify]") {
    STATIC_REQUIRE(!off_by_one.proves_uniform());
    constexpr finding f = off_by_one.first_finding();
    STATIC_REQUIRE(f.kind == finding_kind::masses_differ);
    STATIC_REQUIRE(f.outcome_a == 0);
    STATIC_REQUIRE(f.mass_a == rational{4, 25});
    STATIC_REQUIRE(f.outcome_b == 1);
    STATIC_REQUIRE(f.mass_b == rational{3, 25});
}

TEST_CASE("attempts that prove nothing are refused", "[verify]") {
    constexpr auto never = check_attempt<d6, 3>([](auto& r) -> std::optional<int> { (void)r(); return std::nullopt; }, 1);
    STATIC_REQUIRE(!never.proves_uniform());
    STATIC_REQUIRE(never.first_finding().kind == finding_kind::never_accepts);
    // a loop written inside the attempt is not a bounded attempt
    constexpr auto unbounded = check_attempt<d6, 5>(
        [](auto& r) -> std::optional<std::uint64_t> {
            for (;;)
                if (const auto v = r(); v < 5) return v;
        },
        2);
    STATIC_REQUIRE(!unbounded.proves_uniform());
    STATIC_REQUIRE(unbounded.first_finding().kind == finding_kind::attempt_unbounded);
    constexpr auto outside = check_attempt<d6, 5>([](auto& r) -> std::optional<std::uint64_t> { return r(); }, 1);
    STATIC_REQUIRE(!outside.proves_uniform());
    STATIC_REQUIRE(outside.first_finding().kind == finding_kind::outcome_out_of_range);
    STATIC_REQUIRE(outside.first_finding().outcome_a == 5);
}

TEST_CASE("a black box is uniform only when every sequence finished", "[verify]") {
    STATIC_REQUIRE(proven_uniform<d3_from_d6>);
    STATIC_REQUIRE(d3_from_d6.bias_bound() == rational{0});
    // uniform though the outcomes finish after different numbers of rolls
    constexpr auto uneven = check_sampler<coin, 2>([](auto& flip) { return flip() == 0 ? 0 : (flip(), 1); }, 2);
    STATIC_REQUIRE(!uneven.same_count_at_every_length());
    STATIC_REQUIRE(uneven.proves_uniform());
    // rand() % 5 with seven values: proven biased, with its exact masses
    constexpr auto modulo = check_sampler<die<7>, 5>([](auto& rand) { return rand() % 5; }, 1);
    STATIC_REQUIRE(!modulo.proves_uniform());
    STATIC_REQUIRE(modulo.proves_biased());
    STATIC_REQUIRE(modulo.mass(0) == rational{2, 7});
    STATIC_REQUIRE(modulo.mass(1) == rational{2, 7});
    STATIC_REQUIRE(modulo.mass(4) == rational{1, 7});
    STATIC_REQUIRE(modulo.bias_bound() == rational{2, 7} - rational{1, 5});
    constexpr auto out_of_range = check_sampler<d6, 5>([](auto& r) { return r(); }, 1);
    STATIC_REQUIRE(out_of_range.outcome_out_of_range);
    STATIC_REQUIRE(out_of_range.out_of_range_outcome == 5);
    STATIC_REQUIRE(!out_of_range.proves_uniform());
}

namespace {
// The sum of seven rolls mod 7: biased for a d5, and it resolves nothing
// within 4 rolls, where an old spelling of this check passed vacuously.
template <int rolls>
constexpr auto sum_of_rolls_mod_7 = [](auto& r) {
    std::uint64_t sum = 0;
    for (int i = 0; i < rolls; ++i) sum += r();
    return sum % 7;
};
// Exact on its first attempt (rejection), biased on its second (no rejection).
constexpr auto exact_then_biased = [](auto& rand5) {
    const auto first = 5 * rand5() + rand5();
    if (first < 21) return first % 7;
    return (5 * rand5() + rand5()) % 7;
};
}  // namespace

TEST_CASE("a black box that resolved nothing proves nothing", "[verify]") {
    constexpr auto report = check_sampler<die<5>, 7>(sum_of_rolls_mod_7<7>, 4);
    STATIC_REQUIRE(report.same_count_at_every_length());  // nothing at all was counted
    STATIC_REQUIRE(!report.proves_uniform());
    STATIC_REQUIRE(report.unresolved_mass() == rational{1});
    STATIC_REQUIRE(report.bias_bound() == rational{6, 7});
    STATIC_REQUIRE(!report.proves_bias_below(rational{1, 2}));
    STATIC_REQUIRE(!report.proves_biased());
    STATIC_REQUIRE(report.first_finding().kind == finding_kind::mass_unresolved);
    // with three rolls, a depth of 3 resolves everything, and the bias shows
    constexpr auto deep = check_sampler<die<5>, 7>(sum_of_rolls_mod_7<3>, 3);
    STATIC_REQUIRE(deep.proves_biased());
}

TEST_CASE("a sampler biased only on its second attempt is refused at every depth", "[verify]") {
    constexpr auto shallow = check_sampler<die<5>, 7>(exact_then_biased, 2);
    STATIC_REQUIRE(shallow.same_count_at_every_length());  // equal so far
    STATIC_REQUIRE(!shallow.proves_uniform());
    STATIC_REQUIRE(!shallow.proves_bias_below(rational{1, 10}));
    constexpr auto deep = check_sampler<die<5>, 7>(exact_then_biased, 4);
    STATIC_REQUIRE(!deep.proves_uniform());
    STATIC_REQUIRE(deep.proves_biased());
    STATIC_REQUIRE(deep.unresolved_mass() == rational{0});
    STATIC_REQUIRE(deep.mass(0) == rational{3, 25} + rational{4, 25} * rational{4, 25});
    STATIC_REQUIRE(deep.mass(4) == rational{3, 25} + rational{4, 25} * rational{3, 25});
    constexpr finding f = deep.first_finding();
    STATIC_REQUIRE(f.kind == finding_kind::masses_differ);
    STATIC_REQUIRE(f.rolls == 4);
    STATIC_REQUIRE(f.outcome_b == 4);
}

TEST_CASE("the running plans match the model", "[verify]") {
    STATIC_REQUIRE(verify_exhaustively<plan_t<29, d6>>(3));
    STATIC_REQUIRE(verify_exhaustively<plan_t<29, d6, strategy::smooth>>(3));
    STATIC_REQUIRE(verify_exhaustively<plan_t<7, die<5>, strategy::digits>>(4));
    STATIC_REQUIRE(verify_exhaustively<plan_t<10, coin>>(6));
    REQUIRE(verify_exhaustively<plan_t<100, d10>>(3));  // also at run time
    STATIC_REQUIRE(verify_exhaustively<recycle<roll<d6>, 29>>(4));
    STATIC_REQUIRE(verify_exhaustively<recycle<mixed_radix<roll<coin>, roll<coin>>, 3>>(6));
    STATIC_REQUIRE(verify_exhaustively<mixed_radix<recycle<roll<d6>, 5>, recycle<roll<d6>, 4>>>(4));
    STATIC_REQUIRE(verify_exhaustively<plan_t<29, d6>>(3).depth == 3);
    // any depth up to 16 with no second argument, within the default limits:
    // the walk extends only the prefixes still unfinished (at most 28 here)
    STATIC_REQUIRE(verify_exhaustively<plan_t<29, d6>>(16));
    // Lemire's map, with small dice standing in for engine words
    STATIC_REQUIRE(verify_exhaustively<scale<roll<d8>, 3>>(6));
    STATIC_REQUIRE(verify_exhaustively<scale<roll<die<7>>, 5>>(5));
    STATIC_REQUIRE(verify_exhaustively<scale<mixed_radix<roll<d4>, roll<d4>>, 5>>(6));
    STATIC_REQUIRE(verify_exhaustively<scale<roll<d8>, 4>>(2));  // M divides L: the high bits, never a reroll
    STATIC_REQUIRE(verify_exhaustively<mixed_radix<scale<roll<d6>, 4>, recycle<roll<d6>, 5>>>(4));
}

namespace {
// A plan whose code is right but whose model is not: wrap the real sampler so
// that it returns outcome 0 where it should return 1.
constexpr auto skewed = [](auto& s) {
    const auto v = sample<plan_t<5, d6>>(s);
    return v == 1 ? std::uint64_t{0} : v;
};
}  // namespace

TEST_CASE("the checker has power", "[verify]") {
    constexpr auto report = check_sampler<d6, 5>(skewed, 2);
    STATIC_REQUIRE(!report.same_count_at_every_length());
    STATIC_REQUIRE(report.proves_biased());
    STATIC_REQUIRE(report.mass(0) == rational{2} * report.mass(2));
}

TEST_CASE("bad depths are errors that name the depth", "[verify]") {
    REQUIRE_THROWS_WITH((check_sampler<d6, 5>(skewed, 17)),
                        Catch::Contains("rollplan: a check looks at most 16 rolls deep") && Catch::Contains("depth = 17"));
    REQUIRE_THROWS_WITH((verify_exhaustively<plan_t<29, d6>>(17)),
                        Catch::Contains("rollplan: a check looks at most 16 rolls deep") && Catch::Contains("depth = 17"));
    REQUIRE_THROWS_WITH((check_attempt<d6, 3>([](auto& r) -> std::optional<int> { return static_cast<int>(r() % 3); }, 17)),
                        Catch::Contains("rollplan: a check looks at most 16 rolls deep") && Catch::Contains("depth = 17"));
}

TEST_CASE("verify_exhaustively over a set of dice: each prefix grown by the die the plan asks for", "[verify]") {
    STATIC_REQUIRE(verify_exhaustively<plan_t<30, dice_set<d6, d10>>>(3));
    STATIC_REQUIRE(verify_exhaustively<plan_t<29, dice_set<d6, d10>>>(5));
    STATIC_REQUIRE(verify_exhaustively<reject<mixed_radix<roll<d4>, roll<coin>, roll<d4>>, 31>>(6));
    REQUIRE(verify_exhaustively<plan_t<29, dice_set<d6, d10>>>(5).matches_model);
    using d29 = plan_t<29, dice_set<d6, d10>>;
    REQUIRE_THROWS_AS(verify_exhaustively<d29>(17), std::invalid_argument);
}

TEST_CASE("verify_exhaustively: recycle_set against its model", "[verify]") {
    STATIC_REQUIRE(verify_exhaustively<recycle_set<dice_set<d6, d20>, 15>>(4));
    STATIC_REQUIRE(verify_exhaustively<recycle_set<dice_set<d6, d10>, 29>>(4));
    STATIC_REQUIRE(verify_exhaustively<recycle_set<dice_set<coin, die<3>>, 7>>(8));
}

// ---- loaded dice ----------------------------------------------------------------

TEST_CASE("the running loaded plans match the model, outcome by outcome", "[verify][loaded]") {
    STATIC_REQUIRE(verify_exhaustively<loaded_plan_t<loaded<3, 2, 1>, d6>>(2));
    STATIC_REQUIRE(verify_exhaustively<loaded_plan_t<loaded<3, 2, 1>, coin>>(12));
    STATIC_REQUIRE(verify_exhaustively<loaded_plan_t<loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>, d6>>(3));
    STATIC_REQUIRE(verify_exhaustively<loaded_plan_t<loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>, d20>>(3));
    STATIC_REQUIRE(verify_exhaustively<loaded_plan_t<loaded<0, 7, 0, 2>, d6, strategy::smooth>>(4));
    STATIC_REQUIRE(verify_exhaustively<cut<recycle<roll<d6>, 29>, 20, 0, 9>>(4));
    STATIC_REQUIRE(verify_exhaustively<knuth_yao<roll<die<3>>, 5, 0, 2, 1>>(8));
    STATIC_REQUIRE(verify_exhaustively<knuth_yao<roll<d6>, 0, 4>>(2));
    STATIC_REQUIRE(verify_exhaustively<loaded_plan_t<loaded<5, 0, 2>, dice_set<d4, d6>>>(4));
}

namespace {
// Hand-written samplers for 3, 2, 1 from a d6: the faces 1-3, 4-5, 6; and an
// off-by-one that gives outcome 0 two faces and outcome 1 three.
constexpr auto right_321 = [](auto& d6) { const auto v = d6(); return v < 3 ? 0 : v < 5 ? 1 : 2; };
constexpr auto wrong_321 = [](auto& d6) { const auto v = d6(); return v < 2 ? 0 : v < 5 ? 1 : 2; };
constexpr auto right_report = check_sampler<d6, loaded<3, 2, 1>>(right_321, 1);
constexpr auto wrong_report = check_sampler<d6, loaded<3, 2, 1>>(wrong_321, 1);
// 2d6 as one attempt of two rolls: exact; and two rolls of a d6 where one is rerolled on a 6 (a d5 + d6)
constexpr auto two_d6_attempt = [](auto& d6) -> std::optional<int> { return static_cast<int>(d6() + d6()); };
constexpr auto d5_plus_d6 = [](auto& d6) -> std::optional<int> {
    const auto a = d6();
    if (a == 5) return std::nullopt;
    return static_cast<int>(a + d6());
};
using two_d6 = loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>;
constexpr auto two_d6_report = check_attempt<d6, two_d6>(two_d6_attempt, 2);
constexpr auto d5_plus_d6_report = check_attempt<d6, two_d6>(d5_plus_d6, 2);
}  // namespace

TEST_CASE("a weighted sampler is checked against each outcome's share", "[verify][loaded]") {
    STATIC_REQUIRE(right_report.proves_exact());
    STATIC_REQUIRE(proven_exact<right_report>);
    STATIC_REQUIRE(!wrong_report.proves_exact());
    STATIC_REQUIRE(wrong_report.proves_biased());
    STATIC_REQUIRE(wrong_report.first_finding().kind == finding_kind::mass_off_target);
    STATIC_REQUIRE(wrong_report.first_finding().outcome_a == 0);
    STATIC_REQUIRE(wrong_report.first_finding().mass_a == rational{1, 3});
    STATIC_REQUIRE(wrong_report.first_finding().mass_b == rational{1, 2});
    STATIC_REQUIRE(wrong_report.bias_bound() == rational{1, 6});
    // the same sampler checked against 1/3 each is off
    STATIC_REQUIRE(!check_sampler<d6, 3>(right_321, 1).proves_uniform());
    // the tree, as a black box: exact masses so far, the unfinished mass bounds the bias
    constexpr auto tree = check_sampler<coin, loaded<3, 2, 1>>([](auto& s) { return sample<knuth_yao<roll<coin>, 3, 2, 1>>(s); }, 10);
    STATIC_REQUIRE(!tree.proves_biased());
    STATIC_REQUIRE(tree.first_finding().kind == finding_kind::mass_unresolved);
    STATIC_REQUIRE(tree.bias_bound() <= rational{1, 1024});
    STATIC_REQUIRE(tree.proves_bias_below(rational{1, 1000}));
}

TEST_CASE("a weighted attempt: repeating it must give each outcome its share", "[verify][loaded]") {
    STATIC_REQUIRE(two_d6_report.proves_exact());
    STATIC_REQUIRE(proven_exact<two_d6_report>);
    STATIC_REQUIRE(two_d6_report.expected_rolls() == rational{2});
    STATIC_REQUIRE(!d5_plus_d6_report.proves_exact());
    STATIC_REQUIRE(d5_plus_d6_report.first_finding().kind == finding_kind::mass_off_target);
    STATIC_REQUIRE(d5_plus_d6_report.first_finding().mass_a == rational{1, 30});  // a sum of 2: 1 of 30
    // a 6 on the first roll rejects after one roll: it stands for the 6 sequences of two rolls that begin with it
    STATIC_REQUIRE(d5_plus_d6_report.rejected == 6);
    STATIC_REQUIRE(d5_plus_d6_report.accepted_total() == 30);
    STATIC_REQUIRE(two_d6_report.rejected == 0);
}

TEST_CASE("the bias bound at its boundary: mass + unresolved equal to the target is not proven biased", "[verify]") {
    // heads: 1; tails: flip until heads, then 0. Exactly 1/2 each; at depth 3, outcome 0 has 1/4 + 1/8
    // and 1/8 is unresolved, so its mass plus what is unresolved is exactly 1/2: not proven off
    constexpr auto sampler = [](auto& flip) {
        if (flip() == 0) return 1;
        while (flip() != 0) {
        }
        return 0;
    };
    constexpr auto report = check_sampler<coin, 2>(sampler, 3);
    STATIC_REQUIRE(report.mass(1) == rational{1, 2});
    STATIC_REQUIRE(report.mass(0) == rational{3, 8});
    STATIC_REQUIRE(report.unresolved_mass() == rational{1, 8});
    STATIC_REQUIRE(!report.proves_biased());
    STATIC_REQUIRE(report.first_proven_off() == 2);
    STATIC_REQUIRE(report.bias_bound() == rational{1, 8});
    STATIC_REQUIRE(!report.proves_bias_below(rational{1, 8}));
    STATIC_REQUIRE(report.proves_bias_below(rational{1, 8} + rational{1, 1000}));
}

namespace {
// The fields a finding's kind does not use are zero (and its masses 0): a
// finding reads the same whichever way it was reached.
constexpr bool unused_fields_zero(const finding& f) {
    switch (f.kind) {
        case finding_kind::proven_uniform:
            return f.rolls == 0 && f.outcome_a == 0 && f.mass_a == rational{} && f.outcome_b == 0 && f.mass_b == rational{};
        case finding_kind::outcome_out_of_range:
            return f.rolls == 0 && f.mass_a == rational{} && f.outcome_b == 0 && f.mass_b == rational{};
        case finding_kind::mass_unresolved:
            return f.outcome_a == 0 && f.outcome_b == 0 && f.mass_b == rational{};
        case finding_kind::never_accepts:
        case finding_kind::attempt_unbounded:
            return f.outcome_a == 0 && f.mass_a == rational{} && f.outcome_b == 0 && f.mass_b == rational{};
        case finding_kind::mass_off_target:
            return f.outcome_b == 0;
        case finding_kind::masses_differ:
            return true;
    }
    return false;
}
}  // namespace

TEST_CASE("a finding sets the fields of its kind and leaves the others zero", "[verify]") {
    STATIC_REQUIRE(unused_fields_zero(d3_from_d6.first_finding()));
    STATIC_REQUIRE(unused_fields_zero(rand7_proof.first_finding()));
    constexpr auto out_of_range = check_sampler<d6, 5>([](auto& r) { return r(); }, 1);
    STATIC_REQUIRE(out_of_range.first_finding().kind == finding_kind::outcome_out_of_range);
    STATIC_REQUIRE(unused_fields_zero(out_of_range.first_finding()));
    constexpr auto unresolved = check_sampler<die<5>, 7>(sum_of_rolls_mod_7<7>, 4);
    STATIC_REQUIRE(unresolved.first_finding().kind == finding_kind::mass_unresolved);
    STATIC_REQUIRE(unresolved.first_finding().rolls == 4);
    STATIC_REQUIRE(unused_fields_zero(unresolved.first_finding()));
    constexpr auto tree = check_sampler<coin, loaded<3, 2, 1>>([](auto& s) { return sample<knuth_yao<roll<coin>, 3, 2, 1>>(s); }, 10);
    STATIC_REQUIRE(tree.first_finding().kind == finding_kind::mass_unresolved);
    STATIC_REQUIRE(unused_fields_zero(tree.first_finding()));
    constexpr auto unbounded = check_attempt<d6, 5>(
        [](auto& r) -> std::optional<std::uint64_t> {
            for (;;)
                if (const auto v = r(); v < 5) return v;
        },
        2);
    STATIC_REQUIRE(unbounded.first_finding().kind == finding_kind::attempt_unbounded);
    STATIC_REQUIRE(unused_fields_zero(unbounded.first_finding()));
    constexpr auto outside = check_attempt<d6, 5>([](auto& r) -> std::optional<std::uint64_t> { return r(); }, 1);
    STATIC_REQUIRE(unused_fields_zero(outside.first_finding()));
    // an outcome off its weighted target, from a black box and from an attempt
    STATIC_REQUIRE(wrong_report.first_finding().kind == finding_kind::mass_off_target);
    STATIC_REQUIRE(unused_fields_zero(wrong_report.first_finding()));
    STATIC_REQUIRE(d5_plus_d6_report.first_finding().kind == finding_kind::mass_off_target);
    STATIC_REQUIRE(unused_fields_zero(d5_plus_d6_report.first_finding()));
}

TEST_CASE("a report that saw no outcome out of range shows none", "[verify]") {
    // out_of_range_outcome names the first outcome outside [0, N); with none seen it stays 0,
    // as in a report made by hand
    STATIC_REQUIRE(!d3_from_d6.outcome_out_of_range);
    STATIC_REQUIRE(d3_from_d6.out_of_range_outcome == 0);
    STATIC_REQUIRE(!right_report.outcome_out_of_range);
    STATIC_REQUIRE(right_report.out_of_range_outcome == 0);
    STATIC_REQUIRE(sampler_report<3>{}.out_of_range_outcome == 0);
    STATIC_REQUIRE(!rand7_proof.outcome_out_of_range);
    STATIC_REQUIRE(rand7_proof.out_of_range_outcome == 0);
}

namespace {
// r() mod 5 on a die of 255 or 256 faces, checked 15 or 16 rolls deep: it finishes after one roll.
template <count_t K>
constexpr auto mod_5_report(std::size_t depth) {
    return check_sampler<die<K>, 5>([](auto& r) { return r() % 5; }, depth);
}
constexpr auto k255_depth16 = mod_5_report<255>(16);
constexpr auto k256_depth15 = mod_5_report<256>(15);
constexpr auto k256_depth16 = mod_5_report<256>(16);
}  // namespace

TEST_CASE("a black box's masses need K^depth below 2^128, and no more", "[verify]") {
    // 255^16 < 2^128 <= 255^17 and 256^15 < 2^128 = 256^16: the first two have their masses,
    // the third is refused in words
    STATIC_REQUIRE(k255_depth16.mass(0) == rational{51, 255});
    STATIC_REQUIRE(k255_depth16.mass(4) == rational{1, 5});
    STATIC_REQUIRE(k255_depth16.proves_uniform());
    STATIC_REQUIRE(k255_depth16.bias_bound() == rational{0});
    STATIC_REQUIRE(k256_depth15.mass(0) == rational{52, 256});  // 0, 5, …, 255
    STATIC_REQUIRE(k256_depth15.mass(1) == rational{51, 256});
    STATIC_REQUIRE(k256_depth15.proves_biased());
    REQUIRE_THROWS_WITH(k256_depth16.mass(0), "rollplan: check_sampler's masses need K^depth below 2^128");
    REQUIRE_THROWS_AS(k256_depth16.unresolved_mass(), std::overflow_error);
}

TEST_CASE("a black box where only outcome 0 is off", "[verify]") {
    // faces 1-4 → 0, 5 → 1, 6 → 2: outcomes 1 and 2 agree with each other, 0 does not
    constexpr auto report = check_sampler<d6, 3>([](auto& r) { const auto v = r(); return v < 4 ? 0 : v - 3; }, 1);
    STATIC_REQUIRE(!report.proves_uniform());
    constexpr finding f = report.first_finding();
    STATIC_REQUIRE(f.kind == finding_kind::masses_differ);
    STATIC_REQUIRE(f.outcome_a == 0);
    STATIC_REQUIRE(f.mass_a == rational{4, 6});
    STATIC_REQUIRE(f.outcome_b == 1);
    STATIC_REQUIRE(f.mass_b == rational{1, 6});
    // one outcome: every sequence reaches it, the same count at every length
    constexpr auto one = check_sampler<d6, 1>([](auto& r) { return r() * 0; }, 2);
    STATIC_REQUIRE(one.same_count_at_every_length());
    STATIC_REQUIRE(one.proves_uniform());
}

TEST_CASE("the checks' defaults: six rolls deep, each outcome's target 1/N", "[verify]") {
    constexpr auto uniform = check_sampler<d6, 3>([](auto& r) { return r() % 3; });
    STATIC_REQUIRE(uniform.depth == 6);
    constexpr auto weighted = check_sampler<d6, loaded<3, 2, 1>>([](auto& r) { return r() < 3 ? 0 : r() < 2 ? 1 : 2; });
    STATIC_REQUIRE(weighted.depth == 6);
    STATIC_REQUIRE(rand7_proof.target(0) == rational{1, 7});
    STATIC_REQUIRE(rand7_proof.target(6) == rational{1, 7});
    // the deepest check allowed, 16 rolls, on a plan that is done after 2
    STATIC_REQUIRE(verify_exhaustively<plan_t<30, dice_set<d6, d10>>>(16));
    STATIC_REQUIRE(check_sampler<d6, 3>([](auto& r) { return r() % 3; }, 16).proves_uniform());
}

TEST_CASE("verify_exhaustively: a loaded plan of one weight rolls nothing", "[verify][loaded]") {
    STATIC_REQUIRE(verify_exhaustively<loaded_plan_t<loaded<7>, d6>>(2));
}
