#!/usr/bin/env python3
"""Nothing lost when a program is killed while it writes a file, with the kill landing inside the write.

Two programs write through the project's atomic writer: `puzzle-workbench --open REC --export-animation OUT.gif`
(the window's export) and `puzzle-cli solve --record REC` (saveRecording, the writer behind the window's Save run
recording). Each is run over an older file and SIGKILLed while it writes: the test polls /proc/PID/fd every
0.1 ms until the program holds a file open for writing in the target's folder (the writer's unnamed temporary,
which /proc shows as "FOLDER/#INODE (deleted)"), waits a random delay of up to 0.1 ms more, stops the program
(SIGSTOP, so that /proc then shows what the kill meets), notes whether that file is still open, and SIGKILLs it.
A write lasts 0.1 to 10 ms here; a run whose write ends before the poll sees it is not killed, and is counted
apart.

After each kill the target must be byte-equal to the old file or to an uninterrupted write of the same input, and
the old one whenever the writer's file was still open at the kill (an atomic writer touches the target only once
its file is complete). Nothing may stay beside it but a complete temporary, which a kill in the writer's instant
between naming its temporary and renaming it over the target leaves (and the next write of the file removes,
tests/atomic_write_test.cpp). Kills go on until at least half of the asked number have landed inside the write
(on a machine whose disk syncs fast, a short write is often over before the kill lands); the test fails when that
takes more than ten times the asked number of runs.

Usage: export_kill_test.py PUZZLE_WORKBENCH PUZZLE_CLI PUZZLE.csv [KILLS]
KILLS kills of the export (10 by default) and four times as many of the recording, whose runs are ten times
shorter."""
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

FRAMES = 40  # --fps 10 --duration 4
# Between two looks at /proc, and the longest extra delay before a kill. A write lasts 0.1 to 10 ms here (almost
# all of it fsync); a poller that sleeps is woken at once on a busy machine, where one that spins is preempted for
# milliseconds at a time.
POLL_PAUSE = 0.0001


def frame_count(path):
    """Frames ffprobe decodes from `path`, or None without ffprobe."""
    if not shutil.which("ffprobe"):
        return None
    result = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                             "stream=nb_read_frames", "-of", "default=noprint_wrappers=1:nokey=1", path],
                            capture_output=True, text=True)
    return int(result.stdout.strip()) if result.returncode == 0 and result.stdout.strip().isdigit() else -1


def complete_gif(data, path):
    if not (data.startswith(b"GIF89a") and data.endswith(b"\x3b")):
        return False
    frames = frame_count(path)
    return frames is None or frames == FRAMES


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def files_open_for_writing(pid, folder):
    """The files in `folder` that process `pid` has open for writing: while the atomic writer writes, its unnamed
    temporary "FOLDER/#INODE (deleted)" (an in-place writer would show the target itself)."""
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:  # the process has ended
        return []
    files = []
    for fd in fds:
        try:
            path = os.readlink(f"/proc/{pid}/fd/{fd}")
            if os.path.dirname(path) != folder:
                continue
            with open(f"/proc/{pid}/fdinfo/{fd}", encoding="ascii") as info:
                flags = next(int(line.split()[1], 8) for line in info if line.startswith("flags:"))
        except (OSError, StopIteration):  # the file was closed meanwhile
            continue
        if flags & os.O_ACCMODE != os.O_RDONLY:
            files.append(path)
    return files


def stop(pid):
    """SIGSTOPs `pid` and waits until each of its threads has stopped or the process has ended, so that /proc then
    shows what a SIGKILL meets. A thread inside a system call (fsync) stops when the call returns."""
    os.kill(pid, signal.SIGSTOP)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            states = []
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/stat", encoding="utf-8", errors="replace") as stat:
                    states.append(stat.read().rpartition(")")[2].split()[0])
        except OSError:  # a thread ended meanwhile
            continue
        if all(state in "TZX" for state in states):
            return
        time.sleep(POLL_PAUSE)
    raise RuntimeError(f"process {pid} did not stop within 60 s")


