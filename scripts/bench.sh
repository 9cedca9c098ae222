#!/bin/bash
# bench.sh [REPS]: rollplan's run-time benchmark (bench/bench.cpp), built with
# GCC 12 and Clang 16 at -O2, next to libstdc++, Boost.Random, Abseil, pcg-cpp
# and a reference Lemire. The two builds run in turn, three rounds of REPS
# repetitions each (default 5; every repetition runs every case once, in a new
# random order), and the report takes the median of all of a case's times.
# Then each build runs once under valgrind --tool=callgrind for instructions
# per value. bench/report.py writes docs/benchmark.md (every case), the
# tables of docs/speed.md and docs/speed_splitmix64.png.
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-5}
bash scripts/deps.sh g++ clang-16 libboost-dev libabsl-dev libpcg-cpp-dev valgrind python3 python3-matplotlib
out=build/bench
mkdir -p "$out"
flags=(-std=c++20 -O2 -DNDEBUG -Iinclude bench/bench.cpp)
echo "=== bench: building with g++ and clang++-16"
g++ "${flags[@]}" -o "$out/bench_gcc" &
clang++-16 "${flags[@]}" -o "$out/bench_clang" &
wait %1 && wait %2
rm -f "$out"/times_*.csv
for round in 1 2 3; do
    for compiler in gcc clang; do
        echo "=== bench: $compiler, round $round of 3 ($reps repetitions)"
        "$out/bench_$compiler" --reps "$reps" > "$out/times_${compiler}_$round.csv"
        # the loaded dice in a run of their own: their 10^6-weight tables would evict the caches of the rest
        "$out/bench_$compiler" --reps "$reps" --loaded > "$out/times_${compiler}_loaded_$round.csv"
    done
done
for compiler in gcc clang; do
    echo "=== bench: $compiler under callgrind"
    rm -rf "$out/callgrind_$compiler"
    mkdir -p "$out/callgrind_$compiler"
    valgrind --tool=callgrind --collect-atstart=no \
        --callgrind-out-file="$out/callgrind_$compiler/callgrind.out" \
        "$out/bench_$compiler" --callgrind > "$out/values_$compiler.csv" 2> "$out/callgrind_$compiler.log"
done
/usr/bin/python3 bench/report.py "$out" docs/speed.md docs/benchmark.md docs/speed_splitmix64.png
echo "=== bench: docs/benchmark.md, docs/speed.md and docs/speed_splitmix64.png written"
