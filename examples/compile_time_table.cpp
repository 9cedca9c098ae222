// Random data made by the compiler: a table of dice rolls and a shuffled deck,
// checked with static_assert, printed at run time. Both are the same on every
// compiler and platform (docs/spec.md).
#include <rollplan/rollplan.hpp>

#include <algorithm>
#include <array>
#include <cstdio>

namespace rp = rollplan;

// 600 rolls of a d6 from splitmix64 seeded with 2026.
constexpr auto rolls = rp::generate_array<600>(rp::uniform_int_distribution<int, 1, 6>{}, rp::splitmix64{2026});

constexpr std::array<int, 7> count_faces(const std::array<int, 600>& values) {
    std::array<int, 7> counts{};
    for (int v : values) ++counts[static_cast<std::size_t>(v)];
    return counts;
}
constexpr auto counts = count_faces(rolls);
static_assert(counts[0] == 0);
static_assert(counts[1] + counts[2] + counts[3] + counts[4] + counts[5] + counts[6] == 600);
// Each face near its expected 100: these bounds hold for this seed, and would
// fail for a table that got stuck or biased.
static_assert(std::ranges::all_of(std::array{counts[1], counts[2], counts[3], counts[4], counts[5], counts[6]},
                                  [](int c) { return c > 70 && c < 130; }));

// A deck of 52 cards shuffled by Fisher–Yates with exactly uniform indices.
constexpr auto deck = [] {
    std::array<int, 52> cards{};
    for (int i = 0; i < 52; ++i) cards[static_cast<std::size_t>(i)] = i;
    rp::shuffle(cards, rp::pcg32{2026});
    return cards;
}();
constexpr bool is_permutation_of_52(std::array<int, 52> cards) {
    std::ranges::sort(cards);
    for (int i = 0; i < 52; ++i)
        if (cards[static_cast<std::size_t>(i)] != i) return false;
    return true;
}
static_assert(is_permutation_of_52(deck));
static_assert(deck != [] {
    std::array<int, 52> cards{};
    for (int i = 0; i < 52; ++i) cards[static_cast<std::size_t>(i)] = i;
    return cards;
}());

int main() {
    std::printf("faces of 600 compile-time d6 rolls:");
    for (int face = 1; face <= 6; ++face) std::printf("  %d: %d", face, counts[static_cast<std::size_t>(face)]);
    std::printf("\nfirst 20 rolls:");
    for (std::size_t i = 0; i < 20; ++i) std::printf(" %d", rolls[i]);
    static constexpr const char* ranks = "A23456789TJQK";
    static constexpr const char* suits = "SHDC";
    std::printf("\nshuffled deck:");
    for (int card : deck) std::printf(" %c%c", ranks[card % 13], suits[card / 13]);
    std::printf("\n");
}
