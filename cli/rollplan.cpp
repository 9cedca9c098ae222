// rollplan: a number from 1 to N with the dice you own, step by step.
//
//   rollplan d29 --with d6                 the steps, the expected rolls, the tail
//   rollplan d29 --with d6 --compare       the strategies side by side
//   rollplan d29 --with d6 --count 10      ten numbers: the entropy pool's cost
//   rollplan d29 --with d6 --interactive   asks for each face, prints the number
//   rollplan --weights goblin=3,orc=2,dragon=1 --with d20
//                                          a loaded die: outcome i with probability w_i / Σw
//   rollplan 2d6 --with d20                the sum of two d6 (a loaded die of weights 1, 2, …, 6, …, 1)
//   rollplan 10-50 --with "d6, d10"        a range; d% is a d100, coin heads or tails
//
// Everything it says comes from the library: make_plan, describe,
// expected_rolls (approximate_expected_rolls where the exact fraction needs
// more than 128 bits), tail_probability, rolls_enough, expected_pool_rolls, and
// sample(plan, roll) for the interactive run; for loaded dice make_loaded_plan
// and describe(plan, names). Bad input is one line on stderr and exit status 2.
#include <rollplan/rollplan.hpp>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <unistd.h>  // isatty
#include <vector>

namespace rp = rollplan;

namespace {

// A wrong argument or answer: its message is the one line printed.
struct bad_input : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Decimal digits only (no sign, no spaces), at most 2^64 − 1.
std::optional<rp::count_t> parse_count(const std::string& text) {
    if (text.empty() || text.size() > 20) return std::nullopt;
    rp::count_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + static_cast<rp::count_t>(c - '0');
    }
    if (value > rp::max_target) return std::nullopt;
    return value;
}

// text without the spaces (and tabs, carriage returns) around it.
std::string trimmed(const std::string& text) {
    const std::size_t first = text.find_first_not_of(" \t\r"), last = text.find_last_not_of(" \t\r");
    return first == std::string::npos ? "" : text.substr(first, last - first + 1);
}

