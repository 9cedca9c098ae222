// expect: rollplan: fold<P, M> needs M to divide the outcomes of P
#include <rollplan/rollplan.hpp>
rollplan::fold<rollplan::roll<rollplan::d6>, 4> biased;
