#include <rollplan/optimum.hpp>
#include <rollplan/detail/weights.hpp>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace rollplan;
using detail::knuth_yao_leaves;
using detail::knuth_yao_unfinished;
using detail::outcome_at;

namespace {

// Weight vectors the laws below are checked on: dice tables, a 2d6, zeros,
// a power of two, a prime total, one huge weight.
const std::vector<std::vector<count_t>> tables = {
    {3, 2, 1}, {1, 1}, {1, 2}, {5, 0, 2}, {0, 7, 0, 1}, {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}, {1, 3, 4},
    {2, 3, 5, 7, 11, 13}, {1, 1000000}, {9, 1}, {4, 4, 4, 4}, {123456789, 987654321, 5},
};

auto accessor(const std::vector<count_t>& w) {
    return [&w](std::size_t i) { return w[i]; };
}
count_t sum(const std::vector<count_t>& w) {
    count_t s = 0;
    for (count_t x : w) s += x;
    return s;
}

}  // namespace

TEST_CASE("outcome_at: the interval of the cumulative weights that holds a value", "[weights]") {
    // weights 0, 3, 0, 2, 0: ends 0, 3, 3, 5, 5
    constexpr std::array<count_t, 5> ends{0, 3, 3, 5, 5};
    STATIC_REQUIRE(outcome_at(ends.data(), 5, 0) == 1);
    STATIC_REQUIRE(outcome_at(ends.data(), 5, 2) == 1);
    STATIC_REQUIRE(outcome_at(ends.data(), 5, 3) == 3);
    STATIC_REQUIRE(outcome_at(ends.data(), 5, 4) == 3);
    constexpr std::array<count_t, 1> one{7};
    STATIC_REQUIRE(outcome_at(one.data(), 1, 6) == 0);
}

// The invariant of knuth_yao (plan.hpp): the leaves of outcome i down to
// depth d, read as K-ary digits, are ⌊K^d·W_i / W⌋, computed here directly.
TEST_CASE("knuth_yao_leaves are the K-ary digits of W_i / W", "[weights]") {
    for (const auto& w : tables)
        for (const count_t k : {count_t{2}, count_t{3}, count_t{6}, count_t{10}, count_t{20}}) {
            const count_t total = sum(w);
            for (std::size_t i = 0; i < w.size(); ++i) {
                count_t digits = 0, share = 1, power = 1;
                for (unsigned d = 1; d <= 10 && power <= count_max / k / (total + 1); ++d) {
                    digits = digits * k + knuth_yao_leaves(share, w[i], total, k);
                    share = detail::next_residue(share, k, total);
                    power *= k;
                    INFO("K = " << static_cast<unsigned>(k) << ", outcome " << i << ", depth " << d);
                    REQUIRE(digits == power * w[i] / total);
                }
            }
        }
}

// U_k, the inner nodes at depth k, is what the K^k sequences leave once every
// outcome has its ⌊K^k·W_i / W⌋.
TEST_CASE("knuth_yao_unfinished: the sequences the tree leaves after k rolls", "[weights]") {
    for (const auto& w : tables)
        for (const count_t k : {count_t{2}, count_t{3}, count_t{6}, count_t{20}}) {
            const count_t total = sum(w);
            count_t share = 1 % total, power = 1;
            for (unsigned d = 0; d <= 10 && power <= count_max / k / (total + 1); ++d) {
                count_t resolved = 0;
                for (count_t x : w) resolved += power * x / total;
                REQUIRE(knuth_yao_unfinished(share, w.size(), total, accessor(w)) == power - resolved);
                share = detail::next_residue(share, k, total);
                power *= k;
            }
        }
    const std::vector<count_t> certain{0, 5, 0};
    REQUIRE(knuth_yao_unfinished(1, 3, 5, accessor(certain)) == 0);  // a leaf at depth 0
}

// Knuth & Yao: H/log2 K <= E[rolls] < H/log2 K + 2, with H the entropy in bits;
// and the exact sum agrees with the estimate used for planning.
TEST_CASE("knuth_yao_sum: within the entropy bounds", "[weights]") {
    for (const auto& w : tables)
        for (const count_t k : {count_t{2}, count_t{3}, count_t{6}, count_t{20}}) {
            const count_t total = sum(w);
            double entropy = 0;
            for (count_t x : w)
                if (x != 0) {
                    const double p = static_cast<double>(x) / static_cast<double>(total);
                    entropy -= p * std::log2(p);
                }
            const double bound = entropy / std::log2(static_cast<double>(k));
            const double estimate = detail::knuth_yao_rolls_estimate(w.size(), total, k, accessor(w));
            INFO("K = " << static_cast<unsigned>(k) << ", W = " << static_cast<double>(total));
            REQUIRE(estimate >= bound - 1e-12);
            REQUIRE(estimate < bound + 2);
            if (total < 100000) REQUIRE(knuth_yao_sum(w.size(), total, k, accessor(w)).to_double() == Approx(estimate).epsilon(1e-12));
        }
    // 3, 2, 1 from a coin: U_k = 1 at every depth, so Σ 2^-k = 2
    constexpr std::array<count_t, 3> w{3, 2, 1};
    STATIC_REQUIRE(knuth_yao_sum(3, 6, 2, [&](std::size_t i) { return w[i]; }) == rational{2});
    STATIC_REQUIRE(knuth_yao_sum(3, 6, 6, [&](std::size_t i) { return w[i]; }) == rational{1});
}
