// The whole library included, nothing used.
#include <rollplan/rollplan.hpp>
