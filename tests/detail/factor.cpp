#include <rollplan/detail/factor.hpp>

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

using namespace rollplan;
using detail::factor;

namespace {
bool prime_by_trial(std::uint64_t n) {
    if (n < 2) return false;
    for (std::uint64_t d = 2; d * d <= n; ++d)
        if (n % d == 0) return false;
    return true;
}
count_t product_of(const detail::factorization& f) {
    count_t p = 1;
    for (std::size_t i = 0; i < f.size; ++i)
        for (unsigned e = 0; e < f.exponents[i]; ++e) p *= f.primes[i];
    return p;
}
bool all_prime_ascending(const detail::factorization& f) {
    for (std::size_t i = 0; i < f.size; ++i) {
        if (!detail::is_prime(static_cast<std::uint64_t>(f.primes[i]))) return false;
        if (i > 0 && f.primes[i - 1] >= f.primes[i]) return false;
    }
    return true;
}
}  // namespace

TEST_CASE("the table of small primes is every prime below 4096, by a sieve", "[factor]") {
    std::vector<bool> composite(detail::trial_limit, false);
    std::vector<std::uint64_t> sieved;
    for (std::uint64_t i = 2; i < detail::trial_limit; ++i) {
        if (composite[i]) continue;
        sieved.push_back(i);
        for (std::uint64_t j = i * i; j < detail::trial_limit; j += i) composite[j] = true;
    }
    REQUIRE(detail::small_primes.size == sieved.size());
    REQUIRE(detail::small_primes.values.size() == sieved.size());
    for (std::size_t i = 0; i < sieved.size(); ++i) REQUIRE(detail::small_primes.values[i] == sieved[i]);
}

TEST_CASE("Miller-Rabin agrees with trial division", "[factor]") {
    for (std::uint64_t n = 0; n < 200000; ++n) REQUIRE(detail::is_prime(n) == prime_by_trial(n));
    REQUIRE(detail::is_prime(18446744073709551557ull));  // the largest prime below 2^64
    REQUIRE_FALSE(detail::is_prime(3215031751ull));       // a strong pseudoprime to bases 2, 3, 5, 7
}

TEST_CASE("factorizations multiply back and are prime", "[factor]") {
    for (std::uint64_t n = 1; n < 20000; ++n) {
        const auto f = factor(n);
        REQUIRE(product_of(f) == n);
        REQUIRE(all_prime_ascending(f));
    }
    const std::vector<std::uint64_t> hard = {4294967291ull * 4294967279ull, 18446744073709551557ull,
                                             1000000007ull * 998244353ull, 18446744073709551615ull,
                                             (1ull << 61) - 1, 6700417ull * 6700417ull * 409ull};
    for (auto n : hard) {
        const auto f = factor(n);
        REQUIRE(product_of(f) == n);
        REQUIRE(all_prime_ascending(f));
    }
}

TEST_CASE("2^64 - 1 = 3 · 5 · 17 · 257 · 641 · 65537 · 6700417, at compile time", "[factor]") {
    constexpr auto f = factor(max_target);
    STATIC_REQUIRE(f.size == 7);
    STATIC_REQUIRE(f.primes[4] == 641);
    STATIC_REQUIRE(f.primes[6] == 6700417);
    constexpr auto semiprime = factor(count_t{4294967291ull} * 4294967279ull);
    STATIC_REQUIRE(semiprime.size == 2);
    STATIC_REQUIRE(semiprime.primes[0] == 4294967279ull);
}

TEST_CASE("a partial factorization keeps the cofactor whole", "[factor]") {
    const auto f = factor(count_t{1000003} * 1000033 * 8, false, 256);
    REQUIRE(f.size == 2);
    REQUIRE(f.primes[0] == 2);
    REQUIRE(f.exponents[0] == 3);
    REQUIRE(f.primes[1] == count_t{1000003} * 1000033);
}
