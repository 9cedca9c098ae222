// rollplan/pool.hpp: many draws from one source, near the information bound.
//
// entropy_pool keeps the randomness each draw leaves over (Ömer & Pacher 2014,
// in the style of arithmetic coding): a uniform_state grows by whole
// rolls until its range reaches a threshold (2^64 by default, so the register
// holds 64 to 128 bits), and each draw of N takes value mod N and keeps
// ⌊value/N⌋, uniform on [0, ⌊range/N⌋) and independent of what was drawn. A
// rejection (value at or above ⌊range/N⌋·N) keeps value − ⌊range/N⌋·N. So
// every draw is exactly uniform and independent of the others, and the rolls
// spent per draw approach log_K N; what is lost is the final register and the
// information of which branch each draw took.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "die.hpp"
#include "integer.hpp"
#include "uniform_state.hpp"

namespace rollplan {

template <class G, count_t Threshold = two_to_64>
class basic_entropy_pool {
    static_assert(Threshold >= 1 && Threshold <= two_to_64, "rollplan: the pool's threshold is between 1 and 2^64");
    using source_type = std::remove_cvref_t<decltype(as_source(std::declval<G&>()))>;

public:
    using die_type = typename source_type::die_type;
    static constexpr count_t faces = die_type::faces;

    constexpr explicit basic_entropy_pool(G& source) : source_(&source) {}

    // One value uniform on [0, N), independent of every other draw.
    template <std::uint64_t N>
    constexpr std::uint64_t draw() {
        static_assert(N >= 1, "rollplan: draw<N>() needs N >= 1");
        return draw(N);
    }

    constexpr std::uint64_t draw(std::uint64_t n) {
        if (n == 0) detail::fail<std::invalid_argument>("rollplan: draw(n) needs n >= 1", "n", n);
        // range < max(Threshold, n) <= 2^64 and K <= 2^64: every product fits in 128 bits
        return static_cast<std::uint64_t>(knuth_yao_draw(state_, n, Threshold, faces, [this] {
            decltype(auto) s = as_source(*source_);
            const count_t digit = detail::checked_digit<die_type>(s());
            ++rolls_;
            return digit;
        }));
    }

    // Source rolls spent so far.
    constexpr std::uint64_t rolls() const { return rolls_; }
    // The randomness held: uniform on [0, range()).
    constexpr count_t range() const { return state_.range; }

private:
    G* source_;
    uniform_state state_{};
    std::uint64_t rolls_ = 0;
};

template <class G>
using entropy_pool = basic_entropy_pool<G>;

}  // namespace rollplan
