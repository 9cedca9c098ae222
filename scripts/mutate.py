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
stopping at the first that fails. The rollplan command's headers (cli/) are
mutated too: their mutants build the command and run the cases of
tests/cli/check.sh.

  killed    a test failed, a static_assert of a test or the header failed, or
            the tests hung past the time budget;
  survived  every test passed: a hole in the tests, or an equivalent mutant
            (the same behaviour, written differently), whose reason is in
            tests/mutation/equivalent.txt;
  invalid   the mutant is not valid C++ (a type error, an ambiguous call): it
            is not counted.

--mutant FILE:'before'→'after' (or ->; given again: several) adds a mutant
written by hand: that exact text, which must occur once in the header FILE,
replaced, and tested as above. Alone it is the whole run; with --sample,
--only, --changed or --keys-from it runs beside the mutants they choose.

--full kills more: a mutant that every GCC test leaves alive is built again
with clang++-16 against the same tests (its own main), then against every
proof sweep of tests/proofs/ that includes its header, built as
tests/CMakeLists.txt builds them with ROLLPLAN_SWEEPS on (GCC, the deep
sweeps and the certificate sweep too), cheapest first. A sweep kills when it
does not compile or its program fails (the boundary programs: when
tests/boundaries.py rejects their analysis). The report says which killed
each mutant: gcc tests, clang tests or proof sweep.

Usage: mutate.py [--sample N] [--only TEXT]... [--changed BASE] [--mutant FILE:'before'→'after']... [--full]
                 [--jobs J] [--budget S] [--report FILE] [--list] [--resume FILE]... [--keep-survivors]
                 [--keys-from FILE]...
"""
import argparse
import fcntl
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
    "detail/binary_format.hpp": ["detail/binary_format.cpp", "detail/floor_uniform.cpp", "verify_real.cpp",
                                 "uniform_real.cpp"],
    "detail/floor_uniform.hpp": ["detail/floor_uniform.cpp", "verify_real.cpp", "uniform_real.cpp", "golden.cpp"],
    "uniform_real.hpp": ["uniform_real.cpp", "golden.cpp"],
    "generate_canonical.hpp": ["generate_canonical.cpp"],
    "verify_real.hpp": ["verify_real.cpp", "detail/floor_uniform.cpp"],
    "detail/std_surface.hpp": ["detail/std_surface.cpp", "distribution.cpp", "discrete.cpp", "engines.cpp"],
    "geometric.hpp": ["geometric.cpp", "discrete_laplace.cpp", "negative_binomial.cpp", "golden.cpp"],
    "detail/lazy_uniform.hpp": ["detail/lazy_uniform.cpp", "geometric.cpp", "bernoulli_exp.cpp", "discrete_laplace.cpp",
                                "discrete_gaussian.cpp", "exponential.cpp", "detail/karney_normal.cpp", "normal.cpp", "golden.cpp"],
    "bernoulli_exp.hpp": ["bernoulli_exp.cpp", "golden.cpp"],
    "discrete_laplace.hpp": ["discrete_laplace.cpp", "discrete_gaussian.cpp", "golden.cpp"],
    "discrete_gaussian.hpp": ["discrete_gaussian.cpp", "golden.cpp"],
    "detail/exp_bounds.hpp": ["detail/exp_bounds.cpp", "bernoulli_exp.cpp", "discrete_laplace.cpp", "discrete_gaussian.cpp",
                              "golden.cpp"],
    "detail/big.hpp": ["detail/big.cpp", "detail/levels.cpp", "detail/lazy_uniform.cpp", "detail/exp_bounds.cpp", "geometric.cpp",
                       "discrete.cpp", "discrete_gaussian.cpp", "detail/floor_quotient.cpp", "exponential.cpp"],
    "detail/probability.hpp": ["detail/probability.cpp", "discrete.cpp", "geometric.cpp", "bernoulli_exp.cpp", "discrete_laplace.cpp",
                               "discrete_gaussian.cpp"],
    "detail/floor_quotient.hpp": ["detail/floor_quotient.cpp", "exponential.cpp", "normal.cpp", "golden.cpp", "golden_normal.cpp"],
    "detail/von_neumann.hpp": ["detail/von_neumann.cpp", "exponential.cpp", "detail/karney_normal.cpp", "normal.cpp", "golden.cpp",
                               "golden_normal.cpp"],
    "exponential.hpp": ["exponential.cpp", "golden.cpp"],
    "detail/karney_normal.hpp": ["detail/karney_normal.cpp", "normal.cpp", "golden_normal.cpp"],
    "normal.hpp": ["normal.cpp", "golden_normal.cpp"],
    "binomial.hpp": ["binomial.cpp", "golden_binomial.cpp"],
    "negative_binomial.hpp": ["negative_binomial.cpp", "golden.cpp"],
}
# The rollplan command's headers (cli/), mutated too: each mutant builds the command (cli/rollplan.cpp)
# and runs the cases of tests/cli/check.sh, the one most likely to fail first.
CLI_CASES = ["notation", "outputs", "bad_input", "interactive_pipe", "hostile", "interactive_terminal"]
TARGETS.update({header: CLI_CASES for header in ("cli/notation.hpp", "cli/request.hpp", "cli/sitting.hpp",
                                                  "cli/words.hpp", "cli/command.hpp")})
# The library's words: their unit tests, then the command's cases, which follow the words as a person would
# (tests/cli/follow.py walks a table's steps on every sequence of faces).
TARGETS["describe.hpp"] = ["describe.cpp", "description.cpp"]
WITH_COMMAND = {"describe.hpp"}


def in_tree(tree, header):
    """Where the header is in a tree: include/rollplan/X, or cli/X for the command's."""
    return tree / header if header.startswith("cli/") else tree / "include" / "rollplan" / header


