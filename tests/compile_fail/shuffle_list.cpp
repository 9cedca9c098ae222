// expect: rollplan: shuffle needs random-access iterators
// first error: rollplan: shuffle needs random-access iterators
#include <rollplan/rollplan.hpp>
#include <list>
#include <random>
void mix(std::list<int>& cards, std::mt19937& g) {
    rollplan::shuffle(cards, g);
    rollplan::shuffle(cards.begin(), cards.end(), g);
}
