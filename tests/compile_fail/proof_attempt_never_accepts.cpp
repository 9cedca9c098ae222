// expect: rollplan: not proven uniform: the attempt returns nothing on every roll sequence
#include <rollplan/rollplan.hpp>
#include <optional>
constexpr auto report = rollplan::check_attempt<rollplan::d6, 3>(
    [](auto& r) -> std::optional<int> { (void)r(); return std::nullopt; }, 1);
static_assert(rollplan::proven_uniform<report>);
