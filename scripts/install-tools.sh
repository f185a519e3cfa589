#!/usr/bin/env bash
# Installs the npm tools the OpenAPI tests use (tools/openapi: Redocly CLI and Prism) at
# the exact versions of its package-lock.json, and nothing when they are there already.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's nodejs (18) runs both tools even though Redocly CLI 2 asks for Node 20.19 or
# later in its engines field; a newer node already on the machine is used as it is.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    scripts/install-deps.sh nodejs npm
fi

tools=tools/openapi
# npm writes node_modules/.package-lock.json last, after a complete install: when it is
# there and not older than package-lock.json, the installed tools are the pinned ones. An
# interrupted install leaves no such file and is redone.
installed=$tools/node_modules/.package-lock.json
if [ -f "$installed" ] && [ ! "$tools/package-lock.json" -nt "$installed" ]; then
    exit 0
fi

echo "Installing the OpenAPI tools in $tools"
# Prism depends on @scarf/scarf, whose install script reports the download; the package
# opts out in package.json, and this covers installs from an older checkout too.
export SCARF_ANALYTICS=false
(cd "$tools" && npm ci --no-audit --no-fund)
