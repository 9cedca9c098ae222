// expect: rollplan: the operand of knuth_yao<P, W...> is roll<D>: the tree rolls one die
#include <rollplan/rollplan.hpp>
using plan = rollplan::knuth_yao<rollplan::fold<rollplan::roll<rollplan::d6>, 2>, 1, 2>;
constexpr auto outcomes = plan::outcomes;
