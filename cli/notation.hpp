// cli/notation.hpp: dice notation as players write it, read in one place for
// the rollplan command and the web page (docs/dice.md, "What you can type",
// writes the same grammar out for people):
//
//   target    dS  S  1dS  NdS  NdS+M  NdS-M  dS+M  d%  A-B  coin
//   held      dice with commas: d6, d10  2d10  d%  coin  (NdS: N dice of S faces, the kind dS)
//   table     entries with commas or new lines: goblin: 3, goblin=3, or weights 3, 2, 1
//
// N, S, A, B and weights are whole numbers written in decimal digits, at most
// 18446744073709551615 (the largest count rollplan takes); a modifier M is at
// most 1000000; the minus sign is '-' or '−'. What is not notation is a
// bad_input whose message says, in plain words, what was expected.
#pragma once

#include <rollplan/rollplan.hpp>

#include <algorithm>
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

// The largest count rollplan takes, as messages write it.
inline const std::string largest_count = rp::to_string(rp::max_target);

// Decimal digits only (no sign, no spaces), at most largest_count, read by
// value: any number of leading zeros.
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

// Whether text is decimal digits only (of any length).
inline bool all_digits(const std::string& text) {
    return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
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

// text with the minus sign '−' (U+2212) written '-'.
inline std::string ascii_minus(std::string text) {
    for (std::size_t at; (at = text.find("\xE2\x88\x92")) != std::string::npos;) text.replace(at, 3, "-");
    return text;
}

// A number of dice, faces or a bound, with where it was typed and what it
// is in the message: "the target 'd0x': the number of faces '0x' is ...".
inline rp::count_t count_in(const std::string& digits, const std::string& what, const std::string& where, const std::string& typed) {
    const std::string at = "rollplan: " + where + " '" + shown(typed) + "': " + what + " ";
    if (!all_digits(digits)) throw bad_input(at + "'" + shown(digits) + "' is not a whole number");
    const std::optional<rp::count_t> value = parse_count(digits);
    if (!value) throw bad_input(at + shown(digits) + " is more than " + largest_count + ", the largest rollplan takes");
    return *value;
}

// NdS+M as typed: count dice of faces faces, plus modifier (one die, no
// modifier for dS; d% is a d100; coin a die of 2 faces).
struct dice_term {
    rp::count_t count = 1, faces = 0;
    rp::detail::int128 modifier = 0;
    bool percent = false, coin = false;
};

inline constexpr rp::count_t max_modifier = 1000000;

// Whether text looks like dice (a d after the count, if any), so that it is
// read as dice and nothing else: "2d6", "d6+1", "D20", "d%", "coin".
inline bool looks_like_dice(const std::string& text) {
    const std::string t = lower_case(text);
    if (t == "coin") return true;
    const std::size_t d = t.find('d');
    return d != std::string::npos && t.find_first_not_of("0123456789 ") >= d;
}

// One dice term: "d6", "1d29", "3d6+2", "2d6 - 1", "d%", "coin"; what
// names it in messages ("the target", "--with").
inline dice_term read_dice(const std::string& typed, const std::string& what) {
    const std::string text = lower_case(ascii_minus(trimmed(typed)));
    dice_term term;
    if (text == "coin") {
        term.faces = 2;
        term.coin = true;
        return term;
    }
    const std::size_t d = text.find('d');
    const std::string count = trimmed(text.substr(0, d));
    if (!count.empty()) term.count = count_in(count, "the number of dice", what, typed);
    if (term.count == 0) throw bad_input("rollplan: " + what + " '" + shown(typed) + "' rolls no dice; write 1d6 or 2d6");
    std::string rest = text.substr(d + 1);
    const std::size_t sign = rest.find_first_of("+-");
    const std::string faces = trimmed(rest.substr(0, sign));
    if (faces == "%") {
        term.faces = 100;
        term.percent = true;
    } else {
        if (faces.empty()) throw bad_input("rollplan: " + what + " '" + shown(typed) + "' has no number of faces after the d; write it like d6");
        term.faces = count_in(faces, "the number of faces", what, typed);
        if (term.faces < 2)
            throw bad_input("rollplan: " + what + " '" + shown(typed) + "': a die has at least 2 faces, so there is something to choose");
    }
    if (sign != std::string::npos) {
        const std::string number = trimmed(rest.substr(sign + 1));
        if (number.empty()) throw bad_input("rollplan: " + what + " '" + shown(typed) + "' ends in '" + rest[sign] + "'; write 2d6+3");
        if (number.find_first_of("+-") == 0)
            throw bad_input("rollplan: " + what + " '" + shown(typed) + "' has two signs, '" + rest[sign] + number[0] +
                            "'; write one, like 2d6+3 or 2d6-1");
        if (!all_digits(number)) count_in(number, "the number added", what, typed);  // says it is no whole number
        // past 20 digits it is no count, and past max_modifier either way
        const rp::count_t m = parse_count(number).value_or(max_modifier + 1);
        if (m > max_modifier)
            throw bad_input("rollplan: " + what + " '" + shown(typed) + "': the number added is at most " + rp::to_string(max_modifier));
        term.modifier = rest[sign] == '-' ? -static_cast<rp::detail::int128>(m) : static_cast<rp::detail::int128>(m);
    }
    return term;
}

// What a target is written as.
struct target_notation {
    enum kind_t { dice, range } kind = dice;
    dice_term term;               // for dice: a die (count 1), a sum, with its modifier
    rp::count_t first = 0, last = 0;  // for a range A-B
};

// The target: dice notation, a range A-B, or a bare number S (dS).
inline target_notation read_target(const std::string& typed) {
    const std::string text = trimmed(ascii_minus(typed));
    target_notation t;
    if (text.empty()) throw bad_input("rollplan: the target is empty; write d29, 2d6+3, d%, 1-100 or coin");
    if (looks_like_dice(text)) {
        t.term = read_dice(text, "the target");
        if (t.term.count > 1 && t.term.percent)
            throw bad_input("rollplan: the target '" + shown(typed) + "': d% is one number from 1 to 100; write 2d100 for a sum");
        return t;
    }
    const std::size_t dash = text.find('-', 1);
    if (dash != std::string::npos) {
        t.kind = target_notation::range;
        const std::string a = trimmed(text.substr(0, dash)), b = trimmed(text.substr(dash + 1));
        if (!all_digits(a) || !all_digits(b))
            throw bad_input("rollplan: the target '" + shown(typed) + "' is not a range; write it as A-B with whole numbers, like 1-100");
        t.first = count_in(a, "the first number", "the target", typed);
        t.last = count_in(b, "the last number", "the target", typed);
        if (t.last <= t.first)
            throw bad_input("rollplan: the target '" + shown(typed) + "': the range needs its first number below its last, like 1-100");
        if (t.first == 0 && t.last == rp::max_target)
            throw bad_input("rollplan: the target '" + shown(typed) + "' holds more numbers than rollplan counts (at most " + largest_count + ")");
        return t;
    }
    if (!all_digits(text))
        throw bad_input("rollplan: the target '" + shown(typed) + "' is not dice, a range or a number; write d29, 2d6+3, d%, 1-100 or coin");
    t.term.faces = count_in(text, "the number of faces", "the target", typed);
    if (t.term.faces < 2)
        throw bad_input("rollplan: the target '" + shown(typed) + "': a die has at least 2 faces, so there is something to choose");
    return t;
}

// The kinds of dice held ("2d10, d6": a d10 and a d6), in the order first
// named: the plans roll each kind as often as they need, so two d10s are the
// kind d10, and a die named again is the kind already held.
inline std::vector<rp::count_t> read_held(const std::string& text) {
    std::vector<rp::count_t> held;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string one = trimmed(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (one.empty()) throw bad_input("rollplan: --with '" + shown(text) + "' names no die; write --with d6 or --with d6,d10");
        // "2 d10" is two d10s, as in the target; "d6 d10" two dice with no comma
        const std::size_t space = one.find_first_of(" \t");
        const bool counted = space != std::string::npos && all_digits(one.substr(0, space)) &&
                             trimmed(one.substr(space)).find_first_of(" \t") == std::string::npos;
        if (!counted && space != std::string::npos && looks_like_dice(one.substr(one.find_last_of(" \t") + 1)))
            throw bad_input("rollplan: --with '" + shown(one) + "': separate the dice with commas, like d6, d10");
        dice_term die;
        if (looks_like_dice(one))
            die = read_dice(one, "--with");
        else if (all_digits(one))
            die.faces = count_in(one, "the number of faces", "--with", one);
        else
            throw bad_input("rollplan: --with '" + shown(one) + "' is not a die; write d and its number of faces, like d6, or 2d10 for two");
        if (die.faces < 2) throw bad_input("rollplan: --with '" + shown(one) + "': a die has at least 2 faces");
        if (die.modifier != 0) throw bad_input("rollplan: --with '" + shown(one) + "': the dice held take no + or -; write them like 2d10");
        if (std::find(held.begin(), held.end(), die.faces) == held.end()) held.push_back(die.faces);
        if (comma == std::string::npos) return held;
        start = comma + 1;
    }
}

// One entry of a table: a name and its weight (named: false for a bare weight,
// which is named by its place, from 1).
struct table_entry {
    std::string name;
    rp::count_t weight = 0;
    bool named = false;
};

// A table: entries separated by commas or new lines, each "name: weight",
// "name=weight" or a bare weight; empty lines are skipped.
inline std::vector<table_entry> read_table(const std::string& text) {
    const std::string usage = "; write goblin: 3, orc: 2, dragon: 1 (or goblin=3) or weights 3, 2, 1";
    std::vector<table_entry> entries;
    char before = 0;  // the separator before this entry: none, ',' or '\n'
    for (std::size_t start = 0;;) {
        const std::size_t end = text.find_first_of(",\n", start);
        const std::string item = trimmed(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        const bool last = end == std::string::npos;
        const char after = last ? 0 : text[end];
        if (item.empty() && before == ',' && after == ',')  // a blank line, a comma at a line's end: skipped
            throw bad_input("rollplan: the table '" + shown(text) + "': an empty entry between commas" + usage);
        if (!item.empty()) {
            table_entry e;
            const std::size_t mark = item.find_last_of(":=");
            e.named = mark != std::string::npos;
            e.name = e.named ? trimmed(item.substr(0, mark)) : std::to_string(entries.size() + 1);
            std::string number = ascii_minus(e.named ? trimmed(item.substr(mark + 1)) : item);
            if (e.named && e.name.empty()) throw bad_input("rollplan: the table: '" + shown(item) + "' has no name before '" + item[mark] + "'");
            if (has_control(e.name))
                throw bad_input("rollplan: the table: the name '" + shown(e.name) + "' holds a control character; names are text to show");
            if (!number.empty() && number[0] == '-') throw bad_input("rollplan: the table: the weight '" + shown(number) + "' is negative");
            if (!all_digits(number))
                throw bad_input("rollplan: the table: '" + shown(number) + "' is not a weight (a whole number, like 3)" + (e.named ? "" : usage));
            const std::optional<rp::count_t> weight = parse_count(number);
            if (!weight) throw bad_input("rollplan: the table: the weight " + shown(number) + " is more than " + largest_count);
            e.weight = *weight;
            if (!entries.empty() && entries.front().named != e.named)
                throw bad_input("rollplan: the table '" + shown(text) + "': give every weight a name (goblin: 3) or none");
            for (const table_entry& seen : entries)
                if (e.named && seen.name == e.name) throw bad_input("rollplan: the table: the name '" + shown(e.name) + "' is given twice");
            entries.push_back(e);
        }
        if (last) {
            if (entries.empty()) throw bad_input("rollplan: the table gives no weight" + usage);
            return entries;
        }
        before = after;
        start = end + 1;
    }
}

}  // namespace rollplan_command
