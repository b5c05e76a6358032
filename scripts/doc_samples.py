#!/usr/bin/env python3
"""Keeps the C++ samples of a Markdown guide true.

A ```cpp block is checked when the line before its fence is a marker:
  <!-- compiled -->           the block is code at namespace scope; `--header OUT` writes every such block into
                              OUT, with #line directives naming the guide, and the tests compile and run it;
  <!-- quoted from PATH -->   the block is a passage of PATH (relative to the repository root) as it is now,
                              indentation aside; `--check ROOT` fails, naming the block's line, when PATH no
                              longer holds it.
Unmarked blocks are illustrations and are left alone.
"""

import argparse
import pathlib
import re
import sys

MARKER = re.compile(r"^<!--\s*(compiled|quoted from (\S+))\s*-->\s*$")


def samples(guide):
    """(kind, path or None, first line number of the code, code) for every marked ```cpp block."""
    lines = guide.read_text(encoding="utf-8").split("\n")
    found = []
    marker = None
    index = 0
    while index < len(lines):
        line = lines[index]
        match = MARKER.match(line.strip())
        if match:
            marker = match
        elif line.strip().startswith("```cpp") and marker:
            end = index + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            if end == len(lines):
                raise SystemExit(f"{guide}:{index + 1}: the ```cpp block is not closed")
            indent = len(line) - len(line.lstrip())
            code = "\n".join(text[indent:] if text[:indent].isspace() else text for text in lines[index + 1:end])
            kind = "compiled" if marker.group(1) == "compiled" else "quoted"
            found.append((kind, marker.group(2), index + 2, code))
            marker = None
            index = end
        elif line.strip():
            marker = None
        index += 1
    return found


def write_header(guide, out):
    parts = ["// Generated from " + guide.name + " by scripts/doc_samples.py: its compiled samples.\n#pragma once\n"]
    for kind, _, first_line, code in samples(guide):
        if kind == "compiled":
            parts.append(f'#line {first_line} "{guide.as_posix()}"\n{code}\n')
    text = "\n".join(parts)
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")


def holds(text, passage):
    """Whether text holds the passage's lines in a row (indentation aside: a guide indents blocks in lists)."""
    lines = [line.strip() for line in text.split("\n")]
    wanted = [line.strip() for line in passage.strip("\n").split("\n")]
    return any(lines[start:start + len(wanted)] == wanted for start in range(len(lines) - len(wanted) + 1))


def check_quotes(guide, root):
    stale = []
    count = 0
    for kind, path, first_line, code in samples(guide):
        if kind != "quoted":
            continue
        count += 1
        source = root / path
        if not source.is_file():
            stale.append(f"{guide}:{first_line - 1}: quotes {path}, which does not exist")
        elif not holds(source.read_text(encoding="utf-8"), code):
            stale.append(f"{guide}:{first_line - 1}: the sample is no longer in {path}")
    for message in stale:
        print(message, file=sys.stderr)
    if count == 0:
        print(f"{guide}: no quoted sample to check", file=sys.stderr)
        return 1
    return 1 if stale else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("guide", type=pathlib.Path)
    parser.add_argument("--header", type=pathlib.Path, help="write the compiled samples into this header")
    parser.add_argument("--check", type=pathlib.Path, metavar="ROOT", help="check the quoted samples")
    arguments = parser.parse_args()
    if arguments.header:
        write_header(arguments.guide, arguments.header)
    if arguments.check:
        return check_quotes(arguments.guide, arguments.check)
    return 0


if __name__ == "__main__":
    sys.exit(main())
