#!/usr/bin/env bash
# Installs what is missing, builds the debug preset (AddressSanitizer, UBSan, warnings as
# errors) and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh debug
ctest --preset debug -j"$(nproc)" "$@"
