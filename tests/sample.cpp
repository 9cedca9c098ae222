#include <rollplan/describe.hpp>
#include <rollplan/planner.hpp>
#include <rollplan/sample.hpp>
#include <rollplan/verify.hpp>

#include "support.hpp"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

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

TEST_CASE("recycle whose digits pass 2^64 reads them all before it tests one", "[sample]") {
    // M = 6^24 + 1 takes 25 rolls of a d6, and 6^25 > 2^64: the first attempt
    // cannot be kept in 64 bits. These 25 digits spell 2^64 + 5, below
    // 5·M = ⌊6^25 / M⌋·M, so it is accepted whole: (2^64 + 5) mod M, not the 5
    // that a 64-bit sum would wrap to.
    constexpr count_t m = count_t{4738381338321616896u} + 1;  // 6^24 + 1
    constexpr std::array<std::uint64_t, 25> digits{3, 5, 2, 0, 5, 2, 2, 0, 1, 0, 1, 0, 2,
                                                   1, 0, 0, 4, 4, 4, 2, 4, 4, 4, 3, 3};
    std::size_t used = 0;
    REQUIRE(run_on<recycle<roll<d6>, m>, d6, 25>(digits, &used) == static_cast<std::uint64_t>((two_to_64 + 5) % m));
    REQUIRE(used == 25);
}

namespace {
// For one L: every M in [2, L) and every v in [0, L) once, through
// scale_below (uniform_below's run, with the bound asked for lazily) and
// multiply_shift (the scale node's run, with the bound a constant).
template <std::uint64_t L>
void count_preimages() {
    for (std::uint64_t m = 2; m < L; ++m) {
        INFO("L = " << L << ", M = " << m);
        std::array<std::uint64_t, 64> preimages{};
        for (std::uint64_t v = 0; v < L; ++v) {
            // v first; if v is rejected, L − 1, which every (L, M) accepts (low = L − M >= L mod M)
            int calls = 0;
            bool asked = false;
            auto v_then_top = [&] { return calls++ == 0 ? v : L - 1; };
            const auto h = detail::scale_below<L>(v_then_top, m, [&] {
                asked = asked || calls == 1;  // asked about v itself
                return L % m;
            });
            REQUIRE((calls == 1) == (v * m % L >= L % m));
            // the same with the bound as a constant (the scale node's run)
            const int lazy_calls = calls;
            calls = 0;
            REQUIRE(detail::multiply_shift<std::uint64_t, L>(v_then_top, m, L % m) == h);
            REQUIRE(calls == lazy_calls);
            if (calls == 1) {
                REQUIRE(h == v * m / L);
                ++preimages[h];
            }
            // nearly divisionless: L mod M is computed only for a low part below M
            REQUIRE(asked == (v * m % L < m));
        }
        for (std::uint64_t h = 0; h < m; ++h) REQUIRE(preimages[h] == L / m);
    }
}
template <std::uint64_t... I>
void count_preimages_up_to_64(std::integer_sequence<std::uint64_t, I...>) {
    (count_preimages<I + 3>(), ...);
}
}  // namespace

TEST_CASE("scale: Lemire's map gives every value ⌊L/M⌋ accepted preimages", "[sample]") {
    // The invariant of scale<P, M>, counted value by value through the code
    // that runs the node, for every L <= 64 and 2 <= M < L.
    count_preimages_up_to_64(std::make_integer_sequence<std::uint64_t, 62>{});
}

