// expect: rollplan: is_exactly_distributed_v<P, Target> needs a target loaded<W...>
#include <rollplan/rollplan.hpp>
static_assert(rollplan::is_exactly_distributed_v<rollplan::plan_t<3, rollplan::d6>, int>);
