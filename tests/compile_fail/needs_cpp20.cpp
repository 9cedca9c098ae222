// expect: rollplan needs C++20: compile with -std=c++20 or later
// expect: compilation_stops_at_the_error_above
// flags: -std=c++17
#include <rollplan/distribution.hpp>
int main() {}
