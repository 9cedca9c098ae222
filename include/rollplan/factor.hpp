// rollplan/factor.hpp: prime factors at compile time, for the planner.
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

template <std::size_t Limit>
constexpr auto primes_below() {
    std::array<bool, Limit> composite{};
    for (std::size_t i = 2; i < Limit; ++i) {
        if (composite[i]) continue;
        for (std::size_t j = i * i; j < Limit; j += i) composite[j] = true;
    }
    return composite;
}

struct prime_table {
    std::array<std::uint16_t, 600> values{};
    std::size_t size = 0;
};

constexpr prime_table make_prime_table() {
    prime_table table;
    const auto composite = primes_below<trial_limit>();
    for (std::size_t i = 2; i < trial_limit; ++i)
        if (!composite[i]) table.values[table.size++] = static_cast<std::uint16_t>(i);
    return table;
}

inline constexpr prime_table small_primes = make_prime_table();

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
