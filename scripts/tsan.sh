#!/usr/bin/env bash
# Builds the tsan preset (clang 14, -fsanitize=thread, the GUI on) and runs, under ThreadSanitizer, the tests
# whose code runs on more than one thread: the runner's stop and pause, the event sinks, a recording's
# cancellable load, the bench and rating thread pools and the threads they share, the CLI's bench and its
# result-writer thread, and the offscreen window tests (solver worker, run controller, replay, race, Compare,
# Generate, hand solving, step back, lessons).
# The core and CLI test programs and every window test program are built (ui_test_programs). Left out of the
# runs: the soaks (the live run, the race of four, the replay) and the process tests (animation_export,
# export_kill), which measure speed or drive other programs, the classroom checks (paced runs timed against the
# clock) and the window-manager test (a real X server, not the offscreen window), and the few window checks
# named below.
# A race is a failure (halt_on_error); tests/tsan.supp lists only Qt's hand-overs and Qt's own memory traffic,
# each with its reason.
# Usage: scripts/tsan.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --clang
cmake --preset tsan >/dev/null
cmake --build --preset tsan -j "$(nproc)" --target core_tests cli_tests puzzle-cli ui_test_programs
# The window tests' TIMEOUT is raised in the tsan tree (tests/ui/CMakeLists.txt): TSan is ~5-15x slower.
ctest --preset tsan -j "$(nproc)" -R '^(RunnerTest|EventSinksTest|RunTimelineTest|BenchTest|RatingTest|ParallelForTest|ParallelInOrderTest|BenchCliTest|BenchShardsTest|CliInterruptTest)\.|^CliTest\.(SolvesALiteralPuzzleAsJson|RejectedPuzzlesDoNotStopTheOthers|RatesPuzzlesAsCsvTheSameWithAnyNumberOfJobs|CheckWritesTheSameLinesWithAnyNumberOfJobs|SolveWritesTheSameResultsWithAnyNumberOfJobs)$'
# The window tests. Qt's own calls are not checked (tests/tsan.supp), and then TSan 14 cannot follow a
# QProcess's clone: the checks that launch the workbench or the CLI as a program run in the ordinary suite only,
# as do the two checks of wall-clock pace that TSan's slowness breaks (not a race): the paced run's move-by-move
# animation and the library's 30 s wait for its background solution counts.
ctest --preset tsan -j "$(nproc)" -L ui \
  -E '^(workbench_soak|workbench_race_soak|replay_soak|animation_export|export_kill|ui_tests|run_state_machine_tests|explained_window_tests|classroom_tests|classroom_tests_large_screen|window_manager_test)$'
export QT_QPA_PLATFORM=offscreen
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/tests/tsan.supp"
run_window_tests() {  # BINARY SKIPPED_FUNCTIONS (names joined by |)
  local all functions name
  mapfile -t all < <(build/tsan/tests/ui/"$1" -functions | sed 's/()$//')
  # A renamed check must not slip back in unnoticed: every name skipped is one of the binary's.
  for name in ${2//|/ }; do
    printf '%s\n' "${all[@]}" | grep -qx "$name" || { echo "$0: $1 has no test function $name" >&2; return 1; }
  done
  mapfile -t functions < <(printf '%s\n' "${all[@]}" | grep -vxE "$2")
  build/tsan/tests/ui/"$1" "${functions[@]}" >"build/tsan/$1.log" 2>&1 || { tail -n 80 "build/tsan/$1.log"; return 1; }
  grep '^Totals' "build/tsan/$1.log"
}
run_window_tests run_state_machine_tests chartsGrowPointByPointWhenPacedAndStayBoundedFlatOut &
state_machine=$!
run_window_tests ui_tests 'slowRunIsPacedAndAnimatedMoveByMove|libraryCountsSolutionsAndOpensPuzzles|screenshotHookWritesTheWindowAsTheRunLeftIt|launchOptionsWorkThroughTheBinary|moreLaunchOptionsWorkThroughTheBinary|badCommandLineExitsWithAMessage'
wait "$state_machine"
# Run until against the CLI trace and the --stats runs launch programs; F10 and the menu are checked here.
run_window_tests explained_window_tests 'everyAlgorithmIsExplainedAtFiveStepsPerSecond|runUntilPausesOnTheTracedStep'
