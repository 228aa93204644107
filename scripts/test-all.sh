#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every test: the repository's rules (test/repo/repo_check.sh: licence
# lines, nothing read from outside the checkout, vector checksums), the
# native suite (portable lanes), the same under
# AddressSanitizer + UBSan, the constant-time check (valgrind memcheck with
# secrets marked undefined, test/ct: natively, and every AArch64 lane under
# memcheck for arm64 in qemu-aarch64, scripts/fetch-valgrind-arm64.sh), the
# differential fuzzers against the
# default provider (libFuzzer, ARMACCEL_FUZZ_SECONDS each, test/fuzz), the
# thread/fork stress tests under ThreadSanitizer, and the AArch64 cross
# build under qemu-aarch64
# for each CPU configuration (max, cortex-a53, cortex-a72 without its crypto extensions (cortex-a72-neon), the portable
# overrides), including the real-openssl CLI tests, and the kernel library
# built bare-metal for Cortex-M4 and Cortex-M7 (hard- and soft-float ABI)
# with its test images on QEMU's MPS2 boards, and the Debian packages
# (test/package/deb_test.sh: installed and purged with dpkg here, the arm64
# one used under qemu), and Debian's nginx and curl (natively and as arm64
# programs under qemu) and MariaDB on armaccel (test/servers/), and
# pyca/cryptography's own tests (Debian 12's, from its source package: the
# cipher, AEAD, hash, MAC and X25519 files) with and without armaccel
# (test/peers/), and the
# committed benchmark report against its data (test/report/).  The provider and CLI suites,
# "nothing breaks" and the ML-KEM interoperability suite also run in Debian
# 13's OpenSSL 3.5 and Debian unstable's 3.6 (natively on amd64, under
# qemu-aarch64 -cpu max on arm64; scripts/fetch-runtimes.sh), the module is
# refused by Debian experimental's OpenSSL 4.0, and it is compiled against
# the 3.5 and 3.6 headers as a build check.  Installs the Debian packages
# it needs when missing.  Exit status 0 only if all pass.  The long runs
# (every CPU configuration in 3.5/3.6, full `openssl speed` lists, the
# report measured again, pyca/cryptography's whole suite) are
# scripts/long-runs.sh and scripts/fuzz-long.sh.
# Reads nothing outside the checkout (.ci/run runs it in a clone with
# nothing beside it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/install-deps.sh cross
jobs=$(nproc)

# Each step's heading says when it started (seconds since the run began), so a
# log shows where the time went.
step() { echo; echo "== [${SECONDS} s] $* =="; }

step "repository rules: licence lines, nothing outside the checkout, vector checksums"
bash test/repo/repo_check.sh

step "format check (clang-format)"
if command -v clang-format >/dev/null; then
  git ls-files '*.cpp' '*.h' '*.c' | xargs clang-format --dry-run --Werror
else
  echo "clang-format not installed: skipped"
fi

step "OpenSSL runtimes: 3.5 (trixie), 3.6 (sid), amd64 and arm64; 4.0 (experimental, amd64)"
scripts/fetch-runtimes.sh

# require_registered PRESET TEST...: each TEST is a registered ctest name.
# The listing is read whole first: `ctest -N | grep -q` under pipefail fails
# whenever grep's early exit kills ctest with SIGPIPE.
require_registered() {
  local preset=$1 listed
  shift
  listed=$(ctest --preset "$preset" -N)
  for test in "$@"; do
    grep -qE "Test +#[0-9]+: $test\$" <<<"$listed" ||
      { echo "test-all: $test is not registered in $preset"; exit 1; }
  done
}

# Each runtime's suites must be registered (a runtime that failed to
# unpack would otherwise just leave its tests out).
require_runtime_tests() {  # require_runtime_tests PRESET RUNTIME...
  local preset=$1 rt listed
  shift
  listed=$(ctest --preset "$preset" -N -L runtime)
  for rt in "$@"; do
    for suite in provider_tests cli cli_mlkem_keys cli_tls_groups nothing_breaks mlkem_interop; do
      grep -qE "Test +#[0-9]+: $suite\.$rt\$" <<<"$listed" ||
        { echo "test-all: $suite.$rt is not registered in $preset"; exit 1; }
    done
  done
}

step "build check: the provider against OpenSSL 3.5's and 3.6's headers"
for v in 3.5 3.6; do
  cmake --preset "headers-$v" >/dev/null
  cmake --build --preset "headers-$v" -j "$jobs"
done

step "native release: build and test (OpenSSL 3.0, 3.5, 3.6; 4.0 refused)"
cmake --preset release
cmake --build --preset release -j "$jobs"
require_runtime_tests release openssl-3.5 openssl-3.6
require_registered release major_version_refused
ctest --preset release -j "$jobs"

