#!/bin/bash
# Builds and runs the whole test suite (unit tests, static proof sweeps,
# compile-fail cases, examples) with each compiler in ROLLPLAN_COMPILERS
# (default: GCC 12, Clang 16 and Clang 14, the last at -O0; the deep static sweeps with the
# compilers in ROLLPLAN_SWEEP_COMPILERS, default GCC 12 and Clang 16, as Clang
# 14 would prove the same constants again, and the certificate sweep with
# raised limits with ROLLPLAN_CERTIFICATE_COMPILERS, default GCC 12, for the
# same reason); then the unit tests, the examples and the rollplan command
# under AddressSanitizer and UndefinedBehaviorSanitizer (at -O0) with GCC 12
# and Clang 16 (ROLLPLAN_SANITIZE_COMPILERS), their static checks run at run
# time so that the sanitizers see that code too; the unit tests, examples,
# golden sequences and command once more with LLVM's libc++ (ROLLPLAN_LIBCXX,
# default on); the golden sequences in WebAssembly under node (ROLLPLAN_WASM,
# default on; emscripten); the unit tests where byte order matters, the
# golden sequences and the run-time planner on aarch64 and s390x under
# qemu-user, and the -m32 stop (ROLLPLAN_CROSS, default on;
# tests/cross/check.sh); the web page built by scripts/web.sh and checked in
# headless Chromium (ROLLPLAN_WEB, default on; tests/web/check.py, its
# screenshots kept in build/web-test); and a bounded libFuzzer run
# (ROLLPLAN_FUZZ_SECONDS, default 60; 0 skips it). Prints each stage's time.
# Exits non-zero if anything fails.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bash scripts/deps.sh cmake make g++ clang-14 clang-16 libclang-rt-16-dev libboost-dev catch2 libpcg-cpp-dev libcli11-dev \
    python3 bsdutils libc++-16-dev libc++abi-16-dev libtbb-dev \
    libopenmpi-dev openmpi-bin || exit 2
compilers=${ROLLPLAN_COMPILERS:-"g++ clang++-16 clang++-14"}
sweep_compilers=${ROLLPLAN_SWEEP_COMPILERS:-"g++ clang++-16"}
certificate_compilers=${ROLLPLAN_CERTIFICATE_COMPILERS:-"g++"}
sanitize_compilers=${ROLLPLAN_SANITIZE_COMPILERS:-"g++ clang++-16"}
fuzz_seconds=${ROLLPLAN_FUZZ_SECONDS:-60}
libcxx=${ROLLPLAN_LIBCXX:-on}
wasm=${ROLLPLAN_WASM:-on}
web=${ROLLPLAN_WEB:-on}
cross=${ROLLPLAN_CROSS:-on}
jobs=$(nproc)
version=$(sed -n 's/^project(rollplan VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
start_all=$SECONDS

# the build's progress lines are noise; errors and warnings are not
quiet_build() {
    cmake --build "$@" -j"$jobs" 2>&1 | grep -Ev '^\[ *[0-9]+%\]|^g?make'
    return "${PIPESTATUS[0]}"
}

run_with() {
    local compiler=$1 dir=build/test-$1 start=$SECONDS sweeps=OFF certificates=OFF packaging=ON
    case " $sweep_compilers " in *" $compiler "*) sweeps=ON ;; esac
    # Clang 14, the oldest compiler supported, can disagree with Clang 16 on what compiles and on the
    # words of its errors, hardly on what the same code computes (GCC, Clang 16, libc++, wasm and the
    # other CPUs check that): it builds at -O0, which compiles tests/discrete.cpp in 6 s against
    # 16-20 s at -O3, and runs every test but the unit tests' non-[golden] cases and the docs'
    # tables (below). The packaging tests (consume.*) test CMake and pkg-config, not the
    # compiler: not again with Clang 14.
    # GCC 12 builds at -O2, what the benchmarks and most builds use, and Clang 16 at -O3 (CMake's
    # Release): each level is tested once (libc++ at -O1, Clang 14 at -O0), and GCC compiles
    # tests/golden.cpp in 116 s at -O2 against 150 s at -O3.
    local build_type=Release release_flags="-O3 -DNDEBUG"
    [ "$compiler" = g++ ] && release_flags="-O2 -DNDEBUG"
    [ "$compiler" = clang++-14 ] && packaging=OFF && build_type=None
    case " $certificate_compilers " in *" $compiler "*) certificates=$sweeps ;; esac
    echo "=== $compiler: building in $dir (deep sweeps: $sweeps, certificate sweep: $certificates)"
    cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=$build_type "-DCMAKE_CXX_FLAGS_RELEASE=$release_flags" \
        -DROLLPLAN_SWEEPS=$sweeps \
        -DROLLPLAN_CERTIFICATE_SWEEP=$certificates -DROLLPLAN_PACKAGING_TESTS=$packaging >/dev/null || return 1
    quiet_build "$dir" || return 1
    echo "=== $compiler: built in $((SECONDS - start)) s"
    if [ "$compiler" = clang++-14 ]; then
        # Clang 14 at -O0 computes what Clang 16 at -O0 computes under the sanitizers, where every
        # unit test runs: it runs every other test (compile-fail cases and their words, examples,
        # the command, the docs' snippets) and, of the unit tests, the [golden] cases (the same
        # values from the oldest Clang), side by side (the whole unit suite took 139 s of CPU here,
        # [golden] 34 s); the docs' tables are the same numbers from every compiler (38 s at -O0)
        "$dir/tests/rollplan_tests" "[golden]" >"$dir/golden.log" 2>&1 &
        local golden=$!
        (cd "$dir" && ctest -j"$jobs" --output-on-failure -LE '^(unit|tables)$') || { wait "$golden"; return 1; }
        wait "$golden" || { cat "$dir/golden.log"; return 1; }
        tail -n 2 "$dir/golden.log"
    else
        (cd "$dir" && ctest -j"$jobs" --output-on-failure) || return 1
    fi
    echo "=== $compiler: built and tested in $((SECONDS - start)) s"
}

