// expect: rollplan: discrete_gaussian_distribution<T> needs a signed integer type T
// error lines: 1
// flags: -std=gnu++20
#include <rollplan/discrete_gaussian.hpp>

#include <random>
// an unsigned result: half of the values are negative
int main() {
    std::mt19937_64 g;
    rollplan::discrete_gaussian_distribution<unsigned> d(2.0);
    return static_cast<int>(d(g));
}
