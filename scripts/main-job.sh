#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The main job: builds armaccel and pushes real data through the real
# `openssl` command and an ordinary EVP program with armaccel loaded,
# checking every result against OpenSSL's default provider:
#   1. natively (x86-64: the portable lanes, forced with
#      ARMACCEL_FORCE_LANES=1 -- left alone, armaccel registers on x86-64 only
#      what the host OpenSSL lacks, which the job checks first),
#   2. as AArch64 code under qemu-aarch64 -cpu max (crypto-extension lanes),
#      with Debian's arm64 openssl binary.
# The checks: `openssl enc`/`dgst`/`mac`, an EVP program steered by
# openssl.cnf.example (AES CBC/CTR/GCM/XTS, ChaCha20(-Poly1305), SHA-2,
# SHA-3, SHAKE, CMAC, GMAC, HMAC, Poly1305) and TLS 1.3 exchanges
# (AES-256-GCM over the post-quantum hybrid group X25519MLKEM768,
# ChaCha20-Poly1305 over MLKEM1024) between `s_server` and `s_client`, and
# an ML-KEM-768 key generated, printed and checked by `openssl genpkey` /
# `pkey`.  Ends with `openssl speed -provider armaccel` in both, and
# Debian's nginx and curl exchanging 80 MiB per suite with armaccel's record
# crypto on both ends (test/servers/nginx_curl_test.sh, natively).  The checks
# are test/cli's (check_lib.sh).  Installs the Debian packages it needs when
# they are missing.
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

# shellcheck source=../test/cli/check_lib.sh
source "$root/test/cli/check_lib.sh"
set +e  # from here on a failed check is counted, not fatal
WORK_DIR=$root/build/main-job
fresh_work_dir
# Real input: OpenSSL's own library file (a few MiB of real bytes) plus a
# tail that is not a multiple of the block size.
cat "$(dpkg -L "libssl3:$(dpkg --print-architecture)" | grep '/libcrypto.so.3$' | head -1)" >input.bin
printf 'armaccel main job tail' >>input.bin
ls -l input.bin

KEY=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV=f0e0d0c0b0a090807060504030201000
sha256_of() { sha256sum | cut -c1-64; }

enc_dgst_mac() {  # the `openssl enc`, `dgst` and `mac` checks
  local c d m k iv args
  for c in aes-256-cbc aes-128-ctr aes-192-ecb chacha20; do
    k=$KEY iv=(-iv "$IV")
    [[ $c == aes* ]] && k=${KEY:0:$((${c:4:3} / 4))}
    [[ $c == *ecb ]] && iv=()
    check_equal "openssl enc -$c (sha256 of ciphertext)" \
      "$("${ossl[@]}" enc -"$c" "${prov[@]}" -K "$k" "${iv[@]}" -in input.bin | sha256_of)" \
      "$(openssl enc -"$c" -K "$k" "${iv[@]}" -in input.bin | sha256_of)"
  done
  for d in sha256 sha384 sha512 sha3-256 shake256; do
    check_equal "openssl dgst -$d" \
      "$("${ossl[@]}" dgst -"$d" "${prov[@]}" -r input.bin | cut -d' ' -f1)" \
      "$(openssl dgst -"$d" -r input.bin | cut -d' ' -f1)"
  done
  for m in "CMAC -cipher AES-256-CBC" "GMAC -cipher AES-256-GCM -macopt hexiv:${IV:0:24}" \
           "HMAC -digest SHA256" "HMAC -digest SHA3-256" "POLY1305"; do
    read -r -a args <<<"$m"
    check_equal "openssl mac $m" \
      "$("${ossl[@]}" mac "${prov[@]}" -provider default -macopt "hexkey:$KEY" "${args[@]:1}" \
          -in input.bin "${args[0]}")" \
      "$(openssl mac -macopt "hexkey:$KEY" "${args[@]:1}" -in input.bin "${args[0]}")"
  done
}

