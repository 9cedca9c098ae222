// Rolls per draw of loaded dice: one draw of the planned loaded plan (exact
// expected rolls, from the analysis), and the entropy pool's draw(d), which
// recycles what each draw leaves, measured over 10^6 draws, next to the
// information bound H / log2 K (H the weights' entropy in bits); and the
// run-time discrete_distribution<int> on double weights from a coin or a
// die (its Knuth–Yao tree), its rolls per draw next to Knuth and Yao's
// bound H / log2 K + 2 and the rolls enough for 99% of the draws; and the
// pool's draw(d) on double weights (one level or several), next to H / log2 K
// and to the information of the outcomes the run drew (what any exact
// sampler must spend on average for them), which takes the luck of the run
// out of the ratio.
//   loaded_table --markdown   the tables of docs/guide.md
//   loaded_table --time       the same draws' time per draw on this machine (not in a table: it varies)
//   loaded_table --csv        the pool's rolls per draw over the bound after 10 … 10^6 draws, for the plot
#include <rollplan/rollplan.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace rp = rollplan;

namespace {

struct table {
    const char* name;
    std::vector<double> weights;
};
const std::vector<table> tables = {
    {"3, 2, 1 (goblin, orc, dragon)", {3, 2, 1}},
    {"2d6 (1, 2, …, 6, …, 1)", {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}},
    {"5, 0, 2, 9, 13, 1 (a loot table)", {5, 0, 2, 9, 13, 1}},
};

double entropy(const std::vector<double>& w) {
    double total = 0, h = 0;
    for (double x : w) total += x;
    for (double x : w)
        if (x > 0) h -= x / total * std::log2(x / total);
    return h;
}

// Every `report` draws, the rolls per draw so far of a pool drawing d from a
// die with `faces` faces (rolled exactly from a 64-bit engine).
// report(i, rolls per draw, the outcome drawn).
template <class Report>
void pool_draws(const rp::discrete_distribution<int>& d, unsigned faces, long draws, Report report) {
    std::mt19937_64 engine(20261201);
    auto run = [&](auto& die) {
        rp::entropy_pool<std::remove_reference_t<decltype(die)>> pool(die);
        for (long i = 1; i <= draws; ++i) {
            const int outcome = pool.draw(d);
            report(i, static_cast<double>(pool.rolls()) / static_cast<double>(i), outcome);
        }
    };
    if (faces == 2) {
        auto coin = rp::from_values<rp::coin>([&] { return engine() >> 63; });
        run(coin);
    } else if (faces == 6) {
        auto d6 = rp::from_values<rp::d6>([&] { return rp::uniform_below(engine, 6); });
        run(d6);
    } else {
        auto d20 = rp::from_values<rp::d20>([&] { return rp::uniform_below(engine, 20); });
        run(d20);
    }
}

void markdown() {
    const long draws = 1000000;
    std::printf("<!-- table:loaded_pool -->\n");
    std::printf("| weights | die | H / log2 K | one draw: the plan, expected rolls | the plan's nodes | pool `draw(d)`, 10^6 draws | pool / bound |\n");
    std::printf("|---|---|---|---|---|---|---|\n");
    for (const table& t : tables) {
        const rp::discrete_distribution<int> d(t.weights.begin(), t.weights.end());
        rp::weight_list weights;
        for (double w : t.weights) weights.add(static_cast<rp::count_t>(w));
        for (unsigned faces : {2u, 6u, 20u}) {
            const double bound = entropy(t.weights) / std::log2(static_cast<double>(faces));
            const rp::plan_description plan = rp::make_loaded_plan(weights, faces);
            double per_draw = 0;
            pool_draws(d, faces, draws, [&](long i, double r, int) {
                if (i == draws) per_draw = r;
            });
            const std::string name = rp::plan_name(plan);
            std::printf("| %s | %s | %.4f | %.4f | `%s` | %.4f | %.5f |\n", t.name, rp::die_name(faces).c_str(), bound,
                        rp::approximate_expected_rolls(plan), name.substr(0, name.find('<')).c_str(), per_draw, per_draw / bound);
        }
    }
    std::printf("<!-- /table:loaded_pool -->\n");
}

// The run-time draw of double weights from a die of `faces` faces (rolled
// exactly from a 64-bit engine): rolls per draw, the rolls within which 99%
// of the draws finish, microseconds per draw.
struct dice_draws {
    double rolls, seconds;
    long enough;
};
template <class Die>
dice_draws run_time_draws(const std::vector<double>& w, long draws) {
    const rp::discrete_distribution<int> d(w.begin(), w.end());
    std::mt19937_64 engine(20261204);
    long rolls = 0;
    auto die = rp::from_values<Die>([&] {
        ++rolls;
        return rp::uniform_below(engine, static_cast<std::uint64_t>(Die::faces));
    });
    std::vector<long> finished_after(64);  // draws that took k rolls (the last: k or more)
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < draws; ++i) {
        const long before = rolls;
        (void)d(die);
        ++finished_after[static_cast<std::size_t>(std::min(rolls - before, 63L))];
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    long enough = 0;
    for (long done = 0; done < (draws * 99 + 99) / 100; ++enough) done += finished_after[static_cast<std::size_t>(enough)];
    return {static_cast<double>(rolls) / static_cast<double>(draws), seconds / static_cast<double>(draws), enough - 1};
}

struct dice_row {
    const char* name;
    std::vector<double> weights;
    unsigned faces;
    long draws;
};
std::vector<dice_row> dice_rows() {
    rp::splitmix64 engine{20261204};
    std::vector<double> many(10000);
    for (double& w : many) w = static_cast<double>(engine() >> 11 | 1) * 0x1p-53;  // in (0, 1), the same with every library
    return {
        {"0.1, 0.2, 0.7", {0.1, 0.2, 0.7}, 10, 1000000},
        {"1e-5, 1, 3.5", {1e-5, 1, 3.5}, 2, 1000000},
        {"0.0001, 0.9999", {0.0001, 0.9999}, 6, 1000000},
        {"10^4 weights uniform in (0, 1)", many, 6, 2000},
    };
}
dice_draws run_time_draws(const dice_row& r) {
    return r.faces == 2   ? run_time_draws<rp::coin>(r.weights, r.draws)
           : r.faces == 6 ? run_time_draws<rp::d6>(r.weights, r.draws)
                          : run_time_draws<rp::d10>(r.weights, r.draws);
}

void dice_markdown() {
    std::printf("<!-- table:dice_draws -->\n");
    std::printf("| weights (doubles) | die | H / log2 K + 2 | rolls per draw | 99%% of the draws within | draws |\n");
    std::printf("|---|---|---|---|---|---|\n");
    for (const dice_row& r : dice_rows()) {
        const dice_draws m = run_time_draws(r);
        const double bound = entropy(r.weights) / std::log2(static_cast<double>(r.faces)) + 2;
        std::printf("| %s | %s | %.4f | %.4f | %ld %s | %ld |\n", r.name, rp::die_name(r.faces).c_str(), bound, m.rolls, m.enough,
                    m.enough == 1 ? "roll" : "rolls", r.draws);
    }
    std::printf("<!-- /table:dice_draws -->\n");
}

// The pool's draw(d) on double weights: rolls per draw after `draws` draws,
// next to H / log2 K and to the information of the outcomes drawn,
// Σ −log_K (w_i / Σw) over them, per draw, and the rolls spent beyond that
// information in the whole run: what the pool's register still holds at the
// end (at most log_K 2^128 rolls) and what it refused.
void pool_doubles_markdown() {
    std::printf("<!-- table:pool_doubles -->\n");
    std::printf("| weights (doubles) | die | levels | H / log2 K | pool `draw(d)`, rolls per draw | pool / bound | the outcomes' information, per draw | pool / that | rolls beyond it, in all | draws |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
    std::vector<dice_row> rows = dice_rows();
    rows[0].faces = 6;  // {0.1, 0.2, 0.7} from a d6: one level with W = 2^55 − 1
    rows[3].draws = 100000;  // 10^4 weights: O(n) a draw
    std::vector<double> cubes;
    for (int k = 1; k <= 100; ++k) cubes.push_back(1.0 / (static_cast<double>(k) * k * k));
    rows.insert(rows.begin() + 3, dice_row{"1/k^3, k = 1 … 100", cubes, 6, 1000000});
    for (const dice_row& r : rows) {
        const rp::discrete_distribution<int> d(r.weights.begin(), r.weights.end());
        double total = 0;
        for (double w : r.weights) total += w;
        const double log_k = std::log2(static_cast<double>(r.faces)), bound = entropy(r.weights) / log_k;
        double per_draw = 0, information = 0;
        pool_draws(d, r.faces, r.draws, [&](long i, double rolls, int outcome) {
            information -= std::log2(r.weights[static_cast<std::size_t>(outcome)] / total) / log_k;
            if (i == r.draws) per_draw = rolls;
        });
        information /= static_cast<double>(r.draws);
        const double beyond = (per_draw - information) * static_cast<double>(r.draws);
        std::printf("| %s | %s | %zu | %.6g | %.6g | %.5f | %.6g | %.5f | %.1f | %ld |\n", r.name, rp::die_name(r.faces).c_str(),
                    d.param().levels(), bound, per_draw, per_draw / bound, information, per_draw / information, beyond, r.draws);
    }
    std::printf("<!-- /table:pool_doubles -->\n");
}

void dice_time() {
    for (const dice_row& r : dice_rows()) {
        const dice_draws m = run_time_draws(r);
        std::printf("%s from a %s: %.3f us per draw (%ld draws, the die rolled from std::mt19937_64)\n", r.name,
                    rp::die_name(r.faces).c_str(), m.seconds * 1e6, r.draws);
    }
}

void csv() {
    std::printf("draws,die,ratio\n");
    const rp::discrete_distribution<int> d(tables[1].weights.begin(), tables[1].weights.end());
    for (unsigned faces : {2u, 6u, 20u}) {
        const double bound = entropy(tables[1].weights) / std::log2(static_cast<double>(faces));
        long next = 10;  // four points per decade: 10, 18, 32, 56, 100, …
        int step = 0;
        pool_draws(d, faces, 1000000, [&](long i, double r, int) {
            if (i != next) return;
            std::printf("%ld,%s,%.6f\n", i, rp::die_name(faces).c_str(), r / bound);
            next = std::lround(10 * std::pow(10.0, ++step / 4.0));
        });
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--markdown") == 0) {
        markdown();
        dice_markdown();
        pool_doubles_markdown();
    } else if (argc == 2 && std::strcmp(argv[1], "--time") == 0) {
        dice_time();
    } else if (argc == 2 && std::strcmp(argv[1], "--csv") == 0) {
        csv();
    } else {
        std::fprintf(stderr, "usage: loaded_table --markdown | --time | --csv\n");
        return 2;
    }
}
