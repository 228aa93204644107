#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# armaccel against the best public AArch64 code (issue 37): estimated
# cycles per operation on each core model for ML-KEM-768 keygen / encaps /
# decaps, X25519 scalar multiplication and X25519 public key from a private
# key, and (through EVP only) X25519MLKEM768 keygen / encaps / decaps:
#   armaccel      its lanes called directly, as the provider picks them on
#                 that core (scripts/icount/mlkem_cycles.sh and x25519.sh)
#   armaccel-3.5  armaccel loaded into Debian 13's OpenSSL 3.5 and asked for,
#                 through EVP (ARMACCEL_FORCE_LANES=1, so a family it leaves
#                 to the default provider is still measured on its lane)
#   openssl-3.5   OpenSSL 3.5's default provider through EVP
#   mlkem-native  pq-code-package/mlkem-native at $mlkem_native_commit, its
#                 examples/monolithic_build_native unit with the AArch64
#                 arithmetic and FIPS-202 backends, -O3, the build the issue
#                 names per core (cortex-a72: MLK_SYS_AARCH64_SLOW_BARREL_SHIFTER;
#                 neoverse-v2: -march=armv8.4-a+sha3; else -march=armv8-a),
#                 called directly (scripts/icount/anchors/mlkem_native_work.c);
#                 encaps and decaps without its per-call input checks
#                 (check_pk, check_sk, measured alone and subtracted: armaccel
#                 runs them once, at key import)
#   s2n-bignum    awslabs/s2n-bignum at $s2n_bignum_commit:
#                 curve25519_x25519_byte / curve25519_x25519base_byte on
#                 cortex-a72 and neoverse-n1, their _alt forms (64-bit
#                 MUL/UMULH) on neoverse-v1/v2 (scripts/icount/anchors/
#                 s2n_x25519_work.c)
# with the family's unforced choice in 3.5 (armaccel-info: "armaccel" where
# its lane serves, "default" where it steps aside).  Each figure is
# (run(1 + REPS) - run(1)) / REPS on the same deterministic inputs.
#
#   scripts/icount/anchors.sh [MODEL...] >docs/report/data/anchors.txt
#     (default: cortex-a72 neoverse-n1 neoverse-v1 neoverse-v2)
#
# The anchors are outside armaccel and optional: their sources are looked
# for in MLKEM_NATIVE_DIR and S2N_BIGNUM_DIR (default
# build/anchors/mlkem-native and build/anchors/s2n-bignum), a checkout at
# the pinned commit, e.g.
#   git clone https://github.com/awslabs/s2n-bignum build/anchors/s2n-bignum
#   git -C build/anchors/s2n-bignum checkout ac31a43db30953037abd1b64b540e65cf31f4c67
# (or a `git archive` of that commit with the commit's hash in DIR/.commit).
# An anchor that is absent, or at another commit, is not measured: the
# output says so and its column is "absent".  Environment as for
# mlkem_cycles.sh and x25519.sh (REPS, default 10; MLKEM_BUILD,
# X25519_BUILD, ARMACCEL_MODULES, ICOUNT_DIR); ANCHORS_BUILD (default
# build/anchors/bin) takes the anchors' binaries.  Needs the aarch64 build,
# OpenSSL 3.5 for arm64 (scripts/fetch-runtimes.sh trixie-arm64),
# gcc-aarch64-linux-gnu and llvm-19.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/icount_tool.sh
source "$root/scripts/lib/icount_tool.sh"
icount_built "$root"
# shellcheck source=models.sh
source "$root/scripts/icount/models.sh"
rt35=$root/build/runtimes/trixie-arm64
build=${MLKEM_BUILD:-$root/build/aarch64}
modules=${ARMACCEL_MODULES:-$build/provider}
reps=${REPS:-10}
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(cortex-a72 neoverse-n1 neoverse-v1 neoverse-v2)
[ -d "$rt35" ] || { echo "anchors: run scripts/fetch-runtimes.sh trixie-arm64 first" >&2; exit 1; }
mlkem_native_commit=d1b2fe782888bdb761a50336012923180be7f502
s2n_bignum_commit=ac31a43db30953037abd1b64b540e65cf31f4c67
mlkem_native_dir=${MLKEM_NATIVE_DIR:-$root/build/anchors/mlkem-native}
s2n_bignum_dir=${S2N_BIGNUM_DIR:-$root/build/anchors/s2n-bignum}
bin=${ANCHORS_BUILD:-$root/build/anchors/bin}
cc=aarch64-linux-gnu-gcc
drivers=$root/scripts/icount/anchors

