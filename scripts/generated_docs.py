#!/usr/bin/env python3
"""Writes the parts of the documentation that the program itself knows, between marker comments:
README.md's algorithm table (from `puzzle-cli algorithms --json`, i.e. the registry) and the reference of
docs/manual/cli.md (from puzzle-cli's --help, by the manual page's generator packaging/cli_man_page.py).

Usage: generated_docs.py [--check] PUZZLE_CLI [SOURCE_DIR]
       generated_docs.py --self-test PUZZLE_CLI
Without --check it rewrites the files; with --check it changes nothing and exits 1, naming the file, when one
of them differs from what the program gives now (ctest `generated_docs`). --self-test (ctest
`generated_docs_self_test`) checks that a table missing an algorithm's row is found stale.
"""

import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

SOURCE_DIR = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SOURCE_DIR / "packaging"))
import cli_man_page  # noqa: E402  (found through the path above)

ALGORITHM_TABLE = ("README.md", "algorithm table")
CLI_REFERENCE = ("docs/manual/cli.md", "command reference")

AUTHOR = re.compile(r"(?:[A-Z]\. )+[A-Z][\w-]+")
YEAR = re.compile(r"\b(?:19|20)\d\d\b")
SECTION = re.compile(r"§[\d.]+\d")


def short_citation(paper):
    """'M. Křivánek, Title, thesis, 2011, §3.1 ...; R. Lewis, Title, ... (2007)' -> 'Křivánek 2011 §3.1; Lewis 2007':
    per cited work its first author (et al. for three or more), year and section; a note without an author
    ('Workbench oracle: ...') keeps the words before its colon, a further note without one is left out."""
    cited = []
    for work in paper.split(";"):
        work = work.strip()
        author = AUTHOR.search(work)
        note = work.split(":")[0] if ":" in work and (not author or work.index(":") < author.start()) else ""
        if not author:
            if note or not cited:
                cited.append(note or work)
            continue
        authors = work[author.start():].split(", ")
        count = next((i for i, name in enumerate(authors) if not AUTHOR.fullmatch(name)), len(authors))
        surname = author.group().split(" ")[-1]
        if count == 2:
            surname += " and " + authors[1].split(" ")[-1]
        elif count > 2:
            surname += " et al."
        parts = [surname] + YEAR.findall(work)[:1] + SECTION.findall(work)[:1]
        cited.append(f"{note} (after {' '.join(parts)})" if note else " ".join(parts))
    return "; ".join(cited)


def algorithm_table(program):
    listing = subprocess.run([program, "algorithms", "--json"], capture_output=True, text=True, check=True)
    rows = ["| id | name | family | puzzles | paper |", "|---|---|---|---|---|"]
    for algorithm in json.loads(listing.stdout):
        cells = [f"`{algorithm['id']}`", algorithm["name"], algorithm["family"], ", ".join(algorithm["kinds"]),
                 short_citation(algorithm["paper"])]
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(rows) + "\n"


def markers(name):
    return (f"<!-- {name}: written by scripts/generated_docs.py, do not edit -->\n", f"<!-- end of {name} -->\n")


def replaced(text, name, content, path):
    begin, end = markers(name)
    if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
        sys.exit(f"generated_docs.py: {path} needs the lines {begin.strip()} and {end.strip()}, once each")
    head, rest = text.split(begin)
    return head + begin + content + end + rest.split(end)[1]


def stale_parts(program, source, check):
    """The generated parts that differ from what the program gives; rewritten unless check."""
    stale = []
    for (relative, name), content in ((ALGORITHM_TABLE, algorithm_table(program)),
                                      (CLI_REFERENCE, cli_man_page.markdown_reference(program))):
        path = source / relative
        text = path.read_text(encoding="utf-8")
        new = replaced(text, name, content, path)
        if new == text:
            continue
        if check:
            stale.append(f"{relative} ({name})")
        else:
            path.write_text(new, encoding="utf-8")
            print(f"generated_docs.py: wrote the {name} of {relative}")
    return stale


def self_test(program):
    """A copy of the documents with the last algorithm's row left out, as if that algorithm were new."""
    with tempfile.TemporaryDirectory() as folder:
        copy = pathlib.Path(folder)
        for relative, _ in (ALGORITHM_TABLE, CLI_REFERENCE):
            (copy / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(SOURCE_DIR / relative, copy / relative)
        if stale_parts(program, copy, check=True):
            sys.exit("generated_docs.py self-test: the documents are stale before the test")
        readme = copy / ALGORITHM_TABLE[0]
        lines = readme.read_text(encoding="utf-8").splitlines(keepends=True)
        end = lines.index(markers(ALGORITHM_TABLE[1])[1])
        readme.write_text("".join(lines[:end - 1] + lines[end:]), encoding="utf-8")
        if stale_parts(program, copy, check=True) != [f"{ALGORITHM_TABLE[0]} ({ALGORITHM_TABLE[1]})"]:
            sys.exit("generated_docs.py self-test failed: a table without its last row was not found stale")
    print("generated_docs.py self-test passed")


def main():
    arguments = sys.argv[1:]
    if len(arguments) == 2 and arguments[0] == "--self-test":
        self_test(arguments[1])
        return
    check = "--check" in arguments
    arguments = [argument for argument in arguments if argument != "--check"]
    if len(arguments) not in (1, 2):
        sys.exit(__doc__)
    stale = stale_parts(arguments[0], pathlib.Path(arguments[1]) if len(arguments) == 2 else SOURCE_DIR, check)
    if stale:
        sys.exit("generated_docs.py: stale, run scripts/generated_docs.py PUZZLE_CLI: " + ", ".join(stale))


if __name__ == "__main__":
    main()
