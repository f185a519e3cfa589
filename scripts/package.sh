#!/usr/bin/env bash
# Builds the release preset and makes its packages: build/release/slotline_<version>_amd64.deb
# (Depends computed from the programs) and slotline-<version>-linux-x86_64.tar.gz.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh release
cpack --preset release >/dev/null
ls -1 build/release/slotline_*.deb build/release/slotline-*.tar.gz
