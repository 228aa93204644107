#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Guest instructions per byte under qemu-aarch64 (the performance proxy, see
# ../shared/tools/qemu-icount): armaccel beside OpenSSL's default provider in
# the same run, at 64 B (SHA only), 1 KiB and 16 KiB; then the GCM lane
# against armaccel's portable lane, and streaming AES-XTS (1 KiB updates of
# a 16 KiB data unit) against one-shot, through the kernel API and through
# EVP.  Needs the aarch64 build (cmake --build --preset aarch64).
#
# Called by scripts/icount.sh (the entry point, which documents the sets):
#   scripts/icount/evp.sh CPU SET
# Figures are instruction counts, not speed.  GMAC runs AES-256-GCM and
# CMAC AES-256-CBC (the harness's choice); aead-enc includes 13 bytes of AAD.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cpu=$1
set=$2
# shellcheck source=../lib/icount_tool.sh
source "$root/scripts/lib/icount_tool.sh"
tool=$(icount_tool "$root")
out=$ICOUNT_DIR
build=$root/build/aarch64
modules=$build/provider
[ -f "$modules/armaccel.so" ] || { echo "build the aarch64 preset first" >&2; exit 1; }

ipb() {  # ipb KIND ALG BYTES REPS [evp_work options]: instructions per byte
  "$tool/ipb.sh" "$out" "$cpu" "$@" | awk '{print $5}'
}
# Forced: a family armaccel would leave to the default provider on this CPU
# (provider/step_aside.h) is still measured on its lane.
mine() { OPENSSL_MODULES=$modules ARMACCEL_FORCE_LANES=1 ipb "$@" -p armaccel -p default -q provider=armaccel; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a/b}'; }
# Guest instructions of one run of an arm64 program under the plugin.
q=(qemu-aarch64 -L / -cpu "$cpu" -plugin "$out/libicount.so")
count() { OPENSSL_MODULES=$modules ARMACCEL_FORCE_LANES=1 "${q[@]}" "$@" 2>&1 | awk '/^icount/{print $2}'; }
# lanes REPS WIDTH "KIND ALG" "LABEL=DISABLE"...: armaccel's per-byte figure
# at 16 KiB with each ARMACCEL_DISABLE setting (the slower lanes).
lanes() {
  local reps=$1 width=$2 kind alg spec
  read -r kind alg <<<"$3"
  shift 3
  printf "  %-${width}s" "$kind $alg"
  for spec in "$@"; do
    printf ' %s %7.3f' "${spec%%=*}" "$(ARMACCEL_DISABLE=${spec#*=} mine "$kind" "$alg" 16384 "$reps")"
  done
  echo
}

compare() {  # compare "KIND ALG" SIZES...
  local kind alg
  read -r kind alg <<<"$1"
  shift
  for bytes in "$@"; do
    local reps=$(( bytes >= 16384 ? 20 : bytes >= 1024 ? 200 : 2000 ))
    local ref m
    ref=$(ipb "$kind" "$alg" "$bytes" "$reps")
    m=$(mine "$kind" "$alg" "$bytes" "$reps")
    printf '%-24s %7d %10.3f %10.3f %7s\n' "$kind $alg" "$bytes" "$ref" "$m" "$(ratio "$ref" "$m")"
  done
}

printf '%-24s %7s %10s %10s %7s\n' "operation" "bytes" "openssl" "armaccel" "ratio"
if [ "$set" = all ] || [ "$set" = aes-sha2 ]; then
  for c in "cipher-enc AES-128-ECB" "cipher-enc AES-128-CBC" "cipher-dec AES-128-CBC" \
           "cipher-enc AES-128-CTR" "cipher-enc AES-256-CTR"; do
    compare "$c" 64 1024 16384
  done
  for c in "digest SHA256" "digest SHA512"; do compare "$c" 64 1024 16384; done
fi
if [ "$set" = all ] || [ "$set" = chacha-sha3 ]; then
  for c in "cipher-enc ChaCha20" "aead-enc ChaCha20-Poly1305" "mac POLY1305" "mac HMAC" \
           "digest SHA3-256" "digest SHAKE128"; do
    compare "$c" 64 1024 16384
  done
  echo
  echo "armaccel's lanes at 16 KiB (ARMACCEL_DISABLE picks the slower ones):"
  lanes 5 26 "cipher-enc ChaCha20" "chacha20-neon=none" "chacha20-portable=all"
  lanes 5 26 "mac POLY1305" "poly1305-neon=none" "poly1305-portable=all"
  # Without the SHA3 instructions a single sponge runs the scalar Keccak
  # (keccak-neon's vectors serve two states at once, for ML-KEM).
  lanes 5 26 "digest SHA3-256" "keccak-sha3=none" "scalar=sha3"
  lanes 5 26 "digest SHAKE128" "keccak-sha3=none" "scalar=sha3"
