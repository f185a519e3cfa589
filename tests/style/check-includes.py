#!/usr/bin/env python3
"""Fails when a folder of src/ includes a header of a folder it may not.

The folders each may include are the table "Which folder may include which" in
docs/architecture.md: the document is the rule, so the two cannot drift apart. A folder
may always include its own headers. With --matrix, prints the include arrows between
folders as they are, with how many includes each carries.
"""
import argparse
import collections
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
ROW = re.compile(r'^\|\s*`([^`]+)`\s*\|(.*)\|\s*$')


def allowed_matrix(doc):
    text = doc.read_text(encoding="utf-8")
    start = text.find("### Which folder may include which")
    if start < 0:
        sys.exit(f"{doc}: no section 'Which folder may include which'")
    matrix = {}
    for line in text[start:].splitlines()[1:]:
        if line.startswith("#"):
            break
        match = ROW.match(line)
        if match:
            matrix[match.group(1)] = set(re.findall(r"`([^`]+)`", match.group(2)))
    if not matrix:
        sys.exit(f"{doc}: the table of allowed includes is empty")
    return matrix


def arrows(src):
    found = collections.defaultdict(collections.Counter)
    places = collections.defaultdict(list)
    for path in sorted(src.rglob("*")):
        if path.suffix not in (".h", ".cpp", ".inc"):
            continue
        folder = path.parent.relative_to(src).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match or not (src / match.group(1)).is_file():
                continue  # a generated header (ui_*.h, *.moc) or one beside the file
            target = pathlib.PurePosixPath(match.group(1)).parent.as_posix()
            if target != folder:
                found[folder][target] += 1
                places[(folder, target)].append(f"{path}:{number}")
    return found, places


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=".", help="the repository")
    parser.add_argument("--matrix", action="store_true", help="print the arrows as they are")
    options = parser.parse_args()
    root = pathlib.Path(options.root)
    found, places = arrows(root / "src")
    if options.matrix:
        for folder in sorted(found):
            targets = ", ".join(f"{t} ({n})" for t, n in sorted(found[folder].items()))
            print(f"{folder} -> {targets}")
        circles = sorted({tuple(sorted((a, b))) for a in found for b in found[a]
                          if a in found.get(b, {})})
        print(f"circles: {len(circles)}" + "".join(f"\n  {a} <-> {b}" for a, b in circles))
        return 0
    matrix = allowed_matrix(root / "docs" / "architecture.md")
    status = 0
    for folder in sorted(found):
        if folder not in matrix:
            print(f"layers: src/{folder} is not in docs/architecture.md's table of allowed "
                  "includes; add its row", file=sys.stderr)
            status = 1
            continue
        for target in sorted(found[folder]):
            if target not in matrix[folder]:
                print(f"layers: src/{folder} may not include src/{target}:", file=sys.stderr)
                for place in places[(folder, target)]:
                    print(f"  {place}", file=sys.stderr)
                status = 1
    for folder, targets in sorted(matrix.items()):
        for target in sorted(targets - set(found.get(folder, {}))):
            print(f"layers: the table allows src/{folder} -> src/{target}, which no include "
                  "uses any more; take it out", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
