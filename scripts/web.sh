#!/bin/bash
# web.sh [--screenshot]: builds rollplan's web page into build/web/ — the
# files in web/ and rollplan.js, web/rollplan_web.cpp (the rollplan command's
# code over the library's headers) compiled to WebAssembly by Debian's
# emscripten, the .wasm inside the .js (-sSINGLE_FILE=1) so that the page works
# from the files alone, opened from disk (file://) or from any static host.
# --screenshot also renders the page in headless Chromium and writes the
# README's picture, docs/web.png (tests/web/check.py --screenshot).
# As root it installs the Debian packages it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
packages="emscripten nodejs"
[ "${1:-}" = --screenshot ] && packages="$packages chromium chromium-driver python3-selenium"
bash scripts/deps.sh $packages
export NODE_PATH=/usr/share/nodejs  # emscripten 3.1.6 runs its JavaScript tools with the system node
out=build/web
rm -rf "$out" && mkdir -p "$out/include"
ln -s /usr/include/boost "$out/include/boost"  # Boost.Mp11 alone, not the host's C headers
em++ -std=c++20 -O2 -fexceptions -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Werror -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 \
    -sEXPORTED_RUNTIME_METHODS=ccall -sEXPORTED_FUNCTIONS=_rollplan_plan,_rollplan_sitting,_rollplan_face \
    -Iinclude -I"$out/include" web/rollplan_web.cpp -o "$out/rollplan.js"
rm -rf "$out/include"
cp web/index.html web/style.css web/app.js "$out/"
echo "web.sh: the page is $out/index.html ($(du -sk "$out" | cut -f1) KB; open it in a browser, no server needed)"
if [ "${1:-}" = --screenshot ]; then
    /usr/bin/python3 tests/web/check.py --screenshot docs/web.png "$out"
fi
