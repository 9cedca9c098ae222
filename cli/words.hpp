// cli/words.hpp: a plan's figures as the rollplan command (and the web page)
// print them: the expected rolls exact and in decimals, the chance of needing
// more than k rolls, the rolls that are enough 99% of the time, and the
// strategies side by side. Every figure comes from the library (expected_rolls,
// approximate_expected_rolls where the exact fraction needs more than 128
// bits, tail_probability, rolls_enough); here it only becomes words.
#pragma once

#include "request.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace rollplan_command {

inline std::string decimal(double value, int digits = 4) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

inline std::string percent(const rp::rational& p) {
    return decimal(100 * p.to_double(), 2) + "%";
}

// Exact figures need 128 bits; past that, say so instead of a number.
inline std::string expected_text(const rp::plan_description& d) {
    try {
        const rp::rational e = rp::expected_rolls(d);
        return decimal(e.to_double()) + " (exactly " + rp::to_string(e.numerator()) +
               (e.denominator() == 1 ? "" : "/" + rp::to_string(e.denominator())) + ")";
    } catch (const std::overflow_error&) {  // a Knuth–Yao loop with a long period of K^k mod N
        return decimal(rp::approximate_expected_rolls(d)) + " (the exact fraction needs more than 128 bits)";
    }
}

// P(more than k rolls) for k = first, …, last, consistent along the way: a
// tail is never above the one before it, so after a 0 every tail is 0 (a
// plan of at most k rolls), and after one that cannot be counted exactly
// (K^k past 2^128) none is.
inline std::vector<std::string> tail_texts(const rp::plan_description& d, std::size_t first, std::size_t last) {
    std::vector<std::string> texts;
    bool zero = false, uncounted = false;
    for (std::size_t k = first; k <= last; ++k) {
        if (zero || uncounted) {
            texts.push_back(texts.back());
            continue;
        }
        try {
            const rp::rational p = rp::tail_probability(d, k);
            zero = p == rp::rational{0};
            texts.push_back(zero ? "0"
                            : p == rp::rational{1}
                                ? "1 (100%)"
                                : rp::to_string(p.numerator()) + "/" + rp::to_string(p.denominator()) + " (" + percent(p) + ")");
        } catch (const std::exception&) {
            uncounted = true;
            texts.push_back("not counted (K^k passes 2^128)");
        }
    }
    return texts;
}

inline std::string tail_text(const rp::plan_description& d, std::size_t k) {
    return tail_texts(d, 1, k).back();
}

// "1 roll", "3 rolls": what is enough 99% of the time. Over several dice the
// count sums probabilities whose exact fractions can pass 128 bits: then it
// is said to be not counted. A plan that rolls each die once (strategy add)
// always takes its expected rolls, exactly, past the rolls the model counts too.
inline std::string enough_text(const rp::plan_description& d, const std::string& strategy = "") {
    try {
        const std::size_t rolls = rp::rolls_enough(d, rp::rational{99, 100});
        return std::to_string(rolls) + (rolls == 1 ? " roll" : " rolls");
    } catch (const std::domain_error&) {
        if (strategy == "add") {
            const std::string rolls = rp::to_string(rp::expected_rolls(d).numerator());
            return rolls + " rolls (it always takes " + rolls + ")";
        }
        return "more than " + std::to_string(rp::max_model_depth) + " rolls";
    } catch (const std::overflow_error&) {
        return "not counted (exact sums past 128 bits)";
    }
}

// The plan as the library spells it; for strategy add, how it is read.
inline std::string plan_line(const rp::plan_description& d, const std::string& strategy) {
    return rp::plan_name(d) + (strategy == "add" ? ", each die's face added" : "");
}

// For a sum rolled and added: the lookup one choice away, when it takes
// fewer rolls ("" otherwise).
inline std::string lookup_offer(const target& t, const rp::dice_faces& dice, const std::string& strategy) {
    if (strategy != "add") return "";
    const rp::plan_description lookup = t.plan(dice, "optimal");
    if (!(rp::approximate_expected_rolls(lookup) < static_cast<double>(t.sum->count))) return "";
    return "Fewer rolls: the strategy optimal looks the sum up instead of adding the faces, expected rolls " + expected_text(lookup) +
           " instead of " + rp::to_string(t.sum->count) + ".";
}

// The strategies side by side: a header row, then one row per strategy
// (its name, expected rolls, the chance of more than 4 rolls, the rolls
// enough 99% of the time, the plan's type); add first, for a sum that can
// be rolled and added.
inline std::vector<std::vector<std::string>> comparison_rows(const target& t, const rp::dice_faces& dice) {
    std::vector<std::vector<std::string>> rows{{"strategy", "expected", "more than 4 rolls", "99% done within", "plan"}};
    std::vector<std::string> strategies{"digits", "smooth", "cheapest", "optimal"};
    if (t.can_add(dice)) strategies.insert(strategies.begin(), "add");
    for (const std::string& strategy : strategies) {
        rp::plan_description d;
        try {
            d = t.plan(dice, strategy);
        } catch (const std::length_error&) {  // a strategy whose plan is past the nodes a plan holds
            rows.push_back({strategy, "-", "-", "-", "none: its plan needs more than 256 nodes"});
            continue;
        }
        std::string tail;
        try {
            tail = percent(rp::tail_probability(d, 4));
        } catch (const std::exception&) {
            tail = "-";
        }
        rows.push_back({strategy, decimal(rp::approximate_expected_rolls(d)), tail, enough_text(d, strategy), plan_line(d, strategy)});
    }
    return rows;
}

