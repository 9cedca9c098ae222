// expect: rollplan: a distribution draws from an engine you keep
// first error: rollplan: a distribution draws from an engine you keep
#include <rollplan/rollplan.hpp>
int roll() { return rollplan::uniform_int_distribution<int, 1, 6>{}(rollplan::splitmix64{1}) + rollplan::discrete_distribution<int, 1, 2>{}(rollplan::splitmix64{2}); }
