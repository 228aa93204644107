#!/usr/bin/env bash
# The main job: builds armaccel and pushes real data through the real
# `openssl` command and an ordinary EVP program with armaccel loaded,
# checking every result against OpenSSL's default provider:
#   1. natively (x86-64: portable lanes),
#   2. as AArch64 code under qemu-aarch64 -cpu max (crypto-extension lanes),
#      with Debian's arm64 openssl binary.
# Ends with `openssl speed -provider armaccel` in both.  Installs the Debian
# packages it needs when they are missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/install-deps.sh cross

echo "== building (native release and aarch64 cross) =="
cmake --preset release >/dev/null
cmake --build --preset release
scripts/fetch-arm64-openssl.sh
cmake --preset aarch64 >/dev/null
cmake --build --preset aarch64

work=$root/build/main-job
rm -rf "$work"; mkdir -p "$work"
# Real input: OpenSSL's own library file (a few MiB of real bytes) plus a
# tail that is not a multiple of the block size.
cat "$(dpkg -L "libssl3:$(dpkg --print-architecture)" | grep '/libcrypto.so.3$' | head -1)" >"$work/input.bin"
printf 'armaccel main job tail' >>"$work/input.bin"
ls -l "$work/input.bin"

failures=0
KEY=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV=f0e0d0c0b0a090807060504030201000
run_job() {  # run_job LABEL BUILD_DIR OPENSSL_CMD...
  local label=$1 build=$2; shift 2
  local ossl=("$@") mods=$build/provider emu=()
  [ "$build" = "$root/build/aarch64" ] && emu=(qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu max)
  local prov=(-provider-path "$mods" -provider armaccel -propquery provider=armaccel)
  echo
  echo "== $label =="
  "${emu[@]}" "$build/provider/armaccel-info" -provider-path "$mods"
  for c in aes-256-cbc aes-128-ctr aes-192-ecb; do
    local k=${KEY:0:$(( ${c:4:3} / 4 ))} iv=(-iv "$IV")
    [[ $c == *ecb ]] && iv=()
    local mine ref
    mine=$("${ossl[@]}" enc -"$c" "${prov[@]}" -K "$k" "${iv[@]}" -in "$work/input.bin" | openssl dgst -sha256 -r | cut -c1-64)
    ref=$(openssl enc -"$c" -K "$k" "${iv[@]}" -in "$work/input.bin" | openssl dgst -sha256 -r | cut -c1-64)
    report "openssl enc -$c (sha256 of ciphertext)" "$mine" "$ref"
  done
  for d in sha256 sha384 sha512; do
    local mine ref
    mine=$("${ossl[@]}" dgst -"$d" "${prov[@]}" -r "$work/input.bin" | cut -d' ' -f1)
    ref=$(openssl dgst -"$d" -r "$work/input.bin" | cut -d' ' -f1)
    report "openssl dgst -$d" "$mine" "$ref"
  done
  # The unmodified EVP program, steered to armaccel by openssl.cnf.example.
  sed "s|^# module = .*|module = $mods/armaccel.so|" openssl.cnf.example >"$work/armaccel.cnf"
  local out
  out=$(OPENSSL_CONF=$work/armaccel.cnf "${emu[@]}" "$build/test/cli/evp_file_tool" "$work/input.bin")
  echo "$out" | sed 's/^/    evp_file_tool: /'
  report "EVP program: SHA-256 via openssl.cnf" "$(echo "$out" | awk '/digest SHA256/{print $3 $4}')" \
    "$(openssl dgst -sha256 -r "$work/input.bin" | cut -d' ' -f1)[armaccel]"
  report "EVP program: SHA-512 via openssl.cnf" "$(echo "$out" | awk '/digest SHA512/{print $3 $4}')" \
    "$(openssl dgst -sha512 -r "$work/input.bin" | cut -d' ' -f1)[armaccel]"
  report "EVP program: AES-256-CBC via openssl.cnf" "$(echo "$out" | awk '/AES-256-CBC/{print $4 $5}')" \
    "$(openssl enc -aes-256-cbc -K "$KEY" -iv "$IV" -in "$work/input.bin" | openssl dgst -sha256 -r | cut -c1-64)[armaccel]"
  report "EVP program: AES-128-CTR via openssl.cnf" "$(echo "$out" | awk '/AES-128-CTR/{print $4 $5}')" \
    "$(openssl enc -aes-128-ctr -K "${KEY:0:32}" -iv "$IV" -in "$work/input.bin" | openssl dgst -sha256 -r | cut -c1-64)[armaccel]"
  echo "-- openssl speed -provider armaccel -provider default -propquery provider=armaccel --"
  "${ossl[@]}" speed -provider-path "$mods" -provider armaccel -provider default -propquery provider=armaccel \
    -seconds 1 -evp aes-128-ctr 2>/dev/null | tail -3
  "${ossl[@]}" speed -provider-path "$mods" -provider armaccel -provider default -propquery provider=armaccel \
    -seconds 1 -evp sha256 2>/dev/null | tail -1
}
report() {  # report WHAT GOT EXPECTED
  if [ -n "$2" ] && [ "$2" = "$3" ]; then
    echo "  PASS  $1: ${2:0:32}..."
  else
    echo "  FAIL  $1: got '$2', expected '$3'"
    failures=$((failures + 1))
  fi
}

run_job "native x86-64 (portable lanes)" "$root/build/release" openssl
QEMU_CPU=max run_job "AArch64 under qemu-aarch64 -cpu max (hardware lanes)" "$root/build/aarch64" \
  qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu max "$root/build/arm64-openssl/usr/bin/openssl"
echo
if [ "$failures" -eq 0 ]; then
  echo "main job: every result equals OpenSSL's default provider"
else
  echo "main job: $failures mismatch(es)"
  exit 1
fi
