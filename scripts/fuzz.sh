#!/usr/bin/env bash
# Builds the fuzz preset and runs every fuzz target for SECONDS (default 20) on a copy of its seed corpus,
# so the repository's corpus is never written to. Any crash fails the script; libFuzzer leaves the input
# as crash-* in the printed folder: make it a regression test under tests/fixtures/fuzz/.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
shift || true
scripts/install-deps.sh --no-gui --clang
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"

targets=("$@")
if ((${#targets[@]} == 0)); then
  for dir in fuzz/corpus/*/; do targets+=("$(basename "$dir")"); done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=()
for target in "${targets[@]}"; do
  corpus="$work/$target"
  mkdir -p "$corpus" "$work/artifacts-$target"
  cp fuzz/corpus/"$target"/* "$corpus"/
  echo "== $target for $seconds s"
  # -rss_limit_mb: a reader that exhausts memory is a finding; -timeout: so is one that hangs on an input.
  # -len_control=0: inputs up to -max_len from the start; left to grow by itself, libFuzzer stays below 4 KB
  # for minutes and never reaches the readers' large-input paths.
  if ! build/fuzz/fuzz/"$target" "$corpus" -max_total_time="$seconds" -max_len=65536 -len_control=0 -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/artifacts-$target/" 2>"$work/$target.log"; then
    tail -n 60 "$work/$target.log"
    kept="build/fuzz/findings/$target"
    mkdir -p "$kept"
    cp "$work/artifacts-$target"/* "$kept"/ 2>/dev/null || true
    echo "$target: FAILED; inputs kept in $kept" >&2
    failed+=("$target")
    continue
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work/$target.log" | sed "s/^/  /"
done
if ((${#failed[@]} > 0)); then
  echo "fuzz targets that failed: ${failed[*]}" >&2
  exit 1
fi
echo "every fuzz target ran $seconds s without a finding"
