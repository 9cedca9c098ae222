#!/bin/bash
# Regenerates the tables in README.md from tools/readme_tables.cpp.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh cmake make g++ libboost-dev python3
cmake -S . -B build/readme -DCMAKE_BUILD_TYPE=Release -DROLLPLAN_TESTS=OFF >/dev/null
cmake --build build/readme --target readme_tables -j"$(nproc)" >/dev/null
build/readme/tools/readme_tables > build/readme/tables.md
python3 scripts/splice_tables.py README.md build/readme/tables.md --write
echo "README.md tables regenerated"
