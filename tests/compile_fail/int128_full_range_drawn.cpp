// expect: rollplan: uniform_int_distribution<T, A, B> covers at most 2^64 values
// error lines: 1
// flags: -std=gnu++20
#include <rollplan/rollplan.hpp>

#include <random>
#include <vector>
// every unsigned 128-bit value, drawn and generated: the refusal is the one error, not the first
// of a cascade from the plans and batches of a distribution that does not exist
__extension__ typedef unsigned __int128 u128;
int main() {
    rollplan::uniform_int_distribution<u128, 0, ~u128{0}> dist;
    std::mt19937_64 g;
    std::vector<u128> values(10);
    rollplan::generate(values.begin(), values.end(), dist, g);
    return static_cast<int>(dist(g));
}
