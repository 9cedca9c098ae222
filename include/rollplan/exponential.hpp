// rollplan/exponential.hpp: exponential_distribution<RealType>, a drop-in for
// std's ([rand.dist.pois.exp]) whose value is exact: the largest float or
// double at or below X = E/λ, for E a real number of density e^−E on [0, ∞)
// and λ the exact value of the rate given — as uniform_real_distribution
// rounds a uniform. Each representable x >= 0 comes out with probability
// exactly e^−λx − e^−λ·succ(x), the largest finite number with e^−λ·max
// (no value is infinite); std's −log(1 − U)/λ in doubles gives other
// probabilities, and different values from one standard library to another.
//
// E is von Neumann's exponential (detail/von_neumann.hpp): k + x, k an
// integer and x a uniform of which only the digits an attempt compared are
// read. X then lies in [k + u, k + u + B^−j)/λ for x's j digits u·B^j; the
// draw reads x's next digit until every point of that interval has the same
// floor in the format (detail/floor_quotient.hpp), and returns it. Before the
// first test it reads, without testing, the digits that leave the interval
// wider than the widest cell in it (the test is then false: such an interval
// holds a number of the format past its lower end's floor): the same digits,
// fewer divisions.
// No floating-point arithmetic: the same values on every compiler, standard
// library and CPU. docs/spec.md, section 4, says which values each draw gives.
#pragma once

#include "detail/config.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "detail/big.hpp"
#include "detail/binary_format.hpp"
#include "detail/error.hpp"
#include "detail/floor_quotient.hpp"
#include "detail/lazy_uniform.hpp"
#include "detail/probability.hpp"
#include "detail/std_surface.hpp"
#include "detail/von_neumann.hpp"
#include "die.hpp"

namespace rollplan {

namespace detail {

// λ = m·2^e > 0 (m odd).
struct exponential_rate {
    std::uint64_t m = 1;
    int e = 0;
};

// The rounding on X in [num, num + 1)/den·2^s, x's digits appended to num
// (B = 2: s decreases; else den = m·B^j grows): true with the floor's bits,
// or false where Int is count_t and num would pass 2^120 (the caller goes on
// with big integers from the same state: no digit is lost; a draw meets it
// with probability about 2^−60).
// One more digit of x in [num, num + 1)/den·2^s, base B: num = num·B + digit;
// then s − 1 for B = 2, den·B otherwise (count_t is used for B = 2 only).
template <class Int>
void append_digit(Int& num, Int& den, long long& s, std::uint64_t base, std::uint64_t digit) {
    if constexpr (std::is_same_v<Int, big>) {
        multiply_add(num, base, digit);
        if (base != 2) {
            multiply_add(den, base, 0);
            return;
        }
    } else {
        num = num << 1 | digit;
    }
    --s;
}

template <class F, class Int, class Stream>
bool round_down(Stream& digits, Int& num, Int& den, long long& s, std::uint64_t& bits) {
    constexpr bool narrow = !std::is_same_v<Int, big>;
    auto append = [&](std::uint64_t digit) { append_digit(num, den, s, static_cast<std::uint64_t>(Stream::base), digit); };
    {  // digits read with no test while the interval is wider than 2^h, h the quantum at its top (top's
       // exponent at most length(num + 1) − length(den) + s, so h at most that less M): 2^s/den > 2^h
        const long long top = static_cast<long long>(length_of(plus_one(num))) - static_cast<long long>(length_of(den)) + s;
        const long long h = top - F::significand_bits > F::min_quantum ? top - F::significand_bits : F::min_quantum;
        if (top < F::max_exponent) {  // (else the interval may reach the largest finite number, whose test is true)
            if constexpr (Stream::of_bits) {
                // (B = 2: den fixed) n digits at once, n the count that leaves length(den) > s − h;
                // n <= M + 1 − length(num + 1) <= M < 64, as h >= top − M
                const long long n = s - h - static_cast<long long>(length_of(den)) + 1;
                if (n > 0) {
                    if (narrow && static_cast<long long>(length_of(num)) + n > 120) return false;
                    const std::uint64_t v = digits.take(static_cast<int>(n));
                    if constexpr (narrow) {
                        num = shifted(num, static_cast<std::size_t>(n)) | v;
                    } else {
                        num = shifted(num, static_cast<std::size_t>(n));
                        num.add(v, 0);
                    }
                    s -= n;
                }
            } else {
                while (static_cast<long long>(length_of(den)) <= s - h) append(digits.next());
            }
        }
    }
    // the test after each digit; r, the floor of the lower end, kept while the lower end stays
    // below succ(r) (a digit 0 keeps the lower end)
    format_floor r = floor_in_format<F>(num, den, s);
    for (;;) {
        if (one_floor<F>(num, den, s, r)) {
            bits = r.bits;
            return true;
        }
        if (narrow && length_of(num) >= 120) return false;
        const std::uint64_t digit = digits.next();
        append(digit);
        if (digit != 0 && versus_successor(num, den, s, r) >= 0) r = floor_in_format<F>(num, den, s);
    }
}

// The bits of the largest number of F at or below (k + x)/λ, x's digits read
// as the rounding needs them past those e holds.
template <class F, class Stream>
std::uint64_t exponential_floor(Stream& digits, const exponential_rate& rate, const exponential_value& e) {
    // X in [num, num + 1)/den·2^s: num = k·B^j + u, den = m·B^j (B = 2: den = m, s = −e − j)
    const auto base = static_cast<std::uint64_t>(Stream::base);
    long long s = -static_cast<long long>(rate.e);
    std::uint64_t bits = 0;
    if constexpr (Stream::of_bits) {  // on 128-bit integers while num is below 2^120
        if (e.k < (std::uint64_t{1} << 56) && e.x.size() <= 60) {
            count_t num = e.k, den = rate.m;
            for (std::size_t i = 0; i < e.x.size(); ++i) append_digit(num, den, s, base, e.x[i]);
            if (round_down<F>(digits, num, den, s, bits)) return bits;
            big wide_num = big::of(num), wide_den = big::of(den);
            round_down<F>(digits, wide_num, wide_den, s, bits);
            return bits;
        }
    }
    big num = big::of(e.k), den = big::of(rate.m);
    for (std::size_t i = 0; i < e.x.size(); ++i) append_digit(num, den, s, base, e.x[i]);
    round_down<F>(digits, num, den, s, bits);
    return bits;
}
// The bits of the largest number of F at or below E/λ, E von Neumann's
// exponential drawn from the digit stream.
template <class F, class Stream>
std::uint64_t exponential_floor(Stream& digits, const exponential_rate& rate) {
    return exponential_floor<F>(digits, rate, von_neumann_exponential(digits));
}

}  // namespace detail

// E/λ rounded down to a float or double (IEEE 754 binary32 or binary64, the
// RealType), E of density e^−E: each value with its exact probability (the
// top of this file). λ > 0 and finite.
template <class RealType = double>
class exponential_distribution : public detail::std_surface<exponential_distribution<RealType>> {
    static_assert(detail::is_binary_real<RealType>,
                  "rollplan: exponential_distribution<RealType> takes float or double (IEEE 754 binary32 or "
                  "binary64): each value's share is exact only in a format rollplan can list");
    using format = detail::checked_format_t<RealType>;

public:
    using result_type = RealType;

