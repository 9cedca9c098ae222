// cli/request.hpp: what a person asks the rollplan command (and the web page)
// for, read from the words they type: the target (dN, d%, A-B, coin, NdK, or
// weights with names), the dice they hold (d6 or a set "d6, d10"), the face
// of a roll as dice are labelled; and the plans for it, from the library's
// make_plan and make_loaded_plan. Wrong words are a bad_input whose message
// is the one line to show. Shared by cli/rollplan.cpp and web/rollplan_web.cpp,
// so that the page says what the command says.
#pragma once

#include <rollplan/rollplan.hpp>

#include <cctype>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rollplan_command {

namespace rp = rollplan;

// A wrong argument or answer: its message is the one line printed.
struct bad_input : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Text typed by the person, as a message may quote it: a control character
// (NUL, a newline, ESC) or a backslash written as an escape (\0, \n, \x1b,
// \\), so that a message stays one line and sends the terminal nothing but
// text; cut (at a character's start) so that at most `most` bytes are shown,
// escapes counted as the bytes they take, with "..." after.
inline std::string shown(const std::string& text, std::size_t most = 40) {
    static const char hex[] = "0123456789abcdef";
    std::string out;
    std::size_t i = 0;
    for (; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::string piece = c == 0      ? std::string("\\0")
                                  : c == '\n'  ? std::string("\\n")
                                  : c == '\r'  ? std::string("\\r")
                                  : c == '\t'  ? std::string("\\t")
                                  : c == '\\' ? std::string("\\\\")
                                  : c < 0x20 || c == 0x7f ? std::string("\\x") + hex[c >> 4] + hex[c & 15]
                                                          : std::string(1, static_cast<char>(c));
        if (out.size() + piece.size() > most) break;  // the bytes shown count, escapes included
        out += piece;
    }
    if (i == text.size()) return out;
    // not inside a UTF-8 character: its bytes (shown as they are) go back to its first
    while (i > 0 && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) {
        --i;
        out.pop_back();
    }
    return out + "...";
}

// Whether text holds a control character (which shown() would escape).
inline bool has_control(const std::string& text) {
    for (char c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return true;
    return false;
}

// Decimal digits only (no sign, no spaces), at most 2^64 − 1, read by value:
// any number of leading zeros.
inline std::optional<rp::count_t> parse_count(const std::string& typed) {
    if (typed.empty()) return std::nullopt;
    const std::size_t first = typed.find_first_not_of('0');
    const std::string text = first == std::string::npos ? "0" : typed.substr(first);
    if (text.size() > 20) return std::nullopt;
    rp::count_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + static_cast<rp::count_t>(c - '0');
    }
    if (value > rp::max_target) return std::nullopt;
    return value;
}

// text without the spaces (and tabs, carriage returns) around it.
inline std::string trimmed(const std::string& text) {
    const std::size_t first = text.find_first_not_of(" \t\r"), last = text.find_last_not_of(" \t\r");
    return first == std::string::npos ? "" : text.substr(first, last - first + 1);
}

