// The drop-in: <random>'s engine, rollplan's distribution, one draw with
// run-time bounds and one with bounds at compile time.
#include <random>
#include <rollplan/distribution.hpp>

int draw(std::mt19937& engine) { return rollplan::uniform_int_distribution<int>(1, 6)(engine); }
int draw_d6(std::mt19937& engine) { return rollplan::uniform_int_distribution<int, 1, 6>{}(engine); }
