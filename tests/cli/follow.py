#!/usr/bin/env python3
"""follow.py ROLLPLAN K DEPTH ARGS...: follows the steps that `rollplan ARGS`
prints for a table (a loaded die) as a person at the table would, on every
sequence of faces of a K-sided die up to DEPTH rolls, and checks the chance of
each outcome being decided within k rolls, k = 1 … DEPTH, against the
Knuth–Yao tree worked out here: outcome i is decided at roll j on as many
faces as the j-th base-K digit of w_i / W (w_i its weight, W their sum), so
within k rolls with the chance of that expansion cut after k digits. The steps
read are those of docs/dice.md: a first roll read as ranges of faces ("Roll
the d20: 1–10 goblin, 11–16 orc, 17–19 dragon. On a 20, go on with A = 0, at
row 2 of the table below."), or "Start with A = 0, at row 1"; then the rows
("Row 2: orc: 13, dragon: 6."), gone along in order, with "(after row 3,
row 2 again)". A number from 1 to N read from one die (`d7 --with d20`) is
followed the same way from its first-roll lookup ("Roll the d20: your number
is the face on 1–7 and the face − 7 on 8–14. On 15 to 20, go on with A =
face − 15 (0 to 5) and B = 6, at step 2.") through the steps of the loop.
Exit status 1, with what differs, when a chance is not the tree's."""
import re
import subprocess
import sys
from fractions import Fraction


def numbers_of_faces(words, kept):
    """The number each face up to `kept` gives by the lookup's words."""
    if words == "the face is your number":
        return {f: f for f in range(1, kept + 1)}
    if words == "heads is 1, tails is 2":
        return {1: 1, 2: 2}
    got = {}
    listed = re.fullmatch(r"your number is (.*)", words).group(1)
    if listed.startswith("the remainder of the face divided by "):
        n = int(re.match(r"the remainder of the face divided by (\d+) \(\1 for a remainder of 0\)$", listed).group(1))
        return {f: f % n or n for f in range(1, kept + 1)}
    if listed.startswith("the face"):
        for piece in re.finditer(r"the face(?: − (\d+))? on (\d+)–(\d+)", listed):
            for f in range(int(piece.group(2)), int(piece.group(3)) + 1):
                got[f] = f - int(piece.group(1) or 0)
        return got
    for piece in listed.split("; "):
        number, faces = re.fullmatch(r"(\d+) on faces ([\d, ]+)", piece).groups()
        for f in faces.split(", "):
            got[int(f)] = int(number)
    return got


def follow_uniform(text, faces, depth, args):
    """A number from 1 to N whose step 1 is a lookup of the die's faces:
    followed on every sequence of faces up to `depth` rolls, each number must
    have the same chance within k rolls, 1 − (K^k mod N) / K^k together (a
    Knuth–Yao loop) or 1 − (K mod N)^k / K^k (rolled again)."""
    lines = text.split("\n")
    n = int(re.search(r"To pick a number from 1 to (\d+) with", text).group(1))
    step1 = next(l for l in lines if l.startswith("1. "))
    one = re.match(r"1\. (?:Roll|Toss) the [^:]+: (.*?)\.(?: On (?:an? (\d+)|(\d+) (?:to|or) \d+), "
                   r"(roll again|go on with A = (?:0|face − (\d+) \(0 to \d+\)) and B = (\d+), at step 2)\.)?$", step1)
    assert one, step1
    kept = faces if not one.group(4) else int(one.group(2) or one.group(3)) - 1
    first = numbers_of_faces(one.group(1), kept)
    again = one.group(4) == "roll again"
    carries = one.group(4) and not again
    if carries:
        loop = [l for l in lines if re.match(r"[2-5]\. ", l)]
        assert loop[0] == f"2. Roll the {step1.split(':')[0][len('1. Roll the '):]}: A = A × {faces} + face − 1 and B = B × {faces}. " \
                          f"Repeat this step until B is {n} or more.", loop[0]
        assert loop[1] == f"3. C = B − (B mod {n}), the largest multiple of {n} up to B. If A is C or more: A = A − C, B = B − C, " \
                          f"and go back to step 2 (nothing is thrown away).", loop[1]
        assert loop[2:] == ["4. D = A mod " + str(n) + ".", "5. Your number is D + 1."], loop[2:]
    decided = [[Fraction(0)] * (n + 1) for _ in range(depth + 1)]

    def done(rolls, number, chance):
        assert 1 <= number <= n, number
        for k in range(rolls, depth + 1):
            decided[k][number] += chance

    def loop_walk(rolls, a, b, chance):  # steps 2 to 5, from step 2 with A = a, B = b
        for face in range(1, faces + 1):
            a2, b2, r = a * faces + face - 1, b * faces, rolls + 1
            if r > depth:
                return
            if b2 < n:
                loop_walk(r, a2, b2, chance / faces)
                continue
            c = b2 - b2 % n
            if a2 >= c:
                loop_walk(r, a2 - c, b2 - c, chance / faces) if b2 - c >= n else loop_walk_rolled(r, a2 - c, b2 - c, chance / faces)
            else:
                done(r, a2 % n + 1, chance / faces)

    def loop_walk_rolled(rolls, a, b, chance):  # back at step 2 without a roll yet
        loop_walk(rolls, a, b, chance)

    def start(rolls, chance):
        for face in range(1, faces + 1):
            if face in first:
                done(rolls + 1, first[face], chance / faces)
            elif rolls + 1 < depth and again:
                start(rolls + 1, chance / faces)
            elif rolls + 1 < depth and carries:
                carried = 0 if one.group(5) is None else face - int(one.group(5))
                loop_walk(rolls + 1, carried, int(one.group(6)), chance / faces)

    start(0, Fraction(1))
    failures = 0
    left = faces - kept
    for k in range(1, depth + 1):
        beyond = Fraction(faces**k % n, faces**k) if carries else Fraction(left**k, faces**k)
        for number in range(1, n + 1):
            if decided[k][number] != (1 - beyond) / n:
                print(f"FAILED: {' '.join(args)}: {number} within {k} rolls has chance {decided[k][number]} by the steps, "
                      f"{(1 - beyond) / n} by the tree")
                failures += 1
    if failures:
        sys.exit(1)
    print(f"follow.py: {' '.join(args)}: the steps give each number from 1 to {n} the same chance within 1 to {depth} rolls, "
          f"the tree's")


