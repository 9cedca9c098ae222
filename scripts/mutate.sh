#!/bin/bash
# mutate.sh [--sample N] [--only TEXT]... [--changed BASE] [--mutant FILE:'before'→'after']... [--full]
#           [--jobs J] [--budget SECONDS] [--report FILE] [--resume FILE]... [--keep-survivors] [--keys-from FILE]:
# mutation testing of the sampling code (scripts/mutate.py says how). With
# no --sample, every mutant (about 1 800, hours on two cores); the report in
# docs/mutation.md comes from `--sample 240 --report docs/mutation.md`.
# --mutant FILE:'before'→'after' (or ->) tests a mutant written by hand: the
# one occurrence of `before` in include/rollplan/FILE replaced by `after`
# (exit status 2, and nothing run, when it occurs other than once or FILE is
# not a header mutated here). --full also kills a mutant with the tests built
# by clang++-16 and with the proof sweeps of tests/proofs/ that include its
# header; the nightly-size run is `--sample 100 --full` (docs/testing.md).
# Exits non-zero when under 95% of the mutants that are not equivalent are
# killed, or a survivor is not explained in tests/mutation/equivalent.txt.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
packages=(g++ python3 libboost-dev catch2 libpcg-cpp-dev)
for arg in "$@"; do [ "$arg" = --full ] && packages+=(clang-16); done
bash scripts/deps.sh "${packages[@]}" || exit 2
exec python3 scripts/mutate.py "$@"
