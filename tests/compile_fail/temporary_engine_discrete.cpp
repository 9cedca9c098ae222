// expect: rollplan: a distribution draws from an engine you keep
// first error: rollplan: a distribution draws from an engine you keep
#include <rollplan/rollplan.hpp>
#include <random>
int pick() { return rollplan::discrete_distribution<int>({1.0, 2.0})(std::mt19937_64{1}); }
