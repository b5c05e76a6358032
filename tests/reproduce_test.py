#!/usr/bin/env python3
"""scripts/reproduce.sh --tiny (or --quick) runs through, and its report has every table it should, each with the
columns paper | literal | improved (or —) | command, every row filled, and every command key it names written out.

Usage: reproduce_test.py [--quick] SCRIPT CLI DATA_DIR [CHARTS]   (exit 77, skipped, when DATA_DIR lacks the human
data; the mode is --tiny unless --quick is given)
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

# One caption fragment per table the report must hold.
EXPECTED_TABLES = ["Chel et al., Table 3", "Chel et al., Table 2 (", "Chel et al., Table 2's last column",
                   "Chel et al., Figures 7–9", "Soto et al., Table 1", "Soto et al., Table 2",
                   "Pillay, Tables 2–3", "Pillay, Tables 4–5", "Pillay, Table 7", "Pillay, Table 8", "Pillay, Table 9",
                   "QQWing puzzles", "Křivánek, Table 3.1", "Křivánek, Table 4.3", "Křivánek, §3.2 (on Geem 2007)",
                   "Křivánek, §3.1 (after Lewis 2007)"]
HEADER = re.compile(r"^\| [^|]+ \| paper \| literal \| improved \| command \|$")


def check_report(text):
    """The problems of a report, as messages (none: good)."""
    problems = []
    lines = text.splitlines()
    tables = []  # (caption, rows)
    for i, line in enumerate(lines):
        if line.startswith("|") and not line.startswith("|---") and (i == 0 or not lines[i - 1].startswith("|")):
            caption = next((l for l in reversed(lines[:i]) if l.startswith("**")), "")
            if not HEADER.match(line):
                problems.append(f"line {i + 1}: table '{caption}' lacks the columns paper | literal | improved | "
                                f"command: {line}")
                continue
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append(row)
            tables.append((caption, rows))
    if any(l.startswith("|") for l in lines) and not tables:
        problems.append("no table with the expected columns")
    for fragment in EXPECTED_TABLES:
        if not any(fragment in caption for caption, _ in tables):
            problems.append(f"no table '{fragment}...'")
    for caption, rows in tables:
        if not rows:
            problems.append(f"table '{caption}' has no rows")
        for row in rows:
            cells = [c.strip() for c in row.strip("|").split("|")]
            if len(cells) != 5 or any(not c for c in cells):
                problems.append(f"table '{caption}': row without its five cells: {row}")
                continue
            for key in re.findall(r"\b[A-Z]\d\b", cells[4]):
                if f"`{key}`:" not in text:
                    problems.append(f"table '{caption}': command {key} is not written out")
    return problems


def self_test():
    good = ("**Chel et al., Table 3 (x)**\n\n| clues | paper | literal | improved | command |\n|---|---|---|---|---|\n"
            "| 15 | 15 of 15 | 1 of 1 | — | C3 |\n\n`C3`:\n")
    assert check_report(good + "".join(f"**{t}**\n\n| r | paper | literal | improved | command |\n|---|---|---|---|---|\n"
                                       f"| a | b | c | — | — |\n\n" for t in EXPECTED_TABLES)) == [], "good report refused"
    assert any("lacks the columns" in p for p in check_report(good.replace("| improved ", ""))), "missing column passed"
    assert any("five cells" in p for p in check_report(good.replace("| 1 of 1 |", "| |"))), "empty cell passed"
    assert any("not written out" in p for p in check_report(good.replace("`C3`:", ""))), "missing command passed"
    assert any("no table 'Soto" in p for p in check_report(good)), "missing table passed"


def main():
    args = sys.argv[1:]
    mode = "--tiny"
    if args[:1] == ["--quick"]:
        mode, args = "--quick", args[1:]
    if len(args) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    self_test()
    script, cli, data = args[:3]
    charts = args[3] if len(args) == 4 else ""
    if not (Path(data) / "sudoku" / "cloud_sudoku_human_difficulty_20240415.csv").is_file():
        print(f"skipped: no shared data in {data}")
        return 77
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "report" / "reproduction.md"
        env = dict(os.environ, PUZZLE_CLI=cli, PW_SHARED_DATA_DIR=data)
        # A build without the GUI has no exporter; one built beside it in another build tree must not be used.
        env["PUZZLE_COMPARE_CHARTS"] = charts or "none"
        result = subprocess.run([script, mode, "--work", str(Path(work) / "work"), "--out", str(out), "--jobs", "2"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            print(result.stdout[-4000:])
            print(f"FAIL: the script exited with {result.returncode}")
            return 1
        text = out.read_text()
        problems = check_report(text)
        figures = re.findall(r"!\[[^]]*\]\(([^)]+)\)", text)
        if charts and not figures:
            problems.append("the chart exporter was given but the report has no figure")
        for figure in figures:
            path = out.parent / figure
            if not path.is_file() or path.read_bytes()[:8] != b"\x89PNG\r\n\x1a\n":
                problems.append(f"figure {figure} is not a PNG file")
        if not charts and "Figure not drawn" not in text:
            problems.append("without the chart exporter the report does not say the figures were not drawn")
        for problem in problems:
            print("FAIL:", problem)
        if not problems:
            print(f"ok ({mode}): {sum(1 for line in text.splitlines() if HEADER.match(line))} tables, {len(figures)} figures")
        return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
