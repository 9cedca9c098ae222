// expect: rollplan: recycle_set<Dice, M> needs two dice or more; with one, recycle<roll<D>, M>
#include <rollplan/rollplan.hpp>
rollplan::recycle_set<rollplan::dice_set<rollplan::d6>, 29> one_die;
