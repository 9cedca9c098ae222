// rollplan/discrete.hpp: rollplan::discrete_distribution and
// rollplan::bernoulli_distribution, drop-ins for std's that sample the
// weights given exactly.
//
// std::discrete_distribution rounds every weight to a double, normalises and
// draws one double: 1/3 cannot be hit. Here a weight is exactly what was
// given: an integer, or a double's exact binary value m·2^e (a common
// exponent turns them all into integers; what does not fit in 64 bits at a
// common scale is refused, naming the weight, never rounded).
// - discrete_distribution<T, W...> (weights at compile time): the loaded plan
//   loaded_plan_t<loaded<W...>, D> for the die D of the engine it is called
//   with, proven and compiled for it (as uniform_int_distribution<T, A, B>).
// - discrete_distribution<T> (weights at run time, as std's): an exact alias
//   table in integers (Walker's method, Vose's construction): the weights
//   scaled so that n columns hold C = W/gcd(n, W) each, one value u uniform
//   on [0, n·C) by the default plan, column ⌊u/C⌋ and threshold u mod C.
// - bernoulli_distribution: true with probability p, a double's exact value
//   (or a rational a/b): the first bits of a uniform value compared with p's.
// docs/spec.md, section 4, says which values each draw gives.
#pragma once

#include "detail/config.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <iosfwd>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "detail/decimal_stream.hpp"
#include "die.hpp"
#include "distribution.hpp"
#include "detail/integer.hpp"
#include "planner.hpp"
#include "rational.hpp"
#include "sample.hpp"

