#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Unpacks Debian's arm64 `openssl` command into DIR (default build/arm64-openssl)
# for the emulated CLI tests: `apt-get download` + `dpkg -x`, never
# `apt-get install openssl:arm64` (that would replace the host's x86 openssl).
# Its libcrypto/libssl come from libssl3:arm64 (installed with libssl-dev:arm64,
# found by qemu-aarch64 -L / through /usr/lib/aarch64-linux-gnu).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-$root/build/arm64-openssl}
if [ -x "$dest/usr/bin/openssl" ]; then
  echo "arm64 openssl already at $dest/usr/bin/openssl"
  exit 0
fi
version=$(dpkg-query -W -f='${Version}' libssl3:arm64)
# shellcheck source=lib/unpack_arm64.sh
source "$root/scripts/lib/unpack_arm64.sh"
unpack_arm64_debs "$dest" "openssl:arm64=$version"
echo "arm64 openssl $version unpacked to $dest/usr/bin/openssl"
