// rollplan/discrete.hpp: rollplan::discrete_distribution and
// rollplan::bernoulli_distribution, drop-ins for std's that sample the
// weights given exactly.
//
// std::discrete_distribution rounds every weight to a double, normalises and
// draws one double: 1/3 cannot be hit. Here a weight is exactly what was
// given: an integer, or a double's exact binary value m·2^e, of any spread,
// never rounded.
// - discrete_distribution<T, W...> (weights at compile time): the loaded plan
//   loaded_plan_t<loaded<W...>, D> for the die D of the engine it is called
//   with, proven and compiled for it (as uniform_int_distribution<T, A, B>).
// - discrete_distribution<T> (weights at run time, as std's): the weights
//   divided by their gcd, as levels of exact alias tables in integers
//   (Walker's method, Vose's construction; detail/levels.hpp): one slot of
//   level 0's table from one engine word (64 or 32 bits, read as the
//   digits of a uniform real until the outcome is decided:
//   detail/alias_table.hpp), the levels below only from its rare tail.
// - weighted_sample_without_replacement: k items by weight, successive exact
//   draws over the weights left.
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
#include "detail/levels.hpp"
#include "detail/probability.hpp"
#include "die.hpp"
#include "distribution.hpp"
#include "detail/integer.hpp"
#include "detail/std_surface.hpp"
#include "planner.hpp"
#include "rational.hpp"
#include "sample.hpp"

namespace rollplan {


// Outcome i (0 … n − 1) with probability w_i / Σw, like
// std::discrete_distribution, exactly. W..., when given, are the weights at
// compile time (see above).
template <class T = int, auto... W>
class discrete_distribution : public detail::std_surface<discrete_distribution<T, W...>> {
    static_assert(detail::is_result_type<T>, "rollplan: discrete_distribution<T, W...> needs an integer type T");
    // its weights' checks in its own words, before loaded<W...>'s
    static_assert(detail::all_of({std::is_integral_v<decltype(W)>...}),
                  "rollplan: discrete_distribution<T, W...> takes integer weights at compile time (doubles: "
                  "discrete_distribution<T> d({...}))");
    static_assert(detail::all_of({detail::non_negative(W)...}), "rollplan: a weight of discrete_distribution<T, W...> is negative");
    static_assert(detail::total_weight(W...) >= 1,
                  "rollplan: discrete_distribution<T, W...> needs at least one positive weight (all of its weights are zero)");
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

    constexpr param_type param() const { return {}; }
    constexpr void param(const param_type&) {}
    constexpr result_type min() const { return 0; }
    constexpr result_type max() const { return static_cast<T>(sizeof...(W) - 1); }
    // The weights' running sums c_1, …, c_n = W (entropy_pool::draw(d)).
    constexpr detail::loaded_view<> cut_view() const {
        return {detail::cumulative_weights<static_cast<count_t>(W)...>.data(), sizeof...(W),
                detail::certain_outcome(sizeof...(W), target::total, [](std::size_t i) { return target::weights[i]; }),
                target::total};
    }
    // W_i / W, each rounded to a double (what std's returns; the draws are exact).
    std::vector<double> probabilities() const {
        return {static_cast<double>(static_cast<count_t>(W)) / static_cast<double>(target::total)...};
    }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<discrete_distribution>::operator();

private:
    friend detail::std_surface<discrete_distribution>;
    template <class G>
    constexpr result_type draw(G&& g, const param_type&) const {
        return static_cast<T>(sample<plan_for<G>>(std::forward<G>(g)));
    }
    // "n w0 … wn−1", the integer weights; reading other weights sets failbit.
    template <class Stream>
    void write(Stream& os) const {
        os << sizeof...(W);
        ((os << os.widen(' ') << static_cast<std::uint64_t>(W)), ...);
    }
    template <class Stream>
    void read(Stream& is) {
        std::size_t n = 0;
        if (!detail::read_integer(is, n)) return;
        if (n != sizeof...(W)) {
            is.setstate(is.failbit);
            return;
        }
        for (const std::uint64_t expected : {static_cast<std::uint64_t>(W)...}) {
            std::uint64_t w = 0;
            if (!detail::read_integer(is, w)) return;
            if (w != expected) is.setstate(is.failbit);
        }
    }
};

// Weights at run time: discrete_distribution<int> d({3, 2, 1}), as std's.
template <class T>
class discrete_distribution<T> : public detail::std_surface<discrete_distribution<T>> {
    static_assert(detail::is_result_type<T>, "rollplan: discrete_distribution<T> needs an integer type T");

public:
    using result_type = T;

