// detail/lazy_uniform.hpp: a trial is true with probability exactly x (or
// x/(1+x)) on every roll sequence, reads digits only as it needs them, and
// the 64-bit thresholds on a stream of bits answer as the step rule does.
#include <rollplan/detail/lazy_uniform.hpp>

#include <catch2/catch.hpp>
#include <functional>
#include <vector>

#include <rollplan/engines.hpp>
#include <rollplan/rational.hpp>
#include <rollplan/verify.hpp>

using namespace rollplan;
using detail::big;
using detail::bounds_at;
using detail::threshold_kind;

namespace {

// x = a/b (0 < a < b < 2^64) at precision w: ⌊x·2^w⌋ and ⌈x·2^w⌉.
struct ratio_bounds {
    std::uint64_t a, b;
    bounds_at operator()(std::size_t w) const {
        bounds_at x;
        x.lo = detail::shifted(big::of(a), w);
        const bool exact = detail::divide(x.lo, b) == 0;
        x.hi = x.lo;
        if (!exact) x.hi.add(1, 0);
        return x;
    }
};

// x = a/b − 2^−200 (a/b > 2^−200), by bounds a unit wider on each side than
// ⌊ ⌋ and ⌈ ⌉ (as those of a power or of e^−x may be; hi at most 2^W): near
// 1/2 (a/b = 1/2) the thresholds of one word straddle 2^63, so that one bit
// read decides nothing; near 1 (a = b) x's on_false is 2^64.
struct just_below {
    std::uint64_t a, b;
    bounds_at operator()(std::size_t w) const {
        const bounds_at wider = ratio_bounds{a, b}(w + 256);
        const big tiny = big::power_of_two(w + 256 - 200);
        bounds_at x;
        x.lo = detail::difference(detail::shifted_down(detail::difference(wider.lo, tiny), 256), big::of(1));
        x.hi = detail::shifted_down(detail::difference(wider.hi, tiny), 256, true);
        x.hi.add(1, 0);
        if (detail::at_least(x.hi, big::power_of_two(w))) x.hi = big::power_of_two(w);
        return x;
    }
};

// The probability that the trial is true, as far as every sequence of up to
// `depth` rolls of Die shows it: [true mass, true mass + unfinished].
template <class Die>
std::pair<rational, rational> true_mass(const ratio_bounds& x, threshold_kind kind, std::size_t depth) {
    rational yes, unfinished;
    auto weight = [](std::size_t length) {
        count_t all = 1;
        for (std::size_t i = 0; i < length; ++i) all *= Die::faces;
        return rational{1, all};
    };
    detail::walk_sequences<Die>(
        [&](auto& source) {
            detail::digit_stream<std::remove_reference_t<decltype(source)>> digits(source);
            return detail::lazy_trial(digits, x, kind);
        },
        depth, [&](std::size_t length, bool answer) { if (answer) yes = yes + weight(length); },
        [&](std::size_t length) {
            if (length == depth) unfinished = unfinished + weight(length);
        });
    return {yes, unfinished};
}

}  // namespace

TEST_CASE("lazy_uniform: a trial is true with probability x, or x/(1+x), on every roll sequence", "[lazy_uniform]") {
    // 3/8 from a coin: U's first three bits decide (a dyadic threshold, exact bounds)
    {
        const auto [yes, left] = true_mass<coin>({3, 8}, threshold_kind::x, 3);
        REQUIRE(yes == rational{3, 8});
        REQUIRE(left == rational{});
    }
    // 1/3 from a d6: 0.2 in base 6, whose binary bounds are never exact: the two intervals of U
    // that end or start at 1/3 (digits 1, 15, 155, … and 2, 20, 200, …) read one digit more; the
    // rest is decided, each side of 1/3 its share
    {
        const auto [yes, left] = true_mass<d6>({1, 3}, threshold_kind::x, 4);
        REQUIRE(left == rational{2, 6 * 6 * 6 * 6});
        REQUIRE(yes + rational{1, 6 * 6 * 6 * 6} == rational{1, 3});
    }
    // 3/5 from a coin, and its y = 3/8 (a point of the coin's bits, x's bounds never exact)
    for (const auto& [kind, target] : {std::pair{threshold_kind::x, rational{3, 5}}, std::pair{threshold_kind::x_over_one_plus_x, rational{3, 8}}}) {
        const auto [yes, left] = true_mass<coin>({3, 5}, kind, 14);
        REQUIRE(yes <= target);
        REQUIRE(target <= yes + left);
        REQUIRE(left < rational{1, 1000});
        // the check can fail: the masses against 3/5 ± 1/100
        REQUIRE_FALSE((yes <= target + rational{1, 100} && target + rational{1, 100} <= yes + left));
    }
    // x/(1+x) for x = 1/2 from a d10: 1/3
    {
        const auto [yes, left] = true_mass<d10>({1, 2}, threshold_kind::x_over_one_plus_x, 5);
        REQUIRE(yes <= rational{1, 3});
        REQUIRE(rational{1, 3} <= yes + left);
        REQUIRE(left < rational{1, 1000});
    }
}

