#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The real `openssl` binary with armaccel: provider listing, `enc` and `dgst`
# on real files checked against OpenSSL's default provider, `speed`, the
# armaccel-info program (text and -json), openssl.cnf.example (path filled in) preferring
# armaccel for unmodified commands, and TLS 1.2 (GCM, CCM, CBC
# MAC-then-encrypt and encrypt-then-MAC, ChaCha20-Poly1305) and TLS 1.3
# (GCM, CCM, ChaCha20-Poly1305) between
# s_server and s_client, 1 MiB each way, with the bytes armaccel processed
# counted from ARMACCEL_TRACE.
#
# Environment (set by CTest):
#   OPENSSL_CMD   the openssl command under test (may start with qemu-aarch64 ...)
#   REF_OPENSSL   an openssl command for reference results (default provider)
#   INFO_CMD      the armaccel-info command
#   MODULE_DIR    directory holding armaccel.so
#   WORK_DIR      scratch directory
#   ARMACCEL_EXPECT_LANES  e.g. aes=aes-ce,sha256=sha256-ce,sha512=sha512-ce
set -uo pipefail

read -r -a OSSL <<<"$OPENSSL_CMD"
read -r -a REF <<<"${REF_OPENSSL:-openssl}"
read -r -a INFO <<<"$INFO_CMD"
PROV=(-provider-path "$MODULE_DIR" -provider armaccel)
# shellcheck source=check_lib.sh
source "$(dirname "$0")/check_lib.sh"

fresh_work_dir
expect_runtime "${OSSL[@]}"
head -c 1048589 /dev/urandom >data.bin   # 1 MiB + 13: not a block multiple

# --- listing -----------------------------------------------------------------
"${OSSL[@]}" list "${PROV[@]}" -providers -verbose >providers.txt 2>&1
check "list -providers -verbose shows armaccel active" \
  grep -q "name: armaccel ARM crypto provider" providers.txt
check "  ... with status active" grep -q "status: active" providers.txt
"${OSSL[@]}" list "${PROV[@]}" -cipher-algorithms >ciphers.txt 2>&1
for alg in AES-128-ECB AES-192-CBC AES-256-CTR AES-256-GCM AES-128-CCM AES-256-XTS ChaCha20 \
           ChaCha20-Poly1305 SM4-CBC SM4-GCM SM4-CCM SM4-XTS; do
  check "list -cipher-algorithms has $alg @ armaccel" grep -qiE "$alg.* @ armaccel" ciphers.txt
done
"${OSSL[@]}" list "${PROV[@]}" -mac-algorithms >macs.txt 2>&1
for alg in GMAC CMAC HMAC POLY1305; do
  check "list -mac-algorithms has $alg @ armaccel" grep -qE "$alg.* @ armaccel" macs.txt
done
"${OSSL[@]}" list "${PROV[@]}" -digest-algorithms >digests.txt 2>&1
for alg in SHA2-512/256 SHA3-256 SHAKE-128 KECCAK-KMAC-256 SM3; do
  check "list -digest-algorithms has $alg @ armaccel" grep -qE "$alg.* @ armaccel" digests.txt
done

# --- enc and dgst against the default provider ------------------------------------
KEY=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV=f0e0d0c0b0a090807060504030201000
for c in aes-128-ecb aes-192-ecb aes-256-ecb aes-128-cbc aes-192-cbc aes-256-cbc \
         aes-128-ctr aes-192-ctr aes-256-ctr chacha20 sm4-ecb sm4-cbc sm4-ctr; do
  case $c in
    chacha20) klen=64 ;;
    sm4-*) klen=32 ;;
    *) klen=$(( ${c:4:3} / 4 )) ;;
  esac
  iv=(-iv "$IV"); [[ $c == *ecb ]] && iv=()
  "${OSSL[@]}" enc -"$c" "${PROV[@]}" -propquery provider=armaccel -K "${KEY:0:$klen}" "${iv[@]}" \
    -in data.bin -out "$c.mine" 2>/dev/null
  "${REF[@]}" enc -"$c" -K "${KEY:0:$klen}" "${iv[@]}" -in data.bin -out "$c.ref" 2>/dev/null
  check "enc -$c equals the default provider" cmp -s "$c.mine" "$c.ref"
  "${OSSL[@]}" enc -d -"$c" "${PROV[@]}" -propquery provider=armaccel -K "${KEY:0:$klen}" "${iv[@]}" \
    -in "$c.mine" -out "$c.back" 2>/dev/null
  check "enc -d -$c restores the file" cmp -s "$c.back" data.bin
