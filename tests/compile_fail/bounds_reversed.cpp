// expect: rollplan: uniform_int_distribution<T, A, B> needs A <= B
#include <rollplan/rollplan.hpp>
rollplan::uniform_int_distribution<int, 6, 1> dist;
