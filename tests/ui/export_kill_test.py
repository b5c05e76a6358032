#!/usr/bin/env python3
"""Nothing lost when the window is killed while it writes a file. `puzzle-workbench --open REC
--export-animation OUT.gif` is SIGKILLed at random moments of an export over an older OUT.gif: after each
kill OUT.gif is the old file or a complete new one (the GIF trailer, and ffprobe's frame count when ffprobe is
there), and no temporary is left beside it. The same for a run recording: `puzzle-cli solve --record` writes it
with saveRecording, the writer behind the window's Save run recording, and is killed over an older recording.

Usage: export_kill_test.py PUZZLE_WORKBENCH PUZZLE_CLI PUZZLE.csv [KILLS]"""
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

FRAMES = 40  # --fps 10 --duration 4


def frame_count(path):
    """Frames ffprobe decodes from `path`, or None without ffprobe."""
    if not shutil.which("ffprobe"):
        return None
    result = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                             "stream=nb_read_frames", "-of", "default=noprint_wrappers=1:nokey=1", path],
                            capture_output=True, text=True)
    return int(result.stdout.strip()) if result.returncode == 0 and result.stdout.strip().isdigit() else -1


def complete_gif(path):
    with open(path, "rb") as f:
        data = f.read()
    if not (data.startswith(b"GIF89a") and data.endswith(b"\x3b")):
        return False
    frames = frame_count(path)
    return frames is None or frames == FRAMES


def run_and_kill(command, env, delay):
    """Starts `command`, SIGKILLs it after `delay` s unless it ended before; True when it was killed."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        process.wait(timeout=delay)
        return False
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        process.wait()
        return True


def leftovers(directory, expected):
    return sorted(name for name in os.listdir(directory) if name not in expected)


def main():
    workbench, cli, puzzles = sys.argv[1:4]
    kills = int(sys.argv[4]) if len(sys.argv) > 4 else 6
    rng = random.Random(23)
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)  # the export chooses the offscreen platform itself
    env.pop("DISPLAY", None)
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        single = os.path.join(directory, "escargot.csv")
        with open(puzzles, encoding="utf-8") as source, open(single, "w", encoding="utf-8") as target:
            target.writelines(source.readlines()[:2])  # the header and AI Escargot
        recording = os.path.join(directory, "run.json")
        solve = [cli, "solve", "-a", "sa", "--seed", "5", "--max-steps", "300000", "--record", recording, single]
        subprocess.run(solve, check=True, capture_output=True)
        with open(recording, "rb") as f:
            recorded = f.read()

        # The old file, then the export that replaces it, timed whole so that kills land all over it.
        out = os.path.join(directory, "out.gif")
        export = [workbench, "--open", recording, "--export-animation", out, "--size", "640x480", "--fps", "10"]
        subprocess.run(export + ["--duration", "1"], env=env, check=True, capture_output=True, timeout=300)
        with open(out, "rb") as f:
            old = f.read()
        start = time.monotonic()
        subprocess.run(export + ["--duration", "4"], env=env, check=True, capture_output=True, timeout=300)
        whole = time.monotonic() - start
        if not complete_gif(out):
            failures.append("the uninterrupted export is not a complete GIF of %d frames" % FRAMES)
        expected = {"escargot.csv", "run.json", "out.gif"}

        seen = {"old": 0, "new": 0}
        for kill in range(kills):
            with open(out, "wb") as f:
                f.write(old)
            delay = rng.uniform(0.05, whole * 1.05)
            killed = run_and_kill(export + ["--duration", "4"], env, delay)
            with open(out, "rb") as f:
                data = f.read()
            if data == old:
                seen["old"] += 1
            elif complete_gif(out):
                seen["new"] += 1
            else:
                failures.append(f"kill {kill + 1} at {delay:.2f} s: out.gif is torn ({len(data)} bytes)")
            if leftovers(directory, expected):
                failures.append(f"kill {kill + 1} at {delay:.2f} s (killed: {killed}): left {leftovers(directory, expected)}")
                for name in leftovers(directory, expected):
                    os.remove(os.path.join(directory, name))
        print(f"export: {kills} kills over {whole:.1f} s exports; old file {seen['old']}, new file {seen['new']}")

        # The recording writer: killed over an older recording, which it must leave or replace whole.
        solve_seconds = 0.0
        start = time.monotonic()
        subprocess.run(solve, check=True, capture_output=True)
        solve_seconds = time.monotonic() - start
        stale = b'{"old": "recording"}\n'
        kept = {"old": 0, "new": 0}
        for kill in range(kills):
            with open(recording, "wb") as f:
                f.write(stale)
            delay = rng.uniform(0.0, solve_seconds * 1.5)
            run_and_kill(solve, env, delay)
            with open(recording, "rb") as f:
                data = f.read()
            if data == stale:
                kept["old"] += 1
            elif data == recorded:
                kept["new"] += 1
            else:
                failures.append(f"recording kill {kill + 1} at {delay:.3f} s: torn ({len(data)} bytes)")
            if leftovers(directory, expected):
                failures.append(f"recording kill {kill + 1}: left {leftovers(directory, expected)}")
        print(f"recording: {kills} kills over {solve_seconds:.2f} s solves; old file {kept['old']}, new file {kept['new']}")
    if failures:
        sys.exit("\n".join(failures))


if __name__ == "__main__":
    main()
