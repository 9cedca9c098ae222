// Measures rolls per draw: the expected rolls of each strategy (exact, from
// the analysis), the entropy pool's measured rolls over many draws, the
// Knuth–Yao optimum and the information bound log_K N.
//   rolls_table --markdown   the table of docs/guide.md (grid of N and K, 10^6 pool draws each)
//   rolls_table --csv        rolls per draw for a d6, N = 2..300, for the plot
#include <rollplan/rollplan.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>

namespace rp = rollplan;

namespace {

template <class Strategy>
double strategy_rolls(rp::count_t n, rp::count_t faces) {
    try {
        return rp::expected_rolls(rp::make_plan(n, faces, Strategy{})).to_double();
    } catch (const std::overflow_error&) {
        return NAN;  // the exact value needs more than 128 bits
    }
}

double optimum(rp::count_t n, rp::count_t faces) {
    try {
        return rp::optimal_expected_rolls(n, faces).to_double();
    } catch (const std::exception&) {
        // the partial sum over 512 terms, where the exact value is out of reach
        double sum = 0, scale = 1;
        rp::count_t r = 1 % n;
        for (int k = 0; k < 512 && r != 0; ++k, scale /= static_cast<double>(faces), r = r * (faces % n) % n)
            sum += static_cast<double>(r) * scale;
        return sum;
    }
}

double bound(rp::count_t n, rp::count_t faces) {
    return std::log2(static_cast<double>(n)) / std::log2(static_cast<double>(faces));
}

// Rolls per draw of an entropy pool over `draws` draws of N, from a die with `faces` faces.
double pool_rolls(rp::count_t n, rp::count_t faces, long draws, std::uint64_t seed) {
    std::mt19937_64 engine(seed);
    auto measure = [&](auto& source) {
        rp::entropy_pool<std::remove_reference_t<decltype(source)>> pool(source);
        for (long i = 0; i < draws; ++i) (void)pool.draw(static_cast<std::uint64_t>(n));
        return static_cast<double>(pool.rolls()) / static_cast<double>(draws);
    };
    if (faces == rp::two_to_64) return measure(engine);
    if (faces == rp::count_t{1} << 32) {
        std::mt19937 engine32(static_cast<std::uint32_t>(seed));
        return measure(engine32);
    }
    // smaller dice: exact rolls of die<faces> from the 64-bit engine
    if (faces == 2) {
        auto coin = rp::from_values<rp::coin>([&] { return engine() >> 63; });
        return measure(coin);
    }
    if (faces == 6) {
        rp::uniform_int_distribution<int, 0, 5> d6;
        auto die = rp::from_values<rp::d6>([&] { return d6(engine); });
        return measure(die);
    }
    throw std::invalid_argument("rolls_table: no source for this die");
}

// The optimal plan's expected rolls: exact where 128 bits hold it, otherwise
// the optimum's partial sum marked †, which the plan's certificate proves it equals.
std::string optimal_cell(rp::count_t n, rp::count_t faces) {
    const double exact = strategy_rolls<rp::strategy::optimal>(n, faces);
    char text[40];
    if (!std::isnan(exact)) {
        std::snprintf(text, sizeof text, "%.4f", exact);
    } else {
        const bool certified = rp::certify_optimal(rp::make_plan(n, faces, rp::strategy::optimal{}), 1u << 22).proves_optimal();
        std::snprintf(text, sizeof text, certified ? "%.4f †" : "not certified", optimum(n, faces));
    }
    return text;
}

std::string cell(double v) {
    if (std::isnan(v)) return "—";
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", v);
    return text;
}

std::string die_label(rp::count_t faces) {
    if (faces == rp::two_to_64) return "2^64";
    if (faces == rp::count_t{1} << 32) return "2^32";
    return rp::die_name(faces);
}

void markdown() {
    const long draws = 1000000;
    std::printf("<!-- table:rolls -->\n");
    std::printf("| N | die | digits | smooth | cheapest | optimal | Knuth–Yao optimum | pool, measured | log_K N | pool / log_K N |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
    for (rp::count_t faces : {rp::count_t{2}, rp::count_t{6}, rp::count_t{1} << 32, rp::two_to_64})
        for (rp::count_t n : std::to_array<rp::count_t>({3, 6, 7, 29, 100, 1000, 1000000})) {
            const double pool = pool_rolls(n, faces, draws, 20261130);
            std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %.5f |\n", rp::to_string(n).c_str(),
                        die_label(faces).c_str(), cell(strategy_rolls<rp::strategy::digits>(n, faces)).c_str(),
                        cell(strategy_rolls<rp::strategy::smooth>(n, faces)).c_str(),
                        cell(strategy_rolls<rp::strategy::cheapest>(n, faces)).c_str(),
                        optimal_cell(n, faces).c_str(), cell(optimum(n, faces)).c_str(),
                        cell(pool).c_str(), cell(bound(n, faces)).c_str(), pool / bound(n, faces));
        }
    std::printf("\n— the exact value needs more than 128 bits. † the exact value needs more than 128 bits; the plan's "
                "certificate (certify_optimal) proves it equals the Knuth–Yao optimum, shown here as a partial sum.\n");
    std::printf("<!-- /table:rolls -->\n");
}

void csv() {
    std::printf("N,digits,smooth,cheapest,optimal,pool,bound\n");
    for (rp::count_t n = 2; n <= 300; ++n)
        std::printf("%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f\n", static_cast<int>(n), strategy_rolls<rp::strategy::digits>(n, 6),
                    strategy_rolls<rp::strategy::smooth>(n, 6), strategy_rolls<rp::strategy::cheapest>(n, 6),
                    optimum(n, 6), pool_rolls(n, 6, 100000, 29),
                    bound(n, 6));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--markdown") == 0) {
        markdown();
    } else if (argc == 2 && std::strcmp(argv[1], "--csv") == 0) {
        csv();
    } else {
        std::fprintf(stderr, "usage: rolls_table --markdown | --csv\n");
        return 2;
    }
}
