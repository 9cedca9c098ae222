#!/bin/bash
# fuzz.sh [SECONDS]: builds tests/fuzz/fuzz_rollplan.cpp (the library) and
# tests/fuzz/fuzz_command.cpp (the rollplan command over any arguments and
# input) with Clang 16's libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer, and runs the first from tests/fuzz/corpus and
# the second from tests/fuzz/command_corpus, each for SECONDS (default 60),
# both at once (the two builds too: one core each). Exits non-zero on any
# finding. The corpora they grow stay in build/fuzz.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
seconds=${1:-60}
start=$SECONDS
bash scripts/deps.sh clang-16 libclang-rt-16-dev libboost-dev libcli11-dev || exit 2
dir=build/fuzz

# build NAME: tests/fuzz/NAME.cpp with libFuzzer and the sanitizers, its log in $dir/NAME.build.log
build() {
    clang++-16 -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
        -Iinclude "tests/fuzz/$1.cpp" -o "$dir/$1" >"$dir/$1.build.log" 2>&1
}
# fuzz NAME CORPUS SECONDS: runs $dir/NAME from CORPUS for SECONDS
fuzz() {
    local name=$1 corpus=$2 time=$3
    mkdir -p "$dir/$corpus"
    cp -n "tests/fuzz/$corpus"/* "$dir/$corpus/"
    "$dir/$name" -max_total_time="$time" -max_len=512 -print_final_stats=1 \
        -artifact_prefix="$dir/$name-" "$dir/$corpus" 2>"$dir/$name.log"
}
# report NAME STATUS: the run's figures, or its last lines when it found something
report() {
    if [ "$2" -ne 0 ]; then
        echo "=== fuzz: $1 found something:"; tail -60 "$dir/$1.log"; return 1
    fi
    echo "=== fuzz: $1: $(grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$dir/$1.log" | tr '\n' ' ')"
}
# The two builds, then the two runs, side by side: one core each.
mkdir -p "$dir"
echo "=== fuzz: building fuzz_rollplan and fuzz_command"
build fuzz_rollplan & library=$!
build fuzz_command & command=$!
wait $library; built_library=$?
wait $command; built_command=$?
for name in fuzz_rollplan fuzz_command; do
    [ -s "$dir/$name.build.log" ] && cat "$dir/$name.build.log"
done
[ $built_library -eq 0 ] && [ $built_command -eq 0 ] || { echo "=== fuzz: a build FAILED"; exit 1; }
echo "=== fuzz: running fuzz_rollplan and fuzz_command, $seconds s each"
fuzz fuzz_rollplan corpus "$seconds" & library=$!
fuzz fuzz_command command_corpus "$seconds" & command=$!
wait $library; ran_library=$?
wait $command; ran_command=$?
report fuzz_rollplan $ran_library; found_library=$?
report fuzz_command $ran_command; found_command=$?
[ $found_library -eq 0 ] && [ $found_command -eq 0 ] || { echo "=== fuzz: FAILED"; exit 1; }
echo "=== fuzz: no finding, in $((SECONDS - start)) s"