namespace rollplan {

namespace detail {

// A refused value, named ("weight 2 = -0.5", "p = 1.5").
template <class Value>
[[noreturn]] inline void fail_value(const char* text, const std::string& name, Value value) {
    char shown[64];
    if constexpr (std::is_floating_point_v<Value>)
        std::snprintf(shown, sizeof shown, "%.17g", static_cast<double>(value));
    else if constexpr (std::is_signed_v<Value>)
        std::snprintf(shown, sizeof shown, "%lld", static_cast<long long>(value));
    else
        std::snprintf(shown, sizeof shown, "%llu", static_cast<unsigned long long>(value));
    const std::string message = std::string(text) + " (" + name + " = " + shown + ")";
#if ROLLPLAN_EXCEPTIONS
    throw std::invalid_argument(message);
#else
    ROLLPLAN_ERROR_HANDLER(message.c_str());
#endif
}
template <class Value>
[[noreturn]] inline void fail_weight(const char* text, std::size_t index, Value value) {
    fail_value(text, "weight " + std::to_string(index), value);
}

// A finite double >= 0 exactly, as mantissa·2^exponent (mantissa odd, or 0).
struct binary_value {
    std::uint64_t mantissa;
    int exponent;
};
constexpr binary_value exact_binary(double w) {
    // GCC's and Clang's builtins for std::bit_cast and std::countr_zero: <bit> costs every
    // translation unit that includes rollplan.hpp about 0.5% more compile time
    const auto bits = __builtin_bit_cast(std::uint64_t, w);
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    std::uint64_t mantissa = bits & ((std::uint64_t{1} << 52) - 1);
    int exponent = -1074;
    if (biased != 0) {
        mantissa |= std::uint64_t{1} << 52;
        exponent = biased - 1075;
    }
    if (mantissa == 0) return {0, 0};
    const int zeros = __builtin_ctzll(mantissa);  // mantissa != 0
    return {mantissa >> zeros, exponent + zeros};
}

// The weights as integers, exactly, with their total in [1, 2^64].
struct exact_weights {
    using index_type = std::uint32_t;  // the alias table's (fewer than 2^32 weights)
    std::vector<std::uint64_t> values;
    count_t total = 0;
};

// Integers as they are; doubles at their common scale: times 2^−e for the
// least exponent e of their exact values m·2^e when it is negative, so that
// whole numbers stay the integers they are.
template <class It>
exact_weights weights_from(It first, It last) {
    using value = typename std::iterator_traits<It>::value_type;
    static_assert(std::is_arithmetic_v<value> && !std::is_same_v<value, bool>,
                  "rollplan: discrete_distribution needs weights that are numbers (integers or floating point)");
    exact_weights w;
    if constexpr (std::is_integral_v<value>) {
        std::size_t i = 0;
        for (; first != last; ++first, ++i) {
            const value v = *first;
            if (v < value{0}) fail_weight("rollplan: discrete_distribution: a weight is negative", i, v);
            if (static_cast<count_t>(v) > std::numeric_limits<std::uint64_t>::max())
                fail_weight("rollplan: discrete_distribution: a weight needs more than 64 bits", i, v);
            w.values.push_back(static_cast<std::uint64_t>(v));
        }
    } else {
        std::vector<binary_value> parts;
        std::vector<double> given;
        int least = std::numeric_limits<int>::max();
        std::size_t i = 0;
        for (; first != last; ++first, ++i) {
            const double v = static_cast<double>(*first);
            const bool finite = ((__builtin_bit_cast(std::uint64_t, v) >> 52) & 0x7ff) != 0x7ff;
            if (v != v) fail_weight("rollplan: discrete_distribution: a weight is not a number (NaN)", i, v);
            if (!finite) fail_weight("rollplan: discrete_distribution: a weight is infinite", i, v);
            if (static_cast<value>(v) != *first)
                fail_weight("rollplan: discrete_distribution: a weight is not exactly a double", i, v);
            if (v < 0) fail_weight("rollplan: discrete_distribution: a weight is negative", i, v);
            given.push_back(v);
            parts.push_back(exact_binary(v));
            if (parts.back().mantissa != 0 && parts.back().exponent < least) least = parts.back().exponent;
        }
        if (least > 0) least = 0;  // whole numbers stay the integers they are
        for (std::size_t j = 0; j < parts.size(); ++j) {
            const binary_value p = parts[j];
            const int shift = p.mantissa == 0 ? 0 : p.exponent - least;
            if (p.mantissa != 0 && (shift >= 64 || (p.mantissa >> (63 - shift)) > 1))
                fail_weight("rollplan: discrete_distribution: the weights' exact binary values need more than 64 bits "
                            "at a common scale (this weight against the smallest positive one)",
                            j, given[j]);
            w.values.push_back(p.mantissa << shift);
        }
    }
    for (std::size_t i = 0; i < w.values.size(); ++i) {
        w.total += w.values[i];
        if (w.total > two_to_64)
            fail_weight("rollplan: discrete_distribution: the weights add up to more than 2^64 (at this weight)", i,
                        w.values[i]);
    }
    if (w.values.empty()) fail<std::invalid_argument>("rollplan: discrete_distribution needs at least one weight");
    if (w.total == 0)
        fail<std::invalid_argument>("rollplan: discrete_distribution: every weight is zero", "weights", w.values.size());
    if (static_cast<std::uint64_t>(w.values.size()) >= (std::uint64_t{1} << 32))  // a 32-bit size_t never is
        fail<std::invalid_argument>("rollplan: discrete_distribution holds fewer than 2^32 weights", "weights", w.values.size());
    return w;
}

// The exact alias table (Walker 1977; Vose 1991's construction, in integers):
// weight i scaled to s_i = W_i·n/g (g = gcd(n, W)), n columns of capacity
// C = W/g, Σ s_i = n·C. Column j keeps the thresholds below keep[j] for
// outcome j and gives the rest, C − keep[j], to alias[j].
// Invariant: the construction moves exactly s_l of a column's C to l and
// C − s_l from the outcome h it takes them from, so outcome i owns exactly s_i
// of the n·C slots (column j, threshold r): a uniform slot gives i with
// probability s_i / (n·C) = W_i / W.
// Templates on the index type only so that a translation unit that makes no
// table compiles none of it (Clang instantiates what a non-dependent body uses).
template <class Index = std::uint32_t>
struct alias_column {
    std::uint64_t keep;
    Index alias;
};
template <class Index = std::uint32_t>
struct alias_table {
    std::vector<alias_column<Index>> column;  // keep and alias side by side: one cache line per draw
    count_t columns = 0;   // n
    count_t capacity = 0;  // C, at most 2^64
    count_t slots = 0;     // n·C
    std::size_t certain = 0;  // the one outcome of positive weight, or n when there are several
    // What a draw reads, computed once: n and C in 64 bits (C when the slots fit in 2^64; then
    // C < 2^63, as n >= 2), whether the slots fit in 2^32 and in 2^64, and L mod n·C for those
    // words L (the threshold of Lemire's map)
    std::uint64_t columns_64 = 0, capacity_64 = 0;
    bool fits_32 = false, fits_64 = false;
    std::uint64_t low_bound_32 = 0, low_bound_64 = 0;

