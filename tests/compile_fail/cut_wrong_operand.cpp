// expect: rollplan: cut<P, W...> needs P with as many outcomes as its weights add up to
#include <rollplan/rollplan.hpp>
// weights 3 and 2 cut 5 values; a d6 has 6
using plan = rollplan::cut<rollplan::roll<rollplan::d6>, 3, 2>;
constexpr auto outcomes = plan::outcomes;
