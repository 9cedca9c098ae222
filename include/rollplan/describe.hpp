// rollplan/describe.hpp: plans in words, for people and for printing.
//
// plan_name spells a plan as its C++ type; describe writes numbered steps a
// person holding the die can follow, with faces numbered from 1. Both read
// the plan_description, so they serve plans made at run time too.
#pragma once

#include "detail/config.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "description.hpp"
#include "plan.hpp"
#include "rational.hpp"
#include "detail/uniform_state.hpp"
#include "detail/weights.hpp"

namespace rollplan {

inline std::string die_name(count_t faces) {
    switch (static_cast<int>(faces > 20 ? 0 : faces)) {
        case 2: return "coin";
        case 4: case 6: case 8: case 10: case 12: case 20: return std::string("d").append(to_string(faces));
        default: return std::string("die<").append(to_string(faces)).append(">");
    }
}

namespace detail {
// "an 18-sided die", "an 8000-sided die", "a 180-sided die": eight, eleven
// and eighteen (also as thousands, millions, …) begin with a vowel sound.
inline bool spoken_with_vowel(const std::string& number) {
    if (number[0] == '8') return true;
    const bool eleven_or_eighteen = number.rfind("11", 0) == 0 || number.rfind("18", 0) == 0;
    return eleven_or_eighteen && number.size() % 3 == 2;
}
}  // namespace detail

// A die in words: "coin", "d6", "18-sided die" (die_noun), and with its
// article, "a d6", "an 18-sided die" (die_with_article).
inline std::string die_noun(count_t faces) {
    const std::string name = die_name(faces);
    return name.rfind("die<", 0) == 0 ? to_string(faces) + "-sided die" : name;
}
inline std::string die_with_article(count_t faces) {
    const std::string noun = die_noun(faces);
    const bool numeral = noun[0] >= '0' && noun[0] <= '9';
    return (numeral && detail::spoken_with_vowel(to_string(faces)) ? "an " : "a ") + noun;
}

namespace detail {

inline std::string name_of_node(const plan_description& d, const plan_node& node) {
    switch (node.kind) {
        case node_kind::roll:
            return "roll<" + die_name(node.outcomes) + ">";
        case node_kind::mixed_radix: {
            std::string s = "mixed_radix<";
            for (std::size_t i = 0; i < node.children; ++i) s += (i ? ", " : "") + name_of_node(d, d.child(node, i));
            return s + ">";
        }
        case node_kind::fold:
            return "fold<" + name_of_node(d, d.child(node)) + ", " + to_string(node.outcomes) + ">";
        case node_kind::reject:
            return "reject<" + name_of_node(d, d.child(node)) + ", " + to_string(node.outcomes) + ">";
        case node_kind::recycle:
            return "recycle<" + name_of_node(d, d.child(node)) + ", " + to_string(node.outcomes) + ">";
        case node_kind::scale:
            return "scale<" + name_of_node(d, d.child(node)) + ", " + to_string(node.outcomes) + ">";
        case node_kind::recycle_set: {
            std::string s = "recycle_set<dice_set<";
            for (std::size_t i = 0; i < node.children; ++i) s += (i ? ", " : "") + die_name(d.child(node, i).outcomes);
            return s + ">, " + to_string(node.outcomes) + ">";
        }
        case node_kind::cut:
        case node_kind::knuth_yao: {
            std::string s = node.kind == node_kind::cut ? "cut<" : "knuth_yao<";
            s += name_of_node(d, d.child(node));
            for (std::size_t i = 1; i < node.children; ++i) s += ", " + to_string(d.child(node, i).outcomes);
            return s + ">";
        }
        case node_kind::weight:
            break;
    }
    return "?";
}

// The rows of a Knuth–Yao table as describe lists them: row k's share
// K^(k−1) mod W, up to 17 rows (16 are listed, more are given by their
// rule), and the row that follows the last (from 1; 0 when the table ends).
struct knuth_yao_table_rows {
    std::vector<count_t> shares;
    std::size_t repeat_from = 0;
    bool listed() const { return shares.size() <= 16; }
};
inline knuth_yao_table_rows table_rows(count_t faces, count_t total) {
    knuth_yao_table_rows rows;
    for (count_t share = 1; share != 0 && rows.shares.size() <= 16;) {
        for (std::size_t j = 0; j < rows.shares.size() && rows.repeat_from == 0; ++j)
            if (rows.shares[j] == share) rows.repeat_from = j + 1;
        if (rows.repeat_from != 0) break;
        rows.shares.push_back(share);
        share = next_residue(share, faces, total);
    }
    return rows;
}

// Builds the steps: each node's value gets a letter, computed by the steps
// written before it.
class instructions {
public:
    explicit instructions(const plan_description& d, std::vector<std::string> names = {}) : d_(d), names_(std::move(names)) {
        if (!names_.empty() && (!d.is_loaded() || names_.size() != d.weight_count()))
            fail<std::invalid_argument>("rollplan: describe(plan, names) needs a loaded plan and one name per outcome",
                                        "names", names_.size());
    }

