#!/usr/bin/env python3
"""How far the bundled human Sudoku data can be predicted: the model's fit against the noise of the data.

    scripts/human_data_reliability.py PUZZLE_CLI [--runs N] [--folds K] [--min-solvers S] [--puzzles DIR]

The Cloud Sudoku records give, for each of 1,533 puzzles, the number of people who completed it and their
average time; the 344 puzzles of the D_TO file are all among them. An average of ten or fifteen skewed times
is a noisy figure, so a rating can agree with it only so far. This script measures that in three ways and
prints one Markdown table:
  - the two human measures against each other (D_TO, from the 2024 snapshot, and the 2025 average time, on the
    same 344 puzzles): how well one record of people predicts another;
  - `puzzle-cli calibrate` on every puzzle and on the puzzles completed by at least S people (default 20): the
    in-sample, cross-validated and held-out Spearman's rho of the simulated human solver (`human-time`);
  - the same split for the human measures' agreement;
  - a control for spread: the part of fewer solvers holds more puzzles of middling time, and a narrower spread
    alone lowers a rank correlation. So puzzles of that part are also drawn to match, one for one, the average
    times of the part of many solvers (the nearest ln time not drawn yet, from a shuffled order; 20 draws), and
    human-time with its default parameters is correlated on each part and on the draws.
If the fit is limited by what the model can express, it does not change with the number of solvers; if it is
limited by the noise of the averages, it rises where the averages rest on more people.
"""

import argparse
import csv
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile

RECORDS = "cloud_sudoku_records_20250407.csv"
DIFFICULTY = "cloud_sudoku_human_difficulty_20240415.csv"


def ranks(values):
    """Average ranks, 1-based, ties sharing the mean of their places."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(x, y):
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy)


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def write_subset(path, rows, fields):
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def calibrate(cli, path, column, runs, folds):
    out = subprocess.run([cli, "calibrate", path, "--column", column, "--runs", str(runs), "--folds", str(folds),
                          "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def rate(cli, path, runs):
    """human-time with its default parameters, by puzzle string."""
    out = subprocess.run([cli, "rate", "--metrics", "human-time", "--runs", str(runs), path], check=True,
                         capture_output=True, text=True).stdout
    lines = [line for line in out.splitlines() if not line.startswith("#")]
    return {row["puzzle"]: float(row["human-time"]) for row in csv.DictReader(lines)}


def matched_draw(pool, targets, value, rng):
    """For each target, the not yet drawn member of `pool` whose value is nearest to it."""
    pool = pool[:]
    rng.shuffle(pool)
    drawn = []
    for target in targets:
        nearest = min(range(len(pool)), key=lambda i: abs(value(pool[i]) - value(target)))
        drawn.append(pool.pop(nearest))
    return drawn


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cli", help="the puzzle-cli program")
    parser.add_argument("--runs", type=int, default=10, help="simulated solves of each puzzle (default 10)")
    parser.add_argument("--folds", type=int, default=5, help="cross-validation folds (default 5)")
    parser.add_argument("--min-solvers", type=int, default=20,
                        help="the part whose averages rest on at least this many people (default 20)")
    parser.add_argument("--puzzles", default=os.path.join(os.path.dirname(__file__), "..", "puzzles", "human"),
                        help="the folder of the two human files (default: the bundled puzzles/human)")
    args = parser.parse_args()

    records = read_rows(os.path.join(args.puzzles, RECORDS))
    difficulty = read_rows(os.path.join(args.puzzles, DIFFICULTY))
    solvers = {row["puzzle"]: int(row["n_players_completed"]) for row in records}
    average = {row["puzzle"]: float(row["avg_solve_time_s"]) for row in records}
    missing = [row["Sudoku Puzzle"] for row in difficulty if row["Sudoku Puzzle"] not in solvers]
    if missing:
        sys.exit(f"{DIFFICULTY}: {len(missing)} puzzles are not in {RECORDS}, e.g. {missing[0]}")

    many = lambda puzzle: solvers[puzzle] >= args.min_solvers
    parts = {
        "D_TO": (difficulty, "Sudoku Puzzle", list(difficulty[0].keys())),
        "avg_solve_time_s": (records, "puzzle", list(records[0].keys())),
    }
    print(f"Human data: {len(records):,} puzzles with their average time, {len(difficulty)} of them with D_TO; "
          f"{sum(many(r['puzzle']) for r in records)} and {sum(many(r['Sudoku Puzzle']) for r in difficulty)} "
          f"completed by at least {args.min_solvers} people. human-time: {args.runs} runs from seed 1, "
          f"{args.folds} folds.")
    print()
    print("| human column | puzzles | n | human measures agree (D_TO ~ average time) | human-time in sample "
          "| cross-validated | held out [95% CI] |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for column, (rows, key, fields) in parts.items():
            for label, keep in (("all", lambda p: True),
                                (f"< {args.min_solvers} solvers", lambda p: not many(p)),
                                (f">= {args.min_solvers} solvers", many)):
                chosen = [row for row in rows if keep(row[key])]
                both = [row["Sudoku Puzzle"] for row in difficulty if keep(row["Sudoku Puzzle"])]
                agree = spearman([float(r["D_TO"]) for r in difficulty if keep(r["Sudoku Puzzle"])],
                                 [average[p] for p in both])
                path = os.path.join(folder, f"{column}-{len(chosen)}.csv")
                write_subset(path, chosen, fields)
                fit = calibrate(args.cli, path, column, args.runs, args.folds)
                held = fit["held_out"]
                print(f"| {column} | {label} | {len(chosen)} | {agree:.3f} (n {len(both)}) "
                      f"| {fit['in_sample']['r']:.3f} | {fit['mean_out_of_sample']:.3f} "
                      f"| {held['r']:.3f} [{held['low']:.3f}, {held['high']:.3f}] (n {held['n']}) |")

    predicted = rate(args.cli, os.path.join(args.puzzles, RECORDS), args.runs)
    ln_time = lambda puzzle: math.log(average[puzzle])
    against_time = lambda puzzles: spearman([predicted[p] for p in puzzles], [average[p] for p in puzzles])
    few = [row["puzzle"] for row in records if not many(row["puzzle"])]
    lots = [row["puzzle"] for row in records if many(row["puzzle"])]
    rng = random.Random(1)
    draws = [against_time(matched_draw(few, lots, ln_time, rng)) for _ in range(20)]
    print()
    print("| part of the 1,533 puzzles | n | human-time (default parameters) ~ average time |")
    print("|---|---|---|")
    print(f"| >= {args.min_solvers} solvers | {len(lots)} | {against_time(lots):.3f} |")
    print(f"| < {args.min_solvers} solvers | {len(few)} | {against_time(few):.3f} |")
    print(f"| < {args.min_solvers} solvers, drawn to match the times of the first part (20 draws) | {len(lots)} "
          f"| {statistics.fmean(draws):.3f} (from {min(draws):.3f} to {max(draws):.3f}) |")


if __name__ == "__main__":
    main()
