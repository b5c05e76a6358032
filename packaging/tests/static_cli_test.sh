#!/usr/bin/env bash
# The fully static puzzle-cli needs nothing from the machine it runs on (no program interpreter, no shared
# library, so no glibc version) and gives the results of the dynamic build: the same solve --json and the same
# bench runs apart from their timing. Usage: static_cli_test.sh PUZZLE_CLI_STATIC PUZZLE_CLI PUZZLES.csv
set -euo pipefail
static=$1
dynamic=$2
puzzles=$3
fail() { echo "FAIL: $*" >&2; exit 1; }

headers=$(readelf -lW "$static")
grep -q "INTERP" <<< "$headers" && fail "$static asks for a program interpreter (it is not static)"
dynamic_section=$(readelf -dW "$static")
grep -q "NEEDED" <<< "$dynamic_section" && fail "$static needs shared libraries: $(grep NEEDED <<< "$dynamic_section")"
# The oldest kernel glibc's static start-up accepts, from the ABI note: RHEL 8 runs 4.18.
abi=$(readelf -nW "$static" | sed -n 's/.*OS: Linux, ABI: \([0-9.]*\).*/\1/p')
[[ -n "$abi" ]] || fail "no Linux ABI note in $static"
[[ "$(printf '%s\n4.18.0\n' "$abi" | sort -V | tail -1)" == "4.18.0" ]] || fail "needs Linux $abi, newer than 4.18"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -3 "$puzzles" > "$work/puzzles.csv"
for cli in "$static" "$dynamic"; do
  name=$(basename "$cli")
  "$cli" solve -a sa --seed 4 --max-steps 20000 --json "$work/puzzles.csv" | sed 's/"seconds":[0-9.e+-]*,//' > "$work/$name.solve"
  "$cli" bench -a sa,tabu --runs 2 --max-evaluations 20000 --jobs 2 --out "$work/$name.bench" "$work/puzzles.csv" 2>/dev/null
  sed 's/"seconds":[0-9.e+-]*,//' "$work/$name.bench/runs.jsonl" | sort > "$work/$name.runs"
done
cmp -s "$work/$(basename "$static").solve" "$work/$(basename "$dynamic").solve" || fail "solve --json differs"
cmp -s "$work/$(basename "$static").runs" "$work/$(basename "$dynamic").runs" || fail "the bench runs differ"
[[ -s "$work/$(basename "$static").runs" ]] || fail "the bench wrote no runs"
echo "PASS: $static is static (Linux >= $abi) and gives the dynamic build's results"