    // The outcome of slot (column j, threshold r < C); j < n, a size_t (also where size_t has 32 bits).
    constexpr std::size_t outcome(std::uint64_t j, count_t threshold) const {
        const auto index = static_cast<std::size_t>(j);
        const alias_column<Index>& c = column[index];
        return threshold < c.keep ? index : c.alias;
    }
};

// A template, so that a translation unit that makes no table does not compile it.
template <class Weights>
alias_table<typename Weights::index_type> make_alias_table(const Weights& w) {
    alias_table<typename Weights::index_type> t;
    const std::size_t n = w.values.size();
    t.columns = n;
    t.certain = n;
    for (std::size_t i = 0; i < n; ++i)
        if (w.values[i] == w.total) t.certain = i;
    const count_t g = gcd(count_t{n}, w.total);
    t.capacity = w.total / g;
    const count_t per_weight = count_t{n} / g;
    std::vector<count_t> scaled(n);
    std::vector<std::uint32_t> small, large;
    t.column.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        scaled[i] = count_t{w.values[i]} * per_weight;
        t.column[i] = {0, static_cast<std::uint32_t>(i)};
        if (scaled[i] < t.capacity)
            small.push_back(static_cast<std::uint32_t>(i));
        else if (scaled[i] > t.capacity)
            large.push_back(static_cast<std::uint32_t>(i));
        else
            t.column[i].keep = ~std::uint64_t{0};  // a full column: every threshold is below it
    }
    // Σ over both lists is C times their size, so they empty together
    while (!small.empty() && !large.empty()) {
        const std::uint32_t l = small.back(), h = large.back();
        small.pop_back();
        t.column[l] = {static_cast<std::uint64_t>(scaled[l]), h};
        scaled[h] -= t.capacity - scaled[l];
        if (scaled[h] <= t.capacity) {
            large.pop_back();
            if (scaled[h] < t.capacity)
                small.push_back(h);
            else
                t.column[h].keep = ~std::uint64_t{0};
        }
    }
    if (!small.empty() || !large.empty()) fail<std::logic_error>("rollplan: the alias table does not balance");
    t.slots = t.columns * t.capacity;
    t.columns_64 = static_cast<std::uint64_t>(n);
    t.fits_32 = t.slots <= (count_t{1} << 32);
    t.fits_64 = t.slots <= two_to_64;
    if (t.fits_64 && n >= 2) t.capacity_64 = static_cast<std::uint64_t>(t.capacity);
    if (t.fits_32) t.low_bound_32 = static_cast<std::uint64_t>((count_t{1} << 32) % t.slots);
    if (t.fits_64) t.low_bound_64 = static_cast<std::uint64_t>(two_to_64 % t.slots);
    return t;
}

// One slot of the table, uniform on [0, n·C): the value u of the default
// plan for n·C values (uniform_count), as (⌊u/C⌋, u mod C). Where that plan
// is Lemire's map scale<D, n·C> on L = K^j values (one word, or two 32-bit
// words), it is computed as two multiplications instead of one and a
// division: v·n = j·L + l1 and l1·C = r·L + l2 give v·n·C = (j·C + r)·L + l2,
// so j and r are ⌊u/C⌋ and u mod C of u = ⌊v·n·C/L⌋, and l2 = v·n·C mod L
// decides acceptance as scale does (l2 >= L mod n·C, computed once with the
// table). From 2^64 slots on (past what one plan draws, or exactly 2^64 on
// a source that is not a 2^32- or 2^64-faced word): the column by the
// default plan on n, then the threshold by the plan on C.
struct slot {
    std::uint64_t column;
    count_t threshold;
};
// The slots that no single word's map draws: by uniform_count on n·C below
// 2^64, else column and threshold apart. Out of line: rare on engine words.
template <class S, class Table>
[[gnu::noinline]] constexpr slot uniform_slot_otherwise(S& s, const Table& t) {
    const count_t c = t.capacity;
    if (t.slots < two_to_64) {  // then u and C are below 2^64: 64-bit division
        const std::uint64_t u = uniform_count(s, static_cast<std::uint64_t>(t.slots), whole_range_plan{});
        const auto cap = static_cast<std::uint64_t>(c);
        return {u / cap, count_t{u % cap}};
    }
    const std::uint64_t column = uniform_count(s, t.columns_64, whole_range_plan{});
    const count_t threshold = c == two_to_64 ? count_t{whole_range_plan{}(s)}
                                              : count_t{uniform_count(s, static_cast<std::uint64_t>(c), whole_range_plan{})};
    return {column, threshold};
}
template <class S, class Table>
[[gnu::always_inline]] constexpr slot uniform_slot(S& s, const Table& t) {
    using source_die = typename std::remove_cvref_t<S>::die_type;
    constexpr count_t K = source_die::faces;
    if constexpr (is_engine_word(K)) {
        digits_of<source_handle<S&>> roll{s};
        const std::uint64_t m = t.columns_64, cap = t.capacity_64;
        if constexpr (K == (count_t{1} << 32)) {
            if (t.fits_32) {  // one word, in 64-bit products
                const std::uint64_t bound = t.low_bound_32;
                for (;;) {
                    const std::uint64_t first = roll() * m, second = (first & 0xffffffffu) * cap;
                    if ((second & 0xffffffffu) >= bound) return {first >> 32, count_t{second >> 32}};
                }
            }
            if (t.fits_64) {  // two words, the first the high half
                const std::uint64_t bound = t.low_bound_64;
                for (;;) {
                    const std::uint64_t high = roll(), v = high << 32 | roll();
                    const count_t first = count_t{v} * m, second = count_t{static_cast<std::uint64_t>(first)} * cap;
                    if (static_cast<std::uint64_t>(second) >= bound) return {static_cast<std::uint64_t>(first >> 64), second >> 64};
                }
            }
        } else if constexpr (K == two_to_64) {
            if (t.fits_64) [[likely]] {
                const std::uint64_t bound = t.low_bound_64;
                for (;;) {
                    const count_t first = count_t{roll()} * m, second = count_t{static_cast<std::uint64_t>(first)} * cap;
                    if (static_cast<std::uint64_t>(second) >= bound) return {static_cast<std::uint64_t>(first >> 64), second >> 64};
                }
            }
        } else {
            if (t.slots <= K) {  // one word of another power of two: L = K
                const count_t bound = K % t.slots;
                for (;;) {
                    const count_t first = count_t{roll()} * m, second = (first % K) * cap;
                    if (second % K >= bound) return {static_cast<std::uint64_t>(first / K), second / K};
                }
            }
        }
    }
    return uniform_slot_otherwise(s, t);
}

}  // namespace detail

