#!/usr/bin/env bash
# House rules a compiler cannot enforce: the project's clang-format style, no string-based
# SIGNAL/SLOT connections, no connect() to a lambda without a context object (Qt 6.4
# has no QT_NO_CONTEXTLESS_CONNECT, so this check stands in for it), and no source file in
# src/ over 600 lines (a file that long holds more than one concern; docs/architecture.md).
set -euo pipefail
clang_format=${1:-clang-format}
status=0

mapfile -t sources < <(find src tests bench fuzz -type f \( -name '*.cpp' -o -name '*.h' \) | sort)

if ! "$clang_format" --dry-run --Werror "${sources[@]}"; then
    echo "style: run clang-format -i on the files above" >&2
    status=1
fi

if grep -nE '\b(SIGNAL|SLOT)\(' "${sources[@]}"; then
    echo "style: use pointer-to-member connect, not SIGNAL()/SLOT()" >&2
    status=1
fi

# moc reads files with Q_OBJECT but not raw string literals: a // or a quote inside one
# silently drops the class (a link error far away). Such files use ordinary literals.
for file in $(grep -l 'Q_OBJECT' "${sources[@]}"); do
    if grep -n 'R"(' "$file"; then
        echo "style: $file has Q_OBJECT and a raw string literal, which moc misreads" >&2
        status=1
    fi
done

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

# A file grows a line at a time; the limit is checked so that it is noticed when it does.
max_lines=600
for file in $(find src -type f \( -name '*.cpp' -o -name '*.h' \) | sort); do
    lines=$(wc -l < "$file")
    if [ "$lines" -gt "$max_lines" ]; then
        echo "style: $file has $lines lines, more than $max_lines: split it along its concerns" >&2
        status=1
    fi
done

exit $status
