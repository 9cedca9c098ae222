#!/bin/bash
# check.sh ROLLPLAN VERSION CASE: the rollplan command (cli/rollplan.cpp) as a
# person uses it. The expected figures are worked out here, not copied from
# the command: the Knuth–Yao counts K^k mod N in Python's fractions, the
# rejection plans by hand, the interactive draws by following the plan's
# rule on the faces typed.
set -uo pipefail
rollplan=$1 version=$2 case=$3
failures=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }
# NEEDLE as one piece of TEXT, its lines in a row (grep -F would take each line of it apart)
expect_in() {  # expect_in TEXT NEEDLE
    [[ $1 == *"$2"* ]] || fail "expected '$2' in:"$'\n'"$1"
}
expect_not_in() {  # expect_not_in TEXT NEEDLE
    [[ $1 != *"$2"* ]] || fail "did not expect '$2' in:"$'\n'"$1"
}

# knuth_yao "W1, W2, ..." K: a loaded die of these weights from a K-sided die by the Knuth–Yao
# tree, its figures as the command prints them, from the tree's unfinished sequences after k
# rolls, U_k = Σ_i (K^k·w_i mod W)/W (W the weights' sum): E = Σ_k U_k / K^k, summed until the
# residues K^k mod W repeat, then as a geometric series; P(more than k rolls) = U_k / K^k, and
# 99% of the time done within the first k where that is at most 1/100
knuth_yao() {
    python3 - "$1" "$2" <<'PY'
import sys
from fractions import Fraction
w, k = [int(x) for x in sys.argv[1].split(",")], int(sys.argv[2])
W = sum(w)
def unfinished(share): return sum(share * x % W for x in w) // W
seen, s, j, terms = {}, 1 % W, 0, []
while s not in seen:
    seen[s] = j; terms.append(unfinished(s)); s = s * k % W; j += 1
mu = seen[s]; lam = j - mu
head = sum(Fraction(terms[i], k**i) for i in range(mu))
cycle = sum(Fraction(terms[mu + i], k**(mu + i)) for i in range(lam))
e = head + cycle / (1 - Fraction(1, k**lam))
print(f"Expected rolls: {float(e):.4f} (exactly {e.numerator}/{e.denominator})")
for rolls in (2, 3, 4):
    p = Fraction(unfinished(k**rolls % W), k**rolls)
    print(f"Chance of needing more than {rolls} rolls: {p.numerator}/{p.denominator} ({100 * float(p):.2f}%)")
done = next(rolls for rolls in range(1, 200) if Fraction(unfinished(k**rolls % W), k**rolls) <= Fraction(1, 100))
print(f"99% of the time it is done within {done} rolls.")
PY
}

