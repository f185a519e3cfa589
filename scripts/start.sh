#!/usr/bin/env bash
# Quick start: installs what is missing, builds, and starts the Slotline desktop app.
# On its first start the app offers its built-in server (slotline-server run by the app
# on this computer, with a demo project) or a server elsewhere.
#
#   SLOTLINE_PROFILE   keep the app's settings, drafts and built-in server data in this
#                      directory instead of the user's own (handy for a clean try)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh release

args=()
[ -n "${SLOTLINE_PROFILE:-}" ] && args=(--profile "$SLOTLINE_PROFILE")
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset): the desktop app needs one." >&2
    echo "On a machine without one, scripts/serve.sh runs the server alone." >&2
    exit 1
fi
exec build/release/src/app/slotline "${args[@]}" "$@"
