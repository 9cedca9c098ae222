// cli/request.hpp: what a person asks the rollplan command (and the web page)
// for, read through cli/notation.hpp's grammar: the target (a die, a sum of
// dice like 3d6+2, d%, A-B, coin, or a table of weights with names), the dice
// they hold, the face of a roll as dice are labelled; and the plans for it,
// from the library's make_plan and make_loaded_plan. A sum of dice the person
// holds is rolled and added (strategy add: the plan that rolls each die once,
// read as the sum of its faces). Wrong words are a bad_input whose message is
// the one line to show. Shared by cli/rollplan.cpp and web/rollplan_web.cpp,
// so that the page says what the command says.
#pragma once

#include "notation.hpp"

#include <cctype>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rollplan_command {

using rp::detail::int128;

// A whole number, negative ones with '-'.
inline std::string signed_text(int128 v) {
    return v < 0 ? "-" + rp::to_string(static_cast<rp::count_t>(-v)) : rp::to_string(static_cast<rp::count_t>(v));
}

// A loaded die as the command reads it: weights, and a name for each outcome
// (numbers from 1 when none are given), and how the outcome is called.
struct loaded_target {
    rp::weight_list weights;
    std::vector<std::string> names;
    std::string title;                 // "goblin, orc, dragon with weights 3, 2, 1"
    std::string result;                // "Your outcome is" / "Your sum is"
    std::vector<std::string> answers;  // what result is followed by, for each outcome
};

inline std::string weights_text(const rp::weight_list& w) {
    std::string text;
    for (std::size_t i = 0; i < w.size; ++i) text += (i ? ", " : "") + rp::to_string(w.values[i]);
    return text;
}

// A table of weights (cli/notation.hpp's read_table): every name given
// once, all named or none, the weights adding up to at most 2^64.
inline loaded_target parse_weights(const std::string& text) {
    const std::vector<table_entry> entries = read_table(text);
    if (entries.size() > rp::max_loaded_outcomes)
        throw bad_input("rollplan: the table has " + std::to_string(entries.size()) + " entries; rollplan takes at most " +
                        std::to_string(rp::max_loaded_outcomes));
    loaded_target t;
    rp::count_t total = 0;
    for (const table_entry& e : entries) {
        total += e.weight;
        t.weights.add(e.weight);
        t.names.push_back(e.name);
    }
    if (total > rp::two_to_64)
        throw bad_input("rollplan: the table's weights add up to " + rp::to_string(total) + ", more than rollplan takes (" +
                        rp::to_string(rp::two_to_64) + ")");
    if (total == 0) throw bad_input("rollplan: the table '" + shown(text) + "': every weight is zero; at least one must be positive");
    const bool named = entries.front().named;
    t.title = (named ? [&] {
        std::string list;
        for (std::size_t i = 0; i < t.names.size(); ++i) list += (i ? ", " : "") + t.names[i];
        return list + " with weights ";
    }() : std::string("outcomes 1 to ") + std::to_string(t.weights.size) + " with weights ") + weights_text(t.weights);
    t.result = "Your outcome is";
    t.answers = t.names;
    if (!named) t.names.clear();  // describe numbers them from 1
    return t;
}

// "2d6", "3d6+2": a sum of dice as written.
inline std::string dice_text(const dice_term& term) {
    return rp::to_string(term.count) + "d" + rp::to_string(term.faces) +
           (term.modifier > 0 ? "+" : "") + (term.modifier != 0 ? signed_text(term.modifier) : "");
}

// NdS+M (N >= 2): the sum of N dice of S faces plus M, a loaded die whose
// weight for each sum is its number of ways (the N-fold convolution of 1, …, 1).
inline loaded_target sum_of_dice(const dice_term& term, const std::string& typed) {
    // the ways first: at most 64 dice (2^64 ways at least), so that the count of totals fits
    const rp::count_t ways = term.count > 64 ? 0 : rp::detail::power_or_zero(term.faces, static_cast<unsigned>(term.count));
    if (ways == 0 || ways > rp::two_to_64)
        throw bad_input("rollplan: the target '" + shown(typed) + "': its dice fall in more ways than rollplan counts (at most " +
                        rp::to_string(rp::two_to_64) + ")");
    if (const rp::count_t totals = term.count * (term.faces - 1) + 1; totals > rp::max_loaded_outcomes)
        throw bad_input("rollplan: the target '" + shown(typed) + "' has " + rp::to_string(totals) +
                        " different totals; rollplan takes a sum of at most " + std::to_string(rp::max_loaded_outcomes));
    std::vector<rp::count_t> counts{1};
    for (rp::count_t die = 0; die < term.count; ++die) {
        std::vector<rp::count_t> next(counts.size() + static_cast<std::size_t>(term.faces) - 1, 0);
        for (std::size_t s = 0; s < counts.size(); ++s)
            for (std::size_t f = 0; f < static_cast<std::size_t>(term.faces); ++f) next[s + f] += counts[s];
        counts = next;
    }
    loaded_target t;
    const int128 lowest = static_cast<int128>(term.count) + term.modifier;
    for (std::size_t s = 0; s < counts.size(); ++s) {
        t.weights.add(counts[s]);
        t.names.push_back("sum " + signed_text(lowest + static_cast<int128>(s)));
        t.answers.push_back(signed_text(lowest + static_cast<int128>(s)));
    }
    t.title = "the sum of " + dice_text(term) + " (" + t.answers.front() + " to " + t.answers.back() + ")";
    t.result = "Your sum is";
    return t;
}

