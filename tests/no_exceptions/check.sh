#!/bin/bash
# check.sh COMPILER INCLUDE_DIR SOURCE WORK_DIR: builds SOURCE
# (tests/no_exceptions/no_exceptions.cpp) with -fno-exceptions twice, with
# the default handler and with its own, and checks what each run does: a
# good N plans and exits 0; N = 0 prints rollplan's message (naming N = 0)
# and aborts (default) or reaches the program's handler (exit status 3).
set -uo pipefail
compiler=$1 include=$2 source=$3 work=$4
mkdir -p "$work"
flags=(-std=c++20 -O1 -fno-exceptions -Wall -Wextra -Wpedantic -Werror -I"$include")
"$compiler" "${flags[@]}" "$source" -o "$work/default_handler" || { echo "does not compile without exceptions"; exit 1; }
"$compiler" "${flags[@]}" -DROLLPLAN_TEST_OWN_HANDLER "$source" -o "$work/own_handler" || { echo "does not compile with its own handler"; exit 1; }
status=0
expect() {  # expect WHAT STATUS TEXT COMMAND...
    local what=$1 want=$2 text=$3; shift 3
    local output got
    output=$("$@" 2>&1); got=$?
    if [ "$got" -ne "$want" ]; then echo "$what: exit status $got, expected $want"; echo "$output"; status=1; return; fi
    if ! grep -qF -- "$text" <<<"$output"; then echo "$what: output lacks '$text'"; echo "$output"; status=1; return; fi
    echo "$what: exit status $got, says '$text'"
}
expect "good N, default handler" 0 "planned, exactly uniform: 1" "$work/default_handler" 29
expect "N = 0, default handler" 134 "rollplan: N must be between 1 and 2^64 - 1 (N = 0)" "$work/default_handler" 0
expect "good N, own handler" 0 "planned, exactly uniform: 1" "$work/own_handler" 7
expect "N = 0, own handler" 3 "own handler: rollplan: N must be between 1 and 2^64 - 1 (N = 0)" "$work/own_handler" 0
exit $status
