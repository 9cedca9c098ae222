#!/bin/bash
# check.sh SOURCE_DIR WORK_DIR: rollplan in WebAssembly. Builds
# examples/reproducible.cpp and examples/d29_from_d6.cpp with emscripten
# (Debian's emscripten 3.1.6: its Clang 14 and libc++, a 32-bit size_t) and
# runs them under node: the reproducible sequences must equal
# tests/golden/reproducible.txt, and the d29 example's plans, expected rolls,
# steps and simulated rolls must equal those of the same program built with
# g++ for this machine. (-sSINGLE_FILE=1: node cannot fetch a .wasm from disk.)
set -uo pipefail
source=$1 work=$2
rm -rf "$work" && mkdir -p "$work/include"
ln -s /usr/include/boost "$work/include/boost"  # Boost.Mp11 alone, not the host's C headers
export NODE_PATH=/usr/share/nodejs
status=0
for example in reproducible d29_from_d6; do
    if ! em++ -std=c++20 -O2 -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Werror -sSINGLE_FILE=1 -I"$source/include" -I"$work/include" \
            "$source/examples/$example.cpp" -o "$work/$example.js"; then
        echo "wasm: $example does not compile with em++"; status=1; continue
    fi
    node "$work/$example.js" > "$work/$example.wasm.txt" || { echo "wasm: $example fails under node"; status=1; continue; }
    if [ "$example" = reproducible ]; then
        expected="$source/tests/golden/reproducible.txt"
    else
        g++ -std=c++20 -O2 -I"$source/include" "$source/examples/$example.cpp" -o "$work/$example.native" &&
            "$work/$example.native" > "$work/$example.native.txt" || { echo "wasm: the native $example failed"; status=1; continue; }
        expected="$work/$example.native.txt"
    fi
    if diff -u "$expected" "$work/$example.wasm.txt"; then
        echo "wasm: $example under node prints what $(basename "$expected") says ($(wc -l <"$expected") lines)"
    else
        echo "wasm: $example under node differs from $(basename "$expected")"; status=1
    fi
done
exit $status