    // The weights, exactly, as levels of alias tables (detail/levels.hpp),
    // made once. Proportional weights make the same levels.
    class param_type {
    public:
        using distribution_type = discrete_distribution;
        param_type() : param_type({1.0}) {}
        template <class It>
        param_type(It first, It last) : param_type(detail::exact_values(first, last), 0) {}
        param_type(std::initializer_list<double> weights) : param_type(weights.begin(), weights.end()) {}
        template <class UnaryOperation>
        param_type(std::size_t count, double xmin, double xmax, UnaryOperation fw) : param_type(sampled(count, xmin, xmax, fw), 0) {}

        // w_i / Σw, each the double nearest the exact share (ties to even).
        std::vector<double> probabilities() const {
            const std::vector<detail::big> v = levels_.weights();
            detail::big total;
            for (const detail::big& x : v) total.add(x);
            std::vector<double> p;
            for (const detail::big& x : v) p.push_back(detail::ratio(x, total));
            return p;
        }
        // The weights as the least integers proportional to those given (a double's exact
        // value at the common scale, divided by the weights' greatest common divisor), and
        // their sum, when they fit in 64 bits (each weight) and 2^64 (the sum); otherwise
        // std::domain_error (<< writes them whatever their size).
        std::vector<std::uint64_t> weights() const {
            std::vector<std::uint64_t> w;
            count_t sum = 0;
            for (const detail::big& x : levels_.weights()) {
                if (x.bit_length() > 64) too_wide();
                w.push_back(x.word_at(0));
                sum += x.word_at(0);
            }
            if (sum > two_to_64) too_wide();
            return w;
        }
        count_t total_weight() const {
            count_t sum = 0;
            for (const std::uint64_t x : weights()) sum += x;
            return sum;
        }
        std::size_t size() const { return levels_.size; }
        // How many levels the weights take: 1 when they fit one 64-bit table.
        std::size_t levels() const { return levels_.count(); }
        // The running sums c_1, …, c_n = W of the outcomes' parts in level 0
        // (the weights, or where the level has a tail of padding the weights
        // at its scale), as cut<P, W...> reads them (entropy_pool::draw(d)
        // cuts a uniform value on [0, W) by them); no sums (a view of size 0)
        // when the weights take more than one level.
        detail::loaded_view<std::uint64_t> cut_view() const {
            const detail::weight_level& top = levels_.top;
            if (levels() != 1) return {nullptr, 0, 0, 0};
            // a tail of one level is padding (nothing below it): the outcomes' parts alone, the
            // weights at one scale, adding up to less than 2^63 (and no part is all of them)
            if (top.tail != top.ends.size()) return {top.ends.data(), top.tail, top.tail, top.ends[top.tail - 1]};
            return {top.ends.data(), top.ends.size(), top.table.certain, top.total};
        }
        // Level 0's table: outcome_of(j, r) for column j and threshold r < C, size() for its tail.
        count_t columns() const { return levels_.top.table.columns; }
        count_t capacity() const { return levels_.top.table.capacity; }
        std::size_t outcome_of(std::uint64_t column, count_t threshold) const {
            return levels_.outcome_of_column(0, levels_.top.table.outcome(column, threshold));
        }
        friend bool operator==(const param_type& a, const param_type& b) { return a.levels_ == b.levels_; }

