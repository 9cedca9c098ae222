// expect: rollplan: a source returned a value outside [0, K) for its die
#include <rollplan/rollplan.hpp>
#include <cstdint>
// a source that says it rolls a d6 but returns 6: the recycle plan would loop on it
struct wrong_d6 {
    using die_type = rollplan::d6;
    constexpr std::uint64_t operator()() { return 6; }
};
constexpr auto value = [] {
    wrong_d6 source;
    return rollplan::sample<rollplan::plan_t<29, rollplan::d6>>(source);
}();
