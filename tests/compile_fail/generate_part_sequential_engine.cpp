// expect: rollplan: generate_part needs a counter-based engine (philox4x32, philox4x64)
#include <rollplan/rollplan.hpp>
#include <vector>
void fill() {
    std::vector<int> v(100);
    rollplan::pcg32 engine(1);
    rollplan::uniform_int_distribution<int> d(1, 6);
    rollplan::generate_part(v.begin(), v.end(), d, engine, 1000);
}
