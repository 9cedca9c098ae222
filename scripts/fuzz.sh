#!/bin/bash
# fuzz.sh [SECONDS]: builds tests/fuzz/fuzz_rollplan.cpp (the library) and
# tests/fuzz/fuzz_command.cpp (the rollplan command over any arguments and
# input) with Clang 16's libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer, and runs the first from tests/fuzz/corpus for
# SECONDS (default 60), the second from tests/fuzz/command_corpus for half as
# long. Exits non-zero on any finding. The corpora they grow stay in build/fuzz.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
seconds=${1:-60}
start=$SECONDS
bash scripts/deps.sh clang-16 libclang-rt-16-dev libboost-dev libcli11-dev || exit 2
dir=build/fuzz

# fuzz NAME CORPUS SECONDS: builds tests/fuzz/NAME.cpp and runs it from CORPUS for SECONDS
fuzz() {
    local name=$1 corpus=$2 time=$3
    mkdir -p "$dir/$corpus"
    cp -n "tests/fuzz/$corpus"/* "$dir/$corpus/"
    echo "=== fuzz: building $name"
    clang++-16 -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
        -Iinclude "tests/fuzz/$name.cpp" -o "$dir/$name" || return 1
    echo "=== fuzz: running $name for $time s"
    "$dir/$name" -max_total_time="$time" -max_len=512 -print_final_stats=1 \
        -artifact_prefix="$dir/$name-" "$dir/$corpus" 2>"$dir/$name.log" || { tail -60 "$dir/$name.log"; return 1; }
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$dir/$name.log"
}
fuzz fuzz_rollplan corpus "$seconds" || { echo "=== fuzz: FAILED"; exit 1; }
fuzz fuzz_command command_corpus $((seconds / 2)) || { echo "=== fuzz: FAILED"; exit 1; }
echo "=== fuzz: no finding, in $((SECONDS - start)) s"
