// expect: rollplan: generate_canonical<RealType, digits> needs a binary floating-point RealType
// error lines: 1
#include <rollplan/generate_canonical.hpp>

#include <random>
// an integer type asked for a value of [0, 1)
int main() {
    std::mt19937 g;
    return rollplan::generate_canonical<int, 10>(g);
}
