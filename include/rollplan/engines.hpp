// rollplan/engines.hpp: engines with published algorithms, usable in
// constant expressions, the same on every compiler and platform.
//
// Each is a std::uniform_random_bit_generator over 64- or 32-bit words:
// - splitmix64 (Steele, Lea & Flood 2014; the version in Vigna's reference
//   code): a counter advanced by 0x9e3779b97f4a7c15, then a bijective mix.
//   Seeding: the 64-bit seed is the counter's start.
// - pcg32 (O'Neill 2014, PCG-XSH-RR 64/32): a 64-bit LCG whose old state is
//   permuted into 32 output bits. Seeding as pcg-cpp's pcg32: increment
//   2·stream + 1 (default stream 721347520444481703), state = bump(seed + increment).
// - xoshiro256starstar (Blackman & Vigna 2018): 256 bits of xor/shift/rotate
//   state, output rotl(s1·5, 7)·9. Seeding: a 64-bit seed fills the state with
//   four splitmix64 outputs (the authors' advice); a full state may be given.
#pragma once

#include <array>
#include <cstdint>
#include <limits>

namespace rollplan {

class splitmix64 {
public:
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

    constexpr explicit splitmix64(std::uint64_t seed = 0) : counter_(seed) {}
    constexpr result_type operator()() {
        std::uint64_t z = counter_ += 0x9e3779b97f4a7c15ULL;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    constexpr void discard(unsigned long long n) { counter_ += n * 0x9e3779b97f4a7c15ULL; }
    friend constexpr bool operator==(const splitmix64&, const splitmix64&) = default;

private:
    std::uint64_t counter_;
};

class pcg32 {
public:
    using result_type = std::uint32_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
    static constexpr std::uint64_t default_seed = 0xcafef00dd15ea5e5ULL;
    static constexpr std::uint64_t default_stream = 1442695040888963407ULL >> 1;

    constexpr explicit pcg32(std::uint64_t seed = default_seed, std::uint64_t stream = default_stream)
        : increment_((stream << 1) | 1), state_(bump(seed + increment_)) {}

    constexpr result_type operator()() {
        const std::uint64_t old = state_;
        state_ = bump(state_);
        const auto xorshifted = static_cast<std::uint32_t>(((old >> 18) ^ old) >> 27);
        const auto rotation = static_cast<unsigned>(old >> 59);
        return (xorshifted >> rotation) | (xorshifted << ((32 - rotation) & 31));
    }
    friend constexpr bool operator==(const pcg32&, const pcg32&) = default;

private:
    constexpr std::uint64_t bump(std::uint64_t s) const { return s * 6364136223846793005ULL + increment_; }
    std::uint64_t increment_;
    std::uint64_t state_;
};

class xoshiro256starstar {
public:
    using result_type = std::uint64_t;
    using state_type = std::array<std::uint64_t, 4>;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

    constexpr explicit xoshiro256starstar(std::uint64_t seed = 0) : s_{} {
        splitmix64 fill(seed);
        for (auto& word : s_) word = fill();
    }
    // The state itself (not all zero), as in the reference code.
    constexpr explicit xoshiro256starstar(const state_type& state) : s_(state) {}

    constexpr result_type operator()() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    constexpr const state_type& state() const { return s_; }
    friend constexpr bool operator==(const xoshiro256starstar&, const xoshiro256starstar&) = default;

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    state_type s_;
};

}  // namespace rollplan
