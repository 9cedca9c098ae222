#include <rollplan/engines.hpp>
#include <rollplan/seed.hpp>
#include <rollplan/seeded.hpp>

#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>

using namespace rollplan;

TEST_CASE("build_seed is a compile-time constant that differs by call site", "[seed]") {
    constexpr auto here = build_seed();
    constexpr auto there = build_seed();  // another line
    STATIC_REQUIRE(here != there);
    STATIC_REQUIRE(build_seed("a.cpp", 1) != build_seed("b.cpp", 1));
    STATIC_REQUIRE(build_seed("a.cpp", 1) == build_seed("a.cpp", 1));
}

TEST_CASE("the hash behind it", "[seed]") {
    // FNV-1a's published values for "" and "a"
    STATIC_REQUIRE(detail::fnv1a("") == 0xcbf29ce484222325ULL);
    STATIC_REQUIRE(detail::fnv1a("a") == 0xaf63dc4c8601ec8cULL);
}

namespace {
// A device of 32-bit words 1, 2, 3, … that counts its calls.
struct counting_device {
    using result_type = std::uint32_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return 0xffffffffu; }
    result_type next = 1;
    std::size_t calls = 0;
    result_type operator()() {
        ++calls;
        return next++;
    }
};
struct constant_device {
    using result_type = unsigned int;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return 0xffffffffu; }
    result_type value;
    result_type operator()() { return value; }
};
struct wide_device {  // 64-bit words
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~std::uint64_t{0}; }
    std::uint64_t next = 1;
    result_type operator()() { return next++ * 0x100000001ull; }
};
// The seed sequence that gives the words 1, 2, 3, …: what seeded<> must equal.
struct counting_words {
    using result_type = std::uint32_t;
    template <class It>
    void generate(It first, It last) {
        std::uint32_t w = 1;
        for (; first != last; ++first) *first = w++;
    }
};
}  // namespace

TEST_CASE("seeded<Engine>: every word of the state from the device, and a constant device refused", "[seed]") {
    counting_device device;
    const auto mt = seeded<std::mt19937>(device);
    REQUIRE(device.calls == 624);  // std::mt19937 asks 624 words: each is the device's
    counting_words words;
    REQUIRE(mt == std::mt19937(words));
    counting_device again;
    const auto mt64 = seeded<std::mt19937_64>(again);
    REQUIRE(again.calls == 624);  // 312 words of 64 bits
    counting_words more;
    REQUIRE(mt64 == std::mt19937_64(more));
    counting_device few;
    const auto s = seeded<splitmix64>(few);
    REQUIRE(few.calls == 16);  // the 16 words read to check the device; splitmix64 takes 2
    counting_words two;
    REQUIRE(s == splitmix64(two));
    // a device of 64-bit words: low half, then high half
    wide_device wide;
    const auto x = seeded<xoshiro256starstar>(wide);
    REQUIRE(wide.next == 9);  // 16 words: 8 device calls
    REQUIRE(x != xoshiro256starstar{});
    // constant devices: MinGW's fixed sequence starts anywhere; WSL's all ones
    constant_device ones{0xffffffffu}, zeros{0};
    REQUIRE_THROWS_WITH(seeded<std::mt19937>(ones), Catch::Contains("rollplan: the random device returned the same value 16 times") &&
                                                       Catch::Contains("value = 4294967295"));
    REQUIRE_THROWS_AS(seeded<splitmix64>(zeros), std::runtime_error);
    // the real one
    const auto a = seeded<std::mt19937_64>(), b = seeded<std::mt19937_64>();
    REQUIRE(a != b);
}