def kill_while_writing(command, env, folder, delay):
    """Starts `command`, polls until it has a file open for writing in `folder`, waits `delay` s more and kills it.
    Returns the files it still had open for writing at the kill ([] when the write had ended), or None when the
    program ended without being killed because its write was too short for the poll to see."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while process.poll() is None and not files_open_for_writing(process.pid, folder):
        time.sleep(POLL_PAUSE)
    if process.returncode is not None:
        return None
    time.sleep(delay)
    stop(process.pid)
    open_files = files_open_for_writing(process.pid, folder)
    process.kill()
    process.wait()
    return open_files


def kill_inside_writes(name, command, env, target, old, new, kills, rng, failures):
    """Kills `command` `kills` times inside its write of `target` over the `old` content; `new` is what an
    uninterrupted run writes. Appends what went wrong to `failures` and prints the counts."""
    started = time.monotonic()
    folder = os.path.dirname(target)
    base = os.path.basename(target)
    expected = set(os.listdir(folder))
    killed = inside = unseen = 0
    kept = {"old": 0, "new": 0, "complete temporary": 0}
    wanted_inside = (kills + 1) // 2
    while (killed < kills or inside < wanted_inside) and killed + unseen < 10 * kills:
        write(target, old)
        delay = rng.uniform(0.0, POLL_PAUSE)
        open_files = kill_while_writing(command, env, folder, delay)
        data = read(target)
        if open_files is None:
            unseen += 1
            if data != new:
                failures.append(f"{name}: a run that ended by itself left {base} without the new content")
            continue
        killed += 1
        inside += bool(open_files)
        moment = "inside the write" if open_files else "after the write"
        where = f"{name} kill {killed} ({moment}, {delay * 1000:.3f} ms after the poll saw it)"
        if data == old:
            kept["old"] += 1
        elif data == new:
            kept["new"] += 1
        else:
            failures.append(f"{where}: {base} is torn ({len(data)} bytes)")
        if open_files and data != old:
            failures.append(f"{where}: the writer still had {open_files} open, yet {base} is no longer the old file")
        for leftover in sorted(set(os.listdir(folder)) - expected):
            path = os.path.join(folder, leftover)
            # The writer names its complete temporary ".TARGET.PID.N" just before renaming it over TARGET.
            if leftover.startswith("." + base + ".") and read(path) == new:
                kept["complete temporary"] += 1
            else:
                failures.append(f"{where}: left {leftover}")
            os.remove(path)
    print(f"{name}: killed inside the write: {inside} of {killed}; old file {kept['old']}, new file {kept['new']}, "
          f"complete temporary left by a kill between naming and renaming {kept['complete temporary']}; "
          f"{unseen} more runs ended before the poll saw their write; {time.monotonic() - started:.1f} s")
    if killed < kills:
        failures.append(f"{name}: only {killed} of {killed + unseen} runs were seen writing and killed")
    if inside < wanted_inside:
        failures.append(f"{name}: only {inside} of {killed} kills landed inside the write, {wanted_inside} wanted")


def main():
    workbench, cli, puzzles = sys.argv[1:4]
    kills = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    rng = random.Random(23)
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)  # the export chooses the offscreen platform itself
    env.pop("DISPLAY", None)
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        directory = os.path.realpath(directory)  # as /proc/PID/fd shows it
        single = os.path.join(directory, "escargot.csv")
        with open(puzzles, encoding="utf-8") as source, open(single, "w", encoding="utf-8") as target:
            target.writelines(source.readlines()[:2])  # the header and AI Escargot
        recording = os.path.join(directory, "run.json")
        solve = [cli, "solve", "-a", "sa", "--seed", "5", "--max-steps", "300000", "--record", recording, single]
        subprocess.run(solve, check=True, capture_output=True)
        recorded = read(recording)

        # The animation export: an older, shorter GIF, then the export that replaces it.
        out = os.path.join(directory, "out.gif")
        export = [workbench, "--open", recording, "--export-animation", out, "--size", "640x480", "--fps", "10"]
        subprocess.run(export + ["--duration", "1"], env=env, check=True, capture_output=True, timeout=300)
        old_gif = read(out)
        subprocess.run(export + ["--duration", "4"], env=env, check=True, capture_output=True, timeout=300)
        new_gif = read(out)
        if not complete_gif(new_gif, out):
            failures.append("the uninterrupted export is not a complete GIF of %d frames" % FRAMES)
        kill_inside_writes("export", export + ["--duration", "4"], env, out, old_gif, new_gif, kills, rng, failures)

        # The recording writer, killed over an older recording.
        stale = b'{"old": "recording"}\n'
        kill_inside_writes("recording", solve, env, recording, stale, recorded, 4 * kills, rng, failures)
    if failures:
        sys.exit("\n".join(failures))


if __name__ == "__main__":
    main()
