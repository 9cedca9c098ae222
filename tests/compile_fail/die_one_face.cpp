// expect: rollplan: a die needs at least 2 faces
#include <rollplan/rollplan.hpp>
using plan = rollplan::plan_t<3, rollplan::die<1>>;
plan p;
