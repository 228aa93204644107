#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One X25519 scalar multiplication (RFC 7748 §5) and one public key from a
# private key: guest instructions on the reference CPU and estimated cycles
# per core model, armaccel's lane against the default provider through EVP
# (a derivation; a raw private key imported) in Debian 12's OpenSSL 3.0 and
# Debian 13's 3.5 (test/bench/x25519_work; the outside tools as
# scripts/icount/cycles.sh uses them).  Each figure is (run(1 + REPS) -
# run(1)) / REPS.
#
#   scripts/icount/x25519.sh [MODEL...]   (default: cortex-a72 neoverse-n1)
#
# The third row is a TLS 1.3 server's X25519 work for one handshake (an
# ephemeral key pair and its shared secret; X25519_ROWS=2 prints only it).
# The last column is the same EVP code in 3.5 with armaccel loaded through
# openssl.cnf.example (the x25519 family, as an application gets it; the
# module from ARMACCEL_MODULES, default build/aarch64-dev/provider).
# ARMACCEL_DISABLE narrows armaccel's lanes as for the provider (all: the
# portable lane).  Needs the aarch64 build (build/aarch64-dev or
# X25519_BUILD) with test/bench/x25519_work, and llvm-19 for cycles.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/icount_tool.sh
source "$root/scripts/lib/icount_tool.sh"
icount_built "$root"
work=${X25519_BUILD:-$root/build/aarch64-dev}/test/bench/x25519_work
rt35=$root/build/runtimes/trixie-arm64
reps=${REPS:-10}
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(cortex-a72 neoverse-n1)
# shellcheck source=models.sh
source "$root/scripts/icount/models.sh"

# The EVP modes with armaccel loaded as openssl.cnf.example loads it
# (?provider=armaccel): the x25519 family's key management and key
# exchange, with the decision the provider makes on the emulated core.
modules=${ARMACCEL_MODULES:-$root/build/aarch64-dev/provider}
cnf=$(mktemp)
trap 'rm -f "$cnf"' EXIT
sed "s|^# module = .*|module = $modules/armaccel.so|" "$root/openssl.cnf.example" >"$cnf"
guest() {  # guest SYSROOT MODE REPS QEMU-ARGS...: MODE "armaccel-evp*" runs "evp*" under the cnf
  local sysroot=$1 mode=$2 count=$3
  shift 3
  if [[ $mode == armaccel-* ]]; then
    OPENSSL_CONF=$cnf qemu-aarch64 -L "$sysroot" "$@" "$work" "${mode#armaccel-}" "$count"
  else
    qemu-aarch64 -L "$sysroot" "$@" "$work" "$mode" "$count"
  fi
}
insns() {  # insns SYSROOT MODE
  local a b
  a=$(guest "$1" "$2" 1 -cpu max,sve-default-vector-length=16 -plugin "$out/libicount.so" 2>&1 |
    awk '/^icount/{print $2}')
  b=$(guest "$1" "$2" $((reps + 1)) -cpu max,sve-default-vector-length=16 \
    -plugin "$out/libicount.so" 2>&1 | awk '/^icount/{print $2}')
  echo $(((b - a) / reps))
}
cycles() {  # cycles SYSROOT MODE MODEL
  local tmp
  tmp=$(mktemp -d)
  model_setup "$3"
  TBPROF_OUT=$tmp/a.tb guest "$1" "$2" 1 -cpu "$qemu_cpu" -plugin "$out/libtbprof.so" \
    >/dev/null 2>&1
  TBPROF_OUT=$tmp/b.tb guest "$1" "$2" $((reps + 1)) -cpu "$qemu_cpu" \
    -plugin "$out/libtbprof.so" >/dev/null 2>&1
  python3 "$tool/mca.py" --json --mcpu "$mca_model" --bytes 1 --reps "$reps" "$tmp/b.tb" "$tmp/a.tb" |
    python3 -c 'import json, sys; print("%.0f" % next(iter(json.load(sys.stdin).values()))["cycles_per_byte"])'
  rm -rf "$tmp"
}
rows=("scalar multiplication|evp|lane" "public key (base point)|evp-base|lane-base"
  "server: key pair + shared secret|evp-server|lane-server")
[ -z "${X25519_ROWS:-}" ] || rows=("${rows[@]:$X25519_ROWS}")
for what in "${rows[@]}"; do
  IFS='|' read -r label evp lane <<<"$what"
  printf '%-34s %12s %12s %12s %14s\n' "X25519 $label" openssl-3.0 openssl-3.5 armaccel \
    "armaccel-evp3.5"
  printf '%-34s %12s %12s %12s %14s\n' "instructions (reference CPU)" "$(insns / "$evp")" \
    "$(insns "$rt35" "$evp")" "$(insns / "$lane")" "$(insns "$rt35" "armaccel-$evp")"
  for m in "${models[@]}"; do
    printf '%-34s %12s %12s %12s %14s\n' "estimated cycles, $m" "$(cycles / "$evp" "$m")" \
      "$(cycles "$rt35" "$evp" "$m")" "$(cycles / "$lane" "$m")" \
      "$(cycles "$rt35" "armaccel-$evp" "$m")"
  done
done