    std::string text() {
        if (d_.is_loaded()) return loaded_text();
        const count_t n = d_.outcomes();
        if (n == 1) return "There is only one outcome: your number is 1. No roll is needed.\n";
        std::string result = "To pick a number from 1 to " + to_string(n) + " with " + dice_phrase() + ":\n";
        if (!lookup_steps()) {
            const std::string value = compute(d_.root());
            steps_.push_back("Your number is " + value + " + 1.");
        }
        return result + numbered_steps();
    }

private:
    std::string numbered_steps() const {
        std::string result;
        for (std::size_t i = 0; i < steps_.size(); ++i) result += std::to_string(i + 1) + ". " + steps_[i] + "\n";
        return result;
    }

    // Outcomes are numbered from 1, as faces are, or called by their names.
    std::string outcome(std::size_t i) const { return names_.empty() ? "outcome " + std::to_string(i + 1) : names_[i]; }
    std::string outcome_value(std::size_t i) const { return names_.empty() ? std::to_string(i + 1) : names_[i]; }

    std::string loaded_text() {
        const plan_node& root = d_.root();
        const std::size_t n = d_.weight_count();
        std::string weights;
        for (std::size_t i = 0; i < n; ++i) weights += (i ? ", " : "") + to_string(d_.weight(i));
        const std::size_t certain = certain_outcome(n, d_.total_weight(), [&](std::size_t i) { return d_.weight(i); });
        if (certain != n)
            return "Of " + std::to_string(n) + " outcomes with weights " + weights + ", only " + outcome(certain) +
                   " has a weight: it is yours. No roll is needed.\n";
        std::string result;
        if (names_.empty()) {
            result = "To pick one of " + std::to_string(n) + " outcomes, numbered from 1, with weights " + weights +
                     " (outcome i comes with probability weight i ÷ " + to_string(d_.total_weight()) + "), with " +
                     dice_phrase() + ":\n";
        } else {
            std::string named;
            for (std::size_t i = 0; i < n; ++i) named += (i ? ", " : "") + names_[i] + " (" + to_string(d_.weight(i)) + ")";
            result = "To pick one of " + named + ", each with probability its weight ÷ " + to_string(d_.total_weight()) +
                     ", with " + dice_phrase() + ":\n";
        }
        if (root.kind == node_kind::cut)
            cut_steps(root);
        else
            return result + knuth_yao_steps(root);
        return result + numbered_steps();
    }

