#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Debian packages (scripts/package.sh) as a user meets them:
#   deb_test.sh HOST_DEB [ARM64_DEB ARM64_OPENSSL]
# HOST_DEB: contents (dpkg -c), control fields, conffile, no maintainer
# scripts, Depends against dpkg-shlibdeps, lintian (only the tags
# lintian-explained.txt explains), then `dpkg -i` on this machine: the real
# `openssl` under OPENSSL_CONF=/etc/ssl/armaccel.cnf and under a copy of the
# system openssl.cnf with an `.include` line has armaccel active and
# computes Keccak-256 (which OpenSSL 3.0's default provider lacks) on it,
# /usr/bin/armaccel-info finds the module in MODULESDIR, the system
# openssl.cnf is untouched, and `dpkg --purge` removes every file.
# Each proof of armaccel's work is also run with armaccel left out of the
# config and must fail there.
# ARM64_DEB: unpacked into a root that qemu-aarch64 -L overlays on the arm64
# multiarch system, where ARM64_OPENSSL (Debian's arm64 openssl, unpacked by
# scripts/fetch-arm64-openssl.sh) under -cpu max with the packaged
# /etc/ssl/armaccel.cnf runs AES-128-CTR on armaccel's aes-ce lane.
# Needs root for dpkg -i (uses sudo otherwise); refuses to run where a package named armaccel is
# already installed, as the purge would remove it.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
host_deb=$(realpath "$1")
arm64_deb=${2:+$(realpath "$2")}
arm64_openssl=${3:+$(realpath "$3")}
WORK_DIR=${WORK_DIR:-$here/../../build/package-test}
# shellcheck source=../cli/check_lib.sh
source "$here/../cli/check_lib.sh"
fresh_work_dir
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

triplet=$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)
host_arch=$(dpkg --print-architecture)
keccak_empty=c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470  # Keccak-256("")

# --- contents and control --------------------------------------------------------
dpkg-deb -c "$host_deb" | awk '{print $6}' | sed 's|^\./|/|' >contents.txt
for f in "/usr/lib/$triplet/ossl-modules/armaccel.so" /usr/bin/armaccel-info /etc/ssl/armaccel.cnf \
         /usr/share/doc/armaccel/README.md /usr/share/doc/armaccel/openssl.cnf.example \
         /usr/share/doc/armaccel/copyright /usr/share/doc/armaccel/changelog.gz \
         /usr/share/man/man1/armaccel-info.1.gz; do
  check "package has $f" grep -qx "$f" contents.txt
done
check "  ... and nothing outside /usr and /etc/ssl" \
  bash -c "! grep -vE '^/\$|^/etc/\$|^/etc/ssl/|^/usr/' contents.txt"
check_equal "Package" "$(dpkg-deb -f "$host_deb" Package)" armaccel
check_equal "Architecture" "$(dpkg-deb -f "$host_deb" Architecture)" "$host_arch"
depends=$(dpkg-deb -f "$host_deb" Depends)
check "Depends: libssl3 or libssl3t64 ($depends)" \
  grep -qE 'libssl3 \(>= [0-9.]+\) \| libssl3t64 \(>= [0-9.]+\)' <<<"$depends"
check "Depends: libstdc++6" grep -q 'libstdc++6 (>= ' <<<"$depends"
# Maintainer and Homepage as the build configured them (cmake/package:
# DEBFULLNAME/DEBEMAIL or the last commit's author; the origin remote).
cache=$(dirname "$host_deb")/../CMakeCache.txt
want_maintainer=$(sed -n 's/^ARMACCEL_PACKAGE_MAINTAINER:STRING=//p' "$cache")
want_homepage=$(sed -n 's/^ARMACCEL_PACKAGE_HOMEPAGE:STRING=//p' "$cache")
maintainer=$(dpkg-deb -f "$host_deb" Maintainer)
check_equal "Maintainer (ARMACCEL_PACKAGE_MAINTAINER)" "$maintainer" "$want_maintainer"
check "  ... a name and an address" grep -qE '^[^<>]*[^<> ] <[^<> @]+@[^<> ]+>$' <<<"$maintainer"
refuses "  ... not the old placeholder" grep -q 'armaccel@example.org' <<<"$maintainer"
if [ -n "$want_homepage" ]; then
  check_equal "Homepage (ARMACCEL_PACKAGE_HOMEPAGE)" "$(dpkg-deb -f "$host_deb" Homepage)" \
    "$want_homepage"
