#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A TLS 1.3 server's key-exchange work per handshake, armaccel against the
# default provider of Debian 12's OpenSSL 3.0 and Debian 13's 3.5, in guest
# instructions on the reference CPU and estimated cycles per core model
# (the outside qemu-icount tools; an estimate, not a measurement of speed):
#   - X25519MLKEM768: the server's encapsulation (an ephemeral X25519 key
#     pair and its shared secret, ML-KEM-768 encapsulation) through EVP
#     (kem_work), armaccel preferred; OpenSSL 3.0's default provider lacks
#     the group, so 3.0's column is armaccel alone;
#   - X25519: an ephemeral key pair and its shared secret
#     (scripts/icount/x25519.sh's server row): OpenSSL through EVP against
#     armaccel's X25519 lane and against the x25519 family through EVP in
#     3.5 (armaccel loaded by openssl.cnf.example, so on a core where the
#     family steps aside that column is OpenSSL's own code).
#
#   scripts/icount/handshake.sh [MODEL...]   (default: cortex-a72 neoverse-n1)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/icount_tool.sh
source "$root/scripts/lib/icount_tool.sh"
icount_built "$root"
modules=${ARMACCEL_MODULES:-$root/build/aarch64-dev/provider}
rt35=$root/build/runtimes/trixie-arm64
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(cortex-a72 neoverse-n1)
list=$(IFS=,; echo "${models[*]}")
reps=${REPS:-10}

# encap SYSROOT default|armaccel: "insns cycles(model1) cycles(model2)..."
encap() {
  local opts=() vars=("SYSROOT=$1")
  if [ "$2" = armaccel ]; then
    opts=(-p armaccel -p default -q provider=armaccel)
    vars+=("OPENSSL_MODULES=$modules" ARMACCEL_FORCE_LANES=1)
  fi
  env "${vars[@]}" "$tool/cpb.sh" "$out" max,sve-default-vector-length=16 "$list" kem-encap \
    X25519MLKEM768 1 "$reps" "${opts[@]}" 2>/dev/null |
    awk '{c = c " " sprintf("%.0f", $7); i = sprintf("%.0f", $8)} END {print (i == "" ? "n/a" : i c)}'
}
printf '%-40s %12s %12s %12s %12s\n' "X25519MLKEM768 server (encapsulation)" openssl-3.0 \
  armaccel-3.0 openssl-3.5 armaccel-3.5
read -r -a a30 <<<"$(encap / armaccel)"
read -r -a o35 <<<"$(encap "$rt35" default)"
read -r -a a35 <<<"$(encap "$rt35" armaccel)"
printf '%-40s %12s %12s %12s %12s\n' "instructions (reference CPU)" n/a "${a30[0]}" "${o35[0]}" \
  "${a35[0]}"
for i in "${!models[@]}"; do
  printf '%-40s %12s %12s %12s %12s\n' "estimated cycles, ${models[$i]}" n/a "${a30[$((i + 1))]:-n/a}" \
    "${o35[$((i + 1))]:-n/a}" "${a35[$((i + 1))]:-n/a}"
done
echo
X25519_ROWS=2 "$root/scripts/icount/x25519.sh" "${models[@]}"
