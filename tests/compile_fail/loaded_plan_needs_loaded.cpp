// expect: rollplan: loaded_plan_t<Target, Die> needs a target loaded<W...>, like loaded<3, 2, 1>
#include <rollplan/rollplan.hpp>
rollplan::loaded_plan_t<int, rollplan::d6> plan;