evp_program() {  # the unmodified EVP program, steered to armaccel by openssl.cnf.example,
  # against the same program on OpenSSL's default provider alone (its lines:
  # label TAB result TAB provider)
  local label ref mine
  OPENSSL_CONF=$PWD/armaccel.cnf "${emu[@]}" "$build/test/cli/evp_file_tool" input.bin >evp.mine
  OPENSSL_CONF=/dev/null "$root/build/release/test/cli/evp_file_tool" input.bin >evp.ref
  sed 's/^/    evp_file_tool: /' evp.mine
  while IFS=$'\t' read -r label ref _; do
    mine=$(awk -F'\t' -v l="$label" '$1 == l {print $2 " on " $3}' evp.mine)
    check_equal "EVP program via openssl.cnf: $label" "$mine" "$ref on armaccel"
  done <evp.ref
}

tls13() {  # TLS 1.3 between the real s_server and s_client, both on armaccel through
  # the cnf: the file as base64 lines goes to s_server -rev and comes back
  # reversed line by line.
  local spec suite cipher group kem bytes
  openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem \
    -days 1 -subj /CN=localhost >/dev/null 2>&1
  base64 -w 4096 input.bin >up.txt
  perl -ne 'chomp; print scalar reverse($_), "\n"' up.txt >down.expect
  echo CLOSE >>up.txt
  for spec in TLS_AES_256_GCM_SHA384:AES-256-GCM:X25519MLKEM768 \
              TLS_CHACHA20_POLY1305_SHA256:ChaCha20-Poly1305:MLKEM1024; do
    IFS=: read -r suite cipher group <<<"$spec"
    kem=$([ "$group" = X25519MLKEM768 ] && echo X25519MLKEM768 || echo ML-KEM)
    if ! OPENSSL_CONF=$PWD/armaccel.cnf ARMACCEL_TRACE=1 start_rev_server server.out server.err \
      "${ossl[@]}" s_server -cert cert.pem -key key.pem -tls1_3 -groups "$group"; then
      fail "TLS 1.3 $suite: s_server never listened"
      continue
    fi
    OPENSSL_CONF=$PWD/armaccel.cnf ARMACCEL_TRACE=1 timeout 300 "${ossl[@]}" s_client -quiet \
      -connect "127.0.0.1:$server_port" -ciphersuites "$suite" -groups "$group" <up.txt \
      >client.out 2>client.err
    wait "$server_pid"
    check_equal "TLS 1.3 $suite, group $group, s_server/s_client: the file both ways" \
      "$(sha256_of <client.out)" "$(sha256_of <down.expect)"
    bytes=$(awk -v c="$cipher" '$1 == "armaccel:" && $2 == c && $3 == "freed" {s += $5} END {print s + 0}' \
      client.err)
    check "  ... with armaccel's $cipher in the client's record layer ($bytes bytes)" \
      test "$bytes" -ge "$((2 * $(stat -c %s input.bin)))"
    check "  ... key exchange on armaccel's $kem (server encapsulated)" \
      grep -q "armaccel: $kem encapsulate on" server.err
    check "  ... (client decapsulated)" grep -q "armaccel: $kem decapsulate on" client.err
  done
}

mlkem_key() {  # an ML-KEM-768 key: generated, written as PKCS#8 PEM, printed,
  # checked (FIPS 203 key checks) and its public half written as SPKI.  No
  # property query here: reading a file needs the default provider's store.
  local kp=(-provider-path "$mods" -provider armaccel -provider default)
  rm -f mlkem.pem mlkem.pub.pem
  "${ossl[@]}" genpkey "${kp[@]}" -algorithm ML-KEM-768 -out mlkem.pem
  "${ossl[@]}" pkey "${kp[@]}" -in mlkem.pem -pubout -out mlkem.pub.pem
  check_equal "openssl genpkey -algorithm ML-KEM-768, pkey -check" \
    "$("${ossl[@]}" pkey "${kp[@]}" -in mlkem.pem -check -noout 2>&1)" "Key is valid"
  check_equal "  ... pkey -text shows the key" \
    "$("${ossl[@]}" pkey "${kp[@]}" -in mlkem.pem -text -noout | head -1)" "ML-KEM-768 Private-Key:"
  check_equal "  ... pkey -pubout gives a PUBLIC KEY" "$(head -1 mlkem.pub.pem)" \
    "-----BEGIN PUBLIC KEY-----"
}

