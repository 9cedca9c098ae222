#!/usr/bin/env python3
"""boundaries.py PROGRAM...: checks the exact analysis printed by the
boundary programs (tests/proofs/boundaries.cpp) against an independent
computation in exact fractions.

Each line is "N K PLAN uniform E" or "N K PLAN error rollplan: ...", tab-separated. This
script parses PLAN, the plan as its C++ type, and computes its outcome count
and expected rolls from the node rules with Python's unbounded integers:
roll 1; mixed_radix the sum; fold its operand; reject<P, M> its operand over
the acceptance q·M/|P|, and so does scale<P, M> (Lemire's map, whose
preimages are counted one by one when |P| <= 2^16); recycle<P, M> its operand times Σ_j (|P|^j mod M)/|P|^j,
summed over the pre-period and one period of |P|^j mod M. It checks that the
plan has N outcomes and rolls a die of K faces, that every plan is uniform,
that E equals the printed value, and that every error is justified: a value
(or a partial sum the library forms) past 128 bits, or a period of |P|^j mod M
longer than the library's documented 500 / bits(|P| − 1) terms.
"""
import subprocess
import sys
from fractions import Fraction

LIMIT = 1 << 128


def die_faces(name):
    if name == "coin":
        return 2
    if name.startswith("die<"):
        return int(name[4:-1])
    return int(name[1:])  # d4, d6, ...


def split_args(text):
    """Top-level comma-separated arguments of a template argument list."""
    args, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        args.append(text[start:].strip())
    return args


class Node:
    def __init__(self, outcomes, rolls, faces, too_big):
        self.outcomes, self.rolls, self.faces, self.too_big = outcomes, rolls, faces, too_big


def fits(x):
    return x.numerator < LIMIT and x.denominator < LIMIT


def knuth_yao_sum(m, radix):
    """Σ_j (radix^j mod m)/radix^j, or None where the library stops (period too long)."""
    bits = (radix - 1).bit_length()
    max_terms = 500 // bits
    seen, residues, r = {}, [], 1 % m
    while r not in seen:
        if len(residues) > max_terms:
            return None
        seen[r] = len(residues)
        residues.append(r)
        r = r * radix % m
    start = seen[r]
    if len(residues) > max_terms:
        return None
    head = sum(Fraction(residues[j], radix ** j) for j in range(start))
    cycle = sum(Fraction(residues[j], radix ** j) for j in range(start, len(residues)))
    length = len(residues) - start
    return head + cycle / (1 - Fraction(1, radix ** length))


def analyse(plan):
    name, _, rest = plan.partition("<")
    args = split_args(rest[:-1]) if rest else []
    if name == "roll":
        return Node(die_faces(args[0]), Fraction(1), die_faces(args[0]), False)
    if name == "mixed_radix":
        outcomes, rolls, faces, too_big = 1, Fraction(0), None, False
        for child in map(analyse, args):
            outcomes *= child.outcomes
            rolls += child.rolls
            faces = faces or child.faces
            too_big = too_big or child.too_big or not fits(rolls)
        return Node(outcomes, rolls, faces, too_big)
    inner, m = analyse(args[0]), int(args[1])
    if name == "fold":
        assert inner.outcomes % m == 0, plan
        return Node(m, inner.rolls, inner.faces, inner.too_big)
    if name == "reject":
        acceptance = Fraction(inner.outcomes // m * m, inner.outcomes)
        rolls = inner.rolls / acceptance
        return Node(m, rolls, inner.faces, inner.too_big or not fits(acceptance) or not fits(rolls))
    if name == "scale":
        assert 2 <= m < inner.outcomes, plan
        if inner.outcomes <= 1 << 16:
            # Lemire's map counted value by value: every h has as many accepted v
            low = inner.outcomes % m
            preimages = [0] * m
            for v in range(inner.outcomes):
                if v * m % inner.outcomes >= low:
                    preimages[v * m // inner.outcomes] += 1
            assert len(set(preimages)) == 1, plan
        acceptance = Fraction(inner.outcomes // m * m, inner.outcomes)
        rolls = inner.rolls / acceptance
        return Node(m, rolls, inner.faces, inner.too_big or not fits(acceptance) or not fits(rolls))
    if name == "recycle":
        draws = knuth_yao_sum(m, inner.outcomes)
        if draws is None:
            return Node(m, None, inner.faces, True)
        rolls = inner.rolls * draws
        return Node(m, rolls, inner.faces, inner.too_big or not fits(draws) or not fits(rolls))
    raise ValueError("unknown node in " + plan)


def check_line(line):
    n, k, plan, verdict = line.split("\t")
    n, k = int(n), int(k)
    node = analyse(plan)
    problems = []
    if node.outcomes != n:
        problems.append("the plan has %d outcomes" % node.outcomes)
    if n > 1 and node.faces != k:
        problems.append("the plan rolls a die of %s faces" % node.faces)
    if verdict.startswith("uniform "):
        printed = Fraction(verdict.split()[1])
        if node.rolls is None or node.rolls != printed:
            problems.append("expected rolls %s, computed here %s" % (printed, node.rolls))
    elif verdict.startswith("error rollplan: "):
        if not node.too_big:
            problems.append("an error, but the exact value %s fits" % node.rolls)
    else:
        problems.append("not uniform, or an error without words")
    return problems


def main():
    checked = failed = 0
    for program in sys.argv[1:]:
        out = subprocess.run([program], capture_output=True, text=True)
        if out.returncode != 0:
            print("%s failed:\n%s" % (program, out.stdout + out.stderr))
            failed += 1
        for line in out.stdout.splitlines():
            if line.startswith("FAILED"):
                continue
            checked += 1
            problems = check_line(line)
            if problems:
                failed += 1
                print("%s: %s" % (line[:200], "; ".join(problems)))
    print("boundaries: %d plans checked, %d problems" % (checked, failed))
    return 0 if failed == 0 and checked > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
