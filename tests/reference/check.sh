#!/bin/bash
# check.sh SOURCE_DIR WORK_DIR: docs/reference.md names every public name of
# the headers and nothing else (check.py); check.py finds exactly the names of
# a fixture header written with one declaration of each kind (expected.txt,
# written by hand); and it refuses a reference with an entry taken out or a
# name that does not exist.
set -uo pipefail
source=$1 work=$2 here=$(dirname "$0")
rm -rf "$work" && mkdir -p "$work"
status=0
python3 "$here/check.py" "$source/include" "$source/docs/reference.md" || status=1
if ! python3 "$here/check.py" "$here/fixture" /dev/null --list | diff "$here/fixture/expected.txt" -; then
    echo "check.py does not find the fixture's names (above: expected.txt against what it found)"; status=1
fi
# without the entry of describe, and with an entry for a name no header declares
grep -v '^### `describe`$' "$source/docs/reference.md" > "$work/missing.md"
if python3 "$here/check.py" "$source/include" "$work/missing.md" > "$work/missing.out"; then
    echo "check.py accepted a reference without describe"; status=1
elif ! grep -q 'no entry for describe ' "$work/missing.out"; then
    echo "check.py refused a reference without describe, but did not name it:"; cat "$work/missing.out"; status=1
fi
{ cat "$source/docs/reference.md"; printf '\n### `sample_twice`\nNot a name.\n'; } > "$work/unknown.md"
if python3 "$here/check.py" "$source/include" "$work/unknown.md" > "$work/unknown.out"; then
    echo "check.py accepted a reference naming sample_twice"; status=1
elif ! grep -q 'names sample_twice, which no public header declares' "$work/unknown.out"; then
    echo "check.py refused the unknown name without naming it:"; cat "$work/unknown.out"; status=1
fi
[ $status -eq 0 ] && echo "reference: the check finds the fixture's names and refuses a missing and an unknown entry"
exit $status
