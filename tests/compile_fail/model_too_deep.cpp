// expect: rollplan: the model counts at most max_model_depth (24) rolls
#include <rollplan/rollplan.hpp>
constexpr auto counts = rollplan::resolved_by_length(rollplan::description_v<rollplan::plan_t<29, rollplan::d6>>, 25);