TEST_CASE("lazy_uniform: thresholds on one 64-bit word are the step rule's first answers", "[lazy_uniform]") {
    // on_true: the first word not decided true; on_false: the first decided false
    for (const ratio_bounds& x : {ratio_bounds{1, 3}, ratio_bounds{3, 5}, ratio_bounds{1, 1000003}, ratio_bounds{999999, 1000000},
                                  ratio_bounds{1, 2}}) {
        for (const threshold_kind kind : {threshold_kind::x, threshold_kind::x_over_one_plus_x}) {
            INFO(x.a << "/" << x.b << (kind == threshold_kind::x ? " x" : " y"));
            const bounds_at at = x(detail::first_precision);
            const detail::word_thresholds t = detail::thresholds_of(at, kind);
            auto answer = [&](std::uint64_t word) {
                detail::uniform_prefix U;
                U.u = big::of(word);
                U.d = big::power_of_two(64);
                return detail::decided(U, at, detail::first_precision, kind);
            };
            REQUIRE(answer(t.on_true - 1) > 0);
            REQUIRE(answer(t.on_true) <= 0);
            REQUIRE(answer(t.on_false) < 0);
            REQUIRE(answer(t.on_false - 1) >= 0);
            REQUIRE(t.on_true <= t.on_false);
        }
    }
    // bounds past 1, or wider than 2^62 at the first precision, have no thresholds
    bounds_at wide;
    wide.lo = big::of(1);
    wide.hi = big::power_of_two(100);
    REQUIRE_THROWS_AS(detail::thresholds_of(wide, threshold_kind::x), std::logic_error);
}

namespace {
// A source of Bits-bit rolls (Bits = 1 a coin, 3 a d8, 32, 64) that gives the
// bits of a list of 64-bit words, the most significant first, and counts them.
template <int Bits>
struct bits_from_words {
    using die_type = die<count_t{1} << Bits>;
    const std::vector<std::uint64_t>* words;
    std::size_t at = 0;  // bits given
    std::uint64_t operator()() {
        std::uint64_t v = 0;
        for (int i = 0; i < Bits; ++i, ++at) v = v << 1 | (((*words)[at / 64] >> (63 - at % 64)) & 1);
        return v;
    }
};
}  // namespace

