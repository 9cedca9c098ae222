#!/usr/bin/env python3
"""splice_tables.py TABLES DOC... [--write]

Every block <!-- table:NAME --> ... <!-- /table:NAME --> of TABLES replaces the
block of the same name in the DOCs (README.md and the pages of docs/), each
block in exactly one of them. With --write the DOCs are rewritten; without it
the exit status says whether they are up to date (0) or not (1).
"""
import re
import sys

BLOCK = re.compile(r"<!-- table:(\w+) -->\n.*?<!-- /table:\1 -->\n", re.S)


def splice_block(path, name, lines):
    """Writes lines (the block's content) between path's <!-- table:name -->
    markers; exits naming path when it has no such block, or more than one."""
    block = f"<!-- table:{name} -->\n" + "\n".join(lines) + f"\n<!-- /table:{name} -->"
    text = open(path, encoding="utf-8").read()
    text, count = re.subn(rf"<!-- table:{name} -->.*?<!-- /table:{name} -->", lambda _: block, text, flags=re.S)
    if count != 1:
        sys.exit(f"{path} has {count} <!-- table:{name} --> blocks, not one")
    open(path, "w", encoding="utf-8").write(text)
    return block


def main():
    args = [a for a in sys.argv[1:] if a != "--write"]
    tables_path, docs = args[0], args[1:]
    tables = {m.group(1): m.group(0) for m in BLOCK.finditer(open(tables_path, encoding="utf-8").read())}
    texts = {doc: open(doc, encoding="utf-8").read() for doc in docs}
    status = 0
    for name in tables:
        holders = [doc for doc, text in texts.items() if f"<!-- table:{name} -->" in text]
        if len(holders) != 1:
            print(f"table {name}: in {len(holders)} of {', '.join(docs)} (it must be in exactly one)")
            status = 1
    if status:
        return status
    stale = []
    for doc, text in texts.items():
        updated = BLOCK.sub(lambda m: tables.get(m.group(1), m.group(0)), text)
        if updated != text:
            stale.append(doc)
            if "--write" in sys.argv:
                open(doc, "w", encoding="utf-8").write(updated)
    if "--write" in sys.argv:
        return 0
    if stale:
        print(f"tables out of date in {', '.join(stale)}: run bash scripts/update_readme.sh")
        return 1
    print(f"the {len(tables)} tables of {', '.join(docs)} match their generators")
    return 0


if __name__ == "__main__":
    sys.exit(main())
