#!/bin/bash
# snippets.sh COMPILER INCLUDE_DIR README WORK_DIR: every ```cpp block of the
# README is a complete program; each is compiled as written (-std=c++20,
# -Wall -Wextra -Wpedantic -Werror), linked and run.
set -uo pipefail
compiler=$1 include=$2 readme=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
awk -v dir="$work" '
    /^```cpp$/ { n++; file = sprintf("%s/snippet_%d.cpp", dir, n); printf "" > file; inside = 1; next }
    /^```/ { inside = 0; next }
    inside { print >> file }' "$readme"
shopt -s nullglob
snippets=("$work"/snippet_*.cpp)
[ ${#snippets[@]} -gt 0 ] || { echo "no cpp blocks in $readme"; exit 1; }
status=0
for snippet in "${snippets[@]}"; do
    name=$(basename "$snippet" .cpp)
    if ! grep -q "int main" "$snippet"; then echo "$name: not a complete program (no main)"; status=1; continue; fi
    if ! "$compiler" -std=c++20 -O1 -Wall -Wextra -Wpedantic -Werror -I"$include" "$snippet" -o "$work/$name"; then
        echo "$name: does not compile as written:"; cat -n "$snippet"; status=1; continue
    fi
    if ! "$work/$name" >"$work/$name.out" 2>&1; then echo "$name: runs and fails:"; cat "$work/$name.out"; status=1; continue; fi
    echo "$name: compiled and ran ($(wc -l <"$snippet") lines)"
done
exit $status
