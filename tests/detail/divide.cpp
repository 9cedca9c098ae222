// divide.hpp: the quotient and remainder of a 128-bit number by a constant,
// against the compiler's own 128-bit division.
#include <rollplan/detail/divide.hpp>
#include <rollplan/engines.hpp>

#include <catch2/catch.hpp>
#include <cstdint>

using namespace rollplan;

namespace {
template <std::uint64_t D>
void agrees_with_division(splitmix64& g) {
    INFO("D = " << D);
    auto check = [](count_t x) {
        const detail::quotient_remainder qr = detail::divide_by<D>(x);
        REQUIRE(qr.quotient == x / D);
        REQUIRE(qr.remainder == x % D);
    };
    for (int i = 0; i < 20000; ++i) {
        const count_t x = (count_t{g()} << 64) | g();
        check(x);
        check(x >> (g() % 128));  // every size of dividend
    }
    // the edges: 0, D − 1, D, 2^64 ± 1, multiples of D·2^64, 2^128 − 1
    for (count_t x : {count_t{0}, count_t{D - 1}, count_t{D}, two_to_64 - 1, two_to_64, two_to_64 + 1,
                      count_t{D} << 64, (count_t{D} << 64) - 1, count_max, count_max - D})
        check(x);
}
}  // namespace

TEST_CASE("division by a constant equals the 128-bit division", "[divide]") {
    splitmix64 g(7);
    agrees_with_division<1>(g);
    agrees_with_division<2>(g);
    agrees_with_division<3>(g);
    agrees_with_division<6>(g);
    agrees_with_division<7>(g);
    agrees_with_division<29>(g);
    agrees_with_division<1000>(g);
    agrees_with_division<1000000007>(g);
    agrees_with_division<4294967297>(g);
    agrees_with_division<(std::uint64_t{1} << 63) - 1>(g);
    agrees_with_division<std::uint64_t{1} << 63>(g);
    agrees_with_division<(std::uint64_t{1} << 63) + 1>(g);
    agrees_with_division<~std::uint64_t{0}>(g);
}

TEST_CASE("division by a constant in a constant expression", "[divide]") {
    STATIC_REQUIRE(detail::divide_by<7>(count_max).quotient == count_max / 7);
    STATIC_REQUIRE(detail::divide_by<7>(count_max).remainder == count_max % 7);
    STATIC_REQUIRE(detail::divide_by<1000>(two_to_64 * 999 + 5).quotient == (two_to_64 * 999 + 5) / 1000);
}

TEST_CASE("division by a constant: the estimate's rare second correction", "[divide]") {
    // The quotient estimated from the reciprocal is one short so rarely that
    // random dividends never show it (none in 3·10^8); these were found by a
    // search near the largest dividends. Each is a multiple of D, where the
    // correction leaves the remainder at exactly 0 (r = d, the boundary).
    auto exact = [](auto divisor, count_t x) {
        constexpr std::uint64_t D = decltype(divisor)::value;
        const detail::quotient_remainder qr = detail::divide_by<D>(x);
        return x % D == 0 && qr.quotient == x / D && qr.remainder == 0;
    };
    STATIC_REQUIRE(exact(std::integral_constant<std::uint64_t, 272892>{},
                         (count_t{272891} << 64) | 18446744073709005832u));
    STATIC_REQUIRE(exact(std::integral_constant<std::uint64_t, 789272961475>{},
                         (count_t{789272961474} << 64) | 18446741705890667191u));
    STATIC_REQUIRE(exact(std::integral_constant<std::uint64_t, 9633905724068725920u>{},  // top bit set: no shift
                         (count_t{9633905724068725916u} << 64) | 15983541950425850944u));
    // and with a high word past D (its own quotient in front)
    STATIC_REQUIRE(exact(std::integral_constant<std::uint64_t, 272892>{},
                         (count_t{272891 + 5 * 272892} << 64) | 18446744073709005832u));
}