    // A plan that reads one die of at least N faces (a roll; a fold, reject
    // or Knuth–Yao loop of a roll) opens with a lookup of its faces, with no
    // letter: "Roll the 30-sided die: the face is your number. On a 30, roll
    // again." The faces left over by a Knuth–Yao loop carry a number on, and
    // only then are there letters: "On 15 to 20, go on with A = face − 15
    // (0 to 5) and B = 6, at step 2." False, with no step written, for any
    // other plan.
    bool lookup_steps() {
        const plan_node& root = d_.root();
        const bool read_once = root.kind == node_kind::reject || root.kind == node_kind::fold || root.kind == node_kind::recycle;
        if (root.kind != node_kind::roll && !(read_once && d_.child(root).kind == node_kind::roll)) return false;
        const count_t n = root.outcomes, faces = root.kind == node_kind::roll ? n : d_.child(root).outcomes;
        if (faces < n) return false;  // the loop's first roll decides nothing
        const count_t kept = faces / n * n, left = faces - kept;
        std::string step = roll_verb(faces) + ": " + numbers_of_faces(faces, n, kept) + ".";
        const std::string past = left == 1 ? on_face(faces)
                                           : "On " + to_string(kept + 1) + (left == 2 ? " or " : " to ") + to_string(faces);
        if (left != 0 && root.kind == node_kind::reject) step += " " + past + ", roll again.";
        steps_.push_back(step);
        if (left == 0 || root.kind == node_kind::reject) return true;
        // the Knuth–Yao loop: faces kept + 1 to K go on with X = face − kept − 1 uniform on [0, left)
        const std::string x = next_letter(), r = next_letter(), t = next_letter(), m = to_string(n), k = to_string(faces);
        steps_.back() += " " + past + ", go on with " + x + " = " +
                         (left == 1 ? "0" : "face − " + to_string(kept + 1) + " (" + range(left) + ")") + " and " + r +
                         " = " + to_string(left) + ", at step 2.";
        steps_.push_back(roll_verb(faces) + ": " + x + " = " + x + " × " + k + " + face − 1 and " + r + " = " + r + " × " + k +
                         ". Repeat this step until " + r + " is " + m + " or more.");
        steps_.push_back("Your number is " + recycle_ending(x, r, t, m, 2) + " + 1.");
        return true;
    }

    // The number that faces 1 to `kept` of one roll give, (face − 1) mod N +
    // 1, in words: "the face is your number"; "your number is the face on
    // 1–7, the face − 7 on 8–14"; "your number is 1 on faces 1, 3, 5; 2 on
    // faces 2, 4, 6"; for many faces, the remainder.
    static std::string numbers_of_faces(count_t faces, count_t n, count_t kept) {
        if (faces == 2) return "heads is 1, tails is 2";
        const count_t times = kept / n;  // faces per number
        if (times == 1) return "the face is your number";
        std::string s = "your number is ";
        if ((n <= 3 || times > 3) && kept <= 20) {  // so n ≤ 5: 4 × 6 > 20
            for (count_t r = 1; r <= n; ++r) {
                s += (r == 1 ? "" : "; ") + to_string(r) + " on faces ";
                for (count_t f = r; f <= kept; f += n) s += (f == r ? "" : ", ") + to_string(f);
            }
            return s;
        }
        if (times > 3) return s + "the remainder of the face divided by " + to_string(n) + " (" + to_string(n) + " for a remainder of 0)";
        for (count_t j = 0; j < times; ++j)
            s += (j == 0 ? "the face" : j + 1 == times ? " and the face − " + to_string(j * n) : ", the face − " + to_string(j * n)) +
                 " on " + to_string(j * n + 1) + "–" + to_string(j * n + n);
        return s;
    }

    // "1–10 goblin, 11–16 orc, 17–19 dragon": the faces of one roll, from
    // face 1 on, that give each outcome its number of faces in a row.
    std::string face_ranges(const std::vector<count_t>& faces_of) const {
        std::string list;
        count_t first = 1;
        for (std::size_t i = 0; i < faces_of.size(); ++i) {
            if (faces_of[i] == 0) continue;
            const count_t last = first + faces_of[i] - 1;
            list += (list.empty() ? "" : ", ") + to_string(first) + (last == first ? "" : "–" + to_string(last)) + " " + outcome(i);
            first = last + 1;
        }
        return list;
    }

