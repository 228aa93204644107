#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Estimated cycles per byte of one EVP operation on a named core model: the
# qemu run traced per block and each block costed by llvm-mca-19 with that
# core's scheduling model (cpb.sh of the outside qemu-icount tools,
# scripts/lib/icount_tool.sh: an estimate, not a measurement of speed).
# armaccel loaded into Debian 12's OpenSSL 3.0 and Debian 13's 3.5 against
# the default provider of each, in one run, as vs.sh does for instructions.
#
#   scripts/icount/cycles.sh MODEL "KIND ALG" BYTES...
#
# MODEL: cortex-a72, neoverse-n1, neoverse-v1, neoverse-v2, neoverse-n2 or
# cortex-a72-nocrypto (scripts/icount/models.sh says what each is).
# Prints vs.sh's columns (openssl-3.0 openssl-3.5 armaccel armaccel-3.5),
# in estimated cycles per byte.  ARMACCEL_FORCE_LANES=1 is set for
# armaccel, so a family it leaves to the default provider on this core is
# still measured on its lane.  Needs the aarch64 build and llvm-19.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
model=${1:?usage: cycles.sh MODEL "KIND ALG" BYTES...}
read -r kind alg <<<"${2:?usage: cycles.sh MODEL \"KIND ALG\" BYTES...}"
shift 2
# shellcheck source=../lib/icount_tool.sh
source "$root/scripts/lib/icount_tool.sh"
tool=$(icount_tool "$root")
out=${ICOUNT_DIR:-$root/build/icount}
[ -f "$out/libtbprof.so" ] && [ -x "$out/evp_work.arm64" ] || "$tool/build.sh" "$out" >/dev/null
command -v llvm-mca-19 >/dev/null || {
  echo "cycles.sh: llvm-mca-19 is missing (Debian's llvm-19 package)" >&2
  exit 2
}
modules=${ARMACCEL_MODULES:-$root/build/aarch64/provider}
rt35=$root/build/runtimes/trixie-arm64
# shellcheck source=models.sh
source "$root/scripts/icount/models.sh"
model_setup "$model" && [ -n "$mca_model" ] ||
  { echo "cycles.sh: unknown core model '$model' (scripts/icount/models.sh)" >&2; exit 2; }
cpu=$qemu_cpu mca=$mca_model
env_common=(${armcap:+OPENSSL_armcap=$armcap})
env_armaccel=(${dis:+ARMACCEL_DISABLE=$dis})
# cpb ROOT default|armaccel: estimated cycles per byte of the operation in
# the OpenSSL under ROOT, on its default provider or on armaccel; n/a when
# that OpenSSL lacks the algorithm.  The caller's environment applies too.
cpb() {
  local vars=("SYSROOT=$1" "${env_common[@]}") opts=() line
  if [ "$2" = armaccel ]; then
    vars+=("${env_armaccel[@]}" "OPENSSL_MODULES=$modules" ARMACCEL_FORCE_LANES=1)
    opts=(-p armaccel -p default -q provider=armaccel)
  fi
  line=$(env "${vars[@]}" "$tool/cpb.sh" "$out" "$cpu" "$mca" "$kind" "$alg" "$bytes" "$reps" \
    "${opts[@]}" 2>/dev/null | tail -1) || true
  [ -n "$line" ] && awk '{print $7}' <<<"$line" || echo n/a
}
printf '%-30s %7s %10s %10s %10s %12s\n' "$model" bytes openssl-3.0 openssl-3.5 armaccel armaccel-3.5
for bytes in "$@"; do
  reps=$((bytes >= 16384 ? 4 : bytes >= 1024 ? 40 : 400))
  o30=$(cpb / default)
  a=$(cpb / armaccel)
  o35=n/a a35=n/a
  if [ -d "$rt35" ]; then
    o35=$(cpb "$rt35" default)
    a35=$(cpb "$rt35" armaccel)
  fi
  printf '%-30s %7d %10s %10s %10s %12s\n' "$kind $alg" "$bytes" "$o30" "$o35" "$a" "$a35"
done
