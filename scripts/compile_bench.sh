#!/bin/bash
# compile_bench.sh [REPS]: rollplan's compile-time benchmark. Compiles each
# translation unit of bench/compile_time/ with GCC 12 and Clang 16, REPS times
# (default 7) in a new random order each time, next to the <random> and
# Boost.Random units, and writes the medians (CPU time and peak memory) to
# the table of docs/compile_time.md (bench/compile_time.py), and the include target also in instructions
# (valgrind --tool=callgrind, one compilation each).
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-7}
bash scripts/deps.sh g++ clang-16 libboost-dev python3 time valgrind
/usr/bin/python3 bench/compile_time.py build/compile_time docs/compile_time.md "$reps"
echo "=== compile_bench: docs/compile_time.md written"
