#!/usr/bin/env python3
"""check.py ROLLPLAN MANPAGE VERSION: the man page docs/rollplan.1 and the
command cannot drift apart. The options of `rollplan --help` and those the man
page's OPTIONS section describes (each .TP entry's first line) must be the same
set, the positional argument of --help must be in its ARGUMENTS section, and the
version in its .TH line must be `rollplan --version`'s and the project's.
The comparison is run once more on the page with one option taken out, which
it must refuse."""
import re
import subprocess
import sys


def help_options(rollplan):
    text = subprocess.run([rollplan, "--help"], capture_output=True, text=True, check=True).stdout
    options = set(re.findall(r"^\s+(?:-\w,)?--([\w-]+)", text, re.M))
    section = text.split("Positionals:")[1].split("Options:")[0] if "Positionals:" in text else ""
    positionals = set(re.findall(r"^\s+(\w+) ", section, re.M))
    return options, positionals


def sections(page):
    found, name = {}, None
    for line in page.splitlines():
        if line.startswith(".SH "):
            name = line[4:].strip().strip('"')
            found[name] = []
        elif name:
            found[name].append(line)
    return found


def page_entries(lines):
    """The first line after each .TP: the term it describes."""
    return [lines[i + 1] for i, line in enumerate(lines[:-1]) if line.strip() == ".TP"]


def page_options(page):
    terms = page_entries(sections(page).get("OPTIONS", []))
    return {name for term in terms for name in re.findall(r"\\-\\-([\w-]+)", term)}


def compare(page, options, positionals):
    problems = []
    described = page_options(page)
    for name in sorted(options - described):
        problems.append(f"--{name} is in rollplan --help but not in the man page's OPTIONS")
    for name in sorted(described - options):
        problems.append(f"--{name} is in the man page's OPTIONS but not in rollplan --help")
    arguments = " ".join(page_entries(sections(page).get("ARGUMENTS", [])))
    for name in sorted(positionals):
        if not re.search(rf"\b{name}\b", arguments):
            problems.append(f"the argument {name} of rollplan --help is not in the man page's ARGUMENTS")
    return problems


def main():
    rollplan, man_path, version = sys.argv[1:4]
    page = open(man_path, encoding="utf-8").read()
    options, positionals = help_options(rollplan)
    problems = compare(page, options, positionals)
    said = subprocess.run([rollplan, "--version"], capture_output=True, text=True, check=True).stdout.split()
    th = re.search(r'^\.TH \S+ 1 "[^"]*" "rollplan ([\d.]+)"', page, re.M)
    if not th or th.group(1) != version:
        problems.append(f"the man page's .TH line does not say rollplan {version}")
    if said[-1:] != [version]:
        problems.append(f"rollplan --version says {' '.join(said)}, the project {version}")
    # the check itself: without the entry of --compare it must complain
    cut = re.sub(r"\.TP\n\.B \\-\\-compare\n", "", page)
    if cut == page or not any("--compare" in p for p in compare(cut, options, positionals)):
        problems.append("the comparison did not refuse the page without --compare")
    for p in problems:
        print(f"{man_path}: {p}")
    if not problems:
        print(f"{man_path}: the same {len(options)} options and {len(positionals)} argument as rollplan --help, "
              f"version {version}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
