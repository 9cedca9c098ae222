#!/bin/bash
# members.sh SOURCE_DIR WORK_DIR CXX [FLAGS...]: the member tables of
# docs/reference.md compile (members.py writes them as static_asserts: each
# member valid for rollplan's class, and for std's where marked "as std"); and
# the check refuses a member that does not exist, a member of rollplan's own
# marked "as std", and a table without one of the members std requires.
set -uo pipefail
source=$1 work=$2 here=$(dirname "$0")
shift 2
rm -rf "$work" && mkdir -p "$work"
status=0
compile() { "$@" -std=c++20 -fsyntax-only -I"$source/include" "$work/members.cpp" >"$work/compile.out" 2>&1; }
python3 "$here/members.py" "$source/docs/reference.md" "$work/members.cpp" || status=1
if ! compile "$@"; then cat "$work/compile.out"; status=1; fi
# refused: a member no class has, a member of rollplan's own marked "as std", a required member left out
sed 's/^| `d.a()`, `d.b()`, `d.min()`, `d.max()` | as std |$/| `d.a()`, `d.c()` | as std |/' \
    "$source/docs/reference.md" > "$work/unknown.md"
sed 's/^| `p.size()`, `p.levels()` | differs: /| `p.size()`, `p.levels()` | as std: /' "$source/docs/reference.md" > "$work/own.md"
for case in unknown:'`d.c()` is not valid for rollplan::uniform_int_distribution<int>' \
            own:'`p.levels()` is marked as std but is not valid for std::discrete_distribution<int>'; do
    name=${case%%:*} expected=${case#*:}
    if cmp -s "$source/docs/reference.md" "$work/$name.md"; then echo "members.sh: the $name case changed nothing"; status=1; continue; fi
    python3 "$here/members.py" "$work/$name.md" "$work/members.cpp" >/dev/null
    if compile "$@"; then
        echo "the member check accepted the $name case"; status=1
    elif ! grep -qF "$expected" "$work/compile.out"; then
        echo "the member check refused the $name case without saying: $expected"; head -20 "$work/compile.out"; status=1
    fi
done
grep -v '^| `m.reset()`' "$source/docs/reference.md" > "$work/missing.md"
if python3 "$here/members.py" "$work/missing.md" "$work/members.cpp" > "$work/missing.out" ||
        ! grep -q 'lacks `m.reset()`' "$work/missing.out"; then
    echo "members.py did not refuse tables without m.reset():"; cat "$work/missing.out"; status=1
fi
[ $status -eq 0 ] && echo "reference: the member tables hold, and the check refuses an unknown member, an own one marked as std and a missing one"
exit $status
