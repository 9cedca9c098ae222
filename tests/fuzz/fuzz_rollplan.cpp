// libFuzzer target: the run-time planner, sampling plans, uniform_below, the
// entropy pool and the distribution with run-time bounds, and loaded dice
// (make_loaded_plan, loaded plans, discrete_distribution with any weights,
// bernoulli_distribution with any p, the pool's draw(d)), all fed from the
// fuzzer's bytes.
//
// The first byte picks what to try; the next ones are N, K and the digits a
// source returns (8 bytes each, little-endian). A source that runs out of
// bytes throws, so every run ends. Whatever the bytes, nothing may crash,
// hang, or return a value outside its range; a digit outside its die must be
// refused with std::out_of_range; planning and analysis may only fail with
// the documented overflow errors. Built with -fsanitize=fuzzer,address,undefined.
#include <rollplan/rollplan.hpp>

#include <algorithm>
#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <vector>

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

// Up to 16 weights from the bytes (small ones often, zeros too), for the run-time loaded paths.
rp::weight_list weights_from(bytes& in) {
    rp::weight_list w;
    const std::uint64_t shape = in.next();
    const unsigned n = 1 + static_cast<unsigned>(shape % 16);
    for (unsigned i = 0; i < n; ++i) {
        const std::uint64_t v = in.next();
        w.add((shape >> 8) & 1 ? v : v % 7);
    }
    return w;
}

// A loaded plan made at run time: planned, analysed and run from its data.
// Only the documented errors: bad weights (invalid_argument), exact values
// past 128 bits (overflow_error), more distinct masses than counted (length_error).
void loaded_at_run_time(bytes& in) {
    const rp::weight_list w = weights_from(in);
    rp::count_t faces = in.next();
    faces = faces < 2 ? rp::two_to_64 - faces : faces % 64 == 0 ? faces : 2 + faces % 30;
    const unsigned which = static_cast<unsigned>(in.next() % 3);
    rp::plan_description d;
    try {
        d = which == 0 ? rp::make_loaded_plan(w, faces, rp::strategy::digits{})
            : which == 1 ? rp::make_loaded_plan(w, faces, rp::strategy::optimal{})
                         : rp::make_loaded_plan(w, faces);
    } catch (const std::invalid_argument&) {
        rp::count_t total = 0;
        for (std::size_t i = 0; i < w.size; ++i) total += w.values[i];
        require(total == 0 || total > rp::two_to_64);  // refused only for these
        return;
    }
    require(d.is_loaded() && d.weight_count() == w.size);
    try {
        require(rp::is_exactly_distributed(d, w.values.data(), w.size));
        (void)rp::expected_rolls(d);
    } catch (const std::overflow_error&) {
    } catch (const std::length_error&) {
    }
    fuzz_source<rp::die<rp::two_to_64>> word{&in};
    for (int i = 0; i < 4; ++i) {
        const std::uint64_t v = rp::sample(d, [&](rp::count_t k) {
            const std::uint64_t x = word();
            return k == rp::two_to_64 ? x : x % static_cast<std::uint64_t>(k);
        });
        require(v < w.size && w.values[v] != 0);
    }
}

// discrete_distribution with any weights (integers, or any 64 bits as doubles:
// NaN, infinities, negatives, subnormals), drawn from engines and a pool.
template <class Die>
void discrete_any(bytes& in) {
    const std::uint64_t shape = in.next();
    const unsigned n = 1 + static_cast<unsigned>(shape % 12);
    std::vector<double> doubles;
    std::vector<std::uint64_t> integers;
    for (unsigned i = 0; i < n; ++i) {
        const std::uint64_t v = in.next();
        double x;
        std::memcpy(&x, &v, sizeof x);
        doubles.push_back(x);
        integers.push_back((shape >> 8) & 1 ? v : v % 5);
    }
    // given: whether each weight given was positive (the only outcomes a draw may give)
    auto check = [&](const rp::discrete_distribution<int>& d, const std::vector<bool>& given) {
        const std::vector<double> p = d.probabilities();
        require(p.size() == given.size());
        try {  // the integers when they fit; past 64 bits (or 2^64 together) the weights take more than one level
            const std::vector<std::uint64_t> w = d.param().weights();
            require(w.size() == p.size());
            for (std::size_t i = 0; i < w.size(); ++i) require((w[i] == 0) == (p[i] == 0));
        } catch (const std::domain_error&) {
            require(d.param().levels() > 1);
        }
        fuzz_source<Die> source{&in};
        try {
            for (int i = 0; i < 4; ++i) {
                const int v = d(source);
                require(v >= 0 && static_cast<std::size_t>(v) < given.size() && given[static_cast<std::size_t>(v)]);
                require(!source.gave_bad_value);
            }
            rp::entropy_pool<fuzz_source<Die>> pool(source);
            for (int i = 0; i < 4; ++i) {
                const int v = pool.draw(d);
                require(v >= 0 && static_cast<std::size_t>(v) < given.size() && given[static_cast<std::size_t>(v)]);
                require(!source.gave_bad_value);
            }
        } catch (const std::out_of_range&) {  // a value outside the die, refused where it entered
            require(source.gave_bad_value);
        }
    };
    // NaN, an infinity, a negative weight or none positive: refused, and only those
    const bool bad_double = std::any_of(doubles.begin(), doubles.end(), [](double x) { return !(x >= 0 && x <= DBL_MAX); }) ||
                            std::none_of(doubles.begin(), doubles.end(), [](double x) { return x > 0; });
    std::optional<rp::discrete_distribution<int>> from_doubles;
    try {
        from_doubles.emplace(doubles.begin(), doubles.end());
    } catch (const std::invalid_argument&) {
    }
    require(from_doubles.has_value() == !bad_double);
    if (from_doubles) {
        std::vector<bool> given;
        for (const double x : doubles) given.push_back(x > 0);
        check(*from_doubles, given);
    }
    std::optional<rp::discrete_distribution<int>> from_integers;
    try {
        from_integers.emplace(integers.begin(), integers.end());
    } catch (const std::invalid_argument&) {
    }
    const bool all_zero = std::all_of(integers.begin(), integers.end(), [](std::uint64_t x) { return x == 0; });
    require(from_integers.has_value() == !all_zero);
    if (from_integers) {
        std::vector<bool> given;
        for (const std::uint64_t x : integers) given.push_back(x != 0);
        check(*from_integers, given);
    }
    // bernoulli with any 64 bits as p
    double p;
    const std::uint64_t bits = in.next();
    std::memcpy(&p, &bits, sizeof p);
    try {
        const rp::bernoulli_distribution b(p);
        require(p >= 0 && p <= 1);
        fuzz_source<Die> source{&in};
        const bool v = b(source);
        require(!(p == 0 && v) && !(p == 1 && !v));
    } catch (const std::invalid_argument&) {
        require(!(p >= 0 && p <= 1));
    } catch (const std::out_of_range&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    bytes in{data + 1, size - 1};
    try {
        switch (data[0] % 15) {
            case 10: loaded_at_run_time(in); break;
            case 11: discrete_any<rp::die<rp::two_to_64>>(in); break;
            case 12: discrete_any<rp::die<rp::count_t{1} << 32>>(in); break;
            case 13: discrete_any<rp::d6>(in); break;
            case 14: sample_plan<rp::knuth_yao<rp::roll<rp::coin>, 3, 0, 2, 1>, rp::coin>(in); break;
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
