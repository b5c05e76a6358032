#!/usr/bin/env python3
"""A soak of the window: `puzzle-workbench --algorithm sa --run --speed max --stats` on a Sudoku without a
solution, offscreen, for SECONDS. Memory must stay flat after warm-up (RSS at exit at most 10 % above RSS at a
fifth of the run) and the window responsive (the longest event-loop stall under five seconds). With --race,
the same for a race of four annealers flat out (`--race sa,sa,sa,sa --race-pace flat`), each run on its own
thread: every run must advance, and --stats must report each one.

Usage: soak_test.py PUZZLE_WORKBENCH [SECONDS] [--race]"""
import os
import re
import subprocess
import sys

# Row 1 leaves r1c9 to a 9 that column 9 already holds: no solution, though no given repeats.
NO_SOLUTION = "12345678." + "........9" + "." * 63
MAX_GROWTH = 1.10
# The bound catches a frozen window (an event loop that stops), not jank: in CI the run at full speed shares
# two cores with the build and other tests, and the event loop may wait for a core for a few seconds.
MAX_STALL_MS = 5000.0


def main():
    race = "--race" in sys.argv
    arguments = [argument for argument in sys.argv[1:] if argument != "--race"]
    workbench = arguments[0]
    seconds = float(arguments[1]) if len(arguments) > 1 else 20
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if race:
        run = ["--race", "sa,sa,sa,sa", "--param", "sa#2.seed=2", "--param", "sa#3.seed=3", "--param", "sa#4.seed=4",
               "--race-pace", "flat", "--race-evaluations", "0"]
    else:
        run = ["--algorithm", "sa", "--seed", "1", "--speed", "max"]
    command = [workbench, "--open", NO_SOLUTION, *run, "--run", "--stats", "--time-limit", str(seconds),
               "--exit-when-finished"]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=seconds + 120)
    print(result.stdout, end="")
    if result.returncode != 0:
        sys.exit(f"puzzle-workbench exited with {result.returncode}:\n{result.stderr}")
    stats = dict(re.findall(r"(\w+)=([\d.]+)", result.stdout))
    for key in ("steps", "rss_start_kb", "rss_warm_kb", "rss_end_kb", "longest_stall_ms"):
        if key not in stats:
            sys.exit(f"--stats printed no {key}:\n{result.stdout}")
    steps = int(stats["steps"])
    if race:
        runs = [int(steps) for steps in re.findall(r"race_run=\d+ label=\S+ steps=(\d+)", result.stdout)]
        if len(runs) != 4 or min(runs) == 0 or "race_longest_stall_ms" not in stats:
            sys.exit(f"a race of four runs, each advancing, expected in --stats:\n{result.stdout}")
        steps = sum(runs)
    warm, end = int(stats["rss_warm_kb"]), int(stats["rss_end_kb"])
    stall = float(stats["longest_stall_ms"])
    if steps == 0:
        sys.exit("the run made no step")
    if end > warm * MAX_GROWTH:
        sys.exit(f"memory grew after warm-up: {warm} kB -> {end} kB (more than {MAX_GROWTH - 1:.0%})")
    if stall > MAX_STALL_MS:
        sys.exit(f"the window stalled for {stall} ms")
    print(f"soak: {steps} steps in {seconds} s; RSS {stats['rss_start_kb']} kB at start, {warm} kB after warm-up, "
          f"{end} kB at exit ({(end / warm - 1) * 100:+.1f} %); longest stall {stall} ms")


if __name__ == "__main__":
    main()