std::string lower_case(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// "d6", "D20", "d%" (a d100), "coin", or a bare number: the number of faces, at least 2.
rp::count_t parse_die(const std::string& text, const char* what) {
    if (lower_case(text) == "coin") return 2;
    if (lower_case(text) == "d%") return 100;
    const bool named = !text.empty() && (text[0] == 'd' || text[0] == 'D');
    const std::optional<rp::count_t> faces = parse_count(named ? text.substr(1) : text);
    if (!faces)
        throw bad_input("rollplan: " + std::string(what) + " '" + text +
                        "' is not a die; write d and a number of faces from 2 to 2^64 - 1, like d6");
    if (*faces < 2)
        throw bad_input("rollplan: " + std::string(what) + " '" + text + "' has fewer than 2 faces; nothing to choose from");
    return *faces;
}

std::vector<rp::count_t> parse_dice(const std::string& text) {
    std::vector<rp::count_t> dice;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string one = trimmed(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (one.empty()) throw bad_input("rollplan: --with '" + text + "' names no die; write --with d6 or --with d6,d10");
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

std::string weights_text(const rp::weight_list& w) {
    std::string text;
    for (std::size_t i = 0; i < w.size; ++i) text += (i ? ", " : "") + rp::to_string(w.values[i]);
    return text;
}

// --weights 3,2,1 or goblin=3,orc=2,dragon=1: every weight a whole number,
// every name given once, all named or none.
loaded_target parse_weights(const std::string& text) {
    const std::string usage = "; write --weights 3,2,1 or --weights goblin=3,orc=2,dragon=1";
    if (text.empty()) throw bad_input("rollplan: --weights '' gives no weight" + usage);
    loaded_target t;
    bool named = false;
    std::size_t start = 0;
    rp::count_t total = 0;
    for (std::size_t i = 0;; ++i) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty()) throw bad_input("rollplan: --weights '" + text + "': an empty weight between commas" + usage);
        const std::size_t equals = item.find('=');
        if (i > 0 && named != (equals != std::string::npos))
            throw bad_input("rollplan: --weights '" + text + "': give every weight a name (goblin=3) or none");
        named = equals != std::string::npos;
        const std::string name = named ? item.substr(0, equals) : std::to_string(i + 1);
        const std::string number = named ? item.substr(equals + 1) : item;
        if (named && name.empty()) throw bad_input("rollplan: --weights: '" + item + "' has no name before '='");
        for (const std::string& seen : t.names)
            if (named && seen == name) throw bad_input("rollplan: --weights: the name '" + name + "' is given twice");
        if (!number.empty() && number[0] == '-') throw bad_input("rollplan: --weights: the weight '" + number + "' is negative");
        const std::optional<rp::count_t> weight = parse_count(number);
        if (!weight)
            throw bad_input("rollplan: --weights: '" + number + "' is not a weight (a whole number from 0 to 2^64 - 1)");
        if (t.weights.size == rp::max_loaded_outcomes)
            throw bad_input("rollplan: --weights: at most " + std::to_string(rp::max_loaded_outcomes) + " weights");
        total += *weight;
        if (total > rp::two_to_64) throw bad_input("rollplan: --weights: the weights add up to more than 2^64");
        t.weights.add(*weight);
        t.names.push_back(name);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (total == 0) throw bad_input("rollplan: --weights " + text + ": every weight is zero; at least one must be positive");
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
std::optional<loaded_target> parse_sum_of_dice(const std::string& text) {
    const std::size_t d = text.find_first_of("dD");
    if (d == std::string::npos || d == 0) return std::nullopt;
    const std::optional<rp::count_t> count = parse_count(text.substr(0, d));
    if (!count) return std::nullopt;
    const rp::count_t faces = parse_die(text.substr(d), "the target");
    if (*count < 2) throw bad_input("rollplan: the target '" + text + "': write d" + rp::to_string(faces) + " for one die");
    if ((*count) * (faces - 1) + 1 > rp::max_loaded_outcomes || rp::detail::power_or_zero(faces, static_cast<unsigned>(*count)) == 0 ||
        rp::detail::power_or_zero(faces, static_cast<unsigned>(*count)) > rp::two_to_64)
        throw bad_input("rollplan: the target '" + text + "': at most " + std::to_string(rp::max_loaded_outcomes) +
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
    t.title = "the sum of " + text + " (" + rp::to_string(*count) + " to " + rp::to_string(*count * faces) + ")";
    t.result = "Your sum is";
    return t;
}

// "10-50": a number from A to B (A <= B, at least two of them), as the
// number from 1 to B − A + 1 that the plan draws, plus A − 1.
struct range_target {
    rp::count_t first = 1, last = 0;
};
std::optional<range_target> parse_range(const std::string& text) {
    const std::size_t dash = text.find('-');
    if (dash == std::string::npos || dash == 0) return std::nullopt;  // "-3" is a die, refused there
    const std::optional<rp::count_t> a = parse_count(trimmed(text.substr(0, dash))), b = parse_count(trimmed(text.substr(dash + 1)));
    if (!a || !b)
        throw bad_input("rollplan: the target '" + text + "' is not a range; write it as A-B with whole numbers, like 1-100");
    if (*b <= *a)
        throw bad_input("rollplan: the target '" + text + "': the range needs its first number below its last, like 1-100");
    if (*b - *a + 1 > rp::max_target)
        throw bad_input("rollplan: the target '" + text + "' holds more than 2^64 - 1 numbers");
    return range_target{*a, *b};
}

std::string decimal(double value, int digits = 4) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

std::string percent(const rp::rational& p) {
    return decimal(100 * p.to_double(), 2) + "%";
}



struct named_plan {
    const char* strategy;
    rp::plan_description plan;
};

// Plans over the dice held (make_plan over a set: with one die, optimal
// prefers folds and rerolls when they take as few rolls as the Knuth–Yao
// loop, as their steps are simpler to follow).
rp::plan_description plan_for(rp::count_t n, const rp::dice_faces& dice, const std::string& strategy) {
    if (strategy == "digits") return rp::make_plan(n, dice, rp::strategy::digits{});
    if (strategy == "smooth") return rp::make_plan(n, dice, rp::strategy::smooth{});
    if (strategy == "cheapest") return rp::make_plan(n, dice, rp::strategy::cheapest{});
    return rp::make_plan(n, dice, rp::strategy::optimal{});
}

rp::plan_description loaded_plan_for(const rp::weight_list& w, const rp::dice_faces& dice, const std::string& strategy) {
    if (strategy == "digits") return rp::make_loaded_plan(w, dice, rp::strategy::digits{});
    if (strategy == "smooth") return rp::make_loaded_plan(w, dice, rp::strategy::smooth{});
    if (strategy == "cheapest") return rp::make_loaded_plan(w, dice, rp::strategy::cheapest{});
    return rp::make_loaded_plan(w, dice, rp::strategy::optimal{});
}

// "a d6", "a d6 and a d10", "a d4, a d6 and a d8"
std::string the_dice(const rp::dice_faces& dice) {
    std::string text;
    for (std::size_t i = 0; i < dice.size; ++i)
        text += (i == 0 ? "" : i + 1 == dice.size ? " and " : ", ") + rp::die_with_article(dice.faces[i]);
    return text;
}

// Exact figures need 128 bits; past that, say so instead of a number.
std::string expected_text(const rp::plan_description& d) {
    try {
        const rp::rational e = rp::expected_rolls(d);
        return decimal(e.to_double()) + " (exactly " + rp::to_string(e.numerator()) +
               (e.denominator() == 1 ? "" : "/" + rp::to_string(e.denominator())) + ")";
    } catch (const std::overflow_error&) {  // a Knuth–Yao loop with a long period of K^k mod N
        return decimal(rp::approximate_expected_rolls(d)) + " (the exact fraction needs more than 128 bits)";
    }
}

std::string tail_text(const rp::plan_description& d, std::size_t k) {
    try {
        const rp::rational p = rp::tail_probability(d, k);
        if (p == rp::rational{0}) return "0";
        if (p == rp::rational{1}) return "1 (100%)";
        return rp::to_string(p.numerator()) + "/" + rp::to_string(p.denominator()) + " (" + percent(p) + ")";
    } catch (const std::exception&) {
        return "not counted (K^k passes 2^128)";
    }
}

std::string enough_text(const rp::plan_description& d) {
    try {
        return std::to_string(rp::rolls_enough(d, rp::rational{99, 100}));
    } catch (const std::domain_error&) {
        return "more than " + std::to_string(rp::max_model_depth);
    }
}

// What the command plans: a number from 1 to N, or a loaded die.
struct target {
    rp::count_t n = 0;                  // a number from 1 to n, when there are no weights
    rp::count_t first = 1;              // ... shown as first to first + n − 1 (a range A-B)
    bool coin = false;                  // ... shown as heads (1) or tails (2)
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
        if (first != 1) text += "Add " + rp::to_string(first - 1) + " to it for your number from " + range_text() + ".\n";
        return text;
    }
    // what an interactive draw says, for the value v drawn (0-based)
    std::string answer(std::uint64_t v) const {
        if (loaded) return loaded->result + " " + loaded->answers[static_cast<std::size_t>(v)] + ".";
        if (coin) return std::string("Your toss is ") + (v == 0 ? "heads." : "tails.");
        return "Your number is " + rp::to_string(first + v) + ".";
    }
};

void print_plan(const target& t, const rp::dice_faces& dice, const std::string& strategy, const rp::plan_description& d) {
    std::cout << t.title(dice) << ":\n\n"
              << t.steps(d) << "\n"
              << "Expected rolls: " << expected_text(d) << "\n";
    for (std::size_t k = 2; k <= 4; ++k) std::cout << "Chance of needing more than " << k << " rolls: " << tail_text(d, k) << "\n";
    std::cout << "99% of the time it is done within " << enough_text(d) << " rolls.\n"
              << "\nThe plan (strategy " << strategy << "), as the rollplan library spells it: " << rp::plan_name(d) << "\n";
}

void print_comparison(const target& t, const rp::dice_faces& dice) {
    std::cout << t.title(dice) << ":\n\n";
    std::vector<std::vector<std::string>> rows{{"strategy", "expected", "more than 4 rolls", "99% done within", "plan"}};
    for (const char* strategy : {"digits", "smooth", "cheapest", "optimal"}) {
        const rp::plan_description d = t.plan(dice, strategy);
        std::string tail;
        try {
            tail = percent(rp::tail_probability(d, 4));
        } catch (const std::exception&) {
            tail = "-";
        }
        rows.push_back({strategy, decimal(rp::approximate_expected_rolls(d)), tail, enough_text(d) + " rolls", rp::plan_name(d)});
    }
    // each column as wide as its widest cell (in characters: the cells are ASCII), then two spaces
    std::vector<std::size_t> width(rows[0].size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c)
            line += c + 1 == row.size() ? row[c] : row[c] + std::string(width[c] - row[c].size() + 2, ' ');
        std::cout << line << "\n";
    }
}

// The pool rolls one die: of a set, the one with the most faces (the most
// information per roll).
void print_count(rp::count_t n, const rp::dice_faces& dice, std::uint64_t count, const rp::plan_description& d) {
    const rp::count_t faces = dice.largest();
    const double each = rp::approximate_expected_rolls(d);
    const double pooled = rp::expected_pool_rolls(n, faces, count);
    std::cout << "\n" << count << " numbers from 1 to " << rp::to_string(n) << ":\n"
              << "  one plan each:        " << decimal(each * static_cast<double>(count), 2) << " rolls expected ("
              << count << " x " << decimal(each) << ")\n"
              << "  with the entropy pool: " << decimal(pooled, 2) << " rolls expected"
              << (dice.size > 1 ? " of the " + rp::die_noun(faces) : std::string()) << " (each draw keeps what the last one left unused)\n"
              << "  no method can expect fewer than " << decimal(static_cast<double>(count) * std::log2(static_cast<double>(n)) / std::log2(static_cast<double>(faces)), 2)
              << " (" << count << " x log_" << rp::to_string(faces) << " " << rp::to_string(n) << ", the information they hold)\n";
}

// The face typed for a roll of a die with `faces` faces, as dice are
// labelled: a number from 1 to K; on a d10 also 0, its face 10; on a coin
// h, t, heads or tails (1 and 2). Nothing when it is none of these.
std::optional<rp::count_t> parse_face(const std::string& typed, rp::count_t faces) {
    const std::string text = lower_case(typed);
    if (faces == 2 && (text == "h" || text == "heads")) return 1;
    if (faces == 2 && (text == "t" || text == "tails")) return 2;
    if (faces == 10 && text == "0") return 10;
    const std::optional<rp::count_t> face = parse_count(text);
    if (!face || *face < 1 || *face > faces) return std::nullopt;
    return face;
}

std::string face_words(rp::count_t faces) {
    if (faces == 2) return "1 or h for heads, 2 or t for tails";
    return "1 to " + rp::to_string(faces) + (faces == 10 ? ", or 0 for the 10" : "");
}

// Where the faces come from: typed by the person, one per line, or rolled for
// them with the operating system's randomness (--roll: std::random_device, an
// exact draw of 1 to K, printed so that it can be checked by hand). From a
// pipe the face read is echoed after the prompt, so that the output reads as
// a session, and a face that is not one ends the run (exit status 2: a script
// fails fast); at a terminal it is explained and asked for again, the rolls so
// far kept. Returns the face − 1, the value the plans read.
class face_source {
public:
    explicit face_source(bool virtual_dice) : virtual_dice_(virtual_dice) {}
    std::uint64_t operator()(rp::count_t faces) {
        ++rolls_;
        if (virtual_dice_) {
            if (!device_) device_.emplace();
            const std::uint64_t face = rp::uniform_below(*device_, static_cast<std::uint64_t>(faces)) + 1;
            std::cout << (faces == 2 ? "Tossed the coin: " + std::string(face == 1 ? "heads" : "tails")
                                     : "Rolled the " + rp::die_noun(faces) + ": " + std::to_string(face))
                      << "\n";
            return face - 1;
        }
        for (;;) {
            if (faces == 2)
                std::cout << "Toss the coin and type h for heads or t for tails: " << std::flush;
            else
                std::cout << "Roll the " << rp::die_noun(faces) << " and type the face (" << face_words(faces) << "): " << std::flush;
            std::string line;
            if (!std::getline(std::cin, line)) {
                std::cout << "\n" << std::flush;
                throw bad_input("rollplan: the input ended before the face of the roll was given");
            }
            const std::string face_text = trimmed(line);
            if (!at_terminal_) std::cout << face_text << "\n";
            if (const std::optional<rp::count_t> face = parse_face(face_text, faces)) return static_cast<std::uint64_t>(*face - 1);
            const std::string problem = "'" + face_text + "' is not a face of " + rp::die_with_article(faces) + " (" +
                                        face_words(faces) + ")";
            if (!at_terminal_) {
                std::cout << std::flush;
                throw bad_input("rollplan: " + problem);
            }
            std::cout << problem << "; the rolls so far are kept, type the face of this roll again.\n";
        }
    }
    std::uint64_t rolls() const { return rolls_; }

private:
    bool virtual_dice_;
    bool at_terminal_ = isatty(STDIN_FILENO) != 0;
    std::optional<std::random_device> device_;
    std::uint64_t rolls_ = 0;
};

// count draws of a loaded die: one plan each, and the information they hold
// (what entropy_pool::draw(d), which recycles each draw's leftover, approaches).
void print_loaded_count(const loaded_target& t, const rp::dice_faces& dice, std::uint64_t count, const rp::plan_description& d) {
    const rp::count_t faces = dice.largest();
    double total = 0, entropy = 0;
    for (std::size_t i = 0; i < t.weights.size; ++i) total += static_cast<double>(t.weights.values[i]);
    for (std::size_t i = 0; i < t.weights.size; ++i)
        if (t.weights.values[i] != 0) {
            const double p = static_cast<double>(t.weights.values[i]) / total;
            entropy -= p * std::log2(p);
        }
    std::cout << "\n" << count << " draws:\n"
              << "  one plan each: " << decimal(rp::approximate_expected_rolls(d) * static_cast<double>(count), 2)
              << " rolls expected\n"
              << "  no method can expect fewer than " << decimal(static_cast<double>(count) * entropy / std::log2(static_cast<double>(faces)), 2)
              << " rolls of the " << rp::die_noun(faces) << " (" << count << " x H / log2 " << rp::to_string(faces) << ", H = "
              << decimal(entropy) << " bits, the information they hold; rollplan's entropy_pool::draw(d) approaches it)\n";
}

// M numbers in one sitting from one entropy pool: rollplan's
// basic_entropy_pool with threshold 1, which rolls only as far as each draw
// needs and keeps what each leaves unused (draw(n), or draw(d) with its
// recycling for a loaded die), over the die of the set with the most faces.
// A pool's die is a type, so the dice people hold are listed in pooled_sitting
// (another is refused there, before anything is printed).
template <rp::count_t K>
std::uint64_t pooled_sitting_with(const target& t, std::uint64_t count, face_source& faces) {
    auto source = rp::from_values<rp::die<K>>([&faces] { return faces(K); });
    rp::basic_entropy_pool<decltype(source), 1> pool(source);
    std::optional<rp::discrete_distribution<int>> loaded;
    if (t.loaded) {
        std::vector<std::uint64_t> weights;
        for (std::size_t i = 0; i < t.loaded->weights.size; ++i) weights.push_back(static_cast<std::uint64_t>(t.loaded->weights.values[i]));
        loaded.emplace(weights.begin(), weights.end());
    }
    std::cout << count << " times: " << t.title(rp::dice_faces{K})
              << ", from one pool of rolls (each draw keeps what the last one left unused).\n";
    for (std::uint64_t i = 1; i <= count; ++i) {
        const std::uint64_t v = loaded ? static_cast<std::uint64_t>(pool.draw(*loaded)) : pool.draw(static_cast<std::uint64_t>(t.n));
        std::cout << "(" << i << " of " << count << ") " << t.answer(v) << "\n";
    }
    return pool.rolls();
}

std::uint64_t pooled_sitting(const target& t, rp::count_t die, std::uint64_t count, face_source& faces) {
    switch (die > 100 ? 0 : static_cast<int>(die)) {
        case 2: return pooled_sitting_with<2>(t, count, faces);
        case 4: return pooled_sitting_with<4>(t, count, faces);
        case 6: return pooled_sitting_with<6>(t, count, faces);
        case 8: return pooled_sitting_with<8>(t, count, faces);
        case 10: return pooled_sitting_with<10>(t, count, faces);
        case 12: return pooled_sitting_with<12>(t, count, faces);
        case 20: return pooled_sitting_with<20>(t, count, faces);
        case 100: return pooled_sitting_with<100>(t, count, faces);
        default:
            throw bad_input("rollplan: --interactive --count rolls one die for the whole sitting, the one with the most faces: "
                            "a coin, d4, d6, d8, d10, d12, d20 or d100 (here " + rp::die_with_article(die) + ")");
    }
}

int run(int argc, char** argv) {
    CLI::App app{"rollplan: a number from 1 to N, exactly uniform, or a loaded die, with the dice you own.\n"
                 "Examples: rollplan d29 --with d6; rollplan --weights goblin=3,orc=2,dragon=1 --with d20; rollplan 2d6 --with d20"};
    std::string target_text, with_text, weights_text_given, strategy = "optimal";
    std::uint64_t count = 0;
    bool compare = false, interactive = false, virtual_dice = false;
    app.add_option("target", target_text,
                   "What you want: dN (or N) for a number from 1 to N, d% for 1 to 100, A-B for a number from A to B, "
                   "coin for heads or tails, NdK for the sum of N dice of K faces");
    app.add_option("--weights", weights_text_given,
                   "A loaded die instead of a range: weights 3,2,1 (outcome i with probability w_i / the sum), or named: "
                   "goblin=3,orc=2,dragon=1");
    app.add_option("--with", with_text, "The dice you hold: d6, or a set like d4,d6,d8,d10,d12,d20 (coin for a coin)")->required();
    app.add_option("--strategy", strategy, "digits, smooth, cheapest or optimal (default: the fewest expected rolls, the simpler steps on a tie)")
        ->check(CLI::IsMember({"digits", "smooth", "cheapest", "optimal"}));
    app.add_flag("--compare", compare, "Show every strategy side by side");
    app.add_option("--count", count, "Plan this many numbers and give their expected rolls with the entropy pool")
        ->check(CLI::Range(std::uint64_t{1}, rp::max_pool_cost_count));
    app.add_flag("--interactive", interactive,
                 "Ask for each face rolled (a d10's 0 is its 10; a coin's h or t) and print the number; at a terminal a "
                 "typo is asked again");
    app.add_flag("--roll", virtual_dice,
                 "Roll virtual dice for you (the operating system's randomness), printing each roll so that it can be "
                 "checked by hand; as --interactive otherwise");
    app.set_version_flag("--version", std::string("rollplan ") + ROLLPLAN_VERSION_STRING);
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {  // --help, --version
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        throw bad_input("rollplan: " + std::string(e.what()) + " (rollplan --help shows the options)");
    }

    const bool has_target = !target_text.empty() || app.count("target") > 0, has_weights = app.count("--weights") > 0;
    if (has_target == has_weights)
        throw bad_input(std::string("rollplan: give a target (d29, 2d6) or --weights (3,2,1), ") +
                        (has_target ? "not both" : "one of them") + " (rollplan --help shows the options)");
    target t;
    target_text = trimmed(target_text);
    if (has_weights)
        t.loaded = parse_weights(weights_text_given);
    else if (auto sum = parse_sum_of_dice(target_text))
        t.loaded = *sum;
    else if (auto range = parse_range(target_text)) {
        t.first = range->first;
        t.n = range->last - range->first + 1;
    } else {
        t.coin = lower_case(target_text) == "coin";
        t.n = parse_die(target_text, "the target");
    }
    const std::vector<rp::count_t> faces = parse_dice(with_text);
    if (faces.size() > rp::max_dice_in_set)
        throw bad_input("rollplan: --with " + with_text + ": a set holds at most " + std::to_string(rp::max_dice_in_set) + " dice");
    rp::dice_faces dice;
    for (rp::count_t k : faces) dice.add(k);
    interactive = interactive || virtual_dice;
    if (interactive && compare) throw bad_input("rollplan: --interactive draws numbers; leave out --compare");

    auto print_counts = [&](const rp::plan_description& d) {
        if (count == 0) return;
        if (t.loaded)
            print_loaded_count(*t.loaded, dice, count, d);
        else
            print_count(t.n, dice, count, d);
    };
    if (compare) {
        print_comparison(t, dice);
        print_counts(t.plan(dice, "optimal"));
        return 0;
    }
    if (interactive && count != 0) {
        face_source faces(virtual_dice);
        const rp::count_t die = dice.largest();
        const std::uint64_t rolls = pooled_sitting(t, die, count, faces);
        std::cout << "That took " << rolls << (rolls == 1 ? " roll." : " rolls.");
        if (!t.loaded)
            std::cout << " Expected: " << decimal(rp::expected_pool_rolls(t.n, die, count), 2) << " with the pool, "
                      << decimal(rp::approximate_expected_rolls(plan_for(t.n, rp::dice_faces{die}, strategy)) * static_cast<double>(count), 2)
                      << " with one plan each.";
        std::cout << "\n";
        return 0;
    }
    const rp::plan_description d = t.plan(dice, strategy);
    if (interactive) {
        face_source faces(virtual_dice);
        std::cout << t.title(dice) << ".\n";
        std::cout << t.answer(rp::sample(d, faces)) << "\n";
        return 0;
    }
    print_plan(t, dice, strategy, d);
    print_counts(d);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::cout << std::flush;
        const std::string message = e.what();
        std::cerr << (message.rfind("rollplan: ", 0) == 0 ? "" : "rollplan: ") << message << "\n";
        return 2;
    }
}
