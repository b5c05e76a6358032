#!/usr/bin/env python3
"""Every file the window or the CLI writes goes through core/io/formats.h writeFileAtomically (or
saveRecording, which uses it), so that killing the program while it saves leaves the old file or the new one,
never a torn one. This check fails on any other way of writing a file in ui/ and app/, except the entries of
ALLOWED, each with the reason it is safe.
Usage: scripts/check_writers.py [REPOSITORY]   (--self-test: plants each kind of direct write once)"""
import pathlib
import re
import sys
import tempfile

# A direct write: a C++ output stream, a Qt file opened for writing, Qt's own save-to-path helpers, C stdio.
DIRECT_WRITES = [
    (re.compile(r"\bstd::ofstream\b|\bstd::fstream\b"), "a std::ofstream"),
    (re.compile(r"\bQSaveFile\b"), "a QSaveFile"),
    (re.compile(r"\bfopen\s*\([^)]*\"[wa]"), "fopen for writing"),
    (re.compile(r"\.save\(\s*(?!&)[^,)]*(,|\))"), "a save() to a path"),
]

# (file path relative to the repository, the text of the line, why it is safe)
ALLOWED = [
    ("app/cli/", "std::ofstream m_stream;",
     "`solve --trace`: the events stream into FILE.partial, renamed over FILE once the run is complete"),
]


def findings(root):
    found = []
    for folder in ("ui", "app"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".cpp", ".h") or not path.is_file():
                continue
            relative = path.relative_to(root).as_posix()
            text = path.read_text(encoding="utf-8")
            # QFile variables of this file: opening one for writing is a direct write (a QBuffer is not).
            qfiles = set(re.findall(r"\bQFile\s+(\w+)", text))
            opened = re.compile(r"\b(" + "|".join(qfiles) + r")\.open\([^)]*(WriteOnly|ReadWrite|Append)") if qfiles else None
            for number, line in enumerate(text.splitlines(), start=1):
                code = line.split("//", 1)[0]
                if opened and opened.search(code):
                    found.append(f"{relative}:{number}: a QFile opened for writing; write through writeFileAtomically instead")
                for pattern, what in DIRECT_WRITES:
                    if not pattern.search(code):
                        continue
                    if any(relative.startswith(prefix) and text in code for prefix, text, _ in ALLOWED):
                        continue
                    found.append(f"{relative}:{number}: {what}; write through writeFileAtomically instead")
    return found


def self_test():
    planted = {
        "ui/a.cpp": "void f() { std::ofstream out(\"x\"); }\n",
        "ui/b.cpp": "void f() { QFile file(p); file.open(QIODevice::WriteOnly); }\n",
        "ui/c.cpp": "void f() { QSaveFile file(p); }\n",
        "app/d.cpp": "void f() { FILE* f = fopen(p, \"w\"); }\n",
        "app/e.cpp": "void f() { pixmap.save(path, \"PNG\"); }\n",
        "app/fine.cpp": "void f() { pixmap.save(&buffer, \"PNG\"); writeFileAtomically(p, t, e); }\n",
    }
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        for name, text in planted.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        got = findings(root)
    flagged = sorted({line.split(":", 1)[0] for line in got})
    expected = sorted(name for name in planted if name != "app/fine.cpp")
    if flagged != expected:
        sys.exit(f"self-test: flagged {flagged}, expected {expected}")
    print(f"self-test: each of the {len(expected)} planted direct writes is found, the atomic write is not")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    found = findings(root)
    for line in found:
        print(line, file=sys.stderr)
    if found:
        sys.exit(1)
    print("every file written in ui/ and app/ goes through writeFileAtomically")


if __name__ == "__main__":
    main()
