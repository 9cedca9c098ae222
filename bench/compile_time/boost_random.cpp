// The peer: Boost.Random's engine and distribution, one draw.
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

int draw(boost::random::mt19937& engine) { return boost::random::uniform_int_distribution<int>(1, 6)(engine); }
