// rollplan/sample.hpp: running a plan, one overload per node.
//
// sample<P>(source) rolls the source as P says and returns a value uniform on
// [0, P::outcomes). It is constexpr: with a constexpr source it runs in a
// constant expression, which is how verify.hpp checks it. Exceptions from the
// source propagate.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "die.hpp"
#include "integer.hpp"
#include "plan.hpp"
#include "uniform_state.hpp"

namespace rollplan {

namespace detail {

// Values of a node fit in 64 bits unless its count passes 2^64.
template <count_t Count>
using value_for = std::conditional_t<(Count <= two_to_64), std::uint64_t, count_t>;

template <class Die, class S>
constexpr auto run(std::type_identity<roll<Die>>, S& s) {
    return checked_digit<Die>(s());
}

template <class... P, class S>
constexpr auto run(std::type_identity<mixed_radix<P...>>, S& s) {
    using value = value_for<mixed_radix<P...>::outcome_count>;
    value v = 0;
    // The comma fold runs left to right: the first operand is the most significant digit.
    ((v = static_cast<value>(v * static_cast<value>(P::outcome_count) +
                             static_cast<value>(run(std::type_identity<P>{}, s)))),
     ...);
    return v;
}

template <class P, count_t M, class S>
constexpr auto run(std::type_identity<fold<P, M>>, S& s) {
    return static_cast<value_for<M>>(run(std::type_identity<P>{}, s) % M);
}

template <class P, count_t M, class S>
constexpr auto run(std::type_identity<reject<P, M>>, S& s) {
    constexpr count_t accepted = P::outcome_count / M * M;
    for (;;) {
        const auto v = run(std::type_identity<P>{}, s);
        if (v < accepted) return static_cast<value_for<M>>(v % M);
    }
}

template <class P, count_t M, class S>
constexpr auto run(std::type_identity<recycle<P, M>>, S& s) {
    uniform_state state;
    return static_cast<value_for<M>>(knuth_yao_draw(state, M, M, P::outcome_count, [&] {
        return static_cast<count_t>(run(std::type_identity<P>{}, s));
    }));
}

}  // namespace detail

// Draws one value of P from `source`: a rollplan source (urbg_source,
// from_faces, from_values) or a standard engine, whose die must be P's.
template <plan P, class Source>
constexpr std::uint64_t sample(Source&& source) {
    static_assert(die_source<Source> || std::uniform_random_bit_generator<std::remove_cvref_t<Source>>,
                  "rollplan: sample<P>(source) needs a uniform random bit generator (like std::mt19937) "
                  "or a rollplan source (urbg_source, from_faces, from_values)");
    static_assert(P::outcome_count <= max_target, "rollplan: sample<P> needs a plan with at most 2^64 - 1 outcomes");
    if constexpr (die_source<Source> || std::uniform_random_bit_generator<std::remove_cvref_t<Source>>) {
        decltype(auto) s = as_source(std::forward<Source>(source));
        using source_die = typename std::remove_cvref_t<decltype(s)>::die_type;
        static_assert(std::is_void_v<typename P::die_type> || std::is_same_v<typename P::die_type, source_die>,
                      "rollplan: the plan is for a die with a different number of faces than the source");
        if constexpr (std::is_void_v<typename P::die_type> || std::is_same_v<typename P::die_type, source_die>)
            return static_cast<std::uint64_t>(detail::run(std::type_identity<P>{}, s));
        else
            return 0;
    } else {
        return 0;
    }
}

// One value uniform on [0, n) for an n known only at run time: the optimal
// plan for n (recycle<roll<D>, n>) run with n as data. It gives the same value
// as sample<plan_t<n, D>> on the same rolls.
template <class Source>
constexpr std::uint64_t uniform_below(Source&& source, std::uint64_t n) {
    static_assert(die_source<Source> || std::uniform_random_bit_generator<std::remove_cvref_t<Source>>,
                  "rollplan: uniform_below(source, n) needs a uniform random bit generator (like std::mt19937) "
                  "or a rollplan source (urbg_source, from_faces, from_values)");
    if (n == 0) detail::fail<std::invalid_argument>("rollplan: uniform_below(source, n) needs n >= 1", "n", n);
    decltype(auto) s = as_source(std::forward<Source>(source));
    using source_die = typename std::remove_cvref_t<decltype(s)>::die_type;
    uniform_state state;
    return static_cast<std::uint64_t>(
        knuth_yao_draw(state, n, n, source_die::faces, [&] { return count_t{detail::checked_digit<source_die>(s())}; }));
}

}  // namespace rollplan
