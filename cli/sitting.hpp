// cli/sitting.hpp: a sitting at the table, the rolls read as they come. One
// number is sample(plan, roll) over the dice held; M numbers (count > 0) come
// from one entropy pool: rollplan's basic_entropy_pool with threshold 1,
// which rolls only as far as each draw needs and keeps what each leaves
// unused (draw(n), or draw(d) with its recycling for a loaded die), over the
// die of the set with the most faces; a sum of dice held, strategy add, is
// the plan that rolls each die once, its faces added. roll(die_roll) returns
// the face of the roll, minus 1 (for percentile dice the digit read: a number
// from 1 to 100 or 1000 whose plan rolls a d10 for each digit is read from
// the highest digit down); begin(title) is told what the sitting draws, once
// the request is known to be one it can run; result(text) each result, in
// order ("(2 of 3) Your number is 14." for the second of three). In the
// sitting of one number each die_roll also says what the steps carry before
// it (rp::carried_values: "A = 5 and B = 6"), which the command prints and
// the page shows. The command reads the faces from its input; the web page
// replays the faces clicked so far, its roll(K) throwing when they run out
// (the sitting holds nothing between rolls but the library's own state).
#pragma once

#include "request.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rollplan_command {

// A pool's die is a type, so the dice people hold are listed in
// pooled_sitting (another is refused there, before begin).
template <rp::count_t K, class Roll, class Begin, class Result>
void pooled_sitting_with(const target& t, std::uint64_t count, Roll& roll, Begin& begin, Result& result) {
    auto source = rp::from_values<rp::die<K>>([&roll] { return roll(die_roll{K}); });
    rp::basic_entropy_pool<decltype(source), 1> pool(source);
    std::optional<rp::discrete_distribution<int>> loaded;
    if (t.loaded) {
        std::vector<std::uint64_t> weights;
        for (std::size_t i = 0; i < t.loaded->weights.size; ++i) weights.push_back(static_cast<std::uint64_t>(t.loaded->weights.values[i]));
        loaded.emplace(weights.begin(), weights.end());
    }
    begin(t.title(rp::dice_faces{K}) + ", " + rp::to_string(count) +
          " times, from one pool of rolls (each draw keeps what the last one left unused).");
    for (std::uint64_t i = 1; i <= count; ++i) {
        const std::uint64_t v = loaded ? static_cast<std::uint64_t>(pool.draw(*loaded)) : pool.draw(static_cast<std::uint64_t>(t.n));
        result("(" + rp::to_string(i) + " of " + rp::to_string(count) + ") " + t.answer(v));
    }
}

template <class Roll, class Begin, class Result>
void pooled_sitting(const target& t, rp::count_t die, std::uint64_t count, Roll& roll, Begin& begin, Result& result) {
    switch (die > 100 ? 0 : static_cast<int>(die)) {
        case 2: return pooled_sitting_with<2>(t, count, roll, begin, result);
        case 4: return pooled_sitting_with<4>(t, count, roll, begin, result);
        case 6: return pooled_sitting_with<6>(t, count, roll, begin, result);
        case 8: return pooled_sitting_with<8>(t, count, roll, begin, result);
        case 10: return pooled_sitting_with<10>(t, count, roll, begin, result);
        case 12: return pooled_sitting_with<12>(t, count, roll, begin, result);
        case 20: return pooled_sitting_with<20>(t, count, roll, begin, result);
        case 100: return pooled_sitting_with<100>(t, count, roll, begin, result);
        default:
            throw bad_input("rollplan: --interactive --count rolls one die for the whole sitting, the one with the most faces: "
                            "a coin, d4, d6, d8, d10, d12, d20 or d100 (here " + rp::die_with_article(die) + ")");
    }
}

// count 0: one number with the plan of the strategy over the dice held;
// otherwise count numbers from the pool. A sum rolled and added (strategy
// add) is rolled and added again for each of count sums.
template <class Roll, class Begin, class Result>
void sitting(const target& t, const rp::dice_faces& dice, const std::string& strategy, std::uint64_t count, Roll& roll,
             Begin& begin, Result& result) {
    auto as_labelled = [&roll](rp::count_t k) { return roll(die_roll{k}); };
    if (strategy == "add") {
        const rp::plan_description d = t.plan(dice, strategy);
        const std::uint64_t sums = count == 0 ? 1 : count;
        begin(count == 0 ? t.title(dice) + "." : t.title(dice) + ", " + rp::to_string(count) + " times, each rolled and added.");
        for (std::uint64_t i = 1; i <= sums; ++i)
            result((count == 0 ? "" : "(" + rp::to_string(i) + " of " + rp::to_string(count) + ") ") +
                          t.answer(t.outcome(rp::sample(d, as_labelled), strategy)));
        return;
    }
    if (count != 0) {
        pooled_sitting(t, dice.largest(), count, roll, begin, result);
        return;
    }
    const rp::plan_description d = t.plan(dice, strategy);
    begin(t.title(dice) + ".");
    if (const std::size_t digits = t.percentile_dice(d)) {
        std::size_t rolled = 0;  // the first die is the highest digit
        auto percentile = [&roll, &rolled, digits](rp::count_t) {
            const std::size_t place = digits - 1 - rolled++;
            return roll(die_roll{10, place == 2   ? reading::hundreds
                                     : place == 0 ? reading::units
                                     : digits == 3 ? reading::tens_digit
                                                   : reading::tens});
        };
        const std::uint64_t c = rp::sample(d, percentile);  // the digits read together
        result("Your number is " + rp::to_string(c == 0 ? (digits == 3 ? 1000 : 100) : c) + ".");
        return;
    }
    // each roll told what the steps carry so far, as describe words it ("A = 5 and B = 6")
    std::vector<rp::count_t> rolled;
    auto carrying = [&](rp::count_t k) {
        const std::uint64_t face = roll(die_roll{k, reading::as_labelled, rp::carried_values(d, rolled)});
        rolled.push_back(static_cast<rp::count_t>(face) + 1);
        return face;
    };
    result(t.answer(rp::sample(d, carrying)));
}

}  // namespace rollplan_command