done
for d in sha224 sha256 sha384 sha512 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 \
         shake128 shake256 sm3; do
  len=(); [[ $d == shake* ]] && len=(-xoflen 48)
  mine=$("${OSSL[@]}" dgst -"$d" "${len[@]}" "${PROV[@]}" -propquery provider=armaccel -r data.bin 2>/dev/null | cut -d' ' -f1)
  ref=$("${REF[@]}" dgst -"$d" "${len[@]}" -r data.bin | cut -d' ' -f1)
  check "dgst -$d ${len[*]} equals the default provider ($mine)" test -n "$mine" -a "$mine" = "$ref"
done
# SHAKE without -xoflen: a default length up to OpenSSL 3.3, none from 3.4
# (the command fails); armaccel answers as the runtime's default provider.
for d in shake128 shake256; do
  mine=$("${OSSL[@]}" dgst -"$d" "${PROV[@]}" -propquery provider=armaccel -r data.bin 2>/dev/null | cut -d' ' -f1)
  ref=$("${REF[@]}" dgst -"$d" -r data.bin 2>/dev/null | cut -d' ' -f1)
  check "dgst -$d without -xoflen answers as the default provider ('$mine')" test "$mine" = "$ref"
done

for m in "CMAC -cipher AES-256-CBC" "CMAC -cipher DES-EDE3-CBC" \
         "GMAC -cipher AES-128-GCM -macopt hexiv:$IV" "HMAC -digest SHA256" \
         "HMAC -digest SHA3-512" "HMAC -digest SM3" "POLY1305"; do
  read -r -a args <<<"$m"
  klen=64; [[ $m == *AES-128* ]] && klen=32; [[ $m == *DES* ]] && klen=48
  [[ $m == HMAC* ]] && klen=26
  mine=$(ARMACCEL_TRACE=1 "${OSSL[@]}" mac "${PROV[@]}" -provider default \
    -propquery "?provider=armaccel" -macopt "hexkey:${KEY:0:$klen}" "${args[@]:1}" \
    -in data.bin "${args[0]}" 2>mac.err)
  ref=$("${REF[@]}" mac -macopt "hexkey:${KEY:0:$klen}" "${args[@]:1}" -in data.bin "${args[0]}")
  check "mac $m equals the default provider ($mine)" test -n "$mine" -a "$mine" = "$ref"
  check "  ... and ran on armaccel's ${args[0]}" grep -q "armaccel: ${args[0]} on" mac.err
done

# --- speed ---------------------------------------------------------------------
ARMACCEL_TRACE=1 "${OSSL[@]}" speed -provider-path "$MODULE_DIR" -provider armaccel -provider default \
  -propquery provider=armaccel -evp aes-128-ctr -seconds 1 -bytes 16384 >speed.txt 2>speed.err
check "speed -evp aes-128-ctr runs and reports" grep -qiE "^aes-128-ctr" speed.txt
check "  ... on armaccel" grep -q "armaccel: AES-128-CTR on" speed.err

# --- armaccel-info ------------------------------------------------------------
"${INFO[@]}" -provider-path "$MODULE_DIR" >info.txt 2>&1
check "armaccel-info runs" grep -q "^lane aes" info.txt
IFS=, read -r -a expects <<<"${ARMACCEL_EXPECT_LANES:-}"
for e in "${expects[@]}"; do
  # On a core of the core table the lane is followed by its reason.
  check "armaccel-info: lane ${e%%=*} is ${e#*=}" grep -qE "^lane ${e%%=*} +: ${e#*=}( \(for [a-z0-9-]+: .*\))?\$" info.txt
done
"${INFO[@]}" -provider-path "$MODULE_DIR" -json >info.json 2>info-json.err
check "armaccel-info -json: the same facts as the text output, expected lanes" \
  python3 "$(dirname "$0")/info_json_check.py" info.json info.txt "${ARMACCEL_EXPECT_LANES:-}"

# --- openssl.cnf.example, path filled in -----------------------------------------
write_armaccel_cnf "$MODULE_DIR"
sed 's|^# disable = .*|disable = all|' armaccel.cnf >portable.cnf
"${INFO[@]}" -config portable.cnf >info-portable.txt 2>&1
check "armaccel-info -config with 'disable = all': portable AES lane" \
  grep -qE "^lane aes +: aes-portable" info-portable.txt
check "  ... and the source is reported" grep -qE "^override from +: .*config" info-portable.txt
# A config whose armaccel does not activate is reported as broken, naming
# its module, even when another copy is on the search path.
sed "s|^module = .*|module = $MODULE_DIR/armacel.so|; s|^# disable = .*|disable = aes|" \
  armaccel.cnf >misspelled.cnf
if "${INFO[@]}" -config misspelled.cnf -provider-path "$MODULE_DIR" >info-bad.txt 2>&1; then
  check "armaccel-info fails for a config whose armaccel module path is misspelled" false
else
  check "armaccel-info fails for a config whose armaccel module path is misspelled" true
