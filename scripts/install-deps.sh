#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages armaccel's build and tests need, only if
# some are missing.  `install-deps.sh native` for the host build,
# `install-deps.sh cross` adds the AArch64 cross toolchain, libssl-dev:arm64 and
# libstdc++6:arm64 (the multiarch runtime `qemu-aarch64 -L /` runs tests with)
# and qemu-user, the arm64 libraries of Debian's curl and nginx (for the
# emulated server test; scripts/fetch-arm64-servers.sh unpacks the commands),
# and the bare-metal Cortex-M toolchain (arm-none-eabi GCC,
# newlib) with qemu-system-arm.  The native list includes what
# pyca/cryptography's own test suite needs on Debian's python3
# (test/peers/pyca_cryptography_test.sh: its autopkgtest's packages, from
# debian/tests/control).  libssl-dev must have the same version for both
# architectures (multiarch), so both are installed in one apt-get line.
# Never installs openssl:arm64 (it would replace the host's openssl command).
set -euo pipefail
want=${1:-native}
host=$(dpkg --print-architecture)

native=(g++ clang libclang-rt-14-dev clang-format cmake ninja-build pkg-config make "libssl-dev:$host" openssl googletest libgtest-dev
        libbenchmark-dev nlohmann-json3-dev gzip valgrind python3 python3-matplotlib
        dpkg-dev lintian file xxd nginx curl
        mariadb-server mariadb-client
        python3-cffi python3-cryptography python3-cryptography-vectors python3-hypothesis
        python3-iso8601 python3-pretend python3-pyasn1-modules python3-pytest
        python3-pytest-subtests python3-pytest-benchmark python3-tz)
cross=(gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user libssl-dev:arm64 libstdc++6:arm64
       gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib qemu-system-arm
       libcurl4:arm64 libpcre2-8-0:arm64 libcrypt1:arm64 zlib1g:arm64)

installed() {  # installed PKG[:ARCH]
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for p in "${native[@]}"; do installed "$p" || missing+=("$p"); done
if [ "$want" = cross ]; then
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    as_root dpkg --add-architecture arm64
    need_update=1
  fi
  for p in "${cross[@]}"; do installed "$p" || missing+=("$p"); done
  # Multiarch: libssl-dev for amd64 and arm64 must be the same version.
  if installed libssl-dev:arm64 && installed "libssl-dev:$host" &&
     [ "$(dpkg-query -W -f='${Version}' libssl-dev:arm64)" != \
       "$(dpkg-query -W -f='${Version}' "libssl-dev:$host")" ]; then
    missing+=("libssl-dev:$host" libssl-dev:arm64)
  fi
fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all $want packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if [ -n "${need_update:-}" ] || ! as_root apt-get install -y --no-install-recommends "${missing[@]}"; then
  as_root apt-get update
  # libssl-dev pulls the matching libssl3; install both architectures together.
  if [[ " ${missing[*]} " == *" libssl-dev:arm64 "* ]] && [[ " ${missing[*]} " != *" libssl-dev:$host "* ]]; then
    missing+=("libssl-dev:$host")
  fi
  as_root apt-get install -y --no-install-recommends "${missing[@]}"
fi
