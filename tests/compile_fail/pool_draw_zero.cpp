// expect: rollplan: draw(n) needs n >= 1
#include <rollplan/rollplan.hpp>
constexpr auto value = [] {
    rollplan::splitmix64 engine{1};
    rollplan::entropy_pool<rollplan::splitmix64> pool(engine);
    return pool.draw(0);
}();