fi
check "  ... naming the configured module" grep -q "module $MODULE_DIR/armacel.so" info-bad.txt
check "  ... and reports no lanes" bash -c "! grep -q '^lane aes' info-bad.txt"
"${INFO[@]}" -config misspelled.cnf >info-bad2.txt 2>&1 || true
check "  ... also without -provider-path (not MODULESDIR's path)" \
  grep -q "module $MODULE_DIR/armacel.so" info-bad2.txt
sed 's|^# disable = .*|disable = aes, bogus, @@@|' armaccel.cnf >typo.cnf
if "${INFO[@]}" -config typo.cnf >info-typo.txt 2>&1; then
  check "armaccel-info fails for an unknown name in the config's disable" false
else
  check "armaccel-info fails for an unknown name in the config's disable" true
fi
ARMACCEL_DISABLE="aes,bogus,@@@" "${INFO[@]}" -provider-path "$MODULE_DIR" >info-env.txt 2>&1 || true
check "an unknown ARMACCEL_DISABLE name refuses activation with the name given" \
  grep -q "unknown CPU feature name 'bogus'" info-env.txt
export OPENSSL_CONF=$PWD/armaccel.cnf
"${OSSL[@]}" list -providers >cnf-providers.txt 2>&1
check "with OPENSSL_CONF both armaccel and default are active" \
  bash -c "grep -q armaccel cnf-providers.txt && grep -q default cnf-providers.txt"
ARMACCEL_TRACE=1 "${OSSL[@]}" enc -aes-256-cbc -K "$KEY" -iv "$IV" -in data.bin -out cnf.enc 2>cnf-enc.err
check "unmodified 'openssl enc' under the cnf equals the default provider" cmp -s cnf.enc aes-256-cbc.ref
check "  ... and ran on armaccel" grep -q "armaccel: AES-256-CBC on" cnf-enc.err
# A fixed message, not data.bin: under a wrong key a random last block has
# valid padding about once in 256 runs, and then nothing fails.  This one's
# wrong-key decryption fails under the default provider too (checked).
printf 'armaccel: wrong-key check, fixed text\n' >fixed.txt
env -u OPENSSL_CONF "${REF[@]}" enc -aes-256-cbc -K "$KEY" -iv "$IV" -in fixed.txt -out fixed.enc
if env -u OPENSSL_CONF "${REF[@]}" enc -d -aes-256-cbc -K "${KEY/00/ff}" -iv "$IV" -in fixed.enc -out /dev/null 2>/dev/null; then
  check "the default provider rejects the wrong-key message (test premise)" false
fi
env -u OPENSSL_CONF "${REF[@]}" enc -d -aes-256-cbc -K "${KEY/00/ff}" -iv "$IV" -in fixed.enc \
  -out /dev/null 2>bad-ref.err
ARMACCEL_TRACE=1 "${OSSL[@]}" enc -d -aes-256-cbc -K "${KEY/00/ff}" -iv "$IV" -in fixed.enc \
  -out /dev/null 2>bad.err
# The default provider's error, code for code (ERR_LIB_PROV's bad decrypt),
# from armaccel's AES-256-CBC.
check "a wrong key fails with the default provider's 'bad decrypt'" \
  grep -q "Provider routines::bad decrypt" bad.err
check "  ... the same error code as the default provider's" \
  test "$(grep -o 'error:[0-9A-F]*' bad.err | head -1)" = "$(grep -o 'error:[0-9A-F]*' bad-ref.err | head -1)"
check "  ... from armaccel's AES-256-CBC" grep -q "armaccel: AES-256-CBC on" bad.err
mine=$(ARMACCEL_TRACE=1 "${OSSL[@]}" dgst -sha512 -r data.bin 2>cnf-dgst.err | cut -d' ' -f1)
check "unmodified 'openssl dgst -sha512' under the cnf is right" \
  test "$mine" = "$("${REF[@]}" dgst -sha512 -r data.bin | cut -d' ' -f1)"
check "  ... and ran on armaccel" grep -q "armaccel: SHA2-512 on" cnf-dgst.err

# --- TLS through libssl under the cnf -------------------------------------------
# s_server -rev echoes every line it receives, reversed: 1 MiB of random
# bytes as base64 lines goes client -> server and comes back transformed,
# so both directions are checked by one comparison.  ARMACCEL_TRACE makes
# each armaccel cipher context report the bytes it processed when freed;
# each side must have put at least 2 MiB (1 MiB each way) through armaccel's
# implementation of the suite's cipher.
"${REF[@]}" req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 2 \
  -subj /CN=localhost >/dev/null 2>&1
