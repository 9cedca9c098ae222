#!/bin/bash
# Regenerates the tables of README.md, docs/guide.md, docs/plans.md and docs/dice.md (tools/readme_tables.cpp, tools/rolls_table.cpp,
# tools/loaded_table.cpp), the transcripts of the rollplan command
# (scripts/dice_transcripts.sh) and the plots docs/rolls_per_draw_d6.png and
# docs/loaded_pool.png (scripts/plot_rolls.py, scripts/plot_loaded.py, with Debian's python3
# and python3-matplotlib: /usr/bin/python3, whatever else python3 is on PATH).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh cmake make g++ libboost-dev libcli11-dev python3 python3-matplotlib
cmake -S . -B build/readme -DCMAKE_BUILD_TYPE=Release -DROLLPLAN_TESTS=OFF >/dev/null
cmake --build build/readme --target readme_tables rolls_table loaded_table rollplan_command -j"$(nproc)" >/dev/null
build/readme/tools/readme_tables > build/readme/tables.md
build/readme/tools/rolls_table --markdown >> build/readme/tables.md
build/readme/tools/loaded_table --markdown >> build/readme/tables.md
bash scripts/dice_transcripts.sh build/readme/cli/rollplan >> build/readme/tables.md
/usr/bin/python3 scripts/splice_tables.py build/readme/tables.md README.md docs/guide.md docs/plans.md docs/dice.md --write
build/readme/tools/rolls_table --csv > build/readme/rolls_d6.csv
/usr/bin/python3 scripts/plot_rolls.py build/readme/rolls_d6.csv docs/rolls_per_draw_d6.png
build/readme/tools/loaded_table --csv > build/readme/loaded_pool.csv
/usr/bin/python3 scripts/plot_loaded.py build/readme/loaded_pool.csv docs/loaded_pool.png
echo "the tables of README.md and docs/, the transcripts, docs/rolls_per_draw_d6.png and docs/loaded_pool.png regenerated"
