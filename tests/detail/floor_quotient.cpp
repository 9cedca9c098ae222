// detail/floor_quotient.hpp: the largest number of a format at or below
// num/den·2^s, and whether an interval [lo, hi) has one floor, against the
// definitions on exact rationals (Boost's cpp_rational): the floor found by a
// search of the format's numbers in order, for a 5-bit format (every number
// and the points between) and for double (random quotients from below the
// smallest subnormal to past the largest finite number); on big integers and,
// where the values fit, on 128-bit ones.
#include <rollplan/detail/floor_quotient.hpp>

#include <boost/multiprecision/cpp_int.hpp>
#include <catch2/catch.hpp>
#include <cstdint>

#include <rollplan/engines.hpp>

using namespace rollplan;
using detail::big;
using boost::multiprecision::cpp_int;
using boost::multiprecision::cpp_rational;

namespace {

big big_of(cpp_int v) {
    big b = big::of(0);
    for (std::size_t shift = 0; v != 0; shift += 64, v >>= 64) b.add(static_cast<std::uint64_t>(v & 0xffffffffffffffffu), shift);
    return b;
}

cpp_rational power_of_two(long long e) {
    return e >= 0 ? cpp_rational(cpp_int(1) << static_cast<unsigned>(e)) : cpp_rational(cpp_int(1), cpp_int(1) << static_cast<unsigned>(-e));
}

// The value of a format's bits x >= 0, exactly.
template <class F>
cpp_rational value(std::uint64_t bits) {
    const detail::float_value v = detail::value_of<F>(bits);
    return cpp_rational(v.m) * power_of_two(v.e);
}

// The largest number of F at or below q (strict: below q), by bisection over
// the bits of the numbers >= 0 (in order), the largest finite number at or past it.
template <class F>
std::uint64_t floor_of(const cpp_rational& q, bool strict = false) {
    std::uint64_t lo = 0, hi = F::max_finite_bits;  // value(lo) <= q (strict: < q, or lo = 0)
    if (strict ? value<F>(hi) < q : value<F>(hi) <= q) return hi;
    while (hi - lo > 1) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (strict ? value<F>(mid) < q : value<F>(mid) <= q)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

template <class F>
void check(const cpp_int& num, const cpp_int& den, long long s) {
    const cpp_rational q = cpp_rational(num, den) * power_of_two(s), hi = cpp_rational(num + 1, den) * power_of_two(s);
    const big n = big_of(num), d = big_of(den);
    const detail::format_floor r = detail::floor_in_format<F>(n, d, s);
    INFO("num = " << num << ", den = " << den << ", s = " << s);
    REQUIRE(r.bits == floor_of<F>(q));
    REQUIRE(cpp_rational(r.sig) * power_of_two(r.h) == value<F>(r.bits));
    // one floor on [q, hi) exactly when the largest number below hi is q's floor
    REQUIRE(detail::one_floor<F>(n, d, s, r) == (floor_of<F>(hi, true) == r.bits || r.bits == F::max_finite_bits));
    // the same on 128-bit integers, where a draw on bits computes them (num below 2^120, den below 2^64)
    if (num < cpp_int(1) << 120 && den < cpp_int(1) << 64) {
        const count_t n128 = (count_t{static_cast<std::uint64_t>(num >> 64)} << 64) | static_cast<std::uint64_t>(num & 0xffffffffffffffffu);
        const count_t d128 = static_cast<std::uint64_t>(den);
        const detail::format_floor r128 = detail::floor_in_format<F>(n128, d128, s);
        REQUIRE(r128.bits == r.bits);
        REQUIRE(r128.sig == r.sig);
        REQUIRE(r128.h == r.h);
        REQUIRE(detail::one_floor<F>(n128, d128, s, r128) == detail::one_floor<F>(n, d, s, r));
    }
}

}  // namespace

TEST_CASE("floor_in_format: every number of a 5-bit format and the points beside it", "[floor_quotient]") {
    using F = binary_format<3, 2>;  // 0 … 14, subnormals 2^−4 apart
    for (std::uint64_t bits = 0; bits <= F::max_finite_bits; ++bits) {
        const detail::float_value v = detail::value_of<F>(bits);
        // v·2^10 exactly, a third above and below it, and v over odd denominators
        const cpp_int m = v.m;
        for (const long long shift : {0LL, 10LL}) check<F>(m << static_cast<unsigned>(shift), 1, v.e - shift);
        if (v.m > 0) check<F>(m * 3 - 1, 3, v.e);
        check<F>(m * 3 + 1, 3, v.e);
        check<F>(m * 7 + 6, 7, v.e);
        check<F>(m * 18446744073709551557ull + 5, 18446744073709551557ull, v.e);
    }
    // below the smallest subnormal, at and past the largest finite number (14, 15.99…, 16, 10^6)
    check<F>(1, 3, -4);
    check<F>(0, 5, 0);
    check<F>(14, 1, 0);
    check<F>((cpp_int(1) << 200) - 1, cpp_int(1) << 196, 0);
    check<F>(16, 1, 0);
    check<F>(1000000, 1, 0);
    // intervals [q, q + 2^s/den) across cells, narrow and wide
    for (long long num = 0; num < 300; ++num)
        for (const long long den : {1LL, 3LL, 5LL, 64LL})
            for (const long long s : {-6LL, -3LL, 0LL}) check<F>(num, den, s);
}

TEST_CASE("floor_in_format: doubles, from below the smallest subnormal past the largest finite number", "[floor_quotient]") {
    using F = format_of<double>::type;
    splitmix64 random{29};
    auto number = [&](unsigned bits) {
        cpp_int v = 0;
        for (unsigned i = 0; i < bits; i += 64) v = (v << 64) | random();
        return cpp_int(v & ((cpp_int(1) << bits) - 1));  // a value: not an expression over the local v
    };
    for (int i = 0; i < 200; ++i) {
        const cpp_int num = number(1 + static_cast<unsigned>(random() % 200)), den = number(1 + static_cast<unsigned>(random() % 130)) | 1;
        const long long s = static_cast<long long>(random() % 2400) - 1250;
        check<F>(num, den, s);
    }
    // the narrowest intervals: num·2^s just below, at and above a double (q one unit of 2^−80 off)
    for (int i = 0; i < 100; ++i) {
        const cpp_int m = number(53) | (cpp_int(1) << 52);
        const long long e = static_cast<long long>(random() % 2000) - 1000;
        for (const int offset : {-1, 0, 1}) check<F>((m << 80) + offset, 1, e - 80);
        check<F>((m << 80) - 1, 3, e - 80);
    }
    check<F>(1, 1, -1075);  // half the smallest subnormal: 0
    check<F>(3, 1, -1076);  // three quarters of it: 0
    check<F>(1, 1, -1074);
    check<F>((cpp_int(1) << 53) - 1, 1, 971);  // the largest finite number
    check<F>((cpp_int(1) << 54) - 1, 2, 971);  // just past it
    check<F>(1, 1, 1024);
}

TEST_CASE("versus_successor: a point against succ(r), -1, 0 or 1, on both integer types, past 128 bits' reach too", "[floor_quotient]") {
    splitmix64 random{31};
    auto compare = [](const cpp_int& num, const cpp_int& den, long long s, const detail::format_floor& r) {
        const cpp_rational point = cpp_rational(num, den) * power_of_two(s), next = cpp_rational(cpp_int(r.sig) + 1) * power_of_two(r.h);
        return point < next ? -1 : point == next ? 0 : 1;
    };
    auto check_both = [&](const cpp_int& num, const cpp_int& den, long long s, const detail::format_floor& r) {
        INFO("num = " << num << ", den = " << den << ", s = " << s << ", sig = " << r.sig << ", h = " << r.h);
        const int expected = compare(num, den, s, r);
        REQUIRE(detail::versus_successor(big_of(num), big_of(den), s, r) == expected);
        if (num < cpp_int(1) << 120 && den < cpp_int(1) << 64) {
            const count_t n128 = (count_t{static_cast<std::uint64_t>(num >> 64)} << 64) | static_cast<std::uint64_t>(num & 0xffffffffffffffffu);
            REQUIRE(detail::versus_successor(n128, count_t{static_cast<std::uint64_t>(den)}, s, r) == expected);
        }
    };
    // the point far below and far above succ(r): a shift of either side would pass 128 bits
    // (succ(r) = 2^52·2^100: a shift of it by 100 bits leaves 0 of 128)
    const detail::format_floor big_r{0, (std::uint64_t{1} << 52) - 1, 100}, small_r{0, 3, -200};
    check_both(1, 1, 0, big_r);
    check_both(cpp_int(1) << 119, 3, 0, small_r);
    check_both(5, 7, -300, big_r);
    // equal, one unit of the point below and above, over random r
    for (int i = 0; i < 200; ++i) {
        const detail::format_floor r{0, (random() >> 11) | (std::uint64_t{1} << 52), static_cast<long long>(random() % 200) - 100};
        const cpp_int den = cpp_int(random() | 1), scaled = (cpp_int(r.sig) + 1) * den;
        const long long shift = static_cast<long long>(random() % 40);
        for (const int offset : {-1, 0, 1}) check_both((scaled << static_cast<unsigned>(shift)) + offset, den, r.h - shift, r);
    }
}
