// expect: rollplan: the plan rolls a die the source does not roll
#include <rollplan/rollplan.hpp>
using namespace rollplan;
int main() {
    // the d30 plan rolls a d6 and a d10; the source holds a d6 and a d8
    auto faces = from_faces<dice_set<d6, d8>>([](count_t) { return 1; });
    return static_cast<int>(sample<plan_t<30, dice_set<d6, d10>>>(faces));
}
