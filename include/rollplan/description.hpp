// rollplan/description.hpp: a roll plan as plain data, and the bridge between
// that data and the nested plan types, both ways.
//
// The planner searches with ordinary constexpr functions and writes a
// plan_description; plan_type_t turns it into the nested type (Mp11), and
// description_v<P> turns any plan type back into data. Analysis and
// descriptions for people read the data, so one implementation serves plans
// chosen at compile time and at run time.
#pragma once

#include "detail/config.hpp"

#include <array>
#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/integral.hpp>
#include <boost/mp11/list.hpp>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "die.hpp"
#include "detail/integer.hpp"
#include "plan.hpp"

namespace rollplan {

enum class node_kind : std::uint8_t { roll, mixed_radix, fold, reject, recycle, scale, recycle_set, cut, knuth_yao, weight };

// outcomes: K for a roll, M for fold/reject/recycle/scale/recycle_set, the
// product for mixed_radix, the number of weights for cut/knuth_yao, the
// weight itself for a weight. recycle_set's children are one roll per die of
// its set; cut's and knuth_yao's are the operand, then one weight node per
// weight (a weight node is data, not a plan).
// Children of a node sit together at nodes[first_child …]. No default member
// initialisers: a description's 256 nodes are then value-initialised to zero
// at no cost in constant evaluation (with them, Clang evaluated each one).
struct plan_node {
    node_kind kind;
    count_t outcomes;
    std::uint16_t first_child;
    std::uint16_t children;
    friend constexpr bool operator==(const plan_node&, const plan_node&) = default;
};

inline constexpr std::size_t max_plan_nodes = 256;

struct plan_description {
    // The die, when the plan rolls one kind; 0 for a plan that rolls nothing
    // or several kinds (a plan over a dice_set: each roll node's outcomes are
    // its die's faces).
    count_t faces = 0;
    std::uint16_t size = 0;
    std::array<plan_node, max_plan_nodes> nodes{};

