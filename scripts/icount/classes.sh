#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# armaccel against OpenSSL 3.0 and 3.5's own code on the ARM cores without
# some or all of the crypto extensions (issue 15), in guest instructions per
# byte (scripts/icount/vs.sh; not speed), with what armaccel registers there
# unforced (provider/step_aside.cpp) in 3.0 and in 3.5: "armaccel" where
# its lane serves, "default" where it steps aside.
#   no-crypto:  -cpu cortex-a72, ARMACCEL_DISABLE=aes,pmull,sha2,sha512,sha3,sm3,sm4,
#               OpenSSL restricted to NEON (OPENSSL_armcap=1): Raspberry Pi 4 class
#   cortex-a53: AES, PMULL and SHA-256 instructions, no SHA-512, SHA-3 or SM
#   reference:  the reference CPU max,sve-default-vector-length=16, every
#               extension (not in the default list: scripts/icount.sh peers
#               has its rows; scripts/report.sh asks for it)
# Called by scripts/icount.sh classes [SIZES...] (default 64 1024 16384).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(64 1024 16384)
rows=("cipher-enc AES-128-ECB" "cipher-enc AES-128-CBC" "cipher-dec AES-128-CBC"
      "cipher-enc AES-128-CTR" "cipher-enc AES-128-XTS" "aead-enc AES-128-GCM" "mac GMAC" "mac CMAC"
      "digest SHA256" "digest SHA512" "mac HMAC" "digest SHA3-256" "digest SHAKE128"
      "digest SM3" "cipher-enc SM4-CBC" "cipher-dec SM4-CBC" "cipher-enc SM4-CTR"
      "cipher-enc ChaCha20" "aead-enc ChaCha20-Poly1305" "mac POLY1305")
# What armaccel registers unforced on a class (armaccel-info's cipher,
# digest and MAC lists) in the OpenSSL under ROOT (/: Debian 12's 3.0; the
# trixie root: 3.5): asked once per class and runtime; "n/a" without ROOT.
registered() {  # registered ROOT CPU DISABLE
  [ -d "$1" ] || { echo n/a; return; }
  QEMU_CPU=$2 ARMACCEL_DISABLE=$3 qemu-aarch64 -L "$1" build/aarch64/provider/armaccel-info \
    -provider-path build/aarch64/provider | grep -E '^(ciphers|digests|macs) '
}
# Which provider serves ALG unforced, from registered's LISTS.
served() {  # served LISTS KIND ALG
  [ "$1" = n/a ] && { echo n/a; return; }
  local alg=$3
  case $3 in SHA256) alg=SHA2-256 ;; SHA512) alg=SHA2-512 ;; SHAKE128) alg=SHAKE-128 ;; esac
  [ "$2 $3" = "mac GMAC" ] && alg=GMAC
  if grep -qw -- "$alg" <<<"$1"; then echo armaccel; else echo default; fi
}
# ICOUNT_CLASSES / ICOUNT_ROWS ("KIND ALG;KIND ALG") narrow the run.
read -r -a classes <<<"${ICOUNT_CLASSES:-no-crypto cortex-a53}"
if [ -n "${ICOUNT_ROWS:-}" ]; then IFS=';' read -r -a rows <<<"$ICOUNT_ROWS"; fi
# shellcheck source=models.sh
source scripts/icount/models.sh
# ICOUNT_METRIC=cycles: estimated cycles per byte on the core models
# (scripts/icount/cycles.sh) instead of instructions (vs.sh); the classes
# are then model names (cortex-a72, neoverse-n1, ...).
metric=${ICOUNT_METRIC:-instructions}
for class in "${classes[@]}"; do
  model_setup "$class" ||
    { echo "classes: unknown class '$class' (scripts/icount/models.sh)" >&2; exit 2; }
  cpu=$qemu_cpu
  if [ "$metric" = cycles ]; then
    [ -n "$mca_model" ] || { echo "classes: '$class' is not a core model" >&2; exit 2; }
    echo "== $class (estimated cycles per byte, llvm-mca $mca_model; -cpu $cpu${dis:+, ARMACCEL_DISABLE=$dis}${armcap:+, OPENSSL_armcap=$armcap}) =="
  else
    echo "== $class (-cpu $cpu${dis:+, ARMACCEL_DISABLE=$dis}${armcap:+, OPENSSL_armcap=$armcap}) =="
  fi
  printf '%-30s %7s %10s %10s %10s %12s  %s\n' operation bytes openssl-3.0 openssl-3.5 armaccel \
    armaccel-3.5 "unforced-3.0 unforced-3.5"
  lists30=$(registered / "$cpu" "$dis")
  lists35=$(registered build/runtimes/trixie-arm64 "$cpu" "$dis")
  for row in "${rows[@]}"; do
    read -r kind alg <<<"$row"
    who="$(served "$lists30" "$kind" "$alg") $(served "$lists35" "$kind" "$alg")"
    if [ "$metric" = cycles ]; then
      scripts/icount/cycles.sh "$class" "$row" "${sizes[@]}"
    else
      env ${dis:+ARMACCEL_DISABLE=$dis} ${armcap:+OPENSSL_armcap=$armcap} \
        scripts/icount/vs.sh "$cpu" "$row" "${sizes[@]}"
    fi | tail -n +2 | while read -r line; do printf '%s  %s\n' "$line" "$who"; done
  done
done
