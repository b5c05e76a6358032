#!/usr/bin/env python3
"""A soak of the window: `puzzle-workbench --algorithm sa --run --speed max --stats` on a Sudoku without a
solution, offscreen, for SECONDS. Memory must stay flat after warm-up (RSS at exit at most 10 % above RSS at
half the run) and the window responsive (the longest event-loop stall under five seconds). With --race,
the same for a race of four annealers flat out (`--race sa,sa,sa,sa --race-pace flat`), each run on its own
thread: every run must advance, and --stats must report each one.

With --replay, the Replay instead: `puzzle-cli solve --record` records annealing for STEPS steps on the same
grid, `puzzle-workbench --open REC --stats` opens it (about one event every ten steps) and seeks 100 times across it,
forward and back. Memory must stay flat while seeking (RSS at exit at most 10 % above RSS once it is open) and
no seek may hold the window longer than five seconds.

Usage: soak_test.py PUZZLE_WORKBENCH [SECONDS] [--race]
       soak_test.py --replay STEPS PUZZLE_WORKBENCH PUZZLE_CLI"""
import os
import re
import subprocess
import sys
import tempfile
import time

# Row 1 leaves r1c9 to a 9 that column 9 already holds: no solution, though no given repeats.
NO_SOLUTION = "12345678." + "........9" + "." * 63
MAX_GROWTH = 1.10
# The bound catches a frozen window (an event loop that stops), not jank: in CI the run at full speed shares
# two cores with the build and other tests, and the event loop may wait for a core for a few seconds.
MAX_STALL_MS = 5000.0


def stats_of(stdout, keys):
    stats = dict(re.findall(r"(\w+)=([\d.]+)", stdout))
    for key in keys:
        if key not in stats:
            sys.exit(f"--stats printed no {key}:\n{stdout}")
    return stats


def replay_soak(steps, workbench, cli):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    with tempfile.TemporaryDirectory() as directory:
        recording = os.path.join(directory, "run.json")
        subprocess.run([cli, "solve", "-a", "sa", "--seed", "1", "--max-steps", str(steps), "--record", recording,
                        NO_SOLUTION], check=True, capture_output=True, timeout=600)
        shot = os.path.join(directory, "shot.png")
        start = time.monotonic()
        result = subprocess.run([workbench, "--open", recording, "--stats", "--screenshot", shot, "--after-ms", "500"],
                                env=env, capture_output=True, text=True, timeout=1800)
        seconds = time.monotonic() - start
    print(result.stdout, end="")
    if result.returncode != 0:
        sys.exit(f"puzzle-workbench exited with {result.returncode}:\n{result.stderr}")
    stats = stats_of(result.stdout, ("rss_before_seeks_kb", "rss_after_seeks_kb", "rss_peak_kb", "replay_events",
                                     "seek_max_ms"))
    events = int(stats["replay_events"])
    start_kb, end_kb = int(stats["rss_before_seeks_kb"]), int(stats["rss_after_seeks_kb"])
    seek_max = float(stats["seek_max_ms"])
    if events < steps // 100:  # annealing here sends about one event every ten steps (its moves and samples)
        sys.exit(f"the timeline holds {events} events for {steps} recorded steps")
    if end_kb > start_kb * MAX_GROWTH:
        sys.exit(f"memory grew while seeking: {start_kb} kB -> {end_kb} kB (more than {MAX_GROWTH - 1:.0%})")
    if seek_max > MAX_STALL_MS:
        sys.exit(f"a seek held the window for {seek_max} ms")
    print(f"replay soak: {events} events opened and seeked 100 times in {seconds:.1f} s; RSS {start_kb} kB before "
          f"the seeks, {end_kb} kB after, peak {stats['rss_peak_kb']} kB; longest seek {seek_max} ms, mean "
          f"{stats['seek_mean_ms']} ms")


def main():
    if sys.argv[1] == "--replay":
        return replay_soak(int(sys.argv[2]), sys.argv[3], sys.argv[4])
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