head -c 1048576 /dev/urandom | base64 -w 8190 >up.txt
perl -ne 'chomp; print scalar reverse($_), "\n"' up.txt >down.expect
echo CLOSE >>up.txt
traced_bytes() {  # traced_bytes FILE CIPHER: bytes armaccel's CIPHER contexts processed
  awk -v c="$2" '$1 == "armaccel:" && $2 == c && $3 == "freed" {s += $5} END {print s + 0}' "$1"
}
tls_case() {  # tls_case NAME SERVER_ARGS CLIENT_ARGS CIPHER [ENV...]
  local name=$1 sargs=$2 cargs=$3 expect=$4
  shift 4
  # shellcheck disable=SC2086
  if ! start_rev_server server.out server.err env "$@" ARMACCEL_TRACE=1 "${OSSL[@]}" s_server \
      -cert cert.pem -key key.pem $sargs; then
    fail "$name: s_server did not start"; return
  fi
  # shellcheck disable=SC2086
  env "$@" ARMACCEL_TRACE=1 timeout 300 "${OSSL[@]}" s_client -connect "127.0.0.1:$server_port" \
    -quiet $cargs <up.txt >client.out 2>client.err
  wait "$server_pid" 2>/dev/null
  local sent got
  sent=$(traced_bytes client.err "$expect")
  got=$(traced_bytes server.err "$expect")
  check "$name: 1 MiB each way intact" cmp -s client.out down.expect
  check "$name: client's armaccel $expect processed $sent bytes (>= 2 MiB)" \
    test "$sent" -ge 2097152
  check "$name: server's armaccel $expect processed $got bytes (>= 2 MiB)" \
    test "$got" -ge 2097152
}
tls_case "TLS 1.2 ECDHE-RSA-AES128-GCM-SHA256" "-tls1_2" \
  "-tls1_2 -cipher ECDHE-RSA-AES128-GCM-SHA256" "AES-128-GCM"
tls_case "TLS 1.2 ECDHE-RSA-AES256-GCM-SHA384" "-tls1_2" \
  "-tls1_2 -cipher ECDHE-RSA-AES256-GCM-SHA384" "AES-256-GCM"
tls_case "TLS 1.3 TLS_AES_128_GCM_SHA256" "-tls1_3" \
  "-tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256" "AES-128-GCM"
tls_case "TLS 1.3 TLS_AES_256_GCM_SHA384" "-tls1_3" \
  "-tls1_3 -ciphersuites TLS_AES_256_GCM_SHA384" "AES-256-GCM"
tls_case "TLS 1.3 TLS_AES_128_CCM_SHA256" "-tls1_3 -ciphersuites TLS_AES_128_CCM_SHA256" \
  "-tls1_3 -ciphersuites TLS_AES_128_CCM_SHA256" "AES-128-CCM"
# (CCM_8 suites are at security level 0 from OpenSSL 3.2 on.)
tls_case "TLS 1.2 AES128-CCM8 (CCM TLS record mode, 8-byte tag)" \
  "-tls1_2 -cipher AES128-CCM8:@SECLEVEL=0" "-tls1_2 -cipher AES128-CCM8:@SECLEVEL=0" "AES-128-CCM"
tls_case "TLS 1.3 TLS_CHACHA20_POLY1305_SHA256" "-tls1_3 -ciphersuites TLS_CHACHA20_POLY1305_SHA256" \
  "-tls1_3 -ciphersuites TLS_CHACHA20_POLY1305_SHA256" "ChaCha20-Poly1305"
tls_case "TLS 1.2 ECDHE-RSA-CHACHA20-POLY1305 (TLS AAD record mode)" "-tls1_2" \
  "-tls1_2 -cipher ECDHE-RSA-CHACHA20-POLY1305" "ChaCha20-Poly1305"
# MAC-then-encrypt: armaccel's AES-CBC takes "tls-version" and
# "tls-mac-size", removes padding and MAC in constant time.  On x86 libssl
# would take the default provider's stitched AES-128-CBC-HMAC-SHA256 for
# this suite; masking AES-NI from OpenSSL's own code (OPENSSL_ia32cap) makes
# that cipher unavailable, as it is on ARM.
tls_case "TLS 1.2 AES128-SHA256 MAC-then-encrypt" "-tls1_2 -no_etm" \
  "-tls1_2 -no_etm -cipher AES128-SHA256" "AES-128-CBC" OPENSSL_ia32cap="~0x200000000000000"
tls_case "TLS 1.2 ECDHE-RSA-AES256-SHA384 MAC-then-encrypt" "-tls1_2 -no_etm" \
  "-tls1_2 -no_etm -cipher ECDHE-RSA-AES256-SHA384" "AES-256-CBC"
tls_case "TLS 1.2 ECDHE-RSA-AES128-SHA256 encrypt-then-MAC" "-tls1_2" \
  "-tls1_2 -cipher ECDHE-RSA-AES128-SHA256" "AES-128-CBC"
unset OPENSSL_CONF

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
