#!/usr/bin/env bash
# armaccel against OpenSSL 3.0 and 3.5's own code on the ARM cores without
# some or all of the crypto extensions (issue 15), in guest instructions per
# byte (scripts/icount/vs.sh; not speed), with what armaccel registers there
# unforced (provider/step_aside.cpp): "armaccel" where its lane serves,
# "default" where it steps aside.
#   no-crypto:  -cpu cortex-a72, ARMACCEL_DISABLE=aes,pmull,sha2,sha512,sha3,sm3,sm4,
#               OpenSSL restricted to NEON (OPENSSL_armcap=1): Raspberry Pi 4 class
#   cortex-a53: AES, PMULL and SHA-256 instructions, no SHA-512, SHA-3 or SM
# Called by scripts/icount.sh classes [SIZES...] (default 64 1024 16384).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(64 1024 16384)
nocrypto=aes,pmull,sha2,sha512,sha3,sm3,sm4
rows=("cipher-enc AES-128-ECB" "cipher-enc AES-128-CBC" "cipher-dec AES-128-CBC"
      "cipher-enc AES-128-CTR" "cipher-enc AES-128-XTS" "aead-enc AES-128-GCM" "mac GMAC" "mac CMAC"
      "digest SHA256" "digest SHA512" "mac HMAC" "digest SHA3-256" "digest SHAKE128"
      "digest SM3" "cipher-enc SM4-CBC" "cipher-dec SM4-CBC" "cipher-enc SM4-CTR"
      "cipher-enc ChaCha20" "aead-enc ChaCha20-Poly1305" "mac POLY1305")
# Which provider serves ALG unforced on this class (armaccel-info's lists).
served() {  # served CPU DISABLE KIND ALG
  local lists
  lists=$(QEMU_CPU=$1 ARMACCEL_DISABLE=$2 qemu-aarch64 -L / build/aarch64/provider/armaccel-info \
    -provider-path build/aarch64/provider | grep -E '^(ciphers|digests|macs) ')
  local alg=$4
  case $4 in SHA256) alg=SHA2-256 ;; SHA512) alg=SHA2-512 ;; SHAKE128) alg=SHAKE-128 ;; esac
  [ "$3 $4" = "mac GMAC" ] && alg=GMAC
  if grep -qw -- "$alg" <<<"$lists"; then echo armaccel; else echo default; fi
}
# ICOUNT_CLASSES / ICOUNT_ROWS ("KIND ALG;KIND ALG") narrow the run.
read -r -a classes <<<"${ICOUNT_CLASSES:-no-crypto cortex-a53}"
if [ -n "${ICOUNT_ROWS:-}" ]; then IFS=';' read -r -a rows <<<"$ICOUNT_ROWS"; fi
for class in "${classes[@]}"; do
  if [ $class = no-crypto ]; then cpu=cortex-a72 dis=$nocrypto armcap=1; else cpu=cortex-a53 dis= armcap=; fi
  echo "== $class (-cpu $cpu${dis:+, ARMACCEL_DISABLE=$dis}${armcap:+, OPENSSL_armcap=$armcap}) =="
  printf '%-30s %7s %10s %10s %10s %12s  %s\n' operation bytes openssl-3.0 openssl-3.5 armaccel armaccel-3.5 unforced
  for row in "${rows[@]}"; do
    read -r kind alg <<<"$row"
    who=$(served "$cpu" "$dis" "$kind" "$alg")
    env ${dis:+ARMACCEL_DISABLE=$dis} ${armcap:+OPENSSL_armcap=$armcap} \
      scripts/icount/vs.sh "$cpu" "$row" "${sizes[@]}" | tail -n +2 |
      while read -r line; do printf '%s  %s\n' "$line" "$who"; done
  done
done
