#!/bin/bash
# check.sh COMPILER SOURCE_DIR VERSION WORK_DIR WAY: builds and runs the
# consumer of tests/consume against rollplan one way, with
# -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Werror:
#   installed      cmake --install into a prefix, then find_package(rollplan CONFIG)
#   subdirectory   add_subdirectory(SOURCE_DIR)
#   fetchcontent   FetchContent_Declare(rollplan SOURCE_DIR ...)
#   pkg-config     cmake --install into a prefix, then the compiler with
#                  `pkg-config --cflags rollplan` (no CMake)
# The CMake ways must give the consumer rollplan's headers as system headers
# (-isystem), and every way must report VERSION.
set -uo pipefail
compiler=$1 source=$2 version=$3 work=$4 way=$5
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
strict=(-Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Werror)

install_prefix() {  # install_prefix [cmake args...]
    cmake -S "$source" -B "$work/rollplan-build" -DCMAKE_CXX_COMPILER="$compiler" -DROLLPLAN_TESTS=OFF \
        -DROLLPLAN_EXAMPLES=OFF -DCMAKE_INSTALL_PREFIX="$work/prefix" "$@" >"$work/log" 2>&1 &&
        cmake --build "$work/rollplan-build" >>"$work/log" 2>&1 &&
        cmake --install "$work/rollplan-build" >>"$work/log" 2>&1 || { cat "$work/log"; echo "install failed"; exit 1; }
}

consume_with_cmake() {  # consume_with_cmake MODE [cmake args...]
    local mode=$1; shift
    cmake -S "$here" -B "$work/consumer" -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DROLLPLAN_CONSUME="$mode" -DROLLPLAN_EXPECTED_VERSION="$version" "$@" \
        >"$work/log" 2>&1 || { cat "$work/log"; echo "the consumer does not configure ($mode)"; exit 1; }
    cmake --build "$work/consumer" >>"$work/log" 2>&1 || { cat "$work/log"; echo "the consumer does not build ($mode)"; exit 1; }
    grep -q -- "-isystem [^ ]*include" "$work/consumer/compile_commands.json" ||
        { grep '"command"' "$work/consumer/compile_commands.json"; echo "rollplan's headers are not system headers ($mode)"; exit 1; }
    consumer="$work/consumer/consumer"
}

case $way in
    installed)
        # the library and the rollplan command
        install_prefix
        [ "$("$work/prefix/bin/rollplan" --version)" = "rollplan $version" ] ||
            { echo "the installed rollplan command does not report version $version"; exit 1; }
        consume_with_cmake find_package -DCMAKE_PREFIX_PATH="$work/prefix" ;;
    subdirectory) consume_with_cmake add_subdirectory -DROLLPLAN_SOURCE_DIR="$source" ;;
    fetchcontent) consume_with_cmake fetchcontent -DROLLPLAN_SOURCE_DIR="$source" ;;
    pkg-config)
        # the library alone: the command is optional
        install_prefix -DROLLPLAN_COMMAND=OFF
        [ ! -e "$work/prefix/bin/rollplan" ] || { echo "ROLLPLAN_COMMAND=OFF installed the command"; exit 1; }
        pc_dir=$(dirname "$(find "$work/prefix" -name rollplan.pc)")
        [ "$(PKG_CONFIG_PATH=$pc_dir pkg-config --modversion rollplan)" = "$version" ] ||
            { echo "pkg-config does not report version $version"; exit 1; }
        cflags=$(PKG_CONFIG_PATH=$pc_dir pkg-config --cflags rollplan) || { echo "pkg-config fails"; exit 1; }
        # shellcheck disable=SC2086  # the flags are words
        "$compiler" -std=c++20 -O2 "${strict[@]}" $cflags -DROLLPLAN_EXPECTED_VERSION="\"$version\"" \
            "$here/main.cpp" -o "$work/consumer-pc" || { echo "the consumer does not build with pkg-config"; exit 1; }
        consumer="$work/consumer-pc" ;;
    *) echo "unknown way: $way"; exit 2 ;;
esac
"$consumer" >"$work/output" 2>&1; status=$?
head -3 "$work/output"
[ "$status" -eq 0 ] || { echo "the consumer failed ($way)"; exit 1; }
echo "consumed ($way) with $compiler"
