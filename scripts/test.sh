#!/usr/bin/env bash
# Installs what is missing, builds the debug preset (AddressSanitizer, UBSan, warnings as
# errors) and runs the whole test suite. The release preset is built too: it is what the
# quick start runs, and the optimizer finds warnings the debug build does not. So is the
# fuzz preset (clang), whose short fuzz runs close the suite.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/install-tools.sh
scripts/build.sh debug
scripts/build.sh release
scripts/build.sh fuzz
ctest --preset debug -j"$(nproc)" "$@"
# Each fuzz target replays its checked-in corpus, then fuzzes for a few seconds.
ctest --test-dir build/fuzz -j"$(nproc)" --output-on-failure
