#!/usr/bin/env python3
"""compile_time.py OUT_DIR DOC [REPS]

rollplan's compile-time benchmark. Each translation unit of bench/compile_time/
is compiled (-std=c++20 -O2 -c, nothing linked) by g++ and clang++-16, REPS
times (default 7), every repetition in a new random order of all
(unit, compiler) pairs, so that the <random> and Boost.Random units run
interleaved with rollplan's on a shared, noisy machine. Each compilation runs
under /usr/bin/time: CPU time is user + system, memory the peak resident set.
The report takes medians and writes DOC's (docs/compile_time.md)
<!-- table:compile --> block, with the project's goals and whether they are met.
As CPU time on a shared machine swings by a third between runs, the include
target is also measured in instructions: one compilation of the <random> unit
and of rollplan.hpp alone per compiler under valgrind's callgrind, which counts
the same on a busy machine as on an idle one.
"""
import glob
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from splice_tables import splice_block  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
UNITS = os.path.join(HERE, "compile_time")
COMPILERS = [("GCC 12", "g++"), ("Clang 16", "clang++-16")]

# unit, what it is
ROWS = [
    ("std_random", "`#include <random>` + one `std::uniform_int_distribution` draw"),
    ("boost_random", "Boost.Random: `mt19937` + `uniform_int_distribution` headers, one draw"),
    ("rollplan_include", "`#include <rollplan/rollplan.hpp>`, nothing used"),
    ("distribution_include", "`#include <rollplan/distribution.hpp>`, nothing used"),
    ("rollplan_draw", "`rollplan.hpp` + one `uniform_int_distribution<int, 1, 6>` draw (splitmix64)"),
    ("distribution_draw", "`<random>` + `distribution.hpp`, a run-time-bounds and a `<int, 1, 6>` draw"),
    ("proofs_1000", "`static_assert(is_exactly_uniform_v<plan_t<N, d6>>)` for N = 1 … 1000"),
    ("large_cheapest", "`plan_t<N, die<two_to_64>, strategy::cheapest>` for 20 N near 2^62 … 2^64"),
]
REFERENCE = "std_random"
INCLUDE_TARGET = 1.3      # rollplan.hpp alone, × the <random> unit
PROOF_SECONDS = 5.0       # the 1000 proofs
PROOF_MEGABYTES = 1024.0


def compile_once(compiler, unit):
    source = os.path.join(UNITS, unit + ".cpp")
    command = ["/usr/bin/time", "-f", "%U %S %M", compiler, "-std=c++20", "-O2", "-c",
               "-I" + os.path.join(ROOT, "include"), source, "-o", os.devnull]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"compile_time: {compiler} failed on {unit}.cpp:\n{done.stderr}")
    user, system, kilobytes = done.stderr.strip().splitlines()[-1].split()
    return float(user) + float(system), float(kilobytes) / 1024


def instructions(compiler, unit):
    """The instructions the compiler proper executes on unit: under callgrind,
    every process the driver runs (GCC's cc1plus and as; Clang's in-process
    cc1), the largest count being the compiler's."""
    source = os.path.join(UNITS, unit + ".cpp")
    with tempfile.TemporaryDirectory() as tmp:
        tool = ["valgrind", "--tool=callgrind", "--trace-children=yes",
                "--callgrind-out-file=" + os.path.join(tmp, "callgrind.%p")]
        command = tool + [compiler, "-std=c++20", "-O2", "-c", "-I" + os.path.join(ROOT, "include"), source,
                          "-o", os.devnull]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"compile_time: {compiler} under callgrind failed on {unit}.cpp:\n{done.stderr[-2000:]}")
        counts = []
        for path in glob.glob(os.path.join(tmp, "callgrind.*")):
            with open(path) as out:
                found = re.search(r"^(?:summary|totals): (\d+)", out.read(), re.M)
            if found:
                counts.append(int(found.group(1)))
    if not counts:
        sys.exit(f"compile_time: callgrind wrote no count for {compiler} on {unit}.cpp")
    return max(counts)


