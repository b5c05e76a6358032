#!/usr/bin/env bash
# Builds the tsan preset (clang 14, -fsanitize=thread, the GUI on) and runs the tests whose code runs on more
# than one thread: the runner's stop and pause, the event sinks, the bench and rating thread pool, the CLI's
# bench, and every offscreen window test (solver worker, run controller, replay, Compare, Generate).
# A race is a failure (halt_on_error); tests/tsan.supp lists only reports from inside Qt, each with its reason.
# Usage: scripts/tsan.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --clang
cmake --preset tsan >/dev/null
cmake --build --preset tsan -j "$(nproc)" --target core_tests puzzle-cli puzzle-workbench ui_tests \
  generate_dialog_tests replay_ui_tests compare_view_tests
# Qt's offscreen platform and the tests' own timeouts are tuned for uninstrumented speed; TSan is ~5-15x slower.
export QT_QPA_PLATFORM=offscreen
ctest --preset tsan -j "$(nproc)" -R '^(RunnerTest|BenchTest|BenchCliTest|RatingTest|EventSinksTest|DeterminismTest)\.'
ctest --preset tsan -j "$(nproc)" -L ui --timeout 900
