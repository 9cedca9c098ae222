// rollplan/distribution.hpp: rollplan::uniform_int_distribution, a drop-in
// for std::uniform_int_distribution.
//
// Two forms of one class template, the result type first:
// - uniform_int_distribution<T> (run-time bounds, as std's: d(1, 6)): each
//   draw is a + uniform_below(g, b − a + 1), the default plan with the count
//   as data (computed with the bounds, in param_type);
// - uniform_int_distribution<T, A, B, Strategy> (compile-time bounds): the
//   plan plan_t<B − A + 1, D, Strategy> for the die D of the engine it is
//   called with (K = G::max() − G::min() + 1 faces), chosen, proven and
//   compiled for that engine; with the default strategy it gives the same
//   values as the run-time form.
// Both cover up to 2^64 values: the whole range of a 64-bit T is one word of
// a 64-bit engine, and elsewhere two independent halves (full_range_plan).
#pragma once

#include "detail/config.hpp"

#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "detail/decimal_stream.hpp"
#include "die.hpp"
#include "detail/integer.hpp"
#include "detail/std_surface.hpp"
#include "planner.hpp"
#include "sample.hpp"

namespace rollplan {

namespace detail {

// The bound of a distribution whose bounds are given at run time.
struct run_time_bound {
    friend constexpr bool operator==(run_time_bound, run_time_bound) = default;
};
template <auto V>
inline constexpr bool is_run_time_bound = std::is_same_v<std::remove_cvref_t<decltype(V)>, run_time_bound>;

// V as a T, with its value: the round trip keeps it and the sign agrees.
template <class T, auto V>
constexpr bool fits_in() {
    return static_cast<decltype(V)>(static_cast<T>(V)) == V && ((V < decltype(V){0}) == (static_cast<T>(V) < T{0}));
}

template <class T>
inline constexpr bool is_result_type = std::is_integral_v<T> && !std::is_same_v<std::remove_cv_t<T>, bool> &&
                                       std::is_same_v<std::remove_cv_t<T>, T>;

// b − a as an unsigned number (exact for a <= b, whatever the sign of each).
template <class T>
constexpr auto span_of(T a, T b) {
    using unsigned_type = std::make_unsigned_t<T>;
    return static_cast<unsigned_type>(static_cast<unsigned_type>(b) - static_cast<unsigned_type>(a));
}

// A + v in T: the sum in the unsigned type wraps to the right value.
template <class T>
constexpr T offset_value(T a, std::uint64_t v) {
    using unsigned_type = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<unsigned_type>(static_cast<unsigned_type>(a) + v));
}

template <class G>
struct die_of_source {
    using type = typename std::remove_cvref_t<decltype(as_source(std::declval<G&>()))>::die_type;
};

// What is wrong with compile-time bounds A and B for T, if anything.
enum class bound_problem { none, missing, not_integers, a_too_wide, b_too_wide, reversed };

template <class V>
inline constexpr bool is_bound_value = std::is_integral_v<V> && !std::is_same_v<V, bool>;

template <class T, auto A, auto B>
constexpr bound_problem problem_with_bounds() {
    if constexpr (is_run_time_bound<A> || is_run_time_bound<B>)
        return bound_problem::missing;
    else if constexpr (!is_bound_value<decltype(A)> || !is_bound_value<decltype(B)>)
        return bound_problem::not_integers;
    else if constexpr (!fits_in<T, A>())
        return bound_problem::a_too_wide;
    else if constexpr (!fits_in<T, B>())
        return bound_problem::b_too_wide;
    else
        return static_cast<T>(B) < static_cast<T>(A) ? bound_problem::reversed : bound_problem::none;
}

// The bound as a T, or T{} when it is not one (the static_asserts say why).
template <class T, auto V>
constexpr T bound_as() {
    if constexpr (is_bound_value<decltype(V)>)
        return static_cast<T>(V);
    else
        return T{};
}

// The plan for `outcomes` values on Die; chosen lazily, so that only the plan
// used is made.
template <bool FullRange, count_t Outcomes, class Die, class Strategy>
struct plan_for_outcomes {
    using type = plan_t<Outcomes, Die, Strategy>;
};

}  // namespace detail

// 2^64 outcomes, every value of 64 bits: one roll of a die with 2^64 faces
// (a 64-bit engine's word), else two independent values of 32 bits, the
// first the high half (mixed_radix of two plans for 2^32: uniform by the
// mixed-radix invariant).
template <class Die, class Strategy = strategy::fastest>
struct full_range_plan {
    using half = plan_t<count_t{1} << 32, Die, Strategy>;
    using type = mixed_radix<half, half>;
};
template <class Strategy>
struct full_range_plan<die<two_to_64>, Strategy> {
    using type = roll<die<two_to_64>>;
};
template <class Die, class Strategy = strategy::fastest>
using full_range_plan_t = typename full_range_plan<Die, Strategy>::type;

