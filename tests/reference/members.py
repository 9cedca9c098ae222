#!/usr/bin/env python3
"""members.py REFERENCE OUT.cpp

The member tables of docs/reference.md, as a C++ file whose compilation checks
them. A table follows a line

    <!-- members: ROLLPLAN_TYPE | STD_TYPE | DECLARATIONS -->

and has one row a member: its first cell holds one or more expressions in
backticks, its second says "as std" or "differs: why". In an expression, D is
the distribution's type, P its param_type, d a const D, m a D, p a const P, g
a std::mt19937 (std's operator() is not const: its rows use m(g)), os a std::ostream, is a std::istream, v a std::vector of D's
results; DECLARATIONS name more (e.g. "int a, int b"). D::name is a member
type. Every expression must be valid for ROLLPLAN_TYPE, and those of an
"as std" row for STD_TYPE too: each is a static_assert that names the line.
Every table must hold the members that [rand.req.dist] requires of a
distribution (REQUIRED below), else this script fails (exit 1).
"""
import re
import sys

REQUIRED = ["D::result_type", "D::param_type", "D()", "D(p)", "m.reset()", "d.param()", "m.param(p)", "m(g)",
            "m(g, p)", "d.min()", "d.max()", "d == d", "d != d", "os << d", "is >> m"]
HEADER = re.compile(r"<!-- members: (.+?) \| (.+?) \| (.*?) -->")


def tables(lines):
    """(line number, rollplan type, std type, declarations, rows), rows as (line number, [expression], as_std)."""
    found, i = [], 0
    while i < len(lines):
        m = HEADER.search(lines[i])
        if not m:
            i += 1
            continue
        start, rows = i + 1, []
        i += 1
        while i < len(lines) and not lines[i].startswith("|"):
            i += 1
        i += 2  # the head and the rule
        while i < len(lines) and lines[i].startswith("|"):
            cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
            rows.append((i + 1, re.findall(r"`([^`]+)`", cells[0]), cells[1].startswith("as std")))
            i += 1
        found.append((start, m.group(1).strip(), m.group(2).strip(), m.group(3).strip(), rows))
    return found


def requirement(expression):
    return f"typename {expression};" if re.fullmatch(r"D::\w+", expression) else f"{expression};"


def main():
    reference, out = sys.argv[1], sys.argv[2]
    lines = open(reference, encoding="utf-8").read().splitlines()
    found = tables(lines)
    if not found:
        print(f"{reference}: no member tables")
        return 1
    status = 0
    code = ["// written by tests/reference/members.py from docs/reference.md: do not edit",
            "#include <rollplan/rollplan.hpp>", "#include <istream>", "#include <ostream>", "#include <random>",
            "#include <vector>", ""]
    for number, (line, ours, theirs, declarations, rows) in enumerate(found):
        given = {e for _, expressions, _ in rows for e in expressions}
        missing = [e for e in REQUIRED if e not in given]
        if missing:
            print(f"{reference}:{line}: the member table of {ours} lacks " + ", ".join(f"`{e}`" for e in missing))
            status = 1
        extra = (", " + declarations) if declarations else ""
        for row_line, expressions, as_std in rows:
            for k, e in enumerate(expressions):
                name = f"table_{number}_line_{row_line}_{k}"
                code.append(f"template <class D, class P = typename D::param_type> concept {name} = requires("
                            f"const D& d, D& m, const P& p, std::mt19937& g, std::ostream& os, std::istream& is, "
                            f"std::vector<typename D::result_type>& v{extra}) {{ {requirement(e)} }};")
                text = e.replace("\\", "\\\\").replace('"', '\\"')
                code.append(f'static_assert({name}<{ours}>, "docs/reference.md:{row_line}: `{text}` is not valid for '
                            f'{ours}");')
                if as_std:
                    code.append(f'static_assert({name}<{theirs}>, "docs/reference.md:{row_line}: `{text}` is marked '
                                f'as std but is not valid for {theirs}");')
    code.append("\nint main() {}")
    open(out, "w", encoding="utf-8").write("\n".join(code) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
