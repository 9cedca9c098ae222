// expect: rollplan: the plan is for a die with a different number of faces than the source
#include <rollplan/rollplan.hpp>
int main() {
    auto d8 = rollplan::from_faces<rollplan::d8>([] { return 3; });
    return static_cast<int>(rollplan::sample<rollplan::plan_t<5, rollplan::d6>>(d8));
}