# anchor_state DIR COMMIT: "built" when DIR holds COMMIT's sources, else
# why not (printed into the output).
anchor_state() {
  local commit
  [ -d "$1" ] || { echo "absent (no sources at $1)"; return; }
  command -v "$cc" >/dev/null || { echo "absent (no $cc to build it)"; return; }
  commit=$(git -C "$1" rev-parse HEAD 2>/dev/null || cat "$1/.commit" 2>/dev/null || true)
  if [ "$commit" != "$2" ]; then
    echo "absent (the sources at $1 are at ${commit:-an unknown commit}, not the pinned one)"
  else
    echo built
  fi
}
mlkem_native_state=$(anchor_state "$mlkem_native_dir" "$mlkem_native_commit")
s2n_bignum_state=$(anchor_state "$s2n_bignum_dir" "$s2n_bignum_commit")
mkdir -p "$bin"
# mlkem-native, one build per variant: the monolithic unit as its example
# builds it (examples/monolithic_build_native's Makefile: -O3
# -fomit-frame-pointer -std=c99, MLK_FORCE_AARCH64 as its auto.mk sets), the
# native backends on, no randomized API (the driver passes the coins).
mlkem_variant() {  # mlkem_variant MODEL
  case $1 in
    cortex-a72) echo slow-barrel-shifter ;;
    neoverse-v2) echo sha3 ;;
    *) echo v8a ;;
  esac
}
if [ "$mlkem_native_state" = built ]; then
  src=$mlkem_native_dir/mlkem
  for variant in v8a slow-barrel-shifter sha3; do
    flags=(-march=armv8-a)
    case $variant in
      slow-barrel-shifter) flags+=(-DMLK_SYS_AARCH64_SLOW_BARREL_SHIFTER) ;;
      sha3) flags=(-march=armv8.4-a+sha3) ;;
    esac
    "$cc" -O3 -fomit-frame-pointer -std=c99 "${flags[@]}" -DMLK_FORCE_AARCH64 \
      -DMLK_CONFIG_PARAMETER_SET=768 -DMLK_CONFIG_USE_NATIVE_BACKEND_ARITH \
      -DMLK_CONFIG_USE_NATIVE_BACKEND_FIPS202 -DMLK_CONFIG_NO_RANDOMIZED_API \
      -I"$mlkem_native_dir/examples/monolithic_build_native/mlkem_native" -I"$src" \
      "$src/mlkem_native.c" "$src/mlkem_native_asm.S" "$drivers/mlkem_native_work.c" \
      -o "$bin/mlkem_native_work-$variant"
  done
fi
if [ "$s2n_bignum_state" = built ]; then
  "$cc" -O3 -I"$s2n_bignum_dir/include" \
    "$s2n_bignum_dir"/arm/curve25519/curve25519_x25519{,base}_byte{,_alt}.S \
    "$drivers/s2n_x25519_work.c" -o "$bin/s2n_x25519_work"
fi

# cycles MODEL SYSROOT PROGRAM ARGS...: estimated cycles of one operation,
# PROGRAM ARGS REPS run under the model's qemu CPU (as mlkem_cycles.sh).
cycles() {
  local model=$1 sysroot=$2 tmp
  shift 2
  tmp=$(mktemp -d)
  model_setup "$model"
  TBPROF_OUT=$tmp/a.tb qemu-aarch64 -L "$sysroot" -cpu "$qemu_cpu" -plugin "$out/libtbprof.so" \
    "$@" 1 >/dev/null
  TBPROF_OUT=$tmp/b.tb qemu-aarch64 -L "$sysroot" -cpu "$qemu_cpu" -plugin "$out/libtbprof.so" \
    "$@" $((reps + 1)) >/dev/null
  python3 "$tool/mca.py" --json --mcpu "$mca_model" --bytes 1 --reps "$reps" "$tmp/b.tb" "$tmp/a.tb" |
    python3 -c 'import json, sys; print("%.0f" % next(iter(json.load(sys.stdin).values()))["cycles_per_byte"])'
  rm -rf "$tmp"
}
# evp MODEL default|armaccel KIND ALG: one KEM operation through EVP in 3.5
# (kem_work, cpb.sh of the outside tools).
evp() {
  local vars=("SYSROOT=$rt35") opts=()
  model_setup "$1"
  vars+=(${armcap:+OPENSSL_armcap=$armcap})
  if [ "$2" = armaccel ]; then
    vars+=(${dis:+ARMACCEL_DISABLE=$dis} "OPENSSL_MODULES=$modules" ARMACCEL_FORCE_LANES=1)
    opts=(-p armaccel -p default -q provider=armaccel)
  fi
  env "${vars[@]}" "$tool/cpb.sh" "$out" "$qemu_cpu" "$mca_model" "$3" "$4" 1 "$reps" \
    "${opts[@]}" 2>/dev/null | tail -1 | awk '{printf "%.0f\n", $7}'
}
# unforced MODEL FAMILY: who serves the family in 3.5 on that core.
unforced() {
  model_setup "$1"
  QEMU_CPU=$qemu_cpu ARMACCEL_DISABLE=$dis qemu-aarch64 -L "$rt35" "$build/provider/armaccel-info" \
    -provider-path "$modules" | awk -v f="  $2:" 'index($0, f) == 1 {
      if ($0 ~ /deferred to the default provider/) print "default"; else print "armaccel"
      found = 1 }
      END { if (!found) print "n/a" }'
}