// Plans over the dice held (make_plan over a set: with one die, optimal
// prefers folds and rerolls when they take as few rolls as the Knuth–Yao
// loop, as their steps are simpler to follow).
inline rp::plan_description plan_for(rp::count_t n, const rp::dice_faces& dice, const std::string& strategy) {
    if (strategy == "digits") return rp::make_plan(n, dice, rp::strategy::digits{});
    if (strategy == "smooth") return rp::make_plan(n, dice, rp::strategy::smooth{});
    if (strategy == "cheapest") return rp::make_plan(n, dice, rp::strategy::cheapest{});
    return rp::make_plan(n, dice, rp::strategy::optimal{});
}

inline rp::plan_description loaded_plan_for(const rp::weight_list& w, const rp::dice_faces& dice, const std::string& strategy) {
    if (strategy == "digits") return rp::make_loaded_plan(w, dice, rp::strategy::digits{});
    if (strategy == "smooth") return rp::make_loaded_plan(w, dice, rp::strategy::smooth{});
    if (strategy == "cheapest") return rp::make_loaded_plan(w, dice, rp::strategy::cheapest{});
    return rp::make_loaded_plan(w, dice, rp::strategy::optimal{});
}

// "a d6", "a d6 and a d10", "a d4, a d6 and a d8"
inline std::string the_dice(const rp::dice_faces& dice) {
    std::string text;
    for (std::size_t i = 0; i < dice.size; ++i)
        text += (i == 0 ? "" : i + 1 == dice.size ? " and " : ", ") + rp::die_with_article(dice.faces[i]);
    return text;
}

// One roll to read: a die of `faces` faces, read as it is labelled (1 to K;
// a d10's 0 is its 10, a d100's 00 its 100; a coin's h, t, heads, tails), or one of the d10s of
// percentile dice, read as players read them: the tens die of two shows 00
// to 90 (or its digit), the units, hundreds and the tens die of three 0 to 9. Either way the face is
// a number from 1 to K, what the plans read (face − 1): for percentile dice
// the digit + 1.
enum class reading { as_labelled, tens, units, hundreds, tens_digit };
struct die_roll {
    rp::count_t faces;
    reading read = reading::as_labelled;
    std::string carried = {};  // what the steps carry before this roll (rp::carried_values), or empty
};

// The face typed for the roll, or nothing when it is none of its faces.
inline std::optional<rp::count_t> parse_face(const std::string& typed, die_roll roll) {
    const std::string text = lower_case(typed);
    if (roll.read == reading::tens) {  // 00, 10, ..., 90 (or its digit alone)
        const std::optional<rp::count_t> value = parse_count(text);
        if (!value || text.size() > 2 || (text.size() == 2 && *value % 10 != 0)) return std::nullopt;
        return (text.size() == 2 ? *value / 10 : *value) + 1;
    }
    if (roll.read != reading::as_labelled) {  // a digit
        const std::optional<rp::count_t> value = parse_count(text);
        if (!value || text.size() != 1) return std::nullopt;
        return *value + 1;
    }
    if (roll.faces == 2 && (text == "h" || text == "heads")) return 1;
    if (roll.faces == 2 && (text == "t" || text == "tails")) return 2;
    if (roll.faces == 10 && text == "0") return 10;
    if (roll.faces == 100 && (text == "00" || text == "0")) return 100;  // a d100 (or d%) shows its 100 as 00
    const std::optional<rp::count_t> face = parse_count(text);
    if (!face || *face < 1 || *face > roll.faces) return std::nullopt;
    return face;
}

// The faces that may be typed, in words.
inline std::string face_words(die_roll roll) {
    if (roll.read == reading::tens) return "00, 10, 20 and so on to 90, or 0 to 9 for its digit";
    if (roll.read != reading::as_labelled) return "0 to 9";
    if (roll.faces == 2) return "1 or h for heads, 2 or t for tails";
    return "1 to " + rp::to_string(roll.faces) + (roll.faces == 10 ? ", or 0 for the 10" : roll.faces == 100 ? ", or 00 for the 100" : "");
}

