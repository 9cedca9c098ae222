// detail/big.hpp: its arithmetic against Boost.Multiprecision's cpp_int, on
// values of one to five limbs, at and across limb boundaries.
#include <rollplan/detail/big.hpp>

#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <vector>

#include <rollplan/engines.hpp>

using namespace rollplan;
using detail::big;
using boost::multiprecision::cpp_int;

namespace {
cpp_int as_cpp(const big& x) {
    cpp_int v = 0;
    for (std::size_t i = x.limb.size(); i-- > 0;) v = (v << 64) | x.limb[i];
    return v;
}
big random_big(splitmix64& g, std::size_t limbs) {
    big x;
    for (std::size_t i = 0; i < limbs; ++i) x.limb.push_back(g() >> (g() % 64));  // some leading zeros
    if (limbs > 0 && g() % 4 == 0) x.limb.push_back(0);                        // a zero limb at the top
    return x;
}
}  // namespace

TEST_CASE("big: product, sum, difference, shifts and division as cpp_int's", "[big]") {
    splitmix64 g{17};
    for (int round = 0; round < 400; ++round) {
        const big a = random_big(g, g() % 5), b = random_big(g, g() % 5);
        const cpp_int x = as_cpp(a), y = as_cpp(b);
        REQUIRE(as_cpp(detail::product(a, b)) == x * y);
        REQUIRE(as_cpp(detail::sum(a, b)) == x + y);
        if (x >= y) REQUIRE(as_cpp(detail::difference(a, b)) == x - y);
        REQUIRE(detail::at_least(a, b) == (x >= y));
        REQUIRE(a.bit_length() == (x == 0 ? 0 : msb(x) + 1));
        REQUIRE(a.is_zero() == (x == 0));
        for (const std::size_t shift : {std::size_t{0}, std::size_t{1}, std::size_t{63}, std::size_t{64}, std::size_t{65},
                                        std::size_t{128}, static_cast<std::size_t>(g() % 300)}) {
            INFO("shift " << shift);
            REQUIRE(as_cpp(detail::shifted(a, shift)) == x << shift);
            REQUIRE(as_cpp(detail::shifted_down(a, shift)) == x >> shift);
            const cpp_int up = (x >> shift) + (((x >> shift) << shift) == x ? 0 : 1);  // ⌈x / 2^shift⌉
            REQUIRE(as_cpp(detail::shifted_down(a, shift, true)) == up);
            REQUIRE(as_cpp(big::power_of_two(shift)) == cpp_int(1) << shift);
        }
        std::uint64_t d = g() >> (g() % 64);  // even ones too
        if (d == 0) d = 2;
        big q = a;
        const std::uint64_t r = detail::divide(q, d);
        REQUIRE(as_cpp(q) == x / d);
        REQUIRE(cpp_int(r) == x % d);
        // by a big divisor: ⌊a/b⌋ and a mod b (b = 0 skipped), b of more limbs than a too
        if (y != 0) {
            REQUIRE(as_cpp(detail::quotient(a, b)) == x / y);
            big rest;
            REQUIRE(as_cpp(detail::quotient(a, b, &rest)) == x / y);
            REQUIRE(as_cpp(rest) == x % y);
        }
    }
    // a quotient past a limb, and divisors of one bit and of exactly a's value
    const cpp_int wide = (cpp_int(1) << 200) + 12345;
    big w = detail::shifted(big::of(1), 200);
    w.add(12345, 0);
    REQUIRE(as_cpp(detail::quotient(w, big::of(3))) == wide / 3);
    REQUIRE(as_cpp(detail::quotient(w, big::of(1))) == wide);
    big rest;
    REQUIRE(as_cpp(detail::quotient(w, w, &rest)) == 1);
    REQUIRE(rest.is_zero());
    REQUIRE(as_cpp(detail::quotient(big::of(0), w, &rest)) == 0);
    REQUIRE(rest.is_zero());
    // limbs held in place up to 8, in a vector past that: growing and shrinking across the
    // boundary keeps the limbs below the new size and makes new ones 0
    for (const std::size_t from : {std::size_t{3}, std::size_t{8}, std::size_t{9}, std::size_t{12}}) {
        for (const std::size_t to : {std::size_t{0}, std::size_t{2}, std::size_t{8}, std::size_t{9}, std::size_t{13}}) {
            INFO(from << " limbs to " << to);
            detail::limb_vector v;
            v.resize(from);
            for (std::size_t i = 0; i < from; ++i) v[i] = 1000 + i;
            v.resize(to);
            REQUIRE(v.size() == to);
            for (std::size_t i = 0; i < to; ++i) REQUIRE(v[i] == (i < from ? 1000 + i : 0));
            v.push_back(7);
            REQUIRE(v[to] == 7);
            v.assign(to, 5);
            for (const std::uint64_t l : v) REQUIRE(l == 5);
        }
    }
    // of(count_t) keeps all 128 bits
    REQUIRE(as_cpp(big::of(~count_t{0})) == (cpp_int(1) << 128) - 1);
}

TEST_CASE("big: multiply_add appends a digit in any base, a carry past the top limb kept", "[big]") {
    splitmix64 g{23};
    for (int round = 0; round < 300; ++round) {
        big a = random_big(g, g() % 4);
        const std::uint64_t f = round % 3 == 0 ? 2 : round % 3 == 1 ? 6 : (g() | 1), d = g() % f;
        const cpp_int expected = as_cpp(a) * f + d;
        detail::multiply_add(a, f, d);
        REQUIRE(as_cpp(a) == expected);
    }
    // every limb full: the carry out of the top, 1 for f = 2, is a limb of its own
    big full;
    full.limb.assign(2, ~std::uint64_t{0});
    detail::multiply_add(full, 2, 1);
    REQUIRE(as_cpp(full) == (cpp_int(1) << 129) - 1);
    big empty;
    detail::multiply_add(empty, 6, 5);
    REQUIRE(as_cpp(empty) == 5);
}
