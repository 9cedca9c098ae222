// Prints the generated tables of README.md and docs/ as Markdown, each between
// its markers. scripts/update_readme.sh splices them into those files; the test
// "readme.tables" fails when they and this output differ.
#include <rollplan/rollplan.hpp>

#include <array>
#include <cstdio>
#include <iostream>
#include <string>

namespace rp = rollplan;

namespace {
std::string approx(const rp::rational& r) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", r.to_double());
    return text;
}

template <class Strategy>
void d29_row(const char* name) {
    const auto plan = rp::make_plan(29, 6, Strategy{});
    const rp::rational rolls = rp::expected_rolls(plan);
    std::cout << "| `" << name << "` | `" << rp::plan_name(plan) << "` | " << rolls << " | " << approx(rolls) << " |\n";
}

template <class Strategy>
std::string cost_cell(rp::count_t n, rp::count_t faces) {
    return approx(rp::expected_rolls(rp::make_plan(n, faces, Strategy{})));
}
}  // namespace

int main() {
    std::cout << "<!-- table:d29 -->\n"
              << "| strategy | plan for a d29 from a d6 | expected rolls | ≈ |\n|---|---|---|---|\n";
    d29_row<rp::strategy::digits>("digits");
    d29_row<rp::strategy::smooth>("smooth");
    d29_row<rp::strategy::cheapest>("cheapest");
    d29_row<rp::strategy::optimal>("optimal");
    std::cout << "<!-- /table:d29 -->\n";

    std::cout << "<!-- table:costs -->\n"
              << "| N | die | digits | smooth | cheapest | optimal |\n|---|---|---|---|---|---|\n";
    for (rp::count_t faces : std::to_array<rp::count_t>({2, 6, 20}))
        for (rp::count_t n : std::to_array<rp::count_t>({3, 7, 10, 20, 29, 100, 1000})) {
            std::cout << "| " << rp::to_string(n) << " | " << rp::die_name(faces) << " | "
                      << cost_cell<rp::strategy::digits>(n, faces) << " | " << cost_cell<rp::strategy::smooth>(n, faces)
                      << " | " << cost_cell<rp::strategy::cheapest>(n, faces) << " | "
                      << cost_cell<rp::strategy::optimal>(n, faces) << " |\n";
        }
    std::cout << "<!-- /table:costs -->\n";

    std::cout << "<!-- table:describe -->\n```\n"
              << rp::describe<rp::plan_t<29, rp::d6, rp::strategy::cheapest>>() << "\n"
              << rp::describe<rp::plan_t<29, rp::d6>>() << "```\n<!-- /table:describe -->\n";
    // the front page: what its example's last line prints
    std::cout << "<!-- table:front_d29 -->\n```\n" << rp::describe<rp::plan_t<29, rp::d6>>()
              << "```\n<!-- /table:front_d29 -->\n";
}
