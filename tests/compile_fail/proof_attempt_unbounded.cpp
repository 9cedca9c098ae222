// expect: rollplan: not proven uniform: the attempt wants more rolls than check_attempt's max_rolls
// expect: rollplan::attempt_needs_more_rolls<rollplan::after_rolls<1>
#include <rollplan/rollplan.hpp>
#include <optional>
constexpr auto report = rollplan::check_attempt<rollplan::d6, 5>(
    [](auto& r) -> std::optional<int> { return static_cast<int>((r() + r()) % 5); }, 1);
static_assert(rollplan::proven_uniform<report>);
