// expect: rollplan: exact_distribution<P>() lists at most 4096 outcomes
#include <rollplan/rollplan.hpp>
auto masses = rollplan::exact_distribution<rollplan::plan_t<5000, rollplan::d6>>();
