#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Instruction counts, the performance proxy of ../shared/tools/qemu-icount:
# guest instructions under qemu (not speed), armaccel beside OpenSSL's own
# code in the same run where OpenSSL has the algorithm.  The one entry point
# for every count the benchmark report (docs/report) shows.
#
# Usage: scripts/icount.sh SET [CPU]              AArch64 (the aarch64 preset built)
#        scripts/icount.sh cortex-m4|cortex-m7[-soft] [BITS...]   (that preset built)
#   CPU defaults to the reference CPU max,sve-default-vector-length=16.
#   AArch64 sets, through EVP (evp_work / kem_work, and the XTS harnesses):
#     aes-sha2      AES ECB/CBC/CTR, SHA-256, SHA-512 at 64 B, 1 KiB, 16 KiB
#     aead          AES-GCM, AES-XTS, GMAC, CMAC; the GCM lanes; streaming XTS
#     chacha-sha3   ChaCha20, ChaCha20-Poly1305, Poly1305, HMAC-SHA256,
#                   SHA3-256, SHAKE128 and their lanes
#     sm            SM4 ECB/CBC/CTR, SM3, each lane
#     mlkem         ML-KEM-512/768/1024 keygen/encaps/decaps per operation
#     all           the five above
#     peers         the rows against OpenSSL 3.5 (and 3.0) it is loaded into,
#                   new-key and TLS record patterns (scripts/icount/peers.sh)
#     classes       the cores without (some of) the crypto extensions: cortex-a72
#                   without them and cortex-a53, against OpenSSL 3.0 and 3.5
#                   (scripts/icount/classes.sh; SIZES instead of CPU)
#   and through the kernel API:
#     mlkem-kernels ML-KEM arithmetic kernels per call and per operation,
#                   probed and portable lanes (test/bench/mlkem_kernel_work)
#     load          a load of armaccel: its lane self-tests alone and the whole
#                   load, per CPU configuration (test/bench/load_work)
#   Cortex-M: ML-KEM per operation on QEMU's mps2 boards, best and portable
#   lanes, and the stack each operation takes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
set_name=${1:?usage: scripts/icount.sh SET [CPU | BITS...] (see the header)}
shift
case $set_name in
  aes-sha2 | aead | chacha-sha3 | sm | mlkem | all | peers | classes | mlkem-kernels | load | cortex-m4 | \
    cortex-m4-soft | \
    cortex-m7 | cortex-m7-soft) ;;
  *)
    echo "icount.sh: unknown set '$set_name' (see the header of scripts/icount.sh)" >&2
    exit 2 ;;
esac
export ICOUNT_DIR=$root/build/icount
# shellcheck source=lib/icount_tool.sh
source "$root/scripts/lib/icount_tool.sh"
tool=$(icount_tool "$root")
[ -f "$ICOUNT_DIR/libicount.so" ] && [ -x "$ICOUNT_DIR/evp_work.arm64" ] ||
  "$tool/build.sh" "$ICOUNT_DIR" >/dev/null
case $set_name in
  aes-sha2 | aead | chacha-sha3 | sm | mlkem | all)
    exec scripts/icount/evp.sh "${1:-max,sve-default-vector-length=16}" "$set_name" ;;
  peers)
    exec scripts/icount/peers.sh "$@" ;;
  classes)
    exec scripts/icount/classes.sh "$@" ;;
  mlkem-kernels)
    QEMU_CPU_REF=${1:-max,sve-default-vector-length=16} \
      exec scripts/icount/mlkem_kernels.sh "$root/build/aarch64" "$ICOUNT_DIR" ;;
  load)
    exec scripts/icount/load.sh "$root/build/aarch64" "$ICOUNT_DIR" ;;
  cortex-m4 | cortex-m4-soft | cortex-m7 | cortex-m7-soft)
    exec scripts/icount/cortexm.sh "$set_name" "$@" ;;
esac
