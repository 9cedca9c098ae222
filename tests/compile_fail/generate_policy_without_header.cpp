// expect: rollplan: generate(policy, first, last, dist, engine) takes a standard execution policy
// expect: needs #include <rollplan/parallel.hpp>
#include <rollplan/rollplan.hpp>
#include <vector>
struct not_a_policy {};
void fill() {
    std::vector<int> v(100);
    rollplan::philox4x64 engine(1);
    rollplan::uniform_int_distribution<int> d(1, 6);
    rollplan::generate(not_a_policy{}, v.begin(), v.end(), d, engine);
}
