#!/bin/bash
# check.sh COMPILER INCLUDE_DIR CASE.cpp
# The case must fail to compile, and each text after "// expect: " in the
# case's leading comment lines must appear within the first 60 lines of the
# compiler's output: the words and numbers a user sees without scrolling.
# A "// flags: " line among them replaces the default -std=c++20. Each text
# after "// first error: " must appear in the output's first line that says
# "error:" (what a user reads first, on GCC and Clang alike). A "// error lines: N"
# line asks for exactly N lines that say "error:" (a refusal that says one
# sentence, not a cascade of follow-on errors).
compiler=$1 include=$2 case=$3
mapfile -t expected < <(sed -n '/^\/\/ \(expect\|flags\|first error\|error lines\): /!q; s|^// expect: ||p' "$case")
mapfile -t first_error < <(sed -n '/^\/\/ \(expect\|flags\|first error\|error lines\): /!q; s|^// first error: ||p' "$case")
error_lines=$(sed -n '/^\/\/ \(expect\|flags\|first error\|error lines\): /!q; s|^// error lines: ||p' "$case")
flags=$(sed -n '/^\/\/ \(expect\|flags\|first error\|error lines\): /!q; s|^// flags: ||p' "$case")
if [ ${#expected[@]} -eq 0 ]; then echo "no '// expect: ' line at the top of $case"; exit 1; fi
if output=$("$compiler" ${flags:--std=c++20} -fsyntax-only -I"$include" "$case" 2>&1); then
    echo "compiled, but should not have: $case"; exit 1
fi
first=$(head -60 <<<"$output")
for text in "${expected[@]}"; do
    if ! grep -qF -- "$text" <<<"$first"; then
        echo "the first 60 lines of the error do not say: $text"; echo "$output" | head -60; exit 1
    fi
    echo "rejected with: $text"
done
error_line=$(grep -m1 -F 'error:' <<<"$output")
for text in "${first_error[@]}"; do
    if ! grep -qF -- "$text" <<<"$error_line"; then
        echo "the first error line does not say: $text"; echo "$error_line"; exit 1
    fi
    echo "first error says: $text"
done
if [ -n "$error_lines" ]; then
    count=$(grep -c -F 'error:' <<<"$output")
    if [ "$count" -ne "$error_lines" ]; then
        echo "$count lines say error:, not $error_lines"; grep -F 'error:' <<<"$output" | head -20; exit 1
    fi
    echo "error lines: $count"
fi
