// rollplan/detail/von_neumann.hpp: von Neumann's exact exponential (1951),
// its uniforms drawn digit by digit as Karney 2016 does (his Algorithm V):
// E = k + x with density e^−E on [0, ∞), of which a draw knows the integer k
// and x's first digits; x's further digits are uniform and independent of
// what was read, so the caller draws them when it needs them.
//
// A lazy uniform is the digits of a number uniform on [0, 1) drawn so far, in
// the base of the draw's digit stream (lazy_uniform.hpp). Whether a new
// uniform u is below w: at positions i = 0, 1, …, w's digit i (drawn first,
// when not yet known), then u's; the first position where they differ
// decides (a tie has probability 0).
//
// An attempt: x a new uniform, w = x, n = 0; while a new uniform u < w:
// w = u, n += 1. Given x, n >= i is the event x > u_1 > … > u_i, of
// probability x^i/i!, so n is even with probability 1 − x + x²/2 − … = e^−x.
// Even: E = k + x. Odd: k += 1 and a new attempt. An attempt is kept with
// probability ∫ e^−x dx = 1 − e^−1, so P(k) = e^−k(1 − e^−1), and the x kept
// has density e^−x/(1 − e^−1) on [0, 1): E has density e^−E.
// Invariant: an attempt's outcome depends on x only through the digits it
// read, so x given them is uniform on the interval they leave.
// docs/spec.md, section 4.
#pragma once

#include "config.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rollplan::detail {

// A uniform on [0, 1) as its digits drawn so far, the first first: up to
// 32 held in place (an attempt's uniforms read a few digits each: on bits,
// more than 32 with probability about 2^−32), more in a vector.
class lazy_digits {
public:
    std::size_t size() const { return size_; }
    std::uint64_t operator[](std::size_t i) const { return i < local ? here_[i] : far_[i - local]; }
    void push_back(std::uint64_t digit) {
        if (size_ < local)
            here_[size_] = digit;
        else
            far_.push_back(digit);
        ++size_;
    }
    void clear() {
        size_ = 0;
        far_.clear();
    }
    // digit i, drawn from the stream (with those before it) when not yet known
    template <class Stream>
    std::uint64_t at(std::size_t i, Stream& stream) {
        while (size_ <= i) push_back(stream.next());
        return (*this)[i];
    }

private:
    static constexpr std::size_t local = 32;
    std::size_t size_ = 0;
    std::uint64_t here_[local];
    std::vector<std::uint64_t> far_;
};

// Whether a new uniform u is below w (u has no digit yet).
template <class Stream>
bool below(lazy_digits& u, lazy_digits& w, Stream& stream) {
    for (std::size_t i = 0;; ++i) {
        const std::uint64_t wi = w.at(i, stream);
        const std::uint64_t ui = u.at(i, stream);
        if (ui != wi) return ui < wi;
    }
}

// One attempt on x (a new uniform): whether it is kept (n even). w is x, then
// each u found below it; two other uniforms take turns as u and w. After each
// u < w, step() is asked too, and n counts on only when it says true: with
// steps true with probability c each (independent of the uniforms), n >= i
// has probability (c·x)^i/i!, and n is even with probability e^−cx (Karney's
// Algorithm B, detail/karney_normal.hpp); exponential_attempt's step is true.
template <class Stream, class Step>
bool von_neumann_attempt(lazy_digits& x, Stream& stream, Step&& step) {
    lazy_digits first, second;
    lazy_digits* w = &x;
    lazy_digits* u = &first;
    lazy_digits* spare = &second;
    bool even = true;
    while (below(*u, *w, stream) && step()) {
        lazy_digits* const was_w = w;
        w = u;
        u = was_w == &x ? spare : was_w;  // a new uniform: never x, never the new w
        spare = nullptr;
        u->clear();
        even = !even;
    }
    return even;
}
template <class Stream>
bool exponential_attempt(lazy_digits& x, Stream& stream) {
    return von_neumann_attempt(x, stream, [] { return true; });
}

// E = k + x: attempts until one is kept; k the attempts before it, x its
// uniform (the digits read).
struct exponential_value {
    std::uint64_t k = 0;
    lazy_digits x;
};
template <class Stream>
exponential_value von_neumann_exponential(Stream& stream) {
    exponential_value e;
    while (!exponential_attempt(e.x, stream)) {
        ++e.k;
        e.x.clear();
    }
    return e;
}

}  // namespace rollplan::detail
