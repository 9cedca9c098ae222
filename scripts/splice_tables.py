#!/usr/bin/env python3
"""splice_tables.py README TABLES [--write]

Every block <!-- table:NAME --> ... <!-- /table:NAME --> of TABLES replaces the
block of the same name in README. With --write the README is rewritten;
without it the exit status says whether README is up to date (0) or not (1).
"""
import re
import sys

BLOCK = re.compile(r"<!-- table:(\w+) -->\n.*?<!-- /table:\1 -->\n", re.S)


def main():
    readme_path, tables_path = sys.argv[1], sys.argv[2]
    readme = open(readme_path, encoding="utf-8").read()
    tables = {m.group(1): m.group(0) for m in BLOCK.finditer(open(tables_path, encoding="utf-8").read())}
    missing = [name for name in tables if f"<!-- table:{name} -->" not in readme]
    if missing:
        print("README.md has no block for: " + ", ".join(missing))
        return 1
    updated = BLOCK.sub(lambda m: tables.get(m.group(1), m.group(0)), readme)
    if "--write" in sys.argv:
        open(readme_path, "w", encoding="utf-8").write(updated)
        return 0
    if updated != readme:
        print("README.md tables are out of date: run bash scripts/update_readme.sh")
        return 1
    print("README.md tables match tools/readme_tables")
    return 0


if __name__ == "__main__":
    sys.exit(main())
