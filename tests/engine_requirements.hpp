// tests/engine_requirements.hpp: the requirements of a random number engine
// ([rand.req.eng]), line by line, as Catch2 sections: for rollplan's engines
// (tests/engines.cpp) and its counter-based ones (tests/philox.cpp).
#pragma once

#include <catch2/catch.hpp>
#include <iomanip>
#include <random>
#include <sstream>
#include <type_traits>

template <class E>
void check_random_number_engine() {
    STATIC_REQUIRE(std::is_unsigned_v<typename E::result_type>);
    STATIC_REQUIRE(E::min() < E::max());
    STATIC_REQUIRE(std::is_convertible_v<decltype(E::default_seed), typename E::result_type>);

    SECTION("E(), E(s), seed(), seed(s)") {
        REQUIRE(E() == E(E::default_seed));
        E e(99);
        REQUIRE(e != E());
        e();
        e.seed();
        REQUIRE(e == E());
        e.seed(1234);
        REQUIRE(e == E(1234));
        REQUIRE(E(1234) != E(1235));
        E copy(e);
        REQUIRE(copy == e);
        REQUIRE(copy() == e());
    }
    SECTION("E(q), seed(q): the same sequence gives the same engine, another another") {
        std::seed_seq q1{1, 2, 3}, q1_again{1, 2, 3}, q2{1, 2, 4};
        const E from_q1(q1);
        REQUIRE(from_q1 == E(q1_again));
        REQUIRE(from_q1 != E(q2));
        E e(5);
        e.seed(q1);
        REQUIRE(e == from_q1);
    }
    SECTION("discard(z) is z calls") {
        for (unsigned long long z : {0ull, 1ull, 2ull, 3ull, 100ull, 1000ull}) {
            E skipped(7), stepped(7);
            skipped.discard(z);
            for (unsigned long long i = 0; i < z; ++i) stepped();
            REQUIRE(skipped == stepped);
            REQUIRE(skipped() == stepped());
        }
    }
    SECTION("x == y compares the whole state") {
        E x(3), y(3);
        x();
        REQUIRE(x != y);
        REQUIRE_FALSE(x == y);
        y();
        REQUIRE(x == y);
    }
    SECTION("os << x then is >> v gives v == x, and the same outputs after") {
        E x(42);
        x.discard(17);
        std::stringstream stream;
        stream << std::hex << std::showbase << std::setw(30) << std::setfill('*');  // the caller's flags
        stream << x;
        REQUIRE((stream.flags() & std::ios_base::basefield) == std::ios_base::hex);  // restored
        REQUIRE(stream.fill() == '*');
        E v(1);
        stream >> v;
        REQUIRE(stream);
        REQUIRE(v == x);
        for (int i = 0; i < 100; ++i) REQUIRE(v() == x());
    }
    SECTION("is >> v on bad input sets failbit and leaves v as it was") {
        const E before(8);
        for (const char* text : {"", "x12", "-", "99999999999999999999999"}) {
            INFO("input: '" << text << "'");
            std::istringstream in(text);
            E v = before;
            in >> v;
            REQUIRE(in.fail());
            REQUIRE(v == before);
        }
    }
    SECTION("seeding, stepping and comparing in constant expressions") {
        constexpr bool fine = [] {
            E a, b(E::default_seed);
            a.seed(11);
            b.seed(11);
            a.discard(5);
            for (int i = 0; i < 5; ++i) b();
            return a == b;
        }();
        STATIC_REQUIRE(fine);
    }
}
