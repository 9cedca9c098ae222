// expect: rollplan: normal_distribution<RealType> takes float or double
// error lines: 1
#include <rollplan/normal.hpp>

#include <random>
// long double: each value's share is exact only in a format rollplan lists (binary32, binary64)
int main() {
    rollplan::normal_distribution<long double> dist(0, 1);
    std::mt19937_64 g;
    return dist(g) < 1 ? 0 : 1;
}
