// batch.hpp: several values from one word, counted value by value through
// the code, with small words standing in for 2^32 and 2^64 (the batch is
// generic in L).
#include <rollplan/detail/batch.hpp>
#include <rollplan/engines.hpp>

#include "../support.hpp"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <vector>

using namespace rollplan;
using detail::digit_batch;

namespace {
// Tuples of digits as map keys, ordered element by element. Not with the
// vector's own <: libstdc++ 12 on big-endian targets (s390x) compares
// vectors of std::uint64_t through a memcmp of the element count instead of
// the byte count, so {0, 1} < {0, 2} is false there and the map merges
// different tuples into one (1 tuple counted instead of 64).
struct element_by_element {
    bool operator()(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) const {
        for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
            if (a[i] != b[i]) return a[i] < b[i];
        return a.size() < b.size();
    }
};
using tuple_counts = std::map<std::vector<std::uint64_t>, std::uint64_t, element_by_element>;

// Every v in [0, L): the batch accepts v exactly when scale<D, N^K> does,
// writes the base-N digits of ⌊v·N^K/L⌋, and each K-tuple of digits has
// exactly ⌊L/N^K⌋ accepted preimages: uniform and independent values. Both
// forms: N and K constants (digit_batch) and given at run time (digit_batch_of,
// generate with run-time bounds), each digit written once.
template <count_t L, std::uint64_t N, std::size_t K>
void every_word() {
    using batch = digit_batch<L, N, K>;
    const detail::digit_batch_of<L> run_time(N, K);
    const detail::sized_digit_batch<L, K> sized(N);  // N at run time, K a constant
    REQUIRE(run_time.size() == K);
    const auto range = static_cast<std::uint64_t>(L);
    const auto product = static_cast<std::uint64_t>(batch::product);
    INFO("L = " << range << ", N = " << N << ", K = " << K);
    tuple_counts tuples, tuples_run_time;
    for (std::uint64_t v = 0; v < range; ++v) {
        const bool accepted = v * product % range >= range % product;
        REQUIRE(batch::accepts(v) == accepted);
        REQUIRE(run_time.accepts(v) == accepted);
        REQUIRE(sized.accepts(v) == accepted);
        if (!accepted) continue;
        std::vector<std::uint64_t> digits(K, N), digits_run_time(K, N), digits_sized(K, N);
        std::vector<int> written(K), written_sized(K);
        batch::digits(v, [&](std::size_t i, std::uint64_t d) { digits[i] = d; });
        run_time.digits(v, [&](std::size_t i, std::uint64_t d) { digits_run_time[i] = d, ++written[i]; });
        sized.digits(v, [&](std::size_t i, std::uint64_t d) { digits_sized[i] = d, ++written_sized[i]; });
        std::uint64_t value = v * product / range;
        for (std::size_t i = K; i-- > 0; value /= N) REQUIRE(digits[i] == value % N);
        REQUIRE(digits_run_time == digits);
        REQUIRE(digits_sized == digits);
        REQUIRE(std::ranges::count(written, 1) == static_cast<std::ptrdiff_t>(K));
        REQUIRE(std::ranges::count(written_sized, 1) == static_cast<std::ptrdiff_t>(K));
        ++tuples[digits];
        ++tuples_run_time[digits_run_time];
    }
    REQUIRE(tuples.size() == product);
    for (const auto& [digits, preimages] : tuples) REQUIRE(preimages == range / product);
    REQUIRE(tuples_run_time == tuples);
}
}  // namespace

TEST_CASE("a batch of digits: every word of small dice, every tuple equally often", "[batch]") {
    every_word<64, 2, 6>();     // N^K = L: never a reroll
    every_word<64, 3, 3>();
    every_word<64, 6, 2>();
    every_word<64, 7, 2>();
    every_word<243, 3, 5>();    // L need not be a power of two
    every_word<1000, 7, 3>();
    every_word<4096, 5, 5>();
    every_word<4096, 10, 3>();
    every_word<4096, 6, 4>();   // four chains of one digit
    every_word<65536, 6, 6>();  // four chains: 2 + 2 + 2 digits... and two more of 0
    every_word<65536, 3, 10>(); // chains of 3, 3, 3 and 1 digits
    every_word<65536, 2, 16>(); // N^K = L, four chains of 4
    every_word<65536, 4, 7>();  // chains of 2, 2, 2 and 1 at run time
    every_word<4096, 2, 11>();
    every_word<4096, 3, 7>();   // 7 digits: chains of 2, 2, 2, 1 / 2, 2, 2, 1
    every_word<1000, 4, 4>();
    every_word<4096, 7, 1>();   // a batch of one value: scale<D, N> itself
    every_word<243, 3, 2>();
    // the words and digits above that are powers of two are read as bit fields, the others by chains
    STATIC_REQUIRE(digit_batch<64, 2, 6>::bit_fields);
    STATIC_REQUIRE(digit_batch<65536, 4, 7>::bit_fields);
    STATIC_REQUIRE(digit_batch<4096, 2, 11>::bit_fields);
    STATIC_REQUIRE_FALSE(digit_batch<64, 3, 3>::bit_fields);
    STATIC_REQUIRE_FALSE(digit_batch<1000, 4, 4>::bit_fields);
}

