#include <rollplan/planner.hpp>
#include <rollplan/sample.hpp>

#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <stdexcept>

using namespace rollplan;

namespace {
// Replays fixed rolls: a source usable in constant expressions.
template <class Die, std::size_t Size>
struct scripted {
    using die_type = Die;
    std::array<std::uint64_t, Size> rolls;
    std::size_t next = 0;
    constexpr std::uint64_t operator()() { return rolls[next++]; }
};
template <class P, class Die, std::size_t Size>
constexpr std::uint64_t run_on(std::array<std::uint64_t, Size> rolls, std::size_t* used = nullptr) {
    scripted<Die, Size> s{rolls};
    const auto v = sample<P>(s);
    if (used) *used = s.next;
    return v;
}
}  // namespace

TEST_CASE("reject rerolls values at or above q·M", "[sample]") {
    // d5 from d6: values 5 (the face 6) are rolled again
    STATIC_REQUIRE(run_on<reject<roll<d6>, 5>, d6, 3>({5, 5, 2}) == 2);
    // d3 from d8 keeps 0..5 and takes them mod 3
    STATIC_REQUIRE(run_on<reject<roll<d8>, 3>, d8, 3>({7, 6, 4}) == 1);
}

TEST_CASE("mixed_radix reads the first operand as the most significant digit", "[sample]") {
    using p = mixed_radix<fold<roll<d6>, 2>, fold<roll<d6>, 3>>;
    STATIC_REQUIRE(run_on<p, d6, 2>({1, 2}) == 1 * 3 + 2);
    STATIC_REQUIRE(run_on<p, d6, 2>({4, 4}) == 0 * 3 + 1);
    using seed = reject<mixed_radix<roll<die<5>>, roll<die<5>>>, 7>;
    STATIC_REQUIRE(run_on<seed, die<5>, 4>({4, 4, 4, 0}) == 20 % 7);  // 24 is rejected, then 4·5 + 0 = 20
}

TEST_CASE("recycle keeps what a rejection leaves", "[sample]") {
    // d4 from d6: 5 is rejected and leaves 1 of [0, 2); the next roll 2 makes 1·6 + 2 = 8 of [0, 12): 8 mod 4 = 0
    std::size_t used = 0;
    REQUIRE(run_on<recycle<roll<d6>, 4>, d6, 2>({5, 2}, &used) == 0);
    REQUIRE(used == 2);
    STATIC_REQUIRE(run_on<reject<roll<d6>, 4>, d6, 2>({5, 2}) == 2);  // rejection starts over instead
    // d29: two rolls reach 36; 30 is rejected and leaves 1 of [0, 7): 7 < 29, so one more roll
    STATIC_REQUIRE(run_on<recycle<roll<d6>, 29>, d6, 3>({5, 0, 4}) == (1 * 6 + 4) % 29);
}

TEST_CASE("a plan with one outcome rolls nothing", "[sample]") {
    std::size_t used = 99;
    REQUIRE(run_on<mixed_radix<>, d6, 1>({3}, &used) == 0);
    REQUIRE(used == 0);
}

TEST_CASE("engines and 128-bit digits", "[sample]") {
    std::mt19937_64 engine(1);
    using half = die<count_t{1} << 63>;
    auto source = from_values<half>([&] { return engine() >> 1; });
    using wide = reject<mixed_radix<roll<half>, roll<half>>, max_target>;  // digits past 2^64
    for (int i = 0; i < 1000; ++i) REQUIRE(sample<wide>(source) < max_target);
    std::ranlux24 small(3);
    for (int i = 0; i < 1000; ++i) REQUIRE(sample<plan_t<1000, die<(1 << 24)>>>(small) < 1000);
}

TEST_CASE("exceptions of the source propagate", "[sample]") {
    int calls = 0;
    auto failing = from_faces<d6>([&]() -> int {
        if (++calls == 2) throw std::runtime_error("the die fell off the table");
        return 6;  // rejected by d5, so a second roll is needed
    });
    using d5 = plan_t<5, d6>;
    REQUIRE_THROWS_AS(sample<d5>(failing), std::runtime_error);
    REQUIRE(calls == 2);
}

namespace {
// A source that says it rolls a d6 but returns `bad` at its `at`-th call.
struct lying_d6 {
    using die_type = d6;
    std::uint64_t bad;
    int at;
    int calls = 0;
    constexpr std::uint64_t operator()() { return ++calls == at ? bad : 5; }
};
}  // namespace

TEST_CASE("a value outside the die is an error where it enters, never a hang", "[sample]") {
    // Every plan shape: a roll of 5 on a d6 always needs another roll below,
    // so the bad value comes at the second call, inside each plan's loop.
    for (std::uint64_t bad : {std::uint64_t{6}, std::uint64_t{7}, ~std::uint64_t{0}}) {
        INFO("value " << bad);
        const auto outside = Catch::Contains("rollplan: a source returned a value outside [0, K) for its die");
        const auto names_die = Catch::Contains("K = 6");
        lying_d6 a{bad, 2}, b{bad, 2}, c{bad, 2}, d{bad, 2}, e{bad, 2};
        REQUIRE_THROWS_WITH((sample<plan_t<29, d6>>(a)), outside && names_die);                       // recycle
        REQUIRE_THROWS_WITH((sample<plan_t<29, d6, strategy::digits>>(b)), outside && names_die);   // reject
        REQUIRE_THROWS_WITH((sample<plan_t<5, d6>>(c)), outside && names_die);                      // reject of a roll
        REQUIRE_THROWS_WITH(uniform_below(d, 29), outside && names_die);
        REQUIRE_THROWS_WITH(uniform_below(e, 5), outside && names_die);
    }
    // a 64-bit engine's die, from a source whose values are wider
    struct wide_source {
        using die_type = die<two_to_64>;
        count_t operator()() { return two_to_64 + 5; }
    } wide;
    REQUIRE_THROWS_WITH(uniform_below(wide, 10), Catch::Contains("value = 18446744073709551621"));
    // the value itself is named
    lying_d6 named{6, 1};
    REQUIRE_THROWS_WITH((sample<plan_t<29, d6>>(named)), Catch::Contains("value = 6"));
}
