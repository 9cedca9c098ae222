// libFuzzer target: the rollplan command (cli/command.hpp's run) over any
// arguments and any input. The fuzzer's bytes are split at the first byte
// 0xff: before it, the arguments, separated by NUL bytes (at most 8); after
// it, standard input. The answers are read as from a pipe, and half the
// runs as at a terminal (the second byte of input chooses). --roll is
// dropped (it reads the operating system's randomness, which no fuzzer can
// replay).
//
// Whatever the bytes: run() returns 0 or throws bad_input, nothing else;
// a bad_input's message is one line starting "rollplan: ", at most 400 bytes,
// with no control character (every quoted input escaped and cut); the output
// holds no control character but newlines. Built with
// -fsanitize=fuzzer,address,undefined (scripts/fuzz.sh).
#include "../../cli/command.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace {

void require(bool ok, const char* what, const std::string& text) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_command: %s: '%s'\n", what, text.substr(0, 600).c_str());
    std::abort();
}

bool clean(const std::string& text, bool newlines) {
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && !(newlines && c == '\n')) || u == 0x7f) return false;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string all(reinterpret_cast<const char*>(data), size);
    const std::size_t split = all.find('\xff');
    const std::string arguments = all.substr(0, split), input = split == std::string::npos ? "" : all.substr(split + 1);
    std::vector<std::string> words{"rollplan"};
    for (std::size_t start = 0; start <= arguments.size() && words.size() <= 8;) {
        const std::size_t end = std::min(arguments.find('\0', start), arguments.size());
        const std::string word = arguments.substr(start, end - start);
        if (word != "--roll" && !(word.size() > 2 && std::string("--roll").rfind(word, 0) == 0)) words.push_back(word);
        start = end + 1;
    }
    std::vector<const char*> argv;
    for (const std::string& w : words) argv.push_back(w.c_str());
    std::istringstream in(input);
    std::ostringstream out;
    const bool at_terminal = input.size() > 1 && (input[1] & 1) != 0;
    try {
        const int status = rollplan_command::run(static_cast<int>(argv.size()), argv.data(), in, out, at_terminal);
        require(status == 0, "run returned a status other than 0", out.str());
    } catch (const rollplan_command::bad_input& e) {
        const std::string message = e.what();
        require(message.rfind("rollplan: ", 0) == 0, "a message without 'rollplan: '", message);
        require(message.size() <= 400, "a message longer than 400 bytes", message);
        require(clean(message, false), "a control character in a message", message);
    }
    require(clean(out.str(), true), "a control character in the output", out.str());
    return 0;
}
