#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The benchmark report: build/report/index.md with one PNG chart per CPU
# class (reference CPU, cortex-a53, NEON-only), armaccel against OpenSSL 3.0
# and 3.5 per algorithm and message size in guest instructions per byte
# (scripts/icount/classes.sh over vs.sh: the qemu-icount proxy, not speed),
# and the kernel benchmark's bytes/s on the machine it runs on
# (test/bench/kernel_bench, Google Benchmark, wall-clock).
#
#   scripts/report.sh           writes build/report/: index.md, reference.png,
#                               cortex-a53.png, no-crypto.png, kernel-bench.png
#                               and the measurements in data/ (about 5 min on
#                               2 cores once built, plus the estimated cycles
#                               and scripts/icount/anchors.sh's table)
#   scripts/report.sh --rerender  renders docs/report again from its committed
#                               data (no measuring; after a renderer change)
#   scripts/report.sh --docs    also copies the page, charts and data to
#                               docs/report/, the committed copy the README and
#                               docs link (test/report/report_test.sh renders
#                               it again from docs/report/data and compares)
# Narrowing (the test run uses a subset; test/report/report_test.sh):
#   REPORT_CLASSES  "reference cortex-a53 no-crypto"  (the default)
#   REPORT_ROWS     "KIND ALG;KIND ALG"               (default: the list below)
#   REPORT_SIZES    "64 1024 16384"                   (message bytes)
#   REPORT_CYCLE_MODELS "cortex-a72 neoverse-n1 neoverse-v1 neoverse-v2
#                   cortex-a72-nocrypto" (estimated cycles, the default; ""
#                   for none: about 10 min a model on 2 cores)
#   REPORT_ANCHOR_MODELS "cortex-a72 neoverse-n1 neoverse-v1 neoverse-v2"
#                   (scripts/icount/anchors.sh, the default; "" for none)
#   REPORT_BENCH    Google Benchmark filter regex     (default: every benchmark)
#   REPORT_BENCH_MIN_TIME  seconds per benchmark      (default 0.1)
#   REPORT_DIR      output directory                  (default build/report)
# Makes what it needs when missing: Debian's python3-matplotlib (through
# scripts/install-deps.sh cross), OpenSSL 3.5 for arm64
# (scripts/fetch-runtimes.sh trixie-arm64), the release and aarch64 builds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
docs=false
case ${1:-} in
  --docs) docs=true ;;
  --rerender)
    # docs/report again from its committed data, measuring nothing (after a
    # change to the renderer).
    tmp=$(mktemp -d)
    cp -r docs/report/data "$tmp/data"
    /usr/bin/python3 scripts/report/render.py "$tmp"
    cp "$tmp"/*.png docs/report/
    cp "$tmp/index.md" docs/report/README.md
    rm -rf "$tmp"
    echo "report: docs/report rendered again from docs/report/data" >&2
    exit 0 ;;
  "") ;;
  *) echo "report.sh: unknown option '$1' (--docs, --rerender)" >&2; exit 2 ;;
esac
# shellcheck source=lib/icount_tool.sh
source scripts/lib/icount_tool.sh
icount_tool "$root" >/dev/null  # stops here, with a clear message, without them
out=${REPORT_DIR:-$root/build/report}
read -r -a classes <<<"${REPORT_CLASSES:-reference cortex-a53 no-crypto}"
read -r -a sizes <<<"${REPORT_SIZES:-64 1024 16384}"
rows=${REPORT_ROWS:-"aead-rec-enc AES-128-GCM;aead-enc AES-128-GCM;aead-rec-enc AES-256-GCM;\
aead-rec-enc ChaCha20-Poly1305;cipher-enc AES-128-ECB;cipher-rec-enc AES-128-CBC;\
cipher-dec AES-128-CBC;cipher-enc AES-128-CTR;cipher-enc AES-128-XTS;cipher-enc ChaCha20;\
mac HMAC;mac CMAC;mac GMAC;mac POLY1305;digest SHA256;digest SHA512;digest SHA3-256;\
digest SHAKE128;digest SM3;cipher-enc SM4-CBC;cipher-dec SM4-CBC;cipher-enc SM4-CTR;\
aead-rec-enc SM4-GCM"}
python=/usr/bin/python3  # Debian's, where python3-matplotlib is installed

# What it needs: Debian's packages (python3-matplotlib among them) and
# OpenSSL 3.5 for arm64 when missing; the release and aarch64 builds
# configured when missing and always brought up to date (a no-op when they
# are), so the figures are never those of a stale build.
"$python" -c 'import matplotlib' 2>/dev/null || scripts/install-deps.sh cross
[ -d build/runtimes/trixie-arm64 ] || scripts/fetch-runtimes.sh trixie-arm64
for preset in release aarch64; do
  [ -e "build/$preset/CMakeCache.txt" ] || cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" >&2
done

rm -rf "$out"
mkdir -p "$out/data"
for class in "${classes[@]}"; do
  echo "report: $class" >&2
  ICOUNT_CLASSES=$class ICOUNT_ROWS=$rows scripts/icount/classes.sh "${sizes[@]}" \
    >"$out/data/$class.txt"
done
# Estimated cycles per byte per core model (scripts/icount/cycles.sh, the
# outside tools' trace + llvm-mca): REPORT_CYCLE_MODELS, "" for none.
read -r -a models <<<"${REPORT_CYCLE_MODELS-cortex-a72 neoverse-n1 neoverse-v1 neoverse-v2 cortex-a72-nocrypto}"
for model in "${models[@]}"; do
  echo "report: estimated cycles, $model" >&2
  ICOUNT_METRIC=cycles ICOUNT_CLASSES=$model ICOUNT_ROWS=$rows scripts/icount/classes.sh \
    "${sizes[@]}" >"$out/data/cycles-$model.txt"
done
# ML-KEM-768, X25519 and X25519MLKEM768 per operation on the core models,
# against OpenSSL 3.5 and the public anchors when their sources are present
# (scripts/icount/anchors.sh says which).
# REPORT_ANCHOR_MODELS: "" for none.
read -r -a anchor_models <<<"${REPORT_ANCHOR_MODELS-cortex-a72 neoverse-n1 neoverse-v1 neoverse-v2}"
if [ ${#anchor_models[@]} -gt 0 ]; then
  echo "report: against the anchors" >&2
  scripts/icount/anchors.sh "${anchor_models[@]}" >"$out/data/anchors.txt"
fi
echo "report: kernel benchmark" >&2
build/release/test/bench/kernel_bench --benchmark_filter="${REPORT_BENCH:-.}" \
  --benchmark_min_time="${REPORT_BENCH_MIN_TIME:-0.1}" --benchmark_format=console \
  --benchmark_out="$out/data/kernel_bench.json" --benchmark_out_format=json \
  >"$out/data/kernel_bench.log" 2>&1

{
  echo "date $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "commit $(git describe --always --dirty 2>/dev/null || echo unknown)"
  echo "qemu $(qemu-aarch64 --version | head -1)"
  echo "openssl-3.0 $(dpkg-query -W -f '${Version}' libssl3:arm64)"
  echo "openssl-3.5 $(awk '$1 == "libssl3t64" {print $2}' build/runtimes/trixie-arm64/versions)"
  echo "host $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores)"
} >"$out/data/meta.txt"

"$python" scripts/report/render.py "$out"
echo "report: $out/index.md" >&2
if $docs; then
  rm -rf docs/report
  mkdir -p docs/report
  cp "$out"/*.png docs/report/
  cp "$out/index.md" docs/report/README.md
  cp -r "$out/data" docs/report/data
  echo "report: copied to docs/report/" >&2
fi
