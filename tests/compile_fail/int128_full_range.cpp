// expect: rollplan: uniform_int_distribution<T, A, B> covers at most 2^64 values
// flags: -std=gnu++20
#include <rollplan/rollplan.hpp>
// every unsigned 128-bit value: 2^128 outcomes, once reported as "N must be at least 1"
__extension__ typedef unsigned __int128 u128;
rollplan::uniform_int_distribution<u128, 0, ~u128{0}> dist;
