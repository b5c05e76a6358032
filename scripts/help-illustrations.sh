#!/usr/bin/env bash
# The pictures of Help ▸ Getting started (resources/help/*.png, compiled into the app): parts of real
# screenshots of the window on a 1024x768 screen, cropped, scaled and reduced to 96 colours so that each stays
# a few tens of kilobytes. Retake them after a change of the window's layout.
# Usage: scripts/help-illustrations.sh [BUILD_DIR]   (default build/ci; needs xvfb-run and python3-pil)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/ci}
workbench=$build/app/puzzle-workbench
cli=$build/app/puzzle-cli
out=resources/help
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

screen() {  # FILE OPTIONS...: the whole window on a 1024x768 screen
  local file=$1
  shift
  xvfb-run -a -s "-screen 0 1024x768x24" "$workbench" "$@" --screenshot "$file" 2>/dev/null
}
# The first launch's annealing 4 s into its run: the board, the charts, the toolbar and the algorithm panel.
screen "$work/window.png" --run --after-ms 4000
# The Compare view on a small bench: sa, tabu and sa with t0=5 on three famous hard puzzles.
head -4 puzzles/sudoku/famous_hard.csv > "$work/three.csv"
"$cli" bench "$work/three.csv" -a sa,tabu,sa --param 'sa#2.t0=5' --runs 4 --max-evaluations 2000000 --jobs 2 \
  --seed 1 --out "$work/bench" >/dev/null 2>&1
screen "$work/compare.png" --compare "$work/bench" --after-ms 2000

/usr/bin/python3 - "$work" "$out" <<'PYTHON'  # Debian's Python, which python3-pil is for
import sys
from PIL import Image

work, out = sys.argv[1], sys.argv[2]

def save(source, box, name, width):
    """Crops box (left, top, right, bottom) of the screenshot, scales it to `width` and keeps 96 colours."""
    part = Image.open(f"{work}/{source}").convert("RGB").crop(box)
    if part.width != width:
        part = part.resize((width, round(part.height * width / part.width)), Image.LANCZOS)
    part.quantize(colors=96, method=Image.Quantize.FASTOCTREE).save(f"{out}/{name}", optimize=True)
    print(f"{out}/{name}")

save("window.png", (0, 56, 312, 296), "choose-algorithm.png", 312)  # the Algorithm tab: choice and description
save("window.png", (0, 22, 770, 50), "run-controls.png", 616)        # Run, Pause, Step, its grain, the speed
save("window.png", (313, 56, 1024, 620), "watch-a-run.png", 480)     # the board and the charts mid-run
save("compare.png", (380, 15, 1024, 750), "compare.png", 420)        # the Compare view: tabs and convergence
PYTHON
