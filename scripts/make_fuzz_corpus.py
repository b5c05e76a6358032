#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets, fuzz/corpus/<target>/, from the bundled puzzles and a few
hand-made inputs of every format. Each seed is small (the head of a file) so the corpora stay a few hundred KB.
Usage: scripts/make_fuzz_corpus.py   (rewrites fuzz/corpus/)"""
import json
import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
HEAD_LINES = 12


def head(path, lines=HEAD_LINES):
    with open(path, encoding="utf-8", errors="replace") as f:
        return "".join(line for _, line in zip(range(lines), f))


def paragraphs(path, count):
    text = open(path, encoding="utf-8", errors="replace").read()
    return "\n\n".join(text.split("\n\n")[:count]) + "\n"


def write(target, name, text):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


GIVENS = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def main():
    if CORPUS.exists():
        shutil.rmtree(CORPUS)
    # Puzzle formats: the head of every bundled collection, and one example of each format.
    for path in sorted((ROOT / "puzzles").rglob("*")):
        if path.suffix in (".csv", ".txt") and path.is_file():
            text = paragraphs(path, 3) if "nurikabe" in path.parts else head(path)
            write("fuzz_puzzle_formats", path.parent.name + "_" + path.name, text)
    formats = {
        "line.txt": GIVENS + "\n",
        "id_line.txt": "hard1 " + GIVENS + " # a note\n",
        "pipe.txt": "name|" + GIVENS + "|notes\n",
        "grid_ss.ss": "4..|...|8.5\n.3.|...|...\n...|7..|...\n---+---+---\n.2.|...|.6.\n....|8.4|...\n"
                      "...|.1.|...\n---+---+---\n...|6.3|.7.\n5..|2..|...\n1.4|...|...\n",
        "grid_spaces.txt": "\n".join(" ".join(GIVENS[r * 9:r * 9 + 9]) for r in range(9)) + "\n",
        "sadman.sdk": "#AAuthor\n#NName\n[Puzzle]\n" + "\n".join(GIVENS[r * 9:r * 9 + 9] for r in range(9)) + "\n[State]\n",
        "csv_solution.csv": "id,puzzle,solution\n1," + GIVENS + "," + SOLVED + "\n",
        "pencil.txt": "".join("123456789" if c == "." else "." * (int(c) - 1) + c + "." * (9 - int(c)) for c in GIVENS) + "\n",
        "sudoku4.txt": "1..4\n..1.\n.1..\n4..1\n",
        "sudoku6.txt": "1.....\n..2...\n....3.\n.4....\n...5..\n.....6\n",
        "sudoku16.txt": "123456789ABCDEFG" + "." * 240 + "\n",
        "nurikabe.txt": "n1 5 5\n2 . . . 1\n. . . . .\n. . 4 . .\n. . . . .\n1 . . . 2\n",
        "nurikabe_solution.txt": "2 . .\n. . .\n. . 1\no##\n#o#\n##o\n",
        "nurikabe_url.txt": "https://puzz.link/p?nurikabe/5/5/2g1j4j1g2\n",
        "nurikabe_url_hex.txt": "https://puzz.link/p?nurikabe/10/10/-12+123h5zz3\n",
        "mixed.txt": GIVENS + "\n\n2 . .\n. . .\n. . 1\n\n# comment\nhttps://puzz.link/p?nurikabe/3/3/1g2h\n",
    }
    for name, text in formats.items():
        write("fuzz_puzzle_formats", name, text)

    # Recordings, in the layout formatRecording writes.
    def recording(algorithm, parameters, puzzle_text, kind="sudoku", outcome="solved", steps=120, marks=None):
        puzzle = {"id": "p1", "kind": kind, "text": puzzle_text}
        if marks:
            puzzle["pencil_marks"] = marks
        return json.dumps({
            "format": "puzzle-workbench-recording", "format_version": 1, "comment": "replay re-runs the inputs",
            "workbench_version": "0.1.0", "algorithm": algorithm, "parameters": parameters, "seed": 7,
            "puzzle": puzzle,
            "budgets": {"max_steps": 100000, "max_evaluations": None, "stagnation": None, "time_limit": None},
            "result": {"outcome": outcome, "reason": "solution found", "steps": steps, "evaluations": steps,
                       "best_cost": 0},
        }, indent=2) + "\n"
    write("fuzz_recording", "backtracking.json", recording("backtracking", {}, GIVENS + "\n"))
    write("fuzz_recording", "sa.json", recording("sa", {"t0": 40.0, "alpha": 0.99995}, GIVENS + "\n",
                                                outcome="stopped", steps=5000))
    write("fuzz_recording", "nurikabe.json", recording("nurikabe-backtracking", {}, "2 . .\n. . .\n. . 1\n",
                                                      kind="nurikabe"))
    write("fuzz_recording", "marks.json", recording("backtracking", {}, "1..4\n..1.\n.1..\n4..1\n",
                                                   marks=[0] * 15 + [15]))

    # A saved race's manifest, in the layout formatRaceManifest writes.
    write("fuzz_race_manifest", "race.json", json.dumps({
        "format": "puzzle-workbench-race", "format_version": 1, "comment": "one recording per run",
        "pace": "fair", "runs": [{"label": "sa", "recording": "race-1-sa.json"},
                                 {"label": "sa#2", "recording": "race-2-sa-2.json"}]}, indent=2) + "\n")

    # Bench config.json and runs.jsonl, in the layout `puzzle-cli bench` writes.
    config = {"format": "puzzle-workbench bench 1",
              "configurations": [{"label": "sa", "algorithm": "sa", "parameters": {"t0": 40.0}},
                                 {"label": "tabu", "algorithm": "tabu", "parameters": {"tenure": 10}}],
              "puzzles": [{"id": "p1", "kind": "sudoku", "puzzle": GIVENS},
                          {"id": "n1", "kind": "nurikabe", "puzzle": "https://puzz.link/p?nurikabe/3/3/1g2h"}],
              "runs": 3, "seed": 1, "budget": {"max_steps": 1000, "time_limit": 1.5},
              "curve": "best cost at step 0 and at steps round(10^(k/10)), k = 0, 1, 2, ..."}
    write("fuzz_bench_config", "config.json", json.dumps(config, indent=2) + "\n")
    write("fuzz_bench_config", "minimal.json", json.dumps({"configurations": [], "puzzles": [], "runs": 0,
                                                           "seed": 0, "budget": {}}) + "\n")
    run = {"id": "p1", "algorithm": "sa", "seed": 1, "run": 0, "status": "solved", "seconds": 0.01, "steps": 120,
           "evaluations": 130, "best_cost": 0, "configuration": "sa", "parameters": {"t0": 40.0},
           "puzzle_index": 0, "curve": [[0, 12], [1, 11], [10, 4], [100, 0]]}
    lines = [dict(run, run=r, status=("solved" if r % 2 else "budget_exhausted")) for r in range(3)]
    write("fuzz_bench_runs", "runs.jsonl", "".join(json.dumps(line) + "\n" for line in lines))
    write("fuzz_bench_runs", "partial.jsonl", json.dumps(run) + "\n" + json.dumps(run)[:40])

    # CSV tables: human data and ratings.
    for path in sorted((ROOT / "puzzles" / "human").glob("*.csv")):
        write("fuzz_csv_table", path.name, head(path, 20))
    write("fuzz_csv_table", "ratings.csv", "id,puzzle,backtracking_nodes,logic_level\n1," + GIVENS + ",1234,3\n"
                                           "2,\"" + GIVENS + "\",17;4\n# comment\n\n3\t" + GIVENS + "\t1e3\t0.5\n")

    # Parameters: the algorithm list, then assignments.
    write("fuzz_parameters", "sa.txt", "sa,sa\nsa.t0=40\nsa#2.alpha=0.999\nt0=12\nschedule=lewis\n")
    write("fuzz_parameters", "tabu.txt", "tabu,backtracking\ntabu.tenure=10\ntenure=5\ncell_order=mrv\n")
    write("fuzz_parameters", "bad.txt", "ga\nga.population=-1\nfoo=bar\n=\n.=\n")

    # Lessons: a few slides of every field, and the bundled lessons (their heads would not parse: whole files).
    write("fuzz_lesson", "quizzes.json", json.dumps({
        "format": "puzzle-workbench-lesson", "format_version": 1, "title": "Every field",
        "slides": [
            {"title": "start", "puzzle": {"id": "p1", "text": GIVENS}, "algorithm": "sa", "parameters": {"t0": 2.0},
             "seed": 7, "speed": 5, "panels": ["costChart", "decisions"], "zoom": 1.5, "outline": ["r1c1", "r9c9"],
             "caption": "**Annealing** and p = e^(-D/T)", "notes": "Ask first"},
            {"advance": {"steps": 10}, "quiz": "accept"},
            {"advance": {"until": "new-best", "times": 2}, "quiz": "probability"},
            {"algorithm": "tabu", "parameters": {"tenure": 5}, "advance": {"to_step": 4}},
            {"puzzle": {"text": "2 . .\n. . .\n. . 1\n"}, "algorithm": "nurikabe-logic", "quiz": "technique"},
        ]}, indent=2) + "\n")
    for path in sorted((ROOT / "puzzles" / "lessons").glob("*.json")):
        write("fuzz_lesson", path.name, path.read_text(encoding="utf-8"))

    # --board: the puzzle line, then the player's grid.
    write("fuzz_sudoku_board", "partial.txt", GIVENS + "\n" + "41" + GIVENS[2:] + "")
    write("fuzz_sudoku_board", "solved.txt", GIVENS + "\n" + SOLVED)
    write("fuzz_sudoku_board", "mistake.txt", GIVENS + "\n" + "44" + GIVENS[2:])
    write("fuzz_sudoku_board", "small.txt", "1..4..1..1..4..1\n1234341221434321")


if __name__ == "__main__":
    main()
