// The optimality certificate for every N in [1, 2000] from one die
// (ROLLPLAN_CERT_FACES, set by CMake): the optimal plan leaves exactly K^k mod N
// sequences unresolved after k rolls, through the pre-period and one full
// period of K^k mod N. One constant evaluation covers all 2000 plans, so this
// sweep raises the constexpr limits; one plan's certificate fits the defaults.
#include <rollplan/rollplan.hpp>

#include <cstdio>

namespace rp = rollplan;

constexpr rp::count_t cert_faces = ROLLPLAN_CERT_FACES;

constexpr rp::count_t first_uncertified(rp::count_t last) {
    for (rp::count_t n = 1; n <= last; ++n)
        if (!rp::certify_optimal(rp::make_plan(n, cert_faces, rp::strategy::optimal{}))) return n;
    return 0;
}
static_assert(first_uncertified(2000) == 0, "rollplan: an optimal plan failed its certificate");

int main() {
    std::printf("certified at compile time: the optimal plans for N = 1..2000 from a die with %s faces\n",
                rp::to_string(cert_faces).c_str());
}
