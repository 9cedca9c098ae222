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
#include "request.hpp"
#include "sitting.hpp"
#include "words.hpp"

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

namespace {

using namespace rollplan_command;

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
    const std::vector<std::vector<std::string>> rows = comparison_rows(t, dice);
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
    std::uint64_t operator()(die_roll die) {
        ++rolls_;
        if (virtual_dice_) {
            if (!device_) device_.emplace();
            const rp::count_t face = rp::uniform_below(*device_, static_cast<std::uint64_t>(die.faces)) + 1;
            const std::string noun = roll_noun(die);
            std::cout << (die.faces == 2 ? "Tossed the coin: " : "Rolled " + noun + ": ") << face_label(die, face) << "\n";
            return static_cast<std::uint64_t>(face - 1);
        }
        for (;;) {
            if (die.faces == 2)
                std::cout << "Toss the coin and type h for heads or t for tails: " << std::flush;
            else
                std::cout << "Roll " << roll_noun(die) << " and type the face (" << face_words(die) << "): " << std::flush;
            std::string line;
            if (!std::getline(std::cin, line)) {
                std::cout << "\n" << std::flush;
                throw bad_input("rollplan: the input ended before the face of the roll was given");
            }
            const std::string face_text = trimmed(line);
            if (!at_terminal_) std::cout << face_text << "\n";
            if (const std::optional<rp::count_t> face = parse_face(face_text, die)) return static_cast<std::uint64_t>(*face - 1);
            const std::string problem = not_a_face(face_text, die);
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
    const target t = parse_target(target_text, has_weights, weights_text_given);
    const rp::dice_faces dice = parse_dice_set(with_text);
    interactive = interactive || virtual_dice;
    if (interactive && compare) throw bad_input("rollplan: --interactive draws numbers; leave out --compare");

    auto print_counts = [&](const rp::plan_description& d) {
        if (count != 0) std::cout << "\n" << count_text(t, dice, count, d);
    };
    if (compare) {
        print_comparison(t, dice);
        print_counts(t.plan(dice, "optimal"));
        return 0;
    }
    if (interactive) {
        face_source faces(virtual_dice);
        auto begin = [](const std::string& title) { std::cout << title << "\n"; };
        auto result = [](std::uint64_t, const std::string& answer) { std::cout << answer << "\n"; };
        sitting(t, dice, strategy, count, faces, begin, result);
        if (count != 0) std::cout << sitting_cost_text(t, dice, strategy, count, faces.rolls()) << "\n";
        return 0;
    }
    const rp::plan_description d = t.plan(dice, strategy);
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
