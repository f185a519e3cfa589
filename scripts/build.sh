#!/usr/bin/env bash
# Configures and builds a CMake preset: debug (sanitizers, tests) or release. Configuring
# every time keeps an existing build tree in step with the preset's settings.
set -euo pipefail
preset=${1:?usage: build.sh debug|release|fuzz}
cd "$(dirname "$0")/.."

cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -- -j"$(nproc)"
