#!/usr/bin/env bash
# desktop-file-validate exits 0 on warnings and hints; an entry passes here only when it reports nothing.
# Usage: validate_desktop_entry.sh DESKTOP_FILE_VALIDATE FILE
set -uo pipefail
report=$("$1" "$2" 2>&1)
status=$?
if [[ $status -ne 0 || -n $report ]]; then
  echo "FAIL: $2 (exit status $status):"
  echo "$report"
  exit 1
fi
echo "$2: valid"
