#!/usr/bin/env bash
# House rules a compiler cannot enforce: the project's clang-format style, no string-based
# SIGNAL/SLOT connections, and no connect() to a lambda without a context object (Qt 6.4
# has no QT_NO_CONTEXTLESS_CONNECT, so this check stands in for it).
set -euo pipefail
clang_format=${1:-clang-format}
status=0

mapfile -t sources < <(find src tests bench -type f \( -name '*.cpp' -o -name '*.h' \) | sort)

if ! "$clang_format" --dry-run --Werror "${sources[@]}"; then
    echo "style: run clang-format -i on the files above" >&2
    status=1
fi

if grep -nE '\b(SIGNAL|SLOT)\(' "${sources[@]}"; then
    echo "style: use pointer-to-member connect, not SIGNAL()/SLOT()" >&2
    status=1
fi

# connect(sender, &Class::signal, [lambda]) or connect(sender, &Class::signal, function):
# the third argument must be a context (receiver) object.
if perl -0777 -ne '
    while (/\bconnect\(\s*([^,;()]+(?:\([^()]*\))?)\s*,\s*(&[\w:]+)\s*,\s*(\[|&?[\w:]+\s*\))/g) {
        my $line = 1 + (substr($_, 0, pos($_)) =~ tr/\n//);
        print "$ARGV:$line: connect without a context object\n";
        $found = 1;
    }
    END { exit($found ? 0 : 1) }' "${sources[@]}"; then
    echo "style: pass a context object as the third argument of connect()" >&2
    status=1
fi

exit $status