step "servers: Debian's nginx (2 workers) and curl on armaccel, TLS 1.3 over X25519MLKEM768 and TLS 1.2"
bash test/servers/nginx_curl_test.sh build/release/provider

step "servers: Debian's MariaDB 10.11 on armaccel (AES_ENCRYPT, InnoDB encryption AES_CTR/AES_CBC, TLS)"
bash test/servers/mariadb_test.sh build/release/provider

step "peers: pyca/cryptography's own tests (cipher, AEAD, hash, MAC, X25519 files) with and without armaccel"
bash test/peers/pyca_cryptography_test.sh build/release/provider subset

step "native ASan + UBSan: build and test"
cmake --preset asan
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs"

step "constant-time check: portable lanes and provider paths under valgrind memcheck (test/ct)"
cmake --preset ct >/dev/null
cmake --build --preset ct -j "$jobs"
ctest --preset ct -j "$jobs"

step "constant-time check of the AArch64 lanes: test/ct under memcheck for arm64 in qemu-aarch64 (max, cortex-a53, cortex-a72-neon, cortex-a72, neoverse-n1)"
ct_started=$SECONDS
scripts/fetch-valgrind-arm64.sh
cmake --preset ct-aarch64 >/dev/null
cmake --build --preset ct-aarch64 -j "$jobs"
ct_tests=(ct_leak_declassified.max)
for cfg in max cortex-a53 cortex-a72-neon cortex-a72 neoverse-n1; do
  for t in ct_kernels ct_provider ct_leak_branch_caught ct_leak_index_caught; do
    ct_tests+=("$t.$cfg")
  done
done
require_registered ct-aarch64 "${ct_tests[@]}"
ctest --preset ct-aarch64 -j "$jobs"
echo "test-all: the AArch64 constant-time check took $((SECONDS - ct_started)) s"

step "differential fuzzers (libFuzzer, Clang 14): ${ARMACCEL_FUZZ_SECONDS:-60} s each against the default provider"
cmake --preset fuzz -DARMACCEL_FUZZ_SECONDS="${ARMACCEL_FUZZ_SECONDS:-60}" >/dev/null
cmake --build --preset fuzz -j "$jobs"
require_registered fuzz fuzz_cipher fuzz_aead fuzz_digest fuzz_mac fuzz_mlkem fuzz_mlkem.openssl-3.5
# Each fuzzer's executions and coverage in the summary; everything on failure.
if ! ctest --preset fuzz -j "$jobs" -V >build/fuzz/ctest.log 2>&1; then
  cat build/fuzz/ctest.log
  exit 1
fi
grep -E "run_fuzzer|INITED|DONE|stat::number|fuzz_mlkem:|make_seeds|Test +#|tests passed" \
  build/fuzz/ctest.log

step "native ThreadSanitizer: the module and the thread/fork stress tests"
cmake --preset tsan >/dev/null
cmake --build --preset tsan -j "$jobs"
require_registered tsan stress_tests.native
ctest --preset tsan -j "$jobs"

step "AArch64 cross build: test under qemu-aarch64 (max, cortex-a53, cortex-a72-neon, portable; 3.5 and 3.6 on max)"
scripts/fetch-arm64-openssl.sh
cmake --preset aarch64
cmake --build --preset aarch64 -j "$jobs"
require_runtime_tests aarch64 openssl-3.5 openssl-3.6
ctest --preset aarch64 -j "$jobs"

step "servers under qemu-aarch64 -cpu max: Debian's arm64 nginx and curl on armaccel's crypto-extension lanes"
scripts/fetch-arm64-servers.sh
qemu_ref="qemu-aarch64 -L / -cpu max,sve-default-vector-length=16"
WORK_DIR=$root/build/servers-test-arm64 ARMACCEL_FORCE_LANES=0 EXPECT_LANE=gcm-ce \
  NGINX="$qemu_ref $root/build/arm64-servers/usr/sbin/nginx" \
  CURL="$qemu_ref $root/build/arm64-servers/usr/bin/curl" \
  bash test/servers/nginx_curl_test.sh build/aarch64/provider

step "benchmark report: docs/report rendered again from its committed data, checked against it"
bash test/report/report_test.sh

step "Debian packages: cpack -G DEB (amd64, arm64), lintian, dpkg -i / --purge, arm64 under qemu"
scripts/package.sh release aarch64
bash test/package/deb_test.sh build/release/package/armaccel_*_amd64.deb \
  build/aarch64/package/armaccel_*_arm64.deb build/arm64-openssl/usr/bin/openssl

step "Cortex-M bare metal: build and test on mps2-an386 (M4) and mps2-an500 (M7)"
for preset in cortex-m4 cortex-m4-soft cortex-m7 cortex-m7-soft; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done

step "all tests passed (in ${SECONDS} s)"
