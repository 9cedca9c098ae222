// expect: rollplan: a check looks at most 16 rolls deep
#include <rollplan/rollplan.hpp>
#include <optional>
constexpr auto report = rollplan::check_attempt<rollplan::coin, 2>(
    [](auto& r) -> std::optional<int> { return static_cast<int>(r()); }, 17);
