#!/usr/bin/env bash
# Measures this project's exact Sudoku solver beside tdoku, on the same puzzles, in one run, and prints the
# table of docs/performance.md, "Speed against peers".
#
#   scripts/bench-peers.sh TDOKU_DIR [ROUNDS] [SECONDS]
#
# TDOKU_DIR is a checkout of tdoku (github.com/t-dillon/tdoku). It is copied to a temporary folder and built
# there with its own build script and default flags (-O3 -march=native); nothing of it enters this project.
# This project is built with the `release` preset (portable flags). Both solvers solve the same puzzle files
# (17-clue, top95, magictour top1465, the forum's hardest), each twice: to the first solution, and counting up
# to two (the uniqueness check, tdoku's benchmark default):
#   - through a small driver linked against tdoku's library, timed exactly like bench/exact_peers times
#     ours (warm-up, then whole passes over the set until SECONDS are up; wall-clock and process CPU time);
#   - through tdoku's own benchmark program (wall clock only, uniqueness only), as a cross-check of the driver.
# The two solvers take turns ROUNDS times (default 3) and each row keeps every solver's best round, so a
# burst of load on a shared machine costs both sides alike. The ratio is ours / tdoku's on CPU time. The
# last column times the steppable search (the `exact` algorithm's engine, which the window animates and
# `solve -a exact` runs) in the same turns.
#
# The whole-process rows time complete processes (wall clock, and user + system CPU time to the millisecond),
# the two sides taking turns ROUNDS times, each keeping its best:
#   - `puzzle-cli solve -a exact --json` and `puzzle-cli check --json` over 20,000 isomorphs of the 17-clue
#     puzzles (made here, deterministically: digits relabelled, rows permuted within bands and columns within
#     stacks, by a seeded generator), against a small driver of tdoku's library that reads the same file and
#     prints each solution (solve) or each count up to two (check);
#   - simulated annealing in Lewis's design through `puzzle-cli solve -a sa --param schedule=lewis` on AI
#     Escargot against bench/sa_reference, a standalone annealer of the same design: 40,000,000 proposals
#     each (the CLI in 10 runs of seeds 1..10, ending early when they solve), proposals per CPU second;
#   - the window flat out against the headless CLI: one annealing run of 10^8 steps on a grid without a
#     solution, steps per second of wall-clock time (docs/performance.md, "Measuring"); PW_BENCH_WINDOW=0 leaves it out.
# Rows without a peer: the window's memory with a long recording, opened and exported (with the window row);
# exact Nurikabe over all 1,107 validated Janko puzzles (one thread, 1 s a puzzle: how
# many are solved, in how long, the slowest), and `bench` with 2 jobs against 1 on short runs (wall clock).
# PW_BENCH_PRESET names the build preset (default release). Each row is one function below, listed in ROWS.
set -euo pipefail