    // Uniform, then cut: a value V from 0 to W − 1, and the outcome whose
    // stretch of W holds it. One roll of a die of W faces (three or more) is
    // a lookup of its faces: "Roll the d6: 1–3 goblin, 4–5 orc, 6 dragon."
    void cut_steps(const plan_node& node) {
        if (const plan_node& child = d_.child(node); child.kind == node_kind::roll && child.outcomes >= 3) {
            std::vector<count_t> faces_of;
            for (std::size_t i = 0; i < d_.weight_count(); ++i) faces_of.push_back(d_.weight(i));
            steps_.push_back(roll_verb(child.outcomes) + ": " + face_ranges(faces_of) + ".");
            return;
        }
        const std::string v = compute(d_.child(node));
        std::string choice;
        count_t begin = 0;
        for (std::size_t i = 0; i < d_.weight_count(); ++i) {
            const count_t weight = d_.weight(i);
            if (weight == 0) continue;
            const count_t last = begin + weight - 1;
            const std::string values = weight == 1 ? "is " + to_string(begin)
                                       : weight == 2 ? "is " + to_string(begin) + " or " + to_string(last)
                                                     : "is " + to_string(begin) + " to " + to_string(last);
            choice += (choice.empty() ? "" : "; ") + outcome_value(i) + " if " + v + " " + values;
            begin = last + 1;
        }
        steps_.push_back("Your outcome is " + choice + ".");
    }

    // The Knuth–Yao tree as a table: row k gives each outcome's leaves at
    // depth k (knuth_yao_leaves). The rows repeat with K^(k−1) mod W; up to
    // 16 distinct rows are listed, else the rule that makes them. When the
    // first roll of a die (three faces or more) decides at least half the
    // time, row 1 is read as a lookup of its faces ("Roll the d20: 1–10
    // goblin, 11–16 orc, 17–19 dragon"), and only the faces left over start
    // the table, at row 2, with the number they carry.
    std::string knuth_yao_steps(const plan_node& node) {
        const count_t faces = d_.child(node).outcomes, total = d_.total_weight();
        const std::size_t n = d_.weight_count();
        const knuth_yao_table_rows rows = table_rows(faces, total);
        const bool listed = rows.listed();
        std::vector<count_t> shares = rows.shares;
        const std::size_t repeat_from = rows.repeat_from;
        const std::string x = next_letter(), k = to_string(faces), w = to_string(total);
        std::vector<count_t> first_row;  // each outcome's faces of the first roll
        count_t decided = 0;
        for (std::size_t i = 0; i < n; ++i) decided += first_row.emplace_back(knuth_yao_leaves(1, d_.weight(i), total, faces));
        const bool lookup = d_.child(node).kind == node_kind::roll && faces >= 3 && 2 * decided >= faces;
        if (lookup) {
            // faces decided + 1 to K go on, carrying face − decided − 1 (0 to K − decided − 1), to the row
            // after row 1: row 2, or row 1 again when K mod W is 1 and the table is that one row
            const std::string rest = faces == decided + 1
                                         ? on_face(faces) + ", go on with " + x + " = 0"
                                         : "On " + to_string(decided + 1) + (faces == decided + 2 ? " or " : " to ") + k +
                                               ", go on with " + x + " = face − " +
                                               to_string(decided + 1) + " (" + range(faces - decided) + ")";
            steps_.push_back(roll_verb(faces) + ": " + face_ranges(first_row) + "." +
                             (decided == faces ? ""
                                               : " " + rest + ", at row " + (shares.size() >= 2 ? "2" : "1") + " of the table below."));
            if (decided == faces) return numbered_steps();
        } else {
            steps_.push_back("Start with " + x + " = 0, at row 1 of the table below.");
        }
        steps_.push_back(roll_verb(faces) + ": " + x + " = " + x + " × " + k + " + face − 1.");
        steps_.push_back("Go along the row, outcome by outcome (an outcome not in the row has 0): if " + x +
                         " is below the outcome's number in the row, that outcome is yours, and you are done; "
                         "otherwise take the number from " + x + ". At the end of the row, go down to the next row " +
                         (listed && repeat_from != 0 ? "(after row " + std::to_string(shares.size()) + ", row " +
                                                           std::to_string(repeat_from) + " again) "
                                                     : "") +
                         "and back to step 2.");
        std::string table = numbered_steps();
        // row 1 is the first roll's lookup, listed only when the rows come back to it (K^k mod W = 1)
        const bool first_listed = !lookup || repeat_from == 1;
        if (!first_listed) shares.erase(shares.begin());
        if (!listed) {
            return table + "Row r gives outcome i the number ⌊" + k + " × (" + k + "^(r−1) × weight i mod " + w + ") ÷ " + w +
                   "⌋ (an outcome of weight 0 has 0 in every row).\n";
        }
        for (std::size_t row = 0; row < shares.size(); ++row) {
            std::string entries;
            for (std::size_t i = 0; i < n; ++i)
                if (const count_t leaves = knuth_yao_leaves(shares[row], d_.weight(i), total, faces); leaves != 0)
                    entries += (entries.empty() ? " " : ", ") + outcome(i) + ": " + to_string(leaves);
            table += "Row " + std::to_string(row + (first_listed ? 1 : 2)) + ":" +
                     (entries.empty() ? " no outcome (roll again)" : entries) + ".\n";
        }
        return table;
    }

