// expect: rollplan: recycle<P, M> never rejects
#include <rollplan/rollplan.hpp>
rollplan::recycle<rollplan::roll<rollplan::d6>, 3> always_accepts;
