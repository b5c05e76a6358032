#!/usr/bin/env python3
"""Runs the seed papers' tables through puzzle-cli and writes docs/reproduction.md (see scripts/reproduce.sh).

Every experiment is one `puzzle-cli bench` directory (or a `rate` + `correlate` pair) under the work folder;
the same command on the same folder resumes, so an interrupted full run loses nothing. Each table of the report
has the columns row | paper | literal | improved | command, where "command" names one of the commands listed
under the table (the exact command lines, with $CLI, $DATA, $REPO and $WORK for the paths).
"""

import argparse
import csv
import json
import os
import resource
import shlex
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

# The sizes of each mode: (puzzles per set, runs, budgets ...). "full" is the papers' protocol; "quick" fits in
# ten minutes on two cores; "tiny" only proves that every step runs and every table fills (the test).
MODES = {
    "full": dict(chel_per_clue=15, chel_clues=list(range(15, 36, 2)), chel_time=60, chel_fig_runs=10, chel_fig_time=60,
                 soto_successes=50, soto_max_tries=500, soto_t2_runs=30, soto_t2_time=120,
                 pillay_per_level=30, pillay_runs=30, pillay_time=30, pillay_hard=20, pillay_hard_runs=30,
                 pillay_random_runs=10, pillay_random_time=60, rate_puzzles=344, rate_runs=None,
                 qqwing_per_level=None, qqwing_time=20, qqwing_literal_time=20, geem_runs=100, geem_steps=100_000,
                 geem_human=344, lewis_runs=30, lewis_time=20, lewis_human=344, lewis_hard=20),
    "quick": dict(chel_per_clue=5, chel_clues=list(range(15, 36, 2)), chel_time=8, chel_fig_runs=10, chel_fig_time=4,
                  soto_successes=10, soto_max_tries=40, soto_t2_runs=5, soto_t2_time=3,
                  pillay_per_level=10, pillay_runs=10, pillay_time=5, pillay_hard=8, pillay_hard_runs=5,
                  pillay_random_runs=2, pillay_random_time=5, rate_puzzles=344, rate_runs=5,
                  qqwing_per_level=None, qqwing_time=20, qqwing_literal_time=1, geem_runs=10, geem_steps=100_000,
                  geem_human=10, lewis_runs=3, lewis_time=2, lewis_human=20, lewis_hard=6),
    "tiny": dict(chel_per_clue=1, chel_clues=[23, 35], chel_time=1, chel_fig_runs=2, chel_fig_time=1,
                 soto_successes=1, soto_max_tries=2, soto_t2_runs=1, soto_t2_time=1,
                 pillay_per_level=1, pillay_runs=2, pillay_time=1, pillay_hard=1, pillay_hard_runs=1,
                 pillay_random_runs=1, pillay_random_time=1, rate_puzzles=8, rate_runs=1,
                 qqwing_per_level=1, qqwing_time=20, qqwing_literal_time=1, geem_runs=1, geem_steps=1000,
                 geem_human=2, lewis_runs=1, lewis_time=1, lewis_human=2, lewis_hard=1),
}

# Chel et al., Figure 1: the 17-clue puzzle of Figures 7-9 and, by its solution, of Table 3 (the reading of the
# figure in tests/multistage_ga_test.cpp).
CHEL_FIGURE1 = "...8.1..........435............7.8........1...2..3....6......75..34........2..6.."

NOT_RUN = "—"


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class Reproduction:
    def __init__(self, args):
        self.repo = Path(__file__).resolve().parent.parent
        self.mode = "tiny" if args.tiny else "quick" if args.quick else "full"
        self.size = MODES[self.mode]
        self.cli = args.cli
        self.charts = args.charts
        self.data = Path(args.data)
        self.work = Path(args.work)
        self.out = Path(args.out)
        self.figures = self.out.parent / (self.out.stem)
        self.jobs = args.jobs
        self.sections = []
        self.timings = []  # (experiment, wall-clock seconds, CPU seconds of its processes)
        self.work.mkdir(parents=True, exist_ok=True)

    # --- commands -------------------------------------------------------------------------------------------------
    def shown(self, argv):
        """The command as the report shows it: paths as $CLI, $DATA, $REPO, $WORK."""
        replacements = [(str(self.work), "$WORK"), (str(self.data), "$DATA"), (str(self.repo), "$REPO")]
        words = []
        for i, word in enumerate(argv):
            if i == 0:
                words.append("$CLI")
                continue
            for path, name in replacements:
                word = word.replace(path, name)
            words.append(shlex.quote(word) if not word.startswith("$") else word)
        return " ".join(words)

    def run(self, name, argv, capture=False):
        started, cpu_before = time.monotonic(), children_cpu_seconds()
        result = subprocess.run(argv, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        seconds, cpu = time.monotonic() - started, children_cpu_seconds() - cpu_before
        self.timings.append((name, seconds, cpu))
        print(f"reproduce: {name}: {seconds:.1f} s (CPU {cpu:.1f} s)", file=sys.stderr)
        if result.returncode != 0:
            raise RuntimeError(f"{name}: {self.shown(argv)} exited with {result.returncode}:\n{result.stderr[-2000:]}")
        return result.stdout

    def bench(self, name, algorithms, inputs, runs, budget, params=(), until=None, seed=1):
        out = self.work / name
        argv = [self.cli, "bench", "-a", algorithms]
        for p in params:
            argv += ["--param", p]
        argv += ["--runs", str(runs), "--seed", str(seed)] + budget
        if until:
            argv += ["--until-successes", str(until)]
        argv += ["--jobs", str(self.jobs), "--out", str(out)] + [str(i) for i in inputs]
        self.run(name, argv)
        return BenchResults(out), self.shown(argv)

    def puzzle_file(self, name, rows):
        path = self.work / f"{name}.csv"
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["id", "puzzle"])
            w.writerows(rows)
        return path

    def chart(self, bench_dir, prefix, tabs):
        """The Compare view's charts of a bench directory, drawn by the project's chart code without a window."""
        if not self.charts:
            return None
        target = self.work / f"charts-{prefix}"
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        result = subprocess.run([self.charts, str(bench_dir), str(target), "--size", "1200x800"], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"charts of {bench_dir}: {result.stderr[-1000:]}")
        self.figures.mkdir(parents=True, exist_ok=True)
        names = []
        for tab in tabs:
            name = f"{prefix}-{tab}.png"
            shutil.copyfile(target / f"{tab}.png", self.figures / name)
            names.append(name)
        return names

    def figure_lines(self, names, caption):
        if names is None:
            return [f"*Figure not drawn: the chart exporter (`puzzle-compare-charts`, built with the GUI) was not "
                    f"found — {caption}.*", ""]
        lines = []
        for name in names:
            lines += [f"![{caption}]({self.figures.name}/{name})", "", f"*{caption}* (`{name}`)", ""]
        return lines

    # --- data -------------------------------------------------------------------------------------------------------
    def repo_csv(self, relative):
        """The rows of a puzzle file of the repository ('#' lines are comments, as puzzle-cli reads them)."""
        with open(self.repo / relative, newline="") as f:
            return list(csv.DictReader(line for line in f if not line.startswith("#")))

    def select_lines(self, name, relative, prefixes, count):
        """$WORK/NAME.csv: the header and, for each id prefix, the first COUNT rows (None: every row) of a
        repository puzzle file, copied verbatim; with the shell command that makes the same file."""
        with open(self.repo / relative) as f:
            lines = [line for line in f if not line.startswith("#")]
        chosen = [lines[0]]
        for prefix in prefixes:
            chosen += [line for line in lines[1:] if line.startswith(prefix)][:count]
        path = self.work / f"{name}.csv"
        path.write_text("".join(chosen))
        limit = "" if count is None else f" -m {count}"
        greps = "; ".join(f"grep{limit} '^{p}' $REPO/{relative}" for p in prefixes)
        return path, f"{{ grep '^id,' $REPO/{relative}; {greps}; }} > $WORK/{name}.csv"

    def solve_exact(self, puzzle):
        line = self.run("solve Figure 1", [self.cli, "solve", "-a", "exact", "--json", puzzle], capture=True)
        return json.loads(line.strip().splitlines()[-1])["solution"]

    # --- the report -------------------------------------------------------------------------------------------------
    def section(self, title, intro, tables, after=()):
        self.sections.append((title, intro, tables, list(after)))

    def write(self, total_seconds):
        lines = ["# Reproduction of the seed papers' tables", "",
                 f"Written by `scripts/reproduce.sh{'' if self.mode == 'full' else ' --' + self.mode}` "
                 f"({self.mode} mode) through the project's own `puzzle-cli`; "
                 f"the run took {total_seconds / 60:.1f} minutes on {self.jobs} thread(s) "
                 f"({sum(cpu for _, _, cpu in self.timings) / 60:.1f} CPU minutes; load average "
                 f"{os.getloadavg()[0]:.1f} when it ended). Time limits are wall-clock, so a busier machine solves "
                 "less within them.", ""]
        lines += MODE_NOTES[self.mode](self, total_seconds)
        lines += ["Every table has the columns **paper** (copied from the seed paper; table and section cited), "
                  "**literal** (our literal reading of the paper's algorithm), **improved** (its improved sibling "
                  "where one exists, else —) and **command** (the key of the exact command below the table; "
                  "`$CLI` is `puzzle-cli`, `$DATA` the shared data folder, `$REPO` this repository, `$WORK` the "
                  "work folder of the bench directories). The seed texts carry no page numbers, so tables are "
                  "cited by number and section.", ""]
        for title, intro, tables, after in self.sections:
            lines += [f"## {title}", ""] + intro + [""]
            for table in tables:
                lines += table.markdown() + [""]
            lines += after
        lines += ["## Not covered", "",
                  "- Křivánek's Tables 4.1–4.2 (order of cell filling against human order) need per-cell human "
                  "solving orders, which the shared data does not have.",
                  "- Pillay's Table 6 (example programs) is not a measurement; Soto's and Chel's remaining figures "
                  "show single runs that the tables above summarise.", ""]
        lines += ["## Time per step", ""]
        lines += [f"- {name}: {seconds:.1f} s (CPU {cpu:.1f} s)" for name, seconds, cpu in self.timings]
        lines += [""]
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.out.write_text("\n".join(lines))