// The die to roll, in words: "the d6", "the coin", "the tens die".
inline std::string roll_noun(die_roll roll) {
    if (roll.read == reading::tens || roll.read == reading::tens_digit) return "the tens die";
    if (roll.read == reading::units) return "the units die";
    if (roll.read == reading::hundreds) return "the hundreds die";
    return "the " + rp::die_noun(roll.faces);
}

// A face as the die shows it: "4", "heads", "70".
inline std::string face_label(die_roll roll, rp::count_t face) {
    if (roll.read == reading::tens) return face == 1 ? "00" : rp::to_string((face - 1) * 10);
    if (roll.read != reading::as_labelled) return rp::to_string(face - 1);
    if (roll.faces == 2) return face == 1 ? "heads" : "tails";
    return rp::to_string(face);
}

// What 'text' is not, in words: "'7' is not a face of a d6 (1 to 6)".
inline std::string not_a_face(const std::string& text, die_roll roll) {
    if (roll.read != reading::as_labelled) return "'" + shown(text) + "' is not a face of " + roll_noun(roll) + " (" + face_words(roll) + ")";
    return "'" + shown(text) + "' is not a face of " + rp::die_with_article(roll.faces) + " (" + face_words(roll) + ")";
}

// "twice", "3 times": how often the die of a sum is rolled (N >= 2)
inline std::string times(rp::count_t n) {
    return n == 2 ? "twice" : rp::to_string(n) + " times";
}

// What the command plans: a number from 1 to N, or a loaded die (a table,
// or a sum of dice).
struct target {
    rp::count_t n = 0;                  // a number from 1 to n, when there are no weights
    int128 first = 1;                   // ... shown as first to first + n − 1 (A-B, or 1dS+M)
    bool coin = false;                  // ... shown as heads (1) or tails (2)
    std::optional<loaded_target> loaded;
    std::optional<dice_term> sum;       // NdS+M with N >= 2: loaded holds the ways of each total

