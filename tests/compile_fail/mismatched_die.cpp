// expect: rollplan: the plan rolls a die the source does not roll
#include <rollplan/rollplan.hpp>
int main() {
    auto d8 = rollplan::from_faces<rollplan::d8>([] { return 3; });
    return static_cast<int>(rollplan::sample<rollplan::plan_t<5, rollplan::d6>>(d8));
}