TEST_CASE("scale reads the high part and rerolls a low part below L mod M", "[sample]") {
    // d3 from a d8: 8 mod 3 = 2; v·3 = 0, 3, 6, 9, 12, 15, 18, 21 -> (high, low) by 8:
    // (0,0) (0,3) (0,6) (1,1) (1,4) (1,7) (2,2) (2,5): v = 0 and 3 are rerolled
    STATIC_REQUIRE(run_on<scale<roll<d8>, 3>, d8, 2>({1, 0}) == 0);
    STATIC_REQUIRE(run_on<scale<roll<d8>, 3>, d8, 2>({0, 5}) == 1);  // 0 rerolled, then 15 = 1·8 + 7
    STATIC_REQUIRE(run_on<scale<roll<d8>, 3>, d8, 2>({3, 7}) == 2);  // 3 rerolled, then 21 = 2·8 + 5
    // a 64-bit word: the high 64 bits of v·6
    STATIC_REQUIRE(run_on<scale<roll<die<two_to_64>>, 6>, die<two_to_64>, 1>({~std::uint64_t{0}}) == 5);
    STATIC_REQUIRE(run_on<scale<roll<die<two_to_64>>, 6>, die<two_to_64>, 1>({(std::uint64_t{1} << 63) + 8}) == 3);
    // 2^63·6 = 3·2^64 leaves the low part 0, below 2^64 mod 6 = 4: rolled again
    STATIC_REQUIRE(run_on<scale<roll<die<two_to_64>>, 6>, die<two_to_64>, 2>({std::uint64_t{1} << 63, 8}) == 0);
    // two 32-bit words, the first the most significant
    using wide = scale<mixed_radix<roll<die<count_t{1} << 32>>, roll<die<count_t{1} << 32>>>, (count_t{1} << 32) + 1>;
    // (2^64 − 1)(2^32 + 1) = 2^32·2^64 + 2^64 − 2^32 − 1: the last value, 2^32
    STATIC_REQUIRE(run_on<wide, die<count_t{1} << 32>, 2>({0xffffffff, 0xffffffff}) == 0x100000000);
    STATIC_REQUIRE(run_on<wide, die<count_t{1} << 32>, 2>({0x80000000, 0}) == 0x80000000);
}