    static std::string die_phrase(count_t faces, bool article_a) {
        if (faces == 2) return article_a ? "a coin (heads is face 1, tails face 2)" : "the coin";
        return article_a ? die_with_article(faces) : "the " + die_noun(faces);
    }
    // The dice the plan rolls, in the order they first appear: "a d6 and a d10".
    void collect_dice(const plan_node& node, std::vector<count_t>& dice) const {
        if (node.kind == node_kind::roll) {
            for (count_t k : dice)
                if (k == node.outcomes) return;
            dice.push_back(node.outcomes);
            return;
        }
        for (std::size_t i = 0; i < node.children; ++i) collect_dice(d_.child(node, i), dice);
    }
    std::string dice_phrase() const {
        std::vector<count_t> dice;
        collect_dice(d_.root(), dice);
        std::string phrase;
        for (std::size_t i = 0; i < dice.size(); ++i)
            phrase += (i == 0 ? "" : i + 1 == dice.size() ? " and " : ", ") + die_phrase(dice[i], true);
        return phrase;
    }
    // "On a 20", "On an 8", "On an 11": one face, with the article it is spoken with.
    static std::string on_face(count_t face) {
        return (detail::spoken_with_vowel(to_string(face)) ? "On an " : "On a ") + to_string(face);
    }
    static std::string roll_verb(count_t faces) {
        return faces == 2 ? "Toss " + die_phrase(faces, false) : "Roll " + die_phrase(faces, false);
    }
    std::string next_letter() {
        std::string s(1, static_cast<char>('A' + letters_ % 26));
        if (letters_ >= 26) s += std::to_string(letters_ / 26);
        ++letters_;
        return s;
    }
    static std::string range(count_t n) { return "0 to " + to_string(n - 1); }

    // "faces 1, 3, 5 give 0; faces 2, 4, 6 give 1" for small dice, else a formula.
    static std::string residues_of_faces(count_t faces, count_t below, count_t m, const std::string& letter) {
        if (faces > 20 || m > 6) return letter + " = (face − 1) mod " + to_string(m);
        std::string s;
        for (count_t r = 0; r < m; ++r) {
            s += r == 0 ? "" : "; ";
            s += "faces ";
            for (count_t f = r; f < below; f += m) s += (f == r ? "" : ", ") + to_string(f + 1);
            s += " give " + letter + " = " + to_string(r);
        }
        return s;
    }

    // The Knuth–Yao loop: X is uniform on [0, R); digits are added until R
    // reaches M; a rejected X keeps its leftover instead of starting over.
    std::string recycle_steps(const plan_node& node) {
        const plan_node& inner = d_.child(node);
        const std::string m = to_string(node.outcomes), radix = to_string(inner.outcomes);
        const std::string x = next_letter(), r = next_letter(), t = next_letter();
        steps_.push_back("Start with " + x + " = 0 and " + r + " = 1.");
        const std::size_t loop = steps_.size() + 1;
        if (inner.kind == node_kind::roll) {
            steps_.push_back(roll_verb(inner.outcomes) + ": " + x + " = " + x + " × " + radix + " + face − 1 and " + r + " = " + r +
                             " × " + radix + ". Repeat this step until " + r + " is " + m + " or more.");
        } else {
            const std::string v = compute(inner);
            steps_.push_back(x + " = " + x + " × " + radix + " + " + v + " and " + r + " = " + r + " × " + radix +
                             ". If " + r + " is below " + m + ", go back to step " + std::to_string(loop) + ".");
        }
        return recycle_ending(x, r, t, m, loop);
    }

