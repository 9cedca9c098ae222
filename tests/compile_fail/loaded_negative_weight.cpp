// expect: rollplan: a weight of loaded<W...> is negative
#include <rollplan/rollplan.hpp>
rollplan::loaded_plan_t<rollplan::loaded<3, -1, 2>, rollplan::d6> plan;
