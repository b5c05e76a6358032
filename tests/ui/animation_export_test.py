#!/usr/bin/env python3
"""`puzzle-workbench --open RECORDING.json --export-animation OUT` end to end, offscreen: a run recorded by
`puzzle-cli solve --record` is exported as a GIF, an MP4 and a WebM, and ffprobe (Debian's ffmpeg package,
installed when missing) must read each with the asked frame count, frame size and frame rate. A saved race
(two recordings and their manifest) is exported the same way, as a GIF and an MP4. Bad options
are refused with exit status 2 and a message naming the option; an unwritable path fails with status 1 and
leaves no file.

Usage: animation_export_test.py PUZZLE_WORKBENCH PUZZLE_CLI PUZZLE.csv"""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def ensure_ffprobe():
    if shutil.which("ffprobe"):
        return
    if os.geteuid() != 0:
        print("animation_export_test: skipped: ffprobe is missing and installing ffmpeg needs root", file=sys.stderr)
        sys.exit(77)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "ffmpeg"], check=True, env=env)


def probe(path):
    """(codec, width, height, frame rate, decoded frames) of the first video stream."""
    output = subprocess.run(
        ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
         "stream=codec_name,width,height,r_frame_rate,nb_read_frames", "-of", "default=noprint_wrappers=1", path],
        capture_output=True, text=True, check=True).stdout
    fields = dict(line.split("=", 1) for line in output.split())
    return fields["codec_name"], int(fields["width"]), int(fields["height"]), fields["r_frame_rate"], int(fields["nb_read_frames"])


def check_exports(opened, cases, folder, workbench, env, failures, label="", expect_stdout=None):
    """Exports `opened` (a recording or a race manifest) once per case, (file, options, codec, width, height,
    frame rate, frames), into `folder`; what ffprobe reads must be what the case asks."""
    for name, options, codec, width, height, rate, frames in cases:
        output = os.path.join(folder, name)
        result = subprocess.run([workbench, "--open", opened, "--export-animation", output, *options],
                                env=env, capture_output=True, text=True, timeout=300)
        if result.returncode != 0 or (expect_stdout and expect_stdout not in result.stdout):
            failures.append(f"{label}{name}: exit {result.returncode}: {result.stdout.strip()} {result.stderr.strip()}")
            continue
        got = probe(output)
        if got != (codec, width, height, rate, frames):
            failures.append(f"{label}{name}: expected {(codec, width, height, rate, frames)}, ffprobe read {got}")
        else:
            print(f"{label}{name}: {got}, {os.path.getsize(output)} bytes")


