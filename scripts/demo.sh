#!/bin/bash
# Builds and runs the main demo (examples/demo.cpp).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh cmake make g++ libboost-dev
cmake -S . -B build/demo -DCMAKE_BUILD_TYPE=Release -DROLLPLAN_TESTS=OFF -DROLLPLAN_COMMAND=OFF >/dev/null
cmake --build build/demo --target demo -j"$(nproc)" >/dev/null
exec build/demo/examples/demo
