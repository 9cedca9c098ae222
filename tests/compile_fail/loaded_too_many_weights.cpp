// expect: rollplan: loaded<W...> has more than 200 weights
#include <rollplan/rollplan.hpp>
#include <utility>
template <class I>
struct ones;
template <std::size_t... I>
struct ones<std::index_sequence<I...>> {
    using type = rollplan::loaded<((void)I, 1)...>;
};
constexpr auto total = ones<std::make_index_sequence<300>>::type::total;