inline std::string lower_case(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// "d6", "D20", "d%" (a d100), "coin", or a bare number: the number of faces, at least 2.
inline rp::count_t parse_die(const std::string& text, const char* what) {
    if (lower_case(text) == "coin") return 2;
    if (lower_case(text) == "d%") return 100;
    const bool named = !text.empty() && (text[0] == 'd' || text[0] == 'D');
    const std::optional<rp::count_t> faces = parse_count(named ? text.substr(1) : text);
    if (!faces)
        throw bad_input("rollplan: " + std::string(what) + " '" + shown(text) +
                        "' is not a die; write d and a number of faces from 2 to 2^64 - 1, like d6");
    if (*faces < 2)
        throw bad_input("rollplan: " + std::string(what) + " '" + shown(text) + "' has fewer than 2 faces; nothing to choose from");
    return *faces;
}

inline std::vector<rp::count_t> parse_dice(const std::string& text) {
    std::vector<rp::count_t> dice;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string one = trimmed(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (one.empty()) throw bad_input("rollplan: --with '" + shown(text) + "' names no die; write --with d6 or --with d6,d10");
        dice.push_back(parse_die(one, "--with"));
        if (comma == std::string::npos) return dice;
        start = comma + 1;
    }
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

// --weights 3,2,1 or goblin=3,orc=2,dragon=1: every weight a whole number,
// every name given once, all named or none.
inline loaded_target parse_weights(const std::string& text) {
    const std::string usage = "; write --weights 3,2,1 or --weights goblin=3,orc=2,dragon=1";
    if (text.empty()) throw bad_input("rollplan: --weights '' gives no weight" + usage);
    loaded_target t;
    bool named = false;
    std::size_t start = 0;
    rp::count_t total = 0;
    for (std::size_t i = 0;; ++i) {
        const std::size_t comma = text.find(',', start);
        const std::string item = trimmed(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (item.empty()) throw bad_input("rollplan: --weights '" + shown(text) + "': an empty weight between commas" + usage);
        const std::size_t equals = item.find('=');
        if (i > 0 && named != (equals != std::string::npos))
            throw bad_input("rollplan: --weights '" + shown(text) + "': give every weight a name (goblin=3) or none");
        named = equals != std::string::npos;
        const std::string name = named ? trimmed(item.substr(0, equals)) : std::to_string(i + 1);
        const std::string number = named ? trimmed(item.substr(equals + 1)) : item;
        if (named && name.empty()) throw bad_input("rollplan: --weights: '" + shown(item) + "' has no name before '='");
        if (has_control(name))
            throw bad_input("rollplan: --weights: the name '" + shown(name) + "' holds a control character; names are text to show");
        for (const std::string& seen : t.names)
            if (named && seen == name) throw bad_input("rollplan: --weights: the name '" + shown(name) + "' is given twice");
        if (!number.empty() && number[0] == '-') throw bad_input("rollplan: --weights: the weight '" + shown(number) + "' is negative");
        const std::optional<rp::count_t> weight = parse_count(number);
        if (!weight)
            throw bad_input("rollplan: --weights: '" + shown(number) + "' is not a weight (a whole number from 0 to 2^64 - 1)");
        if (t.weights.size == rp::max_loaded_outcomes)
            throw bad_input("rollplan: --weights: at most " + std::to_string(rp::max_loaded_outcomes) + " weights");
        total += *weight;
        if (total > rp::two_to_64) throw bad_input("rollplan: --weights: the weights add up to more than 2^64");
        t.weights.add(*weight);
        t.names.push_back(name);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (total == 0) throw bad_input("rollplan: --weights " + shown(text) + ": every weight is zero; at least one must be positive");
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

// "2d6": the sum of N dice of K faces (N >= 2), a loaded die whose weight for
// each sum is its number of ways (the N-fold convolution of 1, …, 1).
inline std::optional<loaded_target> parse_sum_of_dice(const std::string& text) {
    const std::size_t d = text.find_first_of("dD");
    if (d == std::string::npos || d == 0) return std::nullopt;
    const std::optional<rp::count_t> count = parse_count(text.substr(0, d));
    if (!count) return std::nullopt;
    const rp::count_t faces = parse_die(text.substr(d), "the target");
    if (*count < 2) throw bad_input("rollplan: the target '" + shown(text) + "': write d" + rp::to_string(faces) + " for one die");
    if ((*count) * (faces - 1) + 1 > rp::max_loaded_outcomes || rp::detail::power_or_zero(faces, static_cast<unsigned>(*count)) == 0 ||
        rp::detail::power_or_zero(faces, static_cast<unsigned>(*count)) > rp::two_to_64)
        throw bad_input("rollplan: the target '" + shown(text) + "': at most " + std::to_string(rp::max_loaded_outcomes) +
                        " sums and K^N up to 2^64");
    std::vector<rp::count_t> ways{1};
    for (rp::count_t die = 0; die < *count; ++die) {
        std::vector<rp::count_t> next(ways.size() + static_cast<std::size_t>(faces) - 1, 0);
        for (std::size_t s = 0; s < ways.size(); ++s)
            for (std::size_t f = 0; f < static_cast<std::size_t>(faces); ++f) next[s + f] += ways[s];
        ways = next;
    }
    loaded_target t;
    for (std::size_t s = 0; s < ways.size(); ++s) {
        t.weights.add(ways[s]);
        t.names.push_back("sum " + rp::to_string(*count + s));
        t.answers.push_back(rp::to_string(*count + s));
    }
    t.title = "the sum of " + rp::to_string(*count) + "d" + rp::to_string(faces) + " (" + rp::to_string(*count) + " to " + rp::to_string(*count * faces) + ")";
    t.result = "Your sum is";
    return t;
}

// "10-50": a number from A to B (A <= B, at least two of them), as the
// number from 1 to B − A + 1 that the plan draws, plus A − 1.
struct range_target {
    rp::count_t first = 1, last = 0;
};
inline std::optional<range_target> parse_range(const std::string& text) {
    const std::size_t dash = text.find('-');
    if (dash == std::string::npos || dash == 0) return std::nullopt;  // "-3" is a die, refused there
    const std::optional<rp::count_t> a = parse_count(trimmed(text.substr(0, dash))), b = parse_count(trimmed(text.substr(dash + 1)));
    if (!a || !b)
        throw bad_input("rollplan: the target '" + shown(text) + "' is not a range; write it as A-B with whole numbers, like 1-100");
    if (*b <= *a)
        throw bad_input("rollplan: the target '" + shown(text) + "': the range needs its first number below its last, like 1-100");
    if (*b - *a + 1 > rp::max_target)
        throw bad_input("rollplan: the target '" + shown(text) + "' holds more than 2^64 - 1 numbers");
    return range_target{*a, *b};
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

// Percentile dice: the plan for d% that rolls a d10 twice, the tens then
// the units (C = A × 10 + B). Read as players read them, the number is C
// itself, 00 and 0 being 100: each number from 1 to 100 still comes from one
// pair of faces, as with C + 1.
inline bool rolls_percentile_dice(const rp::plan_description& d) {
    return rp::plan_name(d) == "mixed_radix<roll<d10>, roll<d10>>";
}

// What the command plans: a number from 1 to N, or a loaded die.
struct target {
    rp::count_t n = 0;                  // a number from 1 to n, when there are no weights
    rp::count_t first = 1;              // ... shown as first to first + n − 1 (a range A-B)
    bool coin = false;                  // ... shown as heads (1) or tails (2)
    bool percentile = false;            // ... written d%: two d10s are read as percentile dice
    std::optional<loaded_target> loaded;
    std::string range_text() const { return rp::to_string(first) + " to " + rp::to_string(first + n - 1); }
    std::string title(const rp::dice_faces& dice) const {
        std::string what = loaded ? loaded->title : coin ? "heads or tails" : "a number from " + range_text();
        what[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(what[0])));
        return what + " with " + the_dice(dice);
    }
    rp::plan_description plan(const rp::dice_faces& dice, const std::string& strategy) const {
        return loaded ? loaded_plan_for(loaded->weights, dice, strategy) : plan_for(n, dice, strategy);
    }
    std::string steps(const rp::plan_description& d) const {
        if (loaded) return rp::describe(d, loaded->names);
        std::string text = rp::describe(d);
        if (coin) text += "Your number 1 is heads, 2 is tails.\n";
        if (first == 0) text += "Take 1 from it for your number from " + range_text() + ".\n";  // the steps give 1 to n
        if (first > 1) text += "Add " + rp::to_string(first - 1) + " to it for your number from " + range_text() + ".\n";
        if (reads_percentile(d))
            text += "With percentile dice, read as players do: the tens die (00 to 90) for step 1, the units die (0 to 9) for "
                    "step 2, and your number is the two added, 00 and 0 being 100 (each number still once in 100).\n";
        return text;
    }
    bool reads_percentile(const rp::plan_description& d) const { return percentile && rolls_percentile_dice(d); }
    // what an interactive draw says, for the value v drawn (0-based)
    std::string answer(std::uint64_t v) const {
        if (loaded) return loaded->result + " " + loaded->answers[static_cast<std::size_t>(v)] + ".";
        if (coin) return std::string("Your toss is ") + (v == 0 ? "heads." : "tails.");
        return "Your number is " + rp::to_string(first + v) + ".";
    }
};

// One roll to read: a die of `faces` faces, read as it is labelled (1 to K;
// a d10's 0 is its 10; a coin's h, t, heads, tails), or one of the two d10s
// of percentile dice, read as players read them: the tens die shows 00 to 90,
// the units die 0 to 9. Either way the face is a number from 1 to K, what the
// plans read (face − 1): for percentile dice the digit + 1.
enum class reading { as_labelled, tens, units };
struct die_roll {
    rp::count_t faces;
    reading read = reading::as_labelled;
};

// The face typed for the roll, or nothing when it is none of its faces.
inline std::optional<rp::count_t> parse_face(const std::string& typed, die_roll roll) {
    const std::string text = lower_case(typed);
    if (roll.read == reading::tens) {  // 00, 10, ..., 90 (or its digit alone)
        const std::optional<rp::count_t> value = parse_count(text);
        if (!value || text.size() > 2 || (text.size() == 2 && *value % 10 != 0)) return std::nullopt;
        return (text.size() == 2 ? *value / 10 : *value) + 1;
    }
    if (roll.read == reading::units) {
        const std::optional<rp::count_t> value = parse_count(text);
        if (!value || text.size() != 1) return std::nullopt;
        return *value + 1;
    }
    if (roll.faces == 2 && (text == "h" || text == "heads")) return 1;
    if (roll.faces == 2 && (text == "t" || text == "tails")) return 2;
    if (roll.faces == 10 && text == "0") return 10;
    const std::optional<rp::count_t> face = parse_count(text);
    if (!face || *face < 1 || *face > roll.faces) return std::nullopt;
    return face;
}

// The faces that may be typed, in words.
inline std::string face_words(die_roll roll) {
    if (roll.read == reading::tens) return "00, 10, 20 and so on to 90";
    if (roll.read == reading::units) return "0 to 9";
    if (roll.faces == 2) return "1 or h for heads, 2 or t for tails";
    return "1 to " + rp::to_string(roll.faces) + (roll.faces == 10 ? ", or 0 for the 10" : "");
}

// The die to roll, in words: "the d6", "the coin", "the tens die".
inline std::string roll_noun(die_roll roll) {
    if (roll.read == reading::tens) return "the tens die";
    if (roll.read == reading::units) return "the units die";
    return "the " + rp::die_noun(roll.faces);
}

// A face as the die shows it: "4", "heads", "70".
inline std::string face_label(die_roll roll, rp::count_t face) {
    if (roll.read == reading::tens) return face == 1 ? "00" : rp::to_string((face - 1) * 10);
    if (roll.read == reading::units) return rp::to_string(face - 1);
    if (roll.faces == 2) return face == 1 ? "heads" : "tails";
    return rp::to_string(face);
}

// What 'text' is not, in words: "'7' is not a face of a d6 (1 to 6)".
inline std::string not_a_face(const std::string& text, die_roll roll) {
    if (roll.read != reading::as_labelled) return "'" + shown(text) + "' is not a face of " + roll_noun(roll) + " (" + face_words(roll) + ")";
    return "'" + shown(text) + "' is not a face of " + rp::die_with_article(roll.faces) + " (" + face_words(roll) + ")";
}

// The target as typed (a die, a range, coin, the sum of dice), or the
// weights of a loaded die when has_weights.
inline target parse_target(const std::string& typed, bool has_weights, const std::string& weights) {
    target t;
    const std::string text = trimmed(typed);
    if (has_weights)
        t.loaded = parse_weights(weights);
    else if (auto sum = parse_sum_of_dice(text))
        t.loaded = *sum;
    else if (auto range = parse_range(text)) {
        t.first = range->first;
        t.n = range->last - range->first + 1;
    } else {
        t.coin = lower_case(text) == "coin";
        t.percentile = lower_case(text) == "d%";
        t.n = parse_die(text, "the target");
    }
    return t;
}

// The dice held, as --with names them: at most max_dice_in_set kinds, a die
// named twice being one die (the plans read each kind of die held).
inline rp::dice_faces parse_dice_set(const std::string& text) {
    rp::dice_faces dice;
    for (rp::count_t k : parse_dice(text)) {
        bool held = false;
        for (std::size_t i = 0; i < dice.size; ++i) held = held || dice.faces[i] == k;
        if (!held && dice.size == rp::max_dice_in_set)
            throw bad_input("rollplan: --with " + shown(text) + ": a set holds at most " + std::to_string(rp::max_dice_in_set) +
                            " kinds of dice");
        dice.add(k);
    }
    return dice;
}

}  // namespace rollplan_command
