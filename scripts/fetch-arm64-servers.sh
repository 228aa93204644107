#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Unpacks Debian's arm64 nginx and curl commands into DIR
# (default build/arm64-servers) for the emulated server test: `apt-get
# download` + `dpkg -x`, as for the arm64 openssl; `apt-get install` of
# curl:arm64 or nginx:arm64 would replace the host's commands.  Their
# libraries (libcurl4, libpcre2-8-0, libcrypt1, zlib1g for arm64) are
# multiarch packages `scripts/install-deps.sh cross` installs, which
# qemu-aarch64 -L / finds in /usr/lib/aarch64-linux-gnu.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-$root/build/arm64-servers}
if [ -x "$dest/usr/bin/curl" ] && [ -x "$dest/usr/sbin/nginx" ]; then
  echo "arm64 nginx and curl already in $dest"
  exit 0
fi
curl_version=$(dpkg-query -W -f='${Version}' libcurl4:arm64)
# shellcheck source=lib/unpack_arm64.sh
source "$root/scripts/lib/unpack_arm64.sh"
unpack_arm64_debs "$dest" "curl:arm64=$curl_version" nginx:arm64
echo "arm64 curl $curl_version and nginx unpacked to $dest"
