// rollplan/seed.hpp: an opt-in seed fixed when the program is compiled.
//
// build_seed() hashes __DATE__, __TIME__ and the calling file and line
// (FNV-1a, then the splitmix64 mix), so each build and each call site gets its
// own seed, known at compile time. That makes two builds of the same source
// differ: for reproducible builds define ROLLPLAN_BUILD_SEED (e.g.
// -DROLLPLAN_BUILD_SEED=42), and build_seed() returns that number wherever it
// is called.
#pragma once

#include "detail/config.hpp"

#include <cstdint>

namespace rollplan {

namespace detail {

constexpr std::uint64_t fnv1a(const char* text, std::uint64_t hash = 0xcbf29ce484222325ULL) {
    for (; *text != '\0'; ++text) hash = (hash ^ static_cast<unsigned char>(*text)) * 0x100000001b3ULL;
    return hash;
}

constexpr std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace detail

constexpr std::uint64_t build_seed(const char* file = __builtin_FILE(), unsigned line = __builtin_LINE()) {
#ifdef ROLLPLAN_BUILD_SEED
    (void)file;
    (void)line;
    return static_cast<std::uint64_t>(ROLLPLAN_BUILD_SEED);
#else
    const std::uint64_t when = detail::fnv1a(__DATE__ " " __TIME__);
    return detail::mix64(detail::fnv1a(file, when) ^ line);
#endif
}

}  // namespace rollplan
