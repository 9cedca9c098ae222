// expect: rollplan: discrete_distribution<T, W...> needs at least one positive weight
// first error: rollplan: discrete_distribution<T, W...> needs at least one positive weight
#include <rollplan/rollplan.hpp>
rollplan::discrete_distribution<int, 0, 0> never;
