#!/usr/bin/env python3
"""check.py SOURCE_DIR VERSION: CHANGELOG.md's newest entry is VERSION (the
project()'s, which CMake has already checked against include/rollplan/version.hpp),
version.hpp's macros say it too, and the entries go from newest to oldest
without a version twice."""
import re
import sys

source, version = sys.argv[1], sys.argv[2]
problems = []
log = open(f"{source}/CHANGELOG.md", encoding="utf-8").read()
entries = re.findall(r"^## (\d+)\.(\d+)\.(\d+)\b", log, re.M)
versions = [tuple(map(int, e)) for e in entries]
if not versions:
    problems.append("CHANGELOG.md has no entry `## X.Y.Z`")
elif ".".join(map(str, versions[0])) != version:
    problems.append(f"CHANGELOG.md's newest entry is {'.'.join(map(str, versions[0]))}, the project is {version}")
if versions != sorted(set(versions), reverse=True):
    problems.append("CHANGELOG.md's entries are not newest first, each once: " + ", ".join(".".join(map(str, v)) for v in versions))
header = open(f"{source}/include/rollplan/version.hpp", encoding="utf-8").read()
parts = [re.search(rf"#define ROLLPLAN_VERSION_{p} (\d+)", header).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
if ".".join(parts) != version:
    problems.append(f"version.hpp says {'.'.join(parts)}, the project {version}")
for p in problems:
    print(p)
if not problems:
    print(f"CHANGELOG.md, version.hpp and CMake say {version}; {len(versions)} releases, newest first")
sys.exit(1 if problems else 0)
