// rollplan/detail/factor.hpp: prime factors at compile time, for the planner.
//
// Trial division by the primes below 2^12, then Miller–Rabin with the seven
// bases of Jim Sinclair (deterministic below 2^64), then Pollard's rho in
// Brent's variant (R. P. Brent, "An improved Monte Carlo factorization
// algorithm", 1980) for what is left. Every step is a bounded loop, so the
// whole factorization of any n < 2^64 fits Clang's default constexpr budget.
#pragma once

#include "config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "integer.hpp"

namespace rollplan::detail {

inline constexpr std::uint64_t trial_limit = 4096;

// The 564 primes below trial_limit, written out: a literal costs the
// compilers nothing, where a sieve run in every translation unit cost Clang
// about 0.13 s. tests/factor.cpp checks it against a sieve.
struct prime_table {
    std::array<std::uint16_t, 564> values;
    std::size_t size;
};

inline constexpr prime_table small_primes = {{{
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103,
    107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223,
    227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307, 311, 313, 317, 331, 337, 347,
    349, 353, 359, 367, 373, 379, 383, 389, 397, 401, 409, 419, 421, 431, 433, 439, 443, 449, 457, 461, 463,
    467, 479, 487, 491, 499, 503, 509, 521, 523, 541, 547, 557, 563, 569, 571, 577, 587, 593, 599, 601, 607,
    613, 617, 619, 631, 641, 643, 647, 653, 659, 661, 673, 677, 683, 691, 701, 709, 719, 727, 733, 739, 743,
    751, 757, 761, 769, 773, 787, 797, 809, 811, 821, 823, 827, 829, 839, 853, 857, 859, 863, 877, 881, 883,
    887, 907, 911, 919, 929, 937, 941, 947, 953, 967, 971, 977, 983, 991, 997, 1009, 1013, 1019, 1021, 1031,
    1033, 1039, 1049, 1051, 1061, 1063, 1069, 1087, 1091, 1093, 1097, 1103, 1109, 1117, 1123, 1129, 1151, 1153,
    1163, 1171, 1181, 1187, 1193, 1201, 1213, 1217, 1223, 1229, 1231, 1237, 1249, 1259, 1277, 1279, 1283, 1289,
    1291, 1297, 1301, 1303, 1307, 1319, 1321, 1327, 1361, 1367, 1373, 1381, 1399, 1409, 1423, 1427, 1429, 1433,
    1439, 1447, 1451, 1453, 1459, 1471, 1481, 1483, 1487, 1489, 1493, 1499, 1511, 1523, 1531, 1543, 1549, 1553,
    1559, 1567, 1571, 1579, 1583, 1597, 1601, 1607, 1609, 1613, 1619, 1621, 1627, 1637, 1657, 1663, 1667, 1669,
    1693, 1697, 1699, 1709, 1721, 1723, 1733, 1741, 1747, 1753, 1759, 1777, 1783, 1787, 1789, 1801, 1811, 1823,
    1831, 1847, 1861, 1867, 1871, 1873, 1877, 1879, 1889, 1901, 1907, 1913, 1931, 1933, 1949, 1951, 1973, 1979,
    1987, 1993, 1997, 1999, 2003, 2011, 2017, 2027, 2029, 2039, 2053, 2063, 2069, 2081, 2083, 2087, 2089, 2099,
    2111, 2113, 2129, 2131, 2137, 2141, 2143, 2153, 2161, 2179, 2203, 2207, 2213, 2221, 2237, 2239, 2243, 2251,
    2267, 2269, 2273, 2281, 2287, 2293, 2297, 2309, 2311, 2333, 2339, 2341, 2347, 2351, 2357, 2371, 2377, 2381,
    2383, 2389, 2393, 2399, 2411, 2417, 2423, 2437, 2441, 2447, 2459, 2467, 2473, 2477, 2503, 2521, 2531, 2539,
    2543, 2549, 2551, 2557, 2579, 2591, 2593, 2609, 2617, 2621, 2633, 2647, 2657, 2659, 2663, 2671, 2677, 2683,
    2687, 2689, 2693, 2699, 2707, 2711, 2713, 2719, 2729, 2731, 2741, 2749, 2753, 2767, 2777, 2789, 2791, 2797,
    2801, 2803, 2819, 2833, 2837, 2843, 2851, 2857, 2861, 2879, 2887, 2897, 2903, 2909, 2917, 2927, 2939, 2953,
    2957, 2963, 2969, 2971, 2999, 3001, 3011, 3019, 3023, 3037, 3041, 3049, 3061, 3067, 3079, 3083, 3089, 3109,
    3119, 3121, 3137, 3163, 3167, 3169, 3181, 3187, 3191, 3203, 3209, 3217, 3221, 3229, 3251, 3253, 3257, 3259,
    3271, 3299, 3301, 3307, 3313, 3319, 3323, 3329, 3331, 3343, 3347, 3359, 3361, 3371, 3373, 3389, 3391, 3407,
    3413, 3433, 3449, 3457, 3461, 3463, 3467, 3469, 3491, 3499, 3511, 3517, 3527, 3529, 3533, 3539, 3541, 3547,
    3557, 3559, 3571, 3581, 3583, 3593, 3607, 3613, 3617, 3623, 3631, 3637, 3643, 3659, 3671, 3673, 3677, 3691,
    3697, 3701, 3709, 3719, 3727, 3733, 3739, 3761, 3767, 3769, 3779, 3793, 3797, 3803, 3821, 3823, 3833, 3847,
    3851, 3853, 3863, 3877, 3881, 3889, 3907, 3911, 3917, 3919, 3923, 3929, 3931, 3943, 3947, 3967, 3989, 4001,
    4003, 4007, 4013, 4019, 4021, 4027, 4049, 4051, 4057, 4073, 4079, 4091, 4093}}, 564};

constexpr std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t n) {
    return static_cast<std::uint64_t>(count_t{a} * b % n);
}

