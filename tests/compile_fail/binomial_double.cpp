// expect: rollplan: binomial_distribution<T> needs an integer type T
// error lines: 1
// flags: -std=c++20
#include <rollplan/binomial.hpp>

#include <random>
// a count of successes is an integer: std's binomial_distribution<double> is undefined behaviour
int main() {
    std::mt19937_64 g;
    rollplan::binomial_distribution<double> d(10, 0.5);
    return static_cast<int>(d(g));
}