    class param_type {
    public:
        using distribution_type = exponential_distribution;
        param_type() : param_type(RealType{1}) {}
        explicit param_type(RealType lambda) : lambda_(lambda) {
            if (!valid(lambda)) detail::fail_value("rollplan: exponential_distribution needs lambda > 0 and finite", "lambda", lambda);
            const detail::binary_value v = detail::exact_binary(static_cast<double>(lambda));  // float to double is exact
            rate_ = {v.mantissa, v.exponent};
        }
        static bool valid(RealType lambda) { return lambda > 0 && lambda <= std::numeric_limits<RealType>::max(); }
        RealType lambda() const { return lambda_; }
        friend bool operator==(const param_type& x, const param_type& y) { return x.lambda_ == y.lambda_; }

    private:
        friend exponential_distribution;
        RealType lambda_;
        detail::exponential_rate rate_;
    };

    exponential_distribution() : exponential_distribution(RealType{1}) {}
    explicit exponential_distribution(RealType lambda) : param_(lambda) {}
    explicit exponential_distribution(const param_type& p) : param_(p) {}

    RealType lambda() const { return param_.lambda(); }
    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    // As std: the greatest lower and least upper bounds of the values (no value is infinite).
    result_type min() const { return RealType{0}; }
    result_type max() const { return std::numeric_limits<RealType>::max(); }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<exponential_distribution>::operator();

private:
    friend detail::std_surface<exponential_distribution>;

    template <class G>
    result_type draw(G&& g, const param_type& p) const {
        decltype(auto) s = as_source(std::forward<G>(g));
        static_assert(die_source<decltype(s)>,
                      "rollplan: exponential_distribution reads one die's digits: draw it from an engine or a source of "
                      "one die (from_faces, from_values), not a dice_set");
        detail::digit_stream<decltype(s)> digits(s);
        return detail::real_of_bits<RealType>(detail::exponential_floor<format>(digits, p.rate_));
    }

    // λ as a double of 17 digits, '.' its point whatever the locale (as
    // bernoulli_exp_distribution writes x): the text reads back the exact value,
    // subnormal ones too (libc++'s num_get refuses those); reading other text,
    // or a λ it refuses, sets failbit and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_text(os, detail::double_text(static_cast<double>(lambda())));
    }
    template <class Stream>
    void read(Stream& is) {
        std::string text;
        double value = 0;
        if (!detail::read_word(is, text)) return;
        // (a float's text is its exact value: the double read is that float)
        if (!detail::read_double(text, value) || !(value <= std::numeric_limits<RealType>::max()) ||
            !param_type::valid(static_cast<RealType>(value))) {
            is.setstate(is.failbit);
            return;
        }
        param_ = param_type(static_cast<RealType>(value));
    }

    param_type param_;
};

}  // namespace rollplan
