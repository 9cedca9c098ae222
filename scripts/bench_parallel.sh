#!/bin/bash
# bench_parallel.sh [REPS]: the counter-based fill (issue 23's targets) measured
# side by side in one run: generate of 10^8 values in [0, 99] from philox4x64
# and philox4x32 with std::execution::par (libstdc++ on oneTBB, the machine's
# cores) and on one thread, the splitmix64 fill, and the engines per value
# (philox4x64, philox4x32, splitmix64, pcg-cpp's pcg64, libstdc++'s mt19937_64;
# libstdc++ 12 has no philox). REPS repetitions (default 7), each case once per
# repetition in a new random order; medians. Then the one-thread fills once
# under callgrind, for their instructions. bench/parallel_report.py writes the
# table parallel of docs/speed.md.
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-7}
bash scripts/deps.sh g++ libtbb-dev libpcg-cpp-dev valgrind python3
out=build/bench_parallel
mkdir -p "$out"
echo "=== bench_parallel: building with g++ (-O2, -ltbb)"
g++ -std=c++20 -O2 -DNDEBUG -Iinclude bench/parallel.cpp -ltbb -o "$out/parallel"
echo "=== bench_parallel: $reps repetitions on $(nproc) cores"
"$out/parallel" "$reps" > "$out/times.csv"
echo "=== bench_parallel: the one-thread fills under callgrind"
rm -rf "$out/callgrind" && mkdir -p "$out/callgrind"
valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out/callgrind/callgrind.out" \
    "$out/parallel" --callgrind > "$out/callgrind_cases.csv" 2> "$out/callgrind.log"
/usr/bin/python3 bench/parallel_report.py "$out" "$(nproc)" docs/speed.md README.md
