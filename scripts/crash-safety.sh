#!/usr/bin/env bash
# The crash-safety run on demand: slotline-server (release build) under a mixed write load,
# killed with SIGKILL again and again, then checked (see docs/crash-safety.md).
#
#   scripts/crash-safety.sh [--with-platforms] [kills] [longest-gap | shortest-gap longest-gap]
#                           [-- options]
#
# kills: how many SIGKILLs (default 200). Gaps: how long, in seconds, a server lives before
# it is killed, drawn at random between the two (default 0.3 to 3; one number is the
# longest, from 0.2). Options after -- go to tests/crash/crash_safety.py, e.g.
# -- --seed 1234 --workers 6 to replay a run or change the load. --with-platforms also
# publishes to accounts on slotline-fake-platforms (scripts/crash-safety-platforms.sh;
# 100 kills by default).
set -euo pipefail
cd "$(dirname "$0")/.."

kills=200
platforms=
if [ "${1:-}" = "--with-platforms" ]; then
    platforms=yes
    kills=100
    shift
fi
shortest=0.3
longest=3
positional=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    positional+=("$1")
    shift
done
[ "${1:-}" = "--" ] && shift
case ${#positional[@]} in
    0) ;;
    1) kills=${positional[0]} ;;
    2) kills=${positional[0]}; shortest=0.2; longest=${positional[1]} ;;
    3) kills=${positional[0]}; shortest=${positional[1]}; longest=${positional[2]} ;;
    *) echo "usage: $0 [--with-platforms] [kills] [longest-gap | shortest-gap longest-gap] [-- options]" >&2
       exit 2 ;;
esac

cmake --preset release >/dev/null
if [ -n "$platforms" ]; then
    cmake --build --preset release --target slotline-server slotline-fake-platforms
    set -- --platforms fakes \
        --fake-platforms build/release/src/fakeplatformsapp/slotline-fake-platforms "$@"
else
    cmake --build --preset release --target slotline-server
fi
exec python3 tests/crash/crash_safety.py --server build/release/src/serverapp/slotline-server \
    --kills "$kills" --min-gap "$shortest" --max-gap "$longest" "$@"
