#!/bin/bash
# check.sh COMPILER INCLUDE_DIR SOURCE: compiles SOURCE (tests/hot_paths/hot_paths.cpp)
# to assembly at -O2 and fails if any function in it calls a 128-bit division
# helper other than the allowed ones below (so the hot_* functions and every
# function they call, inlined or not, are covered), if a hot_* function of the
# source is missing from the assembly, or if the control function does not
# call one (the check would then be blind).
set -uo pipefail
compiler=$1 include=$2 source=$3
asm=$(mktemp)
trap 'rm -f "$asm"' EXIT
"$compiler" -std=c++20 -O2 -I"$include" -S "$source" -o "$asm" || { echo "does not compile"; exit 1; }
helpers='__udivti3|__umodti3|__udivmodti4|__divti3|__modti3'
# Every function of the assembly that calls a helper: the hot_* functions and
# whatever they call are checked at once, inlined or not.
callers=$(awk '
    /^[A-Za-z_][A-Za-z0-9_.$]*:/ { name = substr($1, 1, length($1) - 1); next }
    /call.*(__udivti3|__umodti3|__udivmodti4|__divti3|__modti3)/ { print name }' "$asm" | sort -u)
# Allowed: the control, the formatting of error messages, and the making of
# a distribution's levels below level 0 (make_levels, make_alias_table), which
# a draw does again only where it goes below level 0, with probability below
# n·2^-60 (detail/levels.hpp, draw_past_level_0).
allowed='control_128_bit_division|named_values|to_string|make_levels|make_alias_table'
status=0
expected=$(grep -oE '^(u64|void) hot_[a-z0-9_]+' "$source" | awk '{print $2}')
[ -n "$expected" ] || { echo "no hot_* functions in $source"; exit 1; }
for function in $expected; do
    if grep -q "^$function:" "$asm"; then
        echo "$function: compiled"
    else
        echo "$function: not found in the assembly"; status=1
    fi
done
for caller in $callers; do
    readable=$(echo "$caller" | c++filt)
    if echo "$caller" | grep -Eq "$allowed"; then
        echo "allowed: $readable calls a 128-bit division helper"
    else
        echo "NOT ALLOWED: $readable calls a 128-bit division helper"; status=1
    fi
done
if echo "$callers" | grep -qx "control_128_bit_division"; then
    echo "control_128_bit_division: calls the helper, so the check can see one"
else
    echo "control_128_bit_division: no helper call found: the check is blind"; status=1
fi
exit $status