namespace detail {
template <count_t Outcomes, class Die, class Strategy>
struct plan_for_outcomes<true, Outcomes, Die, Strategy> {
    using type = full_range_plan_t<Die, Strategy>;
};

// 2^64 values (b − a + 1 = 0 in 64 bits) from a source s: the plan
// full_range_plan_t of its die.
struct whole_range_plan {
    template <class S>
    constexpr std::uint64_t operator()(S& s) const {
        return sample<full_range_plan_t<typename std::remove_cvref_t<S>::die_type>>(s);
    }
};

// The draws of d(g), one per position from first to last, with the count
// b − a + 1 tested once (for_uniform_count); returns the end. What
// generate_random does, and generate where it does not batch.
template <class It, class Sent, class Dist, class G>
constexpr It fill_draws(It first, Sent last, const Dist& d, G& g) {
    const auto a = d.a();
    for_uniform_count(g, static_cast<std::uint64_t>(span_of(a, d.b())) + 1, whole_range_plan{}, [&](auto draw) {
        for (; first != last; ++first) *first = offset_value(a, draw());
    });
    return first;
}
}  // namespace detail

// Uniform on the integers a..b inclusive, like std::uniform_int_distribution,
// but exact by proof and the same on every platform. T is the result type;
// A and B, when given, are the bounds at compile time (see above).
template <class T = int, auto A = detail::run_time_bound{}, auto B = detail::run_time_bound{},
          class Strategy = strategy::fastest>
class uniform_int_distribution : public detail::std_surface<uniform_int_distribution<T, A, B, Strategy>> {
    static_assert(!std::is_same_v<std::remove_cv_t<T>, bool>,
                  "rollplan: uniform_int_distribution<bool> is not allowed (as std's): for true or false, use bernoulli_distribution");
    static_assert(detail::is_result_type<T>, "rollplan: uniform_int_distribution<T, A, B> needs an integer type T");
    static constexpr detail::bound_problem problem = detail::problem_with_bounds<T, A, B>();
    static_assert(problem != detail::bound_problem::missing,
                  "rollplan: uniform_int_distribution<T, A, B> needs both bounds, or neither for bounds given at run time");
    static_assert(problem != detail::bound_problem::not_integers,
                  "rollplan: uniform_int_distribution<T, A, B> needs integer bounds");
    static_assert(problem != detail::bound_problem::a_too_wide,
                  "rollplan: uniform_int_distribution<T, A, B>: the bound A does not fit in T");
    static_assert(problem != detail::bound_problem::b_too_wide,
                  "rollplan: uniform_int_distribution<T, A, B>: the bound B does not fit in T");
    static_assert(problem != detail::bound_problem::reversed, "rollplan: uniform_int_distribution<T, A, B> needs A <= B");
    static_assert(is_strategy_v<Strategy>, "rollplan: unknown strategy; use one in rollplan::strategy");
    static constexpr T lowest = detail::bound_as<T, A>(), highest = detail::bound_as<T, B>();
    static constexpr count_t span = problem == detail::bound_problem::none ? count_t{detail::span_of(lowest, highest)} : 0;
    static_assert(span < two_to_64, "rollplan: uniform_int_distribution<T, A, B> covers at most 2^64 values");

public:
    using result_type = T;
    static constexpr count_t outcomes = span < two_to_64 ? span + 1 : 1;

    // The plan this distribution runs on an engine or source G.
    template <class G>
    using plan_for = typename detail::plan_for_outcomes<outcomes == two_to_64, (outcomes == two_to_64 ? 1 : outcomes),
                                                        typename detail::die_of_source<G>::type, Strategy>::type;

    struct param_type {
        using distribution_type = uniform_int_distribution;
        constexpr result_type a() const { return lowest; }
        constexpr result_type b() const { return highest; }
        friend constexpr bool operator==(const param_type&, const param_type&) = default;
    };

    constexpr uniform_int_distribution() = default;
    constexpr explicit uniform_int_distribution(const param_type&) {}
    // Bounds at run time given to the form whose bounds are its template arguments.
    template <class First, class Last>
    constexpr uniform_int_distribution(First, Last) {
        static_assert(sizeof(First) == 0,
                      "rollplan: uniform_int_distribution<T, A, B> has its bounds at compile time, A and B: write "
                      "uniform_int_distribution<T, A, B> d; (no arguments), or uniform_int_distribution<T> d(a, b) "
                      "for bounds at run time");
    }

    constexpr param_type param() const { return {}; }
    constexpr void param(const param_type&) {}
    constexpr result_type a() const { return lowest; }
    constexpr result_type b() const { return highest; }
    constexpr result_type min() const { return lowest; }
    constexpr result_type max() const { return highest; }

    // d(g), d(g, p), reset, ==, generate_random (each element of r, in order,
    // gets d(g), as LWG 4077 asks; rollplan::generate takes several values
    // from one engine word instead), << and >>: detail/std_surface.hpp.
    using detail::std_surface<uniform_int_distribution>::operator();

private:
    friend detail::std_surface<uniform_int_distribution>;
    template <class G>
    constexpr result_type draw(G&& g, const param_type&) const {
        return detail::offset_value(lowest, sample<plan_for<G>>(std::forward<G>(g)));
    }
    // "a b"; reading bounds other than A and B sets failbit.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_integer(os, lowest) << os.widen(' ');
        detail::write_integer(os, highest);
    }
    template <class Stream>
    void read(Stream& is) {
        T a{}, b{};
        if (detail::read_integer(is, a) && detail::read_integer(is, b) && (a != lowest || b != highest))
            is.setstate(is.failbit);
    }
};

