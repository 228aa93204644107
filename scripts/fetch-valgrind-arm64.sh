#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prepares valgrind's memcheck for AArch64 programs under qemu-aarch64 user
# mode: the constant-time check of the AArch64 lanes (preset ct-aarch64,
# test/ct; docs/testing.md, "Constant time on secrets").
#
#   scripts/fetch-valgrind-arm64.sh [DEST]     (default build/valgrind-arm64)
#
# DEST/root: a private arm64 root, never installed on the machine: Debian
# 12's libc6 with its matching libc6-dbg (memcheck needs ld.so's symbols to
# apply its own redirections), libstdc++6, libgcc-s1 and libssl3 at the
# machine's libssl3:arm64 version, and Debian 13's valgrind:arm64 (3.24:
# the cross build includes its valgrind/memcheck.h, and its stock memcheck
# shows what the patch below adds).  Fetched with `apt-get download` through a private apt
# configuration under DEST/apt (its own source list, lists and cache: the
# machine's apt state is untouched) and unpacked with `dpkg -x`.
#
# DEST/memcheck-arm64: memcheck built from Debian 13's valgrind 3.24 source
# package (`apt-get source` through the same private configuration, with
# Debian's patches) with test/ct/valgrind/*.patch on top: the SHA-3
# (EOR3, BCAX, RAX1, XAR), SM3 and SM4 instructions, which stock memcheck
# cannot decode, and their AT_HWCAP bits, which it hides.  Cross-compiled
# with aarch64-linux-gnu-gcc, VEX, the core and memcheck only (about four
# minutes of CPU); kept while the source, the patches and this
# script are unchanged (DEST/memcheck-arm64/stamp).
#
# DEST/run-memcheck: runs an arm64 program under that memcheck:
#   DEST/run-memcheck [memcheck options] PROGRAM [ARGS]
# memcheck is started directly under qemu (valgrind's launcher is an arm64
# program that would exec another arm64 program, which this kernel cannot
# run): -cpu max,pauth=off (with pointer authentication on, the
# branch-protected valgrind runs about ten times slower under qemu) unless
# QEMU_CPU names another model, and --vex-guest-max-insns=30 (without it
# memcheck aborts on the long NEON blocks of aes-neon and mlkem-neon).
# Needs the network once.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-$root/build/valgrind-arm64}
jobs=${ARMACCEL_JOBS:-$(nproc)}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
sysroot=$dest/root
apt_dir=$dest/apt
patches=("$root"/test/ct/valgrind/*.patch)

# shellcheck source=scripts/lib/private_apt.sh
source "$root/scripts/lib/private_apt.sh"
apt_opts=()

apt_ready=
prepare_apt() {
  [ -n "$apt_ready" ] && return 0
  private_apt_setup "$apt_dir"
  apt_opts=("${PRIVATE_APT_OPTS[@]}")
  local m s key=/usr/share/keyrings/debian-archive-keyring.gpg
  m=$(debian_mirror debian)
  s=$(debian_mirror debian-security)
  cat >"$apt_dir/sources.list" <<EOF
deb [signed-by=$key] $m bookworm main
deb [signed-by=$key] $s bookworm-security main
deb [signed-by=$key] $m trixie main
deb-src [signed-by=$key] $m trixie main
EOF
  echo "fetch-valgrind-arm64: apt lists for bookworm and trixie from $m"
  apt-get "${apt_opts[@]}" -qq update
  apt_ready=1
}

# The arm64 root: the C and C++ runtime the test programs are linked
# against (the machine's versions), and stock valgrind 3.24.
if [ ! -f "$sysroot/versions" ]; then
  prepare_apt
  libc=$(dpkg-query -W -f='${Version}' libc6:arm64)
  ssl=$(dpkg-query -W -f='${Version}' libssl3:arm64)
  tmp=$(mktemp -d)
  chmod a+rwx "$tmp"  # apt downloads as its sandbox user _apt when run as root
  (cd "$tmp" && apt-get "${apt_opts[@]}" -qq download "libc6:arm64=$libc" "libc6-dbg:arm64=$libc" \
    libstdc++6:arm64/bookworm libgcc-s1:arm64/bookworm "libssl3:arm64=$ssl" \
    valgrind:arm64/trixie >/dev/null)
  rm -rf "$sysroot"
  mkdir -p "$sysroot"
  : >"$tmp/versions"
  for deb in "$tmp"/*.deb; do
    dpkg -x "$deb" "$sysroot"
    dpkg-deb --showformat='${Package} ${Version}\n' -W "$deb" >>"$tmp/versions"
  done
  mv "$tmp/versions" "$sysroot/versions"
  rm -rf "$tmp"
  echo "fetch-valgrind-arm64: arm64 root unpacked: $(tr '\n' ' ' <"$sysroot/versions")"
fi

# The patched memcheck, built again when its inputs change.
stamp=$( (cat "${patches[@]}" "$0"; grep '^valgrind ' "$sysroot/versions") | sha256sum | cut -c1-16)
out=$dest/memcheck-arm64
if [ "$(cat "$out/stamp" 2>/dev/null)" != "$stamp" ]; then
  src=$dest/src
  if [ ! -f "$src/.unpacked" ]; then
    prepare_apt
    rm -rf "$src" "$dest/src-download"
    mkdir -p "$dest/src-download"
    chmod a+rwx "$dest/src-download"
    (cd "$dest/src-download" &&
      apt-get "${apt_opts[@]}" -qq source --download-only valgrind/trixie >/dev/null &&
      dpkg-source -x --no-check valgrind_*.dsc src >/dev/null && mv src "$src")
    rm -rf "$dest/src-download"
    touch "$src/.unpacked"
  fi
  work=$dest/src-patched
  rm -rf "$work" "$out"
  cp -a "$src" "$work"
  for p in "${patches[@]}"; do patch -s -d "$work" -p1 <"$p"; done
  echo "fetch-valgrind-arm64: building the patched memcheck (aarch64-linux-gnu-gcc, -j$jobs)"
  started=$SECONDS
  : >"$dest/build.log"
  (
    set -e
    trap 'tail -n 40 "$dest/build.log"' ERR
    cd "$work"
    # The source package's configure script and makefiles as shipped (the
    # patches touch C sources only), so no autotools run here.
    ./configure --host=aarch64-linux-gnu --prefix=/usr --libexecdir=/usr/libexec \
      --enable-only64bit --without-mpicc >>"$dest/build.log" 2>&1
    make include/vgversion.h default.supp >>"$dest/build.log" 2>&1
    # Optimised as valgrind builds itself, without debug information (not
    # needed to run it, and a third of the compile time).
    sed -i 's/^\(AM_CFLAGS_BASE = -O2\) -g /\1 /' VEX/Makefile coregrind/Makefile memcheck/Makefile
    # VEX for an AArch64 host and guest only: the objects of the other
    # architectures' front and back ends are built by default but never
    # linked into a single-architecture tool.
    vex=(main_globals main_main main_util ir_defs ir_inject ir_match ir_opt
         guest_generic_bb_to_IR guest_generic_x87 guest_arm64_helpers guest_arm64_toIR
         host_generic_regs host_generic_simd64 host_generic_simd128 host_generic_simd256
         host_generic_maddf host_amd64_maddf host_generic_reg_alloc2 host_generic_reg_alloc3
         host_arm64_defs host_arm64_isel)
    objs=()
    for o in "${vex[@]}"; do objs+=("priv/libvex_arm64_linux_a-$o.o"); done
    make -C VEX -j"$jobs" libvex-arm64-linux.a libvex_arm64_linux_a_OBJECTS="${objs[*]}" \
      >>"$dest/build.log" 2>&1
    # The core and memcheck, nothing else (no other tools, launcher, vgdb,
    # docs or tests).
    make -C coregrind -j"$jobs" libcoregrind-arm64-linux.a libgcc-sup-arm64-linux.a \
      libreplacemalloc_toolpreload-arm64-linux.a vgpreload_core-arm64-linux.so >>"$dest/build.log" 2>&1
    make -C memcheck -j"$jobs" memcheck-arm64-linux vgpreload_memcheck-arm64-linux.so \
      >>"$dest/build.log" 2>&1
  )
  mkdir -p "$out/libexec/valgrind"
  cp "$work/memcheck/memcheck-arm64-linux" "$work/memcheck/vgpreload_memcheck-arm64-linux.so" \
    "$work/coregrind/vgpreload_core-arm64-linux.so" "$work/default.supp" "$out/libexec/valgrind/"
  echo "$stamp" >"$out/stamp"
  echo "fetch-valgrind-arm64: patched memcheck built in $((SECONDS - started)) s"
fi

cat >"$dest/run-memcheck" <<EOF
#!/bin/sh
# Runs an arm64 program under the patched memcheck in qemu-aarch64
# (scripts/fetch-valgrind-arm64.sh): run-memcheck [memcheck options] PROGRAM [ARGS]
lib=$out/libexec/valgrind
export VALGRIND_LIB=\$lib VALGRIND_LAUNCHER=\$lib/memcheck-arm64-linux
exec qemu-aarch64 -cpu "\${QEMU_CPU:-max,pauth=off}" -L "$sysroot" "\$lib/memcheck-arm64-linux" \\
  --vex-guest-max-insns=30 "\$@"
EOF
chmod +x "$dest/run-memcheck"
echo "fetch-valgrind-arm64: $dest/run-memcheck ready"