constexpr std::uint64_t pow_mod(std::uint64_t base, std::uint64_t exponent, std::uint64_t n) {
    std::uint64_t result = 1 % n;
    base %= n;
    for (; exponent != 0; exponent >>= 1) {
        if (exponent & 1) result = mul_mod(result, base, n);
        base = mul_mod(base, base, n);
    }
    return result;
}

// Miller–Rabin, deterministic for every n < 2^64 with these bases.
constexpr bool is_prime(std::uint64_t n) {
    if (n < 2) return false;
    for (std::uint64_t p : {2u, 3u, 5u, 7u, 11u, 13u, 17u, 19u, 23u, 29u, 31u, 37u}) {
        if (n % p == 0) return n == p;
    }
    std::uint64_t odd = n - 1;
    unsigned twos = 0;
    for (; odd % 2 == 0; odd /= 2) ++twos;
    for (std::uint64_t base : {2ull, 325ull, 9375ull, 28178ull, 450775ull, 9780504ull, 1795265022ull}) {
        std::uint64_t x = pow_mod(base, odd, n);
        if (x == 0 || x == 1 || x == n - 1) continue;
        bool witness = true;
        for (unsigned i = 1; i < twos && witness; ++i) {
            x = mul_mod(x, x, n);
            if (x == n - 1) witness = false;
        }
        if (witness) return false;
    }
    return true;
}

constexpr std::uint64_t gcd64(std::uint64_t a, std::uint64_t b) {
    while (b != 0) {
        std::uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

// A proper factor of an odd composite n (Pollard–Brent rho, x ↦ x² + c).
// The inner loop is one statement per step on purpose: Clang's constexpr
// budget counts statements, and a 64-bit semiprime needs about 2^16 steps.
constexpr std::uint64_t proper_factor(std::uint64_t n) {
    const std::uint64_t batch = 128;
    for (std::uint64_t c = 1;; ++c) {
        std::uint64_t y = 2, x = 2, saved = 2, product = 1, g = 1;
        for (std::uint64_t run = 1; g == 1; run *= 2) {
            x = y;
            for (std::uint64_t i = 0; i < run; ++i) y = static_cast<std::uint64_t>((count_t{y} * y + c) % n);
            for (std::uint64_t done = 0; done < run && g == 1; done += batch) {
                saved = y;
                const std::uint64_t steps = run - done < batch ? run - done : batch;
                for (std::uint64_t i = 0; i < steps; ++i)
                    y = static_cast<std::uint64_t>((count_t{y} * y + c) % n),
                    product = static_cast<std::uint64_t>(count_t{product} * (x > y ? x - y : y - x) % n);
                g = gcd64(product, n);
            }
        }
        if (g == n) {  // the batch overshot: replay it one step at a time
            do {
                saved = static_cast<std::uint64_t>((count_t{saved} * saved + c) % n);
                g = gcd64(x > saved ? x - saved : saved - x, n);
            } while (g == 1);
        }
        if (g != n) return g;
    }
}

struct factorization {
    std::array<count_t, 72> primes{};  // ascending
    std::array<unsigned, 72> exponents{};
    std::size_t size = 0;

    constexpr void add(count_t p, unsigned exponent = 1) {
        std::size_t i = 0;
        while (i < size && primes[i] < p) ++i;
        if (i < size && primes[i] == p) {
            exponents[i] += exponent;
            return;
        }
        for (std::size_t j = size; j > i; --j) {
            primes[j] = primes[j - 1];
            exponents[j] = exponents[j - 1];
        }
        primes[i] = p;
        exponents[i] = exponent;
        ++size;
    }
    constexpr count_t largest() const { return size == 0 ? 1 : primes[size - 1]; }
};

constexpr void add_factors_of(factorization& f, std::uint64_t n) {
    if (n == 1) return;
    if (is_prime(n)) {
        f.add(n);
        return;
    }
    const std::uint64_t d = proper_factor(n);
    add_factors_of(f, d);
    add_factors_of(f, n / d);
}

// Prime factors of n. With complete = false, only primes below `trial_bound`
// are divided out and the cofactor is kept whole instead of being tested and
// split: cheap, and enough where the planner only looks for good splits.
// Numbers of 2^64 or more (candidate products past the largest N) keep any
// cofactor whole.
constexpr factorization factor(count_t n, bool complete = true, count_t trial_bound = trial_limit) {
    factorization f;
    for (std::size_t i = 0; i < small_primes.size && n > 1; ++i) {
        const count_t p = small_primes.values[i];
        if (p * p > n || (!complete && p >= trial_bound)) break;
        unsigned e = 0;
        for (; n % p == 0; n /= p) ++e;
        if (e != 0) f.add(p, e);
    }
    if (n == 1) return f;
    if (n < count_t{trial_limit} * trial_limit || n > max_target || !complete)
        f.add(n);
    else
        add_factors_of(f, static_cast<std::uint64_t>(n));
    return f;
}

}  // namespace rollplan::detail
