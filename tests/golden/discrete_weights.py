# The integer weights that tests/discrete.cpp expects of discrete_distribution
# for double weights: each double's exact value (fractions.Fraction), all
# times the least common denominator (a power of two), computed without the
# C++ code. Run: python3 tests/golden/discrete_weights.py
from fractions import Fraction
from math import lcm

def exact_integers(weights):
    values = [Fraction(w) for w in weights]
    scale = lcm(*[v.denominator for v in values])
    return [int(v * scale) for v in values]

for weights in ([0.1, 0.2, 0.7], [0.3, 0.0, 0.25], [1 / 3, 2 / 3], [2.0, 4.0, 0.5], [1e-5, 1.0, 3.5]):
    integers = exact_integers(weights)
    fits = max(integers) < 2**64 and sum(integers) <= 2**64
    print(weights, integers, "fits in 64 bits" if fits else "refused: past 64 bits")
