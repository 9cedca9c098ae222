#!/usr/bin/env python3
"""Mutation testing of rollplan's sampling code: does a test fail when the code is wrong?

scripts/mutate.sh runs this. It makes single-point mutants of the headers that
sample, batch, pool, analyse and verify (a relational boundary moved, an
equality or a logical operator flipped, a constant off by one, an arithmetic
operator or a shift turned round, the operands of a subtraction swapped, a
statement dropped, a returned bool negated), applies them one at a time to a
copy of include/, and builds each against the unit tests that include the
header (the header's own test first, then the others, then the compile-fail
cases its words decide, then the golden sequences of examples/reproducible.cpp),
stopping at the first that fails:

  killed    a test failed, a static_assert of a test or the header failed, or
            the tests hung past the time budget;
  survived  every test passed: a hole in the tests, or an equivalent mutant
            (the same behaviour, written differently), whose reason is in
            tests/mutation/equivalent.txt;
  invalid   the mutant is not valid C++ (a type error, an ambiguous call): it
            is not counted.

Usage: mutate.py [--sample N] [--only TEXT]... [--changed BASE] [--jobs J] [--budget S] [--report FILE]
                 [--list] [--resume FILE]... [--keep-survivors] [--keys-from FILE]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutate"
EQUIVALENT = ROOT / "tests" / "mutation" / "equivalent.txt"

# The headers mutated, each with every unit test that includes it (directly or
# through other headers; tests/parallel.cpp, which needs oneTBB, aside), its
# own test first and the tests most likely to fail next.
TARGETS = {
    "sample.hpp": ["sample.cpp", "generate.cpp", "fault_injection.cpp", "peer_tests.cpp", "philox.cpp", "golden.cpp",
                   "discrete.cpp", "distribution.cpp", "pool.cpp", "verify.cpp", "constant_and_run_time.cpp"],
    "detail/uniform_state.hpp": ["detail/uniform_state.cpp", "sample.cpp", "pool.cpp", "analysis.cpp", "planner.cpp",
                                 "certificate.cpp", "generate.cpp", "golden.cpp", "discrete.cpp", "distribution.cpp",
                                 "verify.cpp", "describe.cpp", "description.cpp", "fault_injection.cpp",
                                 "peer_tests.cpp", "philox.cpp", "constant_and_run_time.cpp"],
    "detail/batch.hpp": ["detail/batch.cpp", "generate.cpp", "golden.cpp", "philox.cpp", "fault_injection.cpp",
                         "constant_and_run_time.cpp"],
    "detail/integer.hpp": ["detail/integer.cpp", "sample.cpp", "generate.cpp", "golden.cpp", "detail/batch.cpp",
                           "detail/divide.cpp", "detail/uniform_state.cpp", "detail/wide.cpp", "detail/factor.cpp",
                           "detail/residues.cpp", "detail/weights.cpp", "analysis.cpp", "planner.cpp", "optimum.cpp",
                           "certificate.cpp", "rational.cpp", "pool.cpp", "discrete.cpp", "distribution.cpp",
                           "verify.cpp", "engines.cpp"],
    "detail/divide.hpp": ["detail/divide.cpp", "sample.cpp", "pool.cpp", "golden.cpp", "detail/uniform_state.cpp",
                          "analysis.cpp", "planner.cpp", "certificate.cpp", "generate.cpp", "discrete.cpp",
                          "distribution.cpp", "verify.cpp"],
    "distribution.hpp": ["distribution.cpp", "peer_tests.cpp", "generate.cpp", "fault_injection.cpp", "golden.cpp",
                         "discrete.cpp", "pool.cpp", "philox.cpp", "constant_and_run_time.cpp"],
    "pool.hpp": ["pool.cpp", "fault_injection.cpp", "golden.cpp", "constant_and_run_time.cpp"],
    "generate.hpp": ["generate.cpp", "philox.cpp", "fault_injection.cpp", "golden.cpp", "constant_and_run_time.cpp"],
    "analysis.hpp": ["analysis.cpp", "planner.cpp", "distribution.cpp", "golden.cpp", "certificate.cpp", "sample.cpp",
                     "verify.cpp", "discrete.cpp", "pool.cpp", "generate.cpp", "philox.cpp",
                     "constant_and_run_time.cpp"],
    "verify.hpp": ["verify.cpp", "sample.cpp", "discrete.cpp", "pool.cpp", "generate.cpp", "distribution.cpp",
                   "golden.cpp", "philox.cpp", "constant_and_run_time.cpp"],
    "detail/levels.hpp": ["detail/levels.cpp", "discrete.cpp", "pool.cpp"],
    "discrete.hpp": ["discrete.cpp", "pool.cpp", "detail/levels.cpp", "fault_injection.cpp", "golden.cpp",
                     "constant_and_run_time.cpp"],
    "detail/weights.hpp": ["detail/weights.cpp", "sample.cpp", "analysis.cpp", "discrete.cpp", "pool.cpp",
                           "detail/levels.cpp", "planner.cpp", "optimum.cpp", "describe.cpp", "verify.cpp", "golden.cpp"],
    "detail/alias_table.hpp": ["discrete.cpp", "detail/levels.cpp", "pool.cpp"],
}
# The compile-fail cases that a header's words decide (tests/compile_fail/): a
# mutant is also killed when one of them compiles, or fails without its words.
COMPILE_FAIL = {
    "verify.hpp": ["proof_attempt_never_accepts.cpp", "proof_attempt_unbounded.cpp", "proof_black_box_differ.cpp",
                   "proof_mass_off_target.cpp", "proof_masses_differ.cpp", "proof_outcome_out_of_range.cpp",
                   "proof_unresolved.cpp"],
}
FLAGS = ["-std=gnu++20", "-O1", "-DBOOST_ALL_NO_LIB", "-w"]
GOLDEN_PROGRAM = "examples/reproducible.cpp"
GOLDEN_TEXT = "tests/golden/reproducible.txt"


# --- making mutants -------------------------------------------------------

def code_spans(line):
    """The parts of a line that are code: not a comment, not a string or character literal."""
    spans, i, start, n = [], 0, 0, len(line)
    while i < n:
        c = line[i]
        if line.startswith("//", i):
            break
        if c in "\"'":
            spans.append((start, i))
            j = i + 1
            while j < n and line[j] != c:
                j += 2 if line[j] == "\\" else 1
            i = start = j + 1
            continue
        i += 1
    spans.append((start, min(i, n)))
    return [(a, b) for a, b in spans if b > a]


SWAPS = [  # (kind, pattern, replacement); patterns need the spaces of clang-format's binary operators
    ("boundary", " < ", " <= "), ("boundary", " <= ", " < "), ("boundary", " > ", " >= "), ("boundary", " >= ", " > "),
    ("equality", " == ", " != "), ("equality", " != ", " == "),
    ("logical", " && ", " || "), ("logical", " || ", " && "),
    ("arithmetic", " + ", " - "), ("arithmetic", " - ", " + "), ("arithmetic", " * ", " + "),
    ("arithmetic", " / ", " * "), ("arithmetic", " % ", " / "),
    ("shift", " << ", " >> "), ("shift", " >> ", " << "),
    ("assignment", " += ", " -= "), ("assignment", " -= ", " += "),
]
STATEMENT = re.compile(r"^\s*(\+\+|--)?[A-Za-z_][\w.\[\]>-]*(\+\+|--)?\s*([-+*/%|&^]|<<|>>)?=?[^=;]*;\s*$")
CONSTANT = re.compile(r"(?<![\w.])(\d+)(?![\w.'])")
SUBTRACTION = re.compile(r"(?<![\w.>)\]])([A-Za-z_]\w*) - ([A-Za-z_]\w*)(?![\w(\[.])")


def mutations_of(line):
    """Every single-point change of one line, as (kind, description, new line)."""
    found = []
    stripped = line.strip()
    if not stripped or stripped.startswith(("#", "//", "*", "/*", "static_assert", "template", "using ", "namespace",
                                            "requires", "case ", "default:")):
        return found
    for a, b in code_spans(line):
        part = line[a:b]
        for kind, old, new in SWAPS:
            for m in re.finditer(re.escape(old), part):
                if old == " > " and "<" in part[: m.start()] and "template" in part:
                    continue
                k = a + m.start()
                found.append((kind, f"'{old.strip()}' -> '{new.strip()}' at column {k + 1}",
                              line[:k] + new + line[k + len(old):]))
        for m in CONSTANT.finditer(part):
            value = int(m.group(1))
            if value > 128:
                continue
            k = a + m.start()
            for v in ([value + 1, value - 1] if value > 0 else [1]):
                found.append(("constant", f"{value} -> {v} at column {k + 1}", line[:k] + str(v) + line[k + len(m.group(1)):]))
        for m in SUBTRACTION.finditer(part):
            k = a + m.start()
            found.append(("swap", f"'{m.group(0)}' -> '{m.group(2)} - {m.group(1)}' at column {k + 1}",
                          line[:k] + f"{m.group(2)} - {m.group(1)}" + line[k + len(m.group(0)):]))
    for word, other in (("return true;", "return false;"), ("return false;", "return true;")):
        if stripped == word:
            found.append(("return", f"'{word}' -> '{other}'", line.replace(word, other)))
    if (STATEMENT.match(line) and not stripped.startswith(("return", "break", "continue", "throw", "const ", "auto "))
            and ("=" in stripped or "++" in stripped or "--" in stripped) and " = {" not in stripped
            and not re.match(r"^\s*[\w:<>]+\s+\w+\s*[={]", line)):
        found.append(("dropped", "statement dropped", re.sub(r"\S.*", ";  // dropped", line)))
    return found


def all_mutants():
    mutants = []
    for header in TARGETS:
        lines = (ROOT / "include" / "rollplan" / header).read_text().split("\n")
        in_block_comment = False
        for number, line in enumerate(lines, 1):
            if "/*" in line and "*/" not in line:
                in_block_comment = True
            if in_block_comment:
                in_block_comment = "*/" not in line
                continue
            for kind, what, new in mutations_of(line):
                mutants.append({"header": header, "line": number, "kind": kind, "what": what, "old": line, "new": new})
    number_repeated_lines(mutants)
    return mutants


def number_repeated_lines(mutants):
    """A line whose text appears more than once in its header gets its place
    among them ("2 of 3"), so that every mutant's key is its own."""
    places = {}
    for m in mutants:
        places.setdefault((m["header"], m["old"].strip()), set()).add(m["line"])
    for m in mutants:
        lines = sorted(places[(m["header"], m["old"].strip())])
        if len(lines) > 1:
            m["occurrence"] = f"{lines.index(m['line']) + 1} of {len(lines)}"


