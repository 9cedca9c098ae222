// rollplan/distribution.hpp: a drop-in for std::uniform_int_distribution with
// bounds known at compile time.
//
// uniform_int_distribution<A, B> plans for the engine it is called with: the
// engine is a die with K = G::max() − G::min() + 1 faces, so every engine gets
// its own exact plan, chosen at compile time.
#pragma once

#include "config.hpp"

#include <cstdint>
#include <istream>
#include <ostream>
#include <random>
#include <type_traits>
#include <utility>

#include "decimal_stream.hpp"
#include "die.hpp"
#include "integer.hpp"
#include "planner.hpp"
#include "sample.hpp"

namespace rollplan {

namespace detail {

// B − A, exact for any integer bounds with A <= B (up to 2^128 − 1 for 128-bit bounds).
template <auto A, auto B>
constexpr count_t distance_of() {
    using unsigned_type = std::make_unsigned_t<std::common_type_t<decltype(A), decltype(B)>>;
    return count_t{static_cast<unsigned_type>(static_cast<unsigned_type>(B) - static_cast<unsigned_type>(A))};
}

// A + v in result_type: the sum in the unsigned type wraps to the right value.
template <class Result>
constexpr Result offset_value(Result a, std::uint64_t v) {
    using unsigned_type = std::make_unsigned_t<Result>;
    return static_cast<Result>(static_cast<unsigned_type>(static_cast<unsigned_type>(a) + v));
}

template <class G>
struct die_of_source {
    using type = typename std::remove_cvref_t<decltype(as_source(std::declval<G&>()))>::die_type;
};

}  // namespace detail

// Uniform on the integers A..B inclusive, like std::uniform_int_distribution,
// but exact by proof and the same on every platform.
template <auto A, auto B, class Strategy = strategy::fastest>
class uniform_int_distribution {
    static_assert(std::is_integral_v<decltype(A)> && std::is_integral_v<decltype(B)> &&
                      !std::is_same_v<decltype(A), bool> && !std::is_same_v<decltype(B), bool>,
                  "rollplan: uniform_int_distribution<A, B> needs integer bounds");
    static_assert(std::cmp_less_equal(A, B), "rollplan: uniform_int_distribution<A, B> needs A <= B");
    static_assert(is_strategy_v<Strategy>, "rollplan: unknown strategy; use one in rollplan::strategy");

public:
    using result_type = std::common_type_t<decltype(A), decltype(B)>;
    static_assert(detail::distance_of<A, B>() < max_target,
                  "rollplan: uniform_int_distribution<A, B> covers at most 2^64 - 1 values");
    static constexpr count_t outcomes = detail::distance_of<A, B>() + 1;

    // The plan this distribution runs on an engine or source G.
    template <class G>
    using plan_for = plan_t<outcomes, typename detail::die_of_source<G>::type, Strategy>;

    struct param_type {
        using distribution_type = uniform_int_distribution;
        constexpr result_type a() const { return A; }
        constexpr result_type b() const { return B; }
        friend constexpr bool operator==(const param_type&, const param_type&) = default;
    };

    constexpr uniform_int_distribution() = default;
    constexpr explicit uniform_int_distribution(const param_type&) {}

    constexpr void reset() {}
    constexpr param_type param() const { return {}; }
    constexpr void param(const param_type&) {}
    constexpr result_type a() const { return A; }
    constexpr result_type b() const { return B; }
    constexpr result_type min() const { return A; }
    constexpr result_type max() const { return B; }

    template <class G>
    constexpr result_type operator()(G&& g) const {
        static_assert(std::uniform_random_bit_generator<std::remove_cvref_t<G>> || die_source<G>,
                      "rollplan: uniform_int_distribution needs a uniform random bit generator (like std::mt19937) "
                      "or a rollplan source (from_faces, from_values)");
        if constexpr (std::uniform_random_bit_generator<std::remove_cvref_t<G>> || die_source<G>) {
            return detail::offset_value<result_type>(A, sample<plan_for<G>>(std::forward<G>(g)));
        } else {
            return A;
        }
    }
    template <class G>
    constexpr result_type operator()(G&& g, const param_type&) const {
        return (*this)(std::forward<G>(g));
    }

    friend constexpr bool operator==(const uniform_int_distribution&, const uniform_int_distribution&) = default;

    template <class CharT, class Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                         const uniform_int_distribution&) {
        const detail::decimal_stream<std::basic_ostream<CharT, Traits>> decimal(os);
        return os << +A << os.widen(' ') << +B;
    }
    // Reads "a b" as written by <<; bounds other than A and B set failbit.
    template <class CharT, class Traits>
    friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is,
                                                         uniform_int_distribution&) {
        const detail::decimal_stream<std::basic_istream<CharT, Traits>> decimal(is);
        decltype(+A) a{};
        decltype(+B) b{};
        if (is >> a >> b && (a != +A || b != +B)) is.setstate(std::ios_base::failbit);
        return is;
    }
};

}  // namespace rollplan
