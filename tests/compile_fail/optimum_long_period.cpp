// expect: rollplan: the exact Knuth-Yao optimum for this N and K needs more than 128 bits
#include <rollplan/rollplan.hpp>
constexpr auto rolls = rollplan::optimal_expected_rolls(1000003, 2);