def changed_lines(base):
    """The lines of each mutated header that the change since `base` (a commit; the working tree
    against it, uncommitted edits included) adds or alters: git diff -U0's new-side ranges."""
    changed = {}
    for header in TARGETS:
        diff = subprocess.run(["git", "-C", str(ROOT), "diff", "-U0", base, "--", f"include/rollplan/{header}"],
                              capture_output=True, text=True, check=True).stdout
        lines = set()
        for hunk in re.finditer(r"^@@ -\S+ \+(\d+)(?:,(\d+))? @@", diff, re.M):
            start, count = int(hunk.group(1)), int(hunk.group(2) if hunk.group(2) is not None else 1)
            lines.update(range(start, start + count))
        if lines:
            changed[header] = lines
    return changed


def key(m):
    """Names a mutant by its header, its line's text and the change: stable while that line is."""
    place = f" | line {m['occurrence']} with this text" if m.get("occurrence") else ""
    return f"{m['header']} | {m['old'].strip()} | {m['what']}{place}"


def choose(mutants, count):
    """A spread of `count` mutants: the same every run, every kind of change in every header."""
    if count >= len(mutants):
        return mutants
    step = len(mutants) / count
    return [mutants[int(i * step)] for i in range(count)]


# --- running them ---------------------------------------------------------