def shown_path(header):
    return header if header.startswith("cli/") else f"include/rollplan/{header}"


# The compile-fail cases that a header's words decide (tests/compile_fail/): a
# mutant is also killed when one of them compiles, or fails without its words.
COMPILE_FAIL = {
    "verify.hpp": ["proof_attempt_never_accepts.cpp", "proof_attempt_unbounded.cpp", "proof_black_box_differ.cpp",
                   "proof_mass_off_target.cpp", "proof_masses_differ.cpp", "proof_outcome_out_of_range.cpp",
                   "proof_unresolved.cpp"],
    "detail/binary_format.hpp": ["binary_format_too_wide.cpp"],
    "uniform_real.hpp": ["uniform_real_long_double.cpp"],
    "normal.hpp": ["normal_long_double.cpp"],
    "distribution.hpp": ["int128_full_range.cpp", "int128_full_range_drawn.cpp"],
    "generate_canonical.hpp": ["generate_canonical_int.cpp", "generate_canonical_not_an_engine.cpp",
                               "generate_canonical_wide_engine.cpp"],
    "detail/std_surface.hpp": ["not_a_generator.cpp", "temporary_engine.cpp", "temporary_engine_bernoulli.cpp",
                               "temporary_engine_compile_time.cpp", "temporary_engine_discrete.cpp"],
}
# _GLIBCXX_ASSERTIONS: libstdc++ checks every subscript of a vector or an array, so that a mutant that reads
# or writes one past the end aborts its test at -O1 as AddressSanitizer does in CI
FLAGS = ["-std=gnu++20", "-O1", "-DBOOST_ALL_NO_LIB", "-D_GLIBCXX_ASSERTIONS", "-w"]
GOLDEN_PROGRAM = "examples/reproducible.cpp"
GOLDEN_TEXT = "tests/golden/reproducible.txt"
CLANG = "clang++-16"  # --full: the unit tests again with this compiler
# --full: the proof sweeps (tests/proofs/) as tests/CMakeLists.txt builds them with ROLLPLAN_SWEEPS and
# ROLLPLAN_CERTIFICATE_SWEEP on, as (name, source, definitions, raised constexpr limits), cheapest first
# (GCC 12 -O1 on the project's 2-core machine: a large_targets or boundaries program ~15 s, the budget
# program ~10 s, a grid die ~50-100 s, an exhaustive part or a certificate die ~40-60 s).
RAISED_LIMITS = ["-fconstexpr-ops-limit=4000000000", "-fconstexpr-loop-limit=100000000"]
STRATEGIES = ["digits", "smooth", "cheapest", "optimal", "fastest"]
SWEEPS = ([("certificate_budget", "certificate_budget.cpp", [], False)]
          + [(f"large_targets.{s}", "large_targets.cpp", [f"ROLLPLAN_LARGE_STRATEGY={s}"], False) for s in STRATEGIES]
          + [(f"boundaries.{s}", "boundaries.cpp", [f"ROLLPLAN_BOUNDARY_STRATEGY={s}"], False) for s in STRATEGIES]
          + [(f"exhaustive.{part}", "exhaustive.cpp", [f"ROLLPLAN_EXHAUSTIVE_PART={part}"], True) for part in (1, 2, 3)]
          + [(f"grid.d{faces}", "grid.cpp", [f"ROLLPLAN_GRID_FACES={faces}"], False)
             for faces in (2, 3, 4, 5, 6, 7, 8, 10, 12, 20)]
          + [("grid.d6_d10", "grid.cpp", ["ROLLPLAN_GRID_DICE=rp::d6, rp::d10", "ROLLPLAN_GRID_LAST=300"], False),
             ("grid.polyhedral", "grid.cpp", ["ROLLPLAN_GRID_DICE=rp::d4, rp::d6, rp::d8, rp::d10, rp::d12, rp::d20",
                                             "ROLLPLAN_GRID_LAST=150"], False)]
          + [(f"certificate.d{faces}", "certificate.cpp", [f"ROLLPLAN_CERT_FACES={faces}"], True)
             for faces in (2, 3, 5, 6, 7, 10, 12, 20, 2147483647, 4294967296)]
          + [("certificate.d2^64", "certificate.cpp", ["ROLLPLAN_CERT_FACES=rollplan::two_to_64"], True)]
          + [(f"real.{part}", "real.cpp", [f"ROLLPLAN_REAL_PART={part}"], True) for part in (3, 2, 1)])
