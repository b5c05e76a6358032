#!/usr/bin/env python3
"""Writes puzzle-cli's manual page: the prose of a troff template, with the reference of every subcommand and
option taken from the program's own --help, so the page lists what the program has. The same reference in
Markdown is the user manual's (scripts/generated_docs.py puts it into docs/manual/cli.md).

Usage: cli_man_page.py PUZZLE_CLI VERSION TEMPLATE OUTPUT
The template's lines @VERSION@ and @SUBCOMMANDS@ are replaced; its other lines are copied.
"""

import re
import subprocess
import sys

# CLI11's help puts an option's description in column 30, or, when the left column (the names, the value's
# type, REQUIRED, Needs: ...) is wider, on the next line.
DESCRIPTION_COLUMN = 30
# Every subcommand repeats the program's own help flags; the page lists them once, under OPTIONS.
INHERITED = {"-h,--help", "--help-all"}


def run_help(program, *arguments):
    result = subprocess.run([program, *arguments, "--help"], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"cli_man_page.py: '{program} {' '.join(arguments)} --help' exited with {result.returncode}:\n"
                 f"{result.stderr}")
    # The usage line names the program as it was called (a build-tree path); the page names the command.
    return result.stdout.replace(program, "puzzle-cli")


def sections(text):
    """The help's 'Name:' sections as {name: [entries]}, each entry (left column, description)."""
    found = {}
    current = None
    lines = text.splitlines()
    continuation = " " * DESCRIPTION_COLUMN
    for index, line in enumerate(lines):
        heading = re.fullmatch(r"(\w+):", line)
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if heading:
            current = found.setdefault(heading.group(1), [])
        elif current is None or not line.strip():
            continue
        elif line.startswith(continuation) and current:
            name, description = current[-1]
            current[-1] = (name, (description + " " + line.strip()).strip())
        elif line.startswith("  ") and following.startswith(continuation):
            current.append((line.strip(), ""))  # a left column too wide: the description is on the next line
        elif line.startswith("  "):
            current.append((line[:DESCRIPTION_COLUMN].strip(), line[DESCRIPTION_COLUMN:].strip()))
        else:
            sys.exit(f"cli_man_page.py: unexpected help line: {line!r}")
    return found


def escape(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def option_entry(name, description):
    # The option names bold, their value types as they are.
    words = name.split(" ")
    flags = ",".join(f"\\fB{escape(flag)}\\fR" for flag in words[0].split(","))
    rest = " ".join(words[1:])
    return f".TP\n{flags}{(' ' + escape(rest)) if rest else ''}\n{escape(description)}\n"


def subcommands(program):
    """Every subcommand as (name, summary, usage, entries): its positionals, then its own options."""
    top = sections(run_help(program))
    if "Subcommands" not in top or not top["Subcommands"]:
        sys.exit("cli_man_page.py: the program's --help lists no subcommands")
    found_all = []
    for name, summary in top["Subcommands"]:
        text = run_help(program, name)
        usage = next(line for line in text.splitlines() if line.startswith("Usage: "))[len("Usage: "):]
        found = sections(text)
        entries = found.get("Positionals", []) + [entry for entry in found.get("Options", [])
                                                  if entry[0] not in INHERITED]
        found_all.append((name, summary, usage, entries))
    return found_all


def subcommand_reference(program):
    page = []
    for name, summary, usage, entries in subcommands(program):
        page.append(f".SS {escape(name)}\n{escape(summary)}\n.PP\n.B {escape(usage)}\n")
        page.extend(option_entry(entry, description) for entry, description in entries)
    return "".join(page)


def markdown_cell(text):
    return text.replace("|", "\\|")


def markdown_reference(program):
    """The reference as Markdown: a section per subcommand with its usage and a table of its arguments."""
    page = []
    for name, summary, usage, entries in subcommands(program):
        page.append(f"### {name}\n\n{summary.rstrip('.')}.\n\n```\n{usage}\n```\n")
        if entries:
            page.append("\n| argument | meaning |\n|---|---|\n")
            page.extend(f"| `{markdown_cell(entry)}` | {markdown_cell(description)} |\n"
                        for entry, description in entries)
        page.append("\n")
    return "".join(page).rstrip("\n") + "\n"


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    program, version, template, output = sys.argv[1:]
    with open(template, encoding="utf-8") as source:
        lines = source.read().splitlines(keepends=True)
    page = []
    for line in lines:
        if line.strip() == "@SUBCOMMANDS@":
            page.append(subcommand_reference(program))
        else:
            page.append(line.replace("@VERSION@", version))
    with open(output, "w", encoding="utf-8") as target:
        target.write("".join(page))


if __name__ == "__main__":
    main()