    // The end of a Knuth–Yao loop's steps: accept X below the largest
    // multiple T of M up to R, else keep X − T on R − T and go back to step
    // `loop`; the value is X mod M.
    std::string recycle_ending(const std::string& x, const std::string& r, const std::string& t, const std::string& m,
                               std::size_t loop) {
        steps_.push_back(t + " = " + r + " − (" + r + " mod " + m + "), the largest multiple of " + m + " up to " + r +
                         ". If " + x + " is " + t + " or more: " + x + " = " + x + " − " + t + ", " + r + " = " + r +
                         " − " + t + ", and go back to step " + std::to_string(loop) + " (nothing is thrown away).");
        const std::string result = next_letter();
        steps_.push_back(result + " = " + x + " mod " + m + ".");
        return result;
    }

    // recycle_set: the Knuth–Yao loop, each roll on the die die_for_range picks
    // for B. The loop only ever meets a few values of B below M (those its
    // chain of ranges passes through), so the steps list, for each die but
    // the one rolled at the most of them, the values of B it is rolled at:
    // "Roll the d6 when B is 10, 11, 15, 17 or 20; otherwise the d10". With
    // more than 16 values to list, the rule is said in words instead.
    std::string recycle_set_steps(const plan_node& node) {
        const count_t m = node.outcomes;
        std::vector<count_t> faces;
        for (std::size_t i = 0; i < node.children; ++i) faces.push_back(d_.child(node, i).outcomes);
        // the values of B below M in ascending order, and the die rolled at each
        std::vector<count_t> ranges;
        for (count_t b = 1; b != 0 && ranges.size() <= 64; b %= m) {
            for (; b < m; b *= faces[die_for_range(b, m, faces.data(), faces.size())]) {
                bool seen = false;
                for (count_t r : ranges) seen = seen || r == b;
                if (seen) break;
                std::size_t at = ranges.size();
                ranges.push_back(b);
                for (; at > 0 && ranges[at - 1] > b; --at) ranges[at] = ranges[at - 1];
                ranges[at] = b;
            }
            if (b < m) break;  // a value of B seen before: the loop repeats from here
        }
        std::vector<std::size_t> rolled_at(faces.size(), 0);
        for (count_t b : ranges) ++rolled_at[die_for_range(b, m, faces.data(), faces.size())];
        std::size_t usual = 0;  // the die rolled at the most values (the larger on a tie)
        for (std::size_t i = 1; i < faces.size(); ++i)
            if (rolled_at[i] > rolled_at[usual] || (rolled_at[i] == rolled_at[usual] && faces[i] > faces[usual])) usual = i;
        const std::string x = next_letter(), r = next_letter(), t = next_letter(), mm = to_string(m);
        std::string choice;
        if (ranges.size() - rolled_at[usual] <= 16 && ranges.size() <= 64) {
            for (std::size_t i = 0; i < faces.size(); ++i) {
                if (i == usual || rolled_at[i] == 0) continue;
                std::string values;
                std::size_t listed = 0;
                for (count_t b : ranges) {
                    if (detail::die_for_range(b, m, faces.data(), faces.size()) != i) continue;
                    ++listed;
                    values += (listed == 1 ? "" : listed == rolled_at[i] ? " or " : ", ") + to_string(b);
                }
                choice += (choice.empty() ? "" : ", ") + die_phrase(faces[i], false) + " when " + r + " is " + values;
            }
            choice += (choice.empty() ? "" : "; otherwise ") + die_phrase(faces[usual], false);
        } else {
            count_t largest = faces[0];
            for (count_t k : faces) largest = k > largest ? k : largest;
            choice = "the die that brings " + r + " to " + mm + " or more leaving the smallest share " + r + " × K mod " +
                     mm + " of " + r + " × K (the first listed on a tie; if none does, " + die_phrase(largest, false) + ")";
        }
        steps_.push_back("Start with " + x + " = 0 and " + r + " = 1.");
        const std::size_t loop = steps_.size() + 1;
        steps_.push_back("Roll " + choice + ": with K its number of faces, " + x + " = " + x + " × K + face − 1 and " + r +
                         " = " + r + " × K. Repeat this step until " + r + " is " + mm + " or more.");
        return recycle_ending(x, r, t, mm, loop);
    }

