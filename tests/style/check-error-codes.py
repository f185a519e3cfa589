#!/usr/bin/env python3
"""Fails when docs/server.md's table of error codes and core's table disagree.

src/core/errorcode.cpp pairs every code with its HTTP status; the documentation's table
("| Status | Codes | When |") must list each code under that status, and no other code.
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
source = (root / "src/core/errorcode.cpp").read_text(encoding="utf-8")
table = {name: int(status) for name, status in
         re.findall(r'Entry \{ErrorCode::\w+, "([a-z_]+)"_L1, (\d{3})\}', source)}
if not table:
    sys.exit("src/core/errorcode.cpp: no table of codes found")

documented = {}
for line in (root / "docs/server.md").read_text(encoding="utf-8").splitlines():
    match = re.match(r"^\| ([\d, ]+) \| (`[^|]+`) \|", line)
    if not match:
        continue
    statuses = [int(s) for s in re.findall(r"\d{3}", match.group(1))]
    codes = re.findall(r"`([a-z_]+)`", match.group(2))
    for index, code in enumerate(codes):
        # "414, 431 | `uri_too_long`, `request_header_fields_too_large`": in order.
        status = statuses[index] if len(statuses) == len(codes) else statuses[0]
        documented[code] = status

status = 0
for code, http in sorted(table.items()):
    if code not in documented:
        print(f"error codes: {code} ({http}) is not in docs/server.md's table", file=sys.stderr)
        status = 1
    elif documented[code] != http:
        print(f"error codes: docs/server.md lists {code} under {documented[code]}; it is {http}",
              file=sys.stderr)
        status = 1
for code in sorted(set(documented) - set(table)):
    print(f"error codes: docs/server.md lists {code}, which the API has no more", file=sys.stderr)
    status = 1
sys.exit(status)
