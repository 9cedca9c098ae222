// web/rollplan_web.cpp: the rollplan command's answers for the web page,
// compiled to WebAssembly by emscripten (scripts/web.sh). The page's
// JavaScript calls three functions, each taking the page's fields as text
// and returning one JSON object (valid until the next call):
//
//   rollplan_plan(target, table, dice, strategy, count)
//       the plan's steps, expected rolls, tail, 99% line and chart, the
//       strategies compared, and for count > 1 what the numbers cost;
//   rollplan_sitting(target, table, dice, strategy, count, faces)
//       a sitting replayed from the faces given so far: its results, the
//       die to roll next (or none, when it is over), and the values the
//       steps carry so far ("A = 2 and B = 6", as the sitting tells the roll);
//   rollplan_face(typed, faces, read)
//       a face typed for a die (read "tens", "units", "hundreds" or "tens digit" for percentile dice),
//       read as the command reads it.
//
// Every word and figure comes from the command's own code (cli/notation.hpp,
// cli/request.hpp, cli/words.hpp, cli/sitting.hpp) over the library, so the
// page says what `rollplan` says. Bad input is {"error": "..."} with the
// command's message. The page's own additions are its address (address())
// and each result's chance (words.hpp's chance_rows).
#include "../cli/request.hpp"
#include "../cli/sitting.hpp"
#include "../cli/words.hpp"

#include <emscripten.h>

#include <cctype>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

namespace {

using namespace rollplan_command;

std::string json_string(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    static const char hex[] = "0123456789abcdef";
                    out += "\\u00";
                    out += hex[(c >> 4) & 0xf];
                    out += hex[c & 0xf];
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

std::string json_strings(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + json_string(items[i]);
    return out + "]";
}

// A JSON object written field by field; values are JSON already.
class json_object {
public:
    json_object& add(const std::string& key, const std::string& value) {
        text_ += (text_.size() > 1 ? "," : "") + json_string(key) + ":" + value;
        return *this;
    }
    std::string done() const { return text_ + "}"; }

private:
    std::string text_ = "{";
};

// The command's messages name its options; the page names its fields.
std::string for_the_page(std::string message) {
    const std::pair<std::string, std::string> words[] = {
        {"rollplan: ", ""},
        {"--interactive --count rolls", "A sitting of several numbers rolls"},
        {"write --with d6 or --with d6,d10", "tick a die or type one, like d6 or d6, d10"},
        {"--with ", "The dice held: "},
    };
    for (const auto& [from, to] : words)
        for (std::size_t at = message.find(from); at != std::string::npos; at = message.find(from, at + to.size()))
            message.replace(at, from.size(), to);
    if (!message.empty()) message[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(message[0])));
    return message;
}

std::string error_reply(const std::exception& e) {
    return json_object{}.add("error", json_string(for_the_page(e.what()))).done();
}

// What the page's fields ask for: a target or a table, the dice held, the
// strategy, and how many numbers (1: one plan; more: one pool).
struct request {
    target what;
    rp::dice_faces dice;
    std::string strategy;
    std::uint64_t count = 0;  // as the command's --count: 0 for one number
    std::string target_text, table, dice_text, strategy_asked;  // as typed, for the address
};

request read_request(const char* target_text, const char* table, const char* dice, const char* strategy, const char* count) {
    request r;
    const bool has_table = !trimmed(table).empty();
    if (!has_table && trimmed(target_text).empty())
        throw bad_input("rollplan: say what you want: a die like d29, a range like 1-100, coin, 2d6, or a table");
    if (trimmed(dice).empty()) throw bad_input("rollplan: tick the dice you hold, or type them, like d6 or d6, d10");
    r.what = parse_target(target_text, has_table, trimmed(table));
    r.dice = parse_dice_set(dice);
    r.target_text = trimmed(target_text);
    r.table = has_table ? trimmed(table) : "";
    r.dice_text = trimmed(dice);
    r.strategy_asked = strategy;
    r.strategy = strategy;
    if (!r.strategy.empty() && r.strategy != "add" && r.strategy != "digits" && r.strategy != "smooth" && r.strategy != "cheapest" &&
        r.strategy != "optimal")
        throw bad_input("rollplan: the strategy '" + shown(r.strategy) + "' is none of add, digits, smooth, cheapest and optimal");
    r.strategy = r.what.strategy_for(r.dice, r.strategy);
    const std::optional<rp::count_t> numbers = parse_count(trimmed(count));
    if (!numbers || *numbers < 1 || *numbers > rp::max_pool_cost_count)
        throw bad_input("rollplan: how many numbers: '" + shown(count) + "' is not a whole number from 1 to " +
                        rp::to_string(rp::max_pool_cost_count));
    r.count = *numbers == 1 ? 0 : static_cast<std::uint64_t>(*numbers);
    return r;
}

// The chance of needing more than k rolls, k = 1, 2, …: the chart's bars,
// as far as 99.9% of the sittings are done (at most 30 bars), while the
// library can count it exactly.
std::string tail_chart(const rp::plan_description& d) {
    std::string bars = "[";
    for (std::size_t k = 1; k <= 30; ++k) {
        double p = 0;
        try {
            p = rp::tail_probability(d, k).to_double();
        } catch (const std::exception&) {
            break;
        }
        bars += (k > 1 ? "," : "") + decimal(p, 6);
        if (p < 0.001) break;
    }
    return bars + "]";
}

// The page's address for a request, ?target=…&with=… (or table=…), with
// strategy= and count= when not the usual: what the page reads back.
std::string address(const request& r) {
    auto escaped = [](const std::string& text) {
        static const char hex[] = "0123456789ABCDEF";
        std::string out;
        for (const char byte : text) {
            const auto c = static_cast<unsigned char>(byte);
            if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == '%' || c == ',')
                out += c == '%' ? std::string("%25") : std::string(1, static_cast<char>(c));
            else
                out += std::string("%") + hex[c >> 4] + hex[c & 15];
        }
        return out;
    };
    std::string query = r.table.empty() ? "?target=" + escaped(r.target_text) : "?table=" + escaped(r.table);  // lines as %0A
    query += "&with=" + escaped(r.dice_text);
    if (!r.strategy_asked.empty()) query += "&strategy=" + escaped(r.strategy_asked);
    if (r.count != 0) query += "&count=" + std::to_string(r.count);
    return query;
}

