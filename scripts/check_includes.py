#!/usr/bin/env python3
"""Checks that includes point down the layers written in docs/architecture.md and close no circle.

Usage: check_includes.py SOURCE_DIR      checks the project; prints every violation, exits 1 on any
       check_includes.py --self-test     builds small trees with known faults and checks that each is caught

Layers, bottom to top: app/ may include ui/ and core/; ui/ may include core/; core/ includes neither ui/, app/
nor any Qt header. Inside core/ every include names its folder ("sudoku/sudoku.h") and a folder may include
only itself and the folders of lower rank in CORE_RANKS: two folders of one rank (the puzzle kinds) know
nothing of each other. ui/ is in rooms ranked the same way by UI_RANKS (every ui include names its room,
"board/board_view.h"; rooms of one rank know nothing of each other). Qt Charts headers are included only in
ui/charts/. No source file sits directly in core/ or ui/. Finally the graph of project includes, file by file,
has no cycle.
"""

import pathlib
import re
import sys
import tempfile

CORE_RANKS = {
    "base": 0,
    "sudoku": 1,
    "nurikabe": 1,
    "puzzle": 2,
    "engine": 3,
    "algorithms": 4,
    "io": 5,
    "study": 6,
    "lesson": 6,
}
# Bottom to top: the look and the charts know nothing of the workbench; the board knows puzzles; a run drives
# the board; a replay shows a finished run; export renders replays to video; the tools and the race are
# windows of their own built from those; the main window holds them all.
UI_RANKS = {
    "style": 0,
    "charts": 0,
    "board": 1,
    "run": 2,
    "replay": 3,
    "export": 4,
    "tools": 5,
    "race": 5,
    "lesson": 5,
    "window": 6,
}
SOURCE_SUFFIXES = {".h", ".cpp"}
CHECKED_ROOTS = ("core", "ui", "app")
PROJECT_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SYSTEM_INCLUDE = re.compile(r"^\s*#\s*include\s+<([^>]+)>", re.M)
# Every class header Qt Charts installs starts with one of these, and none of Qt Widgets' or Qt Gui's does.
QT_CHARTS_PREFIXES = ("QtCharts", "QChart", "QAbstractAxis", "QAbstractSeries", "QAbstractBarSeries",
                      "QAreaSeries", "QBar", "QBoxPlotSeries", "QBoxSet", "QCandlestick", "QCategoryAxis",
                      "QColorAxis", "QDateTimeAxis", "QHBarModelMapper", "QHorizontal", "QHPieModelMapper",
                      "QHXYModelMapper", "QLegend", "QLineSeries", "QLogValueAxis", "QPercentBarSeries",
                      "QPie", "QPolarChart", "QScatterSeries", "QSplineSeries", "QStackedBarSeries",
                      "QValueAxis", "QVBarModelMapper", "QVPieModelMapper", "QVXYModelMapper", "QXYLegendMarker",
                      "QXYModelMapper", "QXYSeries")


def source_files(root: pathlib.Path):
    for top in CHECKED_ROOTS:
        base = root / top
        if base.is_dir():
            yield from sorted(p for p in base.rglob("*") if p.suffix in SOURCE_SUFFIXES and p.is_file())


def resolve(root: pathlib.Path, including: pathlib.Path, name: str):
    """The project file an include names, searched as the build does: beside the file, then the include roots."""
    for folder in (including.parent, root / "core", root / "ui", root / "app"):
        candidate = folder / name
        if candidate.is_file():
            return candidate.resolve()
    return None


def check(root: pathlib.Path):
    root = root.resolve()
    problems = []
    graph = {}
    for path in source_files(root):
        relative = path.relative_to(root)
        parts = relative.parts
        text = path.read_text(encoding="utf-8", errors="replace")
        where = str(relative)
        for layer, ranks, label in (("core", CORE_RANKS, "CORE_RANKS"), ("ui", UI_RANKS, "UI_RANKS")):
            if parts[0] == layer and len(parts) == 2:
                problems.append(f"{where}: sits directly in {layer}/; every {layer} file belongs to a folder of {label}")
            if parts[0] == layer and len(parts) > 2 and parts[1] not in ranks:
                problems.append(f"{where}: {layer}/{parts[1]}/ is not a folder of {label}")
        for system in SYSTEM_INCLUDE.findall(text):
            is_qt = system.startswith("Q")
            if parts[0] == "core" and is_qt:
                problems.append(f"{where}: includes <{system}>: core/ is plain C++ without Qt")
            if system.startswith(QT_CHARTS_PREFIXES) and parts[:2] != ("ui", "charts"):
                problems.append(f"{where}: includes <{system}>: Qt Charts headers belong in ui/charts/ only")
        edges = graph.setdefault(path.resolve(), [])
        for name in PROJECT_INCLUDE.findall(text):
            target = resolve(root, path, name)
            if target is None:
                continue  # generated files (moc output) and headers outside the checked folders
            edges.append(target)
            target_parts = target.relative_to(root).parts
            if parts[0] == "core" and target_parts[0] != "core":
                problems.append(f"{where}: includes \"{name}\" from {target_parts[0]}/: core/ includes only core/")
                continue
            if parts[0] == "ui" and target_parts[0] == "app":
                problems.append(f"{where}: includes \"{name}\": ui/ may not include app/")
                continue
            if parts[0] in ("core", "ui") and target_parts[0] == parts[0]:
                problems += rank_problems(where, name, parts, target_parts)
    problems += cycles(root, graph)
    return problems


