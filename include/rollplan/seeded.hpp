// rollplan/seeded.hpp: an engine's whole state from a random device.
//
// seeded<Engine>() seeds every word of an engine's state from
// std::random_device (std::mt19937 and std::mt19937_64 ask 624 32-bit words),
// through device_seed_seq, a seed sequence whose words are the device's own
// (std::seed_seq would spread the words given to it; `Engine{rd()}` gives 32
// bits of state). A device that returns one value again and again (MinGW's
// old std::random_device was a fixed sequence; some WSL versions have returned
// all ones) is refused before anything is seeded. A header of its own, not in
// rollplan.hpp: <random> costs every translation unit about a fifth of
// rollplan.hpp's compile time.
#pragma once

#include "detail/config.hpp"
#include "detail/error.hpp"

#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>

namespace rollplan {

// A seed sequence ([rand.req.seedseq]'s generate) whose 32-bit words are a
// device's words, as many as the engine asks: a device of 32-bit words (like
// std::random_device) gives one a call, a device of 64-bit words its low and
// then its high half. It reads 16 words when made, and throws
// std::runtime_error when they are all one value (naming it): a constant
// device. Those 16 words are the first generate gives.
template <class Device>
class device_seed_seq {
    static_assert(Device::min() == 0 && (Device::max() == 0xffffffffu || Device::max() == ~std::uint64_t{0}),
                  "rollplan: device_seed_seq needs a device of 32- or 64-bit words (like std::random_device)");

public:
    using result_type = std::uint32_t;
    static constexpr std::size_t probe = 16;

    explicit device_seed_seq(Device& device) : device_(&device) {
        bool same = true;
        for (std::size_t i = 0; i < probe; ++i) {
            first_[i] = next_word();
            same = same && first_[i] == first_[0];
        }
        if (same)
            detail::fail<std::runtime_error>("rollplan: the random device returned the same value 16 times in a row: "
                                             "it is not random; seed from another source",
                                             "value", first_[0]);
    }
    template <class It>
    void generate(It first, It last) {
        for (; first != last; ++first) *first = given_ < probe ? first_[given_++] : next_word();
    }
    std::size_t size() const { return 0; }  // it holds no seed of its own to give back
    template <class Out>
    void param(Out) const {}

private:
    result_type next_word() {
        if constexpr (Device::max() == 0xffffffffu) {
            return static_cast<result_type>((*device_)());
        } else {
            if (has_high_) {
                has_high_ = false;
                return high_;
            }
            const std::uint64_t w = (*device_)();
            high_ = static_cast<result_type>(w >> 32);
            has_high_ = true;
            return static_cast<result_type>(w);
        }
    }

    Device* device_;
    result_type first_[probe]{};
    std::size_t given_ = 0;
    result_type high_ = 0;
    bool has_high_ = false;
};

// An engine with every word of its state from `device` (device_seed_seq).
template <class Engine, class Device>
Engine seeded(Device& device) {
    device_seed_seq<Device> words(device);
    return Engine(words);
}
// The same from a std::random_device of its own.
template <class Engine>
Engine seeded() {
    std::random_device device;
    return seeded<Engine>(device);
}

}  // namespace rollplan