def main():
    workbench, cli, puzzles = sys.argv[1:4]
    ensure_ffprobe()
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)  # the export chooses the offscreen platform itself
    env.pop("DISPLAY", None)
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        single = os.path.join(directory, "escargot.csv")
        with open(puzzles, encoding="utf-8") as source, open(single, "w", encoding="utf-8") as target:
            target.writelines(source.readlines()[:2])  # the header and AI Escargot
        recording = os.path.join(directory, "run.json")
        subprocess.run([cli, "solve", "-a", "sa", "--seed", "5", "--max-steps", "30000", "--record", recording, single],
                       check=True, capture_output=True)

        def export(output, *options):
            return subprocess.run([workbench, "--open", recording, "--export-animation", output, *options],
                                  env=env, capture_output=True, text=True, timeout=300)

        # (file, options, codec, width, height, frame rate, frames)
        cases = [
            ("run.gif", ["--fps", "8", "--size", "320x240", "--duration", "3"], "gif", 320, 240, "8/1", 24),
            ("run.mp4", ["--fps", "12", "--size", "480x270", "--steps-per-frame", "1000"], "h264", 480, 270, "12/1", 31),
            ("run.webm", ["--fps", "10", "--size", "400x300", "--evaluations-per-frame", "7500"], "vp9", 400, 300, "10/1", 5),
        ]
        check_exports(recording, cases, directory, workbench, env, failures)

        # A saved race: two runs' recordings and the manifest naming them, exported from the Race view.
        race_dir = os.path.join(directory, "race")
        os.mkdir(race_dir)
        for name, algorithm in (("race-1-sa.json", "sa"), ("race-2-tabu.json", "tabu")):
            subprocess.run([cli, "solve", "-a", algorithm, "--seed", "5", "--max-evaluations", "40000", "--record",
                            os.path.join(race_dir, name), single], check=True, capture_output=True)
        manifest = os.path.join(race_dir, "race.json")
        with open(manifest, "w", encoding="utf-8") as out:
            json.dump({"format": "puzzle-workbench-race", "format_version": 1, "pace": "fair",
                       "runs": [{"label": "sa", "recording": "race-1-sa.json"},
                                {"label": "tabu", "recording": "race-2-tabu.json"}]}, out)
        race_cases = [
            ("race.gif", ["--fps", "5", "--size", "640x480", "--duration", "2"], "gif", 640, 480, "5/1", 10),
            ("race.mp4", ["--fps", "10", "--size", "800x600", "--evaluations-per-frame", "5000"], "h264", 800, 600, "10/1", 10),
        ]
        check_exports(manifest, race_cases, race_dir, workbench, env, failures, "race ", "a race of 2 runs")
        result = subprocess.run([workbench, "--open", manifest, "--export-animation", os.path.join(race_dir, "bad.gif"),
                                 "--steps-per-frame", "100"], env=env, capture_output=True, text=True, timeout=300)
        if result.returncode != 1 or "--evaluations-per-frame" not in result.stderr:
            failures.append(f"race by steps per frame: exit {result.returncode}: {result.stderr.strip()}")
        shutil.rmtree(race_dir)

        # Refused options: (options, words the message must hold)
        refused = [
            (["--size", "320x241"], "--size"), (["--size", "100x100"], "160x120 to 3840x2160"),
            (["--size", "wide"], "--size"), (["--fps", "0"], "1 to 60"), (["--fps", "61"], "--fps"),
            (["--duration", "0"], "--duration"), (["--steps-per-frame", "0"], "--steps-per-frame"),
            (["--duration", "5", "--steps-per-frame", "10"], "exclude each other"),
        ]
        for options, words in refused:
            output = os.path.join(directory, "refused.gif")
            result = export(output, *options)
            if result.returncode != 2 or words not in result.stderr or os.path.exists(output):
                failures.append(f"{options}: expected exit 2 naming '{words}', got {result.returncode}: {result.stderr.strip()}")
        result = export(os.path.join(directory, "run.avi"))
        if result.returncode != 2 or ".gif, .mp4 or .webm" not in result.stderr:
            failures.append(f"unknown extension: exit {result.returncode}: {result.stderr.strip()}")
        result = subprocess.run([workbench, "--fps", "10"], env=dict(env, QT_QPA_PLATFORM="offscreen"),
                                capture_output=True, text=True, timeout=60)
        if result.returncode != 2 or "--export-animation" not in result.stderr:
            failures.append(f"--fps alone: exit {result.returncode}: {result.stderr.strip()}")
        missing = os.path.join(directory, "no", "such", "dir", "run.gif")
        result = export(missing)
        if result.returncode != 1 or "does not exist" not in result.stderr or os.path.exists(missing):
            failures.append(f"unwritable path: exit {result.returncode}: {result.stderr.strip()}")
        leftovers = [name for name in os.listdir(directory) if name not in ("escargot.csv", "run.json") +
                     tuple(case[0] for case in cases)]
        if leftovers:
            failures.append(f"files left behind: {leftovers}")
    if failures:
        sys.exit("\n".join(failures))
    print("animation export: GIF, MP4 and WebM read back as asked; bad options refused")


if __name__ == "__main__":
    main()
