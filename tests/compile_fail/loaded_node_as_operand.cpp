// expect: rollplan: the operand of reject<P, M> must be a plan, not a loaded one
#include <rollplan/rollplan.hpp>
using plan = rollplan::reject<rollplan::cut<rollplan::roll<rollplan::d6>, 3, 2, 1>, 2>;
constexpr auto outcomes = plan::outcomes;