PROVEN = re.compile(r"static assertion failed|static_assert|not a constant expression|non-constant condition|"
                    r"constexpr evaluation|constexpr loop|in 'constexpr' expansion|in ‘constexpr’ expansion|"
                    r"call to consteval|is not a constant|exceeded", re.I)


def compile_unit(tree, source, out, budget):
    cmd = ["g++", *FLAGS, f"-I{tree}/include", f"-I{tree}/tests", "-c", str(source), "-o", str(out)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=budget)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    if r.returncode == 0:
        return "ok", ""
    return ("proof" if PROVEN.search(r.stderr) else "error"), r.stderr


def run_mutant(m, tree, budget):
    """Applies m to tree's copy of the header, runs its tests, restores the header."""
    path = tree / "include" / "rollplan" / m["header"]
    original = path.read_text()
    lines = original.split("\n")
    assert lines[m["line"] - 1] == m["old"]
    lines[m["line"] - 1] = m["new"]
    path.write_text("\n".join(lines))
    objects = tree / "objects"
    objects.mkdir(exist_ok=True)
    try:
        for test in TARGETS[m["header"]]:
            obj = objects / (test.replace("/", "_") + ".o")
            status, errors = compile_unit(tree, tree / "tests" / test, obj, budget)
            if status == "timeout":  # GCC's constexpr limits stop a loop in a proof long before this
                return "killed", f"{test}: compiling took over the time budget"
            if status == "proof":
                return "killed", f"{test}: a static check failed"
            if status == "error":
                first = next((l for l in errors.splitlines() if "error" in l), errors[:200])
                return "invalid", f"{test}: {first.strip()[:200]}"
            binary = objects / "test"
            r = subprocess.run(["g++", str(WORK / "main.o"), str(obj), "-o", str(binary)], capture_output=True, text=True)
            if r.returncode != 0:
                return "invalid", f"{test}: does not link"
            try:
                r = subprocess.run([str(binary)], capture_output=True, text=True, timeout=budget)
            except subprocess.TimeoutExpired:
                return "killed", f"{test}: the tests ran past the time budget (a hang)"
            if r.returncode != 0:
                failed = re.findall(r"^(\S+\.cpp:\d+): FAILED", r.stdout, re.M)
                return "killed", f"{test}: {failed[0] if failed else 'exit ' + str(r.returncode)}"
        for case in COMPILE_FAIL.get(m["header"], []):
            try:
                r = subprocess.run(["bash", str(tree / "tests" / "compile_fail" / "check.sh"), "g++", str(tree / "include"),
                                    str(tree / "tests" / "compile_fail" / case)], capture_output=True, text=True,
                                   timeout=budget)
            except subprocess.TimeoutExpired:
                return "killed", f"compile_fail/{case}: compiling took over the time budget"
            if r.returncode != 0:
                return "killed", f"compile_fail/{case}: {(r.stdout.splitlines() or ['failed'])[0][:160]}"
        status, errors = compile_unit(tree, tree / GOLDEN_PROGRAM, objects / "golden.o", budget)
        if status != "ok":
            return ("killed" if status != "error" else "invalid"), "reproducible.cpp: does not build"
        subprocess.run(["g++", str(objects / "golden.o"), "-o", str(objects / "golden")], check=True)
        out = subprocess.run([str(objects / "golden")], capture_output=True, text=True, timeout=60).stdout
        if out != (tree / GOLDEN_TEXT).read_text():
            return "killed", "the golden sequences (examples/reproducible.cpp) differ"
        return "survived", ""
    finally:
        path.write_text(original)


