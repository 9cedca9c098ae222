#!/bin/bash
# fuzz.sh [SECONDS]: builds tests/fuzz/fuzz_rollplan.cpp with Clang 16's
# libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer, and runs it from
# the seed corpus in tests/fuzz/corpus for SECONDS (default 60). Exits
# non-zero on any finding. The corpus it grows stays in build/fuzz.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
seconds=${1:-60}
start=$SECONDS
bash scripts/deps.sh clang-16 libclang-rt-16-dev libboost-dev || exit 2
dir=build/fuzz
mkdir -p "$dir/corpus"
cp -n tests/fuzz/corpus/* "$dir/corpus/"
echo "=== fuzz: building"
clang++-16 -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Iinclude tests/fuzz/fuzz_rollplan.cpp -o "$dir/fuzz_rollplan" || exit 1
echo "=== fuzz: running for $seconds s"
"$dir/fuzz_rollplan" -max_total_time="$seconds" -max_len=512 -print_final_stats=1 \
    -artifact_prefix="$dir/" "$dir/corpus" 2>"$dir/log" || { tail -60 "$dir/log"; echo "=== fuzz: FAILED"; exit 1; }
grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$dir/log"
echo "=== fuzz: no finding, in $((SECONDS - start)) s"
