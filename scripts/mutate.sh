#!/bin/bash
# mutate.sh [--sample N] [--only TEXT]... [--changed BASE] [--jobs J] [--budget SECONDS] [--report FILE]
#           [--resume FILE]... [--keep-survivors] [--keys-from FILE]:
# mutation testing of the sampling code (scripts/mutate.py says how). With
# no --sample, every mutant (about 1 800, hours on two cores); the report in
# docs/mutation.md comes from `--sample 240 --report docs/mutation.md`.
# Exits non-zero when under 95% of the mutants that are not equivalent are
# killed, or a survivor is not explained in tests/mutation/equivalent.txt.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bash scripts/deps.sh g++ python3 libboost-dev catch2 libpcg-cpp-dev || exit 2
exec python3 scripts/mutate.py "$@"
