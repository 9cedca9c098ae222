// expect: rollplan: generate_canonical needs a uniform random bit generator
// error lines: 1
#include <rollplan/generate_canonical.hpp>

// a function that returns numbers, not an engine (no min(), max() or result_type)
struct not_an_engine {
    unsigned operator()() { return 4; }
};
int main() {
    not_an_engine g;
    return rollplan::generate_canonical<double, 53>(g) < 0.5;
}
