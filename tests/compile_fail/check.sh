#!/bin/bash
# check.sh COMPILER INCLUDE_DIR CASE.cpp
# The case must fail to compile, and the compiler's output must contain the
# text after "// expect: " in the case's first line.
compiler=$1 include=$2 case=$3
expected=$(sed -n '1s|^// expect: ||p' "$case")
if [ -z "$expected" ]; then echo "no '// expect: ' line in $case"; exit 1; fi
if output=$("$compiler" -std=c++20 -fsyntax-only -I"$include" "$case" 2>&1); then
    echo "compiled, but should not have: $case"; exit 1
fi
if ! grep -qF -- "$expected" <<<"$output"; then
    echo "the error does not say: $expected"; echo "$output" | head -40; exit 1
fi
echo "rejected with: $expected"