    // Places for `count` nodes that will be children of one node.
    constexpr std::uint16_t reserve(std::size_t count) {
        if (size + count > max_plan_nodes)
            detail::fail<std::length_error>("rollplan: the plan needs more than 256 nodes (max_plan_nodes, the most a plan "
                                            "holds); another strategy makes a smaller one");
        const auto first = size;
        size = static_cast<std::uint16_t>(size + count);
        return first;
    }
    constexpr const plan_node& root() const { return nodes[0]; }
    constexpr const plan_node& child(const plan_node& node, std::size_t i = 0) const {
        return nodes[node.first_child + i];
    }
    constexpr count_t outcomes() const { return root().outcomes; }
    // Rolls dice of more than one kind.
    constexpr bool rolls_several_dice() const {
        if (faces != 0) return false;
        count_t seen = 0;
        for (std::size_t i = 0; i < size; ++i) {
            if (nodes[i].kind != node_kind::roll) continue;
            if (seen != 0 && nodes[i].outcomes != seen) return true;
            seen = nodes[i].outcomes;
        }
        return false;
    }
    // A loaded plan: its root is a cut or a knuth_yao node.
    constexpr bool is_loaded() const { return root().kind == node_kind::cut || root().kind == node_kind::knuth_yao; }
    // The number of weights of a loaded root, weight i (i < weight_count()), and their sum W.
    constexpr std::size_t weight_count() const { return root().children - 1u; }
    constexpr count_t weight(std::size_t i) const { return child(root(), 1 + i).outcomes; }
    constexpr count_t total_weight() const {
        count_t total = 0;
        for (std::size_t i = 0; i < weight_count(); ++i) total += weight(i);
        return total;
    }
    friend constexpr bool operator==(const plan_description&, const plan_description&) = default;
};

// ---- type -> data ---------------------------------------------------------

namespace detail {

// node_data<P>::write(d, at) writes P at node `at` and its operands after it.
// A class template per node, chosen by partial specialisation rather than
// overloads chosen by deduction (1000 descriptions: 6.5 -> 6.1 s Clang,
// 4.1 -> 3.6 s GCC, single runs on a noisy machine: a small gain).
template <class P>
struct node_data;

template <class Die>
struct node_data<roll<Die>> {
    static constexpr void write(plan_description& d, std::uint16_t at) { d.nodes[at] = {node_kind::roll, Die::faces, 0, 0}; }
};

template <class... P>
struct node_data<mixed_radix<P...>> {
    static constexpr void write(plan_description& d, std::uint16_t at) {
        const auto first = d.reserve(sizeof...(P));
        d.nodes[at] = {node_kind::mixed_radix, mixed_radix<P...>::outcome_count, first,
                       static_cast<std::uint16_t>(sizeof...(P))};
        auto slot = first;
        (node_data<P>::write(d, slot++), ...);
    }
};

template <class... D, count_t M>
struct node_data<recycle_set<dice_set<D...>, M>> {
    static constexpr void write(plan_description& d, std::uint16_t at) {
        const auto first = d.reserve(sizeof...(D));
        d.nodes[at] = {node_kind::recycle_set, M, first, static_cast<std::uint16_t>(sizeof...(D))};
        auto slot = first;
        ((d.nodes[slot++] = {node_kind::roll, D::faces, 0, 0}), ...);
    }
};

// cut and knuth_yao: the operand, then the weights.
template <node_kind Kind, class P, count_t... W>
struct loaded_node_data {
    static constexpr void write(plan_description& d, std::uint16_t at) {
        const auto first = d.reserve(1 + sizeof...(W));
        d.nodes[at] = {Kind, sizeof...(W), first, static_cast<std::uint16_t>(1 + sizeof...(W))};
        auto slot = static_cast<std::uint16_t>(first + 1);
        ((d.nodes[slot++] = {node_kind::weight, W, 0, 0}), ...);
        node_data<P>::write(d, first);
    }
};
template <class P, count_t... W>
struct node_data<cut<P, W...>> : loaded_node_data<node_kind::cut, P, W...> {};
template <class P, count_t... W>
struct node_data<knuth_yao<P, W...>> : loaded_node_data<node_kind::knuth_yao, P, W...> {};

// The nodes with one operand and a count M, and their kinds.
template <template <class, count_t> class Node>
inline constexpr node_kind unary_kind = node_kind::roll;
template <>
inline constexpr node_kind unary_kind<fold> = node_kind::fold;
template <>
inline constexpr node_kind unary_kind<reject> = node_kind::reject;
template <>
inline constexpr node_kind unary_kind<recycle> = node_kind::recycle;
template <>
inline constexpr node_kind unary_kind<scale> = node_kind::scale;

// Not a loaded node of one weight (cut<P, W> and knuth_yao<P, W> match Node<P, M> too,
// and GCC 12 and Clang 19 find the two specialisations ambiguous).
template <template <class, count_t> class Node, class P, count_t M>
    requires(!std::is_same_v<Node<P, M>, cut<P, M>> && !std::is_same_v<Node<P, M>, knuth_yao<P, M>>)
struct node_data<Node<P, M>> {
    static_assert(unary_kind<Node> != node_kind::roll, "rollplan: unknown plan node");
    static constexpr void write(plan_description& d, std::uint16_t at) {
        const auto first = d.reserve(1);
        d.nodes[at] = {unary_kind<Node>, M, first, 1};
        node_data<P>::write(d, first);
    }
};

template <class Die>
inline constexpr count_t faces_of = Die::faces;
template <>
inline constexpr count_t faces_of<void> = 0;
template <class... D>
inline constexpr count_t faces_of<dice_set<D...>> = 0;

template <class P>
constexpr plan_description make_description_of() {
    plan_description d;
    d.faces = faces_of<typename P::die_type>;
    d.reserve(1);
    node_data<P>::write(d, 0);
    return d;
}

}  // namespace detail

template <plan P>
inline constexpr plan_description description_v = detail::make_description_of<P>();

// ---- data -> type ---------------------------------------------------------
// Holder::value is a constexpr plan_description; node I becomes a plan type.

namespace detail {

template <class Holder, std::size_t I, node_kind Kind = Holder::value.nodes[I].kind>
struct node_type;

// A roll node's outcomes are its die's faces.
template <class Holder, std::size_t I>
struct node_type<Holder, I, node_kind::roll> {
    using type = roll<die<Holder::value.nodes[I].outcomes>>;
};

template <class Holder, std::size_t I>
struct node_type<Holder, I, node_kind::mixed_radix> {
    static constexpr plan_node node = Holder::value.nodes[I];
    template <class J>
    using child = typename node_type<Holder, node.first_child + J::value>::type;
    using type = boost::mp11::mp_rename<boost::mp11::mp_transform<child, boost::mp11::mp_iota_c<node.children>>,
                                        mixed_radix>;
};

template <class Holder, std::size_t I>
struct node_type<Holder, I, node_kind::recycle_set> {
    static constexpr plan_node node = Holder::value.nodes[I];
    template <class J>
    using die_of_child = die<Holder::value.nodes[node.first_child + J::value].outcomes>;
    using type = recycle_set<boost::mp11::mp_rename<boost::mp11::mp_transform<die_of_child, boost::mp11::mp_iota_c<node.children>>,
                                                    dice_set>,
                             node.outcomes>;
};

// cut and knuth_yao: Node<operand, weights...>.
template <template <class, count_t...> class Node, class P, class Weights>
struct with_weights;
template <template <class, count_t...> class Node, class P, class... W>
struct with_weights<Node, P, boost::mp11::mp_list<W...>> {
    using type = Node<P, W::value...>;
};
template <class Holder, std::size_t I, template <class, count_t...> class Node>
struct loaded_node_type {
    static constexpr plan_node node = Holder::value.nodes[I];
    template <class J>
    using weight = std::integral_constant<count_t, Holder::value.nodes[node.first_child + 1 + J::value].outcomes>;
    using type = typename with_weights<Node, typename node_type<Holder, node.first_child>::type,
                                       boost::mp11::mp_transform<weight, boost::mp11::mp_iota_c<node.children - 1u>>>::type;
};
template <class Holder, std::size_t I>
struct node_type<Holder, I, node_kind::cut> : loaded_node_type<Holder, I, cut> {};
template <class Holder, std::size_t I>
struct node_type<Holder, I, node_kind::knuth_yao> : loaded_node_type<Holder, I, knuth_yao> {};

// The nodes with one operand, in the order of their kinds (fold = 2 … scale = 5).
template <template <class, count_t> class Node>
struct unary_template {
    template <class P, count_t M>
    using type = Node<P, M>;
};
using unary_templates = boost::mp11::mp_list<unary_template<fold>, unary_template<reject>, unary_template<recycle>,
                                             unary_template<scale>>;
static_assert(static_cast<int>(node_kind::fold) == 2 && static_cast<int>(node_kind::scale) == 5);
template <node_kind Kind>
using unary_node = boost::mp11::mp_at_c<unary_templates, static_cast<std::size_t>(Kind) - 2>;

// fold, reject, recycle and scale: one operand and a count.
template <class Holder, std::size_t I, node_kind Kind>
struct node_type {
    static constexpr plan_node node = Holder::value.nodes[I];
    using type = typename unary_node<Kind>::template type<typename node_type<Holder, node.first_child>::type,
                                                         node.outcomes>;
};

}  // namespace detail

template <class Holder>
using plan_type_t = typename detail::node_type<Holder, 0>::type;

}  // namespace rollplan
