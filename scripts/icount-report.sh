#!/usr/bin/env bash
# Guest instructions per byte under qemu-aarch64 (the performance proxy, see
# ../shared/tools/qemu-icount): armaccel beside OpenSSL's default provider in
# the same run, for AES-128-ECB/CBC/CTR, AES-256-CTR, SHA-256 and SHA-512 at
# 64 B, 1 KiB and 16 KiB.  Needs the aarch64 build (cmake --build --preset
# aarch64).  Usage: icount-report.sh [CPU]  (default: the reference CPU
# max,sve-default-vector-length=16).  Figures are instruction counts, not speed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cpu=${1:-max,sve-default-vector-length=16}
tool=$root/../shared/tools/qemu-icount
out=$root/build/icount
[ -x "$out/evp_work.arm64" ] || "$tool/build.sh" "$out" >/dev/null
modules=$root/build/aarch64/provider
[ -f "$modules/armaccel.so" ] || { echo "build the aarch64 preset first" >&2; exit 1; }

cases=("cipher-enc AES-128-ECB" "cipher-enc AES-128-CBC" "cipher-dec AES-128-CBC"
       "cipher-enc AES-128-CTR" "cipher-enc AES-256-CTR" "digest SHA256" "digest SHA512")
printf '%-24s %7s %10s %10s %7s\n' "operation" "bytes" "openssl" "armaccel" "ratio"
for c in "${cases[@]}"; do
  read -r kind alg <<<"$c"
  for bytes in 64 1024 16384; do
    reps=$(( bytes >= 16384 ? 20 : bytes >= 1024 ? 200 : 2000 ))
    ref=$("$tool/ipb.sh" "$out" "$cpu" "$kind" "$alg" "$bytes" "$reps" | awk '{print $5}')
    mine=$(OPENSSL_MODULES=$modules "$tool/ipb.sh" "$out" "$cpu" "$kind" "$alg" "$bytes" "$reps" \
             -p armaccel -p default -q provider=armaccel | awk '{print $5}')
    printf '%-24s %7d %10.3f %10.3f %7.2f\n' "$kind $alg" "$bytes" "$ref" "$mine" \
      "$(awk -v a="$ref" -v b="$mine" 'BEGIN{print a/b}')"
  done
done
