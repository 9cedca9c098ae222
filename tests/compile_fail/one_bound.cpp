// expect: rollplan: uniform_int_distribution<T, A, B> needs both bounds, or neither for bounds given at run time
#include <rollplan/rollplan.hpp>
rollplan::uniform_int_distribution<int, 1> dist;