// Outcome i (0 … n − 1) with probability w_i / Σw, like
// std::discrete_distribution, exactly. W..., when given, are the weights at
// compile time (see above).
template <class T = int, auto... W>
class discrete_distribution {
    static_assert(detail::is_result_type<T>, "rollplan: discrete_distribution<T, W...> needs an integer type T");
    using target = loaded<W...>;
    static_assert(target::size == sizeof...(W));  // the weights' checks, at the distribution
    static_assert(sizeof...(W) - 1 <= static_cast<std::make_unsigned_t<T>>(std::numeric_limits<T>::max()),
                  "rollplan: discrete_distribution<T, W...>: the outcomes 0 to n - 1 do not fit in T");

public:
    using result_type = T;

    // The plan this distribution runs on an engine or source G.
    template <class G>
    using plan_for = loaded_plan_t<target, typename detail::die_of_source<G>::type>;

    struct param_type {
        using distribution_type = discrete_distribution;
        std::vector<double> probabilities() const { return discrete_distribution{}.probabilities(); }
        friend constexpr bool operator==(const param_type&, const param_type&) = default;
    };

    constexpr discrete_distribution() = default;
    constexpr explicit discrete_distribution(const param_type&) {}

    constexpr void reset() {}
    constexpr param_type param() const { return {}; }
    constexpr void param(const param_type&) {}
    constexpr result_type min() const { return 0; }
    constexpr result_type max() const { return static_cast<T>(sizeof...(W) - 1); }
    // The weights' running sums c_1, …, c_n = W (entropy_pool::draw(d)).
    constexpr detail::loaded_view cut_view() const {
        return {detail::cumulative_weights<static_cast<count_t>(W)...>.data(), sizeof...(W),
                detail::certain_outcome(sizeof...(W), target::total, [](std::size_t i) { return target::weights[i]; })};
    }
    // W_i / W, each rounded to a double (what std's returns; the draws are exact).
    std::vector<double> probabilities() const {
        return {static_cast<double>(static_cast<count_t>(W)) / static_cast<double>(target::total)...};
    }

