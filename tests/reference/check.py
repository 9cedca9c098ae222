#!/usr/bin/env python3
"""check.py INCLUDE_DIR REFERENCE [--list]

The public names of rollplan are what its headers declare in namespace
rollplan outside namespace detail (types, templates, functions, variables,
concepts, aliases), and the ROLLPLAN_ macros a user may read or define (not
ROLLPLAN_DETAIL_). Every one must have an entry in the reference: a heading
`### ` whose backticked words name it. The reference must not name what the
headers do not declare. Exit status 0 when both hold, 1 otherwise.
With --list: prints each public name and the header that declares it.

The headers are read as tokens, not compiled: comments and literals are
dropped, the body of every class, function and initializer is skipped, and
what remains at namespace scope is one declaration per statement. Members of
classes are documented with their class and are not names of the namespace.
"""
import pathlib
import re
import sys

TOKEN = re.compile(r"""
    (?P<skip>//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\s+)
  | (?P<pre>^[ \t]*\#(?:[^\n]*\\\n)*[^\n]*)
  | (?P<word>[A-Za-z_]\w*)
  | (?P<number>\d[\w.']*)
  | (?P<punct>::|->|>>=|<<=|>>|<<|&&|\|\||[-+*/%^&|!=<>]=|.)
""", re.S | re.M | re.X)

MACRO = re.compile(r"\b(ROLLPLAN_(?!DETAIL_)\w+)")
SPECIFIERS = {"inline", "constexpr", "consteval", "constinit", "static", "extern", "export",
              "typename", "__extension__", "explicit"}


def tokens_of(text):
    words, macros = [], set()
    for m in TOKEN.finditer(text):
        if m.group("pre"):
            line = m.group("pre")
            directive = re.match(r"\s*#\s*(define|ifdef|ifndef|if|elif)\s+(.*)", line)
            if directive:  # a #define names one macro (its body may name others); the tests name any
                macros.update(MACRO.findall(directive.group(2).split()[0] if directive.group(1) == "define"
                                            else directive.group(2)))
            continue
        if m.group("skip"):
            continue
        words.append(m.group(0))
    return words, macros


def skip_balanced(tokens, i, open_, close):
    """tokens[i] is open_; returns the index after its matching close."""
    depth = 0
    while i < len(tokens):
        if tokens[i] == open_:
            depth += 1
        elif tokens[i] == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def skip_template_head(stmt, i):
    """stmt[i] is '<' after `template`; returns the index after the matching
    '>', or len(stmt) + 1 when the head is still open at the end."""
    depth, parens = 0, 0
    while i < len(stmt):
        t = stmt[i]
        if t in "([{":
            parens += 1
        elif t in ")]}":
            parens -= 1
        elif parens == 0 and t == "<":
            depth += 1
        elif parens == 0 and t in (">", ">>"):
            depth -= len(t)
            if depth <= 0:
                return i + 1
        i += 1
    return len(stmt) + 1


def in_template_head(stmt):
    """Whether stmt ends inside a template head (a '{' there is a default argument's)."""
    i = 0
    while i + 1 < len(stmt) and stmt[i] == "template" and stmt[i + 1] == "<":
        i = skip_template_head(stmt, i + 1)
    return i > len(stmt)


def skip_requires(stmt, i):
    """stmt[i] is `requires` (a clause after a template head); returns the index after it."""
    i += 1
    while i < len(stmt):
        if stmt[i] == "requires":  # a requires-expression: requires (params) { ... }
            i += 1
            if i < len(stmt) and stmt[i] == "(":
                i = skip_balanced(stmt, i, "(", ")")
            i += 1  # its body, already "{}"
        elif stmt[i] == "(":
            i = skip_balanced(stmt, i, "(", ")")
        else:
            while i < len(stmt) and (re.match(r"\w", stmt[i]) or stmt[i] == "::"):
                i += 1
            if i < len(stmt) and stmt[i] == "<":
                i = skip_template_head(stmt, i)
        if i < len(stmt) and stmt[i] in ("&&", "||"):
            i += 1
            continue
        return i
    return i


def declaration_start(stmt):
    """The index after a declaration's template heads, requires-clauses,
    attributes and specifiers."""
    i = 0
    while i < len(stmt):
        if stmt[i] == "template" and i + 1 < len(stmt) and stmt[i + 1] == "<":
            i = skip_template_head(stmt, i + 1)
        elif stmt[i] == "requires":
            i = skip_requires(stmt, i)
        elif stmt[i] == "[" and i + 1 < len(stmt) and stmt[i + 1] == "[":
            i = skip_balanced(stmt, i, "[", "]")
        elif stmt[i] in SPECIFIERS:
            i += 1
        else:
            break
    return i


