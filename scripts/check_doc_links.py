#!/usr/bin/env python3
"""Checks the relative links of the front page and the user manual: every [text](path#anchor) and image in
README.md, docs/manual/*.md and docs/performance.md names an existing file, and an anchor names a heading of the
Markdown file it points to (GitHub's rule: lower case, punctuation dropped, spaces as hyphens). Links to other
sites are left alone.

Usage: check_doc_links.py SOURCE_DIR      (ctest `doc_links`)
       check_doc_links.py --self-test     (ctest `doc_links_self_test`: a broken link is found)
"""

import pathlib
import re
import sys
import tempfile

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def documents(source):
    return [source / "README.md", source / "docs" / "performance.md",
            *sorted((source / "docs" / "manual").glob("*.md"))]


def outside_fences(text):
    """The lines outside fenced code blocks."""
    inside = False
    for line in text.splitlines():
        if FENCE.match(line):
            inside = not inside
        elif not inside:
            yield line


def anchors(path):
    found = set()
    for line in outside_fences(path.read_text(encoding="utf-8")):
        heading = HEADING.match(line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).replace("`", "").lower()).replace(" ", "-")
            found.add(slug)
    return found


def broken_links(source):
    problems = []
    for document in documents(source):
        if not document.exists():
            problems.append(f"{document.relative_to(source)}: missing")
            continue
        for line in outside_fences(document.read_text(encoding="utf-8")):
            for match in LINK.finditer(re.sub(r"`[^`]*`", "``", line)):  # no links inside code spans
                target = match.group(1)
                if re.match(r"[a-z][a-z0-9+.-]*:", target):
                    continue  # https:, mailto:, ...
                path_part, _, anchor = target.partition("#")
                path = (document.parent / path_part).resolve() if path_part else document
                where = f"{document.relative_to(source)}: link {target!r}"
                if not path.exists():
                    problems.append(f"{where}: no file {path_part}")
                elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                    problems.append(f"{where}: no heading #{anchor} in {path.name}")
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as folder:
        source = pathlib.Path(folder)
        (source / "docs" / "manual").mkdir(parents=True)
        (source / "docs" / "performance.md").write_text("# Performance\n\n## The CLI, `solve`\n")
        (source / "README.md").write_text("[ok](docs/performance.md#the-cli-solve)\n```\n[code](nowhere.md)\n```\n")
        (source / "docs" / "manual" / "page.md").write_text(
            "![picture](../gone.png) [anchor](../performance.md#nothing) [web](https://example.org/x)\n")
        problems = broken_links(source)
    expected = ["docs/manual/page.md: link '../gone.png': no file ../gone.png",
                "docs/manual/page.md: link '../performance.md#nothing': no heading #nothing in performance.md"]
    if problems != expected:
        sys.exit("check_doc_links.py self-test failed:\n" + "\n".join(problems))
    print("check_doc_links.py self-test passed")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    source = pathlib.Path(sys.argv[1]).resolve()
    problems = broken_links(source)
    if problems:
        sys.exit("\n".join(problems))
    print(f"check_doc_links.py: the links of {len(documents(source))} pages resolve")


if __name__ == "__main__":
    main()