case $case in
outputs)
    # d7 from a d8: roll, reroll an 8; as few rolls as the Knuth–Yao loop (8/7), so the simpler plan
    out=$("$rollplan" d7 --with d8) || fail "d7 --with d8 exited $?"
    expect_in "$out" "(strategy optimal), as the rollplan library spells it: reject<roll<d8>, 7>"
    expect_in "$out" "1. Roll the d8: the face is your number. On an 8, roll again."
    expect_in "$out" "Expected rolls: 1.1429 (exactly 8/7)"
    expect_in "$out" "Chance of needing more than 2 rolls: 1/64 (1.56%)"
    expect_in "$out" "99% of the time it is done within 3 rolls."
    # d29 from a d6: the Knuth–Yao loop; P(more than k rolls) = (6^k mod 29)/6^k
    out=$("$rollplan" d29 --with d6) || fail "d29 --with d6 exited $?"
    # (a Knuth–Yao tree of 29 weights of 1: U_k = 6^k mod 29)
    expected=$(knuth_yao "$(python3 -c 'print(", ".join(["1"] * 29))')" 6)
    while IFS= read -r line; do expect_in "$out" "$line"; done <<<"$expected"
    expect_in "$out" "(strategy optimal), as the rollplan library spells it: recycle<roll<d6>, 29>"
    # a d30 from a d6 and a d10: the d6 read as 1..3 (fold), the d10 as 0..9, never a reroll
    out=$("$rollplan" d30 --with d6,d10) || fail "d30 --with d6,d10 exited $?"
    expect_in "$out" "A number from 1 to 30 with a d6 and a d10"
    expect_in "$out" "1. Roll the d6: faces 1, 4 give A = 0; faces 2, 5 give A = 1; faces 3, 6 give A = 2."
    expect_in "$out" "2. Roll the d10. B = face − 1 (0 to 9)."
    expect_in "$out" "Expected rolls: 2.0000 (exactly 2)"
    expect_in "$out" "Chance of needing more than 2 rolls: 0"
    # a d100 from the polyhedral set: two d10
    out=$("$rollplan" d100 --with d4,d6,d8,d10,d12,d20) || fail "d100 --with the set exited $?"
    expect_in "$out" "mixed_radix<roll<d10>, roll<d10>>"
    expect_in "$out" "Expected rolls: 2.0000 (exactly 2)"
    # a d15 from the polyhedral set: the d20 (5 of 20 go on), then a d6 on those 5 (30, all kept): 5/4
    out=$("$rollplan" d15 --with d4,d6,d8,d10,d12,d20) || fail "d15 --with the set exited $?"
    expect_in "$out" "(strategy optimal), as the rollplan library spells it: recycle_set<dice_set<d6, d20>, 15>"
    expect_in "$out" "2. Roll the d6 when B is 5; otherwise the d20: "
    expect_in "$out" "Expected rolls: 1.2500 (exactly 5/4)"
    expect_in "$out" "Chance of needing more than 2 rolls: 0"
    # "an" before eighteen and eleven
    out=$("$rollplan" d5 --with d18) || fail "d5 --with d18 exited $?"
    expect_in "$out" "A number from 1 to 5 with an 18-sided die"
    # the strategies side by side: two d6 for 29 cost 36/29 per pair
    out=$("$rollplan" d29 --with d6 --compare) || fail "--compare exited $?"
    expect_in "$out" "digits    2.4828"
    for s in smooth cheapest optimal; do expect_in "$out" "$s "; done
    # 6^5 = 7776: five rolls a number, pooled or not
    out=$("$rollplan" d7776 --with d6 --count 3) || fail "--count exited $?"
    expect_in "$out" "one plan each:        15.00 rolls expected"
    expect_in "$out" "with the entropy pool: 15.00 rolls expected"
    out=$("$rollplan" d29 --with d6 --count 10) || fail "--count exited $?"
    expect_in "$out" "no method can expect fewer than 18.79"
    # loaded dice: 3, 2, 1 from a d6 is one roll, cut 1-3 | 4-5 | 6
    out=$("$rollplan" --weights 3,2,1 --with d6) || fail "--weights 3,2,1 --with d6 exited $?"
    expect_in "$out" "(strategy optimal), as the rollplan library spells it: cut<roll<d6>, 3, 2, 1>"
    expect_in "$out" "1. Roll the d6: 1–3 outcome 1, 4–5 outcome 2, 6 outcome 3."
    expect_in "$out" "Expected rolls: 1.0000 (exactly 1)"
    # from a d20, named: K^k mod 6 is 1, 2, 4, 2, 4, …, and Σ_i (s·w_i mod 6)/6 = 1 for each, so one
    # sequence of 20^k is unfinished after k rolls: E = Σ 20^-k = 20/19
    out=$("$rollplan" --weights goblin=3,orc=2,dragon=1 --with d20) || fail "named --weights exited $?"
    expect_in "$out" "Goblin, orc, dragon with weights 3, 2, 1 with a d20:"
    expect_in "$out" "(strategy optimal), as the rollplan library spells it: knuth_yao<roll<d20>, 3, 2, 1>"
    expect_in "$out" "1. Roll the d20: 1–10 goblin, 11–16 orc, 17–19 dragon. On a 20, go on with A = 0, at row 2 of the table below."
    expect_in "$out" "Row 2: orc: 13, dragon: 6."
    expect_in "$out" "Expected rolls: 1.0526 (exactly 20/19)"
    expect_in "$out" "Chance of needing more than 2 rolls: 1/400 (0.25%)"
    # the sum of 2d6 from a d20: the Knuth–Yao tree's unfinished sequences U_k = Σ_i (20^k·w_i mod 36)/36
    out=$("$rollplan" 2d6 --with d20) || fail "2d6 --with d20 exited $?"
    expected=$(knuth_yao "1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1" 20)
    while IFS= read -r line; do expect_in "$out" "$line"; done <<<"$expected"
    expect_in "$out" "The sum of 2d6 (2 to 12) with a d20:"
    expect_in "$out" "(strategy optimal), as the rollplan library spells it: knuth_yao<roll<d20>, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1>"
    # the people's first: the steps and the costs first, the plan's type on the last line
    out=$("$rollplan" d29 --with d6) || fail "d29 --with d6 exited $?"
    [ "$(head -1 <<<"$out")" = "A number from 1 to 29 with a d6:" ] || fail "first line: $(head -1 <<<"$out")"
    [[ $(tail -1 <<<"$out") == "The plan (strategy optimal)"* ]] || fail "last line: $(tail -1 <<<"$out")"
    # notation: d% is a d100; A-B a range (41 numbers from a d6, then 9 added); coin; spaces in --with
    out=$("$rollplan" d% --with d10) || fail "d% exited $?"
    expect_in "$out" "A number from 1 to 100 with a d10:"
    expect_in "$out" "1. Roll the tens die (00 to 90, or 0 to 9)."$'\n'"2. Roll the units die (0 to 9)."$'\n'"Your number is the \
digits read together (40 and 7 is 47), and all zeros are 100: each number from 1 to 100 comes from one roll of the dice."
    # d100 and 1-100 are d%: their plan rolls a d10 for each digit, read as percentile dice
    for same in d100 1-100; do
        [ "$("$rollplan" $same --with d10)" = "$out" ] || fail "$same --with d10 is not read as d% is"
    done
    out=$("$rollplan" d100 --with d20) || fail "d100 --with d20 exited $?"
    expect_not_in "$out" "Percentile dice"
    out=$("$rollplan" 10-50 --with d6) || fail "10-50 exited $?"
    expect_in "$out" "A number from 10 to 50 with a d6:"
    expect_in "$out" "Repeat this step until B is 41 or more."
    expect_in "$out" "Add 9 to it for your number from 10 to 50."
    out=$("$rollplan" coin --with d6) || fail "coin --with d6 exited $?"
    expect_in "$out" "Heads or tails with a d6:"
    expect_in "$out" "1. Roll the d6: your number is 1 on faces 1, 3, 5; 2 on faces 2, 4, 6."
    out=$("$rollplan" d30 --with "d6, d10") || fail "--with 'd6, d10' exited $?"
    expect_in "$out" "A number from 1 to 30 with a d6 and a d10:"
    # --compare aligned whatever a cell says: the digits plan of a d1025 from a coin (11 flips, rejected
    # from 1025 up: 1023/2048 of the attempts) is done within 24 rolls with probability 1 − (1023/2048)^2,
    # below 99%, so its cell "more than 24 rolls" is wider than the column's title
    out=$("$rollplan" d1025 --with coin --compare) || fail "d1025 --compare exited $?"
    expect_in "$out" "more than 24 rolls"
    plan_columns=$(awk 'NR >= 3 && NR <= 7 { match($0, /(plan|reject<|recycle<)/); print RSTART }' <<<"$out" | sort -u | wc -l)
    [ "$plan_columns" -eq 1 ] || fail "--compare: the plan column starts at $plan_columns places:"$'\n'"$out"
    out=$("$rollplan" --weights 3,2,1 --with d6 --compare) || fail "--weights --compare exited $?"
    expect_in "$out" "digits    1.0000"
    # 200 weights near 2^56 over a coin: the digits plan would pass the 256 nodes a plan holds;
    # --compare answers what the plain command answers, and says so in that row
    near=$(python3 -c "print(','.join(str(2**56 + 7919 * i) for i in range(200)))")
    out=$("$rollplan" --weights "$near" --with coin) || fail "200 weights near 2^56 exited $?"
    out=$("$rollplan" --weights "$near" --with coin --compare) || fail "200 weights near 2^56 --compare exited $?"
    expect_in "$out" "none: its plan needs more than 256 nodes"
    expect_in "$out" "optimal"
    out=$("$rollplan" --weights "$near" --with coin --strategy digits 2>&1) && fail "the digits plan past 256 nodes exited 0"
    expect_in "$out" "rollplan: the plan needs more than 256 nodes"
    # a range from 0: the steps give 1 to 6, and 1 is taken off (first − 1 is no number to add)
    out=$("$rollplan" 0-5 --with d6) || fail "0-5 exited $?"
    expect_in "$out" "Take 1 from it for your number from 0 to 5."
    expect_not_in "$out" "Add "
    out=$(printf '4\n' | "$rollplan" 0-5 --with d6 --interactive) || fail "0-5 --interactive exited $?"
    expect_in "$out" "Your number is 3."
    # the largest inputs accepted: a range of 2^64 − 1 numbers, from 1 and from 0
    out=$("$rollplan" 1-18446744073709551615 --with d6) || fail "1-(2^64 − 1) exited $?"
    expect_in "$out" "A number from 1 to 18446744073709551615 with a d6:"
    expect_in "$out" "Repeat this step until B is 18446744073709551615 or more."
    out=$("$rollplan" 0-18446744073709551614 --with d6) || fail "0-(2^64 − 2) exited $?"
    expect_in "$out" "Take 1 from it for your number from 0 to 18446744073709551614."
    # NdK with K^N = 2^64 exactly: each sum's weight is its number of ways (counted here in Python)
    for nk in '64 2 coin' '32 4 d4'; do
        read -r n k with <<<"$nk"
        out=$("$rollplan" "${n}d$k" --with "$with") || fail "${n}d$k exited $?"
        ways=$(python3 -c "
n, k = $n, $k
ways = [1]
for _ in range(n):  # the sums of one more die
    ways = [sum(ways[s - f] for f in range(1, k + 1) if 0 <= s - f < len(ways)) for s in range(len(ways) + k)]
print(', '.join(f'sum {s} ({w})' for s, w in enumerate(ways) if w))")
        expect_in "$out" "To pick one of $ways, each with probability its weight ÷ 18446744073709551616"
        expect_in "$out" "The dice of ${n}d$k fall in more ways than one plan counts (18446744073709551615), so the sum is looked up"
    done
    # a sitting from one pool on the largest die it takes, a d100, for the largest number and for a
    # small one: the numbers as the pool's rule gives them (docs/spec.md, section 4, threshold 1),
    # followed here on the faces typed
    for sitting in '100 18446744073709551615 3' '100 7 6'; do
        read -r faces n count <<<"$sitting"
        model=$(python3 -c "
K, n, count = $faces, $n, $count
typed = [K, 1, K // 3, 12345678901234567 % K + 1, 2, K - 1, 77 % K + 1, 3, K // 2, 5, 9, 1, K, 42 % K + 1] * 4
x, r, used, numbers = 0, 1, 0, []
for _ in range(count):
    while True:
        while r < n:
            x, r, used = x * K + typed[used] - 1, r * K, used + 1
        q = r // n
        if x < q * n:
            numbers.append(x % n + 1)
            x, r = x // n, q
            break
        x, r = x - q * n, r - q * n
print(' '.join(map(str, typed[:used])))
print(' '.join(map(str, numbers)))")
        typed=$(sed -n 1p <<<"$model") numbers=$(sed -n 2p <<<"$model")
        out=$(tr ' ' '\n' <<<"$typed" | "$rollplan" "d$n" --with "d$faces" --interactive --count "$count") ||
            fail "a sitting of $count on d$faces exited $?"
        i=1
        for number in $numbers; do
            expect_in "$out" "($i of $count) Your number is $number."
            i=$((i + 1))
        done
        expect_in "$out" "That took $(wc -w <<<"$typed") rolls."
    done
    # over four dice the smooth plan's 99% count sums fractions past 128 bits: the row says so (found by fuzz_command)
    out=$("$rollplan" d123456789011 --with d7,d9,d11,d13 --compare 2>&1) || fail "d123456789011 over four dice --compare exited $?: $out"
    expect_in "$out" "not counted (exact sums past 128 bits)"
    out=$("$rollplan" --weights 1,1 --with coin --count 10) || fail "--weights --count exited $?"
    expect_in "$out" "one plan each: 10.00 rolls expected"
    expect_in "$out" "no method can expect fewer than 10.00 rolls of the coin"
    out=$("$rollplan" --version) || fail "--version exited $?"
    [ "$out" = "rollplan $version" ] || fail "--version printed '$out'"
    out=$("$rollplan" --help) || fail "--help exited $?"
    for option in --with --weights --strategy --compare --count --interactive --version; do expect_in "$out" "$option"; done
    ;;
bad_input)
    # each: exit status 2, nothing on stdout, one line on stderr starting "rollplan: "
    while IFS= read -r args; do
        out=$(eval "\"$rollplan\" $args" 2>/tmp/rollplan_cli_err.$$ </dev/null)
        status=$?
        err=$(cat /tmp/rollplan_cli_err.$$)
        [ $status -eq 2 ] || fail "rollplan $args: exit status $status, not 2"
        [ -z "$out" ] || fail "rollplan $args: printed '$out'"
        [ "$(wc -l <<<"$err")" -eq 1 ] && [[ $err == "rollplan: "* ]] || fail "rollplan $args: stderr '$err'"
        # plain words: a limit is written as the number it is, never as a power
        [[ $err != *"^"* ]] || fail "rollplan $args: a power in '$err'"
    done <<'ARGS'
d0 --with d6
d1 --with d6
d-3 --with d6
dx --with d6
d --with d6
d18446744073709551616 --with d6
d29 --with d18446744073709551616
d99999999999999999999999 --with d6
d29 --with d0
d29 --with d1
d29 --with d-3
d29 --with dx
d29 --with ''
d29 --with ,
d29 --with d6,
d29 --with d6,,d10
d29 --with d2,d3,d4,d5,d6,d7,d8,d9,d10
d29 --with d6,d1
d29 --with banana
d29 --with 'd6, '
50-10 --with d6
5-5 --with d6
1-x --with d6
1- --with d6
0-18446744073709551615 --with d6
d29
--with d6
d29 --with d6 --strategy best
d29 --with d6 --count 0
d29 --with d6 --count -1
d29 --with d6 --count x
d29 --with d6 --bogus
d29 --with d6 --interactive --compare
d29 --with d6 --roll --compare
d29 --with d7 --interactive --count 2
d29 --with d6,d7 --roll --count 2
--weights '' --with d6
--weights 3,,2 --with d6
--weights 3,x --with d6
--weights 3,-1 --with d6
--weights 0,0 --with d6
--weights a=1,a=2 --with d6
--weights a=1,2 --with d6
--weights =3 --with d6
--weights 18446744073709551615,2 --with d6
--weights 99999999999999999999999 --with d6
--weights 3,2.5 --with d6
d6 --weights 3,2 --with d6
--weights 3,2
2d%  --with d6
d29 --with 2d10+1
d29 --with d6 --strategy add
2d6 --with d20 --strategy add
64d2 --with coin --strategy add
d6+1000001 --with d6
300d6 --with d6
0d6 --with d6
2d1 --with d6
ARGS
    rm -f /tmp/rollplan_cli_err.$$
    ;;
interactive_pipe)
    # a loaded die: face 4 of a d6 is in orc's stretch (4-5)
    out=$(printf '4\n' | "$rollplan" --weights goblin=3,orc=2,dragon=1 --with d6 --interactive) || fail "exit $?"
    expect_in "$out" "Your outcome is orc."
    # 2d6 from one d6 (the Knuth–Yao tree): face 6 passes row 1 (only a 7 has a leaf, at 0) with A = 4;
    # face 2 makes A = 4·6 + 1 = 25, and row 2 (1, 2, 3, 4, 5, 0, 5, 4, 3 for the sums 2 … 10) leaves
    # 25 − 24 = 1 below the sum 10's 3
    out=$(printf '6\n2\n' | "$rollplan" 2d6 --with d6 --strategy optimal --interactive) || fail "exit $?"
    expect_in "$out" "Your sum is 10."
    # by default a sum of dice held is rolled and added: 6 + 2
    out=$(printf '6\n2\n' | "$rollplan" 2d6 --with d6 --interactive) || fail "exit $?"
    expect_in "$out" "Your sum is 8."
    # faces 3, 5: digits 2, 4 give 2·6 + 4 = 16 < 29, accepted: 17
    out=$(printf '3\n5\n' | "$rollplan" d29 --with d6 --interactive) || fail "exit $?"
    expect_in "$out" "Roll the d6 and type the face (1 to 6): 3"
    expect_in "$out" "Your number is 17."
    # faces 6, 6: 35 of 36 is rejected and leaves 6 of 7; face 1: 36 of 42, rejected past 29,
    # leaves 7 of 13; face 1: 42 of 78, below 58 = 2·29: 42 mod 29 = 13, the number 14
    out=$(printf '6\n6\n1\n1\n' | "$rollplan" d29 --with d6 --interactive) || fail "exit $?"
    expect_in "$out" "Your number is 14."
    # a coin for 3: tails, heads = binary 10 = 2, the number 3; spaces around a face are fine, and
    # a coin's faces may be typed 1, 2, h, t, heads or tails, in any case
    for faces in ' 2 \n1\n' 't\nh\n' 'Tails\nHEADS\n'; do
        out=$(printf "$faces" | "$rollplan" d3 --with coin --interactive) || fail "exit $?"
        expect_in "$out" "Toss the coin and type h for heads or t for tails: "
        expect_in "$out" "Your number is 3."
    done
    # a d10's face 0 is its 10
    out=$(printf '0\n' | "$rollplan" d10 --with d10 --interactive) || fail "exit $?"
    expect_in "$out" "Your number is 10."
    # d100 from a d10 is read as percentile dice: 0, 0 is 100
    out=$(printf '0\n0\n' | "$rollplan" d100 --with d10 --interactive) || fail "exit $?"
    expect_in "$out" "Your number is 100."
    # d% with a d10 is percentile dice, read as players read them: the tens die (00 to 90), then the
    # units die (0 to 9), added; 00 and 0 is 100. (As a d100, faces 0 (its 10) and 5 would be A = 9,
    # B = 4: 95; as percentile dice they are 05.)
    for reading in '0 5 5' '00 0 100' '00 1 1' '90 9 99' '7 3 73' '40 0 40'; do
        read -r tens units number <<<"$reading"
        out=$(printf '%s\n%s\n' "$tens" "$units" | "$rollplan" d% --with d10 --interactive) || fail "d% $tens $units: exit $?"
        expect_in "$out" "Roll the tens die and type the face (00, 10, 20 and so on to 90, or 0 to 9 for its digit): $tens"
        expect_in "$out" "Roll the units die and type the face (0 to 9): $units"
        expect_in "$out" "Your number is $number."
    done
    out=$(printf '75\n' | "$rollplan" d% --with d10,d10 --interactive 2>&1)
    [ $? -eq 2 ] || fail "d%: a tens die's 75 is refused with exit status 2"
    expect_in "$out" "rollplan: '75' is not a face of the tens die (00, 10, 20 and so on to 90, or 0 to 9 for its digit)"
    out=$(printf '30\n10\n' | "$rollplan" d% --with d10 --interactive 2>&1)
    [ $? -eq 2 ] || fail "d%: a units die's 10 is refused with exit status 2"
    expect_in "$out" "rollplan: '10' is not a face of the units die (0 to 9)"
    # a range: 10-50 is a number from 1 to 41, plus 9. Faces 3, 5 give A = 2·6 + 4 = 16, B = 36, below
    # 41, so one more roll: face 1 gives A = 96, B = 216; 96 is below 216 − 216 mod 41 = 205, so
    # 96 mod 41 = 14, the number 15 from 1 to 41: 24 from 10 to 50
    out=$(printf '3\n5\n1\n' | "$rollplan" 10-50 --with d6 --interactive) || fail "exit $?"
    expect_in "$out" "Your number is 24."
    # a coin as the target: a d6 folded to 2, face 4 gives A = 1: tails
    out=$(printf '4\n' | "$rollplan" coin --with d6 --interactive) || fail "exit $?"
    expect_in "$out" "Your toss is tails."
    # a d30 from a d6 and a d10: it asks for the d6, then the d10; (5 − 1) mod 3 = 1, 7 − 1 = 6: 16, the number 17
    out=$(printf '5\n7\n' | "$rollplan" d30 --with d6,d10 --interactive) || fail "exit $?"
    expect_in "$out" "Roll the d6 and type the face (1 to 6): 5"
    expect_in "$out" "Roll the d10 and type the face (1 to 10, or 0 for the 10): 7"
    expect_in "$out" "Your number is 17."
    # a d29 from a d6 and a d10, the loop that changes die: B = 1 asks for the d10 (face 10: A = 9,
    # B = 10), B = 10 for the d6 (face 5: A = 58, B = 60); 58 is not below 2·29, so A = 0, B = 2 go on:
    # the d10 (face 7: A = 6, B = 20), the d6 (face 2: A = 37, B = 120); 37 is below 116: 37 mod 29
    # = 8, the number 9
    out=$(printf '10\n5\n7\n2\n' | "$rollplan" d29 --with d6,d10 --interactive) || fail "exit $?"
    expected=$'Roll the d10 and type the face (1 to 10, or 0 for the 10): 10\nRoll the d6 and type the face (1 to 6): 5\n'
    expected+=$'Roll the d10 and type the face (1 to 10, or 0 for the 10): 7\nRoll the d6 and type the face (1 to 6): 2\n'
    [[ $out == *"$expected"* ]] || fail "expected, in this order:"$'\n'"$expected"$'\nin:\n'"$out"
    expect_in "$out" "Your number is 9."
    # what the steps carry, printed before each roll that needs it (d29 from a d6, by hand: 6 gives A = 5,
    # B = 6; 6 gives A = 35, B = 36, cut at C = 29: A = 6, B = 7; 5 gives 40 of 42, cut at 29: A = 11,
    # B = 13; 1 gives 66 of 78, cut at 58: A = 8, B = 20; 4 gives 51 of 120, below 116: 51 mod 29 + 1 = 23)
    out=$(printf '6\n6\n5\n1\n4\n' | "$rollplan" d29 --with d6 --interactive) || fail "exit $?"
    expected=$'Roll the d6 and type the face (1 to 6): 6\nCarried so far, as in the steps: A = 5 and B = 6.\n'
    expected+=$'Roll the d6 and type the face (1 to 6): 6\nCarried so far, as in the steps: A = 6 and B = 7.\n'
    expected+=$'Roll the d6 and type the face (1 to 6): 5\nCarried so far, as in the steps: A = 11 and B = 13.\n'
    expected+=$'Roll the d6 and type the face (1 to 6): 1\nCarried so far, as in the steps: A = 8 and B = 20.\n'
    expected+=$'Roll the d6 and type the face (1 to 6): 4\nYour number is 23.'
    [[ $out == *"$expected"* ]] || fail "expected, in this order:"$'\n'"$expected"$'\nin:\n'"$out"
    # nothing is carried by a sum rolled and added, percentile dice, or a sitting of several numbers
    for args in "2d6 --with d6" "d% --with d10" "d29 --with d6 --count 2"; do
        out=$(printf '6\n6\n6\n6\n6\n6\n6\n6\n' | "$rollplan" $args --interactive 2>&1)
        [[ $out != *Carried* ]] || fail "rollplan $args --interactive carries a value:"$'\n'"$out"
    done
    # --interactive --count: one pool for the sitting. Faces 6, 6, 1, 1 give 42 of 78 as for one draw
    # (above), the number 14; the pool keeps ⌊42/29⌋ = 1 of ⌊78/29⌋ = 2; faces 3, 5 make 1·36 + 2·6 + 4 =
    # 52 of 72, below 72 − 72 mod 29 = 58: 52 mod 29 = 23, the number 24 — six rolls for two numbers
    out=$(printf '6\n6\n1\n1\n3\n5\n' | "$rollplan" d29 --with d6 --interactive --count 2) || fail "exit $?"
    expect_in "$out" "A number from 1 to 29 with a d6, 2 times, from one pool of rolls"
    expect_in "$out" "(1 of 2) Your number is 14."
    expect_in "$out" "(2 of 2) Your number is 24."
    expect_in "$out" "That took 6 rolls."
    # a loaded die from the pool (draw(d), recycling): face 4 is u = 3 of 6, orc's stretch [3, 5), as
    # for one draw; u − 3 = 0 goes back as a digit of orc's 2 values (0 of 2); face 6 makes
    # 0·6 + 5 = 5 of 12, below 12: u = 5, dragon's [5, 6) — two rolls for two outcomes
    out=$(printf '4\n6\n2\n1\n' | "$rollplan" --weights goblin=3,orc=2,dragon=1 --with d6 --interactive --count 2) ||
        fail "exit $?"
    expect_in "$out" "(1 of 2) Your outcome is orc."
    expect_in "$out" "(2 of 2) Your outcome is dragon."
    expect_in "$out" "That took 2 rolls."
    # one sum rolled and added: its title, and the faces added
    out=$(printf '3\n4\n' | "$rollplan" 2d6 --with d6 --interactive) || fail "exit $?"
    expected=$'The sum of 2d6 (2 to 12) with a d6.\nRoll the d6 and type the face (1 to 6): 3\nRoll the d6 and type the face (1 to 6): 4\nYour sum is 7.'
    [ "$out" = "$expected" ] || fail "expected:"$'\n'"$expected"$'\nnot:\n'"$out"
    # --count of a sum rolled and added: the title once, each sum its own dice
    out=$(printf '3\n4\n5\n6\n' | "$rollplan" 2d6 --with d6 --interactive --count 2) || fail "exit $?"
    expect_in "$out" "The sum of 2d6 (2 to 12) with a d6, 2 times, each rolled and added."
    expect_in "$out" "(1 of 2) Your sum is 7."
    expect_in "$out" "(2 of 2) Your sum is 11."
    # --roll: virtual dice, each roll printed, a number in range (3 numbers from a d6: 1 to 6 each)
    for run in 1 2 3 4 5; do
        out=$("$rollplan" d29 --with d6 --roll </dev/null) || fail "--roll exit $?"
        rolls=$(grep -c '^Rolled the d6: [1-6]$' <<<"$out")
        [ "$rolls" -ge 1 ] || fail "--roll printed no roll:"$'\n'"$out"
        number=$(sed -n 's/^Your number is \([0-9]*\)\.$/\1/p' <<<"$out")
        [ -n "$number" ] && [ "$number" -ge 1 ] && [ "$number" -le 29 ] || fail "--roll: '$number'"
    done
    out=$("$rollplan" coin --with coin --roll --count 3 </dev/null) || fail "--roll --count exit $?"
    [ "$(grep -c '^Tossed the coin: \(heads\|tails\)$' <<<"$out")" -eq 3 ] || fail "--roll --count 3 with a coin:"$'\n'"$out"
    [ "$(grep -c '^([123] of 3) Your toss is \(heads\|tails\)\.$' <<<"$out")" -eq 3 ] || fail "three tosses:"$'\n'"$out"
    err=$(printf '12\n' | "$rollplan" d5 --with d11 --interactive 2>&1 >/dev/null)
    [ "$err" = "rollplan: '12' is not a face of an 11-sided die (1 to 11)" ] || fail "a d11 face of 12: '$err'"
    err=$(printf '5\n11\n' | "$rollplan" d30 --with d6,d10 --interactive 2>&1 >/dev/null)
    [ "$err" = "rollplan: '11' is not a face of a d10 (1 to 10, or 0 for the 10)" ] || fail "a d10 face of 11: '$err'"
    # a face outside the die, not a number, or the end of input: one line, exit 2
    for input in '7\n' '0\n' 'x\n' '\n' '3\n' '' '-1\n' '3.5\n'; do
        err=$(printf -- "$input" | "$rollplan" d29 --with d6 --interactive 2>&1 >/dev/null)
        status=$?
        [ $status -eq 2 ] || fail "input '$input': exit status $status"
        [ "$(wc -l <<<"$err")" -eq 1 ] && [[ $err == "rollplan: "* ]] || fail "input '$input': stderr '$err'"
    done
    ;;
interactive_terminal)
    # the same at a terminal (script(1) gives the command a pseudo-terminal)
    out=$(printf '3\n5\n' | timeout 20 script -qec "$rollplan d29 --with d6 --interactive" /dev/null)
    status=$?
    [ $status -eq 0 ] || fail "at a terminal: exit status $status"
    expect_in "$out" "Your number is 17."
    # a typo at a terminal is explained and asked again, the rolls so far kept: faces 3, (9: not a
    # face), (x), 5 give the number 17 as 3, 5 do
    out=$(printf '3\n9\nx\n5\n' | timeout 20 script -qec "$rollplan d29 --with d6 --interactive" /dev/null)
    status=$?
    [ $status -eq 0 ] || fail "at a terminal, a typo: exit status $status"
    expect_in "$out" "'9' is not a face of a d6 (1 to 6); the rolls so far are kept, type the face of this roll again."
    expect_in "$out" "'x' is not a face of a d6 (1 to 6)"
    expect_in "$out" "Your number is 17."
    # percentile dice at a terminal: a tens die's 75 asked again, then 70 and 3 give 73
    out=$(printf '75\n70\n3\n' | timeout 20 script -qec "$rollplan d% --with d10 --interactive" /dev/null)
    status=$?
    [ $status -eq 0 ] || fail "at a terminal, percentile dice: exit status $status"
    expect_in "$out" "'75' is not a face of the tens die (00, 10, 20 and so on to 90, or 0 to 9 for its digit); the rolls so far are kept"
    expect_in "$out" "Your number is 73."
    # the end of input at a terminal still ends the run: exit status 2, one line
    out=$(printf '3\n\004' | timeout 20 script -qec "$rollplan d29 --with d6 --interactive" /dev/null)
    status=$?
    [ $status -eq 2 ] || fail "at a terminal, the end of input: exit status $status"
    expect_in "$out" "rollplan: the input ended before the face of the roll was given"
    ;;
