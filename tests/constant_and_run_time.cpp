// The functions that keep rationals in arrays, each run in a constant
// expression and at run time in this one translation unit, must agree.
// GCC 12.2 broke that (see rational.hpp): after a constant evaluation had
// written into a value-initialized array of rationals, the run-time code of
// the same function read denominators of 0 there (finishing_probabilities
// threw; verify_exhaustively over dice reported a mismatch). The run-time
// arguments come from a volatile, so that the compiler cannot fold them.
#include <rollplan/rollplan.hpp>

#include <catch2/catch.hpp>
#include <cstddef>

using namespace rollplan;

namespace {
volatile std::size_t five_at_run_time = 5;
std::size_t five() { return five_at_run_time; }

using recycling = plan_t<29, d6>;
using rejecting = plan_t<7, d8>;
using on_two_dice = plan_t<29, dice_set<d6, d10>>;
using on_polyhedral = plan_t<23, dice_set<d4, d6, d8, d10, d12, d20>>;
}  // namespace

TEMPLATE_TEST_CASE("compile time and run time agree on a plan's model", "[gcc12]", recycling, rejecting, on_two_dice,
                   on_polyhedral) {
    using P = TestType;
    const plan_description& d = description_v<P>;
    constexpr auto finishing = finishing_probabilities(description_v<P>, 5);
    CHECK(finishing_probabilities(d, five()) == finishing);
    constexpr auto tail = tail_probability(description_v<P>, 3);
    CHECK(tail_probability(d, five() - 2) == tail);
    constexpr auto enough = rolls_enough(description_v<P>, rational{99, 100});
    CHECK(rolls_enough(d, rational{99, 100 + five() - 5}) == enough);
    constexpr auto rolls = expected_rolls(description_v<P>);
    CHECK(expected_rolls(d) == rolls);
    constexpr auto whole = distribution_of(description_v<P>);
    CHECK(distribution_of(d) == whole);
    constexpr auto masses = exact_distribution<P>();
    CHECK(exact_distribution<P>() == masses);
    constexpr auto checked = verify_exhaustively<P>(5);
    STATIC_REQUIRE(checked.matches_model);
    const auto run = verify_exhaustively<P>(five());
    CHECK(run.matches_model);
    CHECK(std::string{run.problem} == "");
}

TEMPLATE_TEST_CASE("compile time and run time agree on counts of one die", "[gcc12]", recycling, rejecting) {
    using P = TestType;
    const plan_description& d = description_v<P>;
    constexpr auto resolved = resolved_by_length(description_v<P>, 5);
    CHECK(resolved_by_length(d, five()) == resolved);
    constexpr auto unfinished = unfinished_by_length(description_v<P>, 5);
    CHECK(unfinished_by_length(d, five()) == unfinished);
}