def full_time_note(rep, total):
    return [f"This is the full protocol; it took {total / 60:.1f} minutes.", ""]


def reduced_time_note(rep, total):
    # The full run's time, estimated from this run: each bench's time scaled by how many more runs (and how much
    # longer a budget) the full protocol makes. An estimate, not a measurement.
    scale = {name: factor for name, factor in FULL_SCALE(rep.size).items()}
    estimate = sum(seconds * scale.get(name, 1) for name, seconds, _ in rep.timings)
    return [f"This is a reduced run (`--{rep.mode}`: fewer puzzles, runs and shorter budgets than the papers; the "
            "sizes are in `scripts/reproduce.py`, MODES). The full run (`scripts/reproduce.sh` without options) was "
            f"not made here; estimated from this run's time per experiment, scaled by the runs and budgets the full "
            f"protocol adds, it takes about **{estimate / 3600:.0f} hours** on {rep.jobs} thread(s). This is an "
            f"estimate, likely high: runs that solve early do not use their budget, and the times it scales were "
            f"measured at a load average of {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.", ""]


MODE_NOTES = {"full": full_time_note, "quick": reduced_time_note, "tiny": reduced_time_note}


def FULL_SCALE(size):
    full = MODES["full"]

    def ratio(*keys):
        r = 1.0
        for k in keys:
            a, b = full[k], size[k]
            r *= (len(a) / len(b)) if isinstance(a, list) else a / b
        return r

    return {"chel-table3": ratio("chel_per_clue", "chel_clues", "chel_time"),
            "chel-figures7-9": ratio("chel_fig_runs", "chel_fig_time"),
            "soto-table1": ratio("soto_max_tries"),
            "soto-table2": ratio("soto_t2_runs", "soto_t2_time"),
            "pillay-tables2-5": ratio("pillay_per_level", "pillay_runs", "pillay_time"),
            "pillay-table7": ratio("pillay_hard", "pillay_hard_runs", "pillay_time"),
            "pillay-table8": ratio("pillay_hard_runs", "pillay_time"),
            "pillay-table9": ratio("pillay_hard", "pillay_random_runs", "pillay_random_time"),
            # the metrics' own run counts (30 for most) against the reduced --runs
            "rate-table3.1": ratio("rate_puzzles") * (30 / size["rate_runs"] if size["rate_runs"] else 1),
            "qqwing-cuckoo": ratio("qqwing_literal_time"),
            "krivanek-geem": ratio("geem_runs", "geem_steps") * (2 + full["geem_human"]) / (2 + size["geem_human"]),
            "krivanek-lewis": ratio("lewis_runs", "lewis_time") * (full["lewis_human"] + full["lewis_hard"])
            / (size["lewis_human"] + size["lewis_hard"])}


class BenchResults:
    def __init__(self, directory):
        self.dir = directory
        self.summary = {}
        with open(directory / "summary.csv", newline="") as f:
            for row in csv.DictReader(f):
                self.summary[(row["configuration"], int(row["puzzle_index"]))] = row
        self.details = {}
        with open(directory / "details.csv", newline="") as f:
            for row in csv.DictReader(f):
                self.details[(row["configuration"], int(row["puzzle_index"]), row["measure"])] = row
        self.generations = defaultdict(lambda: defaultdict(int))  # (configuration, puzzle) -> generation -> runs
        with open(directory / "generations.csv", newline="") as f:
            for row in csv.DictReader(f):
                self.generations[(row["configuration"], int(row["puzzle_index"]))][int(row["generation"])] += int(row["runs"])
        self.runs = []
        with open(directory / "runs.jsonl") as f:
            for line in f:
                if line.strip():
                    self.runs.append(json.loads(line))

    def rows(self, configuration, puzzles):
        return [self.summary[(configuration, p)] for p in puzzles if (configuration, p) in self.summary]

    def mean_over_runs(self, configuration, puzzles, measure):
        """The mean of a measure over every run (solved or not) of these puzzles."""
        total, count = 0.0, 0
        for p in puzzles:
            d = self.details.get((configuration, p, measure))
            if not d:
                continue
            for runs_key, mean_key in (("solved_runs", "solved_mean"), ("unsolved_runs", "unsolved_mean")):
                if d[mean_key] != "":
                    total += float(d[mean_key]) * int(d[runs_key])
                    count += int(d[runs_key])
        return total / count if count else None

    def unsolved_mean(self, configuration, puzzles, measure):
        total, count = 0.0, 0
        for p in puzzles:
            d = self.details.get((configuration, p, measure))
            if d and d["unsolved_mean"] != "":
                total += float(d["unsolved_mean"]) * int(d["unsolved_runs"])
                count += int(d["unsolved_runs"])
        return total / count if count else None