# The code that runs (unit tests, examples) with -fsanitize=address,undefined,
# stopping at the first report. At -O0: the sanitizers see every access and
# every operation as written, and the build takes a third of its time at -O1
# (GCC 12: 152 s against 764 s for the stage, the tests then running 97 s;
# Clang 16: 100 s, 218 s). GCC 12 at -O0 warns that a local class's
# die_type is unused where a template reads it (-Wunused-local-typedefs).
run_sanitized() {
    local compiler=$1 dir=build/sanitize-$1 start=$SECONDS
    echo "=== $compiler, address and undefined sanitizers: building in $dir"
    cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O0 -g -DNDEBUG" \
        "-DCMAKE_CXX_FLAGS=-DCATCH_CONFIG_RUNTIME_STATIC_REQUIRE -Wno-unused-local-typedefs" \
        -DROLLPLAN_SANITIZE=address,undefined >/dev/null || return 1
    quiet_build "$dir" --target rollplan_tests demo d29_from_d6 rand7_from_rand5 rand5_from_rand find_the_bias \
        compile_time_table reproducible rollplan_command || return 1
    echo "=== $compiler, sanitizers: built in $((SECONDS - start)) s"
    run_unit_tests_in_two "$dir/tests/rollplan_tests" "$dir/unit_tests" || return 1
    for example in demo d29_from_d6 rand7_from_rand5 rand5_from_rand find_the_bias compile_time_table reproducible; do
        "$dir/examples/$example" >/dev/null || { echo "example $example failed under the sanitizers"; return 1; }
    done
    for case in outputs bad_input interactive_pipe interactive_terminal hostile; do
        bash tests/cli/check.sh "$dir/cli/rollplan" "$version" "$case" || return 1
    done
    if [ "$compiler" = clang++-16 ]; then run_thread_sanitizer "$dir" || return 1; fi
    echo "=== $compiler, sanitizers: clean, in $((SECONDS - start)) s"
}

