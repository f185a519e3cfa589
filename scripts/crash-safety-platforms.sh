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
exec "$(dirname "$0")/crash-safety.sh" --with-platforms "$@"
