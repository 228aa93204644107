#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fetches the OpenSSL runtimes armaccel is tested in besides the machine's
# own Debian 12 OpenSSL 3.0: the real distribution binaries of Debian 13
# (trixie, OpenSSL 3.5) and Debian unstable (sid, OpenSSL 3.6) for amd64
# and arm64, and OpenSSL 4.0 from experimental (amd64; only to check that
# armaccel refuses to load into a major version it was not built for).
#
#   scripts/fetch-runtimes.sh [NAME ...]   NAME: trixie-amd64 trixie-arm64
#                                          sid-amd64 sid-arm64 experimental-amd64
#                                          (default: all of them)
#
# Packages come from the Debian archive the machine already uses, through a
# private apt configuration under build/runtimes/apt (its own source list,
# lists and cache; the machine's apt state is not touched), are fetched with
# `apt-get download` and unpacked with `dpkg -x` into build/runtimes/NAME/.
# trixie-amd64 also gets trixie's libssl-dev: its headers are the 3.5 build
# check.  Each runtime gets a `run` launcher that runs a program of its
# architecture on that runtime's libc and libcrypto:
#   amd64: through the runtime's own loader (its libcrypto needs a newer
#          glibc than Debian 12's) with the runtime's libraries first;
#   arm64: under qemu-aarch64 -L ROOT (QEMU_CPU picks the CPU model), with
#          the lib -> usr/lib link without which qemu would quietly use the
#          host's arm64 OpenSSL 3.0.
# A runtime already unpacked (its `versions` file present) is kept; remove
# build/runtimes to fetch again.  Needs the network once.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base=${ARMACCEL_RUNTIMES_DIR:-$root/build/runtimes}
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(trixie-amd64 trixie-arm64 sid-amd64 sid-arm64 experimental-amd64)

# The packages of each runtime, as PACKAGE/SUITE (arch appended below).
packages() {  # packages NAME
  local suite=${1%-*} arch=${1##*-} libc_suite
  libc_suite=$suite
  [ "$suite" = experimental ] && libc_suite=sid  # experimental has no libc6 of its own
  case $suite in
    # No libssl3t64 here: armaccel.so (built for 3.x) then pulls in the
    # machine's own libcrypto.so.3 beside 4.0's libcrypto.so.4.
    experimental) echo "openssl/$suite libssl4/$suite" ;;
    *) echo "openssl/$suite libssl3t64/$suite" ;;
  esac
  echo "libc6/$libc_suite libzstd1/$libc_suite zlib1g/$libc_suite"
  [ "$arch" = arm64 ] && echo "libstdc++6/$libc_suite libgcc-s1/$libc_suite"
  case $1 in trixie-amd64|sid-amd64) echo "libssl-dev/$suite" ;; esac
  return 0
}

# shellcheck source=scripts/lib/private_apt.sh
source "$root/scripts/lib/private_apt.sh"
apt_dir=$base/apt
apt_opts=()

apt_ready=
prepare_apt() {
  [ -n "$apt_ready" ] && return 0
  private_apt_setup "$apt_dir"
  apt_opts=("${PRIVATE_APT_OPTS[@]}")
  local m key=/usr/share/keyrings/debian-archive-keyring.gpg
  m=$(debian_mirror debian)
  : >"$apt_dir/sources.list"
  for suite in trixie sid experimental; do
    echo "deb [signed-by=$key] $m $suite main" >>"$apt_dir/sources.list"
  done
  echo "fetch-runtimes: apt lists for trixie, sid, experimental from $m"
  apt-get "${apt_opts[@]}" -qq update
  apt_ready=1
}

write_launcher() {  # write_launcher DEST ARCH
  local dest=$1 arch=$2
  if [ "$arch" = amd64 ]; then
    cat >"$dest/run" <<EOF
#!/bin/sh
# Runs an amd64 program on this runtime's glibc and libcrypto.
exec "$dest/usr/lib64/ld-linux-x86-64.so.2" \\
  --library-path "$dest/usr/lib/x86_64-linux-gnu:/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu" "\$@"
EOF
  else
    cat >"$dest/run" <<EOF
#!/bin/sh
# Runs an arm64 program under qemu-aarch64 on this runtime's libraries
# (QEMU_CPU selects the CPU model).
exec qemu-aarch64 -L "$dest" "\$@"
EOF
  fi
  chmod +x "$dest/run"
}

for name in "${names[@]}"; do
  dest=$base/$name
  arch=${name##*-}
  case $name in
    trixie-amd64|trixie-arm64|sid-amd64|sid-arm64|experimental-amd64) ;;
    *) echo "fetch-runtimes: unknown runtime '$name'" >&2; exit 2 ;;
  esac
  if [ -f "$dest/versions" ] && [ -x "$dest/run" ]; then
    echo "fetch-runtimes: $name present ($(grep '^openssl ' "$dest/versions"))"
    continue
  fi
  prepare_apt
  tmp=$(mktemp -d)
  chmod a+rwx "$tmp"  # apt downloads as its sandbox user _apt when run as root
  specs=()
  for p in $(packages "$name"); do
    specs+=("${p%/*}:$arch/${p#*/}")
  done
  (cd "$tmp" && apt-get "${apt_opts[@]}" -qq download "${specs[@]}" >/dev/null)
  rm -rf "$dest"
  mkdir -p "$dest"
  : >"$tmp/versions"
  for deb in "$tmp"/*.deb; do
    dpkg -x "$deb" "$dest"
    dpkg-deb --showformat='${Package} ${Version}\n' -W "$deb" >>"$tmp/versions"
  done
  [ -e "$dest/lib" ] || ln -s usr/lib "$dest/lib"
  write_launcher "$dest" "$arch"
  mv "$tmp/versions" "$dest/versions"
  rm -rf "$tmp"
  echo "fetch-runtimes: $name unpacked ($(grep '^openssl ' "$dest/versions"))"
done
