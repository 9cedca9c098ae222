#!/usr/bin/env python3
# An independent oracle for discrete_distribution<T> with weights at run time
# (docs/spec.md, version 9, section 4): canonical weights, levels (B = 63),
# tails, alias tables and draws on a source of 64-bit words and of 32-bit
# words (a slot is u = floor(U*S), the words U's digits, read until the column
# is decided), and on a coin, a d6 and a d10 (each level's Knuth-Yao walk,
# section 2). Written from the specification alone, with Python integers and
# fractions only.
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
# Where the slot rule is read literally: the values U may begin with cover the
# slots floor(N*S/K^t) ... ceil((N+1)*S/K^t) - 1 exactly as the spec writes
# them (U in [N/K^t, (N+1)/K^t)); a value is never refused; the tail's
# uniform_below(T) and fraction words keep their own plans (scale on one or
# two digits, full_range_plan_t = one 64-bit digit or two 32-bit ones).
import math
import sys
from fractions import Fraction
from functools import reduce

B = 63
W64 = 1 << 64
W32 = 1 << 32
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


def uniform_below(src, n, K=W64):
    """uniform_below(source, n) on an engine word K (2^32 or 2^64), section 4:
    the fastest plan, j(n) digits D (one, or two 32-bit ones high first), D
    itself when K^j = n, else scale<D, n> (Lemire's multiply-shift)."""
    assert K in (W32, W64) and 1 <= n <= W64
    if n == 1:
        return 0
    j = 1 if n <= K else 2
    L = K ** j

    def digits():
        v = 0
        for _ in range(j):
            d = src()
            assert 0 <= d < K
            v = v * K + d
        return v

    if L == n:
        return digits()
    while True:
        v = digits()
        if (v * n) % L >= L % n:
            return (v * n) // L


def full_range(src, K=W64):
    """full_range_plan_t<die<K>>: one 64-bit digit, or two 32-bit ones (high first)."""
    if K == W64:
        d = src()
        assert 0 <= d < K
        return d
    assert K == W32
    a, b = src(), src()
    assert 0 <= a < K and 0 <= b < K
    return a * W32 + b


def column_of_slot(table, u):
    j, r = divmod(u, table["C"])
    return j if r < table["keep"][j] else table["alias"][j]


def columns_in(table, lo, hi):
    """The set of columns of slots lo ... hi, found by walking the table's
    segments (the slots of a column j below keep_j, then those of alias_j),
    stopping at the second column."""
    C, keep, alias = table["C"], table["keep"], table["alias"]
    cols = set()
    u = lo
    while u <= hi:
        j, r = divmod(u, C)
        if r < keep[j]:
            col, end = j, j * C + keep[j]
        else:
            col, end = alias[j], (j + 1) * C
        cols.add(col)
        if len(cols) > 1:
            break
        u = end
    return cols


def slot_range(S, N, t, K):
    """The slots floor(N*S/K^t) ... ceil((N+1)*S/K^t) - 1 of the U that begin
    with the t digits forming N."""
    P = K ** t
    return (N * S) // P, -((-(N + 1) * S) // P) - 1


def single_column(table):
    for i, w in enumerate(table["W"]):
        if w == table["Z"]:
            return i
    return None


def slot(table, src, K=W64):
    """A slot of table, section 4: one W_i = Z is column i with no roll; on an
    engine word (K = 2^32 or 2^64), u = floor(U*S), the digits read one at a
    time until every U beginning with them gives one column; otherwise
    uniform_below(S) (not used here: the small dice walk Knuth-Yao)."""
    assert K in (W32, W64)
    return slot_of_digits(table, src, K)


