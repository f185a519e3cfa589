#!/usr/bin/env bash
# The server alone: installs what is missing, builds, prepares the demo project and runs
# the Slotline server on 127.0.0.1:8787 until Ctrl+C (for trying the API with curl, or
# for desktop apps on other machines).
#
#   SLOTLINE_DATA   data directory (default: ~/.local/share/Slotline/slotline-server)
#   SLOTLINE_LISTEN address:port   (default: 127.0.0.1:8787)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh release

server=build/release/src/serverapp/slotline-server
data_args=()
[ -n "${SLOTLINE_DATA:-}" ] && data_args=(--data "$SLOTLINE_DATA")
listen=${SLOTLINE_LISTEN:-127.0.0.1:8787}

echo
"$server" init-demo "${data_args[@]}" --listen "$listen"
echo
exec "$server" serve "${data_args[@]}" --listen "$listen"
