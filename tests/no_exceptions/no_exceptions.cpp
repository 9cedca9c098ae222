// Built with -fno-exceptions: the proofs, the planner in constant
// expressions and sampling work as with exceptions; a run-time error calls
// the handler (std::abort after the message by default, or the function
// named by ROLLPLAN_ERROR_HANDLER when the build defines
// ROLLPLAN_TEST_OWN_HANDLER). tests/no_exceptions/check.sh runs it.
#include <cstdio>
#include <cstdlib>

#ifdef ROLLPLAN_TEST_OWN_HANDLER
[[noreturn]] void report_and_exit(const char* message) {
    std::printf("own handler: %s\n", message);
    std::fflush(stdout);
    std::_Exit(3);
}
#define ROLLPLAN_ERROR_HANDLER report_and_exit
#endif

#include <rollplan/rollplan.hpp>

#include <array>
#include <cstdint>

namespace rp = rollplan;

using d29 = rp::plan_t<29, rp::d6>;
static_assert(rp::is_exactly_uniform_v<d29>);
static_assert(rp::verify_exhaustively<d29>(3));
static_assert(rp::is_exactly_uniform(rp::make_plan(29, 6)));
constexpr auto table = [] {
    rp::splitmix64 engine(7);
    std::array<int, 8> values{};
    rp::generate(values.begin(), values.end(), rp::uniform_int_distribution<int, 1, 6>{}, engine);
    return values;
}();
static_assert(table[0] >= 1 && table[0] <= 6);

int main(int argc, char** argv) {
    rp::splitmix64 engine(1);
    rp::uniform_int_distribution<int, 1, 29> dist;
    const int x = dist(engine);
    std::printf("drawn: %d\n", x);
    std::fflush(stdout);
    // The run-time error: N = argv[1] (0 is refused).
    const auto n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 0;
    const auto plan = rp::make_plan(n, 6);
    std::printf("planned, exactly uniform: %d\n", rp::is_exactly_uniform(plan) ? 1 : 0);
    return 0;
}