else
  check "no Homepage field (none configured)" test -z "$(dpkg-deb -f "$host_deb" Homepage)"
fi
version=$(dpkg-deb -f "$host_deb" Version)
check_equal "Version is project(VERSION)" "$version" \
  "$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$cache")"
mkdir control && dpkg-deb -e "$host_deb" control
check_equal "conffiles" "$(cat control/conffiles)" /etc/ssl/armaccel.cnf
check "no maintainer scripts" \
  bash -c '! ls control | grep -qE "^(preinst|postinst|prerm|postrm|config|triggers)$"'
dpkg-deb -x "$host_deb" root
check "armaccel.cnf names the packaged module" \
  grep -qx "module = /usr/lib/$triplet/ossl-modules/armaccel.so" root/etc/ssl/armaccel.cnf
check "  ... activates armaccel and the default provider, prefers armaccel" \
  bash -c "[ \$(grep -cx 'activate = 1' root/etc/ssl/armaccel.cnf) -eq 2 ] &&
           grep -qx 'default_properties = ?provider=armaccel' root/etc/ssl/armaccel.cnf"
# The licence: Apache-2.0, in the machine-readable copyright format, with
# every licence it names spelled out or pointed to.
copyright=root/usr/share/doc/armaccel/copyright
check "copyright is cmake/package/copyright" cmp -s "$copyright" "$here/../../cmake/package/copyright"
check "  ... in the machine-readable format" \
  grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$copyright"
check "  ... armaccel's files under Apache-2.0" \
  bash -c "grep -A2 -x 'Files: \*' '$copyright' | grep -qx 'License: Apache-2.0'"
for lic in $(sed -n 's/^License: \([^ ]*\)$/\1/p; s/^License: \(.*\) or \(.*\)$/\1 \2/p' "$copyright" |
               tr ' ' '\n' | sort -u); do
  check "  ... licence $lic has its stand-alone paragraph" \
    bash -c "awk 'BEGIN{RS=\"\"} /^License: $lic\n/' '$copyright' | grep -q ."
done
check "changelog: this version, this maintainer" \
  bash -c "zcat root/usr/share/doc/armaccel/changelog.gz | head -1 | grep -qF 'armaccel ($version)' &&
           zcat root/usr/share/doc/armaccel/changelog.gz | grep -qF -- ' -- $maintainer  '"
check "manual page: this version" \
  bash -c "zcat root/usr/share/man/man1/armaccel-info.1.gz | grep -qF '\"armaccel $version\"'"
doc=root/usr/share/doc/armaccel/README.md
check "the packaged README.md is the user's (cmake/package/README.md)" \
  cmp -s "$doc" "$here/../../cmake/package/README.md"
check "  ... telling how to turn it on for one program and system-wide" \
  bash -c "grep -q 'OPENSSL_CONF=/etc/ssl/armaccel.cnf' '$doc' &&
           grep -qx '      .include /etc/ssl/armaccel.cnf' '$doc'"

# Every library dpkg-shlibdeps derives from the binaries is in Depends, at a
# version no lower than it asks for.
mkdir -p shlibs/debian && printf 'Source: armaccel\n\nPackage: armaccel\nArchitecture: any\n' \
  >shlibs/debian/control
(cd shlibs && dpkg-shlibdeps -O "../root/usr/bin/armaccel-info" \
   "../root/usr/lib/$triplet/ossl-modules/armaccel.so" 2>shlibdeps.err) >shlibdeps.txt
