// expect: rollplan: uniform_int_distribution<T, A, B>: the bound B does not fit in T
#include <rollplan/rollplan.hpp>
// 3·10^9 is past INT_MAX: an int distribution cannot reach it
rollplan::uniform_int_distribution<int, 0, 3000000000u> dist;
