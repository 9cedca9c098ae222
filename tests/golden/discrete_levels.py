#!/usr/bin/env python3
# An independent oracle for discrete_distribution<T> with weights at run time
# (docs/spec.md, version 9, section 4): canonical weights, levels (B = 63),
# tails, alias tables and draws on a source of 64-bit words, and on a coin, a
# d6 and a d10 (each level's Knuth-Yao walk, section 2). Written from the
# specification alone, with Python integers and fractions only.
#
# Run: python3 tests/golden/discrete_levels.py [out.hpp]   (default: stdout)
#
# Where the text once left a choice, docs/spec.md now says which (this file
# made the choices first, and they are the spec's):
#  - the c of a tail's padding, "(c + 1) | (sum a_i + T)", is the number of
#    the level's table columns before the tail (the tail is "its column c"),
#    not the count of outcomes with r_i > 0 (they differ only below level 0
#    when some r_i > 0 has a_i = 0; ALT_TAIL_C switches to the other reading);
#  - a column that is full (keep_j = C) is never aliased (alias_j = j here);
#  - r mod 2^F for F < 0 is 0 (r is then a multiple of 2^F).
import math
import sys
from fractions import Fraction
from functools import reduce

B = 63
W64 = 1 << 64
MASK = W64 - 1
ALT_TAIL_C = False


# ---------------------------------------------------------------- section 6
def splitmix64(seed):
    s = seed & MASK
    while True:
        s = (s + 0x9E3779B97F4A7C15) & MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


# ---------------------------------------------------------------- canonical
def exact(x):
    """A positive finite double as (m, e), m odd, x = m * 2^e."""
    f = Fraction(x)
    num, den = f.numerator, f.denominator
    assert den & (den - 1) == 0
    e = -(den.bit_length() - 1)
    while num % 2 == 0:
        num //= 2
        e += 1
    return num, e


