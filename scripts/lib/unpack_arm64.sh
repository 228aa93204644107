# SPDX-License-Identifier: Apache-2.0
# Sourced by the fetch-arm64-*.sh scripts.
# unpack_arm64_debs DEST PKG[=VERSION]...: `apt-get download` of the arm64
# packages and `dpkg -x` of each into DEST, never `apt-get install` (an
# arm64 openssl, curl or nginx installed would replace the host's command).
unpack_arm64_debs() {
  local dest=$1 tmp deb
  shift
  tmp=$(mktemp -d)
  chmod a+rwx "$tmp"  # apt downloads as its sandbox user _apt when run as root
  (cd "$tmp" && apt-get download "$@" >/dev/null) || { rm -rf "$tmp"; return 1; }
  mkdir -p "$dest"
  for deb in "$tmp"/*.deb; do dpkg -x "$deb" "$dest"; done
  rm -rf "$tmp"
}