class Table:
    def __init__(self, caption, row_title):
        self.caption = caption
        self.row_title = row_title
        self.rows = []
        self.commands = []  # (key, command)
        self.notes = []

    def command(self, key, text):
        if key not in [k for k, _ in self.commands]:
            self.commands.append((key, text))
        return key

    def add(self, row, paper, literal, improved, command):
        self.rows.append((row, paper, literal, improved, command))

    def markdown(self):
        lines = [f"**{self.caption}**", "", f"| {self.row_title} | paper | literal | improved | command |",
                 "|---|---|---|---|---|"]
        for row, paper, literal, improved, command in self.rows:
            lines.append(f"| {row} | {paper} | {literal} | {improved} | {command} |")
        lines.append("")
        for note in self.notes:
            lines += [note, ""]
        for key, text in self.commands:
            lines += [f"`{key}`:", "", "```sh", text, "```", ""]
        return lines


def fmt(value, digits=1):
    if value is None:
        return "n/a"
    return f"{value:.{digits}f}"


def solved_of(rows):
    runs = sum(int(r["runs"]) for r in rows)
    solved = sum(int(r["solved"]) for r in rows)
    return solved, runs


def seconds_text(value):
    if value is None or value == "":
        return "n/a"
    ms = float(value) * 1000
    if ms >= 1000:
        return f"{ms / 1000:.1f} s"
    return f"{ms:.0f} ms" if ms >= 10 else f"{ms:.2g} ms"


# --- Chel et al. --------------------------------------------------------------------------------------------------

CHEL_TABLE3 = {15: (15, 5.2, 55), 17: (15, 5.3, 55), 19: (14, 10.4, 142), 21: (14, 12.6, 128), 23: (12, 18.5, 188),
               25: (14, 10.4, 108), 27: (14, 10.8, 102), 29: (15, 8.2, 85), 31: (15, 5.6, 52), 33: (15, 5.6, 55),
               35: (15, 3.0, 32)}


def chel(rep):
    s = rep.size
    solution = rep.solve_exact(CHEL_FIGURE1)
    rows, clue_of = [], {}
    for clues in s["chel_clues"]:
        out = rep.run(f"generate {clues} clues", [rep.cli, "generate", "--from-solution", solution, "--clues", str(clues),
                                                 "--allow-multiple", "--count", str(s["chel_per_clue"]), "--seed", "1",
                                                 "--format", "line"], capture=True)
        for i, line in enumerate(l for l in out.splitlines() if l.strip()):
            clue_of[len(rows)] = clues
            rows.append((f"chel-{clues}-{i + 1}", line.strip()))
    puzzles = rep.puzzle_file("chel-table3-puzzles", rows)
    gen_cmd = (f"$CLI solve -a exact --json '{CHEL_FIGURE1}'   # its \"solution\": {solution}\n"
               f"for n in {' '.join(map(str, s['chel_clues']))}; do $CLI generate --from-solution {solution} --clues $n "
               f"--allow-multiple --count {s['chel_per_clue']} --seed 1 --format line; done   # line i of count N: "
               f"puzzle chel-N-i of $WORK/chel-table3-puzzles.csv")
    res, cmd = rep.bench("chel-table3", "mga,mga-plus", [puzzles], 1, ["--time-limit", str(s["chel_time"])])
    t = Table("Chel et al., Table 3 (Section III): multistage GA on puzzles made by random removal from Figure 1's "
              f"solution, {s['chel_per_clue']} per clue count (paper: 15), one run each", "clues")
    t.command("G3", gen_cmd)
    t.command("C3", cmd)
    for clues in s["chel_clues"]:
        idx = [i for i, c in clue_of.items() if c == clues]
        cells = []
        for conf in ("mga", "mga-plus"):
            solved, runs = solved_of(res.rows(conf, idx))
            cycles = res.mean_over_runs(conf, idx, "cycles")
            gens = res.mean_over_runs(conf, idx, "steps")
            cells.append(f"{solved} of {runs}; {fmt(cycles)} cycles; {fmt(gens, 0)} generations")
        p = CHEL_TABLE3[clues]
        t.add(clues, f"{p[0]} of 15; {p[1]} cycles; {p[2]} generations", cells[0], cells[1], "G3, C3")
    t.notes = [f"Cycles and generations are means over all runs (solved or not), as the paper's \"average cycle\" "
               f"over its runs; `mga-plus` counts the cycles of all its rounds. Budget: {s['chel_time']} s per run "
               f"(`mga` stops after its 20 cycles well before)."]

    # Table 2: the puzzle set cannot be identified.
    t2 = Table("Chel et al., Table 2 (Section III): puzzles \"given in [8]\", 10 per class, 10 runs each", "class")
    for cls, numbers in (("simple", "58 %; 6.4 cycles; 63 generations; failures' fitness 3.2"),
                         ("easy", "65 %; 6.0 cycles; 63 generations; failures' fitness 4.6"),
                         ("moderate", "48 %; 8.2 cycles; 8 generations; failures' fitness 4.8"),
                         ("hard", "12 %; 16.6 cycles; 166 generations; failures' fitness 6.7")):
        t2.add(cls, numbers, "puzzle set not identifiable", NOT_RUN, NOT_RUN)
    t2.notes = ["Reference [8] is Nicolau and Ryan's GAuGE paper; the simple/easy/moderate/hard set cannot be "
                "identified (docs/algorithms.md, Chel et al.), so this table is not run. The failures' fitness of "
                "Table 3's protocol is in the next table."]

    # The unsuccessful runs' fitness on Table 3's protocol (the paper's Table 2 column).
    tf = Table("Chel et al., Table 2's last column on Table 3's protocol: mean final fitness of the unsuccessful runs",
               "clues")
    for clues in s["chel_clues"]:
        idx = [i for i, c in clue_of.items() if c == clues]
        cells = [fmt(res.unsolved_mean(conf, idx, "best_cost")) for conf in ("mga", "mga-plus")]
        tf.add(clues, "3.2–6.7 (Table 2, all classes)", cells[0], cells[1], "C3")
    tf.command("C3", cmd)

    # Figures 7-9.
    figure1 = rep.puzzle_file("chel-figure1", [("Chel_Figure1", CHEL_FIGURE1)])
    res9, cmd9 = rep.bench("chel-figures7-9", "mga,mga,mga-plus", [figure1], s["chel_fig_runs"],
                           ["--time-limit", str(s["chel_fig_time"])], params=["mga#2.single_stage=true"])
    t9 = Table(f"Chel et al., Figures 7–9 (Section III): Figure 1's 17-clue puzzle, {s['chel_fig_runs']} runs "
               "(paper: 10); `mga#2` is the single-stage GA (`single_stage=true`)", "run")

    def final(conf, pick):
        lines = [r for r in res9.runs if r["configuration"] == conf]
        if not lines:
            return "n/a"
        r = pick(lines, key=lambda l: (l["best_cost"], l["steps"]))
        return f"fitness {r['best_cost']:g} after {r.get('cycles', 'n/a')} cycles ({r['steps']} generations)"

    t9.command("C9", cmd9)
    t9.add("Figure 7: single-stage GA, best of the runs", "stuck after ~60 generations at a very high fitness",
           final("mga#2", min), NOT_RUN, "C9")
    t9.add("Figure 8: multistage GA, best run", "fitness 0 in 3 cycles", final("mga", min), final("mga-plus", min), "C9")
    t9.add("Figure 9: multistage GA, worst run", "fitness 4 after 6 cycles", final("mga", max), final("mga-plus", max),
           "C9")
    figs = rep.chart(res9.dir, "chel-figures7-9", ["convergence"])
    after = rep.figure_lines(figs, "Figures 7–9: median best fitness and quartiles per setting against evaluations (mga#2 = single "
                               "stage; mga-plus starts with mga's own cycles, so mga's median lies under it until "
                               "mga's 20 cycles end)")
    figs3 = rep.chart(res.dir, "chel-table3", ["run-length-all"])
    after += rep.figure_lines(figs3, "Table 3's protocol: share of runs solved against time, every clue count pooled")
    rep.section("Chel et al. — multistage GA",
                ["`mga` is the literal reading, `mga-plus` its improved sibling (restarts and a repair of the last "
                 "repeats; core/algorithms/multistage_ga_plus.cpp)."], [t, t2, tf, t9], after)


