// expect: rollplan: N must be at least 1
#include <rollplan/rollplan.hpp>
using plan = rollplan::plan_t<0, rollplan::d6>;
plan p;