if [[ $# -lt 1 || ! -d "$1" ]]; then
    echo "usage: $0 TDOKU_DIR [ROUNDS] [SECONDS]   (TDOKU_DIR: a checkout of github.com/t-dillon/tdoku)" >&2
    exit 2
fi
TDOKU_SOURCE=$(cd "$1" && pwd)
ROUNDS=${2:-3}
SECONDS_PER_RUN=${3:-5}
PRESET=${PW_BENCH_PRESET:-release}
WINDOW_ROW=${PW_BENCH_WINDOW:-1}
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$REPO/build/$PRESET
DATA=${PW_SHARED_DATA_DIR:-$REPO/../shared/data}/sudoku
for file in 17clue_first1000.txt top95.txt magictour_top1465.txt forum_hardest_1905_11plus_first500.txt \
    ../nurikabe/janko_nurikabe_validated.txt; do
    [[ -f "$DATA/$file" ]] || { echo "$0: missing $DATA/$file (set PW_SHARED_DATA_DIR)" >&2; exit 1; }
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
log() { echo "$*" >&2; }

# --- build tdoku in the temporary folder, with its own script and defaults
log "building tdoku in $WORK/tdoku ..."
mkdir "$WORK/tdoku"
# the sources without any earlier build or the git metadata
tar -C "$TDOKU_SOURCE" --exclude=./build --exclude=./.git -cf - . | tar -C "$WORK/tdoku" -xf -
(cd "$WORK/tdoku" && ./BUILD.sh run_benchmark >"$WORK/tdoku-build.log" 2>&1 &&
    ./BUILD.sh tdoku_static >>"$WORK/tdoku-build.log" 2>&1) ||
    { cat "$WORK/tdoku-build.log" >&2; exit 1; }
TDOKU_FLAGS=$({ "$WORK/tdoku/build/run_benchmark" -h 2>&1 || true; } | sed -n 's/^build info: //p')

# The driver: tdoku's public entry point, timed like bench/exact_peers.
cat >"$WORK/tdoku_rate.c" <<'EOF'
#include "tdoku.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(clockid_t clock) { struct timespec t; clock_gettime(clock, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: tdoku_rate LIMIT SECONDS WARMUP FILE\n"); return 2; }
    size_t limit = (size_t)atoi(argv[1]);
    double seconds = atof(argv[2]), warmup = atof(argv[3]);
    FILE *in = fopen(argv[4], "r");
    if (!in) { perror(argv[4]); return 1; }
    size_t count = 0, capacity = 1024;
    /* 82 bytes a puzzle: tdoku reads a 729-character pencil-mark puzzle when the 82nd byte is printable */
    char *puzzles = calloc(capacity, 82), line[1024];
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (count == capacity) puzzles = realloc(puzzles, (capacity *= 2) * 82);
        memcpy(puzzles + count * 82, line, 81);
        puzzles[count * 82 + 81] = '\0';
        ++count;
    }
    fclose(in);
    if (!count) { fprintf(stderr, "%s: no puzzles\n", argv[4]); return 1; }
    char solution[81];
    size_t guesses, solved = 0;
    double start = now(CLOCK_MONOTONIC);
    do {
        for (size_t i = 0; i < count; ++i)
            if (!TdokuSolverDpllTriadSimd(puzzles + i * 82, limit, 0, solution, &guesses)) {
                fprintf(stderr, "%s: puzzle %zu has no solution\n", argv[4], i + 1);
                return 1;
            }
    } while (now(CLOCK_MONOTONIC) - start < warmup);
    double cpu = now(CLOCK_PROCESS_CPUTIME_ID), wall;
    start = now(CLOCK_MONOTONIC);
    do {
        for (size_t i = 0; i < count; ++i) TdokuSolverDpllTriadSimd(puzzles + i * 82, limit, 0, solution, &guesses);
        solved += count;
        wall = now(CLOCK_MONOTONIC) - start;
    } while (wall < seconds);
    cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    printf("%s,%zu,%zu,%.1f,%.1f\n", argv[4], count, limit, solved / wall, solved / cpu);
    return 0;
}
EOF
gcc -O3 -I"$WORK/tdoku/include" "$WORK/tdoku_rate.c" "$WORK/tdoku/build/libtdoku_static.a" -lstdc++ -lm \
    -o "$WORK/tdoku_rate"

# The whole-process driver: reads a puzzle file, prints each solution (LIMIT 1) or each count up to LIMIT.
cat >"$WORK/tdoku_whole.c" <<'EOF'
#include "tdoku.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: tdoku_whole LIMIT FILE\n"); return 2; }
    size_t limit = (size_t)atoi(argv[1]), guesses;
    FILE *in = fopen(argv[2], "r");
    if (!in) { perror(argv[2]); return 1; }
    static char out[1 << 16];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    char line[1024], puzzle[82], solution[82];
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        memcpy(puzzle, line, 81);
        puzzle[81] = '\0';
        size_t count = TdokuSolverDpllTriadSimd(puzzle, limit, 0, solution, &guesses);
        if (limit == 1) { solution[81] = '\n'; fwrite(count ? solution : puzzle, 1, 82, stdout); }
        else printf("%zu\n", count);
    }
    fclose(in);
    return 0;
}
EOF
gcc -O3 -I"$WORK/tdoku/include" "$WORK/tdoku_whole.c" "$WORK/tdoku/build/libtdoku_static.a" -lstdc++ -lm \
    -o "$WORK/tdoku_whole"

