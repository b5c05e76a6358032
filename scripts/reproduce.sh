#!/usr/bin/env bash
# Reproduces the seed papers' tables with this project's own puzzle-cli and writes docs/reproduction.md (one
# table per paper table: the paper's numbers, ours for the literal reading, ours for the improved sibling, and
# the exact command of each row), with the Compare view's charts in docs/reproduction/.
#
#   scripts/reproduce.sh [--quick | --tiny] [--out FILE.md] [--work DIR] [--jobs N]
#
#   (none)   the papers' protocols (many hours; the report states the time)
#   --quick  fewer puzzles, runs and shorter budgets: under ten minutes on two cores
#   --tiny   a few seconds of each step; for the test that every table fills (tests/reproduce_test.py)
#
# Binaries: PUZZLE_CLI and PUZZLE_COMPARE_CHARTS (or "none"), else build/ci's, else build/release's. Without the chart
# exporter (built with the GUI) the report says the figures were not drawn. Data: PW_SHARED_DATA_DIR, default
# the repository's ../shared/data. Work folder (the bench directories; the same command on it resumes):
# --work, default build/reproduction-MODE.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
mode=full
out=$REPO/docs/reproduction.md
work=
jobs=$(nproc)
while [[ $# -gt 0 ]]; do
    case "$1" in
    --quick) mode=quick ;;
    --tiny) mode=tiny ;;
    --out) out=$2; shift ;;
    --work) work=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    -h | --help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "$0: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
work=${work:-$REPO/build/reproduction-$mode}

find_binary() {  # NAME ENVIRONMENT_VALUE
    if [[ -n "$2" ]]; then
        [[ -x "$2" ]] || { echo "$0: $2 is not an executable" >&2; exit 1; }
        echo "$2"
        return
    fi
    for preset in ci release debug; do
        if [[ -x "$REPO/build/$preset/app/$1" ]]; then
            echo "$REPO/build/$preset/app/$1"
            return
        fi
    done
}
cli=$(find_binary puzzle-cli "${PUZZLE_CLI:-}")
[[ -n "$cli" ]] || { echo "$0: no puzzle-cli built (cmake --build --preset ci --target puzzle-cli, or set PUZZLE_CLI)" >&2; exit 1; }
# PUZZLE_COMPARE_CHARTS=none: no figures, even when a build has the exporter (a build without the GUI).
charts=
[[ "${PUZZLE_COMPARE_CHARTS:-}" == none ]] || charts=$(find_binary puzzle-compare-charts "${PUZZLE_COMPARE_CHARTS:-}")
[[ -n "$charts" ]] || echo "$0: no puzzle-compare-charts built: the report will say the figures were not drawn" >&2
data=${PW_SHARED_DATA_DIR:-$REPO/../shared/data}
[[ -f "$data/sudoku/cloud_sudoku_human_difficulty_20240415.csv" ]] ||
    { echo "$0: missing $data/sudoku/cloud_sudoku_human_difficulty_20240415.csv (set PW_SHARED_DATA_DIR)" >&2; exit 1; }

mode_flag=()
[[ $mode == full ]] || mode_flag=(--$mode)
exec python3 "$REPO/scripts/reproduce.py" "${mode_flag[@]}" --cli "$cli" --charts "$charts" --data "$(cd "$data" && pwd)" \
    --work "$work" --out "$out" --jobs "$jobs"