    private:
        friend discrete_distribution;
        param_type(const std::vector<detail::dyadic>& w, int) : levels_(detail::held_levels(w)) {
            if (w.size() - 1 > static_cast<std::make_unsigned_t<T>>(std::numeric_limits<T>::max()))
                detail::fail<std::invalid_argument>("rollplan: discrete_distribution<T>: the outcomes 0 to n - 1 do not fit in T",
                                                    "n", w.size());
        }
        [[noreturn]] static void too_wide() {
            detail::fail<std::domain_error>("rollplan: discrete_distribution: these weights need more than 64 bits "
                                            "each (or 2^64 together) as integers; << writes them whatever their size");
        }
        template <class UnaryOperation>
        static std::vector<detail::dyadic> sampled(std::size_t count, double xmin, double xmax, UnaryOperation fw) {
            // [rand.dist.samp.discrete]: w_k = fw(xmin + k·δ + δ/2), δ = (xmax − xmin)/n; n = 0 is one weight of 1
            std::vector<double> w;
            if (count == 0) {
                w.push_back(1.0);
            } else {
                const double delta = (xmax - xmin) / static_cast<double>(count);
                for (std::size_t k = 0; k < count; ++k) w.push_back(fw(xmin + static_cast<double>(k) * delta + delta / 2));
            }
            return detail::exact_values(w.begin(), w.end());
        }

        detail::weight_levels levels_;
    };

    discrete_distribution() = default;
    template <class It>
    discrete_distribution(It first, It last) : param_(first, last) {}
    discrete_distribution(std::initializer_list<double> weights) : param_(weights) {}
    template <class UnaryOperation>
    discrete_distribution(std::size_t count, double xmin, double xmax, UnaryOperation fw) : param_(count, xmin, xmax, fw) {}
    explicit discrete_distribution(const param_type& p) : param_(p) {}

    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    result_type min() const { return 0; }
    result_type max() const { return static_cast<T>(param_.size() - 1); }
    std::vector<double> probabilities() const { return param_.probabilities(); }
    // The weights' running sums (entropy_pool::draw(d)); a null view past one level.
    detail::loaded_view<std::uint64_t> cut_view() const { return param_.cut_view(); }
    // The levels as held (detail/levels.hpp), which entropy_pool::draw(d) reads when the
    // weights take several: level 0's parts column_weight(0, j) (read from the held
    // canonical weights, no running sums), its tail top.tail_weight and total top.total,
    // and what draw_past_level_0 makes the levels below from.
    const detail::weight_levels& level_view() const { return param_.levels_; }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using detail::std_surface<discrete_distribution>::operator();

private:
    friend detail::std_surface<discrete_distribution>;
    // A column of level 0: a slot of its table, or from a coin or a die of
    // at most 256 faces its Knuth–Yao tree (the fewest rolls); its tail,
    // entered with probability below n·2^−60, goes on level by level
    // (detail/levels.hpp).
    template <class G>
    result_type draw(G&& g, const param_type& p) const {
        decltype(auto) s = as_source(std::forward<G>(g));
        detail::source_draws draws{s};
        return static_cast<T>(detail::draw_levels(draws, p.levels_));
    }

    // "n w0 … wn−1": the weights as the least integers proportional to them,
    // in decimal whatever their size, in every locale (no digit grouping);
    // reading them back sets failbit, and keeps d as it was, if they are not
    // weights discrete_distribution takes.
    template <class Stream>
    void write(Stream& os) const {
        auto put = [&](const std::string& text) {
            for (const char c : text) os << os.widen(c);
        };
        put(std::to_string(param_.size()));
        for (const detail::big& w : exact_weights(param_)) {
            os << os.widen(' ');
            put(detail::decimal_text(w));
        }
    }
    template <class Stream>
    void read(Stream& is) {
        std::size_t n = 0;
        if (!detail::read_integer(is, n) || n == 0) {
            is.setstate(is.failbit);
            return;
        }
        std::vector<detail::dyadic> w;
        for (std::size_t i = 0; i < n; ++i) {
            detail::dyadic v;
            if (!detail::read_weight(is, v)) return;
            w.push_back(v);
        }
        bool any = false;
        for (const detail::dyadic& v : w) any = any || v.mantissa != 0;
        if (!any || w.size() - 1 > static_cast<std::make_unsigned_t<T>>(std::numeric_limits<T>::max())) {
            is.setstate(is.failbit);
            return;
        }
        param_ = from_exact(w);
    }