# --- Soto et al. --------------------------------------------------------------------------------------------------

SOTO_LEVELS = [("easy", ["SatoInoue_easy_34", "SatoInoue_easy_38"], "easy: 50 of 50 tries solved"),
               ("medium", ["SatoInoue_medium_29", "SatoInoue_medium_30"],
                "medium a: 50 solved, 100 %; b and c \"shortly\" less"),
               ("hard", ["SatoInoue_difficult_24", "SatoInoue_difficult_28", "SatoInoue_super_difficult_22"],
                "hard a 50 of 97 (51 %), b 50 of 62 (80 %), c 50 of 71 (70 %)")]


def soto(rep):
    s = rep.size
    papers = {r["id"]: r["puzzle"] for r in rep.repo_csv("puzzles/sudoku/from_papers.csv")}
    ids = [i for _, level, _ in SOTO_LEVELS for i in level]
    puzzles = rep.puzzle_file("soto-puzzles", [(i, papers[i]) for i in ids])
    configs = "cuckoo,cuckoo,cuckoo-plus,cuckoo-plus"
    params = ["cuckoo#2.prefilter=false", "cuckoo-plus#2.prefilter=false"]
    res, cmd = rep.bench("soto-table1", configs, [puzzles], s["soto_max_tries"], ["--max-steps", "10000"], params=params,
                         until=s["soto_successes"])
    t = Table(f"Soto et al., Table 1 (Section 7): tries until {s['soto_successes']} successes (paper: 50), at most "
              f"{s['soto_max_tries']} tries, 10,000 iterations each; cells: solved of tries, min / mean / max time, "
              "SD", "puzzle (level)")
    t.command("S1", cmd)

    def cell(conf, p):
        row = res.summary.get((conf, p))
        if not row:
            return "n/a"
        text = f"{row['solved']} of {row['runs']}"
        if row["time_min"]:
            text += (f"; {seconds_text(row['time_min'])} / {seconds_text(row['time_mean'])} / "
                     f"{seconds_text(row['time_max'])}; SD {seconds_text(row['time_sd'])}")
        return text

    for level, level_ids, paper in SOTO_LEVELS:
        for i in level_ids:
            p = ids.index(i)
            for prefilter, suffix in ((True, ""), (False, "#2")):
                t.add(f"{i.replace('SatoInoue_', '')} ({level}){'' if prefilter else ', no prefiltering'}",
                      paper if prefilter else "— (the paper always prefilters)", cell("cuckoo" + suffix, p),
                      cell("cuckoo-plus" + suffix, p), "S1")
    t.notes = ["The paper's benchmark (\"[24]\", three puzzles per level) is lost; the stand-in is the Sato–Inoue set "
               "of puzzles/sudoku/from_papers.csv (two per level; hard: the two difficult puzzles and one super "
               "difficult). The paper's times (Octave on a 2 GHz Core 2 Duo) are lost with the table. "
               "Prefiltering is cuckoo's `prefilter` parameter (AC3 first); `#2` settings switch it off."]

    res2, cmd2 = rep.bench("soto-table2", configs, [puzzles], s["soto_t2_runs"],
                           ["--max-steps", "100000", "--time-limit", str(s["soto_t2_time"])], params=params)
    t2 = Table(f"Soto et al., Table 2 (Section 7): solved of {s['soto_t2_runs']} tries (paper: 30), 100,000 "
               f"iterations (or {s['soto_t2_time']} s) each", "level")
    t2.command("S2", cmd2)
    for level, level_ids, _ in SOTO_LEVELS:
        idx = [ids.index(i) for i in level_ids]
        for prefilter, suffix in ((True, ""), (False, "#2")):
            cells = []
            for conf in ("cuckoo", "cuckoo-plus"):
                solved, runs = solved_of(res2.rows(conf + suffix, idx))
                cells.append(f"{solved} of {runs}")
            t2.add(f"{level} ({len(idx)} puzzles){'' if prefilter else ', no prefiltering'}",
                   "30 of 30 (cuckoo; also hybrid tabu search); GA [1]: medium 10 of 30, hard 2 of 30" if prefilter
                   else "—", cells[0], cells[1], "S2")
    t2.notes = ["The paper's \"unlimited iterations\" column is not run: a try without a budget may not end. A "
                "level's cell sums its puzzles' tries."]
    figs = rep.chart(res.dir, "soto-table1", ["run-length-all"])
    rep.section("Soto et al. — prefiltered cuckoo search",
                ["`cuckoo` is the literal reading (one egg per iteration), `cuckoo-plus` its improved sibling (a tabu "
                 "walk on every new egg and nest rebuilds; core/algorithms/cuckoo_search_plus.cpp)."], [t, t2],
                rep.figure_lines(figs, "Table 1's protocol: share of tries solved against time, every puzzle pooled "
                                     "(#2: without prefiltering)"))


# --- QQWing: the improved siblings' targets -------------------------------------------------------------------

QQWING_FILE = "puzzles/sudoku/qqwing_graded.csv"


