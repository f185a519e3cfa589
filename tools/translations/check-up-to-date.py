#!/usr/bin/env python3
"""Checks that a translation holds exactly the strings the code has now.

Runs lupdate on a copy of the .ts file with the sources the build collects them from
(the C++ files of the given folders and the Designer forms) and compares the messages:
a string added to the code without `scripts/update-translations.sh`, or one the code no
longer has, fails the check.

Usage: check-up-to-date.py LUPDATE TS_FILE INCLUDE_DIR SOURCE_DIR...
(INCLUDE_DIR: where "gui/mainwindow.h" is found, for the classes' namespaces)
"""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

lupdate, ts_file, include, *folders = sys.argv[1:]


def messages(path):
    keys = set()
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            keys.add((name, message.findtext("source"), message.findtext("comment") or ""))
    return keys


sources = []
for folder in folders:
    for directory, _, files in os.walk(folder):
        sources += [os.path.join(directory, f) for f in files if f.endswith((".cpp", ".h", ".ui"))]

with tempfile.TemporaryDirectory() as scratch:
    copy = os.path.join(scratch, os.path.basename(ts_file))
    shutil.copy(ts_file, copy)
    subprocess.run([lupdate, "-silent", "-no-obsolete", "-locations", "none", "-I", include,
                    *sorted(sources),
                    "-ts", copy], check=True)
    before, after = messages(ts_file), messages(copy)

for context, source, _ in sorted(after - before):
    print(f"not collected yet: {context}: {source!r}")
for context, source, _ in sorted(before - after):
    print(f"no longer in the code: {context}: {source!r}")
if before != after:
    print("run scripts/update-translations.sh and translate what is new", file=sys.stderr)
    sys.exit(1)
print(f"{ts_file}: {len(before)} messages, the same as the code's")
