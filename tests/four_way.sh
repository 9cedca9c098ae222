#!/bin/bash
# four_way.sh SOURCE INCLUDE_DIR GOLDEN WORK_DIR
# Builds SOURCE with GCC and Clang at -O0 and -O2, runs each build, and
# requires all four outputs to equal GOLDEN (the sequences the stability
# promise of docs/guide.md covers).
set -uo pipefail
source=$1 include=$2 golden=$3 work=$4
mkdir -p "$work"
clang=""
for candidate in clang++-16 clang++-14 clang++; do
    if command -v "$candidate" >/dev/null; then clang=$candidate; break; fi
done
[ -n "$clang" ] || { echo "no clang++ found"; exit 1; }
status=0
for compiler in g++ "$clang"; do
    for level in -O0 -O2; do
        program="$work/reproducible_${compiler}${level}"
        if ! "$compiler" -std=c++20 "$level" -I"$include" "$source" -o "$program"; then
            echo "$compiler $level: does not compile"; status=1; continue
        fi
        if ! "$program" > "$program.txt"; then echo "$compiler $level: the program failed"; status=1; fi
        if diff -u "$golden" "$program.txt"; then
            echo "$compiler $level: same as $(basename "$golden")"
        else
            echo "$compiler $level: differs from $(basename "$golden")"; status=1
        fi
    done
done
exit $status
