#!/usr/bin/env bash
# Installs the build into a temporary prefix with `cmake --install` and checks the tree as a user meets it:
# both programs report their version and find the puzzle library under that prefix (not the source tree), the
# CLI solves a bundled puzzle from there, the manual pages list every subcommand and option, and the desktop
# files and icons validate. Usage: installed_tree_test.sh CMAKE BUILD_DIR VERSION GUI(1|0)
set -uo pipefail
cmake=$1
build=$2
version=$3
gui=$4
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
failures=0
passes=0
check() {  # check DESCRIPTION COMMAND...: passes when the command succeeds
  local description=$1
  shift
  if "$@"; then
    passes=$((passes + 1))
  else
    echo "FAIL: $description"
    failures=$((failures + 1))
  fi
}

"$cmake" --install "$build" --prefix "$prefix" >/dev/null || { echo "FAIL: cmake --install"; exit 1; }
library=$prefix/share/puzzle-workbench/puzzles
cli=$prefix/bin/puzzle-cli

for file in bin/puzzle-cli share/puzzle-workbench/puzzles/sudoku/famous_hard.csv \
            share/puzzle-workbench/puzzles/nurikabe/janko_sample.txt share/man/man1/puzzle-cli.1.gz \
            share/bash-completion/completions/puzzle-cli; do
  check "$file is installed" test -s "$prefix/$file"
done

expected=$(printf 'puzzle-cli %s\npuzzle library: %s' "$version" "$library")
got=$("$cli" --version)
check "puzzle-cli --version exits 0" test $? -eq 0
check "puzzle-cli --version printed '$got', expected '$expected'" test "$got" = "$expected"
got=$(PUZZLE_WORKBENCH_DATA=$prefix/nowhere "$cli" --version)
check "a wrong PUZZLE_WORKBENCH_DATA is reported: '$got'" \
  grep -qF "not found (PUZZLE_WORKBENCH_DATA=$prefix/nowhere: no puzzles folder" <<<"$got"
solved=$("$cli" solve -a exact --json "$library/sudoku/famous_hard.csv")
check "solve -a exact on the installed famous_hard.csv" test "$(grep -c '"status":"solved"' <<<"$solved")" -ge 3

# The manual page as man shows it: every subcommand, and every option of each.
page=$(MANWIDTH=200 man -l "$prefix/share/man/man1/puzzle-cli.1.gz" 2>&1)
check "man puzzle-cli renders" grep -q '^SUBCOMMANDS' <<<"$page"
mapfile -t subcommands < <("$cli" --help | sed -n '/^Subcommands:/,$ s/^  \([a-z][a-z-]*\) .*/\1/p')
check "puzzle-cli --help lists subcommands" test "${#subcommands[@]}" -ge 8
for subcommand in "${subcommands[@]}"; do
  check "man puzzle-cli has a section for '$subcommand'" grep -qx "   $subcommand" <<<"$page"
  for option in $("$cli" "$subcommand" --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p' | grep -v '^--help'); do
    check "man puzzle-cli names '$subcommand $option'" grep -qF -- "$option" <<<"$page"
  done
done
check "man puzzle-cli names --version" grep -qF -- "--version" <<<"$page"

if [[ $gui == 1 ]]; then
  workbench=$prefix/bin/puzzle-workbench
  got=$(QT_QPA_PLATFORM=offscreen "$workbench" --version 2>/dev/null)
  check "puzzle-workbench --version exits 0" test $? -eq 0
  expected=$(printf 'puzzle-workbench %s\npuzzle library: %s' "$version" "$library")
  check "puzzle-workbench --version printed '$got', expected '$expected'" test "$got" = "$expected"
  # The window does not open on a library it was told to use but cannot find.
  error=$(PUZZLE_WORKBENCH_DATA=$prefix/nowhere QT_QPA_PLATFORM=offscreen "$workbench" \
            --screenshot "$prefix/shot.png" 2>&1 >/dev/null)
  check "puzzle-workbench exits 2 on a wrong PUZZLE_WORKBENCH_DATA" test $? -eq 2
  check "puzzle-workbench names the wrong PUZZLE_WORKBENCH_DATA: '$error'" \
    grep -qF "PUZZLE_WORKBENCH_DATA=$prefix/nowhere: no puzzles folder at $prefix/nowhere/puzzles" <<<"$error"
  page=$(MANWIDTH=200 man -l "$prefix/share/man/man1/puzzle-workbench.1.gz" 2>&1)
  for option in --open --algorithm --run --screenshot --version PUZZLE_WORKBENCH_DATA; do
    check "man puzzle-workbench names $option" grep -qF -- "$option" <<<"$page"
  done
  for size in 16 22 24 32 48 64 128 256 512; do
    icon=$prefix/share/icons/hicolor/${size}x${size}/apps/puzzle-workbench.png
    # A PNG's width and height are the big-endian words at bytes 16 and 20.
    check "$icon is a ${size}x${size} PNG" \
      test "$(od -An -tu4 --endian=big -j16 -N8 "$icon" 2>/dev/null | xargs)" = "$size $size"
  done
  check "the scalable icon is installed" test -s "$prefix/share/icons/hicolor/scalable/apps/puzzle-workbench.svg"
  check "the desktop entry validates" desktop-file-validate "$prefix/share/applications/puzzle-workbench.desktop"
  # The metainfo with the desktop entry and icon it names, as a software centre's index reads them.
  check "appstreamcli validate-tree" appstreamcli validate-tree --no-net "$prefix"
fi

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
