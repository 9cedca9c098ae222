// expect: rollplan: uniform_int_distribution<A, B> covers at most 2^64 - 1 values
#include <rollplan/rollplan.hpp>
#include <cstdint>
rollplan::uniform_int_distribution<std::uint64_t{0}, UINT64_MAX> dist;
