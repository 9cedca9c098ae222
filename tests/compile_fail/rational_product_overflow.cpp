// expect: rollplan: a product of rationals needs more than 128 bits
#include <rollplan/rollplan.hpp>
constexpr rollplan::rational big{rollplan::two_to_64 + 1, 3};
constexpr auto square = big * big;
