// The same sequences at compile time and at run time, with any compiler and
// optimisation level: the test "reproducible.four_way" builds this program
// with GCC and Clang at -O0 and -O2 and compares what it prints.
#include <rollplan/rollplan.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>

namespace rp = rollplan;

// Prints 12 values of dist from a fresh copy of engine, made two ways that
// must agree: generate_array and generate over a vector. (On a 32- or 64-bit
// engine, generate takes several values from each word, so its values are not
// those of 12 calls dist(engine); docs/spec.md, section 5.)
template <class Engine, class Dist>
bool print_two_ways(const char* name, const Engine& engine, Dist dist) {
    constexpr std::size_t count = 12;
    const auto as_array = rp::generate_array<count>(dist, Engine{engine});
    std::vector<typename Dist::result_type> as_vector(count);
    rp::generate(as_vector, dist, Engine{engine});
    std::printf("%-42s", name);
    bool same = true;
    for (std::size_t i = 0; i < count; ++i) {
        std::printf(" %lld", static_cast<long long>(as_vector[i]));
        same = same && as_vector[i] == as_array[i];
    }
    std::printf("\n");
    return same;
}

// Prints 12 values of dist(engine), one call each.
template <class Engine, class Dist>
void print_one_at_a_time(const char* name, Engine engine, Dist dist) {
    std::printf("%-42s", name);
    for (int i = 0; i < 12; ++i) std::printf(" %lld", static_cast<long long>(dist(engine)));
    std::printf("\n");
}

// Prints the values at indices 1018 … 1029 of a fill from a counter-based
// engine: across its first two blocks of 1024 (docs/spec.md, section 5).
template <class Engine, class Dist>
void print_across_blocks(const char* name, Engine engine, Dist dist) {
    std::vector<typename Dist::result_type> values(1030);
    rp::generate(values, dist, engine);
    std::printf("%-42s", name);
    for (std::size_t i = 1018; i < 1030; ++i) std::printf(" %lld", static_cast<long long>(values[i]));
    std::printf("\n");
}

// Prints 6 real numbers, each with the digits that read back its exact value
// (printf's conversion is exact, the same under every C library CI builds).
template <class Real>
void print_reals(const char* name, const Real (&values)[6]) {
    std::printf("%-42s", name);
    for (Real x : values) std::printf(sizeof(Real) == 4 ? " %.9g" : " %.17g", static_cast<double>(x));
    std::printf("\n");
}

// Prints 6 values of dist(engine), one call each (docs/spec.md, section 4b).
template <class Engine, class Dist>
void print_reals_one_at_a_time(const char* name, Engine engine, Dist dist) {
    typename Dist::result_type values[6];
    for (auto& x : values) x = dist(engine);
    print_reals(name, values);
}

// [-1, 1) from splitmix64{1}, made by the compiler; main compares it with the run time's.
constexpr std::array<double, 6> reals_compile_time = [] {
    rp::splitmix64 e{1};
    rp::uniform_real_distribution<double> d(-1.0, 1.0);
    std::array<double, 6> values{};
    for (double& x : values) x = d(e);
    return values;
}();

// The same sequences made by the compiler:
constexpr auto d6_compile_time = rp::generate_array<12>(rp::uniform_int_distribution<int, 1, 6>{}, rp::splitmix64{1});
constexpr auto big_compile_time =
    rp::generate_array<12>(rp::uniform_int_distribution<std::int64_t, 0, 999999999999>{}, rp::xoshiro256starstar{1});

