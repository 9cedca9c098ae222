// detail/probability.hpp: a probability as given — a double's exact value,
// a rational a/b — and its text.
#include <rollplan/detail/probability.hpp>

#include <catch2/catch.hpp>

using namespace rollplan;
using detail::probability;

TEST_CASE("probability: a double's exact binary value, or a/b as given", "[probability]") {
    const probability tenth = detail::exact_probability(0.1);  // 3602879701896397 / 2^55
    REQUIRE(!tenth.ratio);
    REQUIRE(tenth.numerator == 3602879701896397u);
    REQUIRE(tenth.bits == 55);
    const probability half = detail::exact_probability(0.5), one = detail::exact_probability(1.0), zero = detail::exact_probability(0.0);
    REQUIRE((half.numerator == 1 && half.bits == 1));
    REQUIRE((one.is_one() && !one.is_zero() && one.bits == 0));
    REQUIRE((zero.is_zero() && !zero.is_one()));
    REQUIRE(detail::exact_probability(5e-324).bits == 1074);
    const probability third = detail::exact_probability(rational{2, 6});  // in lowest terms
    REQUIRE((third.ratio && third.numerator == 1 && third.denominator == 3));
    REQUIRE(detail::exact_probability(rational{7, 7}).is_one());
    REQUIRE(!detail::exact_probability(rational{6, 7}).is_one());
    REQUIRE(detail::exact_probability(rational{1, two_to_64}).denominator == two_to_64);
    // the same value as given two ways is two parameters (as bernoulli_distribution compares them)
    REQUIRE(!(detail::exact_probability(rational{1, 2}) == half));
    REQUIRE(detail::exact_probability(rational{1, 2}) == detail::exact_probability(rational{3, 6}));
}

TEST_CASE("probability: its text reads back as the same probability", "[probability]") {
    for (const probability& p : {detail::exact_probability(0.1), detail::exact_probability(5e-324), detail::exact_probability(1.0),
                                 detail::exact_probability(0.0), detail::exact_probability(rational{1, 3}),
                                 detail::exact_probability(rational{~std::uint64_t{0}, two_to_64})}) {
        const std::string text = p.text();
        INFO(text);
        probability back;
        REQUIRE(detail::read_probability(text, back));
        REQUIRE(back == p);
    }
    REQUIRE(detail::exact_probability(0.1).text() == "0.10000000000000001");
    REQUIRE(detail::exact_probability(rational{1, 3}).text() == "1/3");
    probability p = detail::exact_probability(0.25);
    for (const char* bad : {"", "1.5", "2/1", "1/0", "-1", "1e-400", "0.5x", "/2"}) {
        INFO(bad);
        REQUIRE_FALSE(detail::read_probability(bad, p));
    }
    REQUIRE(p == detail::exact_probability(0.25));  // kept
}
