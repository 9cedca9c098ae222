// rollplan: a number from 1 to N with the dice you own, step by step.
//
//   rollplan d29 --with d6                 the steps, the expected rolls, the tail
//   rollplan d29 --with d6 --compare       the strategies side by side
//   rollplan d29 --with d6 --count 10      ten numbers: the entropy pool's cost
//   rollplan d29 --with d6 --interactive   asks for each face, prints the number
//   rollplan --weights goblin=3,orc=2,dragon=1 --with d20
//                                          a loaded die: outcome i with probability w_i / Σw
//   rollplan 2d6 --with d20                the sum of two d6 (a loaded die of weights 1, 2, …, 6, …, 1)
//
// Everything it says comes from the library: make_plan, describe,
// expected_rolls (approximate_expected_rolls where the exact fraction needs
// more than 128 bits), tail_probability, rolls_enough, expected_pool_rolls, and
// sample(plan, roll) for the interactive run; for loaded dice make_loaded_plan
// and describe(plan, names). Bad input is one line on stderr and exit status 2.
#include <rollplan/rollplan.hpp>

#include <CLI/CLI.hpp>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
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

// "d6", "D20", "coin", or a bare number: the number of faces, at least 2.
rp::count_t parse_die(const std::string& text, const char* what) {
    if (text == "coin") return 2;
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
        const std::string one = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
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
    std::optional<loaded_target> loaded;
    std::string title(const rp::dice_faces& dice) const {
        std::string what = loaded ? loaded->title : "a number from 1 to " + rp::to_string(n);
        what[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(what[0])));
        return what + " with " + the_dice(dice);
    }
    rp::plan_description plan(const rp::dice_faces& dice, const std::string& strategy) const {
        return loaded ? loaded_plan_for(loaded->weights, dice, strategy) : plan_for(n, dice, strategy);
    }
    std::string steps(const rp::plan_description& d) const { return loaded ? rp::describe(d, loaded->names) : rp::describe(d); }
};

void print_plan(const target& t, const rp::dice_faces& dice, const std::string& strategy, const rp::plan_description& d) {
    std::cout << t.title(dice) << ", strategy " << strategy << ": " << rp::plan_name(d) << "\n\n"
              << t.steps(d) << "\n"
              << "Expected rolls: " << expected_text(d) << "\n";
    for (std::size_t k = 2; k <= 4; ++k) std::cout << "Chance of needing more than " << k << " rolls: " << tail_text(d, k) << "\n";
    std::cout << "99% of the time it is done within " << enough_text(d) << " rolls.\n";
}

void print_comparison(const target& t, const rp::dice_faces& dice) {
    std::cout << t.title(dice) << ":\n\n";
    std::printf("%-9s %-12s %-18s %-16s %s\n", "strategy", "expected", "more than 4 rolls", "99% done within", "plan");
    for (const char* strategy : {"digits", "smooth", "cheapest", "optimal"}) {
        const rp::plan_description d = t.plan(dice, strategy);
        const std::string expected = decimal(rp::approximate_expected_rolls(d));
        std::string tail;
        try {
            tail = percent(rp::tail_probability(d, 4));
        } catch (const std::exception&) {
            tail = "-";
        }
        std::printf("%-9s %-12s %-18s %-16s %s\n", strategy, expected.c_str(), tail.c_str(),
                    (enough_text(d) + " rolls").c_str(), rp::plan_name(d).c_str());
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

// Asks for each face; the plan says which die to roll. From a pipe the face
// read is echoed after the prompt, so that the output reads as a session.
std::uint64_t roll_interactively(const rp::plan_description& d) {
    const bool echo = isatty(STDIN_FILENO) == 0;
    return rp::sample(d, [echo](rp::count_t faces) -> std::uint64_t {
        const std::string die = rp::die_noun(faces);
        if (faces == 2)
            std::cout << "Toss the coin and type 1 for heads or 2 for tails: " << std::flush;
        else
            std::cout << "Roll the " << die << " and type the face (1 to " << rp::to_string(faces) << "): " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
            std::cout << "\n" << std::flush;
            throw bad_input("rollplan: the input ended before the face of the roll was given");
        }
        const std::size_t first = line.find_first_not_of(" \t\r"), last = line.find_last_not_of(" \t\r");
        const std::string face_text = first == std::string::npos ? "" : line.substr(first, last - first + 1);
        if (echo) std::cout << face_text << "\n";
        const std::optional<rp::count_t> face = parse_count(face_text);
        if (!face || *face < 1 || *face > faces) {
            std::cout << std::flush;
            throw bad_input("rollplan: '" + face_text + "' is not a face of " + rp::die_with_article(faces) + " (1 to " +
                            rp::to_string(faces) + ")");
        }
        return static_cast<std::uint64_t>(*face - 1);
    });
}

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

int run(int argc, char** argv) {
    CLI::App app{"rollplan: a number from 1 to N, exactly uniform, or a loaded die, with the dice you own.\n"
                 "Examples: rollplan d29 --with d6; rollplan --weights goblin=3,orc=2,dragon=1 --with d20; rollplan 2d6 --with d20"};
    std::string target_text, with_text, weights_text_given, strategy = "optimal";
    std::uint64_t count = 0;
    bool compare = false, interactive = false;
    app.add_option("target", target_text, "The range wanted: dN (or N) for a number from 1 to N; NdK for the sum of N dice of K faces");
    app.add_option("--weights", weights_text_given,
                   "A loaded die instead of a range: weights 3,2,1 (outcome i with probability w_i / the sum), or named: "
                   "goblin=3,orc=2,dragon=1");
    app.add_option("--with", with_text, "The dice you hold: d6, or a set like d4,d6,d8,d10,d12,d20 (coin for a coin)")->required();
    app.add_option("--strategy", strategy, "digits, smooth, cheapest or optimal (default: the fewest expected rolls, the simpler steps on a tie)")
        ->check(CLI::IsMember({"digits", "smooth", "cheapest", "optimal"}));
    app.add_flag("--compare", compare, "Show every strategy side by side");
    app.add_option("--count", count, "Plan this many numbers and give their expected rolls with the entropy pool")
        ->check(CLI::Range(std::uint64_t{1}, rp::max_pool_cost_count));
    app.add_flag("--interactive", interactive, "Ask for each face rolled and print the number");
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
    if (has_weights)
        t.loaded = parse_weights(weights_text_given);
    else if (auto sum = parse_sum_of_dice(target_text))
        t.loaded = *sum;
    else
        t.n = parse_die(target_text, "the target");
    const std::vector<rp::count_t> faces = parse_dice(with_text);
    if (faces.size() > rp::max_dice_in_set)
        throw bad_input("rollplan: --with " + with_text + ": a set holds at most " + std::to_string(rp::max_dice_in_set) + " dice");
    rp::dice_faces dice;
    for (rp::count_t k : faces) dice.add(k);
    if (interactive && (compare || count != 0))
        throw bad_input("rollplan: --interactive draws one number; leave out --compare and --count");

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
    const rp::plan_description d = t.plan(dice, strategy);
    if (interactive) {
        std::cout << t.title(dice) << ".\n";
        const std::uint64_t value = roll_interactively(d);
        if (t.loaded)
            std::cout << t.loaded->result << " " << t.loaded->answers[static_cast<std::size_t>(value)] << ".\n";
        else
            std::cout << "Your number is " << value + 1 << ".\n";
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
