#include <rollplan/detail/floor_uniform.hpp>
#include <rollplan/verify_real.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

using namespace rollplan;
using detail::bits_of_ordinal;
using detail::bits_of_real;
using detail::floor_uniform;
using detail::ordinal;

namespace {

// below(n) through uniform_below on a source, saying that its rolls are words
// of WordBits bits (0: saying nothing), so that floor_uniform takes spare bits
// with the pieces of [a, b) when WordBits is large enough.
template <class S, int WordBits>
struct below_of {
    static constexpr int word_bits = WordBits;
    S& source;
    constexpr std::uint64_t operator()(std::uint64_t n) const { return uniform_below(source, n); }
};

// rollplan's floor of a real uniform on [a, b), reading the source through
// uniform_below: a sampler for check_real_sampler, of bits of format F.
template <class F, int WordBits = 0>
constexpr auto floor_of(std::uint64_t a, std::uint64_t b) {
    return [a, b](auto& source) {
        if constexpr (WordBits == 0)
            return floor_uniform<F>(a, b, [&](std::uint64_t n) { return uniform_below(source, n); });
        else
            return floor_uniform<F>(a, b, below_of<std::remove_reference_t<decltype(source)>, WordBits>{source});
    };
}
// The same for float or double, returning the number.
template <class Real>
constexpr auto floor_of_real(Real a, Real b) {
    using F = typename format_of<Real>::type;
    return [a, b](auto& source) {
        return detail::real_of_bits<Real>(floor_uniform<F>(bits_of_real(a), bits_of_real(b),
                                                           [&](std::uint64_t n) { return uniform_below(source, n); }));
    };
}

// Every pair a < b of the format: no number ever above its share, nothing
// outside [a, b), and at most `unfinished` of the mass unfinished after
// `depth` rolls. Returns the largest unfinished mass seen.
template <class F, class Die, int WordBits = 0>
rational every_pair(std::size_t depth, std::int64_t step = 1) {
    const auto n = static_cast<std::int64_t>(F::max_finite_bits);
    rational worst;
    for (std::int64_t oa = -n; oa < n; oa += step)
        for (std::int64_t ob = oa + 1; ob <= n; ++ob) {
            const std::uint64_t a = bits_of_ordinal<F>(oa), b = bits_of_ordinal<F>(ob);
            const real_sampler_report r = check_real_sampler<Die, F>(floor_of<F, WordBits>(a, b), a, b, depth);
            INFO("a = ordinal " << oa << ", b = ordinal " << ob);
            REQUIRE(r.never_above_share());
            if (worst < r.unfinished_mass()) worst = r.unfinished_mass();
        }
    return worst;
}

}  // namespace

TEST_CASE("floor_uniform: every interval of a small format, from a coin and a d6", "[floor_uniform]") {
    // binary_format<3, 2>: 55 numbers from −14 to 14, 1485 intervals; exponents −2 … 3, so that
    // intervals hold subnormals, several binades, zero, and the pieces [0, 2^g) that hold many binades
    CHECK(every_pair<binary_format<3, 2>, die<2>>(12) < rational{1, 8});
    CHECK(every_pair<binary_format<3, 2>, d6>(4) < rational{1, 3});
    // (a double interval of several binades holds 2^52 numbers or more, too many to list: the small
    // formats are where several binades, and zero between them, are checked)
    // binary_format<3, 4>: 223 numbers, 2^4 significands a binade; every 5th lower end
    CHECK(every_pair<binary_format<3, 4>, die<2>>(9, 5) < rational{1, 2});
}

TEST_CASE("floor_uniform: every interval of a small format, with spare bits taken with the pieces", "[floor_uniform]") {
    // rolls said to be words of 12 and 16 bits: below(W·2^s) for the pieces of [a, b) where W is not
    // a power of two, s = min(read − 6 − bits(W), g − min_quantum) with read the bits of the fewest
    // words that hold bits(W) + 6 (one word here), and the piece's low digits from those s bits first
    CHECK(every_pair<binary_format<3, 2>, die<2>, 12>(12) < rational{1, 4});
    CHECK(every_pair<binary_format<3, 2>, die<2>, 16>(14) < rational{1, 4});
    CHECK(every_pair<binary_format<3, 2>, d6, 16>(5) < rational{1, 2});
}

