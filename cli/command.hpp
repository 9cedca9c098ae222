// cli/command.hpp: the rollplan command itself, run(arguments, input, output,
// at a terminal): its options (CLI11), the plan printed, the strategies
// compared, the interactive sitting. cli/rollplan.cpp calls it on the
// process's streams; tests/fuzz/fuzz_command.cpp on strings.
//
// What it promises whatever it is given: a request is refused (bad_input,
// one line, exit status 2) or answered in full, its figures worked out before
// a line is written; text from the person is quoted escaped and cut
// (shown()); an answer line is read up to max_answer_bytes, a longer one
// refused without being kept; a UTF-8 byte order mark before the first
// answer is skipped; a write that fails is a write_failed.
#pragma once

#include "request.hpp"
#include "sitting.hpp"
#include "words.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <vector>

namespace rollplan_command {

// The output could not be written (a full disk, a closed stream): the run
// stops, and main says so in one line (exit status 1).
struct write_failed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The longest answer line read (a face is a few bytes).
inline constexpr std::size_t max_answer_bytes = 4096;

inline void print_plan(std::ostream& out, const target& t, const rp::dice_faces& dice, const std::string& strategy,
                       const rp::plan_description& d) {
    out << t.title(dice) << ":\n\n"
        << t.steps(d, strategy, dice) << "\n"
        << "Expected rolls: " << expected_text(d) << "\n";
    const std::vector<std::string> tails = tail_texts(d, 2, 4);
    for (std::size_t k = 2; k <= 4; ++k) out << "Chance of needing more than " << k << " rolls: " << tails[k - 2] << "\n";
    out << "99% of the time it is done within " << enough_text(d, strategy) << ".\n";
    if (const std::string offer = lookup_offer(t, dice, strategy); !offer.empty()) out << offer << "\n";
    out << "\nThe plan (strategy " << strategy << "), as the rollplan library spells it: " << plan_line(d, strategy) << "\n";
}

inline void print_comparison(std::ostream& out, const target& t, const rp::dice_faces& dice) {
    out << t.title(dice) << ":\n\n";
    const std::vector<std::vector<std::string>> rows = comparison_rows(t, dice);
    // each column as wide as its widest cell (in characters: the cells are ASCII), then two spaces
    std::vector<std::size_t> width(rows[0].size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c)
            line += c + 1 == row.size() ? row[c] : row[c] + std::string(width[c] - row[c].size() + 2, ' ');
        out << line << "\n";
    }
}

// One line of input, without its newline, read up to max_answer_bytes: a
// longer line is read to its end but not kept (too_long), so that an
// endless line costs no memory. Nothing when the input has ended.
inline std::optional<std::string> read_answer(std::istream& in, bool& too_long) {
    std::string line;
    too_long = false;
    std::streambuf* buffer = in.rdbuf();
    for (;;) {
        const int c = buffer->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            if (line.empty() && !too_long) return std::nullopt;
            return line;
        }
        if (c == '\n') return line;
        if (line.size() < max_answer_bytes)
            line += static_cast<char>(c);
        else
            too_long = true;
    }
}

// Where the faces come from: typed by the person, one per line, or rolled for
// them with the operating system's randomness (--roll: std::random_device, an
// exact draw of 1 to K, printed so that it can be checked by hand). From a
// pipe the face read is echoed after the prompt (escaped, as shown() quotes
// it), so that the output reads as a session, and a face that is not one ends
// the run (exit status 2: a script fails fast); at a terminal it is explained
// and asked for again, the rolls so far kept. What the steps carry before the
// roll, if anything, is printed first ("Carried so far, as in the steps: A = 5
// and B = 6."). Returns the face − 1, the value the plans read.
class face_source {
public:
    face_source(std::istream& in, std::ostream& out, bool at_terminal, bool virtual_dice)
        : in_(in), out_(out), at_terminal_(at_terminal), virtual_dice_(virtual_dice) {}
    std::uint64_t operator()(const die_roll& die) {
        ++rolls_;
        if (!die.carried.empty()) out_ << "Carried so far, as in the steps: " << die.carried << ".\n";
        if (virtual_dice_) {
            if (!device_) device_.emplace();
            const rp::count_t face = rp::uniform_below(*device_, static_cast<std::uint64_t>(die.faces)) + 1;
            const std::string noun = roll_noun(die);
            out_ << (die.faces == 2 ? "Tossed the coin: " : "Rolled " + noun + ": ") << face_label(die, face) << "\n";
            written();
            return static_cast<std::uint64_t>(face - 1);
        }
        for (;;) {
            if (die.faces == 2)
                out_ << "Toss the coin and type h for heads or t for tails: ";
            else
                out_ << "Roll " << roll_noun(die) << " and type the face (" << face_words(die) << "): ";
            written();
            bool too_long = false;
            std::optional<std::string> line = read_answer(in_, too_long);
            if (!line) {
                out_ << "\n";
                written();
                throw bad_input("rollplan: the input ended before the face of the roll was given");
            }
            if (first_answer_ && line->rfind("\xEF\xBB\xBF", 0) == 0) line->erase(0, 3);  // a UTF-8 byte order mark
            first_answer_ = false;
            const std::string face_text = trimmed(*line);
            const std::string problem = too_long ? "an answer of more than " + std::to_string(max_answer_bytes) + " bytes is no face"
                                                 : not_a_face(face_text, die);
            if (!at_terminal_) out_ << (too_long ? shown(face_text) : shown(face_text, max_answer_bytes)) << "\n";
            if (!too_long)
                if (const std::optional<rp::count_t> face = parse_face(face_text, die)) {
                    written();
                    return static_cast<std::uint64_t>(*face - 1);
                }
            if (!at_terminal_) {
                written();
                throw bad_input("rollplan: " + problem);
            }
            out_ << problem << "; the rolls so far are kept, type the face of this roll again.\n";
        }
    }
    std::uint64_t rolls() const { return rolls_; }

private:
    // the prompt is out before the answer is read; a failed write ends the run
    void written() {
        out_.flush();
        if (!out_) throw write_failed("rollplan: could not write the output");
    }
    std::istream& in_;
    std::ostream& out_;
    bool at_terminal_, virtual_dice_, first_answer_ = true;
    std::optional<std::random_device> device_;
    std::uint64_t rolls_ = 0;
};

