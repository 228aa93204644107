#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds armaccel's Debian packages with CPack from existing build trees:
#   scripts/package.sh [PRESET...]     (default: release, and aarch64 if built)
# writes build/release/package/armaccel_<version>_amd64.deb and
# build/aarch64/package/armaccel_<version>_arm64.deb (the build directory's
# package/ folder) and prints each path.  Build the presets first:
#   cmake --preset release && cmake --build --preset release
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
presets=("$@")
if [ ${#presets[@]} -eq 0 ]; then
  presets=(release)
  [ -f "$root/build/aarch64/CPackConfig.cmake" ] && presets+=(aarch64)
fi
for p in "${presets[@]}"; do
  dir=$root/build/$p
  if [ ! -f "$dir/CPackConfig.cmake" ]; then
    echo "package.sh: $dir is not a configured build (cmake --preset $p && cmake --build --preset $p)" >&2
    exit 1
  fi
  cmake --build "$dir" >/dev/null  # the module, armaccel-info and the compressed docs
  (cd "$dir" && cpack -G DEB >/dev/null)
  ls "$dir"/package/armaccel_*.deb
done
