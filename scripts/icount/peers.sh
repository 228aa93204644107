#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# armaccel against the best peer it is loaded into: Debian 13's OpenSSL 3.5
# (and Debian 12's 3.0) on the reference CPU, each EVP operation in the new-
# key pattern (cipher-enc, aead-enc: a key set up per message) and, where
# the algorithm has one, the TLS record pattern (cipher-rec-enc,
# aead-rec-enc: the key once, a new IV per message), at 64 B, 1 KiB and
# 16 KiB.  Guest instructions per byte (scripts/icount/vs.sh), not speed;
# compare armaccel-3.5 with openssl-3.5 and armaccel with openssl-3.0.
#
# Called by scripts/icount.sh (set "peers"):  scripts/icount/peers.sh [CPU]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cpu=${1:-max,sve-default-vector-length=16}
[ -d build/runtimes/trixie-arm64 ] || { echo "peers: run scripts/fetch-runtimes.sh first" >&2; exit 1; }
rows=(
  "aead-rec-enc AES-128-GCM" "aead-enc AES-128-GCM" "aead-rec-enc AES-256-GCM" "aead-enc AES-256-GCM"
  "aead-rec-enc ChaCha20-Poly1305" "aead-enc ChaCha20-Poly1305"
  "cipher-rec-enc AES-128-CBC" "cipher-enc AES-128-CBC" "cipher-enc AES-128-CTR"
  "mac HMAC" "mac CMAC" "mac GMAC" "mac POLY1305"
  "digest SHA256" "digest SHA512" "digest SHA3-256" "digest SM3"
  "cipher-enc SM4-ECB" "cipher-rec-enc SM4-CBC" "cipher-enc SM4-CBC" "cipher-dec SM4-CBC"
  "cipher-rec-enc SM4-CTR" "cipher-enc SM4-CTR" "aead-rec-enc SM4-GCM" "aead-enc SM4-GCM"
)
printf '%-34s %7s %10s %10s %10s %12s\n' "$cpu" bytes openssl-3.0 openssl-3.5 armaccel armaccel-3.5
for row in "${rows[@]}"; do
  scripts/icount/vs.sh "$cpu" "$row" 64 1024 16384 | tail -n +2
done