fi
if [ "$set" = all ] || [ "$set" = sm ]; then
  for c in "cipher-enc SM4-ECB" "cipher-enc SM4-CBC" "cipher-dec SM4-CBC" "cipher-enc SM4-CTR" \
           "digest SM3"; do
    compare "$c" 64 1024 16384
  done
  echo
  echo "armaccel's SM4/SM3 lanes at 16 KiB (ARMACCEL_DISABLE picks the slower ones):"
  for c in "cipher-enc SM4-ECB" "cipher-enc SM4-CBC" "cipher-dec SM4-CBC" "cipher-enc SM4-CTR"; do
    lanes 3 22 "$c" "sm4-ce=none" "sm4-neon=sm4" "sm4-portable=all"
  done
  lanes 3 22 "digest SM3" "sm3-ce=none" "sm3-portable=sm3"
fi
if [ "$set" = all ] || [ "$set" = mlkem ]; then
  echo
  echo "ML-KEM through EVP (kem_work), guest instructions per operation; OpenSSL 3.0 has no"
  echo "ML-KEM (anchors for ML-KEM-768: OpenSSL 4.0-dev 314k / 163k / 275k, see the issue):"
  per_op() {  # per_op ALG OP: instructions per operation (1 and 11 runs subtracted)
    local kem=("$out/kem_work.arm64" -p armaccel -p default -q provider=armaccel "$1" "$2") a b
    a=$(count "${kem[@]}" 1)
    b=$(count "${kem[@]}" 11)
    awk -v a="$a" -v b="$b" 'BEGIN{printf "%.0f", (b - a) / 10}'
  }
  printf '  %-12s %-7s %12s %12s %9s\n' "" "" "best lane" "portable" "ratio"
  for alg in ML-KEM-512 ML-KEM-768 ML-KEM-1024; do
    for op in keygen encap decap; do
      fast=$(per_op "$alg" "$op")
      slow=$(ARMACCEL_DISABLE=all per_op "$alg" "$op")
      printf '  %-12s %-7s %12s %12s %9s\n' "$alg" "$op" "$fast" "$slow" "$(ratio "$slow" "$fast")"
    done
  done
fi
[ "$set" = all ] || [ "$set" = aead ] || exit 0
for c in "aead-enc AES-128-GCM" "aead-enc AES-256-GCM" "cipher-enc AES-128-XTS" \
         "cipher-enc AES-256-XTS" "mac GMAC" "mac CMAC"; do
  compare "$c" 1024 16384
done

echo
echo "AES-GCM at 16 KiB, armaccel's lanes (ARMACCEL_DISABLE=all forces the portable lane):"
for alg in AES-128-GCM AES-256-GCM; do
  fast=$(mine aead-enc "$alg" 16384 20)
  slow=$(ARMACCEL_DISABLE=all mine aead-enc "$alg" 16384 3)
  printf '  %-12s gcm-ce %7.3f  portable %8.3f  portable/gcm-ce %6s\n' "$alg" "$fast" "$slow" \
    "$(ratio "$slow" "$fast")"
done

echo
echo "AES-XTS, 16 KiB: one 16 KiB data unit in one update, the same unit in 1 KiB updates"
echo "(xts_streaming), and sixteen 1 KiB data units one-shot (the same EVP calls):"
per_byte() {  # per_byte PROGRAM ARGS... (REPS appended): instructions per byte
  local a b
  a=$(count "$@" 1)
  b=$(count "$@" 21)
  awk -v a="$a" -v b="$b" 'BEGIN{printf "%.4f", (b - a) / (16384 * 20)}'
}
for bits in 128 256; do
  k1=$(per_byte "$build/test/bench/xts_kernel_work" "$bits" 16384 0)
  k2=$(per_byte "$build/test/bench/xts_kernel_work" "$bits" 16384 1024)
  e1=$(per_byte "$build/test/bench/xts_stream_work" "AES-$bits-XTS" 16384 0)
  e2=$(per_byte "$build/test/bench/xts_stream_work" "AES-$bits-XTS" 16384 1024)
  e3=$(per_byte "$build/test/bench/xts_stream_work" "AES-$bits-XTS" 16384 u1024)
  printf '  AES-%s-XTS kernel API: one-shot %.4f  streaming %.4f  (+%s%%)\n' "$bits" "$k1" "$k2" \
    "$(awk -v a="$k1" -v b="$k2" 'BEGIN{printf "%.1f", (b/a-1)*100}')"
  printf '  AES-%s-XTS through EVP: one-shot %.4f  streaming %.4f  (+%s%%)  1 KiB units %.4f (streaming %+.1f%%)\n' \
    "$bits" "$e1" "$e2" "$(awk -v a="$e1" -v b="$e2" 'BEGIN{printf "%.1f", (b/a-1)*100}')" "$e3" \
    "$(awk -v a="$e3" -v b="$e2" 'BEGIN{printf "%.1f", (b/a-1)*100}')"
done
