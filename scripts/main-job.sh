#!/usr/bin/env bash
# The main job: builds armaccel and pushes real data through the real
# `openssl` command and an ordinary EVP program with armaccel loaded,
# checking every result against OpenSSL's default provider:
#   1. natively (x86-64: portable lanes),
#   2. as AArch64 code under qemu-aarch64 -cpu max (crypto-extension lanes),
#      with Debian's arm64 openssl binary.
# The checks: `openssl enc`/`dgst`/`mac`, an EVP program steered by
# openssl.cnf.example (AES CBC/CTR/GCM/XTS, ChaCha20(-Poly1305), SHA-2,
# SHA-3, SHAKE, CMAC, GMAC, HMAC, Poly1305) and TLS 1.3 exchanges
# (AES-256-GCM over the post-quantum hybrid group X25519MLKEM768,
# ChaCha20-Poly1305 over MLKEM1024) between `s_server` and `s_client`, and
# an ML-KEM-768 key generated, printed and checked by `openssl genpkey` /
# `pkey`.  Ends with
# `openssl speed -provider armaccel` in both.  Installs the Debian
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
  [ "$build" = "$root/build/aarch64" ] && emu=(qemu-aarch64 -L / -cpu max)
  local prov=(-provider-path "$mods" -provider armaccel -propquery provider=armaccel)
  echo
  echo "== $label =="
  "${emu[@]}" "$build/provider/armaccel-info" -provider-path "$mods"
  for c in aes-256-cbc aes-128-ctr aes-192-ecb chacha20; do
    local k=$KEY iv=(-iv "$IV")
    [[ $c == aes* ]] && k=${KEY:0:$(( ${c:4:3} / 4 ))}
    [[ $c == *ecb ]] && iv=()
    local mine ref
    mine=$("${ossl[@]}" enc -"$c" "${prov[@]}" -K "$k" "${iv[@]}" -in "$work/input.bin" | openssl dgst -sha256 -r | cut -c1-64)
    ref=$(openssl enc -"$c" -K "$k" "${iv[@]}" -in "$work/input.bin" | openssl dgst -sha256 -r | cut -c1-64)
    report "openssl enc -$c (sha256 of ciphertext)" "$mine" "$ref"
  done
  for d in sha256 sha384 sha512 sha3-256 shake256; do
    local mine ref
    mine=$("${ossl[@]}" dgst -"$d" "${prov[@]}" -r "$work/input.bin" | cut -d' ' -f1)
    ref=$(openssl dgst -"$d" -r "$work/input.bin" | cut -d' ' -f1)
    report "openssl dgst -$d" "$mine" "$ref"
  done
  for m in "CMAC -cipher AES-256-CBC" "GMAC -cipher AES-256-GCM -macopt hexiv:${IV:0:24}" \
           "HMAC -digest SHA256" "HMAC -digest SHA3-256" "POLY1305"; do
    local args mine ref
    read -r -a args <<<"$m"
    mine=$("${ossl[@]}" mac "${prov[@]}" -provider default -macopt "hexkey:$KEY" "${args[@]:1}" \
      -in "$work/input.bin" "${args[0]}")
    ref=$(openssl mac -macopt "hexkey:$KEY" "${args[@]:1}" -in "$work/input.bin" "${args[0]}")
    report "openssl mac $m" "$mine" "$ref"
  done
  # The unmodified EVP program, steered to armaccel by openssl.cnf.example,
  # against the same program on OpenSSL's default provider alone.
  sed "s|^# module = .*|module = $mods/armaccel.so|" openssl.cnf.example >"$work/armaccel.cnf"
  local out ref_out label
  out=$(OPENSSL_CONF=$work/armaccel.cnf "${emu[@]}" "$build/test/cli/evp_file_tool" "$work/input.bin")
  ref_out=$(OPENSSL_CONF=/dev/null "$root/build/release/test/cli/evp_file_tool" "$work/input.bin")
  echo "$out" | sed 's/^/    evp_file_tool: /'
  while read -r label; do
    report "EVP program via openssl.cnf: $label" \
      "$(echo "$out" | awk -v l="$label" '{k = substr($0, 1, 28); sub(/ +$/, "", k)} k == l {print $(NF-1) $NF}')" \
      "$(echo "$ref_out" | awk -v l="$label" '{k = substr($0, 1, 28); sub(/ +$/, "", k)} k == l {print $(NF-1)}')[armaccel]"
  done < <(echo "$ref_out" | cut -c1-28 | sed 's/ *$//')
  # TLS 1.3 between the real s_server and s_client, both on armaccel through
  # the cnf: the file as base64 lines goes to s_server -rev and comes back
  # reversed line by line.
  openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" \
    -days 1 -subj /CN=localhost >/dev/null 2>&1
  base64 -w 4096 "$work/input.bin" >"$work/up.txt"
  perl -ne 'chomp; print scalar reverse($_), "\n"' "$work/up.txt" >"$work/down.expect"
  echo CLOSE >>"$work/up.txt"
  local suite cipher
  local group kem
  for suite in TLS_AES_256_GCM_SHA384:AES-256-GCM:X25519MLKEM768 \
               TLS_CHACHA20_POLY1305_SHA256:ChaCha20-Poly1305:MLKEM1024; do
    IFS=: read -r suite cipher group <<<"$suite"
    kem=$([ "$group" = X25519MLKEM768 ] && echo X25519MLKEM768 || echo ML-KEM)
    local port=$((20000 + RANDOM % 20000)) i
    rm -f "$work/server.out"
    OPENSSL_CONF=$work/armaccel.cnf ARMACCEL_TRACE=1 "${ossl[@]}" s_server -accept "$port" \
      -cert "$work/cert.pem" -key "$work/key.pem" -rev -naccept 1 -tls1_3 -groups "$group" \
      >"$work/server.out" 2>"$work/server.err" &
    local spid=$!
    for i in $(seq 1 100); do grep -q ACCEPT "$work/server.out" 2>/dev/null && break; sleep 0.1; done
    OPENSSL_CONF=$work/armaccel.cnf ARMACCEL_TRACE=1 timeout 300 "${ossl[@]}" s_client -quiet \
      -connect "127.0.0.1:$port" -ciphersuites "$suite" -groups "$group" <"$work/up.txt" \
      >"$work/client.out" 2>"$work/client.err" || true
    wait "$spid" || true
    report "TLS 1.3 $suite, group $group, s_server/s_client: the file both ways" \
      "$(sha256sum <"$work/client.out" | cut -c1-64)" "$(sha256sum <"$work/down.expect" | cut -c1-64)"
    local bytes
    bytes=$(awk -v c="$cipher" '$1 == "armaccel:" && $2 == c && $3 == "freed" {s += $5} END {print s + 0}' \
      "$work/client.err")
    report "  ... with armaccel's $cipher in the client's record layer ($bytes bytes)" \
      "$([ "$bytes" -ge "$(( 2 * $(stat -c %s "$work/input.bin") ))" ] && echo yes)" yes
    report "  ... key exchange on armaccel's $kem (server encapsulated, client decapsulated)" \
      "$(grep -q "armaccel: $kem encapsulate on" "$work/server.err" &&
         grep -q "armaccel: $kem decapsulate on" "$work/client.err" && echo yes)" yes
  done
  # An ML-KEM-768 key: generated, written as PKCS#8 PEM, printed, checked
  # (FIPS 203 key checks) and its public half written as SPKI.  No
  # property query here: reading a file needs the default provider's store.
  local kp=(-provider-path "$mods" -provider armaccel -provider default)
  rm -f "$work/mlkem.pem" "$work/mlkem.pub.pem"
  "${ossl[@]}" genpkey "${kp[@]}" -algorithm ML-KEM-768 -out "$work/mlkem.pem"
  "${ossl[@]}" pkey "${kp[@]}" -in "$work/mlkem.pem" -pubout \
    -out "$work/mlkem.pub.pem"
  report "openssl genpkey -algorithm ML-KEM-768, pkey -check" \
    "$("${ossl[@]}" pkey "${kp[@]}" -in "$work/mlkem.pem" -check -noout 2>&1)" \
    "Key is valid"
  report "  ... pkey -text shows the key" \
    "$("${ossl[@]}" pkey "${kp[@]}" -in "$work/mlkem.pem" -text -noout |
       head -1)" "ML-KEM-768 Private-Key:"
  report "  ... pkey -pubout gives a PUBLIC KEY" "$(head -1 "$work/mlkem.pub.pem")" \
    "-----BEGIN PUBLIC KEY-----"
  echo "-- openssl speed -provider armaccel -provider default -propquery provider=armaccel --"
  "${ossl[@]}" speed -provider-path "$mods" -provider armaccel -provider default -propquery provider=armaccel \
    -seconds 1 -evp aes-128-ctr 2>/dev/null | tail -3
  "${ossl[@]}" speed -provider-path "$mods" -provider armaccel -provider default -propquery provider=armaccel \
    -seconds 1 -evp sha256 2>/dev/null | tail -1
  "${ossl[@]}" speed -provider-path "$mods" -provider armaccel -provider default -propquery provider=armaccel \
    -seconds 1 -evp aes-128-gcm 2>/dev/null | tail -1
  "${ossl[@]}" speed -provider-path "$mods" -provider armaccel -provider default -propquery provider=armaccel \
    -seconds 1 -evp chacha20-poly1305 2>/dev/null | tail -1
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
  qemu-aarch64 -L / -cpu max "$root/build/arm64-openssl/usr/bin/openssl"
echo
if [ "$failures" -eq 0 ]; then
  echo "main job: every result equals OpenSSL's default provider"
else
  echo "main job: $failures mismatch(es)"
  exit 1
fi