def solved_cell(res, conf, idx):
    """'S of N; slowest T' over one run of each puzzle."""
    rows = res.rows(conf, idx)
    solved, runs = solved_of(rows)
    times = [float(r["time_max"]) for r in rows if r["time_max"]]
    text = f"{solved} of {runs}"
    text += f"; slowest {seconds_text(max(times))}" if times else ""
    return text


def qqwing(rep):
    s = rep.size
    n = s["qqwing_per_level"]
    limit, literal_limit = s["qqwing_time"], s["qqwing_literal_time"]
    simple, simple_cmd = rep.select_lines("qqwing-simple", QQWING_FILE, ["qqwing-simple-"], n)
    graded, graded_cmd = rep.select_lines("qqwing-easy-intermediate", QQWING_FILE,
                                          ["qqwing-easy-", "qqwing-intermediate-"], n)
    res_m, cmd_m = rep.bench("qqwing-simple", "mga,mga-plus", [simple], 1, ["--time-limit", str(limit)])
    res_c, cmd_c = rep.bench("qqwing-cuckoo-plus", "cuckoo-plus", [graded], 1, ["--time-limit", str(limit)])
    res_l, cmd_l = rep.bench("qqwing-cuckoo", "cuckoo", [graded], 1, ["--time-limit", str(literal_limit)])
    t = Table(f"QQWing puzzles ({QQWING_FILE}, made by QQWing 1.3.4; its header gives the commands): one run of "
              f"each puzzle, at most {limit} s (the literal `cuckoo`: {literal_limit} s); cells: solved of puzzles, "
              "the slowest solved run", "QQWing level")
    t.command("Q1", simple_cmd + "\n" + cmd_m)
    t.command("Q2", graded_cmd + "\n" + cmd_c + "\n" + cmd_l)
    ids = [r["puzzle_id"] for r in sorted(res_c.summary.values(), key=lambda r: int(r["puzzle_index"]))
           if r["configuration"] == "cuckoo-plus"]
    easy = [i for i, name in enumerate(ids) if name.startswith("qqwing-easy-")]
    intermediate = [i for i, name in enumerate(ids) if name.startswith("qqwing-intermediate-")]
    simple_idx = sorted({int(r["puzzle_index"]) for r in res_m.summary.values()})
    t.add(f"simple ({len(simple_idx)}): Chel's MGA", "not in the paper (its Table 2 set is lost); the target for "
          "`mga-plus`: at least 8 of 10 within 20 s", solved_cell(res_m, "mga", simple_idx),
          solved_cell(res_m, "mga-plus", simple_idx), "Q1")
    for name, idx in (("easy", easy), ("intermediate", intermediate), ("easy + intermediate", easy + intermediate)):
        target = ("not in the paper; the target for `cuckoo-plus`: at least 14 of 15 within 20 s"
                  if name == "easy + intermediate" else "not in the paper")
        t.add(f"{name} ({len(idx)}): Soto's cuckoo search", target, solved_cell(res_l, "cuckoo", idx),
              solved_cell(res_c, "cuckoo-plus", idx), "Q2")
    t.notes = ["The issue's targets for the improved siblings, measured on puzzles committed with the repository "
               "(QQWing has no seed option, so its commands make new puzzles on every call). `mga` ends after its "
               "20 cycles, well inside the limit. Times are wall-clock."]
    rep.section("QQWing puzzles — the improved siblings' targets",
                ["Neither paper ran QQWing puzzles; these rows measure the targets set for `mga-plus` and "
                 "`cuckoo-plus` against the literal readings."], [t])


# --- Pillay ---------------------------------------------------------------------------------------------------------

PILLAY_T2 = {"White belt": ("100 %", 0, 1, "< 1 ms", "407 ms"), "Green belt": ("100 %", 0, 1, "< 1 ms", "422 ms"),
             "Brown belt": ("100 %", 0, 2, "< 1 ms", "578 ms"), "Black belt": ("100 %", 0, 7, "< 1 ms", "625 ms"),
             "2nd degree black belt": ("100 %", 0, 9, "< 1 ms", "1281 ms"),
             "3rd degree black belt": ("100 %", 0, 8, "< 1 ms", "1219 ms")}
PILLAY_HIST = {"White": [8992, 8, 0, 0, 0, 0, 0], "Green": [8985, 15, 0, 0, 0, 0, 0], "Brown": [8923, 63, 14, 0, 0, 0, 0],
               "Black": [8881, 96, 11, 5, 3, 0, 1], "Black 2nd": [7644, 1053, 188, 60, 33, 13, 4],
               "Black 3rd": [7780, 968, 170, 47, 19, 9, 5]}
# Our graded proxy for each belt: the generator's levels (the hardest technique the logic solver needs).
PILLAY_LEVELS = [("singles", "White belt", "White"), ("locked", "Brown belt", "Brown"),
                 ("pairs", "Black belt", "Black"), ("search", "2nd degree black belt", "Black 2nd")]
PILLAY_T8_PAPER = [("Easy (No. 1)", "100 %; generations 0–0; < 1 ms – 16 ms"),
                   ("Easy (No. 11)", "100 %; generations 0–0; < 1 ms – 16 ms"),
                   ("Intermediate (No. 27)", "100 %; generations 0–0; < 1 ms – 78 ms"),
                   ("Intermediate (No. 29)", "100 %; generations 0–0; < 1 ms – 31 ms"),
                   ("Difficult (No. 77)", "100 %; generations 0–1; < 1 ms – 594 ms"),
                   ("Difficult (No. 106)", "100 %; generations 0–2; < 1 ms – 531 ms"),
                   ("S1", "100 %; generations 0–3; 31 ms – 1 s"), ("S2", "100 %; generations 0–13; 93 ms – 4 s"),
                   ("S3", "100 %; generations 0–1; < 1 ms – 1 s")]


def gp_cell(res, conf, idx):
    rows = res.rows(conf, idx)
    solved, runs = solved_of(rows)
    gens = [g for p in idx for g, n in res.generations[(conf, p)].items() if n]
    times = [float(r["time_min"]) for r in rows if r["time_min"]] + [float(r["time_max"]) for r in rows if r["time_max"]]
    text = f"{100 * solved / runs:.0f} % ({solved} of {runs})" if runs else "n/a"
    text += f"; generations {min(gens)}–{max(gens)}" if gens else "; generations n/a"
    if times:
        text += f"; {seconds_text(min(times))} – {seconds_text(max(times))}"
    return text


