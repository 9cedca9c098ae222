# The integer weights that tests/discrete.cpp expects of discrete_distribution
# for double weights: each double's exact value (fractions.Fraction), all
# times the least common denominator (a power of two), then divided by their
# greatest common divisor: the least integers proportional to the weights,
# which discrete_distribution writes with <<. Computed without the C++ code.
# Run: python3 tests/golden/discrete_weights.py
from fractions import Fraction
from functools import reduce
from math import gcd, lcm


def canonical(weights):
    values = [Fraction(w) for w in weights]
    scale = lcm(*[v.denominator for v in values])
    integers = [int(v * scale) for v in values]
    common = reduce(gcd, integers)
    return [i // common for i in integers]


for weights in ([0.1, 0.2, 0.7], [0.3, 0.0, 0.25], [1 / 3, 2 / 3], [2.0, 4.0, 0.5], [6, 4, 2], [0.0001, 0.9999],
                [0.001, 0.999], [1e-5, 1.0, 3.5], [1e-10, 1.0], [5e-324, 1.0]):
    integers = canonical(weights)
    text = " ".join(str(x) for x in [len(integers)] + integers)
    print(weights, "->", text if len(text) < 120 else f"{len(text)} characters")