    // Lemire's multiply-shift: Y = X × M = H × L + (Y mod L); H is the value
    // unless Y mod L is below L mod M, which sends X back to be rolled again.
    std::string scale_steps(const plan_node& node) {
        const plan_node& inner = d_.child(node);
        const std::string m = to_string(node.outcomes), l = to_string(inner.outcomes);
        const count_t low = inner.outcomes % node.outcomes;
        const std::size_t first_step = steps_.size() + 1;
        const std::string x = compute(inner);
        const std::string y = next_letter();
        std::string step = y + " = " + x + " × " + m + ".";
        if (low != 0)
            step += " If " + y + " mod " + l + " is below " + to_string(low) + ", go back to step " +
                    std::to_string(first_step) + ".";
        steps_.push_back(step);
        const std::string v = next_letter();
        steps_.push_back(v + " = " + y + " ÷ " + l + ", rounded down (" + range(node.outcomes) + ").");
        return v;
    }

    std::string compute(const plan_node& node) {
        switch (node.kind) {
            case node_kind::roll: {
                const std::string v = next_letter();
                steps_.push_back(roll_verb(node.outcomes) + ". " + v + " = face − 1 (" + range(node.outcomes) + ").");
                return v;
            }
            case node_kind::mixed_radix: {
                if (node.children == 0) return "0";
                std::vector<std::string> digits;
                for (std::size_t i = 0; i < node.children; ++i) digits.push_back(compute(d_.child(node, i)));
                if (node.children == 1) return digits[0];
                const std::string v = next_letter();
                std::string sum;
                count_t weight = node.outcomes;
                for (std::size_t i = 0; i < node.children; ++i) {
                    weight /= d_.child(node, i).outcomes;
                    sum += (i ? " + " : "") + digits[i] + (weight == 1 ? "" : " × " + to_string(weight));
                }
                steps_.push_back(v + " = " + sum + " (" + range(node.outcomes) + ").");
                return v;
            }
            case node_kind::fold: {
                const plan_node& inner = d_.child(node);
                const std::string v = next_letter();
                if (inner.kind == node_kind::roll) {
                    steps_.push_back(roll_verb(inner.outcomes) + ": " +
                                     residues_of_faces(inner.outcomes, inner.outcomes, node.outcomes, v) + ".");
                    return v;
                }
                const std::string x = compute(inner);
                steps_.push_back(v + " = " + x + " mod " + to_string(node.outcomes) + " (the remainder of " + x +
                                 " divided by " + to_string(node.outcomes) + ").");
                return v;
            }
            case node_kind::reject: {
                const plan_node& inner = d_.child(node);
                const count_t kept = inner.outcomes / node.outcomes * node.outcomes;
                const bool plain = kept == node.outcomes;  // q = 1: the value itself
                if (inner.kind == node_kind::roll) {
                    const std::string v = next_letter();
                    std::string again = kept + 1 == inner.outcomes ? on_face(inner.outcomes) + ", roll again"
                                                                   : "On " + to_string(kept + 1) + " or more, roll again";
                    if (inner.outcomes == 2) again = "On tails, toss again";
                    steps_.push_back(roll_verb(inner.outcomes) + ". " + again + ". " +
                                     (plain ? v + " = face − 1 (" + range(node.outcomes) + ")"
                                            : residues_of_faces(inner.outcomes, kept, node.outcomes, v)) +
                                     ".");
                    return v;
                }
                const std::size_t first_step = steps_.size() + 1;
                const std::string x = compute(inner);
                const std::string v = plain ? x : next_letter();
                std::string step = "If " + x + " is " + to_string(kept) + " or more, go back to step " +
                                   std::to_string(first_step) + ".";
                if (!plain) step += " Otherwise " + v + " = " + x + " mod " + to_string(node.outcomes) + ".";
                steps_.push_back(step);
                return v;
            }
            case node_kind::recycle:
                return recycle_steps(node);
            case node_kind::scale:
                return scale_steps(node);
            case node_kind::recycle_set:
                return recycle_set_steps(node);
            case node_kind::cut:
            case node_kind::knuth_yao:
            case node_kind::weight:
                break;  // a loaded node is a whole plan: loaded_text
        }
        return "?";
    }