TEST_CASE("uniform_below is the default plan with n as data", "[sample]") {
    // the same values as sample<plan_t<n, D>> on the same rolls, on every kind of source
    auto same = [](auto engine, auto plan_type) {
        using P = typename decltype(plan_type)::type;
        auto twin = engine;
        for (int i = 0; i < 2000; ++i) REQUIRE(uniform_below(engine, P::outcomes) == sample<P>(twin));
    };
    same(std::mt19937_64{1}, std::type_identity<plan_t<6, die<two_to_64>>>{});
    same(std::mt19937_64{1}, std::type_identity<plan_t<max_target, die<two_to_64>>>{});
    same(std::mt19937_64{1}, std::type_identity<plan_t<(count_t{1} << 63) + 1, die<two_to_64>>>{});
    same(std::mt19937{1}, std::type_identity<plan_t<1000, die<count_t{1} << 32>>>{});
    same(std::mt19937{1}, std::type_identity<plan_t<(count_t{1} << 32) + 1, die<count_t{1} << 32>>>{});
    same(std::mt19937{1}, std::type_identity<plan_t<(count_t{1} << 32), die<count_t{1} << 32>>>{});
    same(std::mt19937{1}, std::type_identity<plan_t<max_target, die<count_t{1} << 32>>>{});
    same(std::minstd_rand{1}, std::type_identity<plan_t<1000, die<2147483646>>>{});
    same(std::ranlux24{1}, std::type_identity<plan_t<29, die<(1 << 24)>>>{});
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
    // recycle_set asks a dice source for each die: a value equal to its K is refused too
    for (const std::uint64_t bad : {std::uint64_t{6}, std::uint64_t{7}}) {
        struct lying_dice {
            using die_type = dice_set<d6, d10>;
            std::uint64_t bad;
            std::uint64_t operator()(count_t k) const { return k == 6 ? bad : 3; }
        } lying{bad};
        REQUIRE_THROWS_WITH((sample<recycle_set<dice_set<d6, d10>, 29>>(lying)),
                            Catch::Contains("rollplan: a source returned a value outside [0, K) for its die") &&
                                Catch::Contains("K = 6"));
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

namespace {
// sample(description, roll) against sample<P> on one replayed sequence: the
// same value, and the same number of rolls taken (past the sequence both read
// the replay's fixed stream, so every plan finishes).
template <class P>
void same_run_from_data(const std::array<std::uint64_t, max_check_depth>& rolls, std::size_t length) {
    using die_type = typename P::die_type;
    replay_source<die_type> typed(rolls, length), data(rolls, length);
    const std::uint64_t expected = sample<P>(typed);
    bool right_die = true;
    const std::uint64_t got = sample(description_v<P>, [&](count_t faces) {
        right_die = right_die && faces == die_type::faces;
        return data();
    });
    // asserted only when wrong: a million runs are not a million assertions
    if (!right_die || got != expected || data.used() != typed.used()) {
        INFO(plan_name<P>());
        REQUIRE(right_die);
        REQUIRE(got == expected);
        REQUIRE(data.used() == typed.used());
    }
}

// Every sequence of `length` rolls of the plan's die.
template <class P>
void same_runs_from_data(std::size_t length) {
    constexpr count_t faces = P::die_type::faces;
    std::array<std::uint64_t, max_check_depth> rolls{};
    for (;;) {
        same_run_from_data<P>(rolls, length);
        std::size_t i = 0;  // the next sequence, as an odometer
        while (i < length && ++rolls[i] == faces) rolls[i++] = 0;
        if (i == length) return;
    }
}

constexpr std::uint64_t d29_from_data(std::array<std::uint64_t, 2> rolls) {
    std::size_t next = 0;
    return sample(make_plan(29, 6), [&](count_t) { return rolls[next++]; });
}

template <class Die, std::size_t... N>
void grid_from_data(std::size_t length, std::index_sequence<N...>) {
    (same_runs_from_data<plan_t<N + 2, Die, strategy::digits>>(length), ...);
    (same_runs_from_data<plan_t<N + 2, Die, strategy::smooth>>(length), ...);
    (same_runs_from_data<plan_t<N + 2, Die, strategy::cheapest>>(length), ...);
    (same_runs_from_data<plan_t<N + 2, Die, strategy::optimal>>(length), ...);
}
}  // namespace

TEST_CASE("a plan run from its data draws what its type draws, roll for roll", "[sample]") {
    // N = 2..25 with every strategy: every sequence of 10 tosses, 4 d6 rolls, 3 d10 rolls
    grid_from_data<coin>(10, std::make_index_sequence<24>{});
    grid_from_data<d6>(4, std::make_index_sequence<24>{});
    grid_from_data<d10>(3, std::make_index_sequence<24>{});
    // scale nodes on small dice, every sequence: the threshold L mod M decides which are rerolled
    same_runs_from_data<scale<mixed_radix<roll<d6>, roll<d6>>, 5>>(4);
    same_runs_from_data<scale<roll<d10>, 3>>(4);
    same_runs_from_data<scale<mixed_radix<roll<coin>, roll<coin>, roll<coin>>, 3>>(9);
    // scale nodes on engine words, from the replay's fixed stream
    same_runs_from_data<plan_t<1000, die<two_to_64>>>(0);
    same_runs_from_data<plan_t<max_target, die<two_to_64>>>(0);
    same_runs_from_data<plan_t<(count_t{1} << 40) + 3, die<count_t{1} << 32>>>(0);
    same_runs_from_data<plan_t<1000, die<count_t{1} << 32>>>(0);
    // in a constant expression: d29 from d6 reads two rolls as a number below 36 and keeps it below 29
    STATIC_REQUIRE(d29_from_data({4, 4}) == 28);
    STATIC_REQUIRE(d29_from_data({1, 0}) == 6);
}

TEST_CASE("a plan run from its data refuses a roll outside its die", "[sample]") {
    REQUIRE_THROWS_WITH(sample(make_plan(29, 6), [](count_t) { return std::uint64_t{6}; }),
                        Catch::Contains("rollplan: roll(K) returned a value outside [0, K)") && Catch::Contains("value = 6"));
    REQUIRE(sample(make_plan(1, 6), [](count_t) -> std::uint64_t { throw std::logic_error("no roll for one outcome"); }) == 0);
}

TEST_CASE("a plan over a set of dice asks the source for each die", "[sample][dice]") {
    // d30 from a d6 and a d10: the d6 first (folded to 3), then the d10
    using d30 = plan_t<30, dice_set<d6, d10>>;
    std::vector<count_t> asked;
    auto faces = from_faces<dice_set<d6, d10>>([&](count_t k) {
        asked.push_back(k);
        return k == 6 ? 5 : 7;  // a 5 on the d6 (A = 1), a 7 on the d10 (B = 6)
    });
    REQUIRE(sample<d30>(faces) == 16);
    REQUIRE(asked == std::vector<count_t>{6, 10});
    // a source for a larger set serves it; a face outside the die asked for is an error
    auto polyhedral = from_values<dice_set<d4, d6, d8, d10, d12, d20>>([](count_t k) { return k - 1; });
    REQUIRE(sample<d30>(polyhedral) == 29);
    auto wrong = from_faces<dice_set<d6, d10>>([](count_t) { return 7; });
    REQUIRE_THROWS_WITH(sample<d30>(wrong), Catch::Contains("face = 7") && Catch::Contains("K = 6"));
    // a one-die plan runs on a set source holding its die
    REQUIRE(sample<plan_t<5, d6>>(faces) < 5);
    // the plan as data asks for the same dice
    asked.clear();
    REQUIRE(sample(make_plan(30, dice_faces{6, 10}), [&](count_t k) { asked.push_back(k); return std::uint64_t{k == 6 ? 4u : 6u}; }) == 16);
    REQUIRE(asked == std::vector<count_t>{6, 10});
}

TEST_CASE("recycle_set draws the same from its type and its data, roll for roll", "[sample][dice]") {
    // the same pseudo-random faces for both, asked for by the plan
    using polyhedral = dice_set<d4, d6, d8, d10, d12, d20>;
    auto compare = [](auto type_tag, std::uint64_t seed) {
        using P = typename decltype(type_tag)::type;
        splitmix64 typed_engine{seed}, data_engine{seed};
        std::vector<count_t> typed_asked, data_asked;
        auto typed = from_values<polyhedral>([&](count_t k) { typed_asked.push_back(k); return static_cast<std::uint64_t>(typed_engine() % static_cast<std::uint64_t>(k)); });
        const std::uint64_t a = sample<P>(typed);
        const std::uint64_t b = sample(description_v<P>, [&](count_t k) { data_asked.push_back(k); return static_cast<std::uint64_t>(data_engine() % static_cast<std::uint64_t>(k)); });
        REQUIRE(a == b);
        REQUIRE(typed_asked == data_asked);
        REQUIRE(a < P::outcomes);
    };
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        compare(std::type_identity<plan_t<15, polyhedral>>{}, seed);
        compare(std::type_identity<plan_t<23, polyhedral>>{}, seed);
        compare(std::type_identity<recycle_set<dice_set<d6, d10>, 29>>{}, seed);
        compare(std::type_identity<recycle_set<dice_set<d4, d6>, 1000>>{}, seed);
    }
}

// ---- loaded dice ----------------------------------------------------------------

TEST_CASE("cut: the operand's value, cut by the cumulative weights", "[sample][loaded]") {
    using P = cut<roll<d6>, 3, 0, 2, 1>;  // faces 1-3: 0, 4-5: 2, 6: 3; outcome 1 never
    STATIC_REQUIRE(run_on<P, d6, 1>({0}) == 0);
    STATIC_REQUIRE(run_on<P, d6, 1>({2}) == 0);
    STATIC_REQUIRE(run_on<P, d6, 1>({3}) == 2);
    STATIC_REQUIRE(run_on<P, d6, 1>({4}) == 2);
    STATIC_REQUIRE(run_on<P, d6, 1>({5}) == 3);
}

TEST_CASE("knuth_yao walks the tree: a leaf per digit of W_i / W", "[sample][loaded]") {
    // 3, 2, 1 from a coin: 1/2 = 0.1, 1/3 = 0.0101…, 1/6 = 0.00101…; depth 1: a leaf of outcome 0,
    // depth 2: outcome 1, depth 3: outcome 2, depth 4: outcome 1, … (rows 1, 2, 3, then 2, 3 again)
    using P = knuth_yao<roll<coin>, 3, 2, 1>;
    std::size_t used = 0;
    REQUIRE(run_on<P, coin, 1>({0}, &used) == 0);
    REQUIRE(used == 1);
    REQUIRE(run_on<P, coin, 2>({1, 0}, &used) == 1);
    REQUIRE(used == 2);
    REQUIRE(run_on<P, coin, 3>({1, 1, 0}, &used) == 2);
    REQUIRE(run_on<P, coin, 4>({1, 1, 1, 0}, &used) == 1);
    REQUIRE(used == 4);
    REQUIRE(run_on<P, coin, 5>({1, 1, 1, 1, 0}, &used) == 2);
    // an outcome of weight W rolls nothing
    STATIC_REQUIRE(run_on<knuth_yao<roll<d6>, 0, 4, 0>, d6, 1>({5}) == 1);
    // in a constant expression, through an engine
    STATIC_REQUIRE(sample<knuth_yao<roll<die<two_to_64>>, 1, 2, 3>>(splitmix64{7}) < 3);
}

namespace {
template <class Target, class Die, class... S>
void loaded_runs_from_data(std::size_t length) {
    (same_runs_from_data<loaded_plan_t<Target, Die, S>>(length), ...);
}
}  // namespace

TEST_CASE("a loaded plan run from its data draws what its type draws, roll for roll", "[sample][loaded]") {
    using strategy::digits, strategy::smooth, strategy::cheapest, strategy::optimal;
    loaded_runs_from_data<loaded<3, 2, 1>, coin, digits, smooth, optimal>(10);
    loaded_runs_from_data<loaded<1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>, d6, digits, cheapest, optimal>(4);
    loaded_runs_from_data<loaded<0, 7, 0, 2>, d10, digits, optimal>(3);
    loaded_runs_from_data<loaded<5, 0>, d6, optimal>(2);
    same_runs_from_data<loaded_plan_t<loaded<1, 2, 3>, die<two_to_64>>>(0);
    same_runs_from_data<knuth_yao<roll<die<two_to_64>>, 1, 2, 3>>(0);
    STATIC_REQUIRE(sample(make_loaded_plan({3, 2, 1}, 6), [](count_t) { return std::uint64_t{4}; }) == 1);
}

TEST_CASE("cut: the table of small W and the search of the ends give the same outcome for every value", "[sample][loaded]") {
    // W = 4096 reads detail::cut_table, W = 4097 searches the ends; both agree with a scan of the weights
    auto check = [](auto plan_tag, std::vector<count_t> weights) {
        using P = typename decltype(plan_tag)::type;
        count_t total = 0;
        for (count_t w : weights) total += w;
        for (std::uint64_t v = 0; v < total; ++v) {
            std::size_t expected = 0;
            for (count_t end = weights[0]; v >= end;) end += weights[++expected];
            REQUIRE(run_on<P, die<4097>, 1>({v}) == expected);
        }
    };
    check(std::type_identity<cut<reject<roll<die<4097>>, 4096>, 4000, 0, 95, 1>>{}, {4000, 0, 95, 1});
    check(std::type_identity<cut<roll<die<4097>>, 1, 4000, 0, 95, 1>>{}, {1, 4000, 0, 95, 1});
    check(std::type_identity<cut<roll<die<4097>>, 0, 4096, 1>>{}, {0, 4096, 1});
}

TEST_CASE("uniform_below(g, 2^63) on a 64-bit word: the word's top 63 bits, no word rejected", "[sample]") {
    // 2^64 mod 2^63 = 0: the multiply-shift never rejects, and x·2^63 / 2^64 is x >> 1
    constexpr std::uint64_t n = std::uint64_t{1} << 63;
    splitmix64 engine(2026), words(2026);
    for (int i = 0; i < 2000; ++i) REQUIRE(uniform_below(engine, n) == words() >> 1);
    REQUIRE(engine == words);
    splitmix64 by_plan(2026), words_again(2026);
    for (int i = 0; i < 2000; ++i) REQUIRE(sample<plan_t<n, die<two_to_64>>>(by_plan) == words_again() >> 1);
}

TEST_CASE("uniform_below(d3, 2^64 - 1), the 128-bit path of uniform_state, against its exact distribution", "[sample]") {
    // 41 rolls of a d3 pass 2^64 (3^41 > 2^64 > 3^40): the state's range is past 64 bits, and each
    // rejection keeps range − kept. The value is exactly uniform on [0, 2^64 − 1): in 64 bands of the
    // top 6 bits each holds 2^58 values (the last one 2^58 − 1), so chi-square over 64 equal cells at
    // p = 10^−6, and the top band alone within 5 standard deviations of 1/64 (a dropped range update
    // draws it about 1.1% of the time instead of 1.6%).
    constexpr std::uint64_t n = ~std::uint64_t{0};
    splitmix64 engine(7);
    auto d3 = from_values<die<3>>([&engine] { return uniform_below(engine, 3); });
    std::vector<std::uint64_t> bands(64);
    constexpr int draws = 64000;
    for (int i = 0; i < draws; ++i) ++bands[uniform_below(d3, n) >> 58];
    REQUIRE(testing::chi_square(bands) < testing::critical_value(64));
    const double expected = draws / 64.0, sigma = std::sqrt(expected * (1 - 1 / 64.0));
    REQUIRE(std::abs(static_cast<double>(bands[63]) - expected) < 5 * sigma);
}
