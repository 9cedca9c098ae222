#include <rollplan/detail/std_surface.hpp>
#include <rollplan/engines.hpp>

#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <ios>
#include <sstream>
#include <vector>

using namespace rollplan;

namespace {
// A distribution that writes only what is its own: the engine's word plus
// an offset. Everything else comes from std_surface.
class offset_word : public detail::std_surface<offset_word> {
public:
    using result_type = std::uint64_t;
    struct param_type {
        using distribution_type = offset_word;
        std::uint64_t offset = 0;
        friend constexpr bool operator==(const param_type&, const param_type&) = default;
    };
    constexpr offset_word() = default;
    constexpr explicit offset_word(std::uint64_t offset) : param_{offset} {}
    constexpr param_type param() const { return param_; }
    constexpr void param(const param_type& p) { param_ = p; }
    using detail::std_surface<offset_word>::operator();

private:
    friend detail::std_surface<offset_word>;
    template <class G>
    constexpr result_type draw(G&& g, const param_type& p) const {
        return static_cast<std::uint64_t>(g()) + p.offset;
    }
    template <class Stream>
    void write(Stream& os) const {
        os << param_.offset;
    }
    template <class Stream>
    void read(Stream& is) {
        std::uint64_t offset = 0;
        if (is >> offset) param_.offset = offset;
    }
    param_type param_;
};

// A counter as an engine: 0, 1, 2, … (usable in a constant expression).
struct counter {
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type{0}; }
    result_type next = 0;
    constexpr result_type operator()() { return next++; }
};

constexpr bool calls_agree() {
    counter g;
    const offset_word d(100);
    const std::uint64_t first = d(g), second = d(g, offset_word::param_type{7});
    std::array<std::uint64_t, 3> r{};
    d.generate_random(r, g);
    return first == 100 && second == 1 + 7 && r[0] == 102 && r[1] == 103 && r[2] == 104 && g.next == 5;
}
}  // namespace

TEST_CASE("std_surface: d(g) is d(g, d.param()), and generate_random draws d(g) in order", "[std_surface]") {
    STATIC_REQUIRE((calls_agree()));
}

TEST_CASE("std_surface: == compares the parameters, reset keeps them", "[std_surface]") {
    offset_word a(3), b(3), c(4);
    REQUIRE(a == b);
    REQUIRE(a != c);
    c.param(offset_word::param_type{3});
    REQUIRE(a == c);
    c.reset();
    REQUIRE(c.param().offset == 3);
}

TEST_CASE("std_surface: << and >> in decimal whatever the stream's flags, which they restore", "[std_surface]") {
    std::ostringstream out;
    out << std::hex << std::showbase;
    out << offset_word(255);
    REQUIRE(out.str() == "255");
    REQUIRE((out.flags() & std::ios::basefield) == std::ios::hex);
    REQUIRE((out.flags() & std::ios::showbase) != 0);
    std::istringstream in("255");
    in >> std::hex;
    offset_word d;
    in >> d;
    REQUIRE(d == offset_word(255));
    REQUIRE((in.flags() & std::ios::basefield) == std::ios::hex);
}