def main():
    out, doc_path = sys.argv[1:3]
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    os.makedirs(out, exist_ok=True)
    samples = {(unit, cc): [] for unit, _ in ROWS for _, cc in COMPILERS}
    pairs = list(samples)
    for rep in range(reps):
        random.shuffle(pairs)
        print(f"=== compile_time: repetition {rep + 1} of {reps} ({len(pairs)} compilations)", flush=True)
        for unit, cc in pairs:
            samples[(unit, cc)].append(compile_once(cc, unit))
    counted = {}
    for unit in (REFERENCE, "rollplan_include"):
        for _, cc in COMPILERS:
            print(f"=== compile_time: {unit} with {cc} under callgrind", flush=True)
            counted[(unit, cc)] = instructions(cc, unit)
    with open(os.path.join(out, "compile_times.csv"), "w") as csv:
        csv.write("unit,compiler,cpu_seconds,peak_mb\n")
        for (unit, cc), runs in samples.items():
            for seconds, mb in runs:
                csv.write(f"{unit},{cc},{seconds:.3f},{mb:.1f}\n")

    def median(unit, cc, index):
        return statistics.median(run[index] for run in samples[(unit, cc)])

    ref = {cc: median(REFERENCE, cc, 0) for _, cc in COMPILERS}
    lines = ["| translation unit (`-O2 -c`) | " + " | ".join(
        f"{name} CPU s | {name} peak MB | × `<random>`" for name, _ in COMPILERS) + " |",
             "|---|" + "---|---|---|" * len(COMPILERS)]
    for unit, what in ROWS:
        cells = []
        for _, cc in COMPILERS:
            seconds, mb = median(unit, cc, 0), median(unit, cc, 1)
            cells += [f"{seconds:.2f}", f"{mb:.0f}", f"{seconds / ref[cc]:.2f}"]
        lines.append(f"| {what} | " + " | ".join(cells) + " |")

    targets = ["", "| target | " + " | ".join(name for name, _ in COMPILERS) + " |",
               "|---|" + "---|" * len(COMPILERS)]
    row = []
    for _, cc in COMPILERS:
        ratio = median("rollplan_include", cc, 0) / ref[cc]
        row.append(f"{ratio:.2f}× ({'met' if ratio <= INCLUDE_TARGET else 'missed'})")
    targets.append(f"| `rollplan.hpp` alone ≤ {INCLUDE_TARGET}× the `<random>` unit, CPU time | " + " | ".join(row) + " |")
    row = []
    for _, cc in COMPILERS:
        ratio = counted[("rollplan_include", cc)] / counted[(REFERENCE, cc)]
        row.append(f"{ratio:.2f}× ({'met' if ratio <= INCLUDE_TARGET else 'missed'}; "
                   f"{counted[('rollplan_include', cc)] / 1e9:.3f} / {counted[(REFERENCE, cc)] / 1e9:.3f} G)")
    targets.append(f"| the same in instructions (callgrind, rollplan.hpp / `<random>`) | " + " | ".join(row) + " |")
    row = []
    for _, cc in COMPILERS:
        seconds, mb = median("proofs_1000", cc, 0), median("proofs_1000", cc, 1)
        met = seconds <= PROOF_SECONDS and mb <= PROOF_MEGABYTES
        row.append(f"{seconds:.2f} s, {mb:.0f} MB ({'met' if met else 'missed'})")
    targets.append(f"| 1000 proofs ≤ {PROOF_SECONDS:.0f} s CPU and ≤ 1 GB | " + " | ".join(row) + " |")

    note = (f"Medians of {reps} compilations each, interleaved in random order; CPU time is user + system "
            f"(`/usr/bin/time`), memory the peak resident set. On this run the `<random>` unit took "
            + " and ".join(f"{ref[cc]:.2f} s with {name}" for name, cc in COMPILERS) + ".")
    print(splice_block(doc_path, "compile", lines + targets + ["", note]))


if __name__ == "__main__":
    main()