    template <class G>
    constexpr result_type operator()(G&& g) const {
        static_assert(detail::distribution_source<G>,
                      "rollplan: discrete_distribution needs a uniform random bit generator (like std::mt19937) "
                      "or a rollplan source (from_faces, from_values)");
        if constexpr (detail::distribution_source<G>)
            return static_cast<T>(sample<plan_for<G>>(std::forward<G>(g)));
        else
            return 0;
    }
    template <class G>
    constexpr result_type operator()(G&& g, const param_type&) const {
        return (*this)(std::forward<G>(g));
    }
    // C++26's std::ranges::generate_random(r, g, d): d(g) for each element, in order.
    template <class R, class G>
    constexpr void generate_random(R&& r, G&& g) const {
        detail::draw_each(r, *this, g);
    }

    friend constexpr bool operator==(const discrete_distribution&, const discrete_distribution&) = default;

    // "n w0 … wn−1", the integer weights; >> sets failbit on other weights.
    template <class CharT, class Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const discrete_distribution&) {
        const detail::decimal_stream<std::basic_ostream<CharT, Traits>> decimal(os);
        os << sizeof...(W);
        ((os << os.widen(' ') << static_cast<std::uint64_t>(W)), ...);
        return os;
    }
    template <class CharT, class Traits>
    friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, discrete_distribution&) {
        const detail::decimal_stream<std::basic_istream<CharT, Traits>> decimal(is);
        std::size_t n = 0;
        if (!detail::read_integer(is, n)) return is;
        if (n != sizeof...(W)) {
            is.setstate(is.failbit);
            return is;
        }
        for (const std::uint64_t expected : {static_cast<std::uint64_t>(W)...}) {
            std::uint64_t w = 0;
            if (!detail::read_integer(is, w)) return is;
            if (w != expected) is.setstate(is.failbit);
        }
        return is;
    }
};

// Weights at run time: discrete_distribution<int> d({3, 2, 1}), as std's.
template <class T>
class discrete_distribution<T> {
    static_assert(detail::is_result_type<T>, "rollplan: discrete_distribution<T> needs an integer type T");

public:
    using result_type = T;

    // The weights, exactly, and the alias table made from them once.
    class param_type {
    public:
        using distribution_type = discrete_distribution;
        param_type() : param_type({1.0}) {}
        template <class It>
        param_type(It first, It last) : param_type(detail::weights_from(first, last)) {}
        param_type(std::initializer_list<double> weights) : param_type(weights.begin(), weights.end()) {}
        template <class UnaryOperation>
        param_type(std::size_t count, double xmin, double xmax, UnaryOperation fw) : param_type(sampled(count, xmin, xmax, fw)) {}