// below(n) that records its calls and returns a scripted value.
template <int WordBits = 16>
struct scripted_below {
    static constexpr int word_bits = WordBits;
    std::uint64_t value = 0;
    std::uint64_t asked[4] = {};
    int calls = 0;
    constexpr std::uint64_t operator()(std::uint64_t n) {
        asked[calls++] = n;
        return value;
    }
};

TEST_CASE("floor_uniform: spare bits give the piece's low digits, counted by hand", "[floor_uniform]") {
    // binary_format<3, 2> (quantum 2^-4 below 1/4, 1/4 in [1, 2), 1/2 in [2, 4), 1 in [4, 8)); [1, 7):
    // g = 0 (the cell of 6), W = 6 pieces of 1, bits(W) = 3, so s = min(16 − 6 − 3, 0 − (−4)) = 4:
    // one call below(6·2^4 = 96); v = 16·(t − 1) + r, and piece t takes r's first j = g − h digits
    using F = binary_format<3, 2>;
    constexpr std::uint64_t one = detail::bits_of_value<F>(1, 0), seven = detail::bits_of_value<F>(7, 0);
    constexpr auto run = [](std::uint64_t v) {
        scripted_below<> below{v};
        const std::uint64_t x = floor_uniform<F>(one, seven, below);
        return std::pair{x, below.calls == 1 && below.asked[0] == 96};
    };
    STATIC_REQUIRE((run(0) == std::pair{detail::bits_of_value<F>(1, 0), true}));     // t = 1, r = 0: j = 2, k = 0
    STATIC_REQUIRE((run(15) == std::pair{detail::bits_of_value<F>(7, -2), true}));   // t = 1, r = 15: k = 3, 1.75
    STATIC_REQUIRE((run(17) == std::pair{detail::bits_of_value<F>(2, 0), true}));    // t = 2, r = 1: j = 1, k = 0
    STATIC_REQUIRE((run(31) == std::pair{detail::bits_of_value<F>(5, -1), true}));   // t = 2, r = 15: k = 1, 2.5
    STATIC_REQUIRE((run(95) == std::pair{detail::bits_of_value<F>(6, 0), true}));    // t = 6, r = 15: j = 0
    // words of 12 bits: s = 12 − 6 − 3 = 3 (the cap 4 not reached): below(48), v = 8·(t − 1) + r
    constexpr auto run12 = [](std::uint64_t v) {
        scripted_below<12> below{v};
        const std::uint64_t x = floor_uniform<F>(one, seven, below);
        return std::pair{x, below.calls == 1 && below.asked[0] == 48};
    };
    STATIC_REQUIRE((run12(7) == std::pair{detail::bits_of_value<F>(7, -2), true}));   // t = 1, r = 7: k = 3, 1.75
    STATIC_REQUIRE((run12(47) == std::pair{detail::bits_of_value<F>(6, 0), true}));   // t = 6
    // words of 5 bits: two of them hold bits(W) + 6 = 9, s = 10 − 9 = 1: below(12)
    constexpr auto run5 = [] {
        scripted_below<5> below{1};  // t = 1, r = 1: k = 1·2 + below(2^1) = 3, 1.75
        const std::uint64_t x = floor_uniform<F>(one, seven, below);
        return x == detail::bits_of_value<F>(7, -2) && below.calls == 2 && below.asked[0] == 12 && below.asked[1] == 2;
    };
    STATIC_REQUIRE(run5());
    // a coin's flips (words of 1 bit): s = 9 − 9 = 0, no spare bits: below(6), then below(2^j)
    constexpr auto run1 = [] {
        scripted_below<1> below{0};
        const std::uint64_t x = floor_uniform<F>(one, seven, below);
        return x == one && below.calls == 2 && below.asked[0] == 6 && below.asked[1] == 4;
    };
    STATIC_REQUIRE(run1());
    // without word_bits, the same interval asks below(6), then below(2^j) for a piece of j > 0 digits
    // (none for j = 0: below(1) is 0)
    constexpr auto plain = [](std::uint64_t offset, std::uint64_t digits) {
        int calls = 0;
        std::uint64_t asked[3] = {};
        const std::uint64_t x = floor_uniform<F>(one, seven, [&](std::uint64_t n) {
            asked[calls++] = n;
            return calls == 1 ? offset : digits;
        });
        return std::tuple{x, calls, asked[0], asked[1]};
    };
    STATIC_REQUIRE((plain(5, 0) == std::tuple{detail::bits_of_value<F>(6, 0), 1, 6u, 0u}));
    STATIC_REQUIRE((plain(1, 1) == std::tuple{detail::bits_of_value<F>(5, -1), 2, 6u, 2u}));  // t = 2: 2.5
    STATIC_REQUIRE((plain(0, 3) == std::tuple{detail::bits_of_value<F>(7, -2), 2, 6u, 4u}));  // t = 1: 1.75
}

