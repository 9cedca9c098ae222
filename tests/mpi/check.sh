#!/bin/bash
# tests/mpi/check.sh FILL_MPI ONE_PROCESS DIR: examples/fill_mpi.cpp under
# mpirun with 1 to 4 ranks (--oversubscribe: more ranks than cores) writes the
# bytes that one process's generate writes (tests/mpi/one_process.cpp): sizes
# that split unevenly, parts inside one 1024-value block, a rank with nothing
# to do, parts of several rounds of writes; an earlier, longer file loses its
# tail; bad arguments stop with exit code 2 and words naming them, and a
# file that cannot be written with exit code 1. Each run has 120 s: a rank
# that missed a collective call would otherwise hang the tests.
set -uo pipefail
fill_mpi=$1 one_process=$2 dir=$3
mkdir -p "$dir"
# CI runs as root, which OpenMPI refuses unless told
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
ranks_run() { timeout 120 mpirun --oversubscribe "$@"; }
failed=0
fail() { echo "FAILED: $*"; failed=1; }

for case in "0 1" "3 2026" "1025 5" "2500003 18446744073709551615"; do
    read -r n seed <<<"$case"
    "$one_process" "$dir/one.$n" "$n" "$seed" || fail "one_process $n $seed"
    for ranks in 1 2 3 4; do
        out=$dir/fill.$n.$ranks
        # a longer file was there before: the fill must cut it to 4 N bytes
        head -c $((4 * n + 4099)) /dev/urandom >"$out"
        ranks_run -np "$ranks" "$fill_mpi" "$out" "$n" "$seed" >"$dir/log" 2>&1 ||
            { cat "$dir/log"; fail "mpirun -np $ranks fill_mpi OUT $n $seed"; continue; }
        cmp "$dir/one.$n" "$out" || fail "$ranks ranks, N = $n, SEED = $seed: not the bytes of one process"
    done
done

# words and exit code 2 for what is not N or SEED
refused() {
    local words=$1; shift
    ranks_run -np 2 "$fill_mpi" "$@" >"$dir/log" 2>&1
    local code=$?
    [ "$code" -eq 2 ] || fail "fill_mpi $*: exit code $code, not 2"
    grep -qF -- "$words" "$dir/log" || { cat "$dir/log"; fail "fill_mpi $*: no '$words'"; }
}
refused "usage: mpirun -np P fill_mpi OUT N SEED" "$dir/x" 10
refused "N is a whole number of values from 0 to 2305843009213693951, not '-1'" "$dir/x" -1 7
refused "not '1e3'" "$dir/x" 1e3 7
refused "not ' 5'" "$dir/x" " 5" 7
refused "not '2305843009213693952'" "$dir/x" 2305843009213693952 7
refused "SEED is a whole number from 0 to 18446744073709551615, not '18446744073709551616'" "$dir/x" 10 18446744073709551616
refused "not ''" "$dir/x" 10 ""
# the largest N, 2^61 - 1, is taken (not refused as an argument): its 2^63 - 4 bytes then fail
# in words where the file system cannot hold them (ext4), or the run is stopped after 10 s
timeout 10 mpirun --oversubscribe -np 2 "$fill_mpi" "$dir/largest" 2305843009213693951 7 >"$dir/log" 2>&1
code=$?
rm -f "$dir/largest"
{ [ "$code" -eq 1 ] && grep -qF "cannot be made 9223372036854775804 bytes long" "$dir/log"; } || [ "$code" -eq 124 ] ||
    { cat "$dir/log"; fail "the largest N: exit code $code"; }

# files that cannot be written, in words (exit code 1: the arguments were fine): one that cannot
# be opened, and one whose writes fail after the open (MPI-IO may say so only in the count)
failed_write() {
    local words=$1 out=$2 code
    ranks_run -np 2 "$fill_mpi" "$out" 3000000 7 >"$dir/log" 2>&1
    code=$?
    [ "$code" -eq 1 ] && grep -qF -- "$words" "$dir/log" || { cat "$dir/log"; fail "fill_mpi $out: exit code $code"; }
}
failed_write "fill_mpi: cannot open '$dir/no/such/dir/out' for writing" "$dir/no/such/dir/out"
failed_write "fill_mpi: writing '/proc/version' failed" /proc/version

[ "$failed" -eq 0 ] && echo "fill_mpi: the bytes of one process for 1 to 4 ranks; bad arguments refused"
exit "$failed"
