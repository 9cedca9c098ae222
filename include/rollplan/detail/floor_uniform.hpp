// rollplan/detail/floor_uniform.hpp: the largest representable number at or
// below a real number U uniform on [a, b), for finite a < b of a
// binary_format: each representable x of [a, b) comes out with probability
// exactly (succ(x) − x) / (b − a), the width of its cell over the width of the
// interval (a and b being representable, every cell is whole or outside).
//
// The algorithm (written for rollplan; the definition is Downey's and
// Goualard's "round a real uniform down", here for any interval):
//   g = the exponent of the widest cell in [a, b); the multiples of 2^g
//   cut [A·2^g, B·2^g) ⊇ [a, b) into W = B − A pieces of width 2^g
//   (W <= 2^(M+2) + 2). Every piece but [0, 2^g) and [−2^g, 0) lies within
//   one binade (binades start at powers of two, multiples of 2^g there), so
//   the representable numbers in it are equally spaced, 2^h apart.
//   1. t = A + below(W): U's piece, uniform among the W.
//   2. In [0, 2^g) or [−2^g, 0), when they hold several binades: U is uniform
//      on that piece, which is again an interval of representable ends:
//      repeat from 1 with it (its widest cell is narrower, so this ends).
//   3. Otherwise x = t·2^g + below(2^(g − h))·2^h: the floor of a U uniform on
//      the piece.
//   4. U lies in [a, b) exactly when x does (a, b representable): return x;
//      else start again from [a, b). A rejected U was uniform on the pieces,
//      so the one kept is uniform on [a, b).
// Invariant: at step 1, U is uniform on [A·2^g, B·2^g); its floor is x.
//
// Every value is an integer multiple of a power of two held as (m, e): no
// floating-point arithmetic, so a constant expression and the run time agree,
// and a small format can be listed whole (verify.hpp's check_real_sampler).
// below(n) must return a value uniform on [0, n), n >= 1; it is called with
// n <= 2^(M+2) + 2 for W, and powers of two up to 2^(M+1) for step 3.
#pragma once

#include "config.hpp"

#include <cstdint>

#include "binary_format.hpp"

namespace rollplan::detail {

// m·2^e in units of 2^g, rounded down (up = false) or up; e <= g + 1 here.
constexpr std::int64_t in_units(float_value v, int g, bool up) {
    if (v.e >= g) return v.m * (std::int64_t{1} << (v.e - g));
    const int shift = g - v.e;
    if (shift >= 62) return v.m > 0 ? (up ? 1 : 0) : v.m < 0 ? (up ? 0 : -1) : 0;  // |m| < 2^59
    const std::int64_t unit = std::int64_t{1} << shift;
    std::int64_t q = v.m / unit;
    if (v.m % unit != 0) q += up ? (v.m > 0 ? 1 : 0) : (v.m < 0 ? -1 : 0);
    return q;
}

// The exponent of the widest cell of [lo, hi) (ordinals lo < hi): cells
// widen away from zero, so it is the cell of lo (if negative) or of the
// number below hi (if hi is positive).
template <class F>
constexpr int widest_cell(std::uint64_t lo, std::uint64_t hi) {
    int g = F::min_quantum;
    if (ordinal<F>(lo) < 0) g = cell_exponent<F>(lo);
    if (ordinal<F>(hi) > 0) {
        const int top = cell_exponent<F>(bits_of_ordinal<F>(ordinal<F>(hi) - 1));
        if (top > g) g = top;
    }
    return g;
}

// An interval of the loop cut into pieces: the exponent g of its widest cell,
// and its pieces [start, start + width) in units of 2^g.
struct floor_pieces {
    int g = 0;
    std::int64_t start = 0;
    std::uint64_t width = 0;
};
template <class F>
constexpr floor_pieces pieces_of(std::uint64_t lo, std::uint64_t hi) {
    const int g = widest_cell<F>(lo, hi);
    const std::int64_t start = in_units(value_of<F>(lo), g, false);
    return {g, start, static_cast<std::uint64_t>(in_units(value_of<F>(hi), g, true) - start)};
}

// The floor of a U uniform on [a, b), a < b finite (as bits), with the pieces
// of [a, b) made once, so that a distribution pays for them when its bounds
// are set, not at every draw; draw(below) is steps 1–4 above.
template <class F>
class floor_uniform_draw {
public:
    constexpr floor_uniform_draw() = default;  // for no interval: never drawn
    constexpr floor_uniform_draw(std::uint64_t a, std::uint64_t b)
        : first_(ordinal<F>(a)), end_(ordinal<F>(b)), whole_(pieces_of<F>(a, b)) {}

    template <class Below>
    constexpr std::uint64_t draw(Below&& below) const {
        floor_pieces p = whole_;
        for (;;) {
            const std::int64_t t = p.start + static_cast<std::int64_t>(below(p.width));
            if ((t == 0 || t == -1) && p.g > F::min_exponent + 1) {  // a piece of several binades: U is uniform on it
                p = t == 0 ? pieces_of<F>(0, bits_of_value<F>(1, p.g)) : pieces_of<F>(bits_of_value<F>(-1, p.g), 0);
                continue;
            }
            const std::int64_t nearer = t >= 0 ? t : -(t + 1);  // the piece's end nearer zero, in units of 2^g
            const int h = nearer == 0 ? F::min_quantum : quantum_exponent<F>(static_cast<std::uint64_t>(nearer), p.g);
            const auto k = static_cast<std::int64_t>(below(std::uint64_t{1} << (p.g - h)));
            const std::uint64_t x = bits_of_value<F>(t * (std::int64_t{1} << (p.g - h)) + k, h);
            const std::int64_t o = ordinal<F>(x);
            if (first_ <= o && o < end_) return x;
            p = whole_;
        }
    }

private:
    std::int64_t first_ = 0, end_ = 0;  // the ordinals of a and b
    floor_pieces whole_;        // the pieces of [a, b)
};

// The bits of the floor of a U uniform on [a, b), a < b finite (as bits);
// below as above.
template <class F, class Below>
constexpr std::uint64_t floor_uniform(std::uint64_t a, std::uint64_t b, Below&& below) {
    return floor_uniform_draw<F>(a, b).draw(below);
}

}  // namespace rollplan::detail
