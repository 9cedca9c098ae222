// A program that uses rollplan as a project that depends on it would: built
// by tests/consume/CMakeLists.txt (or with pkg-config) under the strict
// warning set, and run by tests/consume/check.sh.
#include <rollplan/rollplan.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace rp = rollplan;

using d29 = rp::plan_t<29, rp::d6>;
static_assert(rp::is_exactly_uniform_v<d29>);
static_assert(rp::certify_optimal<d29>());
static_assert(rp::verify_exhaustively<d29>(3));

int main() {
    if (std::strcmp(ROLLPLAN_VERSION_STRING, ROLLPLAN_EXPECTED_VERSION) != 0) {
        std::printf("version.hpp says %s, the package %s\n", ROLLPLAN_VERSION_STRING, ROLLPLAN_EXPECTED_VERSION);
        return 1;
    }
    std::mt19937 engine(1);
    rp::uniform_int_distribution<int, 1, 29> dist;
    const int x = dist(engine);

    rp::splitmix64 words(2);
    std::vector<int> rolls(100);
    rp::generate(rolls, rp::uniform_int_distribution<int, 1, 6>{}, words);
    std::array<int, 52> deck{};
    for (std::size_t i = 0; i < deck.size(); ++i) deck[i] = static_cast<int>(i);
    rp::shuffle(deck, words);
    const std::uint64_t below = rp::uniform_below(words, 1000);

    std::random_device device;
    rp::entropy_pool<std::random_device> pool(device);
    const std::uint64_t card = pool.draw<52>();

    const bool in_range = x >= 1 && x <= 29 && below < 1000 && card < 52 && rolls[0] >= 1 && rolls[0] <= 6;
    std::printf("rollplan %s: d29 = %d, %s\n", ROLLPLAN_VERSION_STRING, x, in_range ? "in range" : "OUT OF RANGE");
    std::printf("%s", rp::describe<d29>().c_str());
    return in_range ? 0 : 1;
}
