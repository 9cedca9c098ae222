// expect: rollplan: a callable source returned a face outside its die
#include <rollplan/rollplan.hpp>
// a d6 read by a person who typed 7
constexpr auto value = [] {
    auto d6 = rollplan::from_faces<rollplan::d6>([] { return 7; });
    return rollplan::sample<rollplan::plan_t<4, rollplan::d6>>(d6);
}();
