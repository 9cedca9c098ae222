// expect: rollplan: uniform_below(source, n) rolls one die; a source of several dice serves plans over a dice_set
#include <rollplan/rollplan.hpp>
using namespace rollplan;
int main() {
    auto dice = from_faces<dice_set<d6, d10>>([](count_t) { return 1; });
    return static_cast<int>(uniform_below(dice, 29));
}
