#include <rollplan/planner.hpp>
#include <rollplan/verify.hpp>

#include <catch2/catch.hpp>

using namespace rollplan;

namespace {
// rand7 from two rand5 digits, keeping the values below `keep`: 21 is right;
// 22 is an off-by-one that keeps 21 too and so favours outcome 0.
template <int keep>
constexpr auto rand7_keeping = [](auto& rand5) {
    for (;;) {
        const int x = 5 * static_cast<int>(rand5()) + static_cast<int>(rand5());
        if (x < keep) return x % 7;
    }
};
constexpr auto rand7 = rand7_keeping<21>;
constexpr auto rand7_off_by_one = rand7_keeping<22>;
}  // namespace

TEST_CASE("a user's sampler proved uniform", "[verify]") {
    constexpr auto report = check_sampler<die<5>, 7>(rand7, 4);
    STATIC_REQUIRE(report.is_uniform());
    STATIC_REQUIRE(report.resolved[2][0] == 3);  // 21 kept pairs, 3 per outcome
    STATIC_REQUIRE(report.mass(6) == rational{3, 25} + rational{12, 625});
    STATIC_REQUIRE(report.unresolved_mass() == rational{16, 625});
}

TEST_CASE("a user's sampler shown biased", "[verify]") {
    constexpr auto modulo = check_sampler<die<7>, 5>([](auto& rand) { return rand() % 5; }, 1);
    STATIC_REQUIRE(!modulo.is_uniform());
    STATIC_REQUIRE(modulo.mass(0) == rational{2, 7});
    STATIC_REQUIRE(modulo.mass(1) == rational{2, 7});
    STATIC_REQUIRE(modulo.mass(4) == rational{1, 7});
    constexpr auto off = check_sampler<die<5>, 7>(rand7_off_by_one, 2);
    STATIC_REQUIRE(!off);
    STATIC_REQUIRE(off.resolved[2][0] == 4);
    constexpr auto out_of_range = check_sampler<d6, 5>([](auto& r) { return r(); }, 1);
    STATIC_REQUIRE(out_of_range.outcome_out_of_range);
    STATIC_REQUIRE(!out_of_range.is_uniform());
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
    STATIC_REQUIRE(!report.is_uniform());
    STATIC_REQUIRE(report.mass(0) == rational{2} * report.mass(2));
}
