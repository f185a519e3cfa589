#!/usr/bin/env bash
# Configures and builds a CMake preset: debug (sanitizers, tests) or release. Configuring
# every time keeps an existing build tree in step with the preset's settings.
set -euo pipefail
preset=${1:?usage: build.sh debug|release|fuzz}
cd "$(dirname "$0")/.."

# A full disk makes the compiler fail without a word: its error goes to the disk that is
# full. So say it first. The figures are what a complete tree of each preset takes, with
# some room; a tree that is partly built needs only the rest.
case "$preset" in
    debug) needed_mib=15000 ;;
    release) needed_mib=2000 ;;
    *) needed_mib=1000 ;;
esac
mkdir -p build
have_mib=$(du -sm "build/$preset" 2>/dev/null | cut -f1 || echo 0)
free_mib=$(df -Pm build | awk 'NR == 2 { print $4 }')
if ((free_mib + have_mib < needed_mib)); then
    echo "build.sh: the $preset build needs about $((needed_mib / 1000)) GB; $((free_mib / 1000)) GB are free on $(df -P build | awk 'NR == 2 { print $6 }')." >&2
    exit 1
fi

cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -- -j"$(nproc)"
