#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Guest instructions per ML-KEM operation on QEMU's Cortex-M4 board
# (mps2-an386), best lanes beside the portable ones, plus the stack each
# operation takes (from the mlkem_kat image, measured by painting).  The
# performance proxy of the outside qemu-icount tools (scripts/icount.sh
# builds their plugin, scripts/lib/icount_tool.sh): instruction counts, not
# cycles (a Cortex-M4 retires at most one instruction per cycle).
# Needs the cortex-m4 preset built (cmake --build --preset cortex-m4).
#
# Called by scripts/icount.sh: scripts/icount/cortexm.sh PRESET [BITS...]
# (BITS default: 512 768 1024)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
preset=${1:-cortex-m4}
shift || true
sets=("${@:-512 768 1024}")
read -r -a sets <<<"${sets[*]}"
out=$ICOUNT_DIR
build=$root/build/$preset
board=mps2-an386
[ "${preset#cortex-m7}" != "$preset" ] && board=mps2-an500
image=$build/test/baremetal/mlkem_work.elf
[ -f "$image" ] || { echo "build the $preset preset first" >&2; exit 1; }

count() {  # count ARGS...: guest instructions of one run of mlkem_work ARGS
  local cfg="enable=on,target=native,arg=mlkem_work" a
  for a in "$@"; do cfg+=",arg=$a"; done
  timeout 600 qemu-system-arm -M "$board" -nographic -semihosting-config "$cfg" \
    -kernel "$image" -plugin "$out/libicount.so" 2>&1 | awk '/^icount/{print $2}'
}
per_op() {  # per_op BITS OP [portable]: instructions per operation
  local a b
  a=$(count "$1" "$2" 1 ${3:-})
  b=$(count "$1" "$2" 6 ${3:-})
  awk -v a="$a" -v b="$b" 'BEGIN{printf "%.0f", (b - a) / 5}'
}

echo "ML-KEM on $board ($preset), guest instructions per operation:"
printf '  %-12s %-7s %12s %12s %8s\n' "" "" "best lanes" "portable" "ratio"
for bits in "${sets[@]}"; do
  for op in keygen encaps decaps; do
    fast=$(per_op "$bits" "$op")
    slow=$(per_op "$bits" "$op" portable)
    printf '  %-12s %-7s %12s %12s %8s\n' "ML-KEM-$bits" "$op" "$fast" "$slow" \
      "$(awk -v a="$slow" -v b="$fast" 'BEGIN{printf "%.2f", a/b}')"
  done
done
echo
echo "Stack (bytes, from the mlkem_kat image):"
timeout 600 qemu-system-arm -M "$board" -nographic -semihosting \
  -kernel "$build/test/baremetal/mlkem_kat.elf" 2>&1 | grep '^stack' | sed 's/^/  /'
