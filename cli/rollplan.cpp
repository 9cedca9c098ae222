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
// and describe(plan, names). The command is cli/command.hpp's run(); here it
// meets the process. Bad input is one line on stderr and exit status 2; output
// that cannot be written (a full disk, a closed stdout) one line and status 1.
#include "command.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <unistd.h>  // isatty

namespace {

// Everything written reached the file: std::cout writes through stdout
// (synchronised with stdio), so its buffer is flushed and checked too.
bool output_written() {
    std::cout.flush();
    return std::cout.good() && std::fflush(stdout) == 0 && std::ferror(stdout) == 0;
}

// One line on stderr; the status stays non-zero if even that fails.
int say(const std::string& message, int status) {
    std::cerr << message << "\n" << std::flush;
    return status;
}

std::string write_error() {
    return std::string("rollplan: could not write the output: ") + (errno != 0 ? std::strerror(errno) : "write error");
}

}  // namespace

int main(int argc, char** argv) {
    int status = 0;
    try {
        status = rollplan_command::run(argc, argv, std::cin, std::cout, isatty(STDIN_FILENO) != 0);
    } catch (const rollplan_command::write_failed&) {
        return say(write_error(), 1);
    } catch (const std::exception& e) {
        if (!output_written()) return say(write_error(), 1);
        const std::string message = e.what();
        // every quoted input is escaped where it is quoted (shown()); the rest is the command's own words
        return say((message.rfind("rollplan: ", 0) == 0 ? "" : "rollplan: ") + message, 2);
    }
    if (!output_written()) return say(write_error(), 1);
    return status;
}
