// libFuzzer target: the run-time planner, sampling plans, uniform_below, the
// entropy pool and the distribution with run-time bounds, all fed from the
// fuzzer's bytes.
//
// The first byte picks what to try; the next ones are N, K and the digits a
// source returns (8 bytes each, little-endian). A source that runs out of
// bytes throws, so every run ends. Whatever the bytes, nothing may crash,
// hang, or return a value outside its range; a digit outside its die must be
// refused with std::out_of_range; planning and analysis may only fail with
// the documented overflow errors. Built with -fsanitize=fuzzer,address,undefined.
#include <rollplan/rollplan.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace rp = rollplan;

namespace {

struct out_of_bytes {};

struct bytes {
    const std::uint8_t* data;
    std::size_t size;
    std::uint64_t next() {
        if (size == 0) throw out_of_bytes{};
        std::uint64_t v = 0;
        const std::size_t n = size < 8 ? size : 8;
        std::memcpy(&v, data, n);
        data += n;
        size -= n;
        return v;
    }
};

// A source of Die whose values come from the bytes: usually a digit of the
// die, and now and then (when the high byte says so) anything at all.
// A draw that returns after such a value was given has used it: a bug.
template <class Die>
struct fuzz_source {
    using die_type = Die;
    bytes* in;
    bool gave_bad_value = false;
    std::uint64_t operator()() {
        const std::uint64_t v = in->next();
        if constexpr (Die::faces < rp::two_to_64) {
            if ((v >> 56) != 0xff) return static_cast<std::uint64_t>(v % static_cast<std::uint64_t>(Die::faces));
            if (v >= Die::faces) gave_bad_value = true;
        }
        return v;
    }
};

void require(bool ok) {
    if (!ok) std::abort();
}

template <class Plan, class Die>
void sample_plan(bytes& in) {
    fuzz_source<Die> source{&in};
    try {
        for (int i = 0; i < 8; ++i) {
            require(rp::sample<Plan>(source) < Plan::outcomes);
            require(!source.gave_bad_value);
        }
    } catch (const std::out_of_range&) {  // a value outside the die, refused where it entered
    }
}

template <class Die>
void below_and_pool(bytes& in) {
    const std::uint64_t n = in.next();
    fuzz_source<Die> source{&in};
    try {
        if (n == 0) {
            try {
                (void)rp::uniform_below(source, n);
                std::abort();
            } catch (const std::invalid_argument&) {
            }
            return;
        }
        require(rp::uniform_below(source, n) < n);
        require(!source.gave_bad_value);
        rp::entropy_pool<fuzz_source<Die>> pool(source);
        for (int i = 0; i < 8; ++i) {
            const std::uint64_t m = (n >> (8 * i)) | 1;
            require(pool.draw(m) < m);
            require(!source.gave_bad_value);
        }
        require(pool.template draw<29>() < 29);
        require(!source.gave_bad_value);
        // the distribution with run-time bounds, any two 64-bit numbers (b < a refused)
        const auto a = static_cast<std::int64_t>(n), b = static_cast<std::int64_t>(in.next());
        if (b < a) {
            try {
                rp::uniform_int_distribution<std::int64_t> refused(a, b);
                std::abort();
            } catch (const std::invalid_argument&) {
            }
        } else {
            const rp::uniform_int_distribution<std::int64_t> d(a, b);
            const std::int64_t v = d(source);
            require(a <= v && v <= b);
            require(!source.gave_bad_value);
        }
    } catch (const std::out_of_range&) {
    }
}

void plan_at_run_time(bytes& in) {
    const rp::count_t n = in.next() % rp::max_target + 1;
    rp::count_t faces = in.next();
    faces = faces < 2 ? rp::two_to_64 - faces : faces;  // 0 and 1 stand for 2^64 and 2^64 − 1
    const unsigned which = static_cast<unsigned>(in.next() % 5);
    const rp::plan_description d = which == 0   ? rp::make_plan(n, faces, rp::strategy::digits{})
                                   : which == 1 ? rp::make_plan(n, faces, rp::strategy::smooth{})
                                   : which == 2 ? rp::make_plan(n, faces, rp::strategy::cheapest{})
                                   : which == 3 ? rp::make_plan(n, faces, rp::strategy::optimal{})
                                                : rp::make_plan(n, faces, rp::strategy::fastest{});
    require(d.outcomes() == n);
    require(d.faces == faces || (n == 1 && d.faces == 0));
    if (which == 3) require(!rp::certify_optimal(d).proves_not_optimal());
    try {
        require(rp::is_exactly_uniform(d));
        (void)rp::expected_rolls(d);
    } catch (const std::overflow_error&) {  // exact values past 128 bits: documented
    } catch (const std::length_error&) {    // more distinct masses than the analysis keeps: documented
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    bytes in{data + 1, size - 1};
    try {
        switch (data[0] % 10) {
            case 0: plan_at_run_time(in); break;
            case 1: sample_plan<rp::plan_t<29, rp::d6>, rp::d6>(in); break;
            case 2: sample_plan<rp::plan_t<29, rp::d6, rp::strategy::cheapest>, rp::d6>(in); break;
            case 3: sample_plan<rp::plan_t<1000003, rp::coin>, rp::coin>(in); break;
            case 4: sample_plan<rp::plan_t<(1ull << 63) + 1, rp::die<rp::two_to_64>>, rp::die<rp::two_to_64>>(in); break;
            case 5: below_and_pool<rp::d6>(in); break;
            case 6: below_and_pool<rp::die<rp::two_to_64>>(in); break;
            case 7: below_and_pool<rp::die<rp::count_t{1} << 32>>(in); break;
            case 8: sample_plan<rp::plan_t<(1ull << 32) + 1, rp::die<rp::count_t{1} << 32>>, rp::die<rp::count_t{1} << 32>>(in); break;
            default: below_and_pool<rp::die<4294967295>>(in); break;
        }
    } catch (const out_of_bytes&) {
    }
    return 0;
}
