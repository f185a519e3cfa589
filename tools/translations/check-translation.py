#!/usr/bin/env python3
"""Checks a translation such as translations/slotline_de.ts against its source strings.

Every message must be finished and not empty, keep the same %-placeholders (%1, %L1, %n)
and rich-text tags, have as many '&' mnemonics as its source, and a counted message must
have the number of forms its language needs (German: 2, singular and plural).

Usage: check-translation.py translations/slotline_de.ts [forms]
"""
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter

path = sys.argv[1] if len(sys.argv) > 1 else "translations/slotline_de.ts"
forms_wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 2

placeholder = re.compile(r"%L?(?:\d+|n)")
# Rich-text tags only: "<directory>" in a command-line help is a word to translate.
tag = re.compile(r"</?(a|b|br|em|h[1-6]|i|li|ol|p|span|strong|tt|u|ul)\b[^>]*>")


def mnemonics(text):
    return len(re.findall(r"&", text.replace("&&", "")))


problems = []
count = 0
for context in ET.parse(path).getroot().iter("context"):
    name = context.findtext("name")
    for message in context.iter("message"):
        count += 1
        source = message.findtext("source")
        translation = message.find("translation")
        where = f"{name}: {source!r}"
        if translation.get("type") in ("unfinished", "vanished", "obsolete"):
            problems.append(f"{where}: {translation.get('type')}")
        if message.get("numerus") == "yes":
            texts = [form.text or "" for form in translation.findall("numerusform")]
            if len(texts) != forms_wanted:
                problems.append(f"{where}: {len(texts)} forms, not {forms_wanted}")
        else:
            texts = [translation.text or ""]
        for text in texts:
            if not text.strip():
                problems.append(f"{where}: empty")
                continue
            if Counter(placeholder.findall(source)) != Counter(placeholder.findall(text)):
                problems.append(f"{where}: other placeholders in {text!r}")
            if mnemonics(source) != mnemonics(text):
                problems.append(f"{where}: other mnemonics in {text!r}")
            if Counter(tag.findall(source)) != Counter(tag.findall(text)):
                problems.append(f"{where}: other tags in {text!r}")

for problem in problems:
    print(problem)
print(f"{path}: {count} messages, {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