std::string reply;  // the last answer, read by the page before its next call

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* rollplan_plan(const char* target_text, const char* table, const char* dice, const char* strategy,
                                               const char* count) {
    try {
        const request r = read_request(target_text, table, dice, strategy, count);
        const rp::plan_description d = r.what.plan(r.dice, r.strategy);
        std::vector<std::string> tails = tail_texts(d, 2, 4);
        for (std::size_t k = 2; k <= 4; ++k) tails[k - 2] = "Chance of needing more than " + std::to_string(k) + " rolls: " + tails[k - 2];
        std::string compare = "[";
        for (const std::vector<std::string>& row : comparison_rows(r.what, r.dice)) compare += (compare.size() > 1 ? "," : "") + json_strings(row);
        json_object answer;
        answer.add("title", json_string(r.what.title(r.dice)))
            .add("steps", json_string(r.what.steps(d, r.strategy, r.dice)))
            .add("expected", json_string("Expected rolls: " + expected_text(d)))
            .add("tails", json_strings(tails))
            .add("enough", json_string("99% of the time it is done within " + enough_text(d, r.strategy) + "."))
            .add("offer", json_string(lookup_offer(r.what, r.dice, r.strategy)))
            .add("plan", json_string("The plan (strategy " + r.strategy + "), as the rollplan library spells it: " + plan_line(d, r.strategy)))
            .add("chart", tail_chart(d))
            .add("compare", compare + "]")
            .add("chances", [&] {
                std::string rows = "[";
                for (const std::vector<std::string>& row : chance_rows(r.what)) rows += (rows.size() > 1 ? "," : "") + json_strings(row);
                return rows + "]";
            }())
            .add("address", json_string(address(r)));
        if (r.count != 0) answer.add("count", json_string(count_text(r.what, r.dice, r.count, d)));
        reply = answer.done();
    } catch (const std::exception& e) {
        reply = error_reply(e);
    }
    return reply.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* rollplan_sitting(const char* target_text, const char* table, const char* dice, const char* strategy,
                                                  const char* count, const char* faces_text) {
    // Thrown by the replayed roll when the faces given so far run out: the
    // sitting waits for a roll of this die.
    struct out_of_faces {
        die_roll roll;
    };
    try {
        const request r = read_request(target_text, table, dice, strategy, count);
        std::vector<rp::count_t> faces;
        for (std::string rest = faces_text; !trimmed(rest).empty();) {
            const std::size_t comma = rest.find(',');
            faces.push_back(parse_count(trimmed(rest.substr(0, comma))).value_or(0));
            rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
        }
        std::size_t used = 0;
        auto roll = [&](die_roll die) -> std::uint64_t {
            if (used == faces.size()) throw out_of_faces{die};
            const rp::count_t face = faces[used++];
            if (face < 1 || face > die.faces) throw bad_input("rollplan: " + not_a_face(rp::to_string(face), die));
            return static_cast<std::uint64_t>(face - 1);
        };
        std::string title;
        std::vector<std::string> results;
        auto begin = [&](const std::string& text) { title = text; };
        auto result = [&](const std::string& text) { results.push_back(text); };
        json_object answer;
        try {
            sitting(r.what, r.dice, r.strategy, r.count, roll, begin, result);
            if (used != faces.size()) throw bad_input("rollplan: the sitting is over; " + std::to_string(faces.size() - used) + " faces too many");
            answer.add("next", "null");
            if (r.count != 0) answer.add("cost", json_string(sitting_cost_text(r.what, r.dice, r.strategy, r.count, used)));
        } catch (const out_of_faces& wait) {
            const die_roll die = wait.roll;
            std::vector<std::string> labels;  // a button per face, up to a d100's
            for (rp::count_t face = 1; die.faces <= 100 && face <= die.faces; ++face) labels.push_back(face_label(die, face));
            answer.add("next", json_object{}
                                   .add("faces", json_string(rp::to_string(die.faces)))
                                   .add("read", json_string(die.read == reading::tens       ? "tens"
                                                            : die.read == reading::units    ? "units"
                                                            : die.read == reading::hundreds ? "hundreds"
                                                            : die.read == reading::tens_digit ? "tens digit"
                                                                                            : ""))
                                   .add("prompt", json_string(die.faces == 2 ? "Toss the coin" : "Roll " + roll_noun(die)))
                                   .add("words", json_string(face_words(die)))
                                   .add("labels", json_strings(labels))
                                   .done());
            answer.add("carried", json_string(die.carried));
        }
        reply = answer.add("title", json_string(title)).add("results", json_strings(results)).add("rolls", std::to_string(used)).done();
    } catch (const std::exception& e) {
        reply = error_reply(e);
    }
    return reply.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* rollplan_face(const char* typed, const char* faces_text, const char* read) {
    try {
        const die_roll die{parse_count(faces_text).value_or(0),
                           std::string(read) == "tens"       ? reading::tens
                           : std::string(read) == "units"    ? reading::units
                           : std::string(read) == "hundreds" ? reading::hundreds
                           : std::string(read) == "tens digit" ? reading::tens_digit
                                                             : reading::as_labelled};
        const std::string text = trimmed(typed);
        const std::optional<rp::count_t> face = die.faces < 2 ? std::nullopt : parse_face(text, die);
        if (!face) throw bad_input("rollplan: " + not_a_face(text, die));
        reply = json_object{}.add("face", json_string(rp::to_string(*face))).done();
    } catch (const std::exception& e) {
        reply = error_reply(e);
    }
    return reply.c_str();
}

}  // extern "C"
