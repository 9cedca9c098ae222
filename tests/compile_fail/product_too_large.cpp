// expect: rollplan: mixed_radix<...> would have 2^128 outcomes or more
#include <rollplan/rollplan.hpp>
using engine = rollplan::roll<rollplan::die<rollplan::two_to_64>>;
constexpr auto too_many = rollplan::mixed_radix<engine, engine>::outcome_count;