int main() {
    bool same = true;
    same &= print_two_ways("d6, splitmix64{1}", rp::splitmix64{1}, rp::uniform_int_distribution<int, 1, 6>{});
    same &= print_two_ways("d29, pcg32{29, 54}", rp::pcg32{29, 54}, rp::uniform_int_distribution<int, 1, 29>{});
    same &= print_two_ways("0..10^12-1, xoshiro256starstar{1}", rp::xoshiro256starstar{1},
                            rp::uniform_int_distribution<std::int64_t, 0, 999999999999>{});
    same &= print_two_ways("d29 smooth, pcg32{3}", rp::pcg32{3},
                            rp::uniform_int_distribution<int, 1, 29, rp::strategy::smooth>{});
    same &= print_two_ways("d1000 cheapest, splitmix64{5}", rp::splitmix64{5},
                            rp::uniform_int_distribution<int, 1, 1000, rp::strategy::cheapest>{});
    // bounds given at run time: the batches of the same bounds at compile time (spec version 6)
    same &= print_two_ways("d6 run-time bounds, splitmix64{1}", rp::splitmix64{1}, rp::uniform_int_distribution<int>(1, 6));
    same &= print_two_ways("-500..500 run-time bounds, pcg32{7}", rp::pcg32{7}, rp::uniform_int_distribution<int>(-500, 500));

    print_across_blocks("0..99 at 1018.., philox4x64{2026}", rp::philox4x64{2026}, rp::uniform_int_distribution<int>(0, 99));
    print_across_blocks("d6 at 1018.., philox4x32{7}", rp::philox4x32{7}, rp::uniform_int_distribution<int, 1, 6>{});

    print_one_at_a_time("d6 one at a time, splitmix64{1}", rp::splitmix64{1}, rp::uniform_int_distribution<int, 1, 6>{});
    print_one_at_a_time("d29 one at a time, pcg32{29, 54}", rp::pcg32{29, 54}, rp::uniform_int_distribution<int, 1, 29>{});

    std::vector<int> d6_run_time(12);
    rp::generate(d6_run_time, rp::uniform_int_distribution<int, 1, 6>{}, rp::splitmix64{1});
    same &= std::equal(d6_run_time.begin(), d6_run_time.end(), d6_compile_time.begin());
    std::vector<long long> big_run_time(12);
    rp::generate(big_run_time, rp::uniform_int_distribution<std::int64_t, 0, 999999999999>{}, rp::xoshiro256starstar{1});
    same &= std::equal(big_run_time.begin(), big_run_time.end(), big_compile_time.begin());

    std::array<int, 10> cards{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    rp::shuffle(cards, rp::splitmix64{10});
    std::printf("%-42s", "shuffle 0..9, splitmix64{10}");
    for (int c : cards) std::printf(" %d", c);
    std::printf("\n");

    rp::splitmix64 for_pick{30};
    std::printf("%-42s", "pick from 0..9, splitmix64{30}");
    for (int i = 0; i < 12; ++i) std::printf(" %d", *rp::pick(cards, for_pick));
    std::printf("\n");

    std::array<int, 4> chosen{};
    const std::array<int, 20> twenty{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
    rp::sample_without_replacement(twenty, chosen.begin(), 4, rp::pcg32{20});
    std::printf("%-42s", "4 of 0..19, pcg32{20}");
    for (int c : chosen) std::printf(" %d", c);
    std::printf("\n");

    rp::splitmix64 for_pool{99};
    rp::entropy_pool<rp::splitmix64> pool(for_pool);
    std::printf("%-42s", "pool draws of 7, 29, 1000, splitmix64{99}");
    for (int i = 0; i < 4; ++i) {
        // one statement per draw: the order of function arguments is not specified
        const auto a = pool.draw<7>();
        const auto b = pool.draw<29>();
        const auto c = pool.draw(1000);
        std::printf(" %llu %llu %llu", static_cast<unsigned long long>(a), static_cast<unsigned long long>(b),
                    static_cast<unsigned long long>(c));
    }
    std::printf("\n");

    // real numbers (spec version 10): [0, 1) and an interval across zero on 64- and
    // 32-bit words, floats, the widest interval, subnormals, a fill from a
    // counter-based engine across its blocks, and C++26's generate_canonical
    print_reals_one_at_a_time("[0, 1), splitmix64{1}", rp::splitmix64{1}, rp::uniform_real_distribution<double>{});
    print_reals_one_at_a_time("[-3.7, 12.9), xoshiro256starstar{2}", rp::xoshiro256starstar{2},
                              rp::uniform_real_distribution<double>(-3.7, 12.9));
    print_reals_one_at_a_time("[-3.7, 12.9), pcg32{3}", rp::pcg32{3}, rp::uniform_real_distribution<double>(-3.7, 12.9));
    print_reals_one_at_a_time("float [0, 1), pcg32{4}", rp::pcg32{4}, rp::uniform_real_distribution<float>{});
    print_reals_one_at_a_time("float [-3.7, 12.9), pcg32{5}", rp::pcg32{5}, rp::uniform_real_distribution<float>(-3.7f, 12.9f));
    print_reals_one_at_a_time("[-DBL_MAX, DBL_MAX), splitmix64{6}", rp::splitmix64{6},
                              rp::uniform_real_distribution<double>(-0x1.fffffffffffffp+1023, 0x1.fffffffffffffp+1023));
    print_reals_one_at_a_time("[2^-1074, 2^-1064), splitmix64{7}", rp::splitmix64{7},
                              rp::uniform_real_distribution<double>(0x1p-1074, 0x1p-1064));
    {
        std::vector<double> values(1030);
        rp::generate(values, rp::uniform_real_distribution<double>(-1.0, 1.0), rp::philox4x64{2026});
        const double at_1021[6] = {values[1021], values[1022], values[1023], values[1024], values[1025], values[1026]};
        print_reals("[-1, 1) at 1021.., philox4x64{2026}", at_1021);
    }
    {
        rp::splitmix64 e{8};
        rp::pcg32 f{9};
        double canonical[6];
        float canonical_float[6];
        for (double& x : canonical) x = rp::generate_canonical<double, 53>(e);
        for (float& x : canonical_float) x = rp::generate_canonical<float, 24>(f);
        print_reals("canonical<double, 53>, splitmix64{8}", canonical);
        print_reals("canonical<float, 24>, pcg32{9}", canonical_float);
    }
    {
        rp::splitmix64 e{1};
        rp::uniform_real_distribution<double> d(-1.0, 1.0);
        for (double x : reals_compile_time) same &= d(e) == x;
    }

    // geometric_distribution (spec version 11): a double p, a rational, a p of 40 split
    // bits, on 64- and 32-bit words; a d6 (digits, not bits), and a coin
    print_one_at_a_time("geometric 0.5, splitmix64{10}", rp::splitmix64{10}, rp::geometric_distribution<int>(0.5));
    print_one_at_a_time("geometric 0.01, pcg32{11}", rp::pcg32{11}, rp::geometric_distribution<int>(0.01));
    print_one_at_a_time("geometric 1/3, xoshiro256starstar{12}", rp::xoshiro256starstar{12},
                        rp::geometric_distribution<int>(rp::rational{1, 3}));
    print_one_at_a_time("geometric 1e-12, splitmix64{13}", rp::splitmix64{13}, rp::geometric_distribution<long long>(1e-12));
    print_one_at_a_time("geometric 0.3, d6 of splitmix64{14}", rp::from_values<rp::d6>([e = rp::splitmix64{14}]() mutable { return e() % 6; }),
                        rp::geometric_distribution<int>(0.3));
    print_one_at_a_time("geometric 2/5, coin of pcg32{15}", rp::from_values<rp::coin>([e = rp::pcg32{15}]() mutable { return e() >> 31; }),
                        rp::geometric_distribution<int>(rp::rational{2, 5}));

    // binomial_distribution (spec version 16): doubles and rationals, 64- and 32-bit words, the
    // most trials, a d6, a die of 5 faces (whose middle face leaves a trial of 1/2 undecided), a coin
    print_one_at_a_time("binomial 100 0.2, splitmix64{40}", rp::splitmix64{40}, rp::binomial_distribution<int>(100, 0.2));
    print_one_at_a_time("binomial 65536 1/3, pcg32{41}", rp::pcg32{41}, rp::binomial_distribution<int>(65536, rp::rational{1, 3}));
    print_one_at_a_time("binomial 10 0.5, xoshiro256starstar{42}", rp::xoshiro256starstar{42}, rp::binomial_distribution<int>(10, 0.5));
    print_one_at_a_time("binomial 7 0.3, d6 of splitmix64{43}", rp::from_values<rp::d6>([e = rp::splitmix64{43}]() mutable { return e() % 6; }),
                        rp::binomial_distribution<int>(7, 0.3));
    print_one_at_a_time("binomial 12 0.75, d5 of splitmix64{44}",
                        rp::from_values<rp::die<5>>([e = rp::splitmix64{44}]() mutable { return e() % 5; }),
                        rp::binomial_distribution<int>(12, 0.75));
    print_one_at_a_time("binomial 5 2/5, coin of pcg32{45}", rp::from_values<rp::coin>([e = rp::pcg32{45}]() mutable { return e() >> 31; }),
                        rp::binomial_distribution<int>(5, rp::rational{2, 5}));
    // negative_binomial_distribution (spec version 16): k geometric values on one stream of bits
    print_one_at_a_time("neg. binomial 5 0.2, splitmix64{46}", rp::splitmix64{46}, rp::negative_binomial_distribution<int>(5, 0.2));
    print_one_at_a_time("neg. binomial 3 1/3, pcg32{47}", rp::pcg32{47}, rp::negative_binomial_distribution<int>(3, rp::rational{1, 3}));
    print_one_at_a_time("neg. binomial 2 0.5, d6 of splitmix64{48}",
                        rp::from_values<rp::d6>([e = rp::splitmix64{48}]() mutable { return e() % 6; }),
                        rp::negative_binomial_distribution<int>(2, 0.5));

    // bernoulli_exp_distribution and discrete_laplace_distribution (spec version 12): a double
    // and a rational parameter, on 64- and 32-bit words, a d6 and a coin
    print_one_at_a_time("e^-x coin 1, splitmix64{16}", rp::splitmix64{16}, rp::bernoulli_exp_distribution(1.0));
    print_one_at_a_time("e^-x coin 1/3, d6 of splitmix64{17}", rp::from_values<rp::d6>([e = rp::splitmix64{17}]() mutable { return e() % 6; }),
                        rp::bernoulli_exp_distribution(rp::rational{1, 3}));
    print_one_at_a_time("laplace 2.5, pcg32{18}", rp::pcg32{18}, rp::discrete_laplace_distribution<int>(2.5));
    print_one_at_a_time("laplace 1e12, splitmix64{19}", rp::splitmix64{19}, rp::discrete_laplace_distribution<long long>(1e12));
    print_one_at_a_time("laplace 1/2, coin of pcg32{20}", rp::from_values<rp::coin>([e = rp::pcg32{20}]() mutable { return e() >> 31; }),
                        rp::discrete_laplace_distribution<int>(rp::rational{1, 2}));

    // discrete_gaussian_distribution (spec version 13): a double and a rational variance, on 64-
    // and 32-bit words, a d6 and a coin; 2 meets x = 0 (|y| = 1 = sigma2/t)
    print_one_at_a_time("gaussian 2, splitmix64{21}", rp::splitmix64{21}, rp::discrete_gaussian_distribution<int>(2.0));
    print_one_at_a_time("gaussian 1e24, pcg32{22}", rp::pcg32{22}, rp::discrete_gaussian_distribution<long long>(1e24));
    print_one_at_a_time("gaussian 9/2, d6 of splitmix64{23}", rp::from_values<rp::d6>([e = rp::splitmix64{23}]() mutable { return e() % 6; }),
                        rp::discrete_gaussian_distribution<int>(rp::rational{9, 2}));
    print_one_at_a_time("gaussian 0.7, coin of pcg32{24}", rp::from_values<rp::coin>([e = rp::pcg32{24}]() mutable { return e() >> 31; }),
                        rp::discrete_gaussian_distribution<int>(0.7));

    // exponential_distribution (spec version 14): doubles and floats on 64- and 32-bit words, a
    // rate whose values are subnormal and one whose are near the largest double, a d6 and a coin
    print_reals_one_at_a_time("exponential 1.5, splitmix64{25}", rp::splitmix64{25}, rp::exponential_distribution<double>(1.5));
    print_reals_one_at_a_time("exponential float 0.25, pcg32{26}", rp::pcg32{26}, rp::exponential_distribution<float>(0.25f));
    print_reals_one_at_a_time("exponential 1e-300, xoshiro256starstar{27}", rp::xoshiro256starstar{27},
                              rp::exponential_distribution<double>(1e-300));
    print_reals_one_at_a_time("exponential DBL_MAX, splitmix64{28}", rp::splitmix64{28},
                              rp::exponential_distribution<double>(0x1.fffffffffffffp+1023));
    print_reals_one_at_a_time("exponential 2, d6 of splitmix64{29}", rp::from_values<rp::d6>([e = rp::splitmix64{29}]() mutable { return e() % 6; }),
                              rp::exponential_distribution<double>(2.0));
    print_reals_one_at_a_time("exponential 1, coin of pcg32{30}", rp::from_values<rp::coin>([e = rp::pcg32{30}]() mutable { return e() >> 31; }),
                              rp::exponential_distribution<double>(1.0));

    // normal_distribution (spec version 15): doubles and floats on 64- and 32-bit words, values
    // near the largest double (some clamped to it and to the lowest), subnormal ones, a d6 and a coin
    print_reals_one_at_a_time("normal 0 1, splitmix64{31}", rp::splitmix64{31}, rp::normal_distribution<double>(0.0, 1.0));
    print_reals_one_at_a_time("normal float -3 0.25, pcg32{32}", rp::pcg32{32}, rp::normal_distribution<float>(-3.0f, 0.25f));
    print_reals_one_at_a_time("normal 0 DBL_MAX, xoshiro256starstar{33}", rp::xoshiro256starstar{33},
                              rp::normal_distribution<double>(0.0, 0x1.fffffffffffffp+1023));
    print_reals_one_at_a_time("normal 0 2^-1074, splitmix64{34}", rp::splitmix64{34}, rp::normal_distribution<double>(0.0, 0x1p-1074));
    print_reals_one_at_a_time("normal 10 2, d6 of splitmix64{35}", rp::from_values<rp::d6>([e = rp::splitmix64{35}]() mutable { return e() % 6; }),
                              rp::normal_distribution<double>(10.0, 2.0));
    print_reals_one_at_a_time("normal 1 1e-3, coin of pcg32{36}", rp::from_values<rp::coin>([e = rp::pcg32{36}]() mutable { return e() >> 31; }),
                              rp::normal_distribution<double>(1.0, 1e-3));

    std::printf(same ? "compile time and run time agree\n" : "compile time and run time DIFFER\n");
    return same ? 0 : 1;
}
