// rollplan/uniform_real.hpp: uniform_real_distribution<RealType>, a drop-in
// for std's ([rand.dist.uni.real]) whose value is exact: the largest
// representable x <= U, for U a real number uniform on [a, b). Each float or
// double x of [a, b) has probability exactly (min(succ(x), b) − max(x, a)) /
// (b − a): every double of [0, 1) down to the smallest subnormal can occur,
// and b never does (std's a + (b − a)·generate_canonical() can round up to b,
// LWG 2524, and never gives most doubles below 2^-53).
//
// The draw is detail::floor_uniform (detail/floor_uniform.hpp) on the bits of
// a and b (its pieces made once, with the parameters), with no floating-point arithmetic, so a constant expression and
// the run time give the same value on every compiler and standard library.
// Its draws below(n) come from the source as needed:
// - on a source whose K is a power of two (a coin, a d8, a 32- or 64-bit
//   engine), a power of two 2^k is the next k bits of its rolls, each roll
//   read most significant bit first and only when the bits left of the one
//   before run out, so that [0, 1) reads one 64-bit word per double except
//   with probability below 2^-10, and a coin gives k flips; any other n is
//   uniform_below(source, n), which starts from a fresh roll (the bits left
//   of a roll are dropped then);
// - on any other source (a d6, rand5()), every n is uniform_below(source, n).
// The bits left when a draw ends are dropped: each draw starts at a roll of
// its own, as every rollplan distribution does. The proofs (check_real_sampler
// on a coin and a d4) run this same code.
#pragma once

#include "detail/config.hpp"

#include <cstdint>
#include <iosfwd>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "detail/binary_format.hpp"
#include "detail/error.hpp"
#include "detail/floor_uniform.hpp"
#include "detail/std_surface.hpp"
#include "die.hpp"
#include "sample.hpp"

namespace rollplan {

namespace detail {

// below(n) for floor_uniform, from a source S (see the top of this file).
template <class S>
class real_digits {
public:
    constexpr explicit real_digits(S& s) : s_(s) {}

private:
    using die = typename std::remove_cvref_t<S>::die_type;
    static constexpr count_t faces = die::faces;
    static constexpr int roll_bits = [] {  // ⌊log2 K⌋
        int w = 0;
        for (count_t k = faces; k > 1; k >>= 1) ++w;
        return w;
    }();

public:
    // The bits of a roll where K is a power of two (floor_uniform takes spare
    // bits with a draw of [a, b)'s pieces on 32- and 64-bit words), else 0.
    static constexpr int word_bits = (faces & (faces - 1)) == 0 ? roll_bits : 0;

    // below(2^k), 0 <= k < 64: the same value, without the test of n.
    [[gnu::always_inline]] constexpr std::uint64_t power_of_two(int k) {
        if constexpr ((faces & (faces - 1)) == 0) {
            return bits(k);
        } else {
            if (k == 0) return 0;
            return uniform_below(s_, std::uint64_t{1} << k);
        }
    }

    [[gnu::always_inline]] constexpr std::uint64_t operator()(std::uint64_t n) {
        if constexpr ((faces & (faces - 1)) == 0) {
            if ((n & (n - 1)) == 0) return bits(__builtin_ctzll(n));  // n >= 1: n = 2^k, k <= 55 here (k = 0: 0)
            left_ = 0;  // uniform_below reads rolls of its own
        }
        return uniform_below(s_, n);  // (n = 1: 0, and no roll)
    }

private:
    static constexpr std::uint64_t low_bits(int k) { return (std::uint64_t{1} << k) - 1; }  // k < 64

    // The next k bits (0 <= k < 64), the first the most significant; a roll
    // has roll_bits = log2 K bits.
    [[gnu::always_inline]] constexpr std::uint64_t bits(int k) {
        if (k <= left_) {  // within the roll read last (k = 0 included: 0)
            left_ -= k;
            return (word_ >> left_) & low_bits(k);
        }
        std::uint64_t v = word_ & low_bits(left_);  // the bits left (left_ < k < 64), then fresh rolls
        k -= left_;
        if constexpr (roll_bits < 64)
            for (; k > roll_bits; k -= roll_bits) v = (v << roll_bits) | checked_digit<die>(s_());  // roll_bits < k < 64
        word_ = checked_digit<die>(s_());
        left_ = roll_bits - k;
        return (v << k) | (word_ >> left_);  // 1 <= k <= roll_bits: word_'s top k bits
    }

