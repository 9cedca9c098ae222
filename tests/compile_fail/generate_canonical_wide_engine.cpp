// expect: rollplan: generate_canonical takes engines of at most 2^64 values
// error lines: 1
// flags: -std=gnu++20
#include <rollplan/generate_canonical.hpp>

// (gnu++20: there unsigned __int128 is an integral type, so the engine is a uniform random
// bit generator)
// an engine of 128-bit values with one value more than 2^64: the smallest range refused
struct wide_engine {
    using result_type = unsigned __int128;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return result_type{1} << 64; }
    result_type operator()() { return 7; }
};
int main() {
    wide_engine g;
    return rollplan::generate_canonical<double, 53>(g) < 0.5;
}
