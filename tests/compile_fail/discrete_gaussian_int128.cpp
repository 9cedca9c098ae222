// expect: rollplan: discrete_gaussian_distribution<T> needs an integer type of at most 64 bits
// error lines: 1
// flags: -std=gnu++20
#include <rollplan/discrete_gaussian.hpp>

#include <random>
// a 128-bit result: the draw's arithmetic is 64-bit
int main() {
    std::mt19937_64 g;
    rollplan::discrete_gaussian_distribution<__int128> d(2.0);
    return static_cast<int>(d(g));
}
