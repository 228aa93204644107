#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ML-KEM keygen / encaps / decaps through the kernel API
# (test/bench/mlkem_kernel_work, the lanes the provider picks on each core
# class): guest instructions on the reference CPU and estimated cycles per
# core model (the outside tools' tbprof plugin and mca.py, as
# scripts/icount/x25519.sh uses them).  Each figure is
# (run(1 + REPS) - run(1)) / REPS, so set-up cancels.
#
#   scripts/icount/mlkem_cycles.sh [MODEL...]
#     (default: cortex-a72 neoverse-n1 neoverse-v1 neoverse-v2)
#
# Environment: MLKEM_BUILD (an AArch64 build with the bench, default
# build/aarch64), MLKEM_SETS (default "512 768 1024"), MLKEM_OPS (default
# "keygen encaps decaps"), REPS (default 10), and ARMACCEL_CORE /
# ARMACCEL_DISABLE as the provider reads them.  Needs llvm-19 for cycles.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/icount_tool.sh
source "$root/scripts/lib/icount_tool.sh"
icount_built "$root"
work=${MLKEM_BUILD:-$root/build/aarch64}/test/bench/mlkem_kernel_work
reps=${REPS:-10}
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(cortex-a72 neoverse-n1 neoverse-v1 neoverse-v2)
# shellcheck source=models.sh
source "$root/scripts/icount/models.sh"

guest() {  # guest SET OP REPS QEMU-ARGS...
  local set=$1 op=$2 count=$3
  shift 3
  ARMACCEL_DISABLE=${ARMACCEL_DISABLE:-$dis} qemu-aarch64 -L / "$@" "$work" "$set" "$op" "$count"
}
insns() {  # insns SET OP
  local a b
  model_setup reference
  a=$(guest "$1" "$2" 1 -cpu "$qemu_cpu" -plugin "$out/libicount.so" 2>&1 |
    awk '/^icount/{print $2}')
  b=$(guest "$1" "$2" $((reps + 1)) -cpu "$qemu_cpu" -plugin "$out/libicount.so" 2>&1 |
    awk '/^icount/{print $2}')
  echo $(((b - a) / reps))
}
cycles() {  # cycles SET OP MODEL
  local tmp
  tmp=$(mktemp -d)
  model_setup "$3"
  TBPROF_OUT=$tmp/a.tb guest "$1" "$2" 1 -cpu "$qemu_cpu" -plugin "$out/libtbprof.so" >/dev/null
  TBPROF_OUT=$tmp/b.tb guest "$1" "$2" $((reps + 1)) -cpu "$qemu_cpu" \
    -plugin "$out/libtbprof.so" >/dev/null
  python3 "$tool/mca.py" --json --mcpu "$mca_model" --bytes 1 --reps "$reps" "$tmp/b.tb" "$tmp/a.tb" |
    python3 -c 'import json, sys; print("%.0f" % next(iter(json.load(sys.stdin).values()))["cycles_per_byte"])'
  rm -rf "$tmp"
}
lanes() {  # lanes MODEL: the lanes the bench takes there
  model_setup "$1"
  guest - ntt 0 -cpu "$qemu_cpu" | sed 's/^lanes //'
}
printf '%-22s %-10s' "operation" "reference"
for m in "${models[@]}"; do printf ' %12s' "$m"; done
printf '\n%-22s %-10s' "lanes" "$(lanes reference | tr ' ' '/')"
for m in "${models[@]}"; do printf ' %12s' "$(lanes "$m" | cut -d' ' -f1)"; done
printf '\n'
for set in ${MLKEM_SETS:-512 768 1024}; do
  for op in ${MLKEM_OPS:-keygen encaps decaps}; do
    printf '%-22s %-10s' "ML-KEM-$set $op" "$(insns "$set" "$op")"
    for m in "${models[@]}"; do printf ' %12s' "$(cycles "$set" "$op" "$m")"; done
    printf '\n'
  done
done
