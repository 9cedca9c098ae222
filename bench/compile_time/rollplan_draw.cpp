// The whole library and one draw of a d6 from its own engine.
#include <rollplan/rollplan.hpp>

int draw(rollplan::splitmix64& engine) { return rollplan::uniform_int_distribution<int, 1, 6>{}(engine); }
