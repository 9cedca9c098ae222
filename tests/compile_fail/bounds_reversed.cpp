// expect: rollplan: uniform_int_distribution<A, B> needs A <= B
#include <rollplan/rollplan.hpp>
rollplan::uniform_int_distribution<6, 1> dist;