# --full builds one program of each proof source, the one that covers most of its code: the default strategy
# (fastest) of the large targets and the boundaries, the exhaustive part of a d5 and a d6 (every strategy and
# Lemire's map for N = 2..40), the grid and the certificate of a d6 (a die of two primes, where the planner
# combines digits, rejection and folding), the budget program and the three parts of the reals (each cheap).
# That makes a nightly run of 100 mutants fit in an hour; --all-sweeps builds all 36 programs for a
# survivor, as tests/CMakeLists.txt does (15 to 30 minutes a survivor on two cores).
ONE_OF_EACH = {"certificate_budget", "large_targets.fastest", "boundaries.fastest", "exhaustive.2", "grid.d6",
               "certificate.d6", "real.3", "real.2", "real.1"}


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
        lines = in_tree(ROOT, header).read_text().split("\n")
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
        diff = subprocess.run(["git", "-C", str(ROOT), "diff", "-U0", base, "--", shown_path(header)],
                              capture_output=True, text=True, check=True).stdout
        lines = set()
        for hunk in re.finditer(r"^@@ -\S+ \+(\d+)(?:,(\d+))? @@", diff, re.M):
            start, count = int(hunk.group(1)), int(hunk.group(2) if hunk.group(2) is not None else 1)
            lines.update(range(start, start + count))
        if lines:
            changed[header] = lines
    return changed


class Refused(Exception):
    """A --mutant that cannot be applied as written."""