# --- build this project's programs (release preset: portable flags)
TARGETS=(exact_peers puzzle-cli sa_reference)
if [[ $WINDOW_ROW == 1 ]]; then TARGETS+=(puzzle-workbench); fi
log "building ${TARGETS[*]} ($PRESET preset) ..."
(cd "$REPO" && { [[ -f $BUILD/CMakeCache.txt ]] || cmake --preset "$PRESET" >/dev/null; } &&
    cmake --build "$BUILD" --target "${TARGETS[@]}" -j2 >/dev/null)
OURS="$BUILD/bench/exact_peers"
CLI="$BUILD/app/puzzle-cli"

# --- the puzzle files, comments stripped
grep -v '^#' "$DATA/17clue_first1000.txt" | head -n 1000 >"$WORK/17clue_1000.txt"
grep -v '^#' "$DATA/top95.txt" >"$WORK/top95.txt"
grep -v '^#' "$DATA/magictour_top1465.txt" >"$WORK/top1465.txt"
grep -v '^#' "$DATA/forum_hardest_1905_11plus_first500.txt" >"$WORK/hardest500.txt"
NURIKABE=$DATA/../nurikabe/janko_nurikabe_validated.txt
# 20,000 isomorphs of the 17-clue puzzles: puzzle i mod 1,000 with its digits relabelled, rows permuted within
# the bands and columns within the stacks (Python's seeded generator: the same file on every machine)
python3 - "$WORK/17clue_1000.txt" 20000 24 >"$WORK/17clue_iso20000.txt" <<'EOF'
import random, sys
source, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
puzzles = [line.strip()[:81] for line in open(source) if line.strip()]
def within_groups():
    order = []
    for group in range(3):
        lines = [3 * group, 3 * group + 1, 3 * group + 2]
        rng.shuffle(lines)
        order += lines
    return order
for i in range(count):
    puzzle = puzzles[i % len(puzzles)]
    digits = list('123456789')
    rng.shuffle(digits)
    relabel = dict(zip('123456789', digits), **{'0': '.', '.': '.'})
    rows, columns = within_groups(), within_groups()
    print(''.join(relabel[puzzle[9 * r + c]] for r in rows for c in columns))
EOF
ESCARGOT=1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..

# best "wall,cpu" of a list of "wall,cpu" lines
best() { sort -t, -k2 -g | tail -n 1; }

# One row: the exact solver in process on one file, both solvers taking turns, counting solutions up to LIMIT
# (1: the first solution; 2: the uniqueness check). tdoku's own benchmark program, which always checks
# uniqueness, cross-checks the driver in the rows of limit 2.
row_in_process() {
    local label=$1 file=$2 limit=$3 count ours="" peer="" own="" stepping=""
    count=$(wc -l <"$file")
    for ((round = 1; round <= ROUNDS; ++round)); do
        ours+=$("$OURS" --csv --limit "$limit" --seconds "$SECONDS_PER_RUN" --warmup 1 "$file" | cut -d, -f4,5)$'\n'
        stepping+=$("$OURS" --csv --stepping --limit "$limit" --seconds "$SECONDS_PER_RUN" --warmup 1 "$file" | cut -d, -f4,5)$'\n'
        peer+=$("$WORK/tdoku_rate" "$limit" "$SECONDS_PER_RUN" 1 "$file" | cut -d, -f4,5)$'\n'
        if [[ $limit == 2 ]]; then
            own+=$("$WORK/tdoku/build/run_benchmark" -c1 -s tdoku -r0 -n "$count" -t "$SECONDS_PER_RUN" -w 1 "$file" |
                tail -n 1 | cut -d, -f6)$'\n'
        fi
    done
    local oursBest peerBest ownBest steppingBest
    oursBest=$(printf '%s' "$ours" | best)
    steppingBest=$(printf '%s' "$stepping" | best)
    peerBest=$(printf '%s' "$peer" | best)
    ownBest=$(printf '%s' "$own" | sort -g | tail -n 1)
    awk -v label="$label" -v o="$oursBest" -v p="$peerBest" -v own="$ownBest" -v st="$steppingBest" 'BEGIN {
        split(o, a, ","); split(p, b, ","); split(st, c, ",");
        cross = own == "" ? "" : sprintf("; its own benchmark %.0f k/s", own / 1000);
        printf "| %s | %.0f k/s (wall %.0f k/s) | tdoku %.0f k/s (wall %.0f k/s%s) | %.2f (wall %.2f) | %.0f k/s, ratio %.2f |\n",
            label, a[2] / 1000, a[1] / 1000, b[2] / 1000, b[1] / 1000, cross, a[2] / b[2], a[1] / b[1], c[2] / 1000, c[2] / b[2] }'
}