    S& s_;
    std::uint64_t word_ = 0;
    int left_ = 0;  // the unread bits of word_ (a roll): its left_ lowest
};

// A bound of uniform_real_distribution refused, with its value at run time
// (a constant expression stops at the throw, which the compiler shows with
// the text).
template <class Real>
constexpr void refuse_real_bound(const char* text, const char* name, Real value) {
    if (std::is_constant_evaluated()) fail<std::invalid_argument>(text);
    fail_value(text, name, value);
}
template <class Real>
constexpr void refuse_real_bounds(const char* text, Real a, Real b) {
    if (std::is_constant_evaluated()) fail<std::invalid_argument>(text);
    fail_value(text, "a = " + shown_number(a) + ", b", b);
}

}  // namespace detail

// Real numbers uniform on [a, b), each float or double given its exact share
// (the top of this file). RealType is float or double (IEEE 754 binary32 or
// binary64); a and b finite, a <= b; a = b gives a.
template <class RealType = double>
class uniform_real_distribution : public detail::std_surface<uniform_real_distribution<RealType>> {
    static_assert(detail::is_binary_real<RealType>,
                  "rollplan: uniform_real_distribution<RealType> takes float or double (IEEE 754 binary32 or "
                  "binary64): each value's share is exact only in a format rollplan can list");
    using format = detail::checked_format_t<RealType>;

public:
    using result_type = RealType;

    class param_type {
    public:
        using distribution_type = uniform_real_distribution;
        constexpr param_type() : param_type(RealType{0}) {}
        constexpr explicit param_type(RealType a, RealType b = RealType{1}) : a_(a), b_(b) {
            if constexpr (detail::is_binary_real<RealType>) {  // (else refused above)
                if (!finite(a)) detail::refuse_real_bound("rollplan: uniform_real_distribution needs a finite bound a", "a", a);
                if (!finite(b)) detail::refuse_real_bound("rollplan: uniform_real_distribution needs a finite bound b", "b", b);
                if (a > b) detail::refuse_real_bounds("rollplan: uniform_real_distribution needs a <= b", a, b);
                if (a < b) floor_ = detail::floor_uniform_draw<format>(detail::bits_of_real(a), detail::bits_of_real(b));
            }
        }
        // not NaN and not an infinity
        static constexpr bool finite(RealType x) {
            if constexpr (detail::is_binary_real<RealType>)
                return detail::is_finite_bits<format>(detail::bits_of_real(x));
            else
                return false;
        }
        constexpr RealType a() const { return a_; }
        constexpr RealType b() const { return b_; }
        // as std: the bounds compared as numbers (−0 and +0 give the same values)
        friend constexpr bool operator==(const param_type& x, const param_type& y) { return x.a_ == y.a_ && x.b_ == y.b_; }

    private:
        friend uniform_real_distribution;
        RealType a_, b_;
        detail::floor_uniform_draw<format> floor_;  // [a, b) cut into pieces, once (a < b)
    };

    constexpr uniform_real_distribution() : uniform_real_distribution(RealType{0}) {}
    constexpr explicit uniform_real_distribution(RealType a, RealType b = RealType{1}) : param_(a, b) {}
    constexpr explicit uniform_real_distribution(const param_type& p) : param_(p) {}

    constexpr RealType a() const { return param_.a(); }
    constexpr RealType b() const { return param_.b(); }
    constexpr const param_type& param() const { return param_; }
    constexpr void param(const param_type& p) { param_ = p; }
    // As std: the greatest lower and least upper bounds of the values, a and b.
    constexpr result_type min() const { return a(); }
    constexpr result_type max() const { return b(); }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<uniform_real_distribution>::operator();

private:
    friend detail::std_surface<uniform_real_distribution>;

    template <class G>
    [[gnu::always_inline]] constexpr result_type draw(G&& g, const param_type& p) const {
        if constexpr (!detail::is_binary_real<RealType>) {
            return p.a();  // refused above
        } else {
            if (!(p.a() < p.b())) return p.a();  // a = b: no roll
            decltype(auto) s = as_source(std::forward<G>(g));
            detail::real_digits<std::remove_reference_t<decltype(s)>> below(s);
            return detail::real_of_bits<RealType>(p.floor_.draw(below));
        }
    }

    // "a b", each with the digits that read back its exact value (max_digits10),
    // in the stream's locale; reading other text, or bounds it refuses, sets
    // failbit and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        const auto precision = os.precision(std::numeric_limits<RealType>::max_digits10);
        os << a() << os.widen(' ') << b();
        os.precision(precision);
    }
    template <class Stream>
    void read(Stream& is) {
        RealType a{}, b{};
        if (!(is >> a >> b)) return;
        if (!(param_type::finite(a) && param_type::finite(b) && a <= b)) {
            is.setstate(is.failbit);
            return;
        }
        param_ = param_type(a, b);
    }

    param_type param_;
};

}  // namespace rollplan