def split_change(change):
    """'before'→'after' (or ->) as (before, after); quotes around both sides are taken off."""
    if change.count("→") == 1:
        before, after = change.split("→")
    elif change.startswith("'") and change.endswith("'") and change.count("'->'") == 1:
        before, after = change[1:-1].split("'->'")
        return before, after
    elif "→" not in change and change.count("->") == 1:
        before, after = change.split("->")
    else:
        raise Refused("cannot tell 'before' from 'after': write them as 'before'→'after' (one arrow; "
                      "-> is taken when it occurs once, or between the quotes as '...'->'...')")
    if len(before) >= 2 and len(after) >= 2 and before[0] == before[-1] == "'" and after[0] == after[-1] == "'":
        before, after = before[1:-1], after[1:-1]
    return before, after


def hand_mutant(spec):
    """--mutant FILE:'before'→'after': the mutant that replaces the one occurrence of before in FILE by after."""
    file, colon, change = spec.partition(":")
    if not colon:
        raise Refused(f"--mutant {spec}: expected FILE:'before'→'after'")
    header = file.strip().removeprefix("./").removeprefix("include/").removeprefix("rollplan/")
    if header not in TARGETS:
        raise Refused(f"--mutant {spec}: {file} is not a header this script mutates (include/rollplan/ or cli/, one of: "
                      + ", ".join(TARGETS) + ")")
    try:
        before, after = split_change(change)
    except Refused as e:
        raise Refused(f"--mutant {spec}: {e}") from None
    return written_mutant(header, before, after, f"--mutant {spec}")


def written_mutant(header, before, after, spec):
    if not before:
        raise Refused(f"{spec}: the text to replace is empty")
    if before == after:
        raise Refused(f"{spec}: 'before' and 'after' are the same text: not a mutant")
    path = in_tree(ROOT, header)
    text = path.read_text()
    count = text.count(before)
    if count != 1:
        raise Refused(f"{spec}: '{before}' " + (f"occurs {count} times in {shown_path(header)}, not exactly once: "
                                               "give more of its text" if count else
                                               f"does not occur in {shown_path(header)}"))
    start = text.index(before)
    number = text.count("\n", 0, start) + 1
    old_lines = text.split("\n")[number - 1: number + before.count("\n")]
    new_lines = text.replace(before, after).split("\n")[number - 1: number + after.count("\n")]
    return {"header": header, "line": number, "kind": "by hand", "what": f"'{before}' -> '{after}' (by hand)",
            "old": " ".join(l.strip() for l in old_lines), "new": " ".join(l.strip() for l in new_lines),
            "before": before, "after": after}


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


def compile_unit(tree, source, out, budget, compiler="g++"):
    cmd = [compiler, *FLAGS, f"-I{tree}/include", f"-I{tree}/tests", "-c", str(source), "-o", str(out)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=budget)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    if r.returncode == 0:
        return "ok", ""
    return ("proof" if PROVEN.search(r.stderr) else "error"), r.stderr


def run_mutant(m, tree, budget, full=False, every=False):
    """Applies m to tree's copy of the header, runs its tests (with --full, the other killers too),
    restores the header. Returns (status, detail, killer)."""
    path = in_tree(tree, m["header"])
    original = path.read_text()
    if "before" in m:  # written by hand: a textual replacement
        assert original.count(m["before"]) == 1, f"{m['header']} changed since the run began"
        path.write_text(original.replace(m["before"], m["after"]))
    else:
        lines = original.split("\n")
        assert lines[m["line"] - 1] == m["old"]
        lines[m["line"] - 1] = m["new"]
        path.write_text("\n".join(lines))
    try:
        status, detail = run_tests(m, tree, budget, "g++", WORK / "main.o")
        if status != "survived":
            return status, detail, "gcc tests" if status == "killed" else ""
        if not full:
            return status, detail, ""
        status, detail = run_tests(m, tree, budget, CLANG, WORK / "main-clang.o")
        if status != "survived":  # GCC built it: a build that Clang refuses kills it too
            return "killed", detail if status == "killed" else detail + " (Clang does not build it)", "clang tests"
        status, detail = run_sweeps(m, tree, budget, every)
        return status, detail, "proof sweep" if status == "killed" else ""
    finally:
        path.write_text(original)