        // W_i / W, each rounded to a double.
        std::vector<double> probabilities() const {
            std::vector<double> p;
            for (std::uint64_t w : weights()) p.push_back(static_cast<double>(w) / static_cast<double>(total_weight()));
            return p;
        }
        // The weights as integers (a double's exact value at the common scale), and their sum.
        std::vector<std::uint64_t> weights() const {
            std::vector<std::uint64_t> w;
            for (std::size_t i = 0; i < ends_.size(); ++i) w.push_back(static_cast<std::uint64_t>(ends_[i] - (i ? ends_[i - 1] : 0)));
            return w;
        }
        count_t total_weight() const { return ends_.back(); }
        std::size_t size() const { return ends_.size(); }
        // The weights' running sums c_1, …, c_n = W, as cut<P, W...> reads them
        // (entropy_pool::draw(d) cuts a uniform value on [0, W) by them).
        detail::loaded_view cut_view() const { return {ends_.data(), ends_.size(), table_.certain}; }
        // The table's slots: outcome_of(j, r) for column j < n and threshold r < C.
        count_t columns() const { return table_.columns; }
        count_t capacity() const { return table_.capacity; }
        std::size_t outcome_of(std::uint64_t column, count_t threshold) const { return table_.outcome(column, threshold); }

        friend bool operator==(const param_type& a, const param_type& b) { return a.ends_ == b.ends_; }

    private:
        friend discrete_distribution;
        explicit param_type(const detail::exact_weights& w) : ends_(running_sums(w)), table_(detail::make_alias_table(w)) {}
        static std::vector<count_t> running_sums(const detail::exact_weights& w) {
            std::vector<count_t> ends;
            ends.reserve(w.values.size());
            count_t sum = 0;
            for (std::uint64_t x : w.values) ends.push_back(sum += x);
            return ends;
        }
        template <class UnaryOperation>
        static detail::exact_weights sampled(std::size_t count, double xmin, double xmax, UnaryOperation fw) {
            // [rand.dist.samp.discrete]: w_k = fw(xmin + k·δ + δ/2), δ = (xmax − xmin)/n; n = 0 is one weight of 1
            std::vector<double> w;
            if (count == 0) w.push_back(1.0);
            const double delta = (xmax - xmin) / static_cast<double>(count == 0 ? 1 : count);
            for (std::size_t k = 0; k < count; ++k) w.push_back(fw(xmin + static_cast<double>(k) * delta + delta / 2));
            return detail::weights_from(w.begin(), w.end());
        }

        std::vector<count_t> ends_;  // c_1, …, c_n = W
        detail::alias_table<> table_;
    };

    discrete_distribution() = default;
    template <class It>
    discrete_distribution(It first, It last) : param_(first, last) {}
    discrete_distribution(std::initializer_list<double> weights) : param_(weights) {}
    template <class UnaryOperation>
    discrete_distribution(std::size_t count, double xmin, double xmax, UnaryOperation fw) : param_(count, xmin, xmax, fw) {}
    explicit discrete_distribution(const param_type& p) : param_(p) {}

    void reset() {}
    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    result_type min() const { return 0; }
    result_type max() const { return static_cast<T>(param_.size() - 1); }
    std::vector<double> probabilities() const { return param_.probabilities(); }
    // The weights' running sums (entropy_pool::draw(d)).
    detail::loaded_view cut_view() const { return param_.cut_view(); }

    template <class G>
    result_type operator()(G&& g) const {
        return (*this)(std::forward<G>(g), param_);
    }
    template <class G>
    result_type operator()(G&& g, const param_type& p) const {
        static_assert(detail::distribution_source<G>,
                      "rollplan: discrete_distribution needs a uniform random bit generator (like std::mt19937) "
                      "or a rollplan source (from_faces, from_values)");
        if constexpr (detail::distribution_source<G>) {
            const auto& t = p.table_;
            if (t.certain != t.columns_64) [[unlikely]] return static_cast<T>(t.certain);
            decltype(auto) s = as_source(std::forward<G>(g));
            const detail::slot at = detail::uniform_slot(s, t);
            return static_cast<T>(t.outcome(at.column, at.threshold));
        } else {
            return 0;
        }
    }
    template <class R, class G>
    void generate_random(R&& r, G&& g) const {
        detail::draw_each(r, *this, g);
    }

    friend bool operator==(const discrete_distribution& a, const discrete_distribution& b) { return a.param_ == b.param_; }

