// The distribution's header alone, nothing used.
#include <rollplan/distribution.hpp>
