// expect: rollplan: uniform_int_distribution needs a <= b
#include <rollplan/rollplan.hpp>
constexpr rollplan::uniform_int_distribution<int> dist(6, 1);
