#!/usr/bin/env bash
# Checks a man page: groff reads it without a warning, and it documents every long option
# the program's --help lists (so the page cannot fall behind the program).
# Usage: check-manpage.sh PAGE PROGRAM [ARGUMENTS BEFORE --help...]
set -euo pipefail
page="$1"
program="$2"
shift 2

warnings=$(groff -man -ww -z "$page" 2>&1)
if [ -n "$warnings" ]; then
    echo "groff warns about $page:" >&2
    echo "$warnings" >&2
    exit 1
fi

# In troff source a dash is written \- : read the page as text with them plain.
text=$(sed 's/\\-/-/g' "$page")
missing=0
for option in $(QT_QPA_PLATFORM=offscreen "$program" "$@" --help 2>/dev/null \
                 | grep -oE '(^|[[:space:],])--[a-z][a-z-]*' | grep -oE -- '--[a-z-]+' | sort -u); do
    if ! grep -qF -- "$option" <<<"$text"; then
        echo "$page does not document $option" >&2
        missing=1
    fi
done
exit "$missing"