TEST_CASE("floor_uniform: intervals that powers of two cut evenly finish, exactly", "[floor_uniform]") {
    using F = binary_format<3, 2>;
    constexpr auto exact = [](std::uint64_t a, std::uint64_t b, std::size_t depth) {
        return check_real_sampler<die<2>, F>(floor_of<F>(a, b), a, b, depth).proves_exact();
    };
    constexpr std::uint64_t zero = 0, one = detail::bits_of_value<F>(1, 0), eight = detail::bits_of_value<F>(8, 0);
    // [0, 1): 8 pieces of 2^−3 (3 flips), then one flip in the pieces of cells 2^−4
    STATIC_REQUIRE((exact(zero, one, 4)));
    STATIC_REQUIRE((!exact(zero, one, 3)));
    // [0, 8): 8 pieces of 1, and in [0, 1) the same again: at most 3 + 3 + 1 flips
    STATIC_REQUIRE((exact(zero, eight, 7)));
    STATIC_REQUIRE((!exact(zero, eight, 6)));
    // [−8, 8): 16 pieces; [−1, 0) and [0, 1) as above
    STATIC_REQUIRE((exact(detail::bits_of_value<F>(-8, 0), eight, 8)));
    // [1, 8) is 7 pieces of 1: never all finished
    STATIC_REQUIRE((!exact(one, eight, 12)));
}

TEST_CASE("floor_uniform: a float of [1, 1 + 2^-10) takes exactly 13 flips", "[floor_uniform]") {
    // 2^13 floats 2^−23 apart, each 2^−13 of the interval: every sequence of 13 flips ends, none shorter
    constexpr float a = 1.0f, b = 1.0f + 0x1p-10f;
    std::uint64_t finished = 0, unfinished_before_13 = 0;
    std::vector<bool> seen(1u << 13);
    detail::walk_sequences<die<2>>(
        floor_of_real(a, b), 13,
        [&](std::size_t length, float x) {
            REQUIRE(length == 13);
            REQUIRE(a <= x);
            REQUIRE(x < b);
            const auto index = static_cast<std::size_t>(std::lround((x - a) * 0x1p23f));
            REQUIRE(!seen[index]);
            seen[index] = true;
            ++finished;
        },
        [&](std::size_t length) { unfinished_before_13 += length < 13 ? 1 : 0; });
    CHECK(finished == 1u << 13);                   // each float by one sequence of 13 flips
    CHECK(unfinished_before_13 == (1u << 13) - 1);  // every prefix of 0 … 12 flips wants more
    // the same with 256 of them, counted by the checker: exactly 8 flips
    constexpr float c = 1.0f + 0x1p-15f;
    STATIC_REQUIRE((check_real_sampler<die<2>, float>(floor_of_real(a, c), a, c, 8).proves_exact()));
    STATIC_REQUIRE((check_real_sampler<die<2>, float>(floor_of_real(a, c), a, c, 7).unfinished[7] == 1u << 7));
}