TEST_CASE("lazy_uniform: a trial on a stream of bits, 64 at once, answers and reads as the step rule", "[lazy_uniform]") {
    // successive trials from one stream (bits left by one are the next one's), with rolls of
    // 1, 3, 32 and 64 bits, against lazy_trial from single bits; first 64 bits at and around the
    // thresholds (the step rule then goes on a bit at a time, W doubling), then random
    // (just_below: the thresholds straddle 1/2, x of kind x from 1/2, of kind y from 1)
    splitmix64 random{3};
    auto each_x = [&](const auto& x, const char* name) {
        for (const threshold_kind kind : {threshold_kind::x, threshold_kind::x_over_one_plus_x}) {
            const detail::word_thresholds t = detail::thresholds_of(x(detail::first_precision), kind);
            for (int round = 0; round < 40; ++round) {
                std::vector<std::uint64_t> words;
                const std::uint64_t edges[] = {t.on_true, t.on_false - 1, t.on_true - 1, t.on_false};
                words.push_back(round < 4 ? edges[round] : random());
                for (int i = 0; i < 12; ++i) words.push_back(round % 2 == 0 && i == 0 ? words[0] : random());
                INFO(name << " " << x.a << "/" << x.b << " round " << round);
                // the step rule, one bit at a time
                bits_from_words<1> single{&words};
                detail::digit_stream<bits_from_words<1>> one(single);
                std::vector<bool> expected;
                std::vector<std::size_t> read;
                for (int trial = 0; trial < 8; ++trial) {
                    expected.push_back(detail::lazy_trial(one, x, kind));
                    read.push_back(single.at);
                }
                auto check = [&](auto& source) {
                    detail::digit_stream<std::remove_reference_t<decltype(source)>> stream(source);
                    for (std::size_t trial = 0; trial < expected.size(); ++trial) {
                        REQUIRE(detail::bit_trial(stream, t, x, kind) == expected[trial]);
                        // the bits used are the rule's, and no roll more was read than they need
                        REQUIRE(source.at - static_cast<std::size_t>(stream.held_) == read[trial]);
                        REQUIRE(static_cast<std::size_t>(stream.held_) < static_cast<std::size_t>(decltype(stream)::roll_bits));
                    }
                };
                bits_from_words<1> a{&words};
                bits_from_words<3> b{&words};
                bits_from_words<32> c{&words};
                bits_from_words<64> d{&words};
                check(a);
                check(b);
                check(c);
                check(d);
            }
        }
    };
    for (const ratio_bounds& x : std::vector<ratio_bounds>{{1, 3}, {3, 5}, {1, 1000003}, {999999, 1000000}, {5, 8}}) each_x(x, "x =");
    const just_below half{1, 2}, one{1, 1};
    REQUIRE(detail::thresholds_of(half(detail::first_precision), threshold_kind::x).on_true == (std::uint64_t{1} << 63) - 1);
    REQUIRE(detail::thresholds_of(half(detail::first_precision), threshold_kind::x).on_false == (std::uint64_t{1} << 63) + 1);
    REQUIRE(detail::thresholds_of(one(detail::first_precision), threshold_kind::x).on_false == 0);  // 2^64
    each_x(half, "2^-200 below");
    each_x(one, "2^-200 below");
}

namespace {
// The bounds of 1/2 at every precision W, 2^(W−1) both: the step rule's trial of 1/2 (spec.md, section 4).
struct half_bounds {
    bounds_at operator()(std::size_t w) const { return {big::power_of_two(w - 1), big::power_of_two(w - 1)}; }
};
}  // namespace

TEST_CASE("lazy_uniform: a trial of 1/2 on digits answers and reads as the step rule", "[lazy_uniform]") {
    // half_trial decides digit by digit (2d + 1 against K); lazy_trial with half_bounds is the
    // step rule itself: on every sequence of 6 rolls of dice of 3, 5, 6 and 7 faces, and on
    // minstd_rand (K = 2^31 − 2) with words at and around the middle, the same answer after the
    // same rolls
    auto same_on = [](auto die_tag) {
        using Die = decltype(die_tag);
        std::vector<int> rolls(6);
        const int faces = static_cast<int>(Die::faces);
        long long total = 1;
        for (int i = 0; i < 6; ++i) total *= faces;
        for (long long n = 0; n < total; ++n) {
            long long v = n;
            for (int& r : rolls) {
                r = static_cast<int>(v % faces);
                v /= faces;
            }
            std::size_t a = 0, b = 0;
            auto first = from_values<Die>([&] { return a < rolls.size() ? rolls[a++] : (++a, 0); });
            auto second = from_values<Die>([&] { return b < rolls.size() ? rolls[b++] : (++b, 0); });
            detail::digit_stream<decltype(first)> x(first);
            detail::digit_stream<decltype(second)> y(second);
            const bool fast = detail::half_trial(x), rule = detail::lazy_trial(y, half_bounds{}, threshold_kind::x);
            if (fast != rule || a != b) return false;
        }
        return true;
    };
    REQUIRE(same_on(die<3>{}));
    REQUIRE(same_on(die<5>{}));
    REQUIRE(same_on(die<6>{}));
    REQUIRE(same_on(die<7>{}));
    const std::uint32_t middle = (2147483646u - 2) / 2;  // minstd_rand's digits are its values − 1: K = 2^31 − 2, even
    for (const std::uint32_t digit : {middle - 1, middle, middle + 1, middle + 2, 0u, 2147483644u}) {
        auto source = from_values<die<2147483646>>([digit] { return digit; });
        detail::digit_stream<decltype(source)> x(source);
        REQUIRE(detail::half_trial(x) == (2 * std::uint64_t{digit} + 1 < 2147483646u));
    }
}
