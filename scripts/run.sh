#!/usr/bin/env bash
# Installs what is missing, builds the release configuration and opens the workbench on the default puzzle.
# Extra arguments go to puzzle-workbench (e.g. --algorithm exact --run).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target puzzle-workbench puzzle-cli -j "$(nproc)"
exec build/release/app/puzzle-workbench "$@"