    const plan_description& d_;
    std::vector<std::string> names_;
    std::vector<std::string> steps_;
    std::size_t letters_ = 0;
};

}  // namespace detail

inline std::string plan_name(const plan_description& d) { return detail::name_of_node(d, d.root()); }
inline std::string describe(const plan_description& d) { return detail::instructions(d).text(); }
// A loaded plan's steps with its outcomes called by name ("goblin", "orc", …;
// one name per weight): what the rollplan command prints for --weights.
inline std::string describe(const plan_description& d, const std::vector<std::string>& outcome_names) {
    return detail::instructions(d, outcome_names).text();
}

// What a person following describe(d)'s steps holds in their head after the
// faces rolled so far (each from 1): "A = 3 and B = 6" in the loop of a
// number from 1 to N (a recycle of one die, its first roll a lookup or not),
// "A = 4, at row 3" in a table's (a knuth_yao of one die), and the loop's
// for a loaded die that cuts the number it makes. Empty when the
// steps carry no number at this point: before the first roll, once the
// faces decide, or for a plan whose letters are each read off one roll (a
// reject or fold of rolls put together). What the page's sitting shows as
// the rolls come in; tests/describe.cpp checks, on every sequence of faces
// to a depth, that these values are undecided exactly while sample() asks
// for another roll. A face outside the die gives "".
inline std::string carried_values(const plan_description& d, const std::vector<count_t>& faces) {
    // the node whose steps carry the letters: the root, or the loop a loaded die's cut reads (cut<recycle<…>>)
    const plan_node& root = d.root();
    const bool cut_of_loop = root.kind == node_kind::cut && d.child(root).kind == node_kind::recycle;  // a cut has its source
    const plan_node& carrier = cut_of_loop ? d.child(root) : root;
    if (faces.empty() || carrier.children == 0 || d.child(carrier).kind != node_kind::roll) return {};
    const count_t k = d.child(carrier).outcomes;
    for (count_t face : faces)
        if (face < 1 || face > k) return {};
    if (carrier.kind == node_kind::recycle) {
        // steps 2 and 3 of the loop, from A = 0 and B = 1: a roll, then at B ≥ N the cut at C = B − (B mod N)
        const count_t n = carrier.outcomes;
        count_t a = 0, b = 1;
        for (count_t face : faces) {
            a = a * k + face - 1;
            b = b * k;
            if (b < n) continue;
            const count_t c = b - b % n;
            if (a < c) return {};  // decided
            a -= c;
            b -= c;
        }
        return "A = " + to_string(a) + " and B = " + to_string(b);
    }
    if (root.kind == node_kind::knuth_yao) {
        // row r: A = A × K + face − 1, then along the row, outcome by outcome, taking each number from A
        // (a listed table's rows repeat: after its last row, row repeat_from again)
        const count_t total = d.total_weight();
        const detail::knuth_yao_table_rows rows = detail::table_rows(k, total);
        const bool listed = rows.listed();
        count_t a = 0, share = 1;
        std::size_t row = 1;
        for (count_t face : faces) {
            a = a * k + face - 1;
            for (std::size_t i = 0; i < d.weight_count(); ++i) {
                const count_t leaves = detail::knuth_yao_leaves(share, d.weight(i), total, k);
                if (a < leaves) return {};  // decided
                a -= leaves;
            }
            share = detail::next_residue(share, k, total);
            row = listed && row == rows.shares.size() ? rows.repeat_from : row + 1;
        }
        return "A = " + to_string(a) + ", at row " + std::to_string(row);
    }
    return {};
}

// The plan's type, spelled as in C++ with the die aliases (d6, coin, die<K>).
template <plan P>
std::string plan_name() {
    return plan_name(description_v<P>);
}

// Steps a person can follow with the die in hand.
template <plan P>
std::string describe() {
    return describe(description_v<P>);
}

}  // namespace rollplan
