#!/bin/bash
# deps.sh PACKAGE... : make sure these Debian packages are installed.
# As root it installs what is missing; otherwise it prints the one apt-get
# line to run and exits 2.
set -euo pipefail
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
    echo "rollplan: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
    echo "rollplan: missing Debian packages; run:"
    echo "  sudo apt-get install -y ${missing[*]}"
    exit 2
fi
