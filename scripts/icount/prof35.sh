#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Where the instructions of one EVP operation go (../shared/tools/qemu-icount
# iprof), armaccel loaded into Debian 13's OpenSSL 3.5 (or, with
# ARMACCEL_PROF_RUNTIME=/, Debian 12's 3.0) or that OpenSSL's default
# provider alone: the profile of REPS+1 runs minus that of one run, so
# one-time costs cancel.
#
#   scripts/icount/prof35.sh [default] CPU KIND ALG BYTES REPS [TOP]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
who=armaccel
[ "${1:-}" = default ] && { who=default; shift; }
cpu=${1:?usage: prof35.sh [default] CPU KIND ALG BYTES REPS [TOP]}
kind=$2 alg=$3 bytes=$4 reps=$5 top=${6:-25}
out=${ICOUNT_DIR:-$root/build/icount}
# shellcheck source=../lib/icount_tool.sh
source "$root/scripts/lib/icount_tool.sh"
tool=$(icount_tool "$root")
[ -f "$out/libiprof.so" ] || "$tool/build.sh" "$out" >/dev/null
sysroot=${ARMACCEL_PROF_RUNTIME:-$root/build/runtimes/trixie-arm64}
opts=()
[ "$who" = armaccel ] && opts=(-p armaccel -p default -q provider=armaccel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in 1 $((reps + 1)); do
  IPROF_OUT=$tmp/p$r OPENSSL_MODULES=$root/build/aarch64/provider ARMACCEL_FORCE_LANES=1 \
    qemu-aarch64 -L "$sysroot" -cpu "$cpu" -plugin "$out/libiprof.so" "$out/evp_work.arm64" \
    "${opts[@]}" "$kind" "$alg" "$bytes" "$r" >/dev/null 2>&1
done
"$tool/iprof.py" --top "$top" "$tmp/p$((reps + 1))" "$tmp/p1"