hostile)
    # input meant to break it: every case behaves as the man page says
    M=18446744073709551615
    # a valid --count is answered in full, the pool's figure "not computed" past 2^16 faces, exit 0
    for args in "d6 --with d65537 --count 1" "d29 --with d6,d100000 --count 3"; do
        out=$("$rollplan" $args 2>&1) || fail "rollplan $args: exit $?"
        expect_in "$out" "with the entropy pool: not computed (rollplan follows the pool's cost for dice of up to 65536 faces)"
        expect_in "$out" "99% of the time it is done within 1 roll."
    done
    out=$("$rollplan" d6 --with d65536 --count 2) || fail "d65536 --count 2: exit $?"
    expect_in "$out" "2 numbers from 1 to 6:"
    expect_not_in "$out" "not computed"
    out=$("$rollplan" d6 --with d6 --count 1) || fail "--count 1: exit $?"
    expect_in "$out" "1 number from 1 to 6:"
    # output that cannot be written: exit status 1 and one line, plain and interactive
    err=$("$rollplan" d29 --with d6 2>&1 >/dev/full); status=$?
    [ $status -eq 1 ] || fail "> /dev/full: exit status $status"
    [ "$err" = "rollplan: could not write the output: No space left on device" ] || fail "> /dev/full: '$err'"
    err=$("$rollplan" d29 --with d6 2>&1 >&-); status=$?
    [ $status -eq 1 ] && [ "$(wc -l <<<"$err")" -eq 1 ] || fail "stdout closed: exit status $status, '$err'"
    err=$(printf '3\n5\n' | "$rollplan" d29 --with d6 --interactive 2>&1 >/dev/full); status=$?
    [ $status -eq 1 ] && [ "$(wc -l <<<"$err")" -eq 1 ] || fail "interactive > /dev/full: exit status $status, '$err'"
    # NUL, newlines and ESC are quoted escaped, on one line
    err=$(printf '3\0\n' | "$rollplan" d29 --with d6 --interactive 2>&1 >/dev/null)
    [ "$err" = "rollplan: '3\\0' is not a face of a d6 (1 to 6)" ] || fail "NUL: '$err'"
    err=$("$rollplan" $'d2\n9' --with d6 2>&1)
    [ "$err" = "rollplan: the target 'd2\\n9': the number of faces '2\\n9' is not a whole number" ] ||
        fail "a newline: '$err'"
    err=$("$rollplan" d29 --with $'\e[31mred' 2>&1)
    [[ $err == "rollplan: --with '\\x1b[31mred' is not a die"* ]] || fail "ESC: '$err'"
    err=$("$rollplan" --weights $'a\e[2J=1,b=2' --with d6 2>&1); status=$?
    [ $status -eq 2 ] && [[ $err == *"holds a control character"* ]] || fail "ESC in a name: $status '$err'"
    # a long argument is cut in the message; a long answer line is refused without being kept
    err=$("$rollplan" "d$(printf 'x%.0s' {1..5000})" --with d6 2>&1)
    [ ${#err} -lt 200 ] && [[ $err == *"xxx...'"* ]] || fail "a long argument: ${#err} bytes"
    # the cut counts the bytes shown, escapes included: 200 control bytes are no 800-byte message
    err=$("$rollplan" "--we$(printf '\x06%.0s' {1..200})" --with d6 2>&1); status=$?
    [ $status -eq 2 ] && [ ${#err} -le 300 ] && [[ $err == "rollplan: "*'\x06\x06...'* ]] || fail "200 control bytes: $status, ${#err} bytes"
    out=$(head -c 50000000 /dev/zero | tr '\0' 7 | "$rollplan" d29 --with d6 --interactive 2>&1); status=$?
    [ $status -eq 2 ] || fail "a 50 MB answer: exit status $status"
    expect_in "$out" "rollplan: an answer of more than 4096 bytes is no face"
    [ ${#out} -lt 1000 ] || fail "a 50 MB answer: ${#out} bytes of output"
    # a die named twice is one die; leading zeros are read by value
    out=$("$rollplan" d29 --with d6,d6,d6,d6,d6,d6,d6,d6,d6) || fail "--with d6 nine times: exit $?"
    expect_in "$out" "A number from 1 to 29 with a d6:"
    out=$("$rollplan" d0000000000000000000000000029 --with d00000000000000000000006) || fail "leading zeros: exit $?"
    expect_in "$out" "A number from 1 to 29 with a d6:"
    out=$("$rollplan" 0002d6 --with d6) || fail "0002d6: exit $?"
    expect_in "$out" "The sum of 2d6"
    # the tails: 0 from the point a plan is done (d(2^64 - 1) from d(2^64 - 1): one roll)
    out=$("$rollplan" d$M --with d$M) || fail "d(2^64 - 1): exit $?"
    for k in 2 3 4; do expect_in "$out" "Chance of needing more than $k rolls: 0"; done
    expect_in "$out" "done within 1 roll."
    expect_not_in "$out" "not counted"
    # a UTF-8 byte order mark before the first answer
    out=$(printf '\xef\xbb\xbf3\n5\n' | "$rollplan" d29 --with d6 --interactive) || fail "a BOM: exit $?"
    expect_in "$out" "Your number is 17."
    ;;
notation)
    # dice notation as players write it (docs/dice.md, "What you can type"); the figures are worked
    # out here: a sum rolled and added is the faces added, percentile dice the digits read together
    # one written several ways is one request: the same output, word for word
    same() {  # same ARGS... -- ARGS...: the two commands print the same
        local left=() right=() side=left
        for a in "$@"; do
            if [ "$a" = -- ]; then side=right; elif [ $side = left ]; then left+=("$a"); else right+=("$a"); fi
        done
        [ "$("$rollplan" "${left[@]}" 2>&1)" = "$("$rollplan" "${right[@]}" 2>&1)" ] || fail "'${left[*]}' and '${right[*]}' differ"
    }
    same d29 --with d6 -- 1d29 --with d6
    same d29 --with d6 -- 29 --with d6
    same d29 --with d6 -- D29 --with d6
    same 2d6-1 --with d6 -- $'2d6\u22121' --with d6
    same '3d6 + 2' --with d6 -- 3d6+2 --with d6
    same d% --with d10 -- d% --with 2d10
    same d29 --with d6,d10 -- d29 --with '2d6, d10'
    same --weights 'goblin: 3, orc: 2, dragon: 1' --with d20 -- --weights goblin=3,orc=2,dragon=1 --with d20
    same --weights $'goblin: 3\norc: 2\n\ndragon: 1\n' --with d20 -- --weights goblin=3,orc=2,dragon=1 --with d20
    # NdS+M with the die held: roll N times and add, then M; N rolls, never more
    out=$("$rollplan" 2d6+3 --with d6) || fail "2d6+3 exited $?"
    expect_in "$out" "The sum of 2d6+3 (5 to 15) with a d6:"
    expect_in "$out" "1. Roll the d6 twice and add the faces."$'\n'"2. Add 3 to the total: your sum is 5 to 15."
    expect_in "$out" "Expected rolls: 2.0000 (exactly 2)"
    expect_in "$out" "Chance of needing more than 2 rolls: 0"
    expect_in "$out" "(strategy add)"
    out=$("$rollplan" 4d6 --with d4,d6,d8) || fail "4d6 exited $?"
    expect_in "$out" "1. Roll the d6 4 times and add the faces: your sum is the total (4 to 24)."
    expect_in "$out" "Expected rolls: 4.0000 (exactly 4)"
    expect_in "$out" "Chance of needing more than 3 rolls: 1 (100%)"
    # the lookup one choice away, with what it saves: the Knuth–Yao expectation of the weights of
    # 2d6 from a d6, E = Σ_k U_k / 6^k (U_k: the unfinished sequences after k rolls)
    lookup=$(knuth_yao "1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1" 6 | sed -n 's/^Expected rolls: //p')
    offer="Fewer rolls: the strategy optimal looks the sum up instead of adding the faces, expected rolls $lookup instead of 2."
    out=$("$rollplan" 2d6 --with d6) || fail "2d6 exited $?"
    expect_in "$out" "$offer"
    out=$("$rollplan" 2d6 --with d6 --compare) || fail "2d6 --compare exited $?"
    expect_in "$out" "add       2.0000    0.00%              2 rolls          mixed_radix<roll<d6>, roll<d6>>, each die's face added"
    # every pair of faces of 2d6, added: each sum as often as its number of ways (1, 2, …, 6, …, 1)
    declare -A seen=()
    for a in 1 2 3 4 5 6; do
        for b in 1 2 3 4 5 6; do
            got=$(printf '%s\n%s\n' $a $b | "$rollplan" 2d6-1 --with d6 --interactive | tail -1)
            [ "$got" = "Your sum is $((a + b - 1))." ] || fail "2d6-1 from $a, $b: '$got'"
            seen[$got]=$((${seen[$got]:-0} + 1))
        done
    done
    for s in 1 2 3 4 5 6 7 8 9 10 11; do
        ways=$((s <= 6 ? s : 12 - s))
        [ "${seen[Your sum is $s.]:-0}" -eq $ways ] || fail "2d6-1: $s came ${seen[Your sum is $s.]:-0} times, not $ways"
    done
    # a sum without its die held is looked up, and the steps say why
    out=$("$rollplan" 2d6 --with d20) || fail "2d6 --with d20 exited $?"
    expect_in "$out" "You hold no d6, so the sum is looked up from the dice you hold instead of added"
    expect_not_in "$out" "Fewer rolls"
    # one die with a modifier: a number from 1 + M to S + M; negative ones too
    out=$(printf '4\n' | "$rollplan" d6+1 --with d6 --interactive) || fail "d6+1 exited $?"
    expect_in "$out" "A number from 2 to 7 with a d6."
    expect_in "$out" "Your number is 5."
    out=$("$rollplan" 1d4-3 --with d4) || fail "1d4-3 exited $?"
    expect_in "$out" "Take 3 from it for your number from -2 to 1."
    out=$("$rollplan" 1d4 --with d4) || fail "1d4 exited $?"
    expect_not_in "$out" " from it for your number"
    expect_not_in "$out" " to it for your number"
    out=$(printf '1\n' | "$rollplan" 1d4-3 --with d4 --interactive) || fail "1d4-3 exited $?"
    expect_in "$out" "A number from -2 to 1 with a d4."
    expect_in "$out" "Your number is -2."
    out=$(printf '6\n2\n1\n' | "$rollplan" 3d6-2 --with d6 --interactive) || fail "3d6-2 exited $?"
    expect_in "$out" "Your sum is 7."
    # the largest modifier taken, both ways
    out=$("$rollplan" d6+1000000 --with d6) || fail "d6+1000000 exited $?"
    expect_in "$out" "Add 1000000 to it for your number from 1000001 to 1000006."
    out=$("$rollplan" 2d6-1000000 --with d6) || fail "2d6-1000000 exited $?"
    expect_in "$out" "Take 1000000 from the total: your sum is -999998 to -999988."
    # percentile dice for 1 to 100 and 1 to 1000: the first die the highest digit, 0 as 0, all zeros
    # the largest; every one of the 100 pairs gives a different number
    declare -A numbers=()
    for tens in 0 1 2 3 4 5 6 7 8 9; do
        for units in 0 1 2 3 4 5 6 7 8 9; do
            got=$(printf '%s\n%s\n' $tens $units | "$rollplan" d100 --with d10 --interactive | tail -1)
            want=$((tens * 10 + units)); [ $want -eq 0 ] && want=100
            [ "$got" = "Your number is $want." ] || fail "d100 from $tens, $units: '$got'"
            numbers[$got]=1
        done
    done
    [ ${#numbers[@]} -eq 100 ] || fail "d100: ${#numbers[@]} different numbers from 100 pairs"
    for reading in '1 2 3 123' '0 0 0 1000' '0 0 1 1' '9 9 9 999' '5 0 0 500' '0 4 2 42'; do
        read -r h t u number <<<"$reading"
        for target in d1000 1-1000; do
            out=$(printf '%s\n%s\n%s\n' $h $t $u | "$rollplan" $target --with d10 --interactive) || fail "$target $reading: exit $?"
            expect_in "$out" "Roll the hundreds die and type the face (0 to 9): $h"
            expect_in "$out" "Roll the tens die and type the face (0 to 9): $t"
            expect_in "$out" "Roll the units die and type the face (0 to 9): $u"
            expect_in "$out" "Your number is $number."
        done
    done
    out=$("$rollplan" d1000 --with d10) || fail "d1000 exited $?"
    expect_in "$out" "1. Roll the hundreds die (0 to 9)."$'\n'"2. Roll the tens die (0 to 9)."$'\n'"3. Roll the units die (0 to 9)."$'\n'"\
Your number is the digits read together (1, 2, 3 is 123), and all zeros are 1000: each number from 1 to 1000 comes from one roll of the dice."
    expect_in "$out" "Expected rolls: 3.0000 (exactly 3)"
    # at a terminal: a d10's 10 for the units die is asked again, as 0
    out=$(printf '1\n2\n10\n0\n' | timeout 20 script -qec "$rollplan d1000 --with 3d10 --interactive" /dev/null)
    [ $? -eq 0 ] || fail "d1000 at a terminal: exit status"
    expect_in "$out" "'10' is not a face of the units die (0 to 9); the rolls so far are kept"
    expect_in "$out" "Your number is 120."
    out=$(printf '4\n2\n' | timeout 20 script -qec "$rollplan 2d6+3 --with d6 --interactive" /dev/null)
    expect_in "$out" "Your sum is 9."
    # a table read as a person reads it: the first roll's faces in ranges, then the rows; the steps
    # followed on every sequence of faces give each outcome the Knuth-Yao tree's chance (follow.py).
    # So do a number from one die's faces (d7 from a d20: the face, or the face − 7), then the loop.
    out=$("$rollplan" --weights goblin=3,orc=2,dragon=1 --with d20) || fail "the goblin table exited $?"
    expect_in "$out" "1. Roll the d20: 1–10 goblin, 11–16 orc, 17–19 dragon. On a 20, go on with A = 0, at row 2 of the table below."
    out=$("$rollplan" --weights 'goblin: 3, orc: 2, dragon: 1' --with d6) || fail "the goblin table from a d6 exited $?"
    expect_in "$out" "1. Roll the d6: 1–3 goblin, 4–5 orc, 6 dragon."
    for request in "20 3 --weights goblin=3,orc=2,dragon=1 --with d20" "6 2 --weights goblin=3,orc=2,dragon=1 --with d6" \
        "2 6 --weights 3,2,1 --with coin" "6 3 --weights 1,3,3 --with d6" "20 3 2d6+3 --with d20" "12 3 3d4 --with d12" \
        "6 4 2d6 --with d6 --strategy optimal" "10 3 --weights 1,2,3,4,5 --with d10" \
        "20 3 d7 --with d20" "30 2 d29 --with d30" "6 4 d5 --with d6" "6 2 d3 --with d6" "20 3 d6 --with d20" \
        "20 2 d4 --with d20" "100 2 d6 --with d100" "2 3 coin --with coin" "12 3 d8 --with d12" "6 2 d6 --with d6"; do
        # shellcheck disable=SC2086
        python3 "$(dirname "$0")/follow.py" "$rollplan" $request || fail "the steps of $request, followed"
    done
    # the words of a refusal, exactly: what was typed, quoted and cut after 40 bytes, and what it is not
    say() {  # say WANTED ARGS...: rollplan ARGS refuses with exactly WANTED, exit status 2
        local wanted=$1 err
        shift
        err=$("$rollplan" "$@" 2>&1 </dev/null)
        [ $? -eq 2 ] && [ "$err" = "$wanted" ] || fail "rollplan $*: '$err', not '$wanted'"
    }
    say "rollplan: the target '$(printf 'x%.0s' {1..40})...' is not dice, a range or a number; write d29, 2d6+3, d%, 1-100 or coin" \
        "$(printf 'x%.0s' {1..50})" --with d6
    say "rollplan: the target '-3' is not dice, a range or a number; write d29, 2d6+3, d%, 1-100 or coin" --with d6 -- -3
    say "rollplan: the table: the weight '-3' is negative" --weights 'goblin: -3, orc: 2' --with d6
    say "rollplan: the table: the weight '-3' is negative" --weights '2, −3' --with d6
    say "rollplan: --with 'd6 d10': separate the dice with commas, like d6, d10" d29 --with 'd6 d10'
    say "rollplan: the target '2d6++' has two signs, '++'; write one, like 2d6+3 or 2d6-1" 2d6++ --with d6
    say "rollplan: the target '2d6--1' has two signs, '--'; write one, like 2d6+3 or 2d6-1" 2d6-−1 --with d6
    say "rollplan: the target '2d6+x': the number added 'x' is not a whole number" 2d6+x --with d6
    say "rollplan: --with '2 d10 d6': separate the dice with commas, like d6, d10" d29 --with '2 d10 d6'
    say "rollplan: --with 'd6\td10': separate the dice with commas, like d6, d10" d29 --with $'d6\td10'
    # "2 d10" held is two d10s, as the target "2 d10" is 2d10
    out=$("$rollplan" d29 --with '2 d10, d6') || fail "--with '2 d10, d6' exited $?"
    expect_in "$out" "A number from 1 to 29 with a d10 and a d6:"
    # the most totals a sum takes, 200: 2d100 has 199, 2d101 201
    out=$("$rollplan" 2d100 --with d100) || fail "2d100 exited $?"
    expect_in "$out" "The sum of 2d100 (2 to 200) with a 100-sided die:"
    say "rollplan: the target '2d101' has 201 different totals; rollplan takes a sum of at most 200" 2d101 --with d6
    say "rollplan: the target '65d2': its dice fall in more ways than rollplan counts (at most 18446744073709551616)" 65d2 --with coin
    say "rollplan: the target 'd6+99999999999999999999999': the number added is at most 1000000" d6+99999999999999999999999 --with d6
    # a sum added past the rolls the model counts (24) still says how many it takes
    out=$("$rollplan" 25d4 --with d4) || fail "25d4 exited $?"
    expect_in "$out" "99% of the time it is done within 25 rolls (it always takes 25)."
    # --count names the numbers as the target does
    out=$("$rollplan" d6+5 --with d6 --count 3) || fail "d6+5 --count 3 exited $?"
    expect_in "$out" "3 numbers from 6 to 11:"
    # a comma at a line's end, or at the end, is no empty entry; two in a row are
    same --weights $'goblin: 3,\norc: 2,' --with d6 -- --weights 'goblin: 3, orc: 2' --with d6
    same --weights 3, --with d6 -- --weights 3 --with d6
    say "rollplan: the table 'a: 1,,b: 2': an empty entry between commas; write goblin: 3, orc: 2, dragon: 1 (or goblin=3) or weights 3, 2, 1" \
        --weights 'a: 1,,b: 2' --with d6
    # a d100 (or d%) shows its 100 as 00: typed 00, 0 or 100, the same roll
    for hundred in 00 0 100; do
        out=$(printf '%s\n1\n' $hundred | "$rollplan" d6 --with d% --interactive) || fail "d6 from a d100's $hundred: exit $?"
        # the face 100 is past the 96 that decide: A = 100 − 97 = 3 of B = 4 is carried to the next roll
        expect_in "$out" "Roll the 100-sided die and type the face (1 to 100, or 00 for the 100): $hundred"$'\n'"Carried so far, as in the steps: A = 3 and B = 4."$'\n'"Roll the 100-sided die"
        expect_in "$out" "Your number is 1."
    done
    # a space inside one die is no separator
    same d29 --with '2d 6' -- d29 --with d6
    # a face is digits only: 1a is no face of a d100, 2x no number of results
    out=$(printf '1a\n' | "$rollplan" d99 --with d100 --interactive 2>&1)
    [ $? -eq 2 ] || fail "1a taken as a face of a d100"
    expect_in "$out" "rollplan: '1a' is not a face of a 100-sided die (1 to 100, or 00 for the 100)"
    # a table without names numbers its outcomes from 1: face 4 of a d6 is outcome 2 of 3, 2, 1
    out=$(printf '4\n' | "$rollplan" --weights 3,2,1 --with d6 --interactive) || fail "--weights 3,2,1: exit $?"
    expect_in "$out" "Your outcome is 2."
    # a range whose first number is past the modifiers: unchanged
    out=$("$rollplan" 10-50 --with d6) || fail "10-50 exited $?"
    expect_in "$out" "Add 9 to it for your number from 10 to 50."
    ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
[ $failures -eq 0 ] && echo "rollplan command, $case: passed"
[ $failures -eq 0 ]
