#include <rollplan/rational.hpp>

#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <utility>
#include <sstream>
#include <stdexcept>

using namespace rollplan;

TEST_CASE("rationals are kept in lowest terms", "[rational]") {
    STATIC_REQUIRE(rational{6, 4} == rational{3, 2});
    STATIC_REQUIRE(rational{6, 4}.numerator() == 3);
    STATIC_REQUIRE(rational{0, 5} == rational{0});
}

TEST_CASE("field laws on examples", "[rational]") {
    STATIC_REQUIRE(rational{1, 2} + rational{1, 3} == rational{5, 6});
    STATIC_REQUIRE(rational{5, 6} - rational{1, 3} == rational{1, 2});
    STATIC_REQUIRE(rational{2, 3} * rational{9, 4} == rational{3, 2});
    STATIC_REQUIRE(rational{2, 3} / rational{4, 9} == rational{3, 2});
    STATIC_REQUIRE(rational{96, 29} * rational{29} == rational{96});
}

TEST_CASE("ordering without overflow", "[rational]") {
    STATIC_REQUIRE(rational{1, 3} < rational{1, 2});
    STATIC_REQUIRE(rational{27, 10} > rational{8, 3});
    STATIC_REQUIRE(rational{7, 7} == rational{1});
    // cross products of these would need 256 bits
    STATIC_REQUIRE(!(rational{count_max - 1, count_max} < rational{count_max - 2, count_max - 1}));
    STATIC_REQUIRE(rational{count_max - 2, count_max - 1} < rational{count_max - 1, count_max});
    STATIC_REQUIRE(rational{count_max, 3} > rational{count_max - 1, 3});
}

TEST_CASE("no silent overflow", "[rational]") {
    const rational tiny{1, count_t{1} << 127};
    REQUIRE_THROWS_AS(tiny * rational(1, 3), std::overflow_error);
    REQUIRE_THROWS_AS(tiny + rational(1, 3), std::overflow_error);
    REQUIRE_THROWS_AS(rational(1, 0), std::domain_error);
    REQUIRE_THROWS_AS(rational(1, 3) - rational(1, 2), std::domain_error);
}

namespace {
using big = boost::multiprecision::cpp_int;
big as_big(count_t v) { return (big(static_cast<std::uint64_t>(v >> 64)) << 64) + static_cast<std::uint64_t>(v); }
}  // namespace

TEST_CASE("sums and differences fail only when the reduced result needs more than 128 bits", "[rational]") {
    // Against Boost.Multiprecision's unbounded integers, on operands whose
    // denominators share large factors (where the unreduced numerator passes
    // 128 bits while the reduced result fits).
    std::mt19937_64 gen(2026);
    auto random_bits = [&] {
        const int bits = 1 + static_cast<int>(gen() % 127);
        const count_t v = ((count_t{gen()} << 64) | gen()) >> (128 - bits);
        return v == 0 ? count_t{1} : v;
    };
    int exact = 0, too_big = 0;
    for (int i = 0; i < 40000; ++i) {
        const count_t common = random_bits() >> (gen() % 120) | 1;
        const count_t d1 = common * (1 + (random_bits() >> 80)), d2 = common * (1 + (random_bits() >> 80));
        rational a{random_bits() % d1, d1}, b{random_bits() % d2, d2};
        for (const bool subtract : {false, true}) {
            if (subtract && b > a) std::swap(a, b);
            const big left = as_big(a.numerator()) * as_big(b.denominator());
            const big right = as_big(b.numerator()) * as_big(a.denominator());
            big num = subtract ? big(left - right) : big(left + right);
            big den = as_big(a.denominator()) * as_big(b.denominator());
            const big g = boost::multiprecision::gcd(num, den);
            num = num == 0 ? big(0) : big(num / g);
            den = num == 0 ? big(1) : big(den / g);
            const bool fits = num < (big(1) << 128) && den < (big(1) << 128);
            try {
                const rational r = subtract ? a - b : a + b;
                REQUIRE(fits);
                REQUIRE(as_big(r.numerator()) == num);
                REQUIRE(as_big(r.denominator()) == den);
                ++exact;
            } catch (const std::overflow_error&) {
                REQUIRE_FALSE(fits);
                ++too_big;
            }
        }
    }
    REQUIRE(exact > 70000);  // both kinds of case were met
    REQUIRE(too_big > 100);
}

TEST_CASE("printing", "[rational]") {
    std::ostringstream os;
    os << rational{96, 29} << ' ' << rational{4, 2} << ' ' << rational{two_to_64};
    REQUIRE(os.str() == "96/29 2 18446744073709551616");
}

// GCC 12.2 once left elements of a value-initialized array zero-filled
// instead of default constructed, in the run-time code of a function that a
// constant expression had also run and written into (see rational.hpp).
// A rational of all zero bits is 0/1, so zero-filled is 0/1 too.
namespace {
constexpr rational running_sum(std::size_t last) {
    std::array<rational, 4> sums{};
    for (std::size_t i = 1; i <= last; ++i) sums[i % 4] = sums[i % 4] + rational{1, i + 1};
    return sums[2] + sums[3];
}
volatile std::size_t three = 3;
}  // namespace

TEST_CASE("a rational of all zero bits is zero", "[rational]") {
    struct bits {
        count_t low = 0, high = 0;
    };
    static_assert(sizeof(bits) == sizeof(rational));
    STATIC_REQUIRE(std::bit_cast<rational>(bits{}) == rational{0});
    STATIC_REQUIRE(std::bit_cast<rational>(bits{}).denominator() == 1);
    constexpr rational at_compile_time = running_sum(3);
    STATIC_REQUIRE(at_compile_time == rational{1, 3} + rational{1, 4});
    REQUIRE(running_sum(three) == at_compile_time);  // the same function, run
}
