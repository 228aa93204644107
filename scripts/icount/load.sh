#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Guest instructions per load of armaccel under qemu-aarch64 with the icount
# plugin (test/bench/load_work): the lane self-tests alone, and a whole
# load and unload into a new library context (the default provider beside
# it), per CPU configuration.  Each figure is (count(1 + REPS) - count(1))
# / REPS, so set-up cancels.
#
#   scripts/icount/load.sh BUILD_DIR ICOUNT_DIR [REPS]
#   (scripts/icount.sh load calls it with build/aarch64)
set -euo pipefail
build=$1 icount=$2 reps=${3:-10}
work=$build/test/bench/load_work
count() {  # cpu disable what reps
  ARMACCEL_DISABLE=$2 OPENSSL_MODULES=$build/provider qemu-aarch64 -L / -cpu "$1" \
    -plugin "$icount/libicount.so" "$work" "$3" "$4" 2>&1 | awk '/^icount/{print $2}'
}
per_load() {  # cpu disable what
  local a b
  a=$(count "$1" "$2" "$3" 1)
  b=$(count "$1" "$2" "$3" $((reps + 1)))
  awk -v a="$a" -v b="$b" -v r="$reps" 'BEGIN { printf "%.0f", (b - a) / r }'
}
printf '%-44s %14s %14s %s\n' "configuration" "self-tests" "whole load" "lanes tested"
for config in "max,sve-default-vector-length=16|none|reference CPU" \
              "cortex-a53|none|cortex-a53" \
              "cortex-a72|aes,pmull,sha2,sha512,sha3,sm3,sm4|cortex-a72 without crypto extensions" \
              "max,sve-default-vector-length=16|all|portable lanes only"; do
  IFS='|' read -r cpu disable label <<<"$config"
  tested=$(ARMACCEL_DISABLE=$disable qemu-aarch64 -L / -cpu "$cpu" "$work" selftest 1 | awk '{print $1}')
  printf '%-44s %14s %14s %s\n' "$label" "$(per_load "$cpu" "$disable" selftest)" \
    "$(per_load "$cpu" "$disable" provider)" "$tested"
done
