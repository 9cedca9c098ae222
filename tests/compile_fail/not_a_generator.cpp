// expect: rollplan: a distribution needs a uniform random bit generator
#include <rollplan/rollplan.hpp>
struct not_an_engine {
    int operator()() { return 4; }
};
int main() {
    not_an_engine e;
    rollplan::uniform_int_distribution<int, 1, 6> dist;
    return dist(e);
}
