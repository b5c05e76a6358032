#!/usr/bin/env bash
# Screenshots of the window at classroom sizes, into docs/screenshots/classroom/: 1024x768, 1280x720, a
# 1920x1080 screen at QT_SCALE_FACTOR=1.5 (1280x720 logical pixels) and presentation mode on a 1280x720
# screen; for simulated annealing, genetic programming and the Compare view (on a small bench made here), and
# the Compare view's run-length tab once. Then the manual's annealing.png and gp.png (docs/screenshots/) on a
# 1440x900 screen.
# Usage: scripts/classroom-screenshots.sh [BUILD_DIR]   (default build/ci; needs xvfb-run)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/ci}
workbench=$build/app/puzzle-workbench
cli=$build/app/puzzle-cli
out=docs/screenshots/classroom
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A small bench for the Compare view: sa, tabu and sa with t0=5 on three famous hard puzzles.
head -4 puzzles/sudoku/famous_hard.csv > "$work/three.csv"
"$cli" bench "$work/three.csv" -a sa,tabu,sa --param 'sa#2.t0=5' --runs 4 --max-evaluations 2000000 --jobs 2 \
  --seed 1 --out "$work/bench" >/dev/null 2>&1

# Sato and Inoue's "difficult 28": genetic programming needs a few generations for it, so its charts show them.
difficult=5.......99..8.5..63..9.7..5....9.....9..1..2..38...94.4.......2..35.96....24.13..

shot() {  # NAME SCREEN SCALE [OPTIONS...]
  local name=$1 screen=$2 scale=$3
  shift 3
  QT_SCALE_FACTOR=$scale xvfb-run -a -s "-screen 0 ${screen}x24" "$workbench" "$@" --screenshot "$out/$name.png" \
    2>/dev/null
  echo "$out/$name.png"
}

for size in 1024x768 1280x720 scale1.5 presentation; do
  screen=$size scale=1 extra=()
  case $size in
    scale1.5) screen=1920x1080 scale=1.5 ;;
    presentation) screen=1280x720 extra=(--presentation) ;;
  esac
  shot "sa_$size" "$screen" "$scale" --algorithm sa --seed 1 --run --speed max --after-ms 6000 "${extra[@]}"
  shot "gp_$size" "$screen" "$scale" --open "$difficult" --algorithm gp --seed 3 --run --speed max --after-ms 8000 \
    "${extra[@]}"
  shot "compare_$size" "$screen" "$scale" --compare "$work/bench" --after-ms 2000 "${extra[@]}"
done
# The run-length distribution: the share of runs solved by each number of evaluations, on a log axis.
shot compare_run_length_1280x720 1280x720 1 --compare "$work/bench" --compare-tab run-length --after-ms 2000

# The pictures of docs/manual/window.md.
out=docs/screenshots
pillay=4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5
escargot=1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..
# Annealing on Pillay's Figure 1, flat out, seed 3: the last-swap heat map, cost parts, temperature.
shot annealing 1440x900 1 --open "$pillay" --algorithm sa --seed 3 --run --speed max --after-ms 6000
# Genetic programming on AI Escargot, seed 2, 1,000 generations/s: the best program replayed move by move.
shot gp 1440x900 1 --open "$escargot" --algorithm gp --seed 2 --run --speed 1000 --after-ms 9000
