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
//   1. t = A + below(W): U's piece, uniform among the W. From [a, b) itself,
//      when W is not a power of two and the source's rolls are words of w
//      bits (below.word_bits: any K = 2^w, a d8 as a 64-bit engine), s spare bits come
//      with it: v = below(W·2^s), t = A + ⌊v / 2^s⌋ and r = v mod 2^s, the
//      first s binary digits of U's place in its piece, uniform and
//      independent of t. With R the bits of the fewest words that hold
//      bits(W) + 6 (at most 64), s = min(R − 6 − bits(W), g − min_quantum):
//      W·2^s < 2^(R − 6), so that Lemire's draw on R bits refuses them with
//      probability below 2^-6 (on a coin R − 6 = bits(W): s = 0, r empty).
//   2. In [0, 2^g) or [−2^g, 0), when they hold several binades: U is uniform
//      on that piece, which is again an interval of representable ends:
//      repeat from 1 with it (its widest cell is narrower, so this ends; r is
//      dropped, and the pieces of the piece are a power of two).
//   3. Otherwise x = t·2^g + k·2^h with k uniform on [0, 2^j), j = g − h:
//      the floor of a U uniform on the piece. k is r's first j digits when
//      j <= s, else r followed by below(2^(j − s)).
//   4. U lies in [a, b) exactly when x does (a, b representable): return x;
//      else start again from [a, b). A rejected U was uniform on the pieces,
//      so the one kept is uniform on [a, b).
// Invariant: at step 1, U is uniform on [A·2^g, B·2^g); its floor is x.
// The spare bits save a roll: on 64-bit words a draw of [−3.7, 12.9) takes
// 1.705 words without them (every value below 8 in magnitude needs digits
// past the first word) and 1.063 with them (s = 4: those below 1/2).
//
// Every value is an integer multiple of a power of two held as (m, e): no
// floating-point arithmetic, so a constant expression and the run time agree,
// and a small format can be listed whole (verify.hpp's check_real_sampler).
// below(n) must return a value uniform on [0, n), n >= 1; it is called with
// n <= 2^(M+2) + 2 for W (below 2^(w − 6) with spare bits), and powers of
// two up to 2^(M+1) for step 3.
#pragma once

#include "config.hpp"

#include <cstdint>
#include <type_traits>

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

// The bits of v·2^h > 0 where 2^h is the quantum of v·2^h's binade (so v has
// M + 1 significant bits, or fewer below the normal numbers, where h is
// min_quantum), or v = 2^(M+1), the first number of the next binade: v's bits
// with h + bias + M − 1 added to the exponent field, the hidden bit of v
// carrying the one that is missing (0 added below the normals; for 2^(M+1),
// two). bits_of_value's result for such a v, without its normalization.
template <class F>
constexpr std::uint64_t positive_bits(std::uint64_t v, int h) {
    return (static_cast<std::uint64_t>(h + F::bias + F::significand_bits - 1) << F::significand_bits) + v;
}

// below(2^k), through below.power_of_two(k) where below has it (uniform_real's
// digits, which then skip the test of n for a power of two).
template <class Below>
[[gnu::always_inline]] constexpr std::uint64_t below_power_of_two(Below& below, int k) {
    if constexpr (requires { below.power_of_two(k); })
        return below.power_of_two(k);
    else
        return k == 0 ? 0 : below(std::uint64_t{1} << k);  // (no call for 2^0)
}

// The bits of below's rolls where below says (below.word_bits), else 0.
template <class Below>
constexpr int word_bits_of() {
    if constexpr (requires { std::remove_cvref_t<Below>::word_bits; })
        return std::remove_cvref_t<Below>::word_bits;
    else
        return 0;
}

// A piece t, with s spare bits r (step 1).
struct floor_piece {
    std::int64_t t = 0;
    std::uint64_t r = 0;
    int s = 0;
};