# "wall,cpu" seconds of one whole process, its standard output discarded, to the millisecond (its own rusage
# from wait4: user + system time; the hundredths /usr/bin/time prints are too coarse for a process of 0.05 s)
timed() {
    python3 -c 'import os, subprocess, sys, time
start = time.monotonic()
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(process.pid, 0)
wall = time.monotonic() - start
if status != 0:
    sys.exit(f"{sys.argv[1]} failed with status {status}")
print(f"{wall:.4f},{usage.ru_utime + usage.ru_stime:.4f}")' "$@"
}
# the line with the fewest CPU seconds of a list of "wall,cpu" lines
fastest() { sort -t, -k2 -g | head -n 1; }

# One row: two whole processes doing the same COUNT units of work, taking turns; rates per CPU second.
#   row_whole LABEL UNIT COUNT PEER_NAME OUR_COMMAND... -- PEER_COMMAND...
row_whole() {
    local label=$1 unit=$2 count=$3 peerName=$4 ours="" peer="" split
    shift 4
    local -a our=() theirs=()
    for ((split = 1; split <= $#; ++split)); do [[ ${!split} == -- ]] && break; done
    our=("${@:1:split-1}")
    theirs=("${@:split+1}")
    for ((round = 1; round <= ROUNDS; ++round)); do
        ours+=$(timed "${our[@]}")$'\n'
        peer+=$(timed "${theirs[@]}")$'\n'
    done
    awk -v label="$label" -v unit="$unit" -v n="$count" -v name="$peerName" \
        -v o="$(printf '%s' "$ours" | fastest)" -v p="$(printf '%s' "$peer" | fastest)" 'BEGIN {
        split(o, a, ","); split(p, b, ",");
        printf "| %s | %.0f k %s/s (%.3f s CPU, %.3f s wall) | %s %.0f k %s/s (%.3f s CPU, %.3f s wall) | %.2f (wall %.2f) | |\n",
            label, n / a[2] / 1000, unit, a[2], a[1], name, n / b[2] / 1000, unit, b[2], b[1], b[2] / a[2], b[1] / a[1] }'
}

# The annealing row: 40,000,000 proposals each. The reference restarts with the next seed whenever it solves;
# the CLI makes 10 runs (seeds 1..10) of at most 4,000,000 proposals, and its rate counts the proposals made.
row_annealing() {
    local proposals=40000000 runs=10 ours="" peer="" steps
    local -a solve=("$CLI" solve -a sa --param schedule=lewis --seed 1 --runs $runs --max-steps $((proposals / runs))
        --json "$ESCARGOT")
    for ((round = 1; round <= ROUNDS; ++round)); do
        ours+=$(timed "${solve[@]}")$'\n'
        peer+=$(timed "$BUILD/bench/sa_reference" $proposals "$ESCARGOT" 1)$'\n'
    done
    steps=$("${solve[@]}" | sed 's/.*"steps":\([0-9]*\).*/\1/' | awk '{ s += $1 } END { print s }')
    awk -v n="$proposals" -v steps="$steps" -v o="$(printf '%s' "$ours" | fastest)" \
        -v p="$(printf '%s' "$peer" | fastest)" 'BEGIN {
        split(o, a, ","); split(p, b, ",");
        printf "| SA (Lewis) through the CLI, AI Escargot, %.0f M proposals | %.1f M/s (%.2f s CPU) | bench/sa_reference %.1f M/s (%.2f s CPU) | %.2f | the CLI made %s proposals |\n",
            n / 1e6, steps / a[2] / 1e6, a[2], n / b[2] / 1e6, b[2], (steps / a[2]) / (n / b[2]), steps }'
}

