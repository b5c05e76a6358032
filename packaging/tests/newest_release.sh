#!/usr/bin/env bash
# The AppStream entry's newest release (the first <release>) must be the project version, so a version bump
# without a release entry fails. Usage: newest_release.sh METAINFO_FILE VERSION
set -uo pipefail
newest=$(grep -o '<release version="[^"]*"' "$1" | head -n 1 | sed 's/.*version="\([^"]*\)"/\1/')
if [[ $newest != "$2" ]]; then
  echo "FAIL: the newest <release> in $1 is '$newest', the project version is '$2'"
  exit 1
fi
echo "newest release $newest is the project version"