// k uniform on [0, 2^j) (step 3): r's first j digits, or r and below(2^(j − s)).
template <class Below>
[[gnu::always_inline]] constexpr std::uint64_t low_digits(floor_piece p, int j, Below& below) {
    // no test of j where there are no spare bits (W a power of two, or no words):
    // j varies from draw to draw ([0, 1): j = 0 for half of them), so that the
    // test would be a mispredicted branch every other draw; below(2^0) is 0
    if (p.s == 0) return below_power_of_two(below, j);
    if (j <= p.s) return p.r >> (p.s - j);
    return (p.r << (j - p.s)) | below_power_of_two(below, j - p.s);
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
        : first_(ordinal<F>(a)), end_(ordinal<F>(b)), whole_(pieces_of<F>(a, b)),
          width_log2_((whole_.width & (whole_.width - 1)) == 0 ? __builtin_ctzll(whole_.width) : -1),
          width_bits_(64 - __builtin_clzll(whole_.width)) {}

    // The first piece inline, where it lies in one binade away from zero (t >= 1
    // or t <= −2: most draws of most intervals); the rest, and every draw that
    // starts again, in draw_from.
    template <class Below>
    [[gnu::always_inline]] constexpr std::uint64_t draw(Below&& below) const {
        const floor_piece p = first_piece(below);
        if (is_outer(p.t)) {
            const std::uint64_t x = outer_piece(p, whole_.g, below);
            const std::int64_t o = ordinal<F>(x);
            if (first_ <= o && o < end_) return x;
            return draw_from(whole_, first_piece(below), below);
        }
        return draw_from(whole_, p, below);
    }

private:
    // Step 1 on [a, b): its piece t, with spare bits where W is not a power of two.
    template <class Below>
    [[gnu::always_inline]] constexpr floor_piece first_piece(Below& below) const {
        if (width_log2_ >= 0) return {whole_.start + static_cast<std::int64_t>(below_power_of_two(below, width_log2_)), 0, 0};
        // R, the bits of the fewest rolls of word_bits that hold bits(W) + 6, at most 64
        constexpr int word_bits = word_bits_of<Below>();
        const int read = word_bits == 0 ? 0 : word_bits * ((width_bits_ + 6 + word_bits - 1) / word_bits);
        int s = (read > 64 ? 64 : read) - 6 - width_bits_;
        if (s <= 0) return {whole_.start + static_cast<std::int64_t>(below(whole_.width)), 0, 0};
        if (s > whole_.g - F::min_quantum) s = whole_.g - F::min_quantum;
        const std::uint64_t v = below(whole_.width << s);
        return {whole_.start + static_cast<std::int64_t>(v >> s), v & ((std::uint64_t{1} << s) - 1), s};
    }

    // A piece within one binade away from zero: not [0, 2^g) or [−2^g, 0).
    static constexpr bool is_outer(std::int64_t t) { return t >= 1 || t <= -2; }

    // Step 3 for a piece t >= 1 or t <= −2 of width 2^g: u·2^g its end nearer
    // zero (u >= 1), 2^h the quantum of u·2^g's binade, and x = t·2^g + k·2^h,
    // whose magnitude is v·2^h with v = u·2^j + k for t > 0 and
    // v = u·2^j + (2^j − k) for t < 0 (up to 2^(M+1): |t|·2^g may be the next
    // power of two, which positive_bits carries). No branch on the sign, which
    // varies from draw to draw across zero.
    template <class Below>
    [[gnu::always_inline]] static constexpr std::uint64_t outer_piece(floor_piece p, int g, Below& below) {
        const bool negative = p.t < 0;
        const auto u = static_cast<std::uint64_t>(negative ? -(p.t + 1) : p.t);
        const int h = quantum_exponent<F>(u, g);
        const int j = g - h;
        const std::uint64_t k = low_digits(p, j, below);
        const std::uint64_t v = (u << j) + (negative ? (std::uint64_t{1} << j) - k : k);
        return positive_bits<F>(v, h) | (negative ? F::sign_bit : 0);
    }

    // Steps 2–4 from the piece p of the pieces c, then from [a, b) again until a piece is kept.
    template <class Below>
    [[gnu::noinline]] constexpr std::uint64_t draw_from(floor_pieces c, floor_piece p, Below& below) const {
        for (;;) {
            const std::int64_t t = p.t;
            if ((t == 0 || t == -1) && c.g > F::min_exponent + 1) {  // a piece of several binades: U is uniform on it
                c = t == 0 ? pieces_of<F>(0, bits_of_value<F>(1, c.g)) : pieces_of<F>(bits_of_value<F>(-1, c.g), 0);
                p = {c.start + static_cast<std::int64_t>(below(c.width)), 0, 0};
            } else {
                std::uint64_t x;
                if (is_outer(t)) {
                    x = outer_piece(p, c.g, below);
                } else {  // [0, 2^g) or [−2^g, 0) within the smallest quantum's reach: h = min_quantum
                    const auto k = static_cast<std::int64_t>(low_digits(p, c.g - F::min_quantum, below));
                    x = bits_of_value<F>(t * (std::int64_t{1} << (c.g - F::min_quantum)) + k, F::min_quantum);
                }
                const std::int64_t o = ordinal<F>(x);
                if (first_ <= o && o < end_) return x;
                c = whole_;
                p = first_piece(below);
            }
        }
    }

    std::int64_t first_ = 0, end_ = 0;  // the ordinals of a and b
    floor_pieces whole_;        // the pieces of [a, b)
    int width_log2_ = -1;       // log2 of whole_.width where that is a power of two, else -1
    int width_bits_ = 0;        // the bits of whole_.width
};

// The bits of the floor of a U uniform on [a, b), a < b finite (as bits);
// below as above.
template <class F, class Below>
constexpr std::uint64_t floor_uniform(std::uint64_t a, std::uint64_t b, Below&& below) {
    return floor_uniform_draw<F>(a, b).draw(below);
}

}  // namespace rollplan::detail
