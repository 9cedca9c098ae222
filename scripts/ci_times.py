#!/usr/bin/env python3
"""ci_times.py LOG COMMIT [DOC]: the stage times of a full run of
`bash scripts/test.sh` (or `bash .ci/run`), read from its output LOG, written
as the <!-- table:ci_times --> block of DOC (default docs/testing.md), with
the commit the run tested. Exits 1 if LOG is not a complete, passing run."""
import re
import sys

from splice_tables import splice_block

STAGES = [  # (what test.sh prints, the stage's name, what it builds and runs)
    (r"=== g\+\+: built and tested in (\d+) s", "GCC 12",
     "everything: unit tests, examples, deep static sweeps (grids, certificate over N ≤ 2000, reals of a small format), "
     "compile-fail cases, the command, the docs' checks, built at -O2"),
    (r"=== clang\+\+-16: built and tested in (\d+) s", "Clang 16",
     "the same but the certificate and reals sweeps (GCC evaluates that arithmetic already), built at -O3"),
    (r"=== clang\+\+-14: built and tested in (\d+) s", "Clang 14",
     "the same but the deep sweeps (Clang 16 proves the same constants), the packaging tests (consume.*), the docs' tables and the unit tests' cases but [golden] (Clang 16 runs them at -O0 under the sanitizers), "
     "built at -O0 (what compiles and what it computes, not how fast)"),
    (r"=== clang\+\+-16 with libc\+\+: clean, in (\d+) s", "Clang 16 with libc++",
     "unit tests (golden values included), examples, the reproducible sequences against their golden "
     "file, the command's tests, with LLVM's libc++ instead of libstdc++, built at -O1"),
    (r"=== wasm: the same values under node, in (\d+) s", "WebAssembly",
     "`examples/reproducible.cpp` and `examples/d29_from_d6.cpp` built by emscripten, run under node, against "
     "the golden file and the native build"),
    (r"=== other CPUs: the same values, in (\d+) s", "aarch64, s390x, i686",
     "the unit tests of golden, batch, engines, philox, seed, pool, distribution, discrete, generate and wide, "
     "the reproducible sequences and the run-time planner's plans, built by Debian's cross compilers and run under "
     "qemu-user; "
     "the -m32 stop at the README's sentence"),
    (r"=== web page: checked in Chromium, in (\d+) s", "Web page",
     "`bash scripts/web.sh` (the page, its WebAssembly built by emscripten) and `tests/web/check.py` in headless "
     "Chromium: the d29 figures, sittings, bad input, a phone's width, 78 plans against the command's"),
    (r"=== g\+\+, sanitizers: clean, in (\d+) s", "GCC 12, sanitizers",
     "unit tests (in two processes side by side: the `[planner]`, `[pool]` and `[golden]` cases, and the rest), examples, "
     "the command's tests under `-fsanitize=address,undefined` at -O0, static checks at run time"),
    (r"=== clang\+\+-16, sanitizers: clean, in (\d+) s", "Clang 16, sanitizers",
     "the same, and tests/threads/threads.cpp under ThreadSanitizer (shared const objects, a fill made by four "
     "threads; a shared pool and overlapping parts must be reported)"),
    (r"=== fuzz: no finding, in (\d+) s", "libFuzzer",
     "`tests/fuzz/fuzz_rollplan.cpp` (the library) and `tests/fuzz/fuzz_command.cpp` (the command), 60 s each side by side, "
     "from their seed corpora, with their builds "
     "(`bash scripts/fuzz.sh SECONDS` alone)"),
]


def main():
    log_path, commit = sys.argv[1], sys.argv[2]
    doc_path = sys.argv[3] if len(sys.argv) > 3 else "docs/testing.md"
    log = open(log_path, encoding="utf-8", errors="replace").read()
    rows = ["| stage | what it builds and runs | seconds |", "|---|---|---|"]
    for pattern, name, what in STAGES:
        m = re.search(pattern, log)
        if not m:
            sys.exit(f"ci_times: {log_path} has no line for the stage {name} ({pattern})")
        rows.append(f"| {name} | {what} | {m.group(1)} |")
    total = re.search(r"=== all runs took (\d+) s", log)
    if not total or not re.search(r"runs: \d+ passed, 0 failed", log):
        sys.exit(f"ci_times: {log_path} is not a complete run with every stage passed")
    seconds = int(total.group(1))
    rows.append(f"| total | at commit {commit} ({seconds / 60:.1f} min; the goal is under 60) | {seconds} |")
    print(splice_block(doc_path, "ci_times", rows))


if __name__ == "__main__":
    main()
