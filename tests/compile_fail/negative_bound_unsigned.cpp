// expect: rollplan: uniform_int_distribution<T, A, B>: the bound A does not fit in T
#include <rollplan/rollplan.hpp>
// once <-3, 3u>, which silently gave unsigned values (4294967293 …)
rollplan::uniform_int_distribution<unsigned, -3, 3u> dist;
