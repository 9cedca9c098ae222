#!/bin/bash
# Builds and runs the whole test suite (unit tests, static proof sweeps,
# compile-fail cases, examples) with each compiler in ROLLPLAN_COMPILERS
# (default: GCC 12, Clang 16 and Clang 14). Exits non-zero if anything fails.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bash scripts/deps.sh cmake make g++ clang-14 clang-16 libboost-dev catch2 libpcg-cpp-dev python3 || exit 2
compilers=${ROLLPLAN_COMPILERS:-"g++ clang++-16 clang++-14"}
jobs=$(nproc)

run_with() {
    local compiler=$1 dir=build/test-$1 start=$SECONDS
    echo "=== $compiler: building in $dir"
    cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=Release >/dev/null || return 1
    # the build's progress lines are noise; errors and warnings are not
    cmake --build "$dir" -j"$jobs" 2>&1 | grep -Ev '^\[ *[0-9]+%\]|^g?make' 
    [ "${PIPESTATUS[0]}" -eq 0 ] || return 1
    echo "=== $compiler: built in $((SECONDS - start)) s"
    (cd "$dir" && ctest -j"$jobs" --output-on-failure)
}

failed=0 passed=0
for compiler in $compilers; do
    if run_with "$compiler"; then passed=$((passed + 1)); else echo "=== $compiler: FAILED"; failed=$((failed + 1)); fi
done
echo "compilers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
