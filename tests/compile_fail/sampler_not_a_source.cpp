// expect: rollplan: sample<P>(source) needs a uniform random bit generator
#include <rollplan/rollplan.hpp>
int main() {
    int not_a_source = 4;
    return static_cast<int>(rollplan::sample<rollplan::plan_t<5, rollplan::d6>>(not_a_source));
}