def canonical(weights):
    pos = [exact(w) for w in weights if w > 0]
    emin = min(e for _, e in pos)
    g = reduce(math.gcd, [m for m, _ in pos])
    out = []
    for w in weights:
        if w == 0:
            out.append(0)
        else:
            m, e = exact(w)
            out.append((m // g) << (e - emin))
    # independent: least integers proportional to the exact values
    fr = [Fraction(w) for w in weights]
    den = math.lcm(*[f.denominator for f in fr])
    ints = [int(f * den) for f in fr]
    cg = reduce(math.gcd, ints)
    assert out == [i // cg for i in ints]
    return out


# ---------------------------------------------------------------- alias table
def alias_table(W):
    c = len(W)
    Z = sum(W)
    g = math.gcd(c, Z)
    C = Z // g
    s = [w * c // g for w in W]
    keep = [None] * c
    alias = [None] * c
    small, large = [], []
    for i in range(c):
        if s[i] < C:
            small.append(i)
        elif s[i] > C:
            large.append(i)
        else:
            keep[i] = C
    while small and large:
        l = small.pop()
        h = large[-1]
        keep[l] = s[l]
        alias[l] = h
        s[h] = s[h] - (C - s[l])
        if s[h] < C:
            large.pop()
            small.append(h)
        elif s[h] == C:
            large.pop()
            keep[h] = C
    assert not small and not large
    for j in range(c):
        assert keep[j] is not None
        if alias[j] is None:  # full column: the spec names no alias
            assert keep[j] == C
            alias[j] = j
    # independent check: each column's share of the c*C slots is W_j / Z
    cnt = [0] * c
    for j in range(c):
        assert 0 <= keep[j] <= C and 0 <= alias[j] < c
        cnt[j] += keep[j]
        cnt[alias[j]] += C - keep[j]
    for j in range(c):
        assert Fraction(cnt[j], c * C) == Fraction(W[j], Z)
    assert c * C <= W64
    return {"W": list(W), "Z": Z, "C": C, "keep": keep, "alias": alias}


def fits(c, R):
    return R <= 1 << (B + 1) and math.lcm(c, R) <= 1 << (B + 1)


def floor_shift(r, F):  # floor(r / 2^F)
    return r >> F if F >= 0 else r << -F


def mod_shift(r, F):  # r mod 2^F
    return r & ((1 << F) - 1) if F >= 0 else 0


# ---------------------------------------------------------------- levels
def build_levels(v):
    n = len(v)
    levels = []
    res = list(v)
    depth = 0
    while True:
        R = sum(res)
        assert R >= 1
        if depth == 0:
            poss = list(range(n))
        else:
            poss = [i for i in range(n) if res[i] > 0]
        c = len(poss)
        lev = {}
        if fits(c, R):
            lev["F"] = 0
            lev["outcomes"] = poss
            lev["parts"] = [res[i] for i in poss]
            lev["has_tail"] = False
            lev["c_possible"] = c
            levels.append(lev)
            break
        F = R.bit_length() - B
        a = {i: floor_shift(res[i], F) for i in poss}
        cols = poss if depth == 0 else [i for i in poss if a[i] > 0]
        lev["F"] = F
        lev["outcomes"] = cols
        lev["parts"] = [a[i] for i in cols]
        lev["has_tail"] = True
        lev["c_possible"] = c
        if depth == 0:
            assert sum(lev["parts"]) > (1 << 62) - n
        levels.append(lev)
        nxt = [mod_shift(r, F) for r in res]
        if sum(nxt) == 0:
            break
        res = nxt
        depth += 1
    # tails, from the last level up
    below_Z, below_F = None, None
    for k in range(len(levels) - 1, -1, -1):
        lev = levels[k]
        if not lev["has_tail"]:
            lev["table"] = alias_table(lev["parts"])
            lev["Z"] = lev["table"]["Z"]
            lev["T"], lev["q"], lev["fraction"] = 0, 0, []
        else:
            if k == len(levels) - 1:
                X = Fraction(0)
            else:
                X = Fraction(below_Z, 1) / Fraction(2) ** (lev["F"] - below_F)
            q = X.numerator // X.denominator
            frac = X - q
            words = []
            while frac:
                frac *= W64
                w = frac.numerator // frac.denominator
                words.append(w)
                frac -= w
            c = lev["c_possible"] if ALT_TAIL_C else len(lev["parts"])
            T0 = q + (1 if words else 0)
            p = (-(sum(lev["parts"]) + T0)) % (c + 1)
            T = T0 + p
            lev["X"], lev["q"], lev["fraction"], lev["T"] = X, q, words, T
            lev["table"] = alias_table(lev["parts"] + [T])
            lev["Z"] = lev["table"]["Z"]
            assert lev["Z"] <= W64
        below_Z, below_F = lev["Z"], lev["F"]
    return levels


# ---------------------------------------------------------------- draws
class Words:
    def __init__(self, it):
        self.it = iter(it)
        self.used = 0

    def __call__(self):
        self.used += 1
        return next(self.it)


def uniform_below(src, n):
    assert 1 <= n <= W64
    if n == 1:
        return 0
    if n == W64:
        return src()
    t = W64 % n
    while True:
        x = src()
        if (x * n) & MASK >= t:
            return (x * n) >> 64


def slot(table, src):
    W, Z, C = table["W"], table["Z"], table["C"]
    for i, w in enumerate(W):
        if w == Z:
            return i
    c = len(W)
    u = uniform_below(src, c * C)
    j, r = divmod(u, C)
    return j if r < table["keep"][j] else table["alias"][j]


def knuth_yao(W, K, src):
    """Section 2's knuth_yao node: the walk down the Knuth-Yao tree of W from
    digits in [0, K)."""
    Z = sum(W)
    for i, w in enumerate(W):
        if w == Z:
            return i
    x, s = 0, 1
    while True:
        d = src()
        assert 0 <= d < K
        x = x * K + d
        for i, w in enumerate(W):
            a = K * (s * w % Z) // Z
            if x < a:
                return i
            x -= a
        s = s * K % Z


def column(lev, src, K):
    """A column of a level: on a source of at most 256 faces the Knuth-Yao
    walk over its weights (the parts, then T), otherwise a slot."""
    if K <= 256:
        return knuth_yao(lev["table"]["W"], K, src)
    return slot(lev["table"], src)


def draw(levels, src, trace=None, K=W64):
    L = 0
    while True:
        lev = levels[L]
        col = column(lev, src, K)
        if col < len(lev["outcomes"]):
            if trace is not None:
                trace.append(("outcome", L))
            return lev["outcomes"][col]
        # the tail of level L
        # (uniform_below on a small die is the planner's plan for T: beyond
        # this oracle, and reached with probability below n*2^-60)
        assert K == W64, "a draw from a small die reached a tail"
        q, f, T = lev["q"], lev["fraction"], lev["T"]
        down = False
        if q == 0 and not f:
            down = False
        else:
            j = uniform_below(src, T)
            if j < q:
                down = True
            elif j > q:
                down = False
            else:
                if trace is not None:
                    trace.append(("words", L))
                down = False
                for t in range(len(f)):
                    x = src()
                    if x < f[t]:
                        down = True
                        break
                    if x > f[t]:
                        break
        if down:
            if trace is not None:
                trace.append(("down", L))
            L += 1
        else:
            if trace is not None:
                trace.append(("restart", L))
            L = 0


# ---------------------------------------------------------------- oracle check
def check_probabilities(weights, levels):
    """Outcome probabilities implied by the levels, from the tables' keep and
    alias (not from the parts) and the tail rules, equal w_i / sum w."""
    n = len(weights)
    prob = [Fraction(0)] * n
    reach = Fraction(1)
    for k, lev in enumerate(levels):
        tb = lev["table"]
        c = len(tb["W"])
        cnt = [0] * c
        for j in range(c):
            cnt[j] += tb["keep"][j]
            cnt[tb["alias"][j]] += tb["C"] - tb["keep"][j]
        single = [i for i, w in enumerate(tb["W"]) if w == tb["Z"]]
        share = ([Fraction(int(j == single[0])) for j in range(c)] if single
                 else [Fraction(x, c * tb["C"]) for x in cnt])
        for idx, o in enumerate(lev["outcomes"]):
            prob[o] += reach * share[idx]
        if not lev["has_tail"]:
            assert k == len(levels) - 1
            break
        q, f, T = lev["q"], lev["fraction"], lev["T"]
        if q == 0 and not f:
            pdown = Fraction(0)
        else:
            pw = sum(Fraction(w, W64 ** (t + 1)) for t, w in enumerate(f))
            pdown = Fraction(q, T) + Fraction(1, T) * pw
        ptail = share[c - 1]
        if k == 0:
            assert ptail < Fraction(n, 2 ** 60)
        # the spec's reach formula for the next level
        if k + 1 < len(levels):
            nxt = levels[k + 1]
            expect = (nxt["Z"] * Fraction(2) ** nxt["F"]) / (Fraction(2) ** levels[0]["F"] * levels[0]["Z"])
            assert reach * ptail * pdown == expect
        else:
            assert pdown == 0
        reach = reach * ptail * pdown
    total = sum(prob)
    assert 0 < total <= 1
    ws = [Fraction(w) for w in weights]
    S = sum(ws)
    for i in range(n):
        assert prob[i] / total == ws[i] / S, (i, prob[i] / total, ws[i] / S)


# ---------------------------------------------------------------- word picking
def word_for(n, target):
    """Words that make uniform_below(., n) give target with no rejection."""
    if n == 1:
        assert target == 0
        return []
    if n == W64:
        return [target]
    x = -((-target * W64) // n)
    while ((x * n) >> 64) == target:
        if (x * n) & MASK >= W64 % n:
            return [x]
        x += 1
    raise AssertionError("no word for target")


def slot_words(table, column, via_alias=False):
    """Words that make a slot of table be column (None if impossible)."""
    W, Z, C = table["W"], table["Z"], table["C"]
    if any(w == Z for w in W):
        return [] if W[column] == Z else None
    c = len(W)
    if not via_alias and table["keep"][column] > 0:
        return word_for(c * C, column * C)
    for k in range(c):
        if table["alias"][k] == column and table["keep"][k] < C:
            return word_for(c * C, k * C + table["keep"][k])
    return None


def outcome_column(lev):
    """An outcome column of the level that a slot can land on."""
    for idx in range(len(lev["outcomes"])):
        if lev["table"]["W"][idx] > 0:
            return idx
    raise AssertionError


def tail_words(lev, how):
    """Words after a level's tail column is chosen: how = 'down' (by j < q or
    by the word comparison), 'restart_j' (j > q), 'restart_gt' (a word above
    f_t), 'restart_eq' (every word equal), 'down_words' (down by the words)."""
    q, f, T = lev["q"], lev["fraction"], lev["T"]
    if how == "down":
        if q > 0:
            return word_for(T, 0)
        how = "down_words"
    if how == "restart_j":
        return word_for(T, q + 1) if T > q + 1 else None
    if not f:
        return None
    ws = word_for(T, q)
    if how == "down_words":
        t = next(t for t in range(len(f)) if f[t] > 0)
        return ws + f[:t] + [f[t] - 1]
    if how == "restart_eq":
        return ws + list(f)
    if how == "restart_gt":
        t = next((t for t in range(len(f)) if f[t] < MASK), None)
        return None if t is None else ws + f[:t] + [f[t] + 1]
    if how == "down_last":  # equal up to the last word, then below it
        return ws + f[:-1] + [f[-1] - 1]
    raise ValueError(how)


def padding(levels):
    """A word that gives an outcome on level 0 at once, then spares."""
    lev = levels[0]
    return slot_words(lev["table"], outcome_column(lev)) + [0x0123456789ABCDEF, 0xFEDCBA9876543210]


def make_word_draws(levels):
    draws = []

    def add(words, expect_trace):
        words = words + padding(levels)
        src = Words(words)
        trace = []
        out = draw(levels, src, trace)
        assert trace[:len(expect_trace)] == expect_trace, (trace, expect_trace)
        assert src.used <= len(words)
        draws.append((words, out, src.used))

    l0 = levels[0]
    tb0 = l0["table"]
    if not l0["has_tail"]:
        # a rejected word (0 is rejected when the slots are not a power of 2)
        c = len(tb0["W"])
        m = c * tb0["C"]
        if not any(w == tb0["Z"] for w in tb0["W"]) and W64 % m:
            add([0], [("outcome", 0)])
        return draws
    tail = len(tb0["W"]) - 1
    into_tail = slot_words(tb0, tail)
    assert into_tail is not None
    # 1. down to level 1, an outcome there
    if len(levels) > 1:
        l1 = levels[1]
        w = into_tail + tail_words(l0, "down") + slot_words(l1["table"], outcome_column(l1))
        add(w, [("down", 0), ("outcome", 1)] if l0["q"] > 0 else [("words", 0), ("down", 0), ("outcome", 1)])
    # 2. start again at level 0
    restarted = False
    for how in ("restart_j", "restart_gt"):
        t = tail_words(l0, how)
        if t is not None:
            add(into_tail + t, ([("words", 0)] if how == "restart_gt" else []) + [("restart", 0), ("outcome", 0)])
            restarted = True
    if not restarted:  # q = 0 and no fraction words: the tail restarts, no roll
        assert l0["q"] == 0 and not l0["fraction"]
        add(list(into_tail), [("restart", 0), ("outcome", 0)])
    # 2b. j = q with no fraction words: zero words compared, start again
    if not l0["fraction"] and l0["q"] > 0 and l0["T"] > l0["q"]:
        add(into_tail + word_for(l0["T"], l0["q"]), [("words", 0), ("restart", 0), ("outcome", 0)])
    # 3. the word comparison
    if l0["fraction"]:
        add(into_tail + tail_words(l0, "restart_eq"), [("words", 0), ("restart", 0), ("outcome", 0)])
        l1 = levels[1]
        add(into_tail + tail_words(l0, "down_last") + slot_words(l1["table"], outcome_column(l1)),
            [("words", 0), ("down", 0), ("outcome", 1)])
        if l0["q"] > 0:
            add(into_tail + tail_words(l0, "down_words") + slot_words(l1["table"], outcome_column(l1)),
                [("words", 0), ("down", 0), ("outcome", 1)])
    # 4. the tail reached by an alias slot, when a column's alias is the tail
    via = slot_words(tb0, tail, via_alias=True)
    if via is not None and via != into_tail and len(levels) > 1:
        l1 = levels[1]
        add(via + tail_words(l0, "down") + slot_words(l1["table"], outcome_column(l1)), [])
    # 5. every level down to the last, an outcome there
    if len(levels) > 2:
        w = []
        exp = []
        for k in range(len(levels) - 1):
            lev = levels[k]
            w += slot_words(lev["table"], len(lev["table"]["W"]) - 1) + tail_words(lev, "down")
            if not (lev["q"] > 0):
                exp.append(("words", k))
            exp.append(("down", k))
        last = levels[-1]
        w += slot_words(last["table"], outcome_column(last))
        exp.append(("outcome", len(levels) - 1))
        add(w, exp)
        # and a restart from the tail of level 1
        l1 = levels[1]
        t = tail_words(l1, "restart_j") or tail_words(l1, "restart_gt")
        if t is not None:
            w = into_tail + tail_words(l0, "down") + slot_words(l1["table"], len(l1["table"]["W"]) - 1) + t
            add(w, [])
    return draws


# ---------------------------------------------------------------- cases
CASES = [
    ("tiny", [0.0001, 0.9999]),
    ("mixed", [1e-5, 1.0, 3.5]),
    ("far", [1e-10, 1.0]),
    ("tiny300", [1e-300, 1.0]),
    ("extremes", [5e-324, 1e308]),
    ("subnormals", [5e-324, 1.5e-323, 1.0]),
    ("small_int", [3.0, 2.0, 1.0]),
    ("proportional", [2.0, 4.0, 6.0]),
    ("zeros", [0.0, 0.3, 0.0, 0.25]),
    ("exp", [math.exp(-k) for k in range(10)]),
    ("softmax", [math.exp(-0.37 * k) for k in range(200)]),
    ("near64", [2.0 ** 63 + 2.0 ** 11, 2.0 ** 63 - 2.0 ** 10, 3.0]),
    ("lcm", [float(2 ** 61 + 1), float(2 ** 61 - 1), 1.0]),
    ("padding_only", [2.0 ** 62, 2.0 ** 61, 1.0]),  # lcm(3, 2^62 + 2^61 + 1) > 2^64: cut 0, a tail of padding
    ("lcm_past", [2.0 ** 62, 2.0 ** 62, 2.0 ** 62, 1.0]),
]
# float(2**61 + 1) and float(2**61 - 1) both round to 2^61 exactly
assert float(2 ** 61 + 1) == float(2 ** 61 - 1) == 2.0 ** 61


def self_test():
    g = splitmix64(0)
    assert next(g) == 0xE220A8397B1DCDAF  # splitmix64's published first output
    # the alias table of section 4 on {3, 2, 1}
    t = alias_table([3, 2, 1])
    assert t["C"] == 2 and t["keep"] == [2, 2, 1] and t["alias"][2] == 0


def compute():
    self_test()
    out = []
    for name, weights in CASES:
        v = canonical(weights)
        levels = build_levels(v)
        check_probabilities(weights, levels)
        # the other reading of the tail's c, checked as well
        global ALT_TAIL_C
        ALT_TAIL_C = True
        alt = build_levels(v)
        ALT_TAIL_C = False
        check_probabilities(weights, alt)
        same = all(a["T"] == b["T"] for a, b in zip(levels, alt))
        g = splitmix64(2026)
        src = Words(g)
        sm = [draw(levels, src) for _ in range(24)]
        wd = make_word_draws(levels)
        # from a coin, a d6 and a d10 whose digits are splitmix64(2026)'s words mod K
        dice = []
        for K in (2, 6, 10):
            g = splitmix64(2026)
            rolls = Words(x % K for x in g)
            dice.append((K, [draw(levels, rolls, None, K) for _ in range(24)], rolls.used))
        out.append({"name": name, "weights": weights, "v": v, "levels": levels,
                    "splitmix": sm, "word_draws": wd, "dice": dice, "alt_same": same,
                    "splitmix_words": src.used})
    return out


# ---------------------------------------------------------------- output
def ull(x):
    assert 0 <= x < W64
    return f"{x}ull"


def u32(x):
    assert 0 <= x < 1 << 32
    return f"{x}u"


def vec(xs, f):
    return "{" + ", ".join(f(x) for x in xs) + "}"


def emit(data):
    lines = [
        "// Generated by tests/golden/discrete_levels.py from docs/spec.md, section 4; do not edit.",
        "#pragma once",
        "#include <cstdint>",
        "#include <string>",
        "#include <vector>",
        "namespace golden_levels {",
        "struct level { int cut; std::vector<std::uint32_t> outcomes; std::vector<std::uint64_t> parts; "
        "bool has_tail; std::uint64_t tail_weight, below; std::vector<std::uint64_t> fraction; "
        "std::vector<std::uint64_t> keep; std::vector<std::uint32_t> alias; };",
        "struct word_draw { std::vector<std::uint64_t> words; int outcome; int words_used; };",
        "struct die_draws { unsigned faces; std::vector<int> outcomes; int rolls; };",
        "struct test_case { const char* name; std::vector<double> weights; std::vector<std::string> canonical; "
        "std::vector<level> levels; std::vector<int> splitmix_2026; std::vector<word_draw> word_draws; "
        "std::vector<die_draws> dice; };",
        "inline const std::vector<test_case> cases = {",
    ]
    for d in data:
        lines.append("  {")
        lines.append(f'    "{d["name"]}",')
        lines.append("    " + vec(d["weights"], lambda w: w.hex()) + ",")
        lines.append("    " + vec(d["v"], lambda x: f'"{x}"') + ",")
        lines.append("    {")
        for lev in d["levels"]:
            tb = lev["table"]
            lines.append(
                f"      {{{lev['F']}, {vec(lev['outcomes'], u32)}, {vec(lev['parts'], ull)}, "
                f"{'true' if lev['has_tail'] else 'false'}, {ull(lev['T'])}, {ull(lev['q'])}, "
                f"{vec(lev['fraction'], ull)}, {vec(tb['keep'], ull)}, {vec(tb['alias'], u32)}}},")
        lines.append("    },")
        lines.append("    " + vec(d["splitmix"], str) + ",")
        lines.append("    {")
        for words, o, used in d["word_draws"]:
            lines.append(f"      {{{vec(words, ull)}, {o}, {used}}},")
        lines.append("    },")
        lines.append("    {")
        for K, outcomes, used in d["dice"]:
            lines.append(f"      {{{K}, {vec(outcomes, str)}, {used}}},")
        lines.append("    },")
        lines.append("  },")
    lines.append("};")
    lines.append("}  // namespace golden_levels")
    return "\n".join(lines) + "\n"


def main():
    data = compute()
    text = emit(data)
    if len(sys.argv) > 1 and sys.argv[1] != "-":
        with open(sys.argv[1], "w") as fh:
            fh.write(text)
        for d in data:
            levs = d["levels"]
            desc = "; ".join(
                f"F={l['F']} cols={len(l['outcomes'])}"
                + (f" T={l['T']} q={l['q']} frac={len(l['fraction'])}" if l["has_tail"] else "")
                for l in levs)
            print(f"{d['name']}: {len(levs)} level(s): {desc}; draws={len(d['word_draws'])}"
                  f"{'' if d['alt_same'] else ' (other reading of tail c differs)'}", file=sys.stderr)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