SWEEP_HEADERS = {}


# Headers whose code no proof sweep runs: the sweeps plan, sample, analyse, verify and certify uniform
# targets (tests/proofs/*.cpp call plan_t, make_plan, sample, expected_rolls, verify_exhaustively and
# certify_optimal), and include these headers only through rollplan.hpp. A mutant of them that builds
# with the unit tests builds the sweeps too, and cannot change what they compute: --full does not build
# the sweeps for it.
NOT_RUN_BY_SWEEPS = {"discrete.hpp", "detail/levels.hpp", "detail/alias_table.hpp", "pool.hpp", "generate.hpp",
                     "distribution.hpp", "detail/std_surface.hpp", "uniform_real.hpp",
                     "generate_canonical.hpp", "geometric.hpp", "detail/lazy_uniform.hpp", "detail/probability.hpp",
                     "detail/big.hpp", "bernoulli_exp.hpp", "discrete_laplace.hpp", "detail/exp_bounds.hpp",
                     "discrete_gaussian.hpp", "detail/floor_quotient.hpp", "detail/von_neumann.hpp", "exponential.hpp",
                     "detail/karney_normal.hpp", "normal.hpp"}


def sweeps_of(header, every=False):
    """The proof sweeps whose source includes the header (directly or not), by g++ -MM, and runs its code:
    one program of each source (ONE_OF_EACH), or with every=True all of them."""
    if header in NOT_RUN_BY_SWEEPS or header.startswith("cli/"):  # the command is in no proof sweep
        return []
    if not SWEEP_HEADERS:
        for source in sorted({s[1] for s in SWEEPS}):
            deps = subprocess.run(["g++", "-std=gnu++20", "-MM", f"-I{ROOT}/include", str(ROOT / "tests" / "proofs" / source)],
                                  capture_output=True, text=True, check=True).stdout
            SWEEP_HEADERS[source] = {os.path.normpath(d).split("include/rollplan/", 1)[1]
                                     for d in deps.replace("\\\n", " ").split() if "include/rollplan/" in d}
    return [s for s in SWEEPS if header in SWEEP_HEADERS[s[1]] and (every or s[0] in ONE_OF_EACH)]


def run_sweeps(m, tree, budget, every=False):
    """--full: the proof sweeps that include m's header, built with GCC against the mutated tree and run."""
    out = tree / "objects" / "proofs"
    out.mkdir(parents=True, exist_ok=True)
    boundaries = []
    sweeps = sweeps_of(m["header"], every)
    for name, source, definitions, raised in sweeps:
        binary = out / name.replace("^", "_")
        cmd = ["g++", *FLAGS, *(RAISED_LIMITS if raised else []), *[f"-D{d}" for d in definitions], f"-I{tree}/include",
               str(tree / "tests" / "proofs" / source), "-o", str(binary)]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=budget)
        except subprocess.TimeoutExpired:
            return "killed", f"proof {name}: compiling took over the time budget"
        if r.returncode != 0:
            if PROVEN.search(r.stderr):
                return "killed", f"proof {name}: a static check failed"
            first = next((l for l in r.stderr.splitlines() if "error" in l), r.stderr[:200])
            return "killed", f"proof {name}: does not build: {first.strip()[:160]}"
        if source == "boundaries.cpp":  # their output is checked all together, as ctest does
            boundaries.append(str(binary))
            if len(boundaries) < sum(s[1] == "boundaries.cpp" for s in sweeps):
                continue
            cmd, name = [sys.executable, str(tree / "tests" / "boundaries.py"), *boundaries], "boundaries.exact_analysis"
        else:
            cmd = [str(binary)]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=budget)
        except subprocess.TimeoutExpired:
            return "killed", f"proof {name}: ran past the time budget"
        if r.returncode != 0:
            said = (r.stdout + r.stderr).strip().splitlines()
            return "killed", f"proof {name}: {said[-1][:160] if said else 'exit ' + str(r.returncode)}"
    return "survived", ""


