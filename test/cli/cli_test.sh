#!/usr/bin/env bash
# The real `openssl` binary with armaccel: provider listing, `enc` and `dgst`
# on real files checked against OpenSSL's default provider, `speed`, the
# armaccel-info program, openssl.cnf.example (path filled in) preferring
# armaccel for unmodified commands, and TLS 1.2 CBC suites plus TLS 1.3
# between s_server and s_client with armaccel proven in use (ARMACCEL_TRACE).
#
# Environment (set by CTest):
#   OPENSSL_CMD   the openssl command under test (may start with qemu-aarch64 ...)
#   REF_OPENSSL   an openssl command for reference results (default provider)
#   INFO_CMD      the armaccel-info command
#   MODULE_DIR    directory holding armaccel.so
#   SOURCE_DIR    the project root (for openssl.cnf.example)
#   WORK_DIR      scratch directory
#   ARMACCEL_EXPECT_LANES  e.g. aes=aes-ce,sha256=sha256-ce,sha512=sha512-ce
set -uo pipefail

read -r -a OSSL <<<"$OPENSSL_CMD"
read -r -a REF <<<"${REF_OPENSSL:-openssl}"
read -r -a INFO <<<"$INFO_CMD"
PROV=(-provider-path "$MODULE_DIR" -provider armaccel)
failures=0
pass() { echo "ok   - $*"; }
fail() { echo "FAIL - $*"; failures=$((failures + 1)); }
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

rm -rf "$WORK_DIR"; mkdir -p "$WORK_DIR"; cd "$WORK_DIR" || exit 1
head -c 1048589 /dev/urandom >data.bin   # 1 MiB + 13: not a block multiple

# --- listing -----------------------------------------------------------------
"${OSSL[@]}" list "${PROV[@]}" -providers -verbose >providers.txt 2>&1
check "list -providers -verbose shows armaccel active" \
  grep -q "name: armaccel ARM crypto provider" providers.txt
check "  ... with status active" grep -q "status: active" providers.txt
"${OSSL[@]}" list "${PROV[@]}" -cipher-algorithms >ciphers.txt 2>&1
for alg in AES-128-ECB AES-192-CBC AES-256-CTR; do
  check "list -cipher-algorithms has $alg @ armaccel" grep -qE "$alg.* @ armaccel" ciphers.txt
done
"${OSSL[@]}" list "${PROV[@]}" -digest-algorithms >digests.txt 2>&1
check "list -digest-algorithms has SHA2-512/256 @ armaccel" grep -qE "SHA2-512/256.* @ armaccel" digests.txt

# --- enc and dgst against the default provider ------------------------------------
KEY=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV=f0e0d0c0b0a090807060504030201000
for c in aes-128-ecb aes-192-ecb aes-256-ecb aes-128-cbc aes-192-cbc aes-256-cbc \
         aes-128-ctr aes-192-ctr aes-256-ctr; do
  klen=$(( ${c:4:3} / 4 ))
  iv=(-iv "$IV"); [[ $c == *ecb ]] && iv=()
  "${OSSL[@]}" enc -"$c" "${PROV[@]}" -propquery provider=armaccel -K "${KEY:0:$klen}" "${iv[@]}" \
    -in data.bin -out "$c.mine" 2>/dev/null
  "${REF[@]}" enc -"$c" -K "${KEY:0:$klen}" "${iv[@]}" -in data.bin -out "$c.ref" 2>/dev/null
  check "enc -$c equals the default provider" cmp -s "$c.mine" "$c.ref"
  "${OSSL[@]}" enc -d -"$c" "${PROV[@]}" -propquery provider=armaccel -K "${KEY:0:$klen}" "${iv[@]}" \
    -in "$c.mine" -out "$c.back" 2>/dev/null
  check "enc -d -$c restores the file" cmp -s "$c.back" data.bin
done
for d in sha224 sha256 sha384 sha512 sha512-224 sha512-256; do
  mine=$("${OSSL[@]}" dgst -"$d" "${PROV[@]}" -propquery provider=armaccel -r data.bin 2>/dev/null | cut -d' ' -f1)
  ref=$("${REF[@]}" dgst -"$d" -r data.bin | cut -d' ' -f1)
  check "dgst -$d equals the default provider ($mine)" test -n "$mine" -a "$mine" = "$ref"
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
  check "armaccel-info: lane ${e%%=*} is ${e#*=}" grep -qE "^lane ${e%%=*} +: ${e#*=}\$" info.txt
done

