#!/usr/bin/env python3
"""Nothing lost when `puzzle-cli bench` is killed: SIGKILL at random moments, 50 times, each time resuming the
same bench. After every kill, config.json and summary.csv are absent or whole (they are written atomically) and
runs.jsonl holds whole run lines plus at most one partial last line (which the next resume cuts off). In the end
the resumed bench equals one made without interruption: the same run lines, compared sorted and without the
timing field.

Usage: bench_kill_test.py PUZZLE_CLI PUZZLE_FILE [KILLS]"""
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TIMING_FIELDS = {"seconds"}


def bench_command(cli, puzzles, out):
    # Deterministic: step budgets only (no clock), so a run's result depends on its seed alone.
    return [cli, "bench", "-a", "sa,tabu,backtracking", "--runs", "6", "--seed", "5", "--max-steps", "20000",
            "--jobs", "2", "--out", out, puzzles]


def comparable_runs(directory):
    lines = []
    with open(os.path.join(directory, "runs.jsonl"), encoding="utf-8") as f:
        for line in f:
            run = json.loads(line)
            for field in TIMING_FIELDS:
                run.pop(field, None)
            lines.append(json.dumps(run, sort_keys=True))
    return sorted(lines)


def check_whole(directory, reference_config, kill):
    where = f"after kill {kill}"
    config = os.path.join(directory, "config.json")
    if os.path.exists(config):
        with open(config, encoding="utf-8") as f:
            text = f.read()
        if text != reference_config:
            sys.exit(f"{where}: config.json is torn or differs:\n{text[:400]}")
    summary = os.path.join(directory, "summary.csv")
    if os.path.exists(summary):
        with open(summary, encoding="utf-8") as f:
            text = f.read()
        if not text.startswith("configuration,") or not text.endswith("\n"):
            sys.exit(f"{where}: summary.csv is torn:\n{text[-400:]}")
    runs = os.path.join(directory, "runs.jsonl")
    if os.path.exists(runs):
        with open(runs, encoding="utf-8") as f:
            text = f.read()
        whole, _, partial = text.rpartition("\n")
        for number, line in enumerate(whole.split("\n") if whole else [], start=1):
            try:
                json.loads(line)
            except json.JSONDecodeError:
                sys.exit(f"{where}: runs.jsonl:{number}: a torn line in the middle of the file: {line[:200]}")
        if partial:
            try:
                json.loads(partial)
                sys.exit(f"{where}: runs.jsonl: a whole last line without its newline")
            except json.JSONDecodeError:
                pass  # a line cut by the kill: the next resume drops it


def main():
    cli, puzzles = sys.argv[1], sys.argv[2]
    kills = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    rng = random.Random(int(os.environ.get("PW_KILL_SEED", "23")))
    work = tempfile.mkdtemp(prefix="pw_bench_kill_")
    try:
        reference = os.path.join(work, "reference")
        started = time.monotonic()
        subprocess.run(bench_command(cli, puzzles, reference), check=True, stderr=subprocess.DEVNULL)
        duration = time.monotonic() - started
        with open(os.path.join(reference, "config.json"), encoding="utf-8") as f:
            reference_config = f.read()

        killed = os.path.join(work, "killed")
        kill = 0
        cut_lines = 0
        while kill < kills:
            process = subprocess.Popen(bench_command(cli, puzzles, killed), stderr=subprocess.PIPE)
            # Early moments are where config.json is written; later ones cut runs.jsonl lines and summary.csv.
            delay = rng.uniform(0, duration * 0.6) if rng.random() < 0.8 else rng.uniform(0, 0.02)
            try:
                process.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                process.send_signal(signal.SIGKILL)
                process.wait()
            else:
                # The bench finished before the kill: start again from nothing to keep killing.
                shutil.rmtree(killed)
                continue
            process.stderr.close()
            kill += 1
            check_whole(killed, reference_config, kill)
            runs = os.path.join(killed, "runs.jsonl")
            if os.path.exists(runs) and not open(runs, "rb").read().endswith(b"\n") and os.path.getsize(runs):
                cut_lines += 1
            # Every other kill, let a resume finish part of the work so later kills find more on disk.
            if kill % 2 == 0:
                process = subprocess.Popen(bench_command(cli, puzzles, killed), stderr=subprocess.DEVNULL)
                try:
                    process.wait(timeout=duration * 0.3)
                except subprocess.TimeoutExpired:
                    process.send_signal(signal.SIGKILL)
                    process.wait()
                check_whole(killed, reference_config, kill)
        subprocess.run(bench_command(cli, puzzles, killed), check=True, stderr=subprocess.DEVNULL)
        if comparable_runs(killed) != comparable_runs(reference):
            sys.exit("the resumed bench differs from the uninterrupted one")
        with open(os.path.join(killed, "config.json"), encoding="utf-8") as f:
            if f.read() != reference_config:
                sys.exit("the resumed bench's config.json differs")
        print(f"{kills} kills ({cut_lines} cut a run line); the resumed bench equals the uninterrupted one "
              f"({len(comparable_runs(reference))} runs, {duration:.2f} s uninterrupted)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
