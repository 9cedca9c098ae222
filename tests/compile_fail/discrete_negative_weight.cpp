// expect: rollplan: a weight of discrete_distribution<T, W...> is negative
#include <rollplan/rollplan.hpp>
rollplan::discrete_distribution<int, 3, -2, 1> table;
