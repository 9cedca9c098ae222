// expect: rollplan: uniform_below(source, n) needs n >= 1
#include <rollplan/rollplan.hpp>
constexpr auto value = rollplan::uniform_below(rollplan::splitmix64{1}, 0);
