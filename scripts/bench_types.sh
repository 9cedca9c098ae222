#!/bin/bash
# bench_types.sh [REPS]: one draw with run-time bounds for every integer type
# (bench/types.cpp), rollplan beside libstdc++, built with GCC 12 and Clang 16
# at -O2: each build once under valgrind --tool=callgrind (instructions per
# draw), then both timed in turn, three rounds of REPS repetitions (default 5;
# the cases in a new random order each repetition). bench/types_report.py
# writes the block "types" of docs/speed.md.
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-5}
bash scripts/deps.sh g++ clang-16 valgrind python3
out=build/bench_types
mkdir -p "$out"
flags=(-std=c++20 -O2 -DNDEBUG -Iinclude bench/types.cpp)
echo "=== bench_types: building with g++ and clang++-16"
g++ "${flags[@]}" -o "$out/types_gcc" &
clang++-16 "${flags[@]}" -o "$out/types_clang" &
wait %1 && wait %2
for compiler in gcc clang; do
    echo "=== bench_types: $compiler under callgrind"
    rm -rf "$out/callgrind_$compiler" && mkdir -p "$out/callgrind_$compiler"
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out/callgrind_$compiler/callgrind.out" \
        "$out/types_$compiler" --callgrind > "$out/values_$compiler.csv" 2> "$out/callgrind_$compiler.log"
done
rm -f "$out"/times_*.csv
for round in 1 2 3; do
    for compiler in gcc clang; do
        echo "=== bench_types: $compiler, round $round of 3 ($reps repetitions)"
        "$out/types_$compiler" --reps "$reps" > "$out/times_${compiler}_$round.csv"
    done
done
/usr/bin/python3 bench/types_report.py "$out" docs/speed.md
echo "=== bench_types: the block 'types' of docs/speed.md written"
