#!/usr/bin/env bash
# Installs what is missing, builds everything (app, CLI, tests, benchmarks) and runs every test.
# Usage: scripts/test.sh [PRESET]   (default: release; CI uses "ci", which treats warnings as errors)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
scripts/install-deps.sh
cmake --preset "$preset"
cmake --build --preset "$preset" -j "$(nproc)"
ctest --preset "$preset" -j "$(nproc)"