    // "n w0 … wn−1", the exact integer weights; >> reads them back (failbit
    // and d unchanged if they are not weights discrete_distribution takes).
    template <class CharT, class Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const discrete_distribution& d) {
        const detail::decimal_stream<std::basic_ostream<CharT, Traits>> decimal(os);
        os << d.param_.size();
        for (std::uint64_t w : d.param_.weights()) os << os.widen(' ') << w;
        return os;
    }
    template <class CharT, class Traits>
    friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, discrete_distribution& d) {
        const detail::decimal_stream<std::basic_istream<CharT, Traits>> decimal(is);
        std::size_t n = 0;
        if (!detail::read_integer(is, n) || n == 0) {
            is.setstate(is.failbit);
            return is;
        }
        std::vector<std::uint64_t> w;
        for (std::size_t i = 0; i < n; ++i) {
            std::uint64_t v = 0;
            if (!detail::read_integer(is, v)) return is;
            w.push_back(v);
        }
#if ROLLPLAN_EXCEPTIONS
        try {
            d.param_ = param_type(w.begin(), w.end());
        } catch (const std::invalid_argument&) {
            is.setstate(is.failbit);
        }
#else
        d.param_ = param_type(w.begin(), w.end());
#endif
        return is;
    }

private:
    param_type param_;
};

// Class template argument deduction as std's: discrete_distribution d({3, 2, 1})
// is discrete_distribution<int>.
discrete_distribution(std::initializer_list<double>) -> discrete_distribution<int>;
template <class It>
discrete_distribution(It, It) -> discrete_distribution<int>;
template <class UnaryOperation>
discrete_distribution(std::size_t, double, double, UnaryOperation) -> discrete_distribution<int>;

namespace detail {
// True with probability p, like std::bernoulli_distribution, exactly: p is
// a double's exact binary value m·2^−k, or a rational a/b (b <= 2^64). A
// class template only so that translation units that do not use it do not
// compile its members (bernoulli_distribution, below, is its one instance).
template <class = void>
class bernoulli {
public:
    using result_type = bool;

    class param_type {
    public:
        using distribution_type = bernoulli;
        explicit param_type(double p = 0.5) : p_(p) {
            if (!(p >= 0 && p <= 1))
                detail::fail_value("rollplan: bernoulli_distribution needs a probability p in [0, 1]", "p", p);
            const detail::binary_value v = detail::exact_binary(p);
            // p = m·2^e with e = −k, k >= 0 (p = 1 is m = 1, k = 0)
            numerator_ = v.mantissa;
            bits_ = v.mantissa == 0 ? 0 : static_cast<unsigned>(-v.exponent);
        }
        explicit param_type(const rational& p) : p_(p.to_double()), ratio_(true) {
            if (p > rational{1}) detail::fail<std::invalid_argument>("rollplan: bernoulli_distribution needs a probability p in [0, 1]");
            if (p.denominator() > two_to_64)
                detail::fail<std::invalid_argument>("rollplan: bernoulli_distribution needs p = a/b with b at most 2^64",
                                                    "b", p.denominator());
            numerator_ = static_cast<std::uint64_t>(p.numerator());
            denominator_ = p.denominator();
        }
        double p() const { return p_; }
        friend bool operator==(const param_type& a, const param_type& b) {
            return a.ratio_ == b.ratio_ && a.numerator_ == b.numerator_ && a.bits_ == b.bits_ && a.denominator_ == b.denominator_;
        }

    private:
        friend bernoulli;
        double p_;
        bool ratio_ = false;
        std::uint64_t numerator_ = 0;  // m, or a
        unsigned bits_ = 0;            // k, for a double
        count_t denominator_ = 1;      // b, for a rational
    };

    bernoulli() : bernoulli(0.5) {}
    explicit bernoulli(double p) : param_(p) {}
    explicit bernoulli(const rational& p) : param_(p) {}
    explicit bernoulli(const param_type& p) : param_(p) {}

    void reset() {}
    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    double p() const { return param_.p(); }
    result_type min() const { return false; }
    result_type max() const { return true; }