def read_equivalent():
    """tests/mutation/equivalent.txt: a mutant's key, then its reason on the lines below, indented."""
    reasons, current = {}, None
    if EQUIVALENT.exists():
        for line in EQUIVALENT.read_text().splitlines():
            if line.startswith("#") or not line.strip():
                continue
            if line.startswith(("  ", "\t")) and current:
                reasons[current] = (reasons[current] + " " + line.strip()).strip()
            else:
                current = line.strip()
                reasons[current] = ""
    return reasons


def report(results, path, seconds, args):
    equivalent = read_equivalent()
    counted = [r for r in results if r["status"] != "invalid"]
    killed = [r for r in counted if r["status"] == "killed"]
    survived = [r for r in counted if r["status"] == "survived"]
    explained = [r for r in survived if equivalent.get(key(r))]
    unexplained = [r for r in survived if not equivalent.get(key(r))]
    share = 100.0 * len(killed) / max(1, len(counted))
    score = 100.0 * len(killed) / max(1, len(counted) - len(explained))  # of the mutants that change behaviour
    out = ["# Mutation testing", "",
           "What it is for: whether the unit tests notice wrong code. Written by `bash scripts/mutate.sh "
           + " ".join(a if " " not in a else repr(a) for a in sys.argv[1:]) + "` (scripts/mutate.py); "
           "do not edit by hand.",
           "",
           "Each mutant changes one point of one header (a relational boundary, an equality or logical operator,",
           "a constant by one, an arithmetic operator or shift, the operands of a subtraction, a dropped",
           "statement, a negated `return`) and is built with GCC (-O1) against every unit test that includes",
           "the header, then the compile-fail cases whose words it decides, then the golden sequences; the",
           "first failure kills it. Invalid mutants (not C++) are not counted. A survivor is a hole in the",
           "tests or an equivalent mutant, whose reason is in tests/mutation/equivalent.txt; the score is the",
           "share of the other mutants that are killed.", ""]
    if args.resume:
        out += ["Verdicts taken from earlier runs: " + ", ".join(f"`{Path(f).name}`" for f in args.resume)
                + (" (their kills, and their survivors as those runs found them)" if args.keep_survivors
                   else " (their kills)") + "; the time below is this run's own.", ""]
    out += [
           f"**{len(counted)} mutants, {len(killed)} killed ({share:.1f}%), {len(explained)} equivalent, "
           f"{len(unexplained)} unexplained survivors: {score:.1f}% of the {len(counted) - len(explained)} "
           f"mutants that change what a caller sees are killed** ({len(results) - len(counted)} invalid left out; "
           f"{seconds:.0f} s with {args.jobs} jobs"
           + ").", "",
           "| header | mutants | killed | equivalent | unexplained | invalid |", "|---|---:|---:|---:|---:|---:|"]
    for header in TARGETS:
        mine = [r for r in results if r["header"] == header]
        if not mine:
            continue
        c = [r for r in mine if r["status"] != "invalid"]
        out.append(f"| {header} | {len(c)} | {sum(r['status'] == 'killed' for r in c)} | "
                   f"{sum(r in explained for r in c)} | {sum(r in unexplained for r in c)} | {len(mine) - len(c)} |")
    kinds = sorted({r["kind"] for r in counted})
    out += ["", "| change | mutants | killed |", "|---|---:|---:|"]
    for kind in kinds:
        c = [r for r in counted if r["kind"] == kind]
        out.append(f"| {kind} | {len(c)} | {sum(r['status'] == 'killed' for r in c)} |")
    if getattr(args, "gone", None):
        out += ["", f"Mutants of the earlier run whose line is gone (changed or removed since), not counted: "
                f"{len(args.gone)}.", ""]
        out += [f"- `{k}`" for k in args.gone]
    out += ["", "## Survivors", ""]
    if not survived:
        out.append("None.")
    for r in survived:
        reason = equivalent.get(key(r))
        out.append(f"- `{r['header']}:{r['line']}` {r['what']}: `{r['old'].strip()}` → `{r['new'].strip()}`  ")
        out.append(f"  {'equivalent: ' + reason if reason else '**unexplained**'}")
    out += ["", "## What killed each mutant", "", "| mutant | killed by |", "|---|---|"]
    for r in killed:
        out.append(f"| `{r['header']}:{r['line']}` {r['what']} | {r['detail']} |")
    path.write_text("\n".join(out) + "\n")
    return score, unexplained, len(counted)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sample", type=int, default=0, help="run this many mutants, spread over all (0: all)")
    p.add_argument("--only", action="append", default=[],
                   help="only mutants whose key contains this text (given again: any of the texts)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--budget", type=float, default=240, help="seconds for each compilation and each test run of a mutant")
    p.add_argument("--report", default="", help="write the report here (default: print the summary only)")
    p.add_argument("--list", action="store_true", help="list the mutants and stop")
    p.add_argument("--min-killed", type=float, default=95.0)
    p.add_argument("--resume", action="append", default=[],
                   help="a results file of an earlier run (given again: several): its killed mutants stay killed "
                   "(tests were only added since), the others run again")
    p.add_argument("--keep-survivors", action="store_true",
                   help="with --resume: the earlier runs' survivors are not run again (no test was added since)")
    p.add_argument("--changed", default="", metavar="BASE",
                   help="only mutants of the lines that the change since commit BASE adds or alters "
                   "(the working tree against BASE), each built against the tests of its header")
    p.add_argument("--keys-from", default="",
                   help="the mutants of this results file, by their keys (the same set as that run); "
                   "keys whose line is gone are listed, not counted")
    args = p.parse_args()

    mutants = [m for m in all_mutants() if not args.only or any(text in key(m) for text in args.only)]
    if args.changed:
        changed = changed_lines(args.changed)
        mutants = [m for m in mutants if m["line"] in changed.get(m["header"], ())]
    gone = []
    if args.keys_from:
        by_key = {key(m): m for m in mutants}
        wanted = [key(r) for r in json.loads(Path(args.keys_from).read_text())]
        gone = [k for k in wanted if k not in by_key]
        mutants = [by_key[k] for k in wanted if k in by_key]
        for k in gone:
            print(f"gone: {k} (its line changed or was removed since that run)")
    args.gone = gone
    if args.sample:
        mutants = choose(mutants, args.sample)
    if args.list:
        for m in mutants:
            print(f"{m['header']}:{m['line']}: {m['kind']}: {m['what']}: {m['new'].strip()}")
        print(f"{len(mutants)} mutants")
        return 0
    start = time.monotonic()
    WORK.mkdir(parents=True, exist_ok=True)
    if not (WORK / "main.o").exists():
        subprocess.run(["g++", *FLAGS, "-c", str(ROOT / "tests" / "main.cpp"), "-o", str(WORK / "main.o")], check=True)
    trees = []
    for j in range(args.jobs):
        tree = WORK / f"tree{j}"
        if tree.exists():
            shutil.rmtree(tree)
        # the headers and the tests as they are now, so that editing either during a run changes nothing in it
        for part in ("include", "tests", "examples"):
            shutil.copytree(ROOT / part, tree / part)
        trees.append(tree)
    free = list(trees)
    results = [None] * len(mutants)
    earlier = {}
    keep = ("killed", "survived") if args.keep_survivors else ("killed",)
    for file in args.resume:  # a kill in any file stands; a survivor, only when no file kills it
        for r in json.loads(Path(file).read_text()):
            if r["status"] in keep and earlier.get(key(r), {}).get("status") != "killed":
                earlier[key(r)] = r
    for i, m in enumerate(mutants):
        if key(m) in earlier:
            r = earlier[key(m)]
            results[i] = dict(m, status=r["status"], detail=r["detail"].removesuffix(" (an earlier run)") + " (an earlier run)")

    def work(i):
        tree = free.pop()
        try:
            status, detail = run_mutant(mutants[i], tree, args.budget)
        finally:
            free.append(tree)
        results[i] = dict(mutants[i], status=status, detail=detail.replace(f"{tree}/", ""))
        m = results[i]
        (WORK / "results.json").write_text(json.dumps([r for r in results if r is not None], indent=0))
        print(f"[{sum(r is not None for r in results)}/{len(mutants)}] {status:8} {m['header']}:{m['line']} "
              f"{m['what']}{': ' + detail if detail else ''}", flush=True)

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(work, [i for i in range(len(mutants)) if results[i] is None]))
    seconds = time.monotonic() - start
    (WORK / "results.json").write_text(json.dumps(results, indent=0))
    path = Path(args.report) if args.report else WORK / "report.md"
    share, unexplained, counted = report(results, path, seconds, args)
    print(f"=== mutants: {counted} counted, {share:.1f}% of those not equivalent killed, {len(unexplained)} unexplained survivors "
          f"({seconds:.0f} s); report in {path}")
    for r in unexplained:
        print(f"survived: {key(r)}")
    return 0 if share >= args.min_killed and not unexplained else 1


if __name__ == "__main__":
    sys.exit(main())