    static param_type from_exact(const std::vector<detail::dyadic>& w) { return param_type(w, 0); }
    static std::vector<detail::big> exact_weights(const param_type& p) { return p.levels_.weights(); }
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
// k items by weight without replacement, as numpy's choice(n, k, replace=False,
// p=w): each item drawn is item i with probability w_i over the weights of the
// items not yet drawn, exactly. A draw of discrete_distribution over the
// weights, again while the item it gives was drawn before: conditioned on
// "not drawn yet", w_i / Σ w over those gives w_i over the weights left.
// When the drawn items hold about half of the distribution's weight, or 8
// draws in a row gave drawn items, the distribution is made again over the
// items left: that only makes later draws cheaper, never changes their law.
// Writes min(k, the items of positive weight) items to out, in the order
// drawn, and returns the end of the output.
struct weighted_sample_fn {
    template <std::input_iterator It, std::sentinel_for<It> Sent, std::input_iterator WeightIt,
              std::weakly_incrementable Out, class G>
    Out operator()(It first, Sent last, WeightIt weights, Out out, std::uint64_t k, G&& g) const {
        using weight = typename std::iterator_traits<WeightIt>::value_type;
        std::vector<typename std::iterator_traits<It>::value_type> items;
        std::vector<weight> w;
        for (; first != last; ++first, ++weights) {
            items.push_back(*first);
            w.push_back(*weights);
        }
        return draw(items, w, out, k, g);
    }
    template <class R, class Weights, std::weakly_incrementable Out, class G>
        requires requires(R& r, Weights& w) {
            std::ranges::begin(r);
            std::ranges::end(r);
            std::ranges::begin(w);
            std::ranges::end(w);
        }
    Out operator()(R&& range, Weights&& weights, Out out, std::uint64_t k, G&& g) const {
        std::vector<std::remove_cvref_t<decltype(*std::ranges::begin(range))>> items;
        for (auto&& x : range) items.push_back(x);
        std::vector<std::remove_cvref_t<decltype(*std::ranges::begin(weights))>> w;
        for (auto&& x : weights) w.push_back(x);
        if (w.size() != items.size())
            fail<std::invalid_argument>("rollplan: weighted_sample_without_replacement needs one weight per item", "items",
                                        items.size(), "weights", w.size());
        return draw(items, w, out, k, g);
    }

private:
    template <class Item, class Weight, class Out, class G>
    static Out draw(const std::vector<Item>& items, const std::vector<Weight>& w, Out out, std::uint64_t k, G& g) {
        if (k == 0 || items.empty()) return out;
        (void)discrete_distribution<long long>(w.begin(), w.end());  // the weights' checks, before any draw
        std::vector<bool> drawn(items.size());
        std::uint64_t positive = 0;
        for (const Weight& x : w) positive += x > Weight{0} ? 1 : 0;
        std::vector<std::size_t> left;  // the items d draws from, by its outcomes
        std::vector<Weight> left_weights;
        discrete_distribution<long long> d;
        double taken = 0;  // roughly, the share of d's weight already drawn
        auto make_again = [&] {
            left.clear();
            left_weights.clear();
            for (std::size_t i = 0; i < items.size(); ++i)
                if (!drawn[i] && w[i] > Weight{0}) {
                    left.push_back(i);
                    left_weights.push_back(w[i]);
                }
            d = discrete_distribution<long long>(left_weights.begin(), left_weights.end());
            taken = 0;
        };
        make_again();
        std::vector<double> d_share = d.probabilities();
        for (std::uint64_t count = 0, misses = 0; count < k && count < positive;) {
            const auto j = static_cast<std::size_t>(d(g));
            const std::size_t i = left[j];
            if (drawn[i]) {
                if (++misses >= 8 || taken > 0.5) {
                    make_again();
                    d_share = d.probabilities();
                    misses = 0;
                }
                continue;
            }
            drawn[i] = true;
            taken += d_share[j];
            misses = 0;
            *out = items[i];
            ++out;
            ++count;
        }
        return out;
    }
};
}  // namespace detail

inline constexpr detail::weighted_sample_fn weighted_sample_without_replacement{};

namespace detail {
// True with probability p, like std::bernoulli_distribution, exactly: p is
// a double's exact binary value m·2^−k, or a rational a/b (b <= 2^64). A
// class template only so that translation units that do not use it do not
// compile its members (bernoulli_distribution, below, is its one instance).
template <class Unused = void>
class bernoulli : public std_surface<bernoulli<Unused>> {
public:
    using result_type = bool;