speed_figures() {  # `openssl speed` on armaccel: the figures, no check
  local alg
  echo "-- openssl speed -provider armaccel -provider default -propquery provider=armaccel --"
  for alg in aes-128-ctr sha256 aes-128-gcm chacha20-poly1305; do
    "${ossl[@]}" speed "${prov[@]}" -provider default -seconds 1 -evp "$alg" 2>/dev/null |
      tail -"$([ "$alg" = aes-128-ctr ] && echo 3 || echo 1)"
  done
}

run_job() {  # run_job LABEL BUILD_DIR OPENSSL_CMD...
  local label=$1
  build=$2
  shift 2
  ossl=("$@")
  mods=$build/provider
  emu=()
  [ "$build" = "$root/build/aarch64" ] && emu=(qemu-aarch64 -L / -cpu max)
  prov=(-provider-path "$mods" -provider armaccel -propquery provider=armaccel)
  echo
  echo "== $label =="
  "${emu[@]}" "$build/provider/armaccel-info" -provider-path "$mods"
  write_armaccel_cnf "$mods"
  enc_dgst_mac
  evp_program
  tls13
  mlkem_key
  speed_figures
}

step_aside() {  # unforced on x86-64, armaccel registers only what OpenSSL 3.0 lacks, and
  # `?provider=armaccel` falls through to the default provider for the rest
  local mods=$root/build/release/provider ciphers
  # the "Provided:" part only: the "Legacy:" part lists libcrypto's built-in names
  ciphers=$(openssl list -cipher-algorithms -provider-path "$mods" -provider armaccel 2>&1 |
    sed -n '/^Provided:/,$p')
  echo
  echo "== native x86-64, not forced: armaccel steps aside =="
  "$mods/armaccel-info" -provider-path "$mods" | sed -n '/^families:/,/^ciphers/p'
  check "armaccel offers SM4-GCM (OpenSSL 3.0 lacks it)" grep -q "SM4-GCM" <<<"$ciphers"
  check "  ... but not AES-256-CBC (OpenSSL's own code counts fewer instructions)" \
    bash -c '! grep -q "AES-256-CBC" <<<"$1"' _ "$ciphers"
  check_equal "  ... and AES-256-CBC with ?provider=armaccel falls through to the default provider" \
    "$(openssl enc -aes-256-cbc -K "$KEY" -iv "$IV" -provider-path "$mods" -provider armaccel \
        -provider default -propquery '?provider=armaccel' -in input.bin | sha256_of)" \
    "$(openssl enc -aes-256-cbc -K "$KEY" -iv "$IV" -in input.bin | sha256_of)"
}

step_aside
ARMACCEL_FORCE_LANES=1 run_job "native x86-64 (portable lanes, forced)" "$root/build/release" openssl
run_job "AArch64 under qemu-aarch64 -cpu max (hardware lanes)" "$root/build/aarch64" \
  qemu-aarch64 -L / -cpu max "$root/build/arm64-openssl/usr/bin/openssl"
echo
echo "== Debian's nginx and curl on armaccel (native, forced): TLS 1.3 over X25519MLKEM768, TLS 1.2 =="
WORK_DIR=$root/build/main-job-servers bash "$root/test/servers/nginx_curl_test.sh" \
  "$root/build/release/provider" ||
  failures=$((failures + 1))
echo
if [ "$failures" -eq 0 ]; then
  echo "main job: every result equals OpenSSL's default provider"
else
  echo "main job: $failures check(s) failed"
  exit 1
fi
