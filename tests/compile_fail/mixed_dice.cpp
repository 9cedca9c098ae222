// expect: rollplan: the operands of mixed_radix<...> roll different dice
#include <rollplan/rollplan.hpp>
rollplan::mixed_radix<rollplan::roll<rollplan::d6>, rollplan::roll<rollplan::d4>> mixed;