// The command: argv as main has it, the answers read from `in`, everything
// else written to `out`, --help and --version too (CLI11's own messages are
// quoted as shown() quotes text). Throws bad_input (and write_failed);
// returns the exit status otherwise.
inline int run(int argc, const char* const* argv, std::istream& in, std::ostream& out, bool at_terminal) {
    CLI::App app{"rollplan: a number from 1 to N, exactly uniform, or a loaded die, with the dice you own.\n"
                 "Examples: rollplan d29 --with d6; rollplan --weights goblin=3,orc=2,dragon=1 --with d20; rollplan 2d6 --with d20"};
    std::string target_text, with_text, weights_text_given, strategy;
    std::uint64_t count = 0;
    bool compare = false, interactive = false, virtual_dice = false;
    app.add_option("target", target_text,
                   "What you want: dN (or N, 1dN) for a number from 1 to N, d% for 1 to 100, A-B for a number from A to B, "
                   "coin for heads or tails, NdK for the sum of N dice of K faces, NdK+M or NdK-M for that sum plus or minus M");
    app.add_option("--weights", weights_text_given,
                   "A table instead of a target: weights 3,2,1 (outcome i with probability w_i / the sum), or named: "
                   "\"goblin: 3, orc: 2, dragon: 1\" or goblin=3,orc=2,dragon=1");
    app.add_option("--with", with_text, "The dice you hold: d6, or a set like d4,d6,d8,d10,d12,d20 (2d10 for two d10s, coin for a coin)")->required();
    app.add_option("--strategy", strategy,
                   "add, digits, smooth, cheapest or optimal (default: add for a sum of dice you hold, rolled and added; "
                   "otherwise optimal, the fewest expected rolls, the simpler steps on a tie)")
        ->check(CLI::IsMember({"add", "digits", "smooth", "cheapest", "optimal"}));
    app.add_flag("--compare", compare, "Show every strategy side by side");
    app.add_option("--count", count, "Plan this many numbers and give their expected rolls with the entropy pool")
        ->check(CLI::Range(std::uint64_t{1}, rp::max_pool_cost_count));
    app.add_flag("--interactive", interactive,
                 "Ask for each face rolled (a d10's 0 is its 10, a d100's 00 its 100; a coin's h or t) and print the number; at a terminal a "
                 "typo is asked again");
    app.add_flag("--roll", virtual_dice,
                 "Roll virtual dice for you (the operating system's randomness), printing each roll so that it can be "
                 "checked by hand; as --interactive otherwise");
    app.set_version_flag("--version", std::string("rollplan ") + ROLLPLAN_VERSION_STRING);
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {  // --help, --version
        return app.exit(e, out, out);
    } catch (const CLI::ParseError& e) {
        throw bad_input("rollplan: " + shown(e.what(), 200) + " (rollplan --help shows the options)");
    }

    const bool has_target = !target_text.empty() || app.count("target") > 0, has_weights = app.count("--weights") > 0;
    if (has_target == has_weights)
        throw bad_input(std::string("rollplan: give a target (d29, 2d6) or --weights (3,2,1), ") +
                        (has_target ? "not both" : "one of them") + " (rollplan --help shows the options)");
    const target t = parse_target(target_text, has_weights, weights_text_given);
    const rp::dice_faces dice = parse_dice_set(with_text);
    strategy = t.strategy_for(dice, strategy);
    interactive = interactive || virtual_dice;
    if (interactive && compare) throw bad_input("rollplan: --interactive draws numbers; leave out --compare");

    if (interactive) {
        face_source faces(in, out, at_terminal, virtual_dice);
        auto begin = [&out](const std::string& title) { out << title << "\n"; };
        auto result = [&out](const std::string& answer) { out << answer << "\n"; };
        sitting(t, dice, strategy, count, faces, begin, result);
        if (count != 0) out << sitting_cost_text(t, dice, strategy, count, faces.rolls()) << "\n";
        return 0;
    }
    // every figure worked out before the first line is written: a request is answered whole or refused
    std::ostringstream text;
    const rp::plan_description d = t.plan(dice, strategy);
    if (compare)
        print_comparison(text, t, dice);
    else
        print_plan(text, t, dice, strategy, d);
    if (count != 0) text << "\n" << count_text(t, dice, count, d);
    out << text.str();
    return 0;
}

}  // namespace rollplan_command