def main():
    rollplan, faces, depth, args = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    text = subprocess.run([rollplan, *args], capture_output=True, text=True, check=True).stdout
    if "To pick a number from 1 to " in text:
        follow_uniform(text, faces, depth, args)
        return
    lines = text.split("\n")
    header = next(l for l in lines if l.startswith("To pick one of"))
    named = re.match(r"To pick one of (.*), each with probability its weight ÷ (\d+), with", header)
    if named:
        outcomes = re.findall(r"(.+?) \((\d+)\)(?:, |$)", named.group(1))
        names, weights = [n for n, _ in outcomes], [int(w) for _, w in outcomes]
    else:
        listed = re.search(r"with weights ([\d, ]+) \(outcome i", header).group(1)
        weights = [int(w) for w in listed.split(", ")]
        names = [f"outcome {i + 1}" for i in range(len(weights))]
    total = sum(weights)
    step1 = next(l for l in lines if l.startswith("1. "))
    first = {}  # face -> outcome decided by the first roll
    carry = None  # (lowest face that goes on, the row it goes on at)
    start_row = None
    lookup = re.match(r"1\. Roll the [^:]+: (.*?)\.(?: On (?:an? (\d+)|(\d+) (?:to|or) \d+), go on with A = "
                      r"(?:0|face − (\d+) \([^)]*\)), at row (\d+) of the table below\.)?$", step1)
    if lookup:
        for piece in re.finditer(r"(\d+)(?:–(\d+))? (.+?)(?:, (?=\d)|$)", lookup.group(1)):
            low, high = int(piece.group(1)), int(piece.group(2) or piece.group(1))
            for face in range(low, high + 1):
                first[face] = names.index(piece.group(3))
        if lookup.group(5):
            low = int(lookup.group(2) or lookup.group(3))
            carry = (low, int(lookup.group(5)))
    else:
        assert step1 == "1. Start with A = 0, at row 1 of the table below.", step1
        start_row = 1
    rows = {}
    for line in lines:
        row = re.match(r"Row (\d+):(.*)\.$", line)
        if row:
            rows[int(row.group(1))] = [(names.index(m.group(1)), int(m.group(2)))
                                       for m in re.finditer(r" (.+?): (\d+)(?:,|$)", row.group(2))]
    again = re.search(r"\(after row (\d+), row (\d+) again\)", text)
    last_row = max(rows) if rows else 0

    def next_row(row):
        if again and row == int(again.group(1)):
            return int(again.group(2))
        return row + 1

    decided = [[Fraction(0)] * len(weights) for _ in range(depth + 1)]  # decided[k][i]: within k rolls

    def walk(rolls, a, row, chance):
        """The table from row `row`, with A = a, after `rolls` rolls of chance `chance`."""
        if rolls == depth:
            return
        for face in range(1, faces + 1):
            value, r = a * faces + face - 1, row
            assert r in rows, f"row {r} is not in the table"
            for outcome, number in rows[r]:
                if value < number:
                    for k in range(rolls + 1, depth + 1):
                        decided[k][outcome] += chance / faces
                    break
                value -= number
            else:
                walk(rolls + 1, value, next_row(r), chance / faces)

    if start_row:
        walk(0, 0, start_row, Fraction(1))
    else:
        for face in range(1, faces + 1):
            if face in first:
                for k in range(1, depth + 1):
                    decided[k][first[face]] += Fraction(1, faces)
            elif carry and face >= carry[0] and depth > 1:
                walk(1, face - carry[0], carry[1], Fraction(1, faces))
    failures = 0
    for k in range(1, depth + 1):
        for i, w in enumerate(weights):
            # w / W in base K, cut after k digits: ⌊w · K^k / W⌋ / K^k
            tree = Fraction(w * faces**k // total, faces**k)
            if decided[k][i] != tree:
                print(f"FAILED: {' '.join(args)}: {names[i]} within {k} rolls has chance {decided[k][i]} by the steps, "
                      f"{tree} by the tree")
                failures += 1
    if failures:
        sys.exit(1)
    print(f"follow.py: {' '.join(args)}: the steps give each outcome the tree's chance within 1 to {depth} rolls"
          f" (rows {sorted(rows)}, first-roll lookup: {bool(lookup)})")


if __name__ == "__main__":
    main()
