#!/usr/bin/env bash
# The crash-safety run with real-platform accounts, on demand: slotline-server (release build)
# publishing to X, LinkedIn and Facebook accounts connected through slotline-fake-platforms,
# beside the sandbox load, killed with SIGKILL again and again (some kills aimed just after a
# platform answered a create call), then checked (see docs/crash-safety.md).
#
#   scripts/crash-safety-platforms.sh [kills] [longest-gap | shortest-gap longest-gap] [-- options]
#
# kills: how many SIGKILLs (default 100). Gaps: how long, in seconds, a server lives before
# it is killed, drawn at random between the two (default 0.3 to 3; one number is the
# longest, from 0.2). Options after -- go to tests/crash/crash_safety.py, e.g.
# -- --seed 1234 --aimed-share 0.5 to replay a run or aim more kills.
set -euo pipefail
cd "$(dirname "$0")/.."

kills=100
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
    *) echo "usage: $0 [kills] [longest-gap | shortest-gap longest-gap] [-- options]" >&2
       exit 2 ;;
esac

cmake --preset release >/dev/null
cmake --build --preset release --target slotline-server slotline-fake-platforms
exec python3 tests/crash/crash_safety.py --server build/release/src/serverapp/slotline-server \
    --platforms fakes --fake-platforms build/release/src/fakeplatformsapp/slotline-fake-platforms \
    --kills "$kills" --min-gap "$shortest" --max-gap "$longest" "$@"