TEST_CASE("floor_uniform: doubles within a binade, across binades, across zero, among subnormals", "[floor_uniform]") {
    constexpr double tiny = std::numeric_limits<double>::denorm_min(), least_normal = std::numeric_limits<double>::min();
    constexpr double epsilon = std::numeric_limits<double>::epsilon();
    struct interval {
        double a, b;
    };
    const interval intervals[] = {
        {1, 1 + 16 * epsilon},                              // one binade, 16 numbers
        {1 + 3 * epsilon, 1 + 40 * epsilon},                // one binade, not aligned
        {2 - 8 * epsilon, 2 + 16 * epsilon},                // two binades: cells of 2^−52 and 2^−51
        {-12 * tiny, 20 * tiny},                            // across zero, all subnormal
        {3 * tiny, 40 * tiny},                              // subnormal
        {least_normal - 7 * tiny, least_normal + 9 * tiny}, // subnormal to normal: one width
        {-least_normal * (1 + 4 * epsilon), -least_normal + 5 * tiny},
    };
    for (const interval& i : intervals) {
        const std::int64_t count = ordinal<binary_format<11, 52>>(bits_of_real(i.b)) - ordinal<binary_format<11, 52>>(bits_of_real(i.a));
        INFO("[" << i.a << ", " << i.b << "), " << count << " numbers");
        REQUIRE(count <= static_cast<std::int64_t>(max_real_values));
        const real_sampler_report coin = check_real_sampler<die<2>, double>(floor_of_real(i.a, i.b), i.a, i.b, 12);
        REQUIRE(coin.never_above_share());
        REQUIRE(coin.proves_error_within(rational{1, 4}));
        const real_sampler_report six = check_real_sampler<d6, double>(floor_of_real(i.a, i.b), i.a, i.b, 4);
        REQUIRE(six.never_above_share());
        REQUIRE(six.proves_error_within(rational{1, 2}));
    }
}

TEST_CASE("floor_uniform: the floor of U in the first cell of [0, 1) is +0.0, not -0.0", "[floor_uniform]") {
    // below always 0: U's piece is the first at every zoom, down to the
    // subnormals, whose first cell is [0, 2^-1074)
    using F = format_of<double>::type;
    constexpr auto first = [](std::uint64_t) { return std::uint64_t{0}; };
    STATIC_REQUIRE((floor_uniform<F>(bits_of_real(0.0), bits_of_real(1.0), first) == 0));
    STATIC_REQUIRE((floor_uniform<F>(bits_of_real(0.0), bits_of_real(0x1p-1060), first) == 0));
}

TEST_CASE("floor_uniform: a tiny positive b still closes a piece of its own", "[floor_uniform]") {
    // The pieces of width 2^g that cover [a, b), counted by hand: the first
    // below(n) of a draw asks for that many.
    using F = format_of<double>::type;
    auto pieces = [](double a, double b) {
        std::uint64_t asked = 0;
        floor_uniform<F>(bits_of_real(a), bits_of_real(b), [&](std::uint64_t n) {
            if (asked == 0) asked = n;
            return std::uint64_t{0};
        });
        return asked;
    };
    // [−1, 2^-1074): cells of 2^-53 from −1 up to 0, and [0, 2^-53) for b
    REQUIRE(pieces(-1.0, 0x1p-1074) == (std::uint64_t{1} << 53) + 1);
    // [−2^-1020, 2^-1074): the cells above −2^-1020 are 2^-1073 wide (the
    // binade below 2^-1020), 2^53 of them up to 0, and [0, 2^-1073) for b
    REQUIRE(pieces(-0x1p-1020, 0x1p-1074) == (std::uint64_t{1} << 53) + 1);
}