# The window flat out against the headless CLI: one annealing run of 10^8 steps on a grid without a solution,
# steps per wall-clock second (the window's own figure; the CLI's whole process), the median of each side.
row_window() {
    local grid window="" headless="" seconds
    grid=12345678.........9$(printf '.%.0s' {1..63})
    for ((round = 1; round <= ROUNDS; ++round)); do
        window+=$(QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} "$BUILD/app/puzzle-workbench" --open "$grid" \
            --algorithm sa --seed 1 --run --speed max --step-limit 100000000 --stats --exit-when-finished |
            sed -n 's/.* steps_per_second=\([0-9.]*\) .*/\1/p' | head -n 1)$'\n'
        seconds=$(timed "$CLI" solve -a sa --seed 1 --max-steps 100000000 --json "$grid" | cut -d, -f1)
        headless+=$(awk -v s="$seconds" 'BEGIN { printf "%.0f", 1e8 / s }')$'\n'
    done
    median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
    awk -v w="$(printf '%s' "$window" | median)" -v h="$(printf '%s' "$headless" | median)" 'BEGIN {
        printf "| sa flat out, 10^8 steps, wall clock: the window against the headless CLI | %.1f M/s | headless %.1f M/s | %.2f | medians of the turns |\n",
            w / 1e6, h / 1e6, w / h }'
}

# Exact Nurikabe on every validated Janko puzzle, one thread, a budget of 1 s a puzzle (#41's target: each
# within it, all within 30 s); no peer. The solutions are checked against the file's own.
row_nurikabe() {
    local file=$NURIKABE
    "$CLI" solve -a exact --seed 1 --time-limit 1 --jobs 1 --json "$file" >"$WORK/nurikabe.jsonl"
    python3 - "$WORK/nurikabe.jsonl" <<'PY'
import json, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
solved = [r for r in runs if r["status"] == "solved" and r.get("matches_known", True)]
slowest = max(runs, key=lambda r: r["seconds"])
unsolved = [r["id"] for r in runs if r not in solved]
print(f"| exact Nurikabe, all {len(runs):,} Janko puzzles, one thread, 1 s a puzzle | {len(solved):,} solved in "
      f"{sum(r['seconds'] for r in runs):.1f} s; slowest {slowest['id']} {slowest['seconds']:.2f} s | no peer | "
      f"target: every one, each <= 1 s, all <= 30 s | unsolved: {', '.join(unsolved) or 'none'} |")
PY
}

# bench with 2 jobs against 1 on short runs: backtracking, 8 runs of each top95 puzzle (760 runs of about a
# millisecond), whole processes taking turns, each into a new directory; the ratio of the fastest walls.
row_bench_scaling() {
    local one="" two="" jobs
    for ((round = 1; round <= ROUNDS; ++round)); do
        for jobs in 1 2; do
            rm -rf "$WORK/bench$jobs"
            local line
            line=$(timed "$CLI" bench -a backtracking --runs 8 --max-steps 200000 --seed 1 --jobs $jobs \
                --out "$WORK/bench$jobs" "$WORK/top95.txt")
            if [[ $jobs == 1 ]]; then one+=$line$'\n'; else two+=$line$'\n'; fi
        done
    done
    shortestWall() { sort -t, -k1 -g | head -n 1; }
    awk -v a="$(printf '%s' "$one" | shortestWall)" -v b="$(printf '%s' "$two" | shortestWall)" 'BEGIN {
        split(a, x, ","); split(b, y, ",");
        printf "| bench, backtracking, 8 runs of each top95 puzzle: 2 jobs against 1 | %.3f s wall with 2 jobs | %.3f s with 1 job | %.2f | target 1.8 (two cores) |\n",
            y[1], x[1], x[1] / y[1] }'
}

