#!/bin/bash
# snippets.sh COMPILER INCLUDE_DIR WORK_DIR MARKDOWN...: every ```cpp block of
# the README and the docs is a complete program; each is compiled as written
# (-std=c++20, -Wall -Wextra -Wpedantic -Werror), linked and run. A first line
# "// link with: FLAGS" adds FLAGS to the command (-ltbb for parallel.hpp).
set -uo pipefail
compiler=$1 include=$2 work=$3
shift 3
rm -rf "$work" && mkdir -p "$work"
for markdown in "$@"; do
    awk -v dir="$work" -v doc="$(basename "$markdown" .md)" '
        /^```cpp$/ { n++; file = sprintf("%s/%s_%d.cpp", dir, doc, n); printf "" > file; inside = 1; next }
        /^```/ { inside = 0; next }
        inside { print >> file }' "$markdown"
done
shopt -s nullglob
snippets=("$work"/*.cpp)
[ ${#snippets[@]} -gt 0 ] || { echo "no cpp blocks in $*"; exit 1; }
status=0
for snippet in "${snippets[@]}"; do
    name=$(basename "$snippet" .cpp)
    if ! grep -q "int main" "$snippet"; then echo "$name: not a complete program (no main)"; status=1; continue; fi
    link=$(sed -n '1s|^// link with: ||p' "$snippet")
    if ! "$compiler" -std=c++20 -O1 -Wall -Wextra -Wpedantic -Werror -I"$include" "$snippet" -o "$work/$name" $link; then
        echo "$name: does not compile as written:"; cat -n "$snippet"; status=1; continue
    fi
    if ! "$work/$name" >"$work/$name.out" 2>&1; then echo "$name: runs and fails:"; cat "$work/$name.out"; status=1; continue; fi
    echo "$name: compiled and ran ($(wc -l <"$snippet") lines)"
done
exit $status
