// expect: rollplan: generate with a parallel policy needs a counter-based engine (philox4x32, philox4x64)
#include <rollplan/parallel.hpp>
#include <rollplan/rollplan.hpp>
#include <vector>
void fill() {
    std::vector<int> v(100);
    rollplan::xoshiro256starstar engine(1);
    rollplan::uniform_int_distribution<int> d(1, 6);
    rollplan::generate(std::execution::par, v.begin(), v.end(), d, engine);
}
