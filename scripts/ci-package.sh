#!/usr/bin/env bash
# Builds the Debian package from an already built tree, installs it with apt as a user would, checks the
# installed programs (the CLI solves a bundled puzzle it finds through its installed data directory, the window
# opens under Xvfb and takes a screenshot), then purges the package and checks that none of its files stay.
# Usage: scripts/ci-package.sh BUILD_DIR   (e.g. build/ci, built by scripts/test.sh ci)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: scripts/ci-package.sh BUILD_DIR}
sudo_prefix=()
[[ $(id -u) -eq 0 ]] || sudo_prefix=(sudo)
export DEBIAN_FRONTEND=noninteractive

fail() {
  echo "ci-package: $*" >&2
  exit 1
}

# A package left by an earlier, interrupted run would hide what this one installs.
if dpkg-query -W -f='${Status}' puzzle-workbench 2>/dev/null | grep -q "ok installed"; then
  "${sudo_prefix[@]}" apt-get purge -y -qq puzzle-workbench >/dev/null
fi

rm -f "$build"/puzzle-workbench_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/puzzle-workbench_*.deb)
echo "package: $deb ($(stat -c %s "$deb") bytes)"
dpkg-deb -f "$deb" Depends

"${sudo_prefix[@]}" apt-get install -y -qq "./$deb" >/dev/null
mapfile -t files < <(dpkg -L puzzle-workbench)

version=$(/usr/bin/puzzle-cli --version)
echo "$version"
[[ $version == "puzzle-cli $(dpkg-query -W -f='${Version}' puzzle-workbench)"* ]] || fail "puzzle-cli --version: $version"
library=$(sed -n 's/^puzzle library: //p' <<<"$version")
[[ $library == /usr/share/puzzle-workbench/puzzles ]] || fail "puzzle-cli found the library at '$library'"
solved=$(cd / && puzzle-cli solve -a exact --json "$library/sudoku/famous_hard.csv")
count=$(grep -c '"status":"solved"' <<<"$solved" || true)
echo "solve -a exact on $library/sudoku/famous_hard.csv: $count of $(wc -l <<<"$solved") solved"
[[ $count -ge 1 && $count -eq $(wc -l <<<"$solved") ]] || fail "the installed CLI did not solve the bundled puzzles"
man -w puzzle-cli >/dev/null && man -w puzzle-workbench >/dev/null || fail "man cannot find the manual pages"

window_version=$(QT_QPA_PLATFORM=offscreen puzzle-workbench --version 2>/dev/null)
[[ $window_version == *"puzzle library: /usr/share/puzzle-workbench/puzzles" ]] ||
  fail "puzzle-workbench --version: $window_version"
shot=$(mktemp --suffix=.png)
(cd / && xvfb-run -a -s "-screen 0 1280x800x24" puzzle-workbench --screenshot "$shot" --after-ms 1500)
size=$(stat -c %s "$shot")
echo "installed window screenshot: $size bytes"
rm -f "$shot"
[[ $size -gt 20000 ]] || fail "the installed window's screenshot is too small to show it"

"${sudo_prefix[@]}" apt-get purge -y -qq puzzle-workbench >/dev/null
! dpkg-query -W -f='${Status}' puzzle-workbench 2>/dev/null | grep -q "installed" || fail "the package is still installed"
left=0
for file in "${files[@]}"; do
  # Folders such as /usr/share/icons/hicolor belong to other packages too; the package's own must be gone.
  if [[ -e $file && ! -d $file ]] || [[ -d $file && $file == */puzzle-workbench* ]]; then
    echo "left behind: $file" >&2
    left=$((left + 1))
  fi
done
((left == 0)) || fail "$left of the package's ${#files[@]} paths stayed after the purge"
echo "package installed, checked and purged: ${#files[@]} paths, none left"
