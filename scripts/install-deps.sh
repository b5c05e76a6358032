#!/usr/bin/env bash
# Installs the Debian 12 packages Puzzle Workbench needs, only those that are missing.
# Usage: scripts/install-deps.sh [--no-gui] [--clang]
#   --no-gui  the core and the CLI only, without Qt
#   --clang   also Debian's clang 14 with its sanitizer and libFuzzer runtimes (the asan, fuzz and tsan presets)
set -euo pipefail
gui=1
clang=0
for option in "$@"; do
  case "$option" in
    --no-gui) gui=0 ;;
    --clang) clang=1 ;;
    *) echo "usage: scripts/install-deps.sh [--no-gui] [--clang]" >&2; exit 2 ;;
  esac
done

packages=(g++ cmake ninja-build pkg-config libcli11-dev nlohmann-json3-dev libgtest-dev libgmock-dev
          libbenchmark-dev libboost-math-dev python3 man-db bash-completion dpkg-dev)
if ((gui)); then
  packages+=(qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libqt6svg6 libgl-dev qt6-qpa-plugins xvfb xauth
            openbox xdotool x11-utils  # the window-manager test: a real desktop, key presses, window geometry
            help2man librsvg2-bin desktop-file-utils appstream
            libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev libavutil-dev ffmpeg
            python3-pil)  # python3-pil: scripts/help-illustrations.sh crops the Help pictures
fi

if ((clang)); then
  packages+=(clang-14 libclang-rt-14-dev)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "Installing: ${missing[*]}"
sudo_prefix=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "error: not root and sudo is missing; install: ${missing[*]}" >&2; exit 1; }
  sudo_prefix=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_prefix[@]}" apt-get update -qq
"${sudo_prefix[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
