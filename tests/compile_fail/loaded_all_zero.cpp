// expect: rollplan: loaded<W...> needs a positive weight (all of them are zero)
#include <rollplan/rollplan.hpp>
rollplan::loaded_plan_t<rollplan::loaded<0, 0>, rollplan::d6> plan;