# The unit tests in two processes side by side, one per core (at -O0 under the
# sanitizers they took 275 s in one with Clang 16): the cases tagged [planner],
# [pool] or [golden], and every other case (a test spec and its complement:
# each case runs once). The two counts of cases must add up to the whole list.
# (Clang 16 at ec84937, case by case: 153 s for [planner] and [pool], 320 s for
# the rest, of which 80 s [golden]; the two now take about as long.)
run_unit_tests_in_two() {
    local tests=$1 log=$2 first second total counted
    "$tests" "[planner],[pool],[golden]" >"$log.1" 2>&1 &
    first=$!
    "$tests" "~[planner]~[pool]~[golden]" >"$log.2" 2>&1
    second=$?
    wait "$first"
    first=$?
    if [ "$first" -ne 0 ] || [ "$second" -ne 0 ]; then
        cat "$log.1" "$log.2"
        return 1
    fi
    tail -n 2 "$log.1" "$log.2"
    total=$("$tests" --list-test-names-only | grep -c .)
    counted=$(cat "$log.1" "$log.2" | sed -n 's/^All tests passed (.* assertions* in \([0-9]*\) test cases*)$/\1/p' |
        awk '{ sum += $1 } END { print sum + 0 }')
    [ "$counted" = "$total" ] || { echo "the two runs of $tests ran $counted test cases of $total"; return 1; }
}

# ThreadSanitizer (with Clang 16, which builds the test in 13 s): two threads
# through shared const distributions, and four threads making the parts of one
# philox4x64 fill with generate_part, are clean; two sharing one pool, and two
# fill parts that overlap, are reported, so the check is seen to catch a race
# (docs/guide.md, "Threads" and "Parallel and distributed fills").
run_thread_sanitizer() {
    local dir=$1
    clang++-16 -std=gnu++20 -O1 -g -fsanitize=thread -Iinclude tests/threads/threads.cpp -o "$dir/threads_tsan" || return 1
    "$dir/threads_tsan" || { echo "ThreadSanitizer: shared const objects raced or differed"; return 1; }
    local control
    for control in --share-pool --overlap; do
        if "$dir/threads_tsan" $control >"$dir/threads_tsan.log" 2>&1 || ! grep -q "ThreadSanitizer: data race" "$dir/threads_tsan.log"; then
            echo "ThreadSanitizer did not report the race of threads_tsan $control"
            return 1
        fi
    done
    echo "ThreadSanitizer: shared const distributions and the parts of a parallel fill clean; one pool shared by two threads, and overlapping parts, reported, as they should be"
}

# LLVM's libc++ in place of libstdc++ (Clang 16): the unit tests (golden values
# included), the examples, the reproducible sequences against their golden file,
# and the command's tests. The library needs nothing that only one standard
# library has. (Boost 1.74's container_hash, which the tests' Boost.Multiprecision
# includes, still names std::unary_function: libc++ keeps it on request.)
# It builds at -O1: the stage is there for what another standard library gives, and Clang 16 at
# -O3 has built the same code with libstdc++ (tests/golden.cpp, the longest file, compiled in
# 122 s at -O1 against 174 s at -O3).
run_libcxx() {
    local dir=build/libcxx start=$SECONDS
    echo "=== clang++-16 with libc++: building in $dir"
    cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER=clang++-16 -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" \
        -DROLLPLAN_SWEEPS=OFF \
        "-DCMAKE_CXX_FLAGS=-stdlib=libc++ -D_LIBCPP_ENABLE_CXX17_REMOVED_UNARY_BINARY_FUNCTION" \
        -DCMAKE_EXE_LINKER_FLAGS=-stdlib=libc++ >/dev/null || return 1
    quiet_build "$dir" --target rollplan_tests demo d29_from_d6 rand7_from_rand5 rand5_from_rand find_the_bias \
        compile_time_table reproducible diceware rollplan_command || return 1
    echo "=== clang++-16 with libc++: built in $((SECONDS - start)) s"
    "$dir/tests/rollplan_tests" || return 1
    for example in demo d29_from_d6 rand7_from_rand5 rand5_from_rand find_the_bias compile_time_table diceware; do
        "$dir/examples/$example" >/dev/null || { echo "example $example failed with libc++"; return 1; }
    done
    "$dir/examples/reproducible" | diff -u tests/golden/reproducible.txt - ||
        { echo "libc++: the reproducible sequences differ from tests/golden/reproducible.txt"; return 1; }
    for case in outputs bad_input interactive_pipe interactive_terminal hostile; do
        bash tests/cli/check.sh "$dir/cli/rollplan" "$version" "$case" || return 1
    done
    echo "=== clang++-16 with libc++: clean, in $((SECONDS - start)) s"
}