# armaccel's own lanes, called directly: the existing scripts, every model
# at once.
echo "anchors: armaccel's lanes (mlkem_cycles.sh, x25519.sh)" >&2
mlkem=$(MLKEM_SETS=768 REPS=$reps MLKEM_BUILD=$build "$root/scripts/icount/mlkem_cycles.sh" \
  "${models[@]}")
x25519=$(X25519_BUILD=${X25519_BUILD:-$build} ARMACCEL_MODULES=$modules ARMACCEL_FORCE_LANES=1 \
  REPS=$reps "$root/scripts/icount/x25519.sh" "${models[@]}" |
  awk '/^X25519 server/ {skip = 1} !skip')  # (awk reads to the end: x25519.sh is not cut short)
# x25519_col OP MODEL COLUMN: a figure from x25519.sh's table (column 5:
# OpenSSL 3.5 through EVP, 6: armaccel's lane, 7: armaccel through EVP in
# 3.5).
x25519_col() {
  local start=scalar
  [ "$1" = public-key ] && start=public
  awk -v m="$2" -v s="^X25519 $start" -v c="$3" '$0 ~ s {on = 1} /^X25519/ && $0 !~ s {on = 0}
    on && $3 == m {print $c}' <<<"$x25519"
}
# mlkem_col OP MODEL: armaccel's direct figure from mlkem_cycles.sh's table.
mlkem_col() {
  local col i
  for i in "${!models[@]}"; do [ "${models[$i]}" = "$2" ] && col=$((i + 4)); done
  awk -v op="$1" -v c="$col" '$1 == "ML-KEM-768" && $2 == op {print $c}' <<<"$mlkem"
}

echo "== armaccel against the best public AArch64 code" \
  "(estimated cycles per operation, REPS=$reps; tbprof + llvm-mca) =="
echo "anchor mlkem-native $mlkem_native_commit $mlkem_native_state"
echo "anchor s2n-bignum $s2n_bignum_commit $s2n_bignum_state"
printf '%-15s %-11s %-12s %9s %12s %11s %12s %10s  %-12s %s\n' algorithm operation model armaccel \
  armaccel-3.5 openssl-3.5 mlkem-native s2n-bignum unforced-3.5 anchor-build
for model in "${models[@]}"; do
  echo "anchors: $model" >&2
  model_setup "$model" && [ -n "$mca_model" ] ||
    { echo "anchors: '$model' is not a core model (scripts/icount/models.sh)" >&2; exit 2; }
  variant=$(mlkem_variant "$model")
  s2n=scalarmult s2n_base=base
  case $model in neoverse-v1 | neoverse-v2) s2n=scalarmult-alt s2n_base=base-alt ;; esac
  who=$(unforced "$model" ml-kem)
  for op in keygen encaps decaps; do
    kind=kem-${op%s}
    [ "$op" = keygen ] && kind=kem-keygen
    anchor=absent
    if [ "$mlkem_native_state" = built ]; then
      work=$bin/mlkem_native_work-$variant
      anchor=$(cycles "$model" / "$work" "$op")
      case $op in
        encaps) anchor=$((anchor - $(cycles "$model" / "$work" check_pk))) ;;
        decaps) anchor=$((anchor - $(cycles "$model" / "$work" check_sk))) ;;
      esac
    fi
    printf '%-15s %-11s %-12s %9s %12s %11s %12s %10s  %-12s %s\n' ML-KEM-768 "$op" "$model" \
      "$(mlkem_col "$op" "$model")" "$(evp "$model" armaccel "$kind" ML-KEM-768)" \
      "$(evp "$model" default "$kind" ML-KEM-768)" "$anchor" n/a "$who" "mlkem-native:$variant"
  done
  who=$(unforced "$model" x25519)
  for op in scalarmult public-key; do
    anchor=absent fn=$s2n
    [ "$op" = public-key ] && fn=$s2n_base
    [ "$s2n_bignum_state" != built ] || anchor=$(cycles "$model" / "$bin/s2n_x25519_work" "$fn")
    printf '%-15s %-11s %-12s %9s %12s %11s %12s %10s  %-12s %s\n' X25519 "$op" "$model" \
      "$(x25519_col "$op" "$model" 6)" "$(x25519_col "$op" "$model" 7)" \
      "$(x25519_col "$op" "$model" 5)" n/a "$anchor" "$who" "s2n-bignum:$fn"
  done
  who=$(unforced "$model" x25519mlkem768)
  for op in keygen encaps decaps; do
    kind=kem-${op%s}
    [ "$op" = keygen ] && kind=kem-keygen
    printf '%-15s %-11s %-12s %9s %12s %11s %12s %10s  %-12s %s\n' X25519MLKEM768 "$op" "$model" \
      n/a "$(evp "$model" armaccel "$kind" X25519MLKEM768)" \
      "$(evp "$model" default "$kind" X25519MLKEM768)" n/a n/a "$who" -
  done
done