    std::string range_text() const { return signed_text(first) + " to " + signed_text(first + static_cast<int128>(n) - 1); }
    std::string title(const rp::dice_faces& dice) const {
        std::string what = loaded ? loaded->title : coin ? "heads or tails" : "a number from " + range_text();
        what[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(what[0])));
        return what + " with " + the_dice(dice);
    }

    // A sum can be rolled and added when the dice held include its die and
    // the plan that rolls each die once (S^N outcomes) fits in a target.
    bool holds_sum_die(const rp::dice_faces& dice) const {
        for (std::size_t i = 0; sum && i < dice.size; ++i)
            if (dice.faces[i] == sum->faces) return true;
        return false;
    }
    rp::count_t sum_outcomes() const { return rp::detail::power_or_zero(sum->faces, static_cast<unsigned>(sum->count)); }
    bool can_add(const rp::dice_faces& dice) const {
        return holds_sum_die(dice) && sum_outcomes() != 0 && sum_outcomes() <= rp::max_target;
    }
    // The strategy asked for ("" when none: add for a sum that can be rolled
    // and added, otherwise optimal), or why it cannot be.
    std::string strategy_for(const rp::dice_faces& dice, const std::string& asked) const {
        if (asked.empty()) return can_add(dice) ? "add" : "optimal";
        if (asked != "add" || can_add(dice)) return asked;
        if (!sum) throw bad_input("rollplan: the strategy add rolls the dice of a sum and adds them; the target is not a sum like 2d6");
        if (!holds_sum_die(dice))
            throw bad_input("rollplan: the strategy add rolls the dice of " + dice_text(*sum) + ", and you hold no " + rp::die_noun(sum->faces));
        throw bad_input("rollplan: the strategy add: " + dice_text(*sum) + " falls in more ways than one plan counts (at most " +
                        largest_count + ")");
    }

    // strategy: as strategy_for gives it
    rp::plan_description plan(const rp::dice_faces& dice, const std::string& strategy) const {
        if (strategy == "add") return rp::make_plan(sum_outcomes(), rp::dice_faces{sum->faces}, rp::strategy::digits{});
        return loaded ? loaded_plan_for(loaded->weights, dice, strategy) : plan_for(n, dice, strategy);
    }

    // How many d10s are read as percentile dice (2 for a number from 1 to
    // 100, 3 for 1 to 1000: the first die is the highest digit, 0 to 9, and
    // all zeros are the largest number), or 0: when the plan rolls a d10 for
    // each digit. Each number still comes from exactly one set of faces.
    std::size_t percentile_dice(const rp::plan_description& d) const {
        if (loaded || coin || first != 1) return 0;
        if (n == 100 && rp::plan_name(d) == "mixed_radix<roll<d10>, roll<d10>>") return 2;
        if (n == 1000 && rp::plan_name(d) == "mixed_radix<roll<d10>, roll<d10>, roll<d10>>") return 3;
        return 0;
    }
    std::string steps(const rp::plan_description& d, const std::string& strategy, const rp::dice_faces& dice) const {
        if (strategy == "add") {
            const std::string die = rp::die_noun(sum->faces);
            std::string text = "1. Roll the " + die + " " + times(sum->count) + " and add the faces";
            if (sum->modifier == 0) return text + ": your sum is the total (" + loaded->answers.front() + " to " + loaded->answers.back() + ").\n";
            return text + ".\n2. " + (sum->modifier > 0 ? "Add " + signed_text(sum->modifier) + " to" : "Take " + signed_text(-sum->modifier) + " from") +
                   " the total: your sum is " + loaded->answers.front() + " to " + loaded->answers.back() + ".\n";
        }
        if (loaded) {
            std::string why;
            if (sum && !holds_sum_die(dice))
                why = "You hold no " + rp::die_noun(sum->faces) + ", so the sum is looked up from the dice you hold instead of added, "
                      "each total exactly as likely as with " + dice_text(*sum) + ":\n";
            else if (sum && !can_add(dice))
                why = "The dice of " + dice_text(*sum) + " fall in more ways than one plan counts (" + largest_count +
                      "), so the sum is looked up instead of added, each total exactly as likely:\n";
            return why + rp::describe(d, loaded->names);
        }
        if (const std::size_t digits = percentile_dice(d)) {
            const std::string number = digits == 2 ? "1 to 100" : "1 to 1000";
            return std::string("Percentile dice, read as players read them:\n") +
                   (digits == 3 ? "1. Roll the hundreds die (0 to 9).\n2. Roll the tens die (0 to 9).\n3. Roll the units die (0 to 9).\n"
                                : "1. Roll the tens die (00 to 90, or 0 to 9).\n2. Roll the units die (0 to 9).\n") +
                   "Your number is the digits read together (" + (digits == 3 ? "1, 2, 3 is 123" : "40 and 7 is 47") + "), and all zeros are " +
                   (digits == 3 ? "1000" : "100") + ": each number from " + number + " comes from one roll of the dice.\n";
        }
        std::string text = rp::describe(d);
        if (coin) text += "Your number 1 is heads, 2 is tails.\n";
        if (first < 1) text += "Take " + signed_text(1 - first) + " from it for your number from " + range_text() + ".\n";  // the steps give 1 to n
        if (first > 1) text += "Add " + signed_text(first - 1) + " to it for your number from " + range_text() + ".\n";
        return text;
    }
    // The outcome drawn (0-based) from the value v that sample(plan) gives:
    // for strategy add, the sum of the digits of v in base S.
    std::uint64_t outcome(std::uint64_t v, const std::string& strategy) const {
        if (strategy != "add") return v;
        std::uint64_t total = 0;
        const auto faces = static_cast<std::uint64_t>(sum->faces);
        for (rp::count_t die = 0; die < sum->count; ++die, v /= faces) total += v % faces;
        return total;
    }
    // what an interactive draw says, for the outcome v (0-based)
    std::string answer(std::uint64_t v) const {
        if (loaded) return loaded->result + " " + loaded->answers[static_cast<std::size_t>(v)] + ".";
        if (coin) return std::string("Your toss is ") + (v == 0 ? "heads." : "tails.");
        return "Your number is " + signed_text(first + static_cast<int128>(v)) + ".";
    }
};

// The target as typed (cli/notation.hpp's read_target), or the weights of a
// loaded die when has_weights.
inline target parse_target(const std::string& typed, bool has_weights, const std::string& weights) {
    target t;
    if (has_weights) {
        t.loaded = parse_weights(weights);
        return t;
    }
    const target_notation notation = read_target(typed);
    if (notation.kind == target_notation::range) {
        t.first = static_cast<int128>(notation.first);
        t.n = notation.last - notation.first + 1;
        return t;
    }
    const dice_term& term = notation.term;
    if (term.count > 1) {
        t.sum = term;
        t.loaded = sum_of_dice(term, typed);
        return t;
    }
    t.coin = term.coin;
    t.n = term.faces;
    t.first = 1 + term.modifier;
    return t;
}

// The dice held, as --with names them (cli/notation.hpp's read_held): at most
// max_dice_in_set kinds, the plans reading each kind of die held.
inline rp::dice_faces parse_dice_set(const std::string& text) {
    const std::vector<rp::count_t> held = read_held(text);
    if (held.size() > rp::max_dice_in_set)
        throw bad_input("rollplan: --with " + shown(text) + ": a set holds at most " + std::to_string(rp::max_dice_in_set) + " kinds of dice");
    rp::dice_faces dice;
    for (rp::count_t k : held) dice.add(k);
    return dice;
}

}  // namespace rollplan_command
