// expect: rollplan: uniform_int_distribution<T, A, B> has its bounds at compile time
// first error: rollplan: uniform_int_distribution<T, A, B> has its bounds at compile time
#include <rollplan/rollplan.hpp>
rollplan::uniform_int_distribution<int, 1, 6> d(1, 6);
