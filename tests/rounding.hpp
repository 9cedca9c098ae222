// Helpers for the tests of the real distributions that round an exact value
// down (exponential, normal): the value known to lie in an interval that a
// uniform's digits narrow, and the rounding's result checked, on every roll
// sequence of a small die, against exact rationals and a search of the
// format's numbers — never against rollplan's own floor code.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include <rollplan/detail/binary_format.hpp>
#include <rollplan/detail/lazy_uniform.hpp>
#include <rollplan/verify.hpp>

namespace rollplan::testing {

using boost::multiprecision::cpp_int;
using boost::multiprecision::cpp_rational;

inline cpp_rational exact(std::int64_t m, long long e) {
    return e >= 0 ? cpp_rational(cpp_int(m) << static_cast<unsigned>(e)) : cpp_rational(cpp_int(m), cpp_int(1) << static_cast<unsigned>(-e));
}

// A source of Die replaying the walk's rolls, each roll also written down.
template <class Die, class Replay>
struct recording {
    using die_type = Die;
    Replay* replay;
    std::vector<std::uint64_t>* rolls;
    std::uint64_t operator()() {
        const std::uint64_t v = (*replay)();
        rolls->push_back(v);
        return v;
    }
};

// The value of F's bits, exactly.
template <class F>
cpp_rational value_exactly(std::uint64_t bits) {
    const detail::float_value v = detail::value_of<F>(bits);
    return exact(v.m, v.e);
}

// The number of F at or below q >= 0 (strict: below q, or 0), the largest finite number at or
// past it: by bisection over the bits of F's numbers >= 0, which are in order.
template <class F>
std::uint64_t floor_by_search(const cpp_rational& q, bool strict = false) {
    auto below = [&](std::uint64_t b) { return strict ? value_exactly<F>(b) < q : value_exactly<F>(b) <= q; };
    if (below(F::max_finite_bits)) return F::max_finite_bits;
    std::uint64_t lo = 0, hi = F::max_finite_bits;  // below(lo) or lo = 0; not below(hi)
    while (hi - lo > 1) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        (below(mid) ? lo : hi) = mid;
    }
    return lo;
}

// F's finite numbers in order, −0 left out: the lowest (−max) first.
template <class F>
std::vector<std::uint64_t> numbers_in_order(bool with_negative) {
    std::vector<std::uint64_t> all;
    if (with_negative)
        for (std::uint64_t b = F::max_finite_bits; b >= 1; --b) all.push_back(F::sign_bit | b);
    for (std::uint64_t b = 0; b <= F::max_finite_bits; ++b) all.push_back(b);
    return all;
}

// The largest number of F at or below q (strict: below q), of any sign; the lowest when there
// is none (q below it), the largest at or past it. Below 0: the negative of the least number
// at or above |q| (strict: above).
template <class F>
std::uint64_t signed_floor_by_search(const cpp_rational& q, bool strict = false) {
    if (q > 0 || (q == 0 && !strict)) return floor_by_search<F>(q, strict);
    const std::uint64_t above = floor_by_search<F>(-q, !strict) + 1;  // the least at or above |q| (strict: above)
    return F::sign_bit | std::min(above, F::max_finite_bits);
}

