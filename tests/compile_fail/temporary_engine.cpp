// expect: rollplan: a distribution draws from an engine you keep
// first error: rollplan: a distribution draws from an engine you keep
#include <rollplan/rollplan.hpp>
#include <random>
// std takes the engine by lvalue reference; a temporary would give the same value every call
int roll() { return rollplan::uniform_int_distribution<int>(1, 6)(std::mt19937{1}); }