def pillay(rep):
    s = rep.size
    tables, after = [], []
    rows, level_of = [], {}
    gen_cmds = []
    for level, _, _ in PILLAY_LEVELS:
        out = rep.run(f"generate {level}", [rep.cli, "generate", "--difficulty", level, "--count",
                                           str(s["pillay_per_level"]), "--seed", "1", "--format", "line"], capture=True)
        gen_cmds.append(f"$CLI generate --difficulty {level} --count {s['pillay_per_level']} --seed 1 --format line")
        for i, line in enumerate(l for l in out.splitlines() if l.strip()):
            level_of[len(rows)] = level
            rows.append((f"{level}-{i + 1}", line.strip()))
    puzzles = rep.puzzle_file("pillay-levels", rows)
    res, cmd = rep.bench("pillay-tables2-5", "gp", [puzzles], s["pillay_runs"], ["--time-limit", str(s["pillay_time"])])
    t2 = Table(f"Pillay, Tables 2–3 (Section 4–5): gp on graded proxies, {s['pillay_per_level']} puzzles per level "
               f"(paper: 300) × {s['pillay_runs']} runs (paper: 30); cells: success rate of the runs, min–max "
               "generation of the solution, min–max time", "level (our proxy → paper's belt)")
    t2.command("P1", "\n".join(gen_cmds) + "   # each into $WORK/pillay-levels.csv, ids LEVEL-i")
    t2.command("P2", cmd)
    for level, belt, _ in PILLAY_LEVELS:
        idx = [i for i, l in level_of.items() if l == level]
        p = PILLAY_T2[belt]
        t2.add(f"{level} → {belt}", f"{p[0]}; generations {p[1]}–{p[2]}; {p[3]} – {p[4]}", gp_cell(res, "gp", idx),
               NOT_RUN, "P1, P2")
    t2.notes = ["The paper's belts (six sets of 300 puzzles from a puzzle book) are not available; the proxies are "
                "the generator's levels (`generate --difficulty`: the hardest technique our logic solver needs), four "
                "levels for six belts. Pillay's success rate is the share of her 30 runs that solved all 300 puzzles "
                "of a set; ours is the share of runs (puzzle × run) that solved their puzzle. gp has no improved "
                "sibling."]
    t4 = Table("Pillay, Tables 4–5 (Section 5): in which generation the solution appeared (solved runs); paper: of "
               "9,000 runs per belt", "level → belt, generation")
    t4.command("P2", cmd)
    for level, _, short in PILLAY_LEVELS:
        idx = [i for i, l in level_of.items() if l == level]
        hist = defaultdict(int)
        for p in idx:
            for g, n in res.generations[("gp", p)].items():
                hist[g] += n
        solved, runs = solved_of(res.rows("gp", idx))
        paper = PILLAY_HIST[short]
        for g in range(0, max([6] + list(hist))+1):
            if g > 6 and not hist[g]:
                continue
            t4.add(f"{level} → {short}, generation {g}",
                   f"{paper[g]} of 9000" if g < len(paper) else "not listed (the table ends at 6)",
                   f"{hist[g]} of {runs}", NOT_RUN, "P2")
    tables += [t2, t4]

    famous = {r["id"]: r["puzzle"] for r in rep.repo_csv("puzzles/sudoku/famous_hard.csv")}
    top95 = rep.repo_csv("puzzles/sudoku/top95.csv")[: s["pillay_hard"]]
    hard_rows = [("AI_Escargot", famous["AI_Escargot"])] + [(r["id"], r["puzzle"]) for r in top95]
    hard = rep.puzzle_file("pillay-hard", hard_rows)
    res7, cmd7 = rep.bench("pillay-table7", "gp", [hard], s["pillay_hard_runs"], ["--time-limit", str(s["pillay_time"])])
    t7 = Table(f"Pillay, Table 7 (Section 5): AI Escargot and a hard set, {s['pillay_hard_runs']} runs (paper: 30); "
               "cells: success rate, min–max generation, min–max time", "problem")
    t7.command("P7", cmd7)
    t7.add("AI Escargot", "100 %; generations 1–15; 1 s – 4 s", gp_cell(res7, "gp", [0]), NOT_RUN, "P7")
    t7.add(f"hard set ({len(top95)} of magictour top95 for Henz and Truong's 20)",
           "100 % each; generations 0–2 (min) and 2–20 (max); < 1 ms – 8 s",
           gp_cell(res7, "gp", list(range(1, len(hard_rows)))), NOT_RUN, "P7")
    t7.notes = ["Henz and Truong's 20 difficult problems are not in the shared data; the first puzzles of magictour's "
                "top95 stand in for them (not the same puzzles)."]

    papers = rep.repo_csv("puzzles/sudoku/from_papers.csv")
    sato = [(r["id"], r["puzzle"]) for r in papers if r["id"].startswith("SatoInoue_")]
    sato_file = rep.puzzle_file("pillay-sato", sato)
    res8, cmd8 = rep.bench("pillay-table8", "gp", [sato_file], s["pillay_hard_runs"], ["--time-limit", str(s["pillay_time"])])
    t8 = Table(f"Pillay, Table 8 (Section 5): Sato's nine problems, {s['pillay_hard_runs']} runs (paper: 30)",
               "problem (ours → paper's row)")
    t8.command("P8", cmd8)
    # The paper's rows use Sato's numbering, ours the test set's names: paired in the order of both lists' levels.
    mapping = [("SatoInoue_easy_34", 0), ("SatoInoue_easy_38", 1), ("SatoInoue_medium_29", 2),
               ("SatoInoue_medium_30", 3), ("SatoInoue_difficult_24", 4), ("SatoInoue_difficult_28", 5),
               ("SatoInoue_super_difficult_22", 6), ("SatoInoue_super_difficult_24", 7), ("SatoInoue_ai_escarcot", 8)]
    ids = [i for i, _ in sato]
    for our, paper_row in mapping:
        if our in ids:
            name, numbers = PILLAY_T8_PAPER[paper_row]
            t8.add(f"{our.replace('SatoInoue_', '')} → {name}", numbers, gp_cell(res8, "gp", [ids.index(our)]), NOT_RUN,
                   "P8")
    t8.notes = ["The Sato–Inoue test set has nine puzzles named by level and givens; which of Sato's numbers (No. 1, "
                "11, 27, ...) and which of S1–S3 each is, is not known — they are paired by level."]

    res9, cmd9 = rep.bench("pillay-table9", "gp-random", [hard], s["pillay_random_runs"],
                           ["--time-limit", str(s["pillay_random_time"])])
    t9 = Table(f"Pillay, Table 9 (Section 5): random programs until one solves, {s['pillay_random_runs']} runs (paper: "
               f"10), at most {s['pillay_random_time']} s each (the paper's maxima of 60 s look like its cap); cells: "
               "solved, min–max time", "problem")
    t9.command("P9", cmd9)

    def random_cell(idx):
        rows9 = res9.rows("gp-random", idx)
        solved, runs = solved_of(rows9)
        mins = [float(r["time_min"]) for r in rows9 if r["time_min"]]
        maxs = [float(r["time_max"]) for r in rows9 if r["time_max"]]
        text = f"{solved} of {runs}"
        if mins:
            text += f"; {seconds_text(min(mins))} – {seconds_text(max(maxs))}"
        return text

    t9.add("AI Escargot", "3 s – 12 s", random_cell([0]), NOT_RUN, "P9")
    t9.add(f"hard set ({len(top95)} stand-ins)", "1–3 s (min) to 12–60 s (max) over problems 2–20",
           random_cell(list(range(1, len(hard_rows)))), NOT_RUN, "P9")
    tables += [t7, t8, t9]
    figs = rep.chart(res.dir, "pillay-tables2-5", ["run-length-all"])
    rep.section("Pillay — genetic programming over human moves",
                ["`gp` is the literal reading, `gp-random` the random-program baseline of Table 9; gp has no improved "
                 "sibling, so the improved column is —."], tables,
                rep.figure_lines(figs, "Tables 2–5's proxies: share of gp runs solved against time, every level pooled"))


