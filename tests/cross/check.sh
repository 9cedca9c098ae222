#!/bin/bash
# check.sh SOURCE_DIR WORK_DIR: rollplan on other CPUs. With Debian's cross
# compilers (GCC 12, static) and qemu-user, for aarch64 (little-endian, where
# GCC contracts a*b + c into one fused multiply-add) and s390x (big-endian):
# - the unit tests where byte order, word layout and floating-point
#   evaluation could matter: the golden values of the spec (golden.cpp), the
#   batches that take several values from one word (detail/batch.cpp), the
#   engines and their streams (engines.cpp, philox.cpp, seed.cpp), the pool's
#   64-bit register split into 32-bit halves (pool.cpp), the distributions
#   and their streams (distribution.cpp, discrete.cpp, which reads a double's
#   bits), generate (generate.cpp) and the 128-bit arithmetic
#   (detail/wide.cpp). The pool's two 10^6-draw cost tests ([long]) are
#   left out: they test the pool's cost, not the layout of a word, and take
#   20 s of the 30 under emulation.
# - examples/reproducible.cpp, whose output must equal
#   tests/golden/reproducible.txt byte for byte;
# - tests/cross/plans.cpp, the planner at run time (it ranks plans by costs
#   in doubles, which GCC evaluates with fused multiply-adds on aarch64): the
#   plans must be those this machine's build chooses.
# And for i686 (-m32, no unsigned __int128): the compilation stops at the
# one sentence that the README quotes.
set -uo pipefail
source=$1 work=$2
tests="main golden detail/batch engines philox seed pool distribution discrete generate detail/wide"
rm -rf "$work" && mkdir -p "$work/include"
# Catch2, Boost (Mp11, and Multiprecision for golden.cpp) and PCG are header-only:
# the cross compilers get them, and none of the host's C headers, through links.
for header in /usr/include/catch2 /usr/include/boost /usr/include/pcg_*.hpp; do
    ln -s "$header" "$work/include/$(basename "$header")"
done
status=0
g++ -std=c++20 -O2 -I"$source/include" "$source/tests/cross/plans.cpp" -o "$work/plans.native" &&
    "$work/plans.native" >"$work/plans.native.txt" || { echo "cross: the native plans.cpp failed"; exit 1; }
for target in aarch64-linux-gnu:qemu-aarch64 s390x-linux-gnu:qemu-s390x; do
    triple=${target%%:*} qemu=${target##*:} dir=$work/${target%%-*} start=$SECONDS
    mkdir -p "$dir"
    # one object per test file, as many at once as there are cores; Catch2's
    # runner (main) at -O0, which halves its 36 s to compile
    if ! printf '%s\n' $tests | xargs -P "$(nproc)" -I{} sh -c \
            'opt=-O1; [ {} = main ] && opt=-O0
             exec "$0" -std=gnu++20 $opt -DBOOST_ALL_NO_LIB -Wall -Wextra -Werror -Wno-deprecated-declarations \
                 -I"$1/include" -I"$1/tests" -I"$2/include" -c "$1/tests/{}.cpp" -o "$3/$(echo {} | tr / _).o"' \
            "$triple-g++" "$source" "$work" "$dir"; then
        echo "cross: the unit tests do not compile for $triple"; status=1; continue
    fi
    "$triple-g++" -static "$dir"/*.o -o "$dir/tests" &&
        "$triple-g++" -std=c++20 -O2 -static -I"$source/include" -I"$work/include" \
            "$source/examples/reproducible.cpp" -o "$dir/reproducible" &&
        "$triple-g++" -std=c++20 -O2 -static -I"$source/include" -I"$work/include" \
            "$source/tests/cross/plans.cpp" -o "$dir/plans" ||
        { echo "cross: linking for $triple failed"; status=1; continue; }
    if ! "$qemu" "$dir/tests" '~[long]'; then
        echo "cross: the unit tests fail on $triple"; status=1
    fi
    if "$qemu" "$dir/reproducible" | diff -u "$source/tests/golden/reproducible.txt" -; then
        echo "cross: $triple prints tests/golden/reproducible.txt ($(wc -l <"$source/tests/golden/reproducible.txt") lines)"
    else
        echo "cross: the reproducible sequences differ on $triple"; status=1
    fi
    if "$qemu" "$dir/plans" | cmp -s "$work/plans.native.txt" -; then
        echo "cross: $triple plans as this machine does ($(wc -l <"$work/plans.native.txt") lines of plans)"
    else
        echo "cross: the planner chooses other plans on $triple:"
        "$qemu" "$dir/plans" | diff "$work/plans.native.txt" - | head -20; status=1
    fi
    echo "cross: $triple in $((SECONDS - start)) s"
done
# -m32: the compiler's first error must be the sentence the README quotes, and
# its only other one the missing file that ends the compilation there.
sentence="rollplan needs unsigned __int128: GCC or Clang on a 64-bit target"
printf '#include <rollplan/rollplan.hpp>\nint main() {}\n' >"$work/m32.cpp"
if i686-linux-gnu-g++ -std=c++20 -fsyntax-only -I"$source/include" -I"$work/include" "$work/m32.cpp" >"$work/m32.log" 2>&1; then
    echo "cross: rollplan compiled for i686, which has no unsigned __int128"; status=1
elif [ "$(grep -c 'error:' "$work/m32.log")" -ne 2 ] || ! grep -m1 'error:' "$work/m32.log" | grep -qF "#error \"$sentence\""; then
    echo "cross: for i686 the compilation did not stop at the one sentence:"; cat "$work/m32.log"; status=1
elif ! grep -qF "$sentence" "$source/README.md"; then
    echo "cross: the README does not quote the sentence for a 32-bit target"; status=1
else
    echo "cross: i686 (-m32) stops at \"$sentence\", as the README says"
fi
exit $status