def rank_problems(where, name, parts, target_parts):
    """An include inside core/ or inside ui/ names its folder and points to the same folder or a lower rank."""
    layer = parts[0]
    ranks = CORE_RANKS if layer == "core" else UI_RANKS
    if len(parts) < 3 or len(target_parts) < 3:
        return []
    own, other = parts[1], target_parts[1]
    problems = []
    if "/" not in name:
        problems.append(f"{where}: includes \"{name}\": {layer} includes name their folder (\"{other}/{name}\")")
    if own != other and ranks.get(other, 99) >= ranks.get(own, -1):
        problems.append(f"{where}: includes \"{name}\": {layer}/{own}/ may not include {layer}/{other}/ "
                        f"(rank {ranks.get(other)} is not below {ranks.get(own)})")
    return problems


def cycles(root, graph):
    """Every include circle, each reported once, as the chain of files that closes it."""
    found = []
    state = {}  # absent: unvisited, 1: on the current path, 2: done
    for start in sorted(graph):
        if start in state:
            continue
        stack = [(start, iter(graph.get(start, [])))]
        path = [start]
        state[start] = 1
        while stack:
            node, successors = stack[-1]
            advanced = False
            for successor in successors:
                if state.get(successor) == 1:
                    loop = path[path.index(successor):] + [successor]
                    found.append("include circle: " + " -> ".join(str(p.relative_to(root)) for p in loop))
                elif successor not in state:
                    state[successor] = 1
                    path.append(successor)
                    stack.append((successor, iter(graph.get(successor, []))))
                    advanced = True
                    break
            if not advanced:
                state[node] = 2
                path.pop()
                stack.pop()
    return found


def self_test():
    """Each fault planted in a small tree must be reported; the clean tree must pass."""
    def tree(files):
        directory = pathlib.Path(tempfile.mkdtemp())
        for name, content in files.items():
            (directory / name).parent.mkdir(parents=True, exist_ok=True)
            (directory / name).write_text(content)
        return directory

    clean = {
        "core/base/bits.h": "#pragma once\n",
        "core/sudoku/sudoku.h": '#include "base/bits.h"\n',
        "core/engine/runner.h": '#include "sudoku/sudoku.h"\n',
        "ui/charts/chart.cpp": "#include <QChartView>\n#include \"engine/runner.h\"\n",
        "ui/charts/chart.h": "#pragma once\n",
        "ui/board/board.h": '#include "engine/runner.h"\n',
        "ui/window/window.h": '#include "engine/runner.h"\n#include "charts/chart.h"\n#include "board/board.h"\n',
        "app/main.cpp": '#include "window/window.h"\n',
    }
    faults = {
        "points up": {"core/base/bits.h": '#include "engine/runner.h"\n'},
        "peer kinds": {"core/nurikabe/nurikabe.h": '#include "sudoku/sudoku.h"\n'},
        "no folder": {"core/sudoku/logic.h": '#include "sudoku.h"\n'},
        "flat core": {"core/loose.h": "#pragma once\n"},
        "qt in core": {"core/base/clock.h": "#include <QElapsedTimer>\n"},
        "charts outside": {"ui/window/window2.cpp": "#include <QLineSeries>\n"},
        "core includes ui": {"core/study/a.cpp": '#include "window/window.h"\n'},
        "flat ui": {"ui/loose.cpp": "#pragma once\n"},
        "ui room unknown": {"ui/misc/a.h": "#pragma once\n"},
        "ui points up": {"ui/board/a.h": '#include "window/window.h"\n'},
        "ui peer rooms": {"ui/race/a.h": '#include "tools/b.h"\n', "ui/tools/b.h": "#pragma once\n"},
        "ui no room": {"ui/window/a.h": '#include "window.h"\n'},
        "circle": {"core/sudoku/a.h": '#include "sudoku/b.h"\n', "core/sudoku/b.h": '#include "sudoku/a.h"\n'},
    }
    failures = []
    if check(tree(clean)):
        failures.append("the clean tree was reported: " + "; ".join(check(tree(clean))))
    for label, extra in faults.items():
        if not check(tree({**clean, **extra})):
            failures.append(f"fault not caught: {label}")
    for failure in failures:
        print(failure)
    print(f"{len(faults) + 1 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__)
        return 2
    problems = check(pathlib.Path(argv[1]))
    for problem in problems:
        print(problem)
    print(f"include layers: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
