#!/usr/bin/env bash
# Installs what is missing, builds the debug preset (AddressSanitizer, UBSan, warnings as
# errors) and runs the whole test suite. The release preset is built too: it is what the
# quick start runs, and the optimizer finds warnings the debug build does not.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/install-tools.sh
scripts/build.sh debug
scripts/build.sh release
ctest --preset debug -j"$(nproc)" "$@"
