#!/usr/bin/env bash
# Every test: the native suite (portable lanes), the same under
# AddressSanitizer + UBSan, and the AArch64 cross build under qemu-aarch64
# for each CPU configuration (max, cortex-a53, the neon-only and portable
# overrides), including the real-openssl CLI tests, and the kernel library
# built bare-metal for Cortex-M4 and Cortex-M7 (hard- and soft-float ABI)
# with its test images on QEMU's MPS2 boards.  Installs the Debian
# packages it needs when missing.  Exit status 0 only if all pass.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/install-deps.sh cross
jobs=$(nproc)

step() { echo; echo "== $* =="; }

step "format check (clang-format)"
if command -v clang-format >/dev/null; then
  git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror
else
  echo "clang-format not installed: skipped"
fi

step "native release: build and test"
cmake --preset release
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

step "native ASan + UBSan: build and test"
cmake --preset asan
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs"

step "AArch64 cross build: test under qemu-aarch64 (max, cortex-a53, neon-only, portable)"
scripts/fetch-arm64-openssl.sh
cmake --preset aarch64
cmake --build --preset aarch64 -j "$jobs"
ctest --preset aarch64 -j "$jobs"

step "Cortex-M bare metal: build and test on mps2-an386 (M4) and mps2-an500 (M7)"
for preset in cortex-m4 cortex-m4-soft cortex-m7 cortex-m7-soft; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done

step "all tests passed"
