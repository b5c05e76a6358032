#!/usr/bin/env bash
# Measures this project's exact Sudoku solver beside tdoku, on the same puzzles, in one run, and prints the
# table of the performance section of the README.
#
#   scripts/bench-peers.sh TDOKU_DIR [ROUNDS] [SECONDS]
#
# TDOKU_DIR is a checkout of tdoku (github.com/t-dillon/tdoku). It is copied to a temporary folder and built
# there with its own build script and default flags (-O3 -march=native); nothing of it enters this project.
# This project is built with the `release` preset (portable flags). Both solvers count solutions up to two
# (the uniqueness check, tdoku's benchmark default) over the same puzzle files:
#   - through a small driver linked against tdoku's library, timed exactly like bench/exact_peers times
#     ours (warm-up, then whole passes over the set until SECONDS are up; wall-clock and process CPU time);
#   - through tdoku's own benchmark program (wall clock only), as a cross-check of the driver.
# The two solvers take turns ROUNDS times (default 3) and each row keeps every solver's best round, so a
# burst of load on a shared machine costs both sides alike. The ratio is ours / tdoku's on CPU time. The
# last column times the steppable search (the solver every uniqueness check used before the band solver,
# still the `exact` algorithm's engine) in the same turns.
#
# Each row of the table is one function below (row_in_process); a later row (the whole-process CLI, the
# local-search throughput) is another such function added to ROWS.
set -euo pipefail

if [[ $# -lt 1 || ! -d "$1" ]]; then
    echo "usage: $0 TDOKU_DIR [ROUNDS] [SECONDS]   (TDOKU_DIR: a checkout of github.com/t-dillon/tdoku)" >&2
    exit 2
fi
TDOKU_SOURCE=$(cd "$1" && pwd)
ROUNDS=${2:-3}
SECONDS_PER_RUN=${3:-5}
REPO=$(cd "$(dirname "$0")/.." && pwd)
DATA=${PW_SHARED_DATA_DIR:-$REPO/../shared/data}/sudoku
for file in 17clue_first1000.txt top95.txt; do
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

# --- build this project's benchmark (release preset: portable flags)
log "building exact_peers (release preset) ..."
(cd "$REPO" && { [[ -f build/release/CMakeCache.txt ]] || cmake --preset release >/dev/null; } &&
    cmake --build --preset release --target exact_peers -j2 >/dev/null)
OURS="$REPO/build/release/bench/exact_peers"

# --- the puzzle files, comments stripped
grep -v '^#' "$DATA/17clue_first1000.txt" | head -n 1000 >"$WORK/17clue_1000.txt"
grep -v '^#' "$DATA/top95.txt" >"$WORK/top95.txt"

# best "wall,cpu" of a list of "wall,cpu" lines
best() { sort -t, -k2 -g | tail -n 1; }

# One row: the exact solver in process on one file, both solvers taking turns.
row_in_process() {
    local label=$1 file=$2 count ours="" peer="" own="" stepping=""
    count=$(wc -l <"$file")
    for ((round = 1; round <= ROUNDS; ++round)); do
        ours+=$("$OURS" --csv --limit 2 --seconds "$SECONDS_PER_RUN" --warmup 1 "$file" | cut -d, -f4,5)$'\n'
        stepping+=$("$OURS" --csv --stepping --limit 2 --seconds "$SECONDS_PER_RUN" --warmup 1 "$file" | cut -d, -f4,5)$'\n'
        peer+=$("$WORK/tdoku_rate" 2 "$SECONDS_PER_RUN" 1 "$file" | cut -d, -f4,5)$'\n'
        own+=$("$WORK/tdoku/build/run_benchmark" -c1 -s tdoku -r0 -n "$count" -t "$SECONDS_PER_RUN" -w 1 "$file" |
            tail -n 1 | cut -d, -f6)$'\n'
    done
    local oursBest peerBest ownBest steppingBest
    oursBest=$(printf '%s' "$ours" | best)
    steppingBest=$(printf '%s' "$stepping" | best)
    peerBest=$(printf '%s' "$peer" | best)
    ownBest=$(printf '%s' "$own" | sort -g | tail -n 1)
    awk -v label="$label" -v o="$oursBest" -v p="$peerBest" -v own="$ownBest" -v st="$steppingBest" 'BEGIN {
        split(o, a, ","); split(p, b, ","); split(st, c, ",");
        printf "| %s | %.0f k/s (wall %.0f k/s) | tdoku %.0f k/s (wall %.0f k/s; its own benchmark %.0f k/s) | %.2f (wall %.2f) | %.0f k/s, ratio %.2f |\n",
            label, a[2] / 1000, a[1] / 1000, b[2] / 1000, b[1] / 1000, own / 1000, a[2] / b[2], a[1] / b[1], c[2] / 1000, c[2] / b[2] }'
}

ROWS=(
    "row_in_process 'exact, 17-clue (1,000), in process, uniqueness check' '$WORK/17clue_1000.txt'"
    "row_in_process 'exact, top95, in process, uniqueness check' '$WORK/top95.txt'"
)

echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
OUR_COMPILER=$(sed -n 's/^CMAKE_CXX_COMPILER:[^=]*=//p' "$REPO/build/release/CMakeCache.txt")
echo "This project: release preset ($("$OUR_COMPILER" --version | head -n 1), -O3, portable: no -march);" \
    "tdoku: its default build ($TDOKU_FLAGS). Best of $ROUNDS turns of ${SECONDS_PER_RUN} s each; puzzles/s of CPU time."
echo
echo "| measure | this project | peer | ratio | before: stepping search |"
echo "|---|---|---|---|---|"
for row in "${ROWS[@]}"; do eval "$row"; done
