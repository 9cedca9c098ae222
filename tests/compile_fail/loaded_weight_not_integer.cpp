// expect: rollplan: the weights of loaded<W...> must be integers
#include <rollplan/rollplan.hpp>
enum class face { one, two };
rollplan::loaded_plan_t<rollplan::loaded<3, face::two>, rollplan::d6> plan;