    class param_type {
    public:
        using distribution_type = bernoulli;
        explicit param_type(double p = 0.5) {
            if (!(p >= 0 && p <= 1))
                detail::fail_value("rollplan: bernoulli_distribution needs a probability p in [0, 1]", "p", p);
            p_ = exact_probability(p);
        }
        explicit param_type(const rational& p) {
            if (p > rational{1}) detail::fail<std::invalid_argument>("rollplan: bernoulli_distribution needs a probability p in [0, 1]");
            if (p.denominator() > two_to_64)
                detail::fail<std::invalid_argument>("rollplan: bernoulli_distribution needs p = a/b with b at most 2^64",
                                                    "b", p.denominator());
            p_ = exact_probability(p);
        }
        double p() const { return p_.shown; }
        friend bool operator==(const param_type& a, const param_type& b) { return a.p_ == b.p_; }

    private:
        friend bernoulli;
        probability p_;
    };

    bernoulli() : bernoulli(0.5) {}
    explicit bernoulli(double p) : param_(p) {}
    explicit bernoulli(const rational& p) : param_(p) {}
    explicit bernoulli(const param_type& p) : param_(p) {}

    const param_type& param() const { return param_; }
    void param(const param_type& p) { param_ = p; }
    double p() const { return param_.p(); }
    result_type min() const { return false; }
    result_type max() const { return true; }

    // d(g), d(g, p), reset, ==, generate_random, << and >>: detail/std_surface.hpp.
    using std_surface<bernoulli>::operator();

private:
    friend std_surface<bernoulli>;
    // p = 0 and p = 1 roll nothing. A rational a/b: u uniform on [0, b) by the
    // default plan, true when u < a. A double m·2^−k: for k <= 63, u uniform on
    // [0, 2^k), true when u < m; for larger k, 64-bit words of p's binary
    // expansion against 64-bit uniform values, the first that differs decides.
    template <class G>
    result_type draw(G&& g, const param_type& given) const {
        const probability& p = given.p_;
        decltype(auto) s = as_source(std::forward<G>(g));
        if (p.numerator == 0) return false;
        if (p.ratio) {
            if (count_t{p.numerator} == p.denominator) return true;
            const std::uint64_t b = static_cast<std::uint64_t>(p.denominator);  // 0 stands for 2^64
            return detail::uniform_count(s, b, detail::whole_range_plan{}) < p.numerator;
        }
        if (p.bits == 0) return true;  // p = 1
        if (p.bits <= 63)
            return detail::uniform_count(s, std::uint64_t{1} << p.bits, detail::whole_range_plan{}) < p.numerator;
        // word i of p's expansion: bits 64i+1 … 64i+64 after the point
        for (unsigned word = 0;; ++word) {
            // the bits of m that fall in this word: m·2^(64(word+1) − k) mod 2^64
            const int shift = 64 * static_cast<int>(word + 1) - static_cast<int>(p.bits);
            const std::uint64_t bits = shift >= 64 ? 0
                                       : shift >= 0 ? p.numerator << shift
                                       : -shift >= 64 ? 0 : p.numerator >> -shift;
            const std::uint64_t x = detail::whole_range_plan{}(s);
            if (x != bits) return x < bits;
            if (shift >= 0) return false;  // every bit of p read, and the uniform value is not below p
        }
    }

    // A double as 17 significant digits (its exact value reads back), a
    // rational as "a/b" (detail/probability.hpp); reading anything else sets
    // failbit, and keeps d.
    template <class Stream>
    void write(Stream& os) const {
        write_text(os, param_.p_.text());
    }
    template <class Stream>
    void read(Stream& is) {
        std::string text;
        probability p;
        if (!read_word(is, text)) return;
        if (read_probability(text, p)) param_.p_ = p;
        else is.setstate(is.failbit);
    }

    param_type param_;
};
}  // namespace detail

using bernoulli_distribution = detail::bernoulli<>;

}  // namespace rollplan
