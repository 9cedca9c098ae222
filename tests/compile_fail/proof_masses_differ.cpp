// expect: rollplan: not proven uniform: two outcomes have different masses
// expect: rollplan::masses_differ<rollplan::after_rolls<2>, rollplan::outcome<0>, rollplan::mass<4, 25>, rollplan::outcome<1>, rollplan::mass<3, 25>
#include <rollplan/rollplan.hpp>
#include <optional>
// rand7 from rand5 keeping 22 of 25 pairs: outcome 0 gets 4 of them
constexpr auto attempt = [](auto& rand5) -> std::optional<int> {
    const int x = 5 * static_cast<int>(rand5()) + static_cast<int>(rand5());
    if (x < 22) return x % 7;
    return std::nullopt;
};
constexpr auto report = rollplan::check_attempt<rollplan::die<5>, 7>(attempt, 2);
static_assert(rollplan::proven_uniform<report>);
