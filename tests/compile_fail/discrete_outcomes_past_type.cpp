// expect: rollplan: discrete_distribution<T, W...>: the outcomes 0 to n - 1 do not fit in T
#include <rollplan/rollplan.hpp>
#include <utility>
// 130 outcomes, 0 … 129, do not fit in a signed char
template <class T, class I>
struct ones;
template <class T, std::size_t... I>
struct ones<T, std::index_sequence<I...>> {
    using type = rollplan::discrete_distribution<T, ((void)I, 1)...>;
};
ones<signed char, std::make_index_sequence<130>>::type table;
