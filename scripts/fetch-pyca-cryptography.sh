#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fetches and unpacks Debian's source package of pyca/cryptography, the
# version of the installed python3-cryptography (Debian 12: python-cryptography
# 38.0.4-3+deb12u1), for its own test suite (test/peers/pyca_cryptography_test.sh).
#
#   scripts/fetch-pyca-cryptography.sh     prints the unpacked source directory
#
# The source comes from the Debian archive the machine already uses, through a
# private apt configuration under build/pyca-cryptography/apt (its own
# deb-src list for bookworm, bookworm-updates and bookworm-security, its own
# lists and cache; the machine's apt state is not touched), with
# `apt-get source --download-only`, and is unpacked with `dpkg-source -x`
# (Debian's patches applied) into build/pyca-cryptography/VERSION/.  A source
# already unpacked (its `.unpacked` stamp present) is kept; remove
# build/pyca-cryptography to fetch again.  Needs the network once.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base=${ARMACCEL_PYCA_DIR:-$root/build/pyca-cryptography}

installed=$(dpkg-query -W -f='${db:Status-Abbrev} ${source:Package} ${source:Version}' \
  python3-cryptography 2>/dev/null || true)
read -r status source version <<<"$installed"
if [ "${status:-}" != ii ] || [ -z "${version:-}" ]; then
  echo "fetch-pyca-cryptography: python3-cryptography is not installed (scripts/install-deps.sh)" >&2
  exit 2
fi
dest=$base/$version
if [ -f "$dest/.unpacked" ]; then
  echo "fetch-pyca-cryptography: $source $version present" >&2
  echo "$dest"
  exit 0
fi

# shellcheck source=scripts/lib/private_apt.sh
source "$(dirname "$0")/lib/private_apt.sh"
apt_dir=$base/apt
private_apt_setup "$apt_dir"
apt_opts=("${PRIVATE_APT_OPTS[@]}")
m=$(debian_mirror debian)
key=/usr/share/keyrings/debian-archive-keyring.gpg
{
  echo "deb-src [signed-by=$key] $m bookworm main"
  echo "deb-src [signed-by=$key] $m bookworm-updates main"
  echo "deb-src [signed-by=$key] $m-security bookworm-security main"
} >"$apt_dir/sources.list"
echo "fetch-pyca-cryptography: apt source lists for bookworm from $m" >&2
apt-get "${apt_opts[@]}" -qq update >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod a+rwx "$tmp"  # apt downloads as its sandbox user _apt when run as root
(cd "$tmp" && apt-get "${apt_opts[@]}" -qq source --download-only "$source=$version" >&2)
dsc=$(ls "$tmp"/*.dsc)
rm -rf "$dest"
mkdir -p "$base"
dpkg-source -x "$dsc" "$dest" >"$tmp/dpkg-source.log" 2>&1 || { cat "$tmp/dpkg-source.log" >&2; exit 1; }
[ -d "$dest/tests" ] || { echo "fetch-pyca-cryptography: no tests/ in $dest" >&2; exit 1; }
echo "$source $version" >"$dest/.unpacked"
echo "fetch-pyca-cryptography: $source $version unpacked into $dest" >&2
echo "$dest"
