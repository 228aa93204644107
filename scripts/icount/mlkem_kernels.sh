#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Guest instructions per ML-KEM operation and per arithmetic kernel call
# under qemu-aarch64 with the icount plugin, for the lanes the probe picks
# (mlkem-neon + keccak-sha3 on the reference CPU) and for the portable lanes
# (ARMACCEL_DISABLE=all).
#
#   scripts/icount/mlkem_kernels.sh BUILD_DIR ICOUNT_DIR [REPS]
#   (scripts/icount.sh mlkem-kernels calls it with build/aarch64)
#
# BUILD_DIR is an AArch64 build with test/bench/mlkem_kernel_work;
# ICOUNT_DIR holds libicount.so (built by scripts/icount.sh from the outside
# tools, scripts/lib/icount_tool.sh).
# Each figure is (count(1 + REPS) - count(1)) / REPS, so set-up cancels.
set -euo pipefail
build=$1 icount=$2 reps=${3:-10}
cpu=${QEMU_CPU_REF:-max,sve-default-vector-length=16}
work=$build/test/bench/mlkem_kernel_work
count() {  # disable set op reps
  ARMACCEL_DISABLE=$1 qemu-aarch64 -L / -cpu "$cpu" \
    -plugin "$icount/libicount.so" "$work" "$2" "$3" "$4" 2>&1 | awk '/^icount/{print $2}'
}
per_op() {  # disable set op
  local a b
  a=$(count "$1" "$2" "$3" 1)
  b=$(count "$1" "$2" "$3" $((reps + 1)))
  awk -v a="$a" -v b="$b" -v r="$reps" 'BEGIN { printf "%.0f", (b - a) / r }'
}
for lanes in none all; do
  label=$([ "$lanes" = none ] && echo "probed" || echo "portable")
  echo "# $label: $(ARMACCEL_DISABLE=$lanes qemu-aarch64 -L / -cpu "$cpu" "$work" - ntt 0)"
  for op in ntt inv_ntt multiply_ntts multiply_acc rej_uniform \
    encode1 encode4 encode5 encode10 encode11 encode12 \
    decode1 decode4 decode5 decode10 decode11 decode12 cbd2 cbd3 add sub; do
    echo "$label kernel $op $(per_op "$lanes" - "$op")"
  done
  for set in 512 768 1024; do
    for op in keygen encaps decaps; do
      echo "$label ML-KEM-$set $op $(per_op "$lanes" "$set" "$op")"
    done
  done
done