// Bounds at run time: uniform_int_distribution<int> d(1, 6), as std's.
template <class T, class Strategy>
class uniform_int_distribution<T, detail::run_time_bound{}, detail::run_time_bound{}, Strategy>
    : public detail::std_surface<uniform_int_distribution<T, detail::run_time_bound{}, detail::run_time_bound{}, Strategy>> {
    static_assert(!std::is_same_v<std::remove_cv_t<T>, bool>,
                  "rollplan: uniform_int_distribution<bool> is not allowed (as std's): for true or false, use bernoulli_distribution");
    static_assert(detail::is_result_type<T>, "rollplan: uniform_int_distribution<T> needs an integer type T");
    static_assert(std::numeric_limits<T>::digits <= 64, "rollplan: uniform_int_distribution<T> covers at most 2^64 values");
    static_assert(std::is_same_v<Strategy, strategy::fastest>,
                  "rollplan: a strategy needs the bounds at compile time: uniform_int_distribution<T, A, B, Strategy>");

public:
    using result_type = T;

    // The bounds, and what a draw needs of them, computed once: the count
    // b − a + 1 in 64 bits (0 for the whole range of a 64-bit T, 2^64 values).
    class param_type {
    public:
        using distribution_type = uniform_int_distribution;
        constexpr param_type() : param_type(0) {}
        constexpr explicit param_type(T a, T b = std::numeric_limits<T>::max())
            : a_(a), b_(b), count_(static_cast<std::uint64_t>(detail::span_of(a, b)) + 1) {
            if (b < a)
                detail::fail<std::invalid_argument>("rollplan: uniform_int_distribution needs a <= b", "a", a, "b", b);
        }
        constexpr result_type a() const { return a_; }
        constexpr result_type b() const { return b_; }
        friend constexpr bool operator==(const param_type& x, const param_type& y) { return x.a_ == y.a_ && x.b_ == y.b_; }

    private:
        friend uniform_int_distribution;
        T a_, b_;
        std::uint64_t count_;
    };

    constexpr uniform_int_distribution() : uniform_int_distribution(0) {}
    constexpr explicit uniform_int_distribution(T a, T b = std::numeric_limits<T>::max()) : param_(a, b) {}
    constexpr explicit uniform_int_distribution(const param_type& p) : param_(p) {}

    constexpr param_type param() const { return param_; }
    constexpr void param(const param_type& p) { param_ = p; }
    constexpr result_type a() const { return param_.a(); }
    constexpr result_type b() const { return param_.b(); }
    constexpr result_type min() const { return a(); }
    constexpr result_type max() const { return b(); }

    // d(g), d(g, p), reset, ==, << and >>: detail/std_surface.hpp.
    using detail::std_surface<uniform_int_distribution>::operator();

    // What C++26's std::ranges::generate_random(r, g, d) calls: each element
    // of r, in order, gets d(g) — the values of the loop, as LWG 4077 asks,
    // with the count tested once for the loop. (rollplan::generate takes
    // several values from one engine word instead.)
    template <class R, class G>
    constexpr void generate_random(R&& r, G&& g) const {
        static_assert(detail::distribution_source<G>,
                      "rollplan: a distribution needs a uniform random bit generator (like std::mt19937) "
                      "or a rollplan source (from_faces, from_values)");
        if constexpr (detail::distribution_source<G>) detail::fill_draws(std::ranges::begin(r), std::ranges::end(r), *this, g);
    }

private:
    friend detail::std_surface<uniform_int_distribution>;
    // Always inlined, as std_surface's calls (a loop of draws keeps the
    // engine and the count in registers; Clang would otherwise call it).
    template <class G>
    [[gnu::always_inline]] constexpr result_type draw(G&& g, const param_type& p) const {
        return detail::offset_value(p.a_, detail::uniform_count(g, p.count_, detail::whole_range_plan{}));
    }
    // "a b"; reading b < a sets failbit, and d keeps its bounds.
    template <class Stream>
    void write(Stream& os) const {
        detail::write_integer(os, a()) << os.widen(' ');
        detail::write_integer(os, b());
    }
    template <class Stream>
    void read(Stream& is) {
        T a{}, b{};
        if (detail::read_integer(is, a) && detail::read_integer(is, b)) {
            if (b < a)
                is.setstate(is.failbit);
            else
                param_ = param_type(a, b);
        }
    }

    param_type param_;
};

// Class template argument deduction as std's: uniform_int_distribution d(1, 6)
// is uniform_int_distribution<int>, d(-5LL, 5LL) <long long>.
template <class T>
uniform_int_distribution(T, T) -> uniform_int_distribution<T>;
template <class T>
uniform_int_distribution(T) -> uniform_int_distribution<T>;

}  // namespace rollplan
