#!/usr/bin/env python3
"""Plays every lesson of a folder headless to its last slide, twice (puzzle-workbench --lesson FILE --lesson-play).

Usage: lesson_play_test.py WORKBENCH LESSON_DIR

Each run prints one JSON line per slide with the step and board the window stood on; the window itself checks
them against the lesson's plan and exits 1 when a slide landed elsewhere. Here the two runs must also agree line
for line: every slide lands on the same step and board every time.
"""

import json
import pathlib
import subprocess
import sys


def play(workbench: str, lesson: pathlib.Path) -> list:
    result = subprocess.run([workbench, "--lesson", str(lesson), "--lesson-play"], capture_output=True, text=True,
                            timeout=240)
    if result.returncode != 0:
        sys.exit(f"{lesson.name}: exit {result.returncode}\n{result.stderr}")
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def main() -> int:
    workbench, folder = sys.argv[1], pathlib.Path(sys.argv[2])
    lessons = sorted(folder.glob("*.json"))
    if not lessons:
        sys.exit(f"no lessons in {folder}")
    for lesson in lessons:
        first = play(workbench, lesson)
        second = play(workbench, lesson)
        slides = json.loads(lesson.read_text(encoding="utf-8"))["slides"]
        if len(first) != len(slides):
            sys.exit(f"{lesson.name}: played {len(first)} of {len(slides)} slides")
        if first != second:
            sys.exit(f"{lesson.name}: two plays landed differently")
        off = [line["slide"] for line in first if not line["as_planned"]]
        if off:
            sys.exit(f"{lesson.name}: slides {off} did not land as planned")
        print(f"{lesson.name}: {len(first)} slides, last at step {first[-1]['step']}, the same twice")
    return 0


if __name__ == "__main__":
    sys.exit(main())