TEST_CASE("a batch at run time refuses what is not a batch", "[batch]") {
    REQUIRE_THROWS_AS((detail::sized_digit_batch<65536, 17>(2)), std::invalid_argument);  // 2^17 > L
    REQUIRE_THROWS_AS((detail::sized_digit_batch<65536, 3>(1)), std::invalid_argument);   // one value
    REQUIRE_THROWS_AS((detail::sized_digit_batch<65536, 3>(41)), std::invalid_argument);  // 41^3 > L
    REQUIRE_NOTHROW(detail::sized_digit_batch<65536, 3>(40));
    using batch = detail::digit_batch_of<65536>;
    REQUIRE_THROWS_AS(batch(2, 0), std::invalid_argument);
    REQUIRE_THROWS_AS(batch(2, 17), std::invalid_argument);  // 2^17 > L
    REQUIRE_THROWS_AS(batch(1, 3), std::invalid_argument);   // one value
    REQUIRE_THROWS_AS(batch(2, 65), std::invalid_argument);
    REQUIRE_NOTHROW(batch(2, 16));
}

TEST_CASE("a batch of digits on a 64-bit word: the digits of ⌊v·N^K/2^64⌋", "[batch]") {
    // the chains start at v·N^i mod 2^64; compare with the value computed whole
    splitmix64 g(2026);
    auto check = [&]<std::uint64_t N, std::size_t K>(std::integral_constant<std::uint64_t, N>,
                                                      std::integral_constant<std::size_t, K>) {
        using batch = digit_batch<two_to_64, N, K>;
        const detail::digit_batch_of<two_to_64> run_time(N, K);
        const detail::sized_digit_batch<two_to_64, K> sized(N);
        for (int i = 0; i < 20000; ++i) {
            const std::uint64_t v = g();
            count_t value = count_t{v} * batch::product >> 64;
            REQUIRE(batch::accepts(v) == (static_cast<std::uint64_t>(count_t{v} * batch::product) >=
                                          static_cast<std::uint64_t>(two_to_64 % batch::product)));
            std::array<std::uint64_t, K> digits{}, digits_run_time{};
            batch::digits(v, [&](std::size_t j, std::uint64_t d) { digits[j] = d; });
            run_time.digits(v, [&](std::size_t j, std::uint64_t d) { digits_run_time[j] = d; });
            REQUIRE(run_time.accepts(v) == batch::accepts(v));
            REQUIRE(digits_run_time == digits);
            std::array<std::uint64_t, K> digits_sized{};
            sized.digits(v, [&](std::size_t j, std::uint64_t d) { digits_sized[j] = d; });
            REQUIRE(sized.accepts(v) == batch::accepts(v));
            REQUIRE(digits_sized == digits);
            for (std::size_t j = K; j-- > 0; value /= N) REQUIRE(digits[j] == static_cast<std::uint64_t>(value % N));
        }
    };
    check(std::integral_constant<std::uint64_t, 6>{}, std::integral_constant<std::size_t, 23>{});
    check(std::integral_constant<std::uint64_t, 100>{}, std::integral_constant<std::size_t, 9>{});
    check(std::integral_constant<std::uint64_t, 2>{}, std::integral_constant<std::size_t, 64>{});
    check(std::integral_constant<std::uint64_t, 65536>{}, std::integral_constant<std::size_t, 4>{});
    check(std::integral_constant<std::uint64_t, 1000000>{}, std::integral_constant<std::size_t, 3>{});
    check(std::integral_constant<std::uint64_t, 3>{}, std::integral_constant<std::size_t, 40>{});
    check(std::integral_constant<std::uint64_t, 7>{}, std::integral_constant<std::size_t, 5>{});
    check(std::integral_constant<std::uint64_t, 4294967295>{}, std::integral_constant<std::size_t, 2>{});
}

TEST_CASE("the batch size: the most accepted values per word", "[batch]") {
    // k·(L − L mod N^k) is largest at these k (checked against a Python transcription)
    STATIC_REQUIRE(detail::batch_size(6, two_to_64) == 23);  // not 24: 6^24 leaves a reroll chance of 0.23
    STATIC_REQUIRE(detail::batch_size(2, two_to_64) == 64);
    STATIC_REQUIRE(detail::batch_size(100, two_to_64) == 9);
    STATIC_REQUIRE(detail::batch_size(1000, two_to_64) == 6);
    STATIC_REQUIRE(detail::batch_size(65536, two_to_64) == 4);
    STATIC_REQUIRE(detail::batch_size(29, count_t{1} << 32) == 6);
    STATIC_REQUIRE(detail::batch_size(3000000000u, count_t{1} << 32) == 1);
    // the search goes down from the largest k and stops early (it runs once per call of generate
    // with run-time bounds): the same k as trying every k upward, at run time and in constants
    const auto every_k = [](count_t n, count_t range) { return testing::spec_batch_size(n, range); };
    for (const count_t range : {two_to_64, count_t{1} << 32, count_t{65536}, count_t{1000}}) {
        for (count_t n = 2; n < 5000 && n < range; ++n) REQUIRE(detail::batch_size(n, range) == every_k(n, range));
        for (std::uint64_t n : {4294967295ull, 4294967296ull, 4294967297ull, 1ull << 40, 1ull << 63, ~0ull})
            if (n < range) REQUIRE(detail::batch_size(n, range) == every_k(n, range));
    }
    STATIC_REQUIRE(detail::batch_size(3, two_to_64) == 38);
}

