// expect: rollplan: negative_binomial_distribution<T> needs an integer type T
// error lines: 1
// flags: -std=c++20
#include <rollplan/negative_binomial.hpp>

#include <random>
// a count of failures is an integer: std's negative_binomial_distribution<double> is undefined behaviour
int main() {
    std::mt19937_64 g;
    rollplan::negative_binomial_distribution<double> d(3, 0.5);
    return static_cast<int>(d(g));
}
