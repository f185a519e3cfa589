#!/usr/bin/env python3
"""Gives every counted string of translations/slotline_en.ts its English plural forms.

The source strings are written "%n change(s)"; English needs "1 change" and "2 changes".
Only messages with numerus="yes" are touched, and only while they have no forms yet, so a
form written by hand is kept. A verb written so ("%n need(s) attention") comes out the
wrong way round ("1 need", "2 needs"): write its forms by hand.
"""
import re
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "translations/slotline_en.ts"
text = open(path, encoding="utf-8").read()

message = re.compile(
    r'(<message numerus="yes">\s*<source>)([^<]*)(</source>\s*)'
    r'<translation type="unfinished">\s*(?:<numerusform></numerusform>\s*)*</translation>',
    re.S)


def forms(match):
    source = match.group(2)
    singular = source.replace("(s)", "")
    plural = source.replace("(s)", "s")
    return (match.group(1) + source + match.group(3) + "<translation>\n"
            "            <numerusform>" + singular + "</numerusform>\n"
            "            <numerusform>" + plural + "</numerusform>\n"
            "        </translation>")


text, count = message.subn(forms, text)
open(path, "w", encoding="utf-8").write(text)
print(f"{path}: {count} plural message(s) filled")