# --- Křivánek -------------------------------------------------------------------------------------------------------

KRIVANEK_T31 = [("brute force", "backtracking-steps", "0.16", "0.25"), ("harmony search", "harmony-cost", "0.18", "0.22"),
                ("simulated annealing", "sa-steps", "0.38", "0.39"), ("constraint relaxation", "relaxation", "0.40", "0.46"),
                ("serate metric", "serate", "0.70", "0.80"), ("refutation sum", "refutation-sum", "0.68", "0.83")]
# The project's own metrics, rated and correlated beside the thesis's as extra rows marked as ours.
KRIVANEK_T31_OURS = [("search effort", "search-effort"), ("simulated human time", "human-time"),
                     ("hardest step, Sudoku Explainer's ER read with our techniques", "explainer-hardest"),
                     ("candidates after singles", "candidates-after-singles"), ("givens", "givens")]
KRIVANEK_T43 = [("simulated annealing 0.99 / 0.999 / 0.9999", "nurikabe-sa-steps", "0.03 / 0.09 / 0.02"),
                ("harmony search", "nurikabe-harmony-cost", "-0.25"),
                ("brute force search", "nurikabe-backtracking-steps", "0.64"),
                ("number of islands", "nurikabe-islands", "-0.51"), ("area of islands", "nurikabe-island-area", "0.69"),
                ("distance from island to island", "nurikabe-island-distance", "0.35"),
                ("cells which can belong to multiple islands", "nurikabe-shared-cells", "0.74")]


def krivanek(rep):
    s = rep.size
    human_path = rep.data / "sudoku" / "cloud_sudoku_human_difficulty_20240415.csv"
    with open(human_path, newline="") as f:
        human = list(csv.reader(f))
    sample = rep.work / "krivanek-human.csv"
    with open(sample, "w", newline="") as f:
        csv.writer(f).writerows(human[: s["rate_puzzles"] + 1])
    ratings = rep.work / "krivanek-ratings.csv"
    metrics = ",".join([m for _, m, _, _ in KRIVANEK_T31] + [m for _, m in KRIVANEK_T31_OURS])
    rate = [rep.cli, "rate", "--metrics", metrics, "--seed", "1", "--jobs", str(rep.jobs), "--out", str(ratings)]
    if s["rate_runs"]:
        rate += ["--runs", str(s["rate_runs"])]
    rate.append(str(sample))
    rep.run("rate-table3.1", rate)
    correlate = [rep.cli, "correlate", str(ratings), str(sample), "--column", "D_TO", "--json"]
    out = rep.run("correlate-table3.1", correlate, capture=True)
    by_metric = {}
    for line in out.splitlines():  # one JSON object per metric
        if line.strip():
            entry = json.loads(line)
            by_metric[entry.get("metric")] = entry
    t = Table(f"Křivánek, Table 3.1 (Section 3.4): correlation of each metric with human difficulty; paper: a "
              f"correlation coefficient (kind not stated) with human median time on its two data sets (fed / org); ours: Spearman ρ and Pearson r with "
              f"D_TO of Wang's Cloud Sudoku data, "
              + ("all 344 puzzles" if s['rate_puzzles'] >= 344 else f"first {s['rate_puzzles']} of 344 puzzles"), "metric")
    sample_cmd = f"head -n {s['rate_puzzles'] + 1} $DATA/sudoku/cloud_sudoku_human_difficulty_20240415.csv > $WORK/krivanek-human.csv"
    t.command("K1", sample_cmd + "\n" + rep.shown(rate) + "\n" + rep.shown(correlate))
    def measured(metric):
        e = by_metric.get(metric)
        if not e:
            return "n/a"
        sp, pe = e["spearman"], e["pearson"]
        return (f"ρ {fmt(sp.get('r'), 2)} [{fmt(sp.get('low'), 2)}, {fmt(sp.get('high'), 2)}], "
                f"r {fmt(pe.get('r'), 2)} (n {pe.get('n')})")
    for name, metric, fed, org in KRIVANEK_T31:
        t.add(f"{name} (`{metric}`)", f"fed {fed}, org {org}", measured(metric), NOT_RUN, "K1")
    for name, metric in KRIVANEK_T31_OURS:
        t.add(f"ours: {name} (`{metric}`)", "not in the thesis", measured(metric), NOT_RUN, "K1")
    t.notes = ["The thesis's human data (its \"fed\" and \"org\" sets) is not public; Wang's D_TO (a time-based "
               "difficulty, README of the shared data) stands in. The metrics have no improved siblings.",
               "The rows marked ours are the project's metrics (docs/manual/difficulty-lab.md), not the thesis's. "
               "`human-time`'s parameters were fitted to D_TO on the puzzles `puzzle-cli calibrate` does not hold "
               "out, so on this whole set its figure is partly in sample; its held-out figure is in "
               "docs/manual/difficulty-lab.md."]
    # serate (the largest refutation score of a solve) equals the refutation sum whenever a solve needs at most
    # one refutation step; say how often that made the two columns the same.
    with open(ratings, newline="") as f:
        rated = [r for r in csv.DictReader(line for line in f if not line.startswith("#")) if r["serate"] != ""]
    needing = sum(1 for r in rated if float(r["refutation-sum"]) > 0)
    differing = sum(1 for r in rated if r["serate"] != r["refutation-sum"])
    t.notes.append(f"`serate` and `refutation-sum` are read from separate columns of the ratings; they differ only "
                   f"when a solve takes two or more refutation steps. Of these {len(rated)} puzzles {needing} need "
                   f"any refutation step (singles solve the rest, both metrics 0) and {differing} rate differently"
                   + (", so the two rows are identical." if differing == 0 else "."))

    # Table 4.3: no human Nurikabe times in the shared data.
    t43 = Table("Křivánek, Table 4.3 (Section 4.2): correlation of Nurikabe metrics with human median time", "metric")
    for name, metric, paper in KRIVANEK_T43:
        t43.add(f"{name} (`{metric}`)", paper, "no human Nurikabe times in the shared data", NOT_RUN, NOT_RUN)
    t43.notes = ["The metrics exist (`puzzle-cli rate --metrics nurikabe-...`); without human solving times there is "
                 "nothing to correlate them with, so the table is not run."]
    rep.section("Křivánek — difficulty metrics", [], [t, t43])
    rep.section("Křivánek — Geem's harmony search and Lewis's annealing schedule", [],
                [krivanek_geem(rep, sample), krivanek_lewis(rep, sample)])


def human_subset(rep, sample, count):
    """The first COUNT puzzles of the human sample, with the command that makes the file."""
    path = rep.work / f"krivanek-human-{count}.csv"
    with open(sample) as f:
        lines = f.readlines()
    path.write_text("".join(lines[: count + 1]))
    return path, f"head -n {count + 1} $WORK/krivanek-human.csv > $WORK/krivanek-human-{count}.csv"


