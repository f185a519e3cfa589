#!/usr/bin/env bash
# After changing user-visible strings: reads them into translations/*.ts (lupdate) and
# gives the English file the plural forms of new counted strings.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
[ -f build/debug/CMakeCache.txt ] || cmake --preset debug >/dev/null
cmake --build build/debug --target update_translations
python3 tools/translations/english-plurals.py translations/slotline_en.ts