derived=$(sed -n 's/^shlibs:Depends=//p' shlibdeps.txt)
check "dpkg-shlibdeps ran ($derived)" test -n "$derived"
IFS=, read -r -a needs <<<"$derived"
for need in "${needs[@]}"; do
  name=$(awk '{print $1}' <<<"$need")
  want=$(sed -n 's/.*(>= \(.*\)).*/\1/p' <<<"$need")
  have=$(tr ',|' '\n\n' <<<"$depends" | awk -v n="$name" '$1 == n {print}' |
         sed -n 's/.*(>= \(.*\)).*/\1/p')
  check "Depends covers $name${want:+ >= $want} (package: ${have:-missing})" \
    bash -c "[ -n '$have' ] && { [ -z '$want' ] || dpkg --compare-versions '$have' ge '$want'; }"
done

# --- lintian --------------------------------------------------------------------
lint_debs=("$host_deb")
[ -n "$arm64_deb" ] && lint_debs+=("$arm64_deb")
for deb in "${lint_debs[@]}"; do
  lintian --pedantic -I "$deb" >lintian.txt 2>&1
  # A spelling tag counts with its word (spelling-error-in-binary=WORD): only
  # the words lintian-explained.txt names are accepted.
  grep -E '^[EWIPX]: ' lintian.txt |
    awk '{ print ($3 == "spelling-error-in-binary" ? $3 "=" $4 : $3) }' | sort -u >tags.txt
  unexplained=$(grep -vxFf <(grep -v '^#' "$here/lintian-explained.txt" | awk 'NF {print $1}') \
                  tags.txt | tr '\n' ' ')
  check "lintian $(basename "$deb"): every tag explained (${unexplained:-none left}; $(wc -l <tags.txt) explained)" \
    test -z "$unexplained"
done

# --- installed on this machine ----------------------------------------------------
if dpkg-query -W -f='${Status}' armaccel 2>/dev/null | grep -q "install ok installed"; then
  fail "a package named armaccel is already installed here: not replacing and purging it"
  echo "$failures failure(s)"; exit 1
fi
sys_cnf=$(openssl version -d | sed 's/^OPENSSLDIR: "\(.*\)"$/\1/')/openssl.cnf
sys_sum=$(sha256sum "$sys_cnf" | awk '{print $1}')
check "dpkg -i" as_root dpkg -i "$host_deb"
trap 'as_root dpkg --purge armaccel >/dev/null 2>&1' EXIT  # also when a check below stops the script
printf '' >empty.txt
keccak() {  # keccak CONF: Keccak-256 of an empty file under CONF, with the trace
  ARMACCEL_TRACE=1 OPENSSL_CONF=$1 openssl dgst -keccak-256 -r empty.txt 2>keccak.err | awk '{print $1}'
}
OPENSSL_CONF=/etc/ssl/armaccel.cnf openssl list -providers >providers.txt 2>&1
check "OPENSSL_CONF=/etc/ssl/armaccel.cnf: armaccel active" \
  bash -c "grep -A3 '^  armaccel' providers.txt | grep -q 'status: active'"
check "  ... and the default provider" \
  bash -c "grep -A3 '^  default' providers.txt | grep -q 'status: active'"
check_equal "  ... openssl dgst -keccak-256 (Keccak-256 of the empty string)" \
  "$(keccak /etc/ssl/armaccel.cnf)" "$keccak_empty"
check "  ... computed by armaccel (ARMACCEL_TRACE)" grep -q "^armaccel: KECCAK-256 on" keccak.err
check_equal "  ... and openssl enc (default provider's AES through the config)" \
  "$(printf abc | OPENSSL_CONF=/etc/ssl/armaccel.cnf openssl enc -aes-128-cbc -K 000102030405060708090a0b0c0d0e0f \
     -iv 000102030405060708090a0b0c0d0e0f | xxd -p)" \
  "$(printf abc | openssl enc -aes-128-cbc -K 000102030405060708090a0b0c0d0e0f \
     -iv 000102030405060708090a0b0c0d0e0f | xxd -p)"
# Left out: under the system config alone armaccel computes nothing (and
# OpenSSL 3.0's default provider has no Keccak-256 at all).
keccak "$sys_cnf" >/dev/null
check "without armaccel in the config: no Keccak-256 on armaccel" \
  bash -c "! grep -q '^armaccel: ' keccak.err"
if openssl version | grep -q '^OpenSSL 3\.0\.'; then
  refuses "  ... nor from OpenSSL 3.0's default provider" \
    env OPENSSL_CONF="$sys_cnf" openssl dgst -keccak-256 empty.txt