TEST_CASE("index batches: every word, every tuple of indices equally often", "[batch]") {
    // bounds b, b − 1, …, b − K + 1 from a 2^16-valued word
    constexpr count_t L = count_t{1} << 16;
    auto every_word_of = [&]<std::size_t K>(std::uint64_t bound, std::integral_constant<std::size_t, K>) {
        INFO("bound " << bound << ", K = " << K);
        std::uint64_t product = 1;
        for (std::size_t t = 0; t < K; ++t) product *= bound - t;
        tuple_counts tuples;
        for (std::uint64_t v = 0; v < 65536; ++v) {
            // v first; a rejected v is followed by L − 1, which every product accepts
            int calls = 0;
            auto word = [&] { return calls++ == 0 ? v : std::uint64_t{65535}; };
            std::uint64_t rest = detail::index_batch_word<L, K>(word, bound);
            REQUIRE((calls == 1) == (v * product % 65536 >= 65536 % product));
            if (calls != 1) continue;
            REQUIRE(rest == v);
            std::vector<std::uint64_t> indices;
            for (std::size_t t = 0; t < K; ++t) {
                indices.push_back(detail::chain_step<L>(rest, bound - t));
                REQUIRE(indices.back() < bound - t);
            }
            ++tuples[indices];
        }
        REQUIRE(tuples.size() == product);
        for (const auto& [indices, preimages] : tuples) REQUIRE(preimages == 65536 / product);
    };
    every_word_of(16, std::integral_constant<std::size_t, 2>{});
    every_word_of(6, std::integral_constant<std::size_t, 3>{});
    every_word_of(4, std::integral_constant<std::size_t, 4>{});
    every_word_of(3, std::integral_constant<std::size_t, 3>{});  // the last bound is 1: index 0
    every_word_of(7, std::integral_constant<std::size_t, 1>{});
}

TEST_CASE("index zones: the largest k with i^k <= L/2^8", "[batch]") {
    // integer roots of 2^56 and 2^24
    STATIC_REQUIRE(detail::largest_bound<two_to_64>[1] == std::uint64_t{1} << 56);
    STATIC_REQUIRE(detail::largest_bound<two_to_64>[2] == std::uint64_t{1} << 28);
    STATIC_REQUIRE(detail::largest_bound<two_to_64>[3] == 416127);  // 416127^3 <= 2^56 < 416128^3
    STATIC_REQUIRE(detail::largest_bound<two_to_64>[4] == 16384);
    STATIC_REQUIRE(detail::largest_bound<two_to_64>[5] == 2352);
    STATIC_REQUIRE(detail::largest_bound<two_to_64>[6] == 645);
    STATIC_REQUIRE(detail::largest_bound<two_to_64>[7] == 0);
    STATIC_REQUIRE(detail::largest_bound<(count_t{1} << 32)>[2] == 4096);
    STATIC_REQUIRE(detail::largest_bound<(count_t{1} << 32)>[6] == 16);
}

namespace {
// The K digits are cut in min(K, 4) chains of ⌈K / chains⌉ digits: the
// shortest chains that cover them, run side by side.
template <count_t L, std::uint64_t N, std::size_t K>
void covers_with_shortest_chains() {
    using batch = digit_batch<L, N, K>;
    INFO("N = " << N << ", K = " << K);
    REQUIRE(batch::chains == (K < 4 ? K : 4));
    REQUIRE(batch::chains * batch::chain_length >= K);
    REQUIRE(batch::chains * (batch::chain_length - 1) < K);
}
}  // namespace

TEST_CASE("a batch's digits are cut in the shortest chains that cover them", "[batch]") {
    covers_with_shortest_chains<two_to_64, 6, 1>();  // one chain of one digit, not of two
    covers_with_shortest_chains<two_to_64, 6, 3>();
    covers_with_shortest_chains<two_to_64, 6, 4>();  // four chains of one digit, not two of two
    covers_with_shortest_chains<two_to_64, 6, 5>();
    covers_with_shortest_chains<two_to_64, 6, 8>();
    covers_with_shortest_chains<two_to_64, 3, 40>();
    covers_with_shortest_chains<(count_t{1} << 32), 10, 9>();
    covers_with_shortest_chains<65536, 2, 16>();
}
