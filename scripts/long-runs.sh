#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The long runs the test command (scripts/test-all.sh) leaves to subsets:
#   1. the OpenSSL 3.5/3.6 runtime suites under qemu-aarch64 in every CPU
#      configuration (cortex-a53, cortex-a72 without its crypto extensions (cortex-a72-neon), the portable overrides as
#      well as max; test-all.sh runs them on max only), from a separate build
#      tree, build/aarch64-all-runtimes;
#   2. `openssl speed -kem-algorithms` and `-signature-algorithms` (one
#      second per measurement) with openssl.cnf.example active, in each
#      runtime: natively for amd64, under qemu-aarch64 -cpu max for arm64
#      (the test command runs speed over the algorithms on armaccel's code
#      only).  Every algorithm the runtime alone measures must be measured
#      with armaccel preferred too;
#   3. RFC 7748 §5.2's X25519 iterated 1,000,000 times on every X25519
#      lane (natively the portable lane, under qemu-aarch64 -cpu max the
#      NEON one; about 4 and 23 minutes on two cores);
#   4. the benchmark report measured again on a subset
#      (test/report/report_measure_test.sh: every CPU class, two
#      operations at two sizes, one cell measured alone), with the outside
#      instruction-count tools (scripts/lib/icount_tool.sh);
#   5. pyca/cryptography's whole test suite (Debian 12's python3-cryptography
#      38, from its source package), natively with and without armaccel:
#      every test and subtest that passes without armaccel must pass with
#      it (test/peers/pyca_cryptography_test.sh; the test command runs its
#      cipher, AEAD, hash, MAC and X25519 files; about 4 to 6 minutes).
# Natively about 20 minutes on two cores; the arm64 speed runs add about
# two hours (RSA-15360 key generation under emulation).  Skip parts with
# LONG_RUNS="configs speed-amd64 speed-arm64 x25519 report pyca" (default:
# all six).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
parts=${LONG_RUNS:-configs speed-amd64 speed-arm64 x25519 report pyca}
jobs=$(nproc)
scripts/install-deps.sh cross
scripts/fetch-runtimes.sh trixie-amd64 trixie-arm64 sid-amd64 sid-arm64
scripts/fetch-arm64-openssl.sh

step() { echo; echo "== $* =="; }
failed=0

if [[ " $parts " == *" configs "* ]]; then
  step "runtime suites in every AArch64 CPU configuration"
  cmake --preset aarch64 -B build/aarch64-all-runtimes -DARMACCEL_RUNTIME_ALL_CONFIGS=ON >/dev/null
  cmake --build build/aarch64-all-runtimes -j "$jobs"
  ctest --test-dir build/aarch64-all-runtimes -L runtime -j "$jobs" --output-on-failure || failed=1
fi

speed_runtime() {  # speed_runtime NAME QEMU_CPU MODULE_DIR
  local name=$1 cpu=$2 modules=$3 rt=build/runtimes/$1 work=build/long-runs/$1
  mkdir -p "$work"
  sed "s|^# module = .*|module = $root/$modules/armaccel.so|" openssl.cnf.example >"$work/armaccel.cnf"
  for kind in kem signature; do
    echo "-- $name: speed -$kind-algorithms"
    QEMU_CPU=$cpu OPENSSL_CONF=/dev/null "$rt/run" "$rt/usr/bin/openssl" speed -seconds 1 \
      "-$kind-algorithms" >"$work/$kind.plain.txt" 2>&1 || failed=1
    QEMU_CPU=$cpu OPENSSL_CONF=$work/armaccel.cnf "$rt/run" "$rt/usr/bin/openssl" speed -seconds 1 \
      "-$kind-algorithms" >"$work/$kind.armaccel.txt" 2>&1 || { echo "FAIL: $name $kind"; failed=1; }
    # Every algorithm the runtime measures alone is measured with armaccel
    # preferred too (armaccel's own ML-KEM adds rows of the same names).
    missing=$(comm -23 <(awk 'NF == 7 && $2 ~ /s$/ {print $1}' "$work/$kind.plain.txt" | sort -u) \
                       <(awk 'NF == 7 && $2 ~ /s$/ {print $1}' "$work/$kind.armaccel.txt" | sort -u))
    if [ -n "$missing" ] || ! grep -qE '^ +[A-Za-z0-9-]+ [0-9.]+s ' "$work/$kind.armaccel.txt"; then
      echo "FAIL: $name $kind: missing with armaccel preferred: ${missing:-every row}"
      failed=1
    fi
    tail -n +1 "$work/$kind.armaccel.txt" | awk 'NF == 7 && $2 ~ /s$/'
  done
}
if [[ " $parts " == *" speed-amd64 "* ]]; then
  cmake --preset release >/dev/null && cmake --build --preset release -j "$jobs" --target armaccel
  for rt in trixie-amd64 sid-amd64; do step "speed, $rt"; speed_runtime "$rt" "" build/release/provider; done
fi
if [[ " $parts " == *" speed-arm64 "* ]]; then
  cmake --preset aarch64 >/dev/null && cmake --build --preset aarch64 -j "$jobs" --target armaccel
  for rt in trixie-arm64 sid-arm64; do
    step "speed, $rt under qemu-aarch64 -cpu max"
    speed_runtime "$rt" "max,sve-default-vector-length=16" build/aarch64/provider
  done
fi
if [[ " $parts " == *" x25519 "* ]]; then
  step "X25519 iterated 1,000,000 times (RFC 7748 5.2)"
  million=--gtest_filter='*X25519Lane.Rfc7748Section52MillionIterations*'
  cmake --preset release >/dev/null && cmake --build --preset release -j "$jobs" --target kernel_tests
  ARMACCEL_X25519_MILLION=1 build/release/test/kernel_tests "$million" || failed=1
  cmake --preset aarch64 >/dev/null && cmake --build --preset aarch64 -j "$jobs" --target kernel_tests
  ARMACCEL_X25519_MILLION=1 qemu-aarch64 -L / -cpu max build/aarch64/test/kernel_tests "$million" ||
    failed=1
fi
if [[ " $parts " == *" report "* ]]; then
  step "benchmark report measured again on a subset"
  bash test/report/report_measure_test.sh || failed=1
fi

if [[ " $parts " == *" pyca "* ]]; then
  step "pyca/cryptography's whole test suite with and without armaccel"
  cmake --preset release >/dev/null && cmake --build --preset release -j "$jobs" --target armaccel
  WORK_DIR=$root/build/long-runs/pyca bash test/peers/pyca_cryptography_test.sh build/release/provider ||
    failed=1
fi

if [ $failed = 0 ]; then step "long runs passed"; else step "long runs FAILED"; exit 1; fi
