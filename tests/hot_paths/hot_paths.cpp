// The hot paths that must not call a 128-bit division helper (__udivti3,
// __umodti3, __udivmodti4, __divti3, __modti3): each is a function of its own
// here, and tests/hot_paths/check.sh reads the compiler's assembly of each.
// control_128_bit_division divides 128-bit numbers on purpose: the check must
// find the helper there, or it is not looking.
#include <rollplan/rollplan.hpp>

#include <cstdint>
#include <random>
#include <vector>

namespace rp = rollplan;
using u64 = std::uint64_t;

extern "C" {

// the default distribution on engine words: scale, one multiplication
u64 hot_default_6_splitmix64(rp::splitmix64& g) { return rp::uniform_int_distribution<int, 0, 5>{}(g); }
u64 hot_default_1000_splitmix64(rp::splitmix64& g) { return rp::uniform_int_distribution<int, 0, 999>{}(g); }
u64 hot_default_2p31m1_splitmix64(rp::splitmix64& g) { return rp::uniform_int_distribution<int, 0, 2147483646>{}(g); }
u64 hot_default_2p63p1_splitmix64(rp::splitmix64& g) {
    return rp::uniform_int_distribution<std::uint64_t, 0, 9223372036854775808ull>{}(g);
}
u64 hot_default_2p64m1_splitmix64(rp::splitmix64& g) {
    return rp::uniform_int_distribution<std::uint64_t, 0, 18446744073709551614ull>{}(g);
}
u64 hot_default_6_mt19937(std::mt19937& g) { return rp::uniform_int_distribution<int, 0, 5>{}(g); }
u64 hot_default_2p32p1_mt19937(std::mt19937& g) { return rp::uniform_int_distribution<std::uint64_t, 0, 4294967296ull>{}(g); }
u64 hot_default_29_pcg32(rp::pcg32& g) { return rp::uniform_int_distribution<int, 0, 28>{}(g); }
u64 hot_default_6_mt19937_64(std::mt19937_64& g) { return rp::uniform_int_distribution<int, 0, 5>{}(g); }

// the recycle node's first attempt (its rare rest, recycle_after_rejection, divides by constants too)
u64 hot_optimal_6_splitmix64(rp::splitmix64& g) { return rp::uniform_int_distribution<int, 0, 5, rp::strategy::optimal>{}(g); }
u64 hot_optimal_1000_mt19937(std::mt19937& g) {
    return rp::uniform_int_distribution<int, 0, 999, rp::strategy::optimal>{}(g);
}
u64 hot_optimal_29_minstd(std::minstd_rand& g) { return rp::uniform_int_distribution<int, 0, 28>{}(g); }

// rejection and digits
u64 hot_digits_1000_splitmix64(rp::splitmix64& g) {
    return rp::uniform_int_distribution<int, 0, 999, rp::strategy::digits>{}(g);
}
u64 hot_digits_2p32p1_mt19937(std::mt19937& g) {
    return rp::uniform_int_distribution<std::uint64_t, 0, 4294967296ull, rp::strategy::digits>{}(g);
}

// run-time bounds: Lemire's nearly divisionless method
u64 hot_uniform_below_splitmix64(rp::splitmix64& g, u64 n) { return rp::uniform_below(g, n); }
u64 hot_uniform_below_mt19937(std::mt19937& g, u64 n) { return rp::uniform_below(g, n); }
u64 hot_uniform_below_pcg32(rp::pcg32& g, u64 n) { return rp::uniform_below(g, n); }

// the distribution with run-time bounds (uniform_below on b − a + 1), and the whole 64-bit range
u64 hot_run_time_bounds_splitmix64(rp::splitmix64& g, std::int64_t a, std::int64_t b) {
    return static_cast<u64>(rp::uniform_int_distribution<std::int64_t>(a, b)(g));
}
u64 hot_run_time_bounds_mt19937(std::mt19937& g, int a, int b) {
    return static_cast<u64>(rp::uniform_int_distribution<int>(a, b)(g));
}
// every integer type people write, on a 64-bit and a 32-bit engine word
u64 hot_run_time_int8_splitmix64(rp::splitmix64& g, std::int8_t a, std::int8_t b) {
    return static_cast<u64>(rp::uniform_int_distribution<std::int8_t>(a, b)(g));
}
u64 hot_run_time_int8_mt19937(std::mt19937& g, std::int8_t a, std::int8_t b) {
    return static_cast<u64>(rp::uniform_int_distribution<std::int8_t>(a, b)(g));
}
u64 hot_run_time_uint8_splitmix64(rp::splitmix64& g, std::uint8_t a, std::uint8_t b) {
    return static_cast<u64>(rp::uniform_int_distribution<std::uint8_t>(a, b)(g));
}
u64 hot_run_time_uint8_mt19937(std::mt19937& g, std::uint8_t a, std::uint8_t b) {
    return static_cast<u64>(rp::uniform_int_distribution<std::uint8_t>(a, b)(g));
}
u64 hot_run_time_short_splitmix64(rp::splitmix64& g, short a, short b) {
    return static_cast<u64>(rp::uniform_int_distribution<short>(a, b)(g));
}
u64 hot_run_time_short_mt19937(std::mt19937& g, short a, short b) {
    return static_cast<u64>(rp::uniform_int_distribution<short>(a, b)(g));
}
u64 hot_run_time_ushort_splitmix64(rp::splitmix64& g, unsigned short a, unsigned short b) {
    return static_cast<u64>(rp::uniform_int_distribution<unsigned short>(a, b)(g));
}
u64 hot_run_time_ushort_mt19937(std::mt19937& g, unsigned short a, unsigned short b) {
    return static_cast<u64>(rp::uniform_int_distribution<unsigned short>(a, b)(g));
}
u64 hot_run_time_int_splitmix64(rp::splitmix64& g, int a, int b) {
    return static_cast<u64>(rp::uniform_int_distribution<int>(a, b)(g));
}
u64 hot_run_time_int_mt19937(std::mt19937& g, int a, int b) {
    return static_cast<u64>(rp::uniform_int_distribution<int>(a, b)(g));
}
u64 hot_run_time_uint_splitmix64(rp::splitmix64& g, unsigned a, unsigned b) {
    return static_cast<u64>(rp::uniform_int_distribution<unsigned>(a, b)(g));
}
u64 hot_run_time_uint_mt19937(std::mt19937& g, unsigned a, unsigned b) {
    return static_cast<u64>(rp::uniform_int_distribution<unsigned>(a, b)(g));
}
u64 hot_run_time_long_splitmix64(rp::splitmix64& g, long a, long b) {
    return static_cast<u64>(rp::uniform_int_distribution<long>(a, b)(g));
}
u64 hot_run_time_long_mt19937(std::mt19937& g, long a, long b) {
    return static_cast<u64>(rp::uniform_int_distribution<long>(a, b)(g));
}
u64 hot_run_time_ulong_splitmix64(rp::splitmix64& g, unsigned long a, unsigned long b) {
    return static_cast<u64>(rp::uniform_int_distribution<unsigned long>(a, b)(g));
}
u64 hot_run_time_ulong_mt19937(std::mt19937& g, unsigned long a, unsigned long b) {
    return static_cast<u64>(rp::uniform_int_distribution<unsigned long>(a, b)(g));
}
u64 hot_run_time_llong_splitmix64(rp::splitmix64& g, long long a, long long b) {
    return static_cast<u64>(rp::uniform_int_distribution<long long>(a, b)(g));
}
u64 hot_run_time_llong_mt19937(std::mt19937& g, long long a, long long b) {
    return static_cast<u64>(rp::uniform_int_distribution<long long>(a, b)(g));
}
u64 hot_run_time_ullong_splitmix64(rp::splitmix64& g, unsigned long long a, unsigned long long b) {
    return static_cast<u64>(rp::uniform_int_distribution<unsigned long long>(a, b)(g));
}
u64 hot_run_time_ullong_mt19937(std::mt19937& g, unsigned long long a, unsigned long long b) {
    return static_cast<u64>(rp::uniform_int_distribution<unsigned long long>(a, b)(g));
}
u64 hot_full_range_mt19937(std::mt19937& g) { return rp::uniform_int_distribution<u64, 0, UINT64_MAX>{}(g); }

// loaded dice: the alias table's slot (two multiplications), the compile-time cut, bernoulli's bits
u64 hot_discrete_run_time_splitmix64(rp::splitmix64& g, const rp::discrete_distribution<int>& d) {
    return static_cast<u64>(d(g));
}
u64 hot_discrete_run_time_mt19937(std::mt19937& g, const rp::discrete_distribution<int>& d) { return static_cast<u64>(d(g)); }
u64 hot_discrete_compile_time_splitmix64(rp::splitmix64& g) { return static_cast<u64>(rp::discrete_distribution<int, 3, 2, 1>{}(g)); }
u64 hot_discrete_compile_time_mt19937(std::mt19937& g) {
    return static_cast<u64>(rp::discrete_distribution<int, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>{}(g));
}
u64 hot_bernoulli_splitmix64(rp::splitmix64& g, const rp::bernoulli_distribution& b) { return b(g) ? 1 : 0; }

// with run-time bounds: generate's batches (the batch size and constants computed per call),
// generate_random's loop, pick
void hot_generate_run_time_splitmix64(std::vector<u64>& v, rp::splitmix64& g, u64 a, u64 b) {
    rp::generate(v, rp::uniform_int_distribution<u64>(a, b), g);
}
void hot_generate_run_time_mt19937(std::vector<u64>& v, std::mt19937& g, u64 a, u64 b) {
    rp::generate(v, rp::uniform_int_distribution<u64>(a, b), g);
}
void hot_generate_random_splitmix64(std::vector<u64>& v, rp::splitmix64& g, u64 a, u64 b) {
    rp::uniform_int_distribution<u64>(a, b).generate_random(v, g);
}
u64 hot_pick_splitmix64(const std::vector<u64>& v, rp::splitmix64& g) { return *rp::pick(v, g); }

// shuffling draws through uniform_below
void hot_shuffle_splitmix64(std::vector<int>& v, rp::splitmix64& g) { rp::shuffle(v, g); }

// the entropy pool with N a constant: divisions by invariants, multiplications only
u64 hot_pool_6_splitmix64(rp::entropy_pool<rp::splitmix64>& pool) { return pool.draw<6>(); }
u64 hot_pool_1000_mt19937(rp::entropy_pool<std::mt19937>& pool) { return pool.draw<1000>(); }

// the control: a 128-bit division the compiler cannot avoid
rp::count_t control_128_bit_division(rp::count_t a, rp::count_t b) { return a / b; }
}