# --- openssl.cnf.example, path filled in -----------------------------------------
sed "s|^# module = .*|module = $MODULE_DIR/armaccel.so|" "$SOURCE_DIR/openssl.cnf.example" >armaccel.cnf
sed 's|^# disable = .*|disable = all|' armaccel.cnf >portable.cnf
"${INFO[@]}" -config portable.cnf >info-portable.txt 2>&1
check "armaccel-info -config with 'disable = all': portable AES lane" \
  grep -qE "^lane aes +: aes-portable" info-portable.txt
check "  ... and the source is reported" grep -qE "^override from +: .*config" info-portable.txt
export OPENSSL_CONF=$PWD/armaccel.cnf
"${OSSL[@]}" list -providers >cnf-providers.txt 2>&1
check "with OPENSSL_CONF both armaccel and default are active" \
  bash -c "grep -q armaccel cnf-providers.txt && grep -q default cnf-providers.txt"
ARMACCEL_TRACE=1 "${OSSL[@]}" enc -aes-256-cbc -K "$KEY" -iv "$IV" -in data.bin -out cnf.enc 2>cnf-enc.err
check "unmodified 'openssl enc' under the cnf equals the default provider" cmp -s cnf.enc aes-256-cbc.ref
check "  ... and ran on armaccel" grep -q "armaccel: AES-256-CBC on" cnf-enc.err
"${OSSL[@]}" enc -d -aes-256-cbc -K "${KEY/00/ff}" -iv "$IV" -in cnf.enc -out /dev/null 2>bad.err
check "a wrong key fails with armaccel's 'bad decrypt'" grep -q ":armaccel::bad decrypt" bad.err
mine=$(ARMACCEL_TRACE=1 "${OSSL[@]}" dgst -sha512 -r data.bin 2>cnf-dgst.err | cut -d' ' -f1)
check "unmodified 'openssl dgst -sha512' under the cnf is right" \
  test "$mine" = "$("${REF[@]}" dgst -sha512 -r data.bin | cut -d' ' -f1)"
check "  ... and ran on armaccel" grep -q "armaccel: SHA2-512 on" cnf-dgst.err

# --- TLS through libssl under the cnf -------------------------------------------
"${REF[@]}" req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 2 \
  -subj /CN=localhost >/dev/null 2>&1
head -c 262144 /dev/urandom >www.bin
tls_case() {  # tls_case NAME SERVER_ARGS CLIENT_ARGS EXPECT_IN_TRACE
  local name=$1 sargs=$2 cargs=$3 expect=$4 port ok=0 i
  for _ in 1 2 3; do
    port=$((20000 + RANDOM % 20000))
    rm -f server.out
    # shellcheck disable=SC2086
    ARMACCEL_TRACE=1 "${OSSL[@]}" s_server -accept "$port" -cert cert.pem -key key.pem -WWW \
      -naccept 1 $sargs >server.out 2>server.err &
    local spid=$!
    for i in $(seq 1 100); do grep -q ACCEPT server.out 2>/dev/null && break; sleep 0.1; done
    if grep -q ACCEPT server.out; then ok=1; break; fi
    kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null
  done
  if [ $ok != 1 ]; then fail "$name: s_server did not start"; return; fi
  # shellcheck disable=SC2086
  printf 'GET /www.bin HTTP/1.0\r\n\r\n' | ARMACCEL_TRACE=1 timeout 120 "${OSSL[@]}" s_client \
    -connect "127.0.0.1:$port" -quiet $cargs >client.out 2>client.err
  wait "$spid" 2>/dev/null
  tail -c 262144 client.out >client.body
  check "$name: 256 KiB through s_server -> s_client intact" cmp -s client.body www.bin
  check "$name: armaccel in the client's record layer ($expect)" grep -q "armaccel: $expect on" client.err
  check "$name: armaccel in the server's record layer ($expect)" grep -q "armaccel: $expect on" server.err
}
# MAC-then-encrypt with SHA-384: the provider pads, checks padding and
# extracts the MAC (libssl would take the default provider's stitched
# AES-CBC-HMAC-SHA1/SHA256 ciphers for those MACs on x86, so not them here).
tls_case "TLS 1.2 ECDHE-RSA-AES256-SHA384 MAC-then-encrypt" "-tls1_2 -no_etm" \
  "-tls1_2 -no_etm -cipher ECDHE-RSA-AES256-SHA384" "AES-256-CBC"
tls_case "TLS 1.2 ECDHE-RSA-AES128-SHA256 encrypt-then-MAC" "-tls1_2" \
  "-tls1_2 -cipher ECDHE-RSA-AES128-SHA256" "AES-128-CBC"
tls_case "TLS 1.3 TLS_AES_128_GCM_SHA256 (transcript on armaccel SHA-256)" "-tls1_3" \
  "-tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256" "SHA2-256"
unset OPENSSL_CONF

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