def slot_of_digits(table, src, K):
    """The rule of slot on digits in [0, K), for any K (the self-test runs it
    on small K against an enumeration)."""
    one = single_column(table)
    if one is not None:
        return one
    S = len(table["W"]) * table["C"]
    assert S <= W64
    N, t = 0, 0
    while True:
        d = src()
        assert 0 <= d < K
        N, t = N * K + d, t + 1
        lo, hi = slot_range(S, N, t, K)
        assert 0 <= lo <= hi < S
        cols = columns_in(table, lo, hi)
        if len(cols) == 1:
            return cols.pop()


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
    return slot(lev["table"], src, K)


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
        q, f, T = lev["q"], lev["fraction"], lev["T"]
        down = False
        if q == 0 and not f:
            down = False
        else:
            # (uniform_below on a small die is the planner's plan for T: beyond
            # this oracle, and reached with probability below n*2^-60)
            assert K in (W32, W64), "a draw from a small die reached a tail"
            j = uniform_below(src, T, K)
            if j < q:
                down = True
            elif j > q:
                down = False
            else:
                if trace is not None:
                    trace.append(("words", L))
                down = False
                for t in range(len(f)):
                    x = full_range(src, K)
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
def word_for(n, target, K=W64):
    """Digits that make uniform_below(., n) give target with no rejection (one
    digit, or two 32-bit ones high first when n > 2^32 = K)."""
    if n == 1:
        assert target == 0
        return []
    j = 1 if n <= K else 2
    L = K ** j

    def split(x):
        return [x] if j == 1 else [x // K, x % K]

    if n == L:
        return split(target)
    x = -((-target * L) // n)
    while (x * n) // L == target:
        if (x * n) % L >= L % n:
            src = Words(split(x))
            assert uniform_below(src, n, K) == target and src.used == j
            return split(x)
        x += 1
    raise AssertionError("no word for target")


def segment_of(table, u):
    """The run of slots around u that the table gives one column by
    construction: [jC, jC + keep_j) (column j) or [jC + keep_j, (j+1)C)
    (column alias_j)."""
    C, keep = table["C"], table["keep"]
    j, r = divmod(u, C)
    return (j * C, j * C + keep[j]) if r < keep[j] else (j * C + keep[j], (j + 1) * C)


def land(S, N, t, K, a, e, prefer_high=False):
    """A digit d such that the U beginning with the t digits forming N and
    then d cover only slots in [a, e) (None if none does); the least such d,
    or the largest with prefer_high. Exact integer bounds:
    (N*K + d)*S >= a*K^(t+1) and (N*K + d + 1)*S <= e*K^(t+1)."""
    P = K ** (t + 1)
    dmin = max(0, -((-a * P) // S) - N * K)
    dmax = min(K - 1, (e * P) // S - N * K - 1)
    if dmin > dmax:
        return None
    d = dmax if prefer_high else dmin
    lo, hi = slot_range(S, N * K + d, t + 1, K)
    assert a <= lo and hi < e
    return d


def words_into(table, a, e, K=W64):
    """Digits that make a slot of table land in slots [a, e) (one run of one
    column): the first digit of the run's left edge when that one decides,
    else the digits of the run's midpoint until they are inside it."""
    S = len(table["W"]) * table["C"]
    d = land(S, 0, 0, K, a, e)
    if d is not None:
        return [d]
    m = Fraction(a + e, 2 * S)
    ds = []
    for t in range(1, 8):
        N = (m * K ** t).numerator // (m * K ** t).denominator
        ds.append(N % K)
        lo, hi = slot_range(S, N, t, K)
        if a <= lo and hi < e:
            return ds
    raise AssertionError("no digits into the run")


def slot_words(table, column, via_alias=False, K=W64):
    """Digits that make a slot of table be column (None if impossible): into
    the column's own slots [jC, jC + keep_j), or (via_alias, or when it has
    none) into the slots past keep_k of a column k whose alias it is."""
    W, Z, C = table["W"], table["Z"], table["C"]
    if any(w == Z for w in W):
        return [] if W[column] == Z else None
    c = len(W)
    if not via_alias and table["keep"][column] > 0:
        a, e = column * C, column * C + table["keep"][column]
    else:
        k = next((k for k in range(c) if table["alias"][k] == column and table["keep"][k] < C), None)
        if k is None:
            return None
        a, e = k * C + table["keep"][k], (k + 1) * C
    ws = words_into(table, a, e, K)
    # the slots those digits leave all give column, by the table's keep and alias alone
    lo, hi = slot_range(c * C, reduce(lambda x, y: x * K + y, ws, 0), len(ws), K)
    assert all(column_of_slot(table, u) == column for u in (lo, hi))
    return ws


def outcome_column(lev):
    """An outcome column of the level that a slot can land on."""
    for idx in range(len(lev["outcomes"])):
        if lev["table"]["W"][idx] > 0:
            return idx
    raise AssertionError


def tail_words(lev, how, K=W64):
    """Digits after a level's tail column is chosen: how = 'down' (by j < q or
    by the word comparison), 'restart_j' (j > q), 'restart_gt' (a word above
    f_t), 'restart_eq' (every word equal), 'down_words' (down by the words).
    The compared values are 64-bit (two 32-bit digits each when K = 2^32)."""
    q, f, T = lev["q"], lev["fraction"], lev["T"]

    def ex(vals):
        return list(vals) if K == W64 else [d for x in vals for d in (x >> 32, x & (W32 - 1))]

    if how == "down":
        if q > 0:
            return word_for(T, 0, K)
        how = "down_words"
    if how == "restart_j":
        return word_for(T, q + 1, K) if T > q + 1 else None
    if not f:
        return None
    ws = word_for(T, q, K)
    if how == "down_words":
        t = next(t for t in range(len(f)) if f[t] > 0)
        return ws + ex(f[:t] + [f[t] - 1])
    if how == "restart_eq":
        return ws + ex(f)
    if how == "restart_gt":
        t = next((t for t in range(len(f)) if f[t] < MASK), None)
        return None if t is None else ws + ex(f[:t] + [f[t] + 1])
    if how == "down_last":  # equal up to the last word, then below it
        return ws + ex(f[:-1] + [f[-1] - 1])
    raise ValueError(how)


def padding(levels, K=W64):
    """Digits that give an outcome on level 0 at once, then spares."""
    lev = levels[0]
    spare = [0x0123456789ABCDEF, 0xFEDCBA9876543210] if K == W64 else [0x01234567, 0x89ABCDEF]
    return slot_words(lev["table"], outcome_column(lev), K=K) + spare


def make_word_draws(levels):
    draws = []

    def add(words, expect_trace, expect_used=None):
        words = words + padding(levels)
        src = Words(words)
        trace = []
        out = draw(levels, src, trace)
        assert trace[:len(expect_trace)] == expect_trace, (trace, expect_trace)
        assert src.used <= len(words)
        assert expect_used is None or src.used == expect_used, (src.used, expect_used)
        draws.append((words, out, src.used))

    l0 = levels[0]
    tb0 = l0["table"]
    if not l0["has_tail"]:
        # no word is refused: the least and the greatest word fall in the first
        # and the last of the S <= 2^64 slots alone, one word each
        if single_column(tb0) is None:
            last = len(tb0["W"]) * tb0["C"] - 1
            for x, u in ((0, 0), (MASK, last)):
                assert slot_range(len(tb0["W"]) * tb0["C"], x, 1, W64) == (u, u)
                add([x], [("outcome", 0)], 1)
                assert draws[-1][1] == l0["outcomes"][column_of_slot(tb0, u)]
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


def straddle_draws(levels, K):
    """Digit sequences (K = 2^64 or 2^32) whose first digit leaves slots of two
    columns at a boundary b of level 0's table (slots b - 1 and b; two
    outcomes' columns when there are such, else an outcome's and the tail's,
    the tail then starting again at level 0), then (a) a digit that decides the lower slot's column,
    (b) one that decides the upper's, (c) one that leaves b inside again, then
    a third that decides either (and (d) a fourth when the third straddles
    too); and, for K = 2^64, a first word straddling two slots of one column,
    which decides at once. Each outcome and digit count is worked out from the
    construction and the table's keep and alias, and checked against draw."""
    lev = levels[0]
    tb = lev["table"]
    if single_column(tb) is not None:
        return []
    c, C = len(tb["W"]), tb["C"]
    S = c * C
    nout = len(lev["outcomes"])
    pad = padding(levels, K)
    out = []

    def after_tail():  # digits that start again from the tail (by j > q, a word above, or no roll)
        if lev["q"] == 0 and not lev["fraction"]:
            return []
        return tail_words(lev, "restart_j", K) or tail_words(lev, "restart_gt", K)

    def add(ws, u, what):
        col = column_of_slot(tb, u)
        if col < nout:  # the outcome, after the digits of the slot
            words, expect = ws + pad, (lev["outcomes"][col], len(ws))
        else:  # the tail, started again from: the padding's outcome
            assert col == nout and lev["has_tail"]
            back = after_tail()
            words = ws + back + pad
            what += ", the tail, then level 0 again"
            expect = (lev["outcomes"][outcome_column(lev)], len(words) - 2)
        src = Words(words)
        o = draw(levels, src, None, K)
        assert (o, src.used) == expect, (what, ws, o, src.used, col)
        out.append((words, o, src.used, what))

    def undecided(N, t, b):  # the U beginning with these t digits reach both b - 1 and b
        lo, hi = slot_range(S, N, t, K)
        return lo <= b - 1 and b <= hi

    starts = set()
    for j in range(c):
        starts.add(j * C)
        starts.add(j * C + tb["keep"][j])
    starts = sorted(b for b in starts if 0 < b < S)
    # boundaries between two columns, those between two outcomes first
    cands = [b for b in starts if column_of_slot(tb, b - 1) != column_of_slot(tb, b) and (b * K) % S]
    cands.sort(key=lambda b: max(column_of_slot(tb, b - 1), column_of_slot(tb, b)) >= nout)
    two = three = four = three_below = three_above = None
    for b in cands:
        v = b * K // S
        assert undecided(v, 1, b)
        below, above = segment_of(tb, b - 1), segment_of(tb, b)
        assert below[1] == b and above[0] == b
        da = land(S, v, 1, K, below[0], b)
        db = land(S, v, 1, K, b, above[1], prefer_high=True)
        if two is None and da is not None and db is not None:
            two = (b, [v, da], [v, db])
        if (b * K ** 2) % S:
            d2 = b * K ** 2 // S - v * K
            assert 0 <= d2 < K and undecided(v * K + d2, 2, b)
            ea = land(S, v * K + d2, 2, K, below[0], b)
            eb = land(S, v * K + d2, 2, K, b, above[1], prefer_high=True)
            if three is None and ea is not None and eb is not None:
                three = (b, [v, d2, ea], [v, d2, eb])
            if three_below is None and ea is not None:
                three_below = (b, [v, d2, ea])
            if three_above is None and eb is not None:
                three_above = (b, [v, d2, eb])
            if four is None and (b * K ** 3) % S:
                N3 = b * K ** 3 // S
                d3 = N3 - (v * K + d2) * K
                assert 0 <= d3 < K and undecided(N3, 3, b)
                fa = land(S, N3, 3, K, below[0], b)
                if fa is not None:
                    four = (b, [v, d2, d3, fa])
    if two is not None:
        b, wa, wb = two
        add(wa, b - 1, "2 digits: the second decides below")
        add(wb, b, "2 digits: the second decides above")
    if three is not None:  # both from one boundary when one has both, else each from the first that has it
        three_below, three_above = (three[0], three[1]), (three[0], three[2])
    if three_below is not None:
        b, wa = three_below
        add(wa, b - 1, "3 digits: the second straddles again, the third decides below")
    if three_above is not None:
        b, wb = three_above
        add(wb, b, "3 digits: the second straddles again, the third decides above")
    if four is not None:
        b, wa = four
        add(wa, b - 1, "4 digits: the second and third straddle again, the fourth decides below")
    if K == W64:
        # one column on both sides of b: the one word decides, though it straddles slots
        # (b*K mod S = 0 for every b when S divides 2^64: no word straddles then)
        tries = sorted({x for b in starts for x in (b, b + 1, b + 2)} | {1, 2})
        same = next((b for b in tries if 0 < b < S and (b * K) % S
                     and column_of_slot(tb, b - 1) == column_of_slot(tb, b) < nout), None)
        if same is not None:
            v = same * K // S
            assert slot_range(S, v, 1, K) == (same - 1, same)
            add([v], same, "1 word straddling two slots of one column")
    return out


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
    # {3, 2, 1}: slots 0 1 | 2 3 | 4 5 give columns 0 0 1 1 2 0. With 64-bit
    # words, v = floor(4*2^64/6) straddles slots 3 and 4 (columns 1 and 2):
    # a second word 0 decides column 1, 2^64 - 1 column 2; v - 1 is wholly in
    # slot 3 (one word); v' = floor(2*2^64/6) straddles 1 and 2 (columns 0, 1).
    v = 4 * W64 // 6
    for ws, col, used in (([v, 0], 1, 2), ([v, MASK], 2, 2), ([v - 1, 5], 1, 1),
                          ([2 * W64 // 6, 0], 0, 2), ([2 * W64 // 6, MASK], 1, 2),
                          ([0], 0, 1), ([MASK], 0, 1), ([5 * W64 // 6 + 1], 0, 1)):
        src = Words(ws)
        assert (slot(t, src), src.used) == (col, used), (ws, col, used)
    # the slot range against the exact intervals: slot u is [u/S, (u+1)/S), the
    # digits' U lie in [N/K^t, (N+1)/K^t); the range is the u that meet it
    import random
    rnd = random.Random(9)
    for _ in range(3000):
        K = rnd.choice([2, 3, 4, 8, 10, W32, W64])
        S = rnd.randint(1, 40) if rnd.random() < 0.7 else rnd.randint(1, W64)
        t = rnd.randint(1, 3)
        N = rnd.randrange(K ** t)
        lo, hi = slot_range(S, N, t, K)
        a, e = Fraction(N, K ** t), Fraction(N + 1, K ** t)
        assert Fraction(lo, S) <= a < Fraction(lo + 1, S)
        assert Fraction(hi, S) < e <= Fraction(hi + 1, S)
    # columns_in and the digit rule against an enumeration of the slots, on
    # small tables and small K
    for W in ([3, 2, 1], [1, 1], [5, 0, 2, 7], [1, 9, 1, 4, 2], [2, 3, 0, 3, 3, 1, 6]):
        tb = alias_table(W)
        S = len(W) * tb["C"]
        cols = [column_of_slot(tb, u) for u in range(S)]
        for lo in range(S):
            for hi in range(lo, S):
                got = columns_in(tb, lo, hi)
                want = set(cols[lo:hi + 1])
                assert got == want or (len(got) == 2 and len(want) >= 2 and got <= want)
        for K in (2, 3, 4, 5, 7, 8, 16):
            for _ in range(200):
                ds = [rnd.randrange(K) for _ in range(12)]
                src = Words(ds)
                col = slot_of_digits(tb, src, K)
                # enumeration: after t digits, the slots whose intervals meet U's
                for t in range(1, 13):
                    N = reduce(lambda x, y: x * K + y, ds[:t], 0)
                    a, e = Fraction(N, K ** t), Fraction(N + 1, K ** t)
                    meet = {cols[u] for u in range(S) if Fraction(u, S) < e and Fraction(u + 1, S) > a}
                    if len(meet) == 1:
                        break
                assert (col, src.used) == (meet.pop(), t), (W, K, ds)


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
        wd = make_word_draws(levels) + straddle_draws(levels, W64)
        # from 32-bit words: splitmix64(2026)'s words mod 2^32, and crafted digits
        g = splitmix64(2026)
        low = Words(x % W32 for x in g)
        sm32 = [draw(levels, low, None, W32) for _ in range(24)]
        wd32 = straddle_draws(levels, W32)
        # from a coin, a d6 and a d10 whose digits are splitmix64(2026)'s words mod K
        dice = []
        for K in (2, 6, 10):
            g = splitmix64(2026)
            rolls = Words(x % K for x in g)
            dice.append((K, [draw(levels, rolls, None, K) for _ in range(24)], rolls.used))
        out.append({"name": name, "weights": weights, "v": v, "levels": levels,
                    "splitmix": sm, "word_draws": wd, "dice": dice, "alt_same": same,
                    "splitmix_words": src.used, "splitmix32": sm32, "splitmix32_digits": low.used,
                    "word32_draws": wd32})
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
        "std::vector<die_draws> dice; int splitmix_2026_words; std::vector<int> splitmix_2026_low32; "
        "int splitmix_2026_low32_digits; std::vector<word_draw> word32_draws; };",
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

        def word_draws(ds):
            lines.append("    {")
            for words, o, used, *what in ds:
                note = f"  // {what[0]}" if what else ""
                lines.append(f"      {{{vec(words, ull)}, {o}, {used}}},{note}")
            lines.append("    },")
        word_draws(d["word_draws"])
        lines.append("    {")
        for K, outcomes, used in d["dice"]:
            lines.append(f"      {{{K}, {vec(outcomes, str)}, {used}}},")
        lines.append("    },")
        lines.append(f"    {d['splitmix_words']},")
        lines.append("    " + vec(d["splitmix32"], str) + ",")
        lines.append(f"    {d['splitmix32_digits']},")
        word_draws(d["word32_draws"])
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
                  f" (straddling {sum(len(w) > 3 for w in d['word_draws'])}), 32-bit draws={len(d['word32_draws'])}"
                  f"{'' if d['alt_same'] else ' (other reading of tail c differs)'}", file=sys.stderr)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
