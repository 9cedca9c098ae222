#!/usr/bin/env python3
"""types_report.py OUT DOC: the block <!-- table:types --> of DOC (docs/speed.md)
from the runs of bench/types.cpp that scripts/bench_types.sh leaves in OUT:
callgrind_{gcc,clang}/callgrind.out.* (instructions) and times_{gcc,clang}_*.csv
(ns per draw, a line per case and repetition)."""
import csv
import glob
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from report import callgrind_dump  # noqa: E402  (bench/report.py, beside this file)
from splice_tables import splice_block  # noqa: E402

COMPILERS = [("gcc", "GCC 12"), ("clang", "Clang 16")]
ENGINES = ["splitmix64", "mt19937_64", "mt19937"]
TYPES = ["int8_t", "uint8_t", "short", "unsigned short", "int", "unsigned", "long", "unsigned long", "long long",
         "unsigned long long"]


def instructions(out, compiler):
    """{(engine, type, n, library): instructions per draw} from the dumps."""
    draws = {}
    with open(os.path.join(out, f"values_{compiler}.csv")) as f:
        for row in csv.DictReader(f):
            draws["|".join((row["engine"], row["type"], row["n"], row["library"]))] = int(row["value"])
    result = {}
    for path in glob.glob(os.path.join(out, f"callgrind_{compiler}", "callgrind.out.*")):
        name, ir = callgrind_dump(path)
        if name in draws and ir is not None:
            result[tuple(name.split("|"))] = ir / draws[name]
    if len(result) != len(draws):
        sys.exit(f"types_report.py: {len(draws)} cases ran under callgrind for {compiler}, {len(result)} dumps read")
    return result


def times(out, compiler):
    """{(engine, type, n, library): median ns per draw} over every repetition of every round."""
    seen = {}
    for path in glob.glob(os.path.join(out, f"times_{compiler}_*.csv")):
        with open(path) as f:
            for row in csv.DictReader(f):
                seen.setdefault((row["engine"], row["type"], row["n"], row["library"]), []).append(float(row["value"]))
    return {k: statistics.median(v) for k, v in seen.items()}


def ratios(values):
    """{(engine, type, n): rollplan / libstdc++}"""
    return {k[:3]: values[k] / values[k[:3] + ("libstdc++",)] for k in values if k[3] == "rollplan"}


def worst(r, engine, type_):
    """The largest ratio of the type on the engine, over both n."""
    return max((v, k[2]) for k, v in r.items() if k[0] == engine and k[1] == type_)


def main():
    out, doc = sys.argv[1:3]
    ir = {c: instructions(out, c) for c, _ in COMPILERS}
    ns = {c: times(out, c) for c, _ in COMPILERS}
    ir_ratio = {c: ratios(ir[c]) for c in ir}
    ns_ratio = {c: ratios(ns[c]) for c in ns}
    lines = ["Run-time bounds, `uniform_int_distribution<T> d(1, n)` with n read at run time, against libstdc++'s",
             "`std::uniform_int_distribution<T>` in the same run, n = 6 and 1000 (100 for the 8-bit types). Each cell:",
             "rollplan's instructions per draw over libstdc++'s (valgrind --tool=callgrind), GCC 12 / Clang 16, the",
             "larger of the two n; in brackets rollplan's instructions per draw for n = 1000 (100).", "",
             "| type | " + " | ".join(ENGINES) + " |", "|---|" + "---|" * len(ENGINES)]
    for t in TYPES:
        cells = []
        for e in ENGINES:
            big = "100" if t.endswith("int8_t") else "1000"
            parts = [f"{worst(ir_ratio[c], e, t)[0]:.2f}×" for c, _ in COMPILERS]
            counts = [f"{ir[c][(e, t, big, 'rollplan')]:.1f}" for c, _ in COMPILERS]
            cells.append(" / ".join(parts) + f" ({' / '.join(counts)})")
        lines.append(f"| `{t}` | " + " | ".join(cells) + " |")
    lines += ["", "The same cases in time: rollplan's median ns per draw over libstdc++'s, GCC 12 / Clang 16, the larger",
              "of the two n (this machine is shared: times move by ±20% from run to run; instructions do not).", "",
              "| type | " + " | ".join(ENGINES) + " |", "|---|" + "---|" * len(ENGINES)]
    for t in TYPES:
        lines.append(f"| `{t}` | " + " | ".join(" / ".join(f"{worst(ns_ratio[c], e, t)[0]:.2f}×" for c, _ in COMPILERS)
                                                 for e in ENGINES) + " |")
    verdicts = []
    for c, label in COMPILERS:
        (value, key) = max((v, k) for k, v in ir_ratio[c].items())
        engine, type_, n = key
        met = "met" if value <= 1.0 + 1e-9 else "**not met**"
        verdicts.append(f"{label}: {met}, the worst {value:.3f}× (`{type_}`, {engine}, n = {n}: "
                        f"{ir[c][key + ('rollplan',)]:.2f} against {ir[c][key + ('libstdc++',)]:.2f} instructions)")
    lines += ["", "Goal: at most libstdc++'s instructions per draw for every type, engine and n. " + "; ".join(verdicts) + "."]
    print(splice_block(doc, "types", lines))


if __name__ == "__main__":
    main()
