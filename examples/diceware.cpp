// Diceware with the dice you own: pick each word of a passphrase from a list
// of any length, exactly uniformly. 7776 = 6^5 words is the classic list
// (five d6 rolls a word), 2048 words a BIP39 mnemonic; any other length works
// too. For each list this prints the plan and the exact expected rolls per
// word with a d6, with a d6 and a d10, and with a full polyhedral set, and
// the steps for the cheapest of them.
//
//   diceware            the 7776- and 2048-word lists
//   diceware 5000       a list of 5000 words
#include <rollplan/rollplan.hpp>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>

namespace rp = rollplan;

using polyhedral = rp::dice_set<rp::d4, rp::d6, rp::d8, rp::d10, rp::d12, rp::d20>;

// The classic list is five d6 rolls read as digits: no reroll, ever.
static_assert(std::is_same_v<rp::plan_t<7776, rp::d6>,
                             rp::mixed_radix<rp::roll<rp::d6>, rp::roll<rp::d6>, rp::roll<rp::d6>, rp::roll<rp::d6>,
                                             rp::roll<rp::d6>>>);
static_assert(rp::expected_rolls_v<rp::plan_t<7776, rp::d6>> == rp::rational{5});
// A BIP39 word from the polyhedral set: exactly uniform, and fewer rolls than with a d6 alone.
static_assert(rp::is_exactly_uniform_v<rp::plan_t<2048, polyhedral>>);
static_assert(rp::expected_rolls_v<rp::plan_t<2048, polyhedral>> < rp::expected_rolls_v<rp::plan_t<2048, rp::d6>>);

namespace {

// Exact where the fraction fits in 128 bits; a Knuth–Yao loop with a long
// period of K^k mod N needs more, and then the decimal is what is shown.
std::string rolls_text(const rp::plan_description& plan) {
    try {
        const rp::rational rolls = rp::expected_rolls(plan);
        return rp::to_string(rolls) + " = " + std::to_string(rolls.to_double());
    } catch (const std::overflow_error&) {
        return "about " + std::to_string(rp::approximate_expected_rolls(plan));
    }
}

void show(std::uint64_t words) {
    std::cout << "A list of " << words << " words:\n";
    const struct {
        const char* name;
        rp::dice_faces dice;
    } sets[] = {{"a d6", rp::dice_faces{6}},
                {"a d6 and a d10", rp::dice_faces{6, 10}},
                {"d4, d6, d8, d10, d12, d20", rp::dice_faces{4, 6, 8, 10, 12, 20}}};
    rp::plan_description fewest;
    double fewest_rolls = 0;
    for (const auto& set : sets) {
        const rp::plan_description plan = rp::make_plan(words, set.dice, rp::strategy::optimal{});
        std::cout << "  with " << set.name << ": " << rolls_text(plan) << " rolls a word, " << rp::plan_name(plan) << "\n";
        if (const double rolls = rp::approximate_expected_rolls(plan); fewest_rolls == 0 || rolls < fewest_rolls) {
            fewest = plan;
            fewest_rolls = rolls;
        }
    }
    std::cout << "The fewest rolls:\n" << rp::describe(fewest) << "(your word is the one at that place in the list)\n\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 2) {
        std::cerr << "usage: diceware [number of words in the list]\n";
        return 2;
    }
    if (argc == 2) {
        char* end = nullptr;
        const std::string text = argv[1];
        const unsigned long long words = std::strtoull(text.c_str(), &end, 10);
        if (text.empty() || text[0] < '0' || text[0] > '9' || *end != '\0' || words < 2 || words > 1000000000) {
            std::cerr << "diceware: '" << text << "' is not a list length from 2 to 10^9\n";
            return 2;
        }
        show(words);
        return 0;
    }
    show(7776);
    show(2048);
}
