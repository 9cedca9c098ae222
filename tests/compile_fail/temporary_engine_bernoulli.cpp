// expect: rollplan: a distribution draws from an engine you keep
// first error: rollplan: a distribution draws from an engine you keep
#include <rollplan/rollplan.hpp>
#include <random>
bool flip() { return rollplan::bernoulli_distribution(0.5)(std::minstd_rand{1}); }