def declared_name(stmt):
    """The name a namespace-scope declaration declares, or None."""
    rest = stmt[declaration_start(stmt):]
    if not rest or rest[0] in ("static_assert", "template", ";"):
        return None  # an assertion or an explicit instantiation
    if rest[0] == "using":
        if len(rest) > 1 and rest[1] == "namespace":
            return None
        if len(rest) > 2 and rest[2] == "=":
            return rest[1]
        return rest[-2] if rest[-1] == ";" else rest[-1]  # using a::b;
    if rest[0] == "typedef":
        return [t for t in rest if re.match(r"\w", t)][-1]
    if rest[0] == "concept":
        return rest[1]
    if rest[0] in ("struct", "class", "union", "enum"):
        j = 1
        if rest[j] in ("class", "struct"):
            j += 1
        while rest[j] == "[":
            j = skip_balanced(rest, j, "[", "]")
        return rest[j]
    # a function or a variable: the name is the identifier before the first
    # '(', '=', '{', ';' or '[' outside template arguments and decltype(...)
    j, angle = 0, 0
    while j < len(rest):
        t = rest[j]
        if t in ("decltype", "sizeof", "alignof", "noexcept") and j + 1 < len(rest) and rest[j + 1] == "(":
            j = skip_balanced(rest, j + 1, "(", ")")
            continue
        if t == "<" and j > 0 and re.match(r"\w", rest[j - 1]):
            j = skip_template_head(rest, j)
            continue
        if t in ("(", "=", "{", "{}", ";", "["):
            break
        j += 1
    k = j - 1
    if k >= 0 and rest[k] in (">", ">>"):  # a specialization: name<args> = ...
        depth = 0
        while k >= 0:
            depth += rest[k].count(">") if rest[k] in (">", ">>") else -1 if rest[k] == "<" else 0
            k -= 1
            if depth == 0:
                break
    if k < 0:
        return None
    if "operator" in rest[max(0, k - 2):k + 1]:
        return None  # operators are documented with the types they serve
    if k >= 1 and rest[k - 1] == "::":
        return None  # an out-of-class definition of a member
    name = rest[k]
    if not re.match(r"[A-Za-z_]\w*$", name):
        return None
    return name  # for a deduction guide, its class: already a name


def body_kind(stmt):
    """What a '{' after the tokens stmt opens: a requires-expression, an
    initializer or a class body (the declaration goes on to its ';'), or a
    function body (the declaration ends with it)."""
    if "requires" in stmt:
        last = len(stmt) - 1 - stmt[::-1].index("requires")
        tail = stmt[last + 1:]
        if not tail or (tail[0] == "(" and skip_balanced(tail, 0, "(", ")") == len(tail)):
            return "requires"
    rest = stmt[declaration_start(stmt):]
    if rest[:1] in (["struct"], ["class"], ["union"], ["enum"], ["concept"]):
        return "type"
    depth = 0
    for t in rest:
        if t in "([":
            depth += 1
        elif t in ")]":
            depth -= 1
        elif depth == 0 and t == "=":
            return "initializer"
    return "function"


def public_names(include_dir):
    names = {}
    for header in sorted(pathlib.Path(include_dir).rglob("*.hpp")):
        rel = header.relative_to(include_dir).as_posix()
        tokens, macros = tokens_of(header.read_text(encoding="utf-8"))
        for macro in macros:
            names.setdefault(macro, rel)
        scopes = []  # for each open brace: the namespace path it opens, or None
        stmt = []
        i = 0
        while i < len(tokens):
            t = tokens[i]
            if t == "namespace" and not stmt:
                j = i + 1
                path = []
                while tokens[j] != "{":
                    if tokens[j] != "::":
                        path.append(tokens[j])
                    j += 1
                scopes.append(path)
                i = j + 1
                continue
            if t == "}":
                scopes.pop()
                stmt = []
                i += 1
                continue
            flat = [p for s in scopes for p in s]
            public = flat[:1] == ["rollplan"] and "detail" not in flat
            prefix = "".join(p + "::" for p in flat[1:])
            if t == "{" and in_template_head(stmt):
                i = skip_balanced(tokens, i, "{", "}")
                stmt.append("{}")
                continue
            if t == "{":
                i = skip_balanced(tokens, i, "{", "}")
                kind = body_kind(stmt)
                stmt.append("{}")
                if kind == "function":  # a function definition ends at its body
                    if public and flat:
                        name = declared_name(stmt)
                        if name:
                            names.setdefault(prefix + name, rel)
                    stmt = []
                continue
            stmt.append(t)
            if t == ";":
                if public and flat:
                    name = declared_name(stmt)
                    if name:
                        names.setdefault(prefix + name, rel)
                stmt = []
            i += 1
    return names


def documented_names(reference):
    names = set()
    for line in open(reference, encoding="utf-8"):
        if line.startswith("### "):
            for word in re.findall(r"`([^`]+)`", line):
                m = re.match(r"(?:rollplan::)?([A-Za-z_][\w:]*\w)", word)
                if m:
                    names.add(m.group(1))
    return names


def main():
    include_dir, reference = sys.argv[1], sys.argv[2]
    names = public_names(include_dir)
    if "--list" in sys.argv:
        for name, header in sorted(names.items(), key=lambda kv: (kv[1], kv[0])):
            print(f"{header}\t{name}")
        return 0
    documented = documented_names(reference)
    missing = sorted(set(names) - documented)
    unknown = sorted(documented - set(names))
    for name in missing:
        print(f"{reference}: no entry for {name} (declared in include/{names[name]})")
    for name in unknown:
        print(f"{reference}: an entry names {name}, which no public header declares")
    if missing or unknown:
        return 1
    print(f"{reference}: all {len(names)} public names documented, none unknown")
    return 0


if __name__ == "__main__":
    sys.exit(main())
