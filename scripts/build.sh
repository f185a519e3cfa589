#!/usr/bin/env bash
# Configures (once) and builds a CMake preset: debug (sanitizers, tests) or release.
set -euo pipefail
preset=${1:?usage: build.sh debug|release}
cd "$(dirname "$0")/.."

if [ ! -f "build/$preset/CMakeCache.txt" ]; then
    cmake --preset "$preset" >/dev/null
fi
cmake --build --preset "$preset" -- -j"$(nproc)"