// The rounding of a value V uniform on the interval that x's digits leave — interval(x, j) gives
// its ends after x's first j digits (in either order) — from x's digits `start` on, on every
// sequence of up to `depth` further rolls of Die:
// - each number r of F found within [found, found + unfinished] of the share of the interval
//   that rounds down to r — [r, next(r)), [max, ∞) for the largest and (−∞, next(lowest)) for
//   the lowest, when negative values are looked for — exactly;
// - each sequence read to the first digit where every point of the interval left has one floor
//   (the spec's rule, by exact rationals and a search of F's numbers), and that floor returned.
// run(digits, start) is the rounding under test; it returns F's bits.
template <class F, class Die, class Run, class Interval>
bool rounding_exact(const Run& run, const Interval& interval, const std::vector<std::uint64_t>& start, std::size_t depth,
                    bool with_negative = false, cpp_rational* unfinished_out = nullptr) {
    std::map<std::uint64_t, cpp_rational> found;
    cpp_rational unfinished = 0;
    bool as_the_rule_reads = true;
    auto weight = [](std::size_t length) { return cpp_rational(cpp_int(1), pow(cpp_int(Die::faces), static_cast<unsigned>(length))); };
    auto ends = [&](const std::vector<std::uint64_t>& x, std::size_t j) {
        std::pair<cpp_rational, cpp_rational> i = interval(x, j);
        if (i.second < i.first) std::swap(i.first, i.second);
        return i;
    };
    auto one_floor = [&](const std::pair<cpp_rational, cpp_rational>& i) {
        const std::uint64_t r = signed_floor_by_search<F>(i.first);
        return r == F::max_finite_bits || signed_floor_by_search<F>(i.second, true) == r;
    };
    detail::walk_sequences<Die>(
        [&](auto& source) {
            std::vector<std::uint64_t> rolls;
            recording<Die, std::remove_reference_t<decltype(source)>> recorder{&source, &rolls};
            detail::digit_stream<decltype(recorder)&> digits(recorder);
            const std::uint64_t bits = run(digits, start);
            return std::pair<std::uint64_t, std::vector<std::uint64_t>>(bits, rolls);
        },
        depth,
        [&](std::size_t length, const std::pair<std::uint64_t, std::vector<std::uint64_t>>& result) {
            found[result.first] += weight(length);
            std::vector<std::uint64_t> x = start;  // (a coin's rolls are its digits; a d6's too)
            x.insert(x.end(), result.second.begin(), result.second.end());
            // (a sub-interval of an interval of one floor has one floor: the digit before the last
            // is enough to show none was read past the first that decides)
            if (x.size() > start.size()) as_the_rule_reads = as_the_rule_reads && !one_floor(ends(x, x.size() - 1));
            as_the_rule_reads = as_the_rule_reads && one_floor(ends(x, x.size())) &&
                                signed_floor_by_search<F>(ends(x, x.size()).first) == result.first;
        },
        [&](std::size_t length) {
            if (length == depth) unfinished += weight(length);
        });
    if (unfinished_out != nullptr) *unfinished_out = unfinished;
    if (!as_the_rule_reads) return false;
    const auto [lo, hi] = ends(start, start.size());
    const std::vector<std::uint64_t> numbers = numbers_in_order<F>(with_negative);
    // the numbers whose cells meet [lo, hi): from lo's floor to hi's (the others' shares are 0, and
    // a value found among them is caught below: it is not listed)
    auto at_or_first = [&](std::uint64_t bits) {
        const auto it = std::find(numbers.begin(), numbers.end(), bits);
        return it == numbers.end() ? std::size_t{0} : static_cast<std::size_t>(it - numbers.begin());
    };
    const std::size_t first = at_or_first(signed_floor_by_search<F>(lo)), last = at_or_first(signed_floor_by_search<F>(hi));
    std::size_t listed = 0;
    for (std::size_t i = first; i <= last; ++i) {
        const bool lowest = with_negative && i == 0, largest = i + 1 == numbers.size();
        const cpp_rational bottom = lowest ? lo : std::max(lo, value_exactly<F>(numbers[i]));
        const cpp_rational top = largest ? hi : std::min(hi, value_exactly<F>(numbers[i + 1]));
        const cpp_rational share = top > bottom ? (top - bottom) / (hi - lo) : cpp_rational(0);
        const auto at = found.find(numbers[i]);
        listed += at != found.end();
        const cpp_rational f = at == found.end() ? cpp_rational(0) : at->second;
        if (!(f <= share && share <= f + unfinished)) return false;
    }
    return listed == found.size();  // no value outside the numbers (−0, a negative one where none is looked for, …)
}

}  // namespace rollplan::testing