# A long recording in the window: annealing for 1.4e8 steps on the grid without a solution (10,555,641 events)
# opened and seeked 100 times (tests/soak_test.py --replay: peak memory, seek times); then exported, and a run a
# tenth as long exported, as a 20 s video of 1280x720 at 25 fps (peak memory of the whole process). No peer:
# #41 asks for the long recording to open in at most 250 MB and the export's peak not to grow with the run.
row_timeline_memory() {
    local grid soak tenth long
    grid=12345678.........9$(printf '.%.0s' {1..63})
    soak=$(python3 "$REPO/tests/soak_test.py" --replay 140000000 "$BUILD/app/puzzle-workbench" "$CLI" | tail -n 1)
    "$CLI" solve -a sa --seed 1 --max-steps 14000000 --record "$WORK/tenth.json" "$grid" >/dev/null
    "$CLI" solve -a sa --seed 1 --max-steps 140000000 --record "$WORK/long.json" "$grid" >/dev/null
    # "events,peak kB" of one export
    exportPeak() {
        local events
        events=$(QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} /usr/bin/time -o "$WORK/export.time" -f '%M' \
            "$BUILD/app/puzzle-workbench" --open "$1" --export-animation "$WORK/export.mp4" --fps 25 --size 1280x720 \
            --duration 20 | sed -n 's/.*; \([0-9]*\) events replayed.*/\1/p')
        echo "$events,$(tail -n 1 "$WORK/export.time")"
    }
    tenth=$(exportPeak "$WORK/tenth.json")
    long=$(exportPeak "$WORK/long.json")
    echo "| timeline of 10,555,641 events (sa, 1.4e8 steps): open and 100 seeks | ${soak#replay soak: } | no peer | target: open in <= 250 MB, seeks as fast as before | |"
    awk -v t="$tenth" -v l="$long" 'BEGIN {
        split(t, a, ","); split(l, b, ",");
        printf "| export to a 20 s MP4 (1280x720, 25 fps), peak memory: %d events against %d | %.0f MB against %.0f MB | no peer | %.1f bytes a further event | |\n",
            a[1], b[1], a[2] / 1024, b[2] / 1024, (b[2] - a[2]) * 1024 / (b[1] - a[1]) }'
}

ISO="$WORK/17clue_iso20000.txt"
ROWS=(
    "row_in_process 'exact, 17-clue (1,000), in process, first solution' '$WORK/17clue_1000.txt' 1"
    "row_in_process 'exact, 17-clue (1,000), in process, uniqueness check' '$WORK/17clue_1000.txt' 2"
    "row_in_process 'exact, top95, in process, first solution' '$WORK/top95.txt' 1"
    "row_in_process 'exact, top95, in process, uniqueness check' '$WORK/top95.txt' 2"
    "row_in_process 'exact, magictour top1465, in process, first solution' '$WORK/top1465.txt' 1"
    "row_in_process 'exact, magictour top1465, in process, uniqueness check' '$WORK/top1465.txt' 2"
    "row_in_process 'exact, forum hardest (SE 11+, first 500), in process, first solution' '$WORK/hardest500.txt' 1"
    "row_in_process 'exact, forum hardest (SE 11+, first 500), in process, uniqueness check' '$WORK/hardest500.txt' 2"
    "row_whole 'exact, 20,000 17-clue isomorphs, whole process, solve -a exact --json' puzzles 20000 tdoku \"\$CLI\" solve -a exact --json \"\$ISO\" -- \"\$WORK/tdoku_whole\" 1 \"\$ISO\""
    "row_whole 'uniqueness check, the same 20,000, whole process, check --json' puzzles 20000 tdoku \"\$CLI\" check --json \"\$ISO\" -- \"\$WORK/tdoku_whole\" 2 \"\$ISO\""
    "row_annealing"
    "row_nurikabe"
    "row_bench_scaling"
)
if [[ $WINDOW_ROW == 1 ]]; then ROWS+=("row_window" "row_timeline_memory"); fi

echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
OUR_COMPILER=$(sed -n 's/^CMAKE_CXX_COMPILER:[^=]*=//p' "$BUILD/CMakeCache.txt")
echo "This project: $PRESET preset ($("$OUR_COMPILER" --version | head -n 1), -O3, portable: no -march);" \
    "tdoku: its default build ($TDOKU_FLAGS). Best of $ROUNDS turns of ${SECONDS_PER_RUN} s each; puzzles/s of CPU time."
echo
echo "| measure | this project | peer | ratio | note (in process: the stepping search of the exact algorithm) |"
echo "|---|---|---|---|---|"
for row in "${ROWS[@]}"; do eval "$row"; done