# WebAssembly (emscripten, run under node): the golden sequences and the d29
# example as the native build prints them.
run_wasm() {
    local start=$SECONDS
    echo "=== wasm: emscripten and node"
    bash scripts/deps.sh emscripten nodejs || return 1
    bash tests/wasm/check.sh "$PWD" build/wasm || return 1
    echo "=== wasm: the same values under node, in $((SECONDS - start)) s"
}

# Other CPUs: aarch64 and big-endian s390x (Debian's cross compilers, static,
# under qemu-user) run the unit tests where byte order and word layout could
# matter, print the golden sequences and plan as this machine does; i686
# (-m32) stops at the README's sentence (tests/cross/check.sh).
run_cross() {
    local start=$SECONDS
    echo "=== other CPUs: aarch64 and s390x under qemu, and i686"
    bash scripts/deps.sh g++-aarch64-linux-gnu g++-s390x-linux-gnu g++-i686-linux-gnu qemu-user || return 1
    bash tests/cross/check.sh "$PWD" build/cross || return 1
    echo "=== other CPUs: the same values, in $((SECONDS - start)) s"
}

# The web page in headless Chromium, its numbers against the command's (the
# GCC stage's build, or one made here with g++: the page is built from the
# command's code).
run_web() {
    local start=$SECONDS dir=build/web-test
    echo "=== web page: emscripten, then headless Chromium"
    bash scripts/deps.sh emscripten nodejs chromium chromium-driver python3-selenium || return 1
    # axe-core, the accessibility rules the page is checked against, from npm (the checks read it from disk)
    mkdir -p "$dir/npm" && npm install --no-audit --no-fund --silent --prefix "$dir/npm" axe-core@4 || return 1
    bash scripts/web.sh || return 1
    # the command of the GCC stage when it ran, else built here the same way (-O2)
    local command=build/test-g++/cli/rollplan
    if [ ! -x "$command" ] || [ -n "$(find cli include -newer "$command" -print -quit)" ]; then
        command=$dir/rollplan
        mkdir -p "$dir" && g++ -std=c++20 -O2 -Iinclude cli/rollplan.cpp -o "$command" || return 1
    fi
    ROLLPLAN_AXE=$dir/npm/node_modules/axe-core/axe.min.js /usr/bin/python3 tests/web/check.py build/web "$command" "$dir/screenshots" ||
        return 1
    echo "=== web page: checked in Chromium, in $((SECONDS - start)) s"
}

failed=0 passed=0
for compiler in $compilers; do
    if run_with "$compiler"; then passed=$((passed + 1)); else echo "=== $compiler: FAILED"; failed=$((failed + 1)); fi
done
if [ "$libcxx" = on ]; then
    if run_libcxx; then passed=$((passed + 1)); else echo "=== clang++-16 with libc++: FAILED"; failed=$((failed + 1)); fi
fi
if [ "$wasm" = on ]; then
    if run_wasm; then passed=$((passed + 1)); else echo "=== wasm: FAILED"; failed=$((failed + 1)); fi
fi
if [ "$cross" = on ]; then
    if run_cross; then passed=$((passed + 1)); else echo "=== other CPUs: FAILED"; failed=$((failed + 1)); fi
fi
if [ "$web" = on ]; then
    if run_web; then passed=$((passed + 1)); else echo "=== web page: FAILED"; failed=$((failed + 1)); fi
fi
for compiler in $sanitize_compilers; do
    if run_sanitized "$compiler"; then passed=$((passed + 1)); else echo "=== $compiler, sanitizers: FAILED"; failed=$((failed + 1)); fi
done
if [ "$fuzz_seconds" -gt 0 ]; then
    if bash scripts/fuzz.sh "$fuzz_seconds"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
fi
echo "=== all runs took $((SECONDS - start_all)) s"
echo "runs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
