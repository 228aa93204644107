#!/usr/bin/env bash
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
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod a+rwx "$tmp"  # apt downloads as its sandbox user _apt when run as root
(cd "$tmp" && apt-get download "openssl:arm64=$version" >/dev/null)
mkdir -p "$dest"
dpkg -x "$tmp"/openssl_*_arm64.deb "$dest"
echo "arm64 openssl $version unpacked to $dest/usr/bin/openssl"
