#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Guest instructions per byte (the performance proxy of
# ../shared/tools/qemu-icount, not speed) of one EVP operation: armaccel
# loaded into Debian 12's OpenSSL 3.0 and into Debian 13's 3.5
# (build/runtimes/trixie-arm64, scripts/fetch-runtimes.sh), against the
# default provider of each, on one qemu CPU model, in one run.  Compare
# like with like: armaccel-3.5 with openssl-3.5, armaccel with openssl-3.0.
#
#   scripts/icount/vs.sh CPU "KIND ALG" BYTES...
#
# The environment applies to all three: ARMACCEL_DISABLE narrows armaccel's
# lanes, OPENSSL_armcap narrows OpenSSL's (1 = NEON only), so a core
# without the crypto extensions is modelled as
#   ARMACCEL_DISABLE=aes,pmull,sha2,sha512,sha3,sm3,sm4 OPENSSL_armcap=1 \
#     scripts/icount/vs.sh cortex-a72 "cipher-enc AES-128-CTR" 1024 16384
# ARMACCEL_FORCE_LANES=1 is set for armaccel so that an algorithm it would
# leave to the default provider on this CPU is still measured on its lane.
# Needs the aarch64 build (build/aarch64/provider/armaccel.so).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cpu=${1:?usage: vs.sh CPU "KIND ALG" BYTES...}
read -r kind alg <<<"${2:?usage: vs.sh CPU \"KIND ALG\" BYTES...}"
shift 2
# shellcheck source=../lib/icount_tool.sh
source "$root/scripts/lib/icount_tool.sh"
tool=$(icount_tool "$root")
out=${ICOUNT_DIR:-$root/build/icount}
[ -f "$out/libicount.so" ] && [ -x "$out/evp_work.arm64" ] || "$tool/build.sh" "$out" >/dev/null
modules=${ARMACCEL_MODULES:-$root/build/aarch64/provider}
rt35=$root/build/runtimes/trixie-arm64
count() {  # count ROOT REPS [evp_work options]: guest instructions of one run
  local sysroot=$1 reps=$2 log
  shift 2
  # A failed run (the algorithm missing from that OpenSSL) counts nothing.
  log=$(qemu-aarch64 -L "$sysroot" -cpu "$cpu" -plugin "$out/libicount.so" "$out/evp_work.arm64" \
    "$@" "$kind" "$alg" "$bytes" "$reps" 2>&1) || return 0
  awk '/^icount/{print $2}' <<<"$log"
}
ipb() {  # ipb ROOT [evp_work options]: instructions per byte, one-time costs cancelled
  local a b
  a=$(count "$1" 1 "${@:2}")
  b=$(count "$1" $((reps + 1)) "${@:2}")
  [ -n "$a" ] && [ -n "$b" ] || { echo "n/a"; return; }
  awk -v a="$a" -v b="$b" -v n="$bytes" -v r="$reps" 'BEGIN{printf "%.3f", (b - a) / (n * r)}'
}
printf '%-30s %7s %10s %10s %10s %12s\n' "$cpu" bytes openssl-3.0 openssl-3.5 armaccel armaccel-3.5
for bytes in "$@"; do
  reps=$((bytes >= 16384 ? 10 : bytes >= 1024 ? 100 : 1000))
  o30=$(ipb /)
  o35=n/a
  [ -d "$rt35" ] && o35=$(ipb "$rt35")
  a=$(OPENSSL_MODULES=$modules ARMACCEL_FORCE_LANES=1 ipb / -p armaccel -p default -q provider=armaccel)
  a35=n/a
  [ -d "$rt35" ] && a35=$(OPENSSL_MODULES=$modules ARMACCEL_FORCE_LANES=1 ipb "$rt35" -p armaccel \
    -p default -q provider=armaccel)
  printf '%-30s %7d %10s %10s %10s %12s\n' "$kind $alg" "$bytes" "$o30" "$o35" "$a" "$a35"
done