def run_command_tests(m, tree, budget, compiler):
    """m's header is the command's: the command built with compiler, then the cases of tests/cli/check.sh."""
    objects = tree / "objects" / compiler
    objects.mkdir(parents=True, exist_ok=True)
    binary = objects / "rollplan"
    cmd = [compiler, *FLAGS, f"-I{tree}/include", str(tree / "cli" / "rollplan.cpp"), "-o", str(binary)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=budget)
    except subprocess.TimeoutExpired:
        return "killed", "cli/rollplan.cpp: compiling took over the time budget"
    if r.returncode != 0:
        if PROVEN.search(r.stderr):
            return "killed", "cli/rollplan.cpp: a static check failed"
        first = next((l for l in r.stderr.splitlines() if "error" in l), r.stderr[:200])
        return "invalid", f"cli/rollplan.cpp: {first.strip()[:200]}"
    version = re.search(r"project\(rollplan VERSION (\S+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
    for case in CLI_CASES:
        try:
            r = subprocess.run(["bash", str(tree / "tests" / "cli" / "check.sh"), str(binary), version, case],
                               capture_output=True, text=True, timeout=budget)
        except subprocess.TimeoutExpired:
            return "killed", f"cli.{case}: ran past the time budget (a hang)"
        if r.returncode != 0:
            failed = [l for l in r.stdout.splitlines() if l.startswith("FAILED")]
            return "killed", f"cli.{case}: {(failed or ['exit ' + str(r.returncode)])[0][:160]}"
    return "survived", ""


def run_tests(m, tree, budget, compiler, main_object):
    """m's header's unit tests, compile-fail cases and golden sequences, built with compiler."""
    if m["header"].startswith("cli/"):
        return run_command_tests(m, tree, budget, compiler)
    objects = tree / "objects" / compiler
    objects.mkdir(parents=True, exist_ok=True)
    for test in TARGETS[m["header"]]:
        obj = objects / (test.replace("/", "_") + ".o")
        status, errors = compile_unit(tree, tree / "tests" / test, obj, budget, compiler)
        if status == "timeout":  # GCC's constexpr limits stop a loop in a proof long before this
            return "killed", f"{test}: compiling took over the time budget"
        if status == "proof":
            return "killed", f"{test}: a static check failed"
        if status == "error":
            first = next((l for l in errors.splitlines() if "error" in l), errors[:200])
            return "invalid", f"{test}: {first.strip()[:200]}"
        binary = objects / "test"
        r = subprocess.run([compiler, str(main_object), str(obj), "-o", str(binary)], capture_output=True, text=True)
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
            r = subprocess.run(["bash", str(tree / "tests" / "compile_fail" / "check.sh"), compiler, str(tree / "include"),
                                str(tree / "tests" / "compile_fail" / case)], capture_output=True, text=True,
                               timeout=budget)
        except subprocess.TimeoutExpired:
            return "killed", f"compile_fail/{case}: compiling took over the time budget"
        if r.returncode != 0:
            return "killed", f"compile_fail/{case}: {(r.stdout.splitlines() or ['failed'])[0][:160]}"
    if m["header"] in WITH_COMMAND:
        status, detail = run_command_tests(m, tree, budget, compiler)
        if status != "survived":
            return status, detail
    status, errors = compile_unit(tree, tree / GOLDEN_PROGRAM, objects / "golden.o", budget, compiler)
    if status != "ok":
        return ("killed" if status != "error" else "invalid"), "reproducible.cpp: does not build"
    subprocess.run([compiler, str(objects / "golden.o"), "-o", str(objects / "golden")], check=True)
    try:
        out = subprocess.run([str(objects / "golden")], capture_output=True, text=True, timeout=60).stdout
    except subprocess.TimeoutExpired:
        return "killed", "reproducible.cpp: ran past 60 s (a hang)"
    if out != (tree / GOLDEN_TEXT).read_text():
        return "killed", "the golden sequences (examples/reproducible.cpp) differ"
    return "survived", ""


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
    if any("before" in r for r in results):
        out += ["Mutants marked \"by hand\" were written by hand (`--mutant FILE:'before'→'after'`): that text,",
                "found once in the header, replaced.", ""]
    if args.full:
        out += ["With `--full`: a mutant that the GCC tests leave alive is built with clang++-16 against the same",
                "tests (\"clang tests\"), then against the proof sweeps of tests/proofs/ that include its header and",
                ("run its code (every program of them: `--all-sweeps`)" if args.all_sweeps else
                 "run its code (one program of each source: scripts/mutate.py's ONE_OF_EACH)") + ",",
                "built with GCC as tests/CMakeLists.txt builds them with ROLLPLAN_SWEEPS on (\"proof sweep\"); the",
                "first that fails kills it. The column \"killer\" below says which.", ""]
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
    if args.full:
        out += ["", "| killer | killed |", "|---|---:|"]
        for killer in ("gcc tests", "clang tests", "proof sweep"):
            out.append(f"| {killer} | {sum(r.get('killer') == killer for r in killed)} |")
    out += ["", "## Survivors", ""]
    if not survived:
        out.append("None.")
    for r in survived:
        reason = equivalent.get(key(r))
        out.append(f"- `{r['header']}:{r['line']}` {r['what']}: `{r['old'].strip()}` → `{r['new'].strip()}`  ")
        out.append(f"  {'equivalent: ' + reason if reason else '**unexplained**'}")
    if args.full:
        out += ["", "## What killed each mutant", "", "| mutant | killer | killed by |", "|---|---|---|"]
        for r in killed:
            out.append(f"| `{r['header']}:{r['line']}` {r['what']} | {r.get('killer', '')} | {r['detail']} |")
    else:
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
    p.add_argument("--mutant", action="append", default=[], metavar="FILE:'BEFORE'→'AFTER'",
                   help="a mutant written by hand: BEFORE, which must occur exactly once in the header FILE, "
                   "replaced by AFTER (the arrow may be ->; given again: several). Alone, the run is these mutants; "
                   "with --sample, --only, --changed or --keys-from, they run beside the mutants those choose")
    p.add_argument("--full", action="store_true",
                   help="a mutant the GCC tests leave alive is also built with clang++-16 against the same tests, "
                   "then against the proof sweeps (tests/proofs/) that include its header; either kills it")
    p.add_argument("--all-sweeps", action="store_true",
                   help="with --full: every program of the proof sweeps that include the header (36 at most), "
                   "not one of each source")
    p.add_argument("--keys-from", action="append", default=[], metavar="FILE",
                   help="the mutants of this results file, by their keys (the same set as that run); "
                   "keys whose line is gone are listed, not counted (given again: the mutants of each file)")
    args = p.parse_args()

    try:
        written = [hand_mutant(spec) for spec in args.mutant]
    except Refused as e:
        print(f"mutate.py: {e}", file=sys.stderr)
        return 2
    mutants = [m for m in all_mutants() if not args.only or any(text in key(m) for text in args.only)]
    if args.changed:
        changed = changed_lines(args.changed)
        mutants = [m for m in mutants if m["line"] in changed.get(m["header"], ())]
    gone = []
    if args.keys_from:
        by_key = {key(m): m for m in mutants}
        rows = [r for file in args.keys_from for r in json.loads(Path(file).read_text())]
        for r in rows:  # a mutant written by hand is made again from its text
            if "before" in r:
                try:
                    m = written_mutant(r["header"], r["before"], r["after"], "a mutant written by hand")
                    by_key[key(m)] = m
                except Refused:
                    pass
        wanted = [key(r) for r in rows]
        gone = [k for k in wanted if k not in by_key]
        mutants = [by_key[k] for k in wanted if k in by_key]
        for k in gone:
            print(f"gone: {k} (its line changed or was removed since that run)")
    args.gone = gone
    if args.sample:
        mutants = choose(mutants, args.sample)
    if written:  # alone, the hand-written mutants are the run; beside a choice of mutants, they join it
        chosen = args.sample or args.only or args.changed or args.keys_from
        mutants = (mutants if chosen else []) + [m for m in written if key(m) not in {key(c) for c in mutants}]
    if args.list:
        for m in mutants:
            print(f"{m['header']}:{m['line']}: {m['kind']}: {m['what']}: {m['new'].strip()}")
        print(f"{len(mutants)} mutants")
        return 0
    start = time.monotonic()
    WORK.mkdir(parents=True, exist_ok=True)
    # one run at a time: a second run would copy its trees over the first's (build/mutate/tree*)
    lock = open(WORK / "lock", "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        print(f"mutate.py: another run is using {WORK}; wait for it to finish", file=sys.stderr)
        return 2
    if not (WORK / "main.o").exists():
        subprocess.run(["g++", *FLAGS, "-c", str(ROOT / "tests" / "main.cpp"), "-o", str(WORK / "main.o")], check=True)
    if args.full and not (WORK / "main-clang.o").exists():
        subprocess.run([CLANG, *FLAGS, "-c", str(ROOT / "tests" / "main.cpp"), "-o", str(WORK / "main-clang.o")],
                       check=True)
    trees = []
    for j in range(args.jobs):
        tree = WORK / f"tree{j}"
        if tree.exists():
            shutil.rmtree(tree)
        # the headers and the tests as they are now, so that editing either during a run changes nothing in it
        for part in ("include", "tests", "examples", "cli"):
            shutil.copytree(ROOT / part, tree / part)
        trees.append(tree)
    free = list(trees)
    results = [None] * len(mutants)
    earlier = {}
    keep = ("killed", "survived") if args.keep_survivors else ("killed",)
    for file in args.resume:  # a kill in any file stands; a survivor, only when no file kills it
        for r in json.loads(Path(file).read_text()):
            if r["status"] == "survived" and args.full and not r.get("full"):
                continue  # with --full, a survivor of the GCC tests alone is run again
            if r["status"] in keep and earlier.get(key(r), {}).get("status") != "killed":
                earlier[key(r)] = r
    for i, m in enumerate(mutants):
        if key(m) in earlier:
            r = earlier[key(m)]
            results[i] = dict(m, status=r["status"], detail=r["detail"].removesuffix(" (an earlier run)") + " (an earlier run)",
                              killer=r.get("killer", "gcc tests" if r["status"] == "killed" else ""),
                              full=r.get("full", False))

    def work(i):
        tree = free.pop()
        began = time.monotonic()
        try:
            status, detail, killer = run_mutant(mutants[i], tree, args.budget, args.full, args.all_sweeps)
        finally:
            free.append(tree)
        detail = detail.replace(f"{tree}/", "")
        results[i] = dict(mutants[i], status=status, detail=detail, killer=killer, full=args.full,
                          seconds=round(time.monotonic() - began))
        m = results[i]
        (WORK / "results.json").write_text(json.dumps([r for r in results if r is not None], indent=0))
        print(f"[{sum(r is not None for r in results)}/{len(mutants)}] {status:8} {m['header']}:{m['line']} "
              f"{m['what']}{' (' + killer + ')' if args.full and killer else ''}{': ' + detail if detail else ''}"
              f"{' [' + str(m['seconds']) + ' s]' if args.full else ''}",
              flush=True)

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
