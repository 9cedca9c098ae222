// The reference: <random> and one draw of std::uniform_int_distribution.
#include <random>

int draw(std::mt19937& engine) { return std::uniform_int_distribution<int>(1, 6)(engine); }
