// expect: rollplan: binary_format<E, M> needs E >= 2, M >= 1, E + M <= 63 and M <= 58
#include <rollplan/detail/binary_format.hpp>
int main() { return rollplan::binary_format<3, 59>::bias; }
