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
row 2 again)". Exit status 1, with what differs, when a chance is not the
tree's."""
import re
import subprocess
import sys
from fractions import Fraction


def main():
    rollplan, faces, depth, args = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    text = subprocess.run([rollplan, *args], capture_output=True, text=True, check=True).stdout
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
