// expect: rollplan: the operands of mixed_radix<...> roll more than 8 kinds of dice
#include <rollplan/rollplan.hpp>
using namespace rollplan;
// digits of different dice are fine (a plan over a dice_set); nine kinds are more than a set holds
mixed_radix<roll<die<2>>, roll<die<3>>, roll<die<4>>, roll<die<5>>, roll<die<6>>, roll<die<7>>, roll<die<8>>,
            roll<die<9>>, roll<die<10>>>
    mixed;
