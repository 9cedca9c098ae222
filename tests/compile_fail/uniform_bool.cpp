// expect: rollplan: uniform_int_distribution<bool> is not allowed (as std's): for true or false, use bernoulli_distribution
// first error: use bernoulli_distribution
#include <rollplan/rollplan.hpp>
rollplan::uniform_int_distribution<bool> coin(false, true);