fi
# System-wide: the system openssl.cnf with an .include line (on a copy).
{ cat "$sys_cnf"; echo ".include /etc/ssl/armaccel.cnf"; } >system-include.cnf
OPENSSL_CONF=$PWD/system-include.cnf openssl list -providers >providers-include.txt 2>&1
check "system openssl.cnf + '.include /etc/ssl/armaccel.cnf': armaccel active" \
  bash -c "grep -A3 '^  armaccel' providers-include.txt | grep -q 'status: active'"
check_equal "  ... Keccak-256 on armaccel" "$(keccak "$PWD/system-include.cnf")" "$keccak_empty"
check "  ... (trace)" grep -q "^armaccel: KECCAK-256 on" keccak.err
/usr/bin/armaccel-info >info.txt 2>&1
check "/usr/bin/armaccel-info finds the module in MODULESDIR" grep -qE "^lane aes +: " info.txt
/usr/bin/armaccel-info -config /etc/ssl/armaccel.cnf -json >info.json 2>&1
check "armaccel-info -config /etc/ssl/armaccel.cnf -json" \
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(d["name"] != "armaccel ARM crypto provider")' info.json
check "man armaccel-info" bash -c "man -w armaccel-info 2>/dev/null | grep -q armaccel-info.1 || zcat /usr/share/man/man1/armaccel-info.1.gz | grep -q '^.SH NAME'"
check_equal "system openssl.cnf untouched by the install" "$(sha256sum "$sys_cnf" | awk '{print $1}')" "$sys_sum"
check "dpkg --purge" as_root dpkg --purge armaccel
trap - EXIT
left=$(while read -r f; do [ -f "$f" ] && echo "$f"; done <contents.txt)
check "  ... removes every file (${left:-none left})" test -z "$left"
check_equal "system openssl.cnf untouched by the purge" "$(sha256sum "$sys_cnf" | awk '{print $1}')" "$sys_sum"

# --- arm64: unpacked, used under qemu-aarch64 -cpu max ---------------------------
if [ -n "$arm64_deb" ]; then
  check_equal "arm64 package Architecture" "$(dpkg-deb -f "$arm64_deb" Architecture)" arm64
  dpkg-deb -x "$arm64_deb" arm64-root
  a64=(qemu-aarch64 -L "$PWD/arm64-root" -cpu max)
  file arm64-root/usr/lib/aarch64-linux-gnu/ossl-modules/armaccel.so >file.txt
  check "  ... module is AArch64 code" grep -q "ARM aarch64" file.txt
  head -c 100000 /dev/urandom >data.bin
  key=000102030405060708090a0b0c0d0e0f iv=f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff
  ARMACCEL_TRACE=1 OPENSSL_CONF=/etc/ssl/armaccel.cnf "${a64[@]}" "$arm64_openssl" \
    enc -aes-128-ctr -K $key -iv $iv -in data.bin -out ctr.bin 2>ctr.err
  check_equal "  ... arm64 openssl enc -aes-128-ctr under the packaged config" \
    "$(sha256sum <ctr.bin | awk '{print $1}')" \
    "$(openssl enc -aes-128-ctr -K $key -iv $iv -in data.bin | sha256sum | awk '{print $1}')"
  check "  ... on armaccel's aes-ce lane (ARMACCEL_TRACE)" grep -q "^armaccel: AES-128-CTR on aes-ce" ctr.err
  ARMACCEL_TRACE=1 OPENSSL_CONF=/dev/null "${a64[@]}" "$arm64_openssl" \
    enc -aes-128-ctr -K $key -iv $iv -in data.bin -out ctr0.bin 2>ctr0.err
  check "  ... and not with armaccel left out of the config" \
    bash -c "! grep -q '^armaccel: ' ctr0.err && cmp -s ctr.bin ctr0.bin"
  "${a64[@]}" arm64-root/usr/bin/armaccel-info >info64.txt 2>&1
  check "  ... packaged armaccel-info finds the module in arm64 MODULESDIR: lane aes is aes-ce" \
    grep -qE "^lane aes +: aes-ce\$" info64.txt
fi

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