def krivanek_geem(rep, sample):
    """Harmony search on Geem's two examples and on human-rated puzzles, with Geem's fitness and the thesis's."""
    s = rep.size
    examples, examples_cmd = rep.select_lines("krivanek-geem", "puzzles/sudoku/from_papers.csv",
                                              ["Geem2007_example,", "Brundage_hard,"], None)
    human, human_cmd = human_subset(rep, sample, s["geem_human"])
    res, cmd = rep.bench("krivanek-geem", "harmony,harmony", [examples, human], s["geem_runs"],
                         ["--max-steps", str(s["geem_steps"])], params=["harmony#2.objective=sum45"])
    t = Table(f"Křivánek, §3.2 (on Geem 2007): harmony search (HMS 50, HMCR 0.7, PAR 0.1) on Geem's examples "
              "and on human-rated puzzles, "
              f"{s['geem_runs']} runs (thesis: 100), at most {s['geem_steps']:,} improvisations each; `harmony` is "
              "the thesis's fitness (missing digits), `harmony#2` Geem's (Σ|unit sum − 45|); cells: solved of runs, "
              "false solutions (sum 45 everywhere, a rule broken), mean best cost of the unsolved runs", "puzzle, fitness")
    t.command("H1", examples_cmd + "\n" + human_cmd + "\n" + cmd)

    def cell(conf, idx):
        solved, runs = solved_of(res.rows(conf, idx))
        false = sum(1 for r in res.runs if r["configuration"] == conf and r["puzzle_index"] in idx
                    and r.get("false_solution"))
        return (f"{solved} of {runs}; {false} false; unsolved mean cost "
                f"{fmt(res.unsolved_mean(conf, idx, 'best_cost'))}")

    own_runs = "the thesis's own runs: \"able to solve just very easy puzzles\" (§3.2)"
    groups = [("Geem's easy example (`Geem2007_example`, 40 givens)", [0],
               "Geem: solved (§3.2: \"able to solve the easy one\"; Pillay §2.2.3: in 9 s)", own_runs),
              ("stand-in for Geem's \"hard\" example (`Brundage_hard`, 24 givens)", [1],
               "Geem: a local minimum (§3.2: \"when solving the hard one, it finishes in a local minima\")",
               own_runs),
              (f"first {s['geem_human']} puzzles of the human sample (for fed-sudoku.eu)",
               list(range(2, 2 + s["geem_human"])),
               "none solved (§3.2: \"No puzzle from fed-sudoku.eu dataset was solved\"; fitness not stated)",
               "none solved (as the row above)")]
    for name, idx, geem_paper, thesis_paper in groups:
        t.add(f"{name}, Geem's fitness", geem_paper, cell("harmony#2", idx), NOT_RUN, "H1")
        t.add(f"{name}, missing digits", thesis_paper, cell("harmony", idx), NOT_RUN, "H1")
    t.notes = ["The thesis reports Geem's two runs and its own attempts in words, without a table or numbers of "
               "runs. Our copy of the easy example comes from a public re-implementation (the source column of "
               "puzzles/sudoku/from_papers.csv) and has 40 givens, where the thesis says more than half of the "
               "cells were given: it may not be Geem's puzzle. Geem's \"hard\" puzzle is not in our data, and `Brundage_hard` "
               "(a blogger's \"hard\") only stands in for it. Harmony search has no improved sibling."]
    return t


def krivanek_lewis(rep, sample):
    """The thesis's annealing schedule against Lewis's: the thesis states its own and never runs Lewis's."""
    s = rep.size
    human, human_cmd = human_subset(rep, sample, s["lewis_human"])
    hard, hard_cmd = rep.select_lines("krivanek-hard", "puzzles/sudoku/top95.csv", ["top95-"], s["lewis_hard"])
    res, cmd = rep.bench("krivanek-lewis", "sa,sa", [human, hard], s["lewis_runs"],
                         ["--time-limit", str(s["lewis_time"])], params=["sa#2.schedule=lewis"])
    t = Table(f"Křivánek, §3.1 (after Lewis 2007): the thesis's annealing schedule (`sa`) against Lewis's "
              f"(`sa#2`, `schedule=lewis`), {s['lewis_runs']} runs (thesis: 100), at most {s['lewis_time']} s each; "
              "cells: solved of runs, mean proposals of the solved runs, median time", "puzzles, schedule")
    t.command("L1", human_cmd + "\n" + hard_cmd + "\n" + cmd)

    def cell(conf, idx):
        rows = res.rows(conf, idx)
        solved, runs = solved_of(rows)
        steps, count = 0.0, 0
        for p in idx:
            d = res.details.get((conf, p, "steps"))
            if d and d["solved_mean"] != "":
                steps += float(d["solved_mean"]) * int(d["solved_runs"])
                count += int(d["solved_runs"])
        times = sorted(float(r["time_median"]) for r in rows if r["time_median"])
        text = f"{solved} of {runs}"
        if count:
            text += f"; {steps / count:,.0f} proposals"
        if times:
            text += f"; median {seconds_text(times[len(times) // 2])}"
        return text

    groups = [(f"first {s['lewis_human']} puzzles of the human sample", list(range(s["lewis_human"])),
               "the metric: the median steps to a solution over 100 runs (no failed run reported); ρ with human "
               "time 0.38 fed, 0.39 org (Table 3.1)",
               "not run: the thesis states only its own schedule; Lewis 2007 solved every newspaper puzzle it was "
               "given (Pillay §2.2.6)"),
              (f"first {s['lewis_hard']} of magictour's top95 (hard puzzles, not in the thesis)",
               list(range(s["lewis_human"], s["lewis_human"] + s["lewis_hard"])), "not run in the thesis",
               "not run in the thesis")]
    for name, idx, thesis_paper, lewis_paper in groups:
        t.add(f"{name}, thesis schedule (t0 40, α 0.99995 per accepted move, reheat below t_min 0.2)", thesis_paper,
              cell("sa", idx), NOT_RUN, "L1")
        t.add(f"{name}, Lewis's schedule (t0 from a random walk, α 0.99 per chain of n² proposals, reheat after 20 "
              "chains without improvement)", lewis_paper, cell("sa#2", idx), NOT_RUN, "L1")
    t.notes = ["The thesis bases its annealing on Lewis's state and neighbourhood but states its own schedule and "
               "none of Lewis's constants; our reading of Lewis's schedule is in docs/algorithms.md (Lewis's "
               "schedule). The thesis's t_min is not stated; 0.2 is ours. Neither schedule is an improved sibling, "
               "so the improved column is —. The correlation of the thesis schedule's steps with human difficulty "
               "is the `sa-steps` row of Table 3.1 above."]
    return t


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true")
    mode.add_argument("--tiny", action="store_true")
    parser.add_argument("--cli", required=True)
    parser.add_argument("--charts", default="")
    parser.add_argument("--data", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    rep = Reproduction(args)
    started = time.monotonic()
    for part in (chel, soto, qqwing, pillay, krivanek):
        part(rep)
    rep.write(time.monotonic() - started)
    print(f"reproduce: wrote {rep.out}", file=sys.stderr)


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as error:
        print(f"reproduce: {error}", file=sys.stderr)
        sys.exit(1)
