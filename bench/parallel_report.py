#!/usr/bin/env python3
"""parallel_report.py OUT CORES DOC [README]: the table parallel of DOC (docs/speed.md), and
the sentence parallel_goals of README (what was missed, by how much, and why),
from scripts/bench_parallel.sh's output in OUT: times.csv (case, seconds,
values per repetition) and callgrind/ (a dump per one-thread fill, named by
its case, with callgrind_cases.csv giving its values). Medians of the
repetitions; the targets of issue 23 met or not, with their ratios."""
import csv
import glob
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts"))
from report import callgrind_dump  # noqa: E402  (bench/report.py, beside this file)
from splice_tables import splice_block  # noqa: E402


def main():
    out, cores, doc = sys.argv[1], sys.argv[2], sys.argv[3]
    readme = sys.argv[4] if len(sys.argv) > 4 else None
    times, values = {}, {}
    with open(os.path.join(out, "times.csv")) as f:
        for row in csv.DictReader(f):
            times.setdefault(row["case"], []).append(float(row["seconds"]))
            values[row["case"]] = int(row["values"])
    median = {case: statistics.median(t) for case, t in times.items()}
    reps = min(len(t) for t in times.values())

    counted = {}
    with open(os.path.join(out, "callgrind_cases.csv")) as f:
        cases = {row["case"]: int(row["values"]) for row in csv.DictReader(f)}
    for dump in glob.glob(os.path.join(out, "callgrind", "callgrind.out.*")):
        name, ir = callgrind_dump(dump)
        if name in cases and ir is not None:
            counted[name] = ir / cases[name]

    def ns(case):
        return 1e9 * median[case] / values[case]

    def verdict(ratio, goal):
        return "met" if ratio >= goal else f"not met (by {100 * (goal - ratio) / goal:.0f}%)"

    rows = ["| target (issue 23) | measured | ratio | goal |", "|---|---|---|---|"]
    for engine in ["philox4x64", "philox4x32"]:
        one, par = median[f"fill {engine} one thread"], median[f"fill {engine} par"]
        rows.append(f"| the parallel fill of 10^8 values in [0, 99], {engine}, `par` on {cores} cores vs one thread "
                    f"| {par:.3f} s vs {one:.3f} s | {one / par:.2f}× | ≥ 1.8×: {verdict(one / par, 1.8)} |")
    for engine in ["philox4x64", "philox4x32"]:
        fill, base = median[f"fill {engine} one thread"], median["fill splitmix64 one thread"]
        ir, base_ir = counted.get(f"fill {engine} one thread"), counted.get("fill splitmix64 one thread")
        instructions = f"; {ir:.2f} vs {base_ir:.2f} instructions per value, {base_ir / ir:.2f}×" if ir and base_ir else ""
        rows.append(f"| the one-thread fill, {engine} vs splitmix64 | {fill:.3f} s vs {base:.3f} s{instructions} "
                    f"| {base / fill:.2f}× | ≥ 0.8×: {verdict(base / fill, 0.8)} |")
    rows.append("")
    rows.append("| engine, per value | ns |")
    rows.append("|---|---|")
    for case in ["words philox4x64", "words philox4x32", "words splitmix64", "words pcg64 (pcg-cpp)",
                 "words mt19937_64 (libstdc++)"]:
        rows.append(f"| {case[len('words '):]} | {ns(case):.2f} |")
    rows.append("| libstdc++'s philox4x64 | not in libstdc++ 12 (it comes with GCC 16) |")
    rows.append("")
    rows.append(f"(`bash scripts/bench_parallel.sh`: GCC 12 -O2, libstdc++'s parallel algorithms on oneTBB, "
                f"{reps} repetitions in random order, medians; instructions by callgrind over 10^7 values.)")
    print(splice_block(doc, "parallel", rows))
    if readme:
        par = {e: median[f"fill {e} one thread"] / median[f"fill {e} par"] for e in ["philox4x64", "philox4x32"]}
        solo = median["fill splitmix64 one thread"] / median["fill philox4x64 one thread"]
        missed = [f"the parallel {e} fill reaches {par[e]:.2f}× the one-thread fill on {cores} cores (goal 1.8×)"
                  for e in par if par[e] < 1.8]
        met = [f"{e} reaches {par[e]:.2f}×" for e in par if par[e] >= 1.8]
        if solo < 0.8:
            missed.append(f"the one-thread philox4x64 fill runs at {solo:.2f}× the splitmix64 fill (goal 0.8×), as "
                          "Philox's rounds cost five 128-bit multiplications a word")
        sentence = ("Speed goals of the counter-based fills missed in the last run of `bash scripts/bench_parallel.sh`: "
                    + ("; ".join(missed) if missed else "none") + (f" ({', '.join(met)})" if met else "")
                    + " — [docs/speed.md](docs/speed.md).")
        print(splice_block(readme, "parallel_goals", [sentence]))


if __name__ == "__main__":
    main()