// The chance of each outcome, exact and in percent: rows of (the outcome as
// the result names it, the fraction, the percent). A number from 1 to N has
// one row a number up to 20 numbers, else one row for them all; a coin's are
// heads and tails; a table's and a sum's are its outcomes, weight 0 included.
inline std::vector<std::vector<std::string>> chance_rows(const target& t) {
    std::vector<std::vector<std::string>> rows;
    auto row = [&rows](const std::string& what, const rp::rational& p) {
        rows.push_back({what, rp::to_string(p), percent(p)});
    };
    if (t.loaded) {
        rp::count_t total = 0;
        for (std::size_t i = 0; i < t.loaded->weights.size; ++i) total += t.loaded->weights.values[i];
        for (std::size_t i = 0; i < t.loaded->weights.size; ++i) row(t.loaded->answers[i], rp::rational{t.loaded->weights.values[i], total});
    } else if (t.coin) {
        row("heads", rp::rational{1, 2});
        row("tails", rp::rational{1, 2});
    } else if (t.n <= 20) {
        for (rp::count_t v = 0; v < t.n; ++v) row(signed_text(t.first + static_cast<int128>(v)), rp::rational{1, t.n});
    } else {
        row("each of " + t.range_text(), rp::rational{1, t.n});
    }
    return rows;
}

// The pool rolls one die: of a set, the one with the most faces (the most
// information per roll). expected_pool_rolls follows the pool's states for
// dice of at most max_pool_cost_states faces (with threshold 1 the states are
// the ranges below K): past that, the figure is said to be not computed.
inline std::string pool_count_text(const target& t, const rp::dice_faces& dice, std::uint64_t count, const rp::plan_description& d) {
    const rp::count_t n = t.n;
    const rp::count_t faces = dice.largest();
    const double each = rp::approximate_expected_rolls(d);
    const std::string c = rp::to_string(count);
    const std::string pooled =
        faces > rp::max_pool_cost_states
            ? "not computed (rollplan follows the pool's cost for dice of up to " + rp::to_string(rp::max_pool_cost_states) +
                  " faces)"
            : decimal(rp::expected_pool_rolls(n, faces, count), 2) + " rolls expected" +
                  (dice.size > 1 ? " of the " + rp::die_noun(faces) : std::string()) + " (each draw keeps what the last one left unused)";
    return c + (count == 1 ? " number" : " numbers") + " from " + t.range_text() + ":\n"
           + "  one plan each:        " + decimal(each * static_cast<double>(count), 2) + " rolls expected ("
           + c + " x " + decimal(each) + ")\n"
           + "  with the entropy pool: " + pooled + "\n"
           + "  no method can expect fewer than " + decimal(static_cast<double>(count) * std::log2(static_cast<double>(n)) / std::log2(static_cast<double>(faces)), 2)
           + " (" + c + " x log_" + rp::to_string(faces) + " " + rp::to_string(n) + ", the information they hold)\n";
}

// count draws of a loaded die: one plan each, and the information they hold
// (what entropy_pool::draw(d), which recycles each draw's leftover, approaches).
inline std::string loaded_count_text(const loaded_target& t, const rp::dice_faces& dice, std::uint64_t count, const rp::plan_description& d) {
    const rp::count_t faces = dice.largest();
    double total = 0, entropy = 0;
    for (std::size_t i = 0; i < t.weights.size; ++i) total += static_cast<double>(t.weights.values[i]);
    for (std::size_t i = 0; i < t.weights.size; ++i)
        if (t.weights.values[i] != 0) {
            const double p = static_cast<double>(t.weights.values[i]) / total;
            entropy -= p * std::log2(p);
        }
    const std::string c = rp::to_string(count);
    return c + (count == 1 ? " draw:\n" : " draws:\n")
           + "  one plan each: " + decimal(rp::approximate_expected_rolls(d) * static_cast<double>(count), 2)
           + " rolls expected\n"
           + "  no method can expect fewer than " + decimal(static_cast<double>(count) * entropy / std::log2(static_cast<double>(faces)), 2)
           + " rolls of the " + rp::die_noun(faces) + " (" + c + " x H / log2 " + rp::to_string(faces) + ", H = "
           + decimal(entropy) + " bits, the information they hold; rollplan's entropy_pool::draw(d) approaches it)\n";
}

// --count M: what M numbers (or draws) cost, one plan each and from the pool.
inline std::string count_text(const target& t, const rp::dice_faces& dice, std::uint64_t count, const rp::plan_description& d) {
    return t.loaded ? loaded_count_text(*t.loaded, dice, count, d) : pool_count_text(t, dice, count, d);
}

// After a sitting of count numbers from the pool: the rolls it took, and
// what they were expected to be.
inline std::string sitting_cost_text(const target& t, const rp::dice_faces& dice, const std::string& strategy, std::uint64_t count,
                                     std::uint64_t rolls) {
    const rp::count_t die = dice.largest();
    std::string text = "That took " + rp::to_string(rolls) + (rolls == 1 ? " roll." : " rolls.");
    if (!t.loaded)
        text += " Expected: " + decimal(rp::expected_pool_rolls(t.n, die, count), 2) + " with the pool, " +
                decimal(rp::approximate_expected_rolls(plan_for(t.n, rp::dice_faces{die}, strategy)) * static_cast<double>(count), 2) +
                " with one plan each.";
    return text;
}

}  // namespace rollplan_command
