#!/bin/bash
# check.sh COMPILER SOURCE_DIR VERSION WORK_DIR WAY: builds and runs the
# consumer of tests/consume against rollplan one way, with
# -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Werror:
#   installed      the README's install recipe (configure, build, install into
#                  a prefix), then find_package(rollplan CONFIG)
#   subdirectory   add_subdirectory(SOURCE_DIR)
#   fetchcontent   FetchContent_Declare(rollplan SOURCE_DIR ...)
#   pkg-config     cmake --install into a prefix right after configuring
#                  (no build), then the compiler with
#                  `pkg-config --cflags rollplan` (no CMake)
#   without-cli11  the install recipe with CLI11 hidden: the command is
#                  skipped with one line, then find_package(rollplan CONFIG)
# The CMake ways must give the consumer rollplan's headers as system headers
# (-isystem), and every way must report VERSION.
set -uo pipefail
compiler=$1 source=$2 version=$3 work=$4 way=$5
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
strict=(-Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Werror)

# The README's install recipe, as it is written there:
#   cmake -S rollplan -B build -DROLLPLAN_TESTS=OFF -DROLLPLAN_EXAMPLES=OFF
#   cmake --build build && cmake --install build --prefix /opt/rollplan
# (with the compiler and the prefix of this test). install_prefix BUILD
# [cmake args...]: BUILD is "build" for the recipe, "no-build" for
# `cmake --install` right after configuring.
install_prefix() {
    local build=$1; shift
    cmake -S "$source" -B "$work/rollplan-build" -DCMAKE_CXX_COMPILER="$compiler" -DROLLPLAN_TESTS=OFF \
        -DROLLPLAN_EXAMPLES=OFF "$@" >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; echo "configure failed"; exit 1; }
    if [ "$build" = build ]; then
        cmake --build "$work/rollplan-build" >"$work/log" 2>&1 || { cat "$work/log"; echo "build failed"; exit 1; }
    fi
    cmake --install "$work/rollplan-build" --prefix "$work/prefix" >"$work/log" 2>&1 || { cat "$work/log"; echo "install failed"; exit 1; }
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
        # the recipe: the library and the rollplan command
        install_prefix build
        [ "$("$work/prefix/bin/rollplan" --version)" = "rollplan $version" ] ||
            { echo "the installed rollplan command does not report version $version"; exit 1; }
        # installed like a library: license, changelog, docs, the man page
        for file in share/doc/rollplan/LICENSE share/doc/rollplan/CHANGELOG.md share/doc/rollplan/README.md \
                    share/doc/rollplan/docs/reference.md share/doc/rollplan/docs/guide.md share/doc/rollplan/docs/spec.md \
                    share/man/man1/rollplan.1 include/rollplan/detail/integer.hpp; do
            [ -s "$work/prefix/$file" ] || { echo "the install recipe did not install $file"; exit 1; }
        done
        consume_with_cmake find_package -DCMAKE_PREFIX_PATH="$work/prefix" ;;
    subdirectory) consume_with_cmake add_subdirectory -DROLLPLAN_SOURCE_DIR="$source" ;;
    fetchcontent) consume_with_cmake fetchcontent -DROLLPLAN_SOURCE_DIR="$source" ;;
    pkg-config)
        # cmake --install right after configuring: the library alone, no command (it was not built)
        install_prefix no-build
        [ ! -e "$work/prefix/bin/rollplan" ] || { echo "an unbuilt command was installed"; exit 1; }
        # as the README's Install section says: PKG_CONFIG_PATH=<prefix>/share/pkgconfig
        pc_dir="$work/prefix/share/pkgconfig"
        [ -f "$pc_dir/rollplan.pc" ] || { echo "no rollplan.pc in <prefix>/share/pkgconfig, where the README says"; exit 1; }
        grep -qF 'PKG_CONFIG_PATH=<prefix>/share/pkgconfig' "$source/README.md" ||
            { echo "the README no longer says how pkg-config finds the prefix"; exit 1; }
        [ "$(PKG_CONFIG_PATH=$pc_dir pkg-config --modversion rollplan)" = "$version" ] ||
            { echo "pkg-config does not report version $version"; exit 1; }
        cflags=$(PKG_CONFIG_PATH=$pc_dir pkg-config --cflags rollplan) || { echo "pkg-config fails"; exit 1; }
        # shellcheck disable=SC2086  # the flags are words
        "$compiler" -std=c++20 -O2 "${strict[@]}" $cflags -DROLLPLAN_EXPECTED_VERSION="\"$version\"" \
            "$here/main.cpp" -o "$work/consumer-pc" || { echo "the consumer does not build with pkg-config"; exit 1; }
        consumer="$work/consumer-pc" ;;
    without-cli11)
        # CLI11 missing: the command is skipped with one line; the recipe installs the library
        install_prefix build -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=TRUE
        grep -q "rollplan: the rollplan command is skipped: CLI11 2 was not found" "$work/configure.log" ||
            { cat "$work/configure.log"; echo "no line says why the command is skipped"; exit 1; }
        [ ! -e "$work/prefix/bin/rollplan" ] || { echo "a command was installed without CLI11"; exit 1; }
        consume_with_cmake find_package -DCMAKE_PREFIX_PATH="$work/prefix" ;;
    *) echo "unknown way: $way"; exit 2 ;;
esac
"$consumer" >"$work/output" 2>&1; status=$?
head -3 "$work/output"
[ "$status" -eq 0 ] || { echo "the consumer failed ($way)"; exit 1; }
echo "consumed ($way) with $compiler"
