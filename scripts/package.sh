#!/usr/bin/env bash
# Builds the release preset and makes its packages: build/release/slotline_<version>_amd64.deb
# (Depends computed from the programs) and slotline-<version>-linux-x86_64.tar.gz.
# cpack runs under fakeroot: the archive generator writes the owner of each file it
# packs, and every entry must be root's, whoever makes the packages.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh release
fakeroot cpack --preset release >/dev/null
ls -1 build/release/slotline_*.deb build/release/slotline-*.tar.gz