    template <class G>
    result_type operator()(G&& g) const {
        return (*this)(std::forward<G>(g), param_);
    }
    // p = 0 and p = 1 roll nothing. A rational a/b: u uniform on [0, b) by the
    // default plan, true when u < a. A double m·2^−k: for k <= 63, u uniform on
    // [0, 2^k), true when u < m; for larger k, 64-bit words of p's binary
    // expansion against 64-bit uniform values, the first that differs decides.
    template <class G>
    result_type operator()(G&& g, const param_type& p) const {
        static_assert(detail::distribution_source<G>,
                      "rollplan: bernoulli_distribution needs a uniform random bit generator (like std::mt19937) "
                      "or a rollplan source (from_faces, from_values)");
        if constexpr (detail::distribution_source<G>) {
            decltype(auto) s = as_source(std::forward<G>(g));
            if (p.numerator_ == 0) return false;
            if (p.ratio_) {
                if (count_t{p.numerator_} == p.denominator_) return true;
                const std::uint64_t b = static_cast<std::uint64_t>(p.denominator_);  // 0 stands for 2^64
                return detail::uniform_count(s, b, detail::whole_range_plan{}) < p.numerator_;
            }
            if (p.bits_ == 0) return true;  // p = 1
            if (p.bits_ <= 63)
                return detail::uniform_count(s, std::uint64_t{1} << p.bits_, detail::whole_range_plan{}) < p.numerator_;
            // word i of p's expansion: bits 64i+1 … 64i+64 after the point
            for (unsigned word = 0;; ++word) {
                // the bits of m that fall in this word: m·2^(64(word+1) − k) mod 2^64
                const int shift = 64 * static_cast<int>(word + 1) - static_cast<int>(p.bits_);
                const std::uint64_t bits = shift >= 64 ? 0
                                           : shift >= 0 ? p.numerator_ << shift
                                           : -shift >= 64 ? 0 : p.numerator_ >> -shift;
                const std::uint64_t x = detail::whole_range_plan{}(s);
                if (x != bits) return x < bits;
                if (shift >= 0) return false;  // every bit of p read, and the uniform value is not below p
            }
        } else {
            return false;
        }
    }

    friend bool operator==(const bernoulli& a, const bernoulli& b) { return a.param_ == b.param_; }

    // A double as 17 significant digits (its exact value reads back), a rational as "a/b".
    template <class CharT, class Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const bernoulli& d) {
        const detail::decimal_stream<std::basic_ostream<CharT, Traits>> decimal(os);
        for (char c : d.text()) os << os.widen(c);
        return os;
    }
    // Reads what << writes; failbit (and d unchanged) on anything else.
    template <class CharT, class Traits>
    friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, bernoulli& d) {
        const detail::decimal_stream<std::basic_istream<CharT, Traits>> decimal(is);
        std::basic_string<CharT, Traits> word;
        if (!(is >> word)) return is;
        std::string text;
        for (CharT c : word) text += static_cast<char>(Traits::to_int_type(c));
        if (!d.read(text)) is.setstate(is.failbit);
        return is;
    }

private:
    // Templates, compiled only where a stream of a bernoulli_distribution is.
    template <int = 0>
    std::string text() const {
        if (param_.ratio_) return std::to_string(param_.numerator_) + "/" + to_string(param_.denominator_);
        char shown[40];
        std::snprintf(shown, sizeof shown, "%.17g", param_.p_);
        return shown;
    }
    template <int = 0>
    bool read(const std::string& text) {
        char* end = nullptr;
        const std::size_t slash = text.find('/');
        if (slash != std::string::npos) {
            const unsigned long long a = std::strtoull(text.c_str(), &end, 10);
            if (end != text.c_str() + slash || slash == 0) return false;
            const unsigned long long b = std::strtoull(text.c_str() + slash + 1, &end, 10);
            if (*end != '\0' || b == 0 || a > b || end == text.c_str() + slash + 1) return false;
            param_ = param_type(rational{a, b});
            return true;
        }
        const double p = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0' || !(p >= 0 && p <= 1)) return false;
        param_ = param_type(p);
        return true;
    }

    param_type param_;
};
}  // namespace detail

using bernoulli_distribution = detail::bernoulli<>;

}  // namespace rollplan
