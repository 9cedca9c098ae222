// Rolls per draw of loaded dice: one draw of the planned loaded plan (exact
// expected rolls, from the analysis), and the entropy pool's draw(d), which
// recycles what each draw leaves, measured over 10^6 draws, next to the
// information bound H / log2 K (H the weights' entropy in bits).
//   loaded_table --markdown   the table of docs/guide.md
//   loaded_table --csv        the pool's rolls per draw over the bound after 10 … 10^6 draws, for the plot
#include <rollplan/rollplan.hpp>

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
template <class Report>
void pool_draws(const rp::discrete_distribution<int>& d, unsigned faces, long draws, Report report) {
    std::mt19937_64 engine(20261201);
    auto run = [&](auto& die) {
        rp::entropy_pool<std::remove_reference_t<decltype(die)>> pool(die);
        for (long i = 1; i <= draws; ++i) {
            (void)pool.draw(d);
            report(i, static_cast<double>(pool.rolls()) / static_cast<double>(i));
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
            pool_draws(d, faces, draws, [&](long i, double r) {
                if (i == draws) per_draw = r;
            });
            const std::string name = rp::plan_name(plan);
            std::printf("| %s | %s | %.4f | %.4f | `%s` | %.4f | %.5f |\n", t.name, rp::die_name(faces).c_str(), bound,
                        rp::approximate_expected_rolls(plan), name.substr(0, name.find('<')).c_str(), per_draw, per_draw / bound);
        }
    }
    std::printf("<!-- /table:loaded_pool -->\n");
}

void csv() {
    std::printf("draws,die,ratio\n");
    const rp::discrete_distribution<int> d(tables[1].weights.begin(), tables[1].weights.end());
    for (unsigned faces : {2u, 6u, 20u}) {
        const double bound = entropy(tables[1].weights) / std::log2(static_cast<double>(faces));
        long next = 10;  // four points per decade: 10, 18, 32, 56, 100, …
        int step = 0;
        pool_draws(d, faces, 1000000, [&](long i, double r) {
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
    } else if (argc == 2 && std::strcmp(argv[1], "--csv") == 0) {
        csv();
    } else {
        std::fprintf(stderr, "usage: loaded_table --markdown | --csv\n");
        return 2;
    }
}
