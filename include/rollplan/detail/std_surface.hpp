// rollplan/detail/std_surface.hpp: what [rand.req.dist] asks of every
// distribution in the same words, written once.
//
// A distribution D derives from std_surface<D>, brings in its calls
// (`using detail::std_surface<D>::operator();`), makes std_surface<D> a
// friend, and writes only what is its own:
//   result_type, param_type (with its own ==), its constructors, param() and
//   param(p), min(), max();
//   draw(g, p): one value for the parameters p from g, an engine or a
//     rollplan source, already checked here;
//   write(os) and read(is): its text, numbers only (the stream is set to
//     decimal, and restored, here: decimal_stream.hpp); read sets failbit
//     and leaves D as it was on text it does not take.
// From here: d(g), which is d(g, d.param()); d(g, p); reset(), a no-op (no
// distribution keeps values between draws); d == e, their parameters equal;
// generate_random(r, g), d(g) for each element of r in order (C++26, LWG
// 4077); os << d and is >> d.
#pragma once

#include "config.hpp"

#include <iosfwd>
#include <iterator>
#include <ranges>
#include <type_traits>
#include <utility>

#include "../die.hpp"
#include "decimal_stream.hpp"

namespace rollplan::detail {

template <class G>
concept distribution_source = uniform_random_bit_generator<std::remove_cvref_t<G>> || die_source<G>;

// An engine passed as a temporary, d(std::mt19937{1}): std takes the engine by
// lvalue reference and refuses it; a draw would advance a copy and give the
// same value every call. rollplan's sources (from_faces, from_values) may be
// temporaries: they hold the callable that rolls.
template <class G>
inline constexpr bool is_temporary_engine = !std::is_lvalue_reference_v<G> && !die_source<G> &&
                                            uniform_random_bit_generator<std::remove_cvref_t<G>>;
template <class G>
constexpr void refuse_temporary_engine() {
    static_assert(!is_temporary_engine<G>,
                  "rollplan: a distribution draws from an engine you keep (a named engine, an lvalue), as std's does: "
                  "a temporary engine such as d(std::mt19937{1}) would give the same value every call");
}

// generate_random's fill: *it = dist(g) for each element in order. dist is
// a copy: a local that the output cannot alias, so that its parameters stay
// in registers.
template <class R, class Dist, class G>
constexpr void draw_each(R& range, const Dist dist, G& g) {
    for (auto it = std::ranges::begin(range), end = std::ranges::end(range); it != end; ++it) *it = dist(g);
}

// P is D's parameters (a concept, so that D, which derives from std_surface<D>,
// is complete when it is asked).
template <class P, class D>
concept parameters_of = std::is_same_v<P, typename D::param_type>;

template <class D>
class std_surface {
public:
    // Always inlined: on an engine word a draw of uniform_int_distribution is
    // a few instructions, and a loop of them keeps the engine and the
    // parameters in registers only when these calls leave no frame.
    template <class G>
    [[gnu::always_inline]] constexpr auto operator()(G&& g) const {
        return (*this)(std::forward<G>(g), self().param());
    }
    template <class G, class P>
        requires parameters_of<P, D>
    [[gnu::always_inline]] constexpr auto operator()(G&& g, const P& p) const {
        refuse_temporary_engine<G>();
        static_assert(distribution_source<G>,
                      "rollplan: a distribution needs a uniform random bit generator (like std::mt19937) "
                      "or a rollplan source (from_faces, from_values)");
        if constexpr (distribution_source<G>)
            return self().draw(std::forward<G>(g), p);
        else
            return typename D::result_type{};
    }

    constexpr void reset() {}

    template <class R, class G>
    constexpr void generate_random(R&& r, G&& g) const {
        draw_each(r, self(), g);
    }

    friend constexpr bool operator==(const D& x, const D& y) { return x.param() == y.param(); }

    template <class CharT, class Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const D& d) {
        const decimal_stream<std::basic_ostream<CharT, Traits>> decimal(os);
        write(d, os);
        return os;
    }
    template <class CharT, class Traits>
    friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, D& d) {
        const decimal_stream<std::basic_istream<CharT, Traits>> decimal(is);
        read(d, is);
        return is;
    }

private:
    constexpr const D& self() const { return static_cast<const D&>(*this); }
    // D's write and read are private, for D's friend std_surface<D> only.
    template <class Stream>
    static void write(const D& d, Stream& os) { d.write(os); }
    template <class Stream>
    static void read(D& d, Stream& is) { d.read(is); }
};

}  // namespace rollplan::detail
