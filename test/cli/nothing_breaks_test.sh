#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Nothing of the runtime's own breaks with armaccel preferred: with
# openssl.cnf.example activated (armaccel first, "?provider=armaccel"), what
# the runtime's default provider offers keeps working, and where it is
# deterministic gives the same bytes as the runtime without armaccel
# (OPENSSL_CONF=/dev/null):
#   ML-DSA-44/65/87 (keys from a seed, deterministic signatures, verify
#   both ways), SLH-DSA (a SHAKE and a SHA-2 set), ML-KEM keys made by the
#   default provider read, written and used (pkeyutl -encap/-decap across
#   the two setups), KMAC-128/256, HKDF, TLS1-PRF and PBKDF2 over armaccel's
#   digests, EVP_DigestSqueeze in pieces (xof_pieces), `openssl speed` over
#   the KEM and signature algorithms that run on armaccel's code, and TLS
#   1.3 between the runtime's own s_server and s_client with their default
#   groups (OpenSSL 3.5+ offers X25519MLKEM768 first), 1 MiB each way.
# ARMACCEL_TRACE shows that armaccel served what it should.  Algorithms the
# runtime lacks (OpenSSL 3.0 has no ML-DSA, SLH-DSA, ML-KEM or
# EVP_DigestSqueeze) are reported as skipped; from 3.5 on they must exist.
# The full `openssl speed -kem-algorithms` / `-signature-algorithms` runs
# are in scripts/long-runs.sh.
#
# Environment (set by CTest):
#   OPENSSL_CMD     the openssl command under test (may start with a launcher)
#   XOF_PIECES_CMD  the xof_pieces program, with the same launcher
#   MODULE_DIR      directory holding armaccel.so
#   WORK_DIR        scratch directory
#   ARMACCEL_EXPECT_RUNTIME  the OpenSSL release the command must be
set -uo pipefail

read -r -a OSSL <<<"$OPENSSL_CMD"
read -r -a PIECES <<<"$XOF_PIECES_CMD"
# shellcheck source=check_lib.sh
source "$(dirname "$0")/check_lib.sh"

fresh_work_dir
expect_runtime "${OSSL[@]}"
write_armaccel_cnf "$MODULE_DIR"
with() { OPENSSL_CONF=$PWD/armaccel.cnf ARMACCEL_TRACE=1 "${OSSL[@]}" "$@"; }  # armaccel preferred
plain() { OPENSSL_CONF=/dev/null "${OSSL[@]}" "$@"; }                        # the runtime alone
skip() { echo "skip - $*"; }
served() {  # served FILE WHAT: ARMACCEL_TRACE in FILE shows armaccel's WHAT
  grep -q "^armaccel: $2 on" "$1"
}
head -c 100000 /dev/urandom >msg.bin

with list -providers >providers.txt 2>&1
check "openssl.cnf.example: armaccel and default active" \
  bash -c "grep -q 'name: armaccel' providers.txt && grep -q 'OpenSSL Default Provider' providers.txt"

release=${ARMACCEL_EXPECT_RUNTIME:-$(plain version -v | awk '{print $2}')}
minor=$(echo "$release" | awk -F. '{print $1 * 100 + $2}')
has_alg() {  # has_alg LIST NAME: the runtime's default provider offers NAME
  # Read whole: under pipefail, grep -q's early exit can SIGPIPE openssl.
  grep -qiE "(^|[ ,{])$2([ ,}@]|$)" <<<"$(plain list "-$1" 2>/dev/null)"
}
require_from_35() {  # require_from_35 KIND NAME: present, or absent before 3.5
  if has_alg "$1" "$2"; then return 0; fi
  if [ "$minor" -ge 305 ]; then
    fail "OpenSSL $release's default provider offers $2"
  else
    skip "$2: not in OpenSSL $release"
  fi
  return 1
}

# --- ML-DSA: keys from a seed, deterministic signatures ------------------------------
SEED32=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
for alg in ML-DSA-44 ML-DSA-65 ML-DSA-87; do
  require_from_35 signature-algorithms "$alg" || continue
  with genpkey -algorithm "$alg" -pkeyopt hexseed:$SEED32 -out "$alg.mine.pem" 2>"$alg.gen.err"
  plain genpkey -algorithm "$alg" -pkeyopt hexseed:$SEED32 -out "$alg.ref.pem" 2>/dev/null
  check "$alg: genpkey under the cnf works and equals the runtime's key" \
    cmp -s "$alg.mine.pem" "$alg.ref.pem"
  check "  ... with armaccel's SHAKE-256" served "$alg.gen.err" SHAKE-256
  with pkeyutl -sign -inkey "$alg.mine.pem" -in msg.bin -pkeyopt deterministic:1 \
    -out "$alg.mine.sig" 2>"$alg.sign.err"
  plain pkeyutl -sign -inkey "$alg.ref.pem" -in msg.bin -pkeyopt deterministic:1 \
    -out "$alg.ref.sig" 2>/dev/null
  check "$alg: deterministic signature equals the runtime's" cmp -s "$alg.mine.sig" "$alg.ref.sig"
  check "  ... with armaccel's SHAKE-128 and SHAKE-256" \
    bash -c "grep -q '^armaccel: SHAKE-128 on' $alg.sign.err && grep -q '^armaccel: SHAKE-256 on' $alg.sign.err"
  with pkeyutl -sign -inkey "$alg.mine.pem" -in msg.bin -out "$alg.hedged.sig" 2>/dev/null
  check "$alg: a hedged signature made under the cnf verifies without armaccel" \
    plain pkeyutl -verify -inkey "$alg.ref.pem" -in msg.bin -sigfile "$alg.hedged.sig"
  check "$alg: the runtime's signature verifies under the cnf" \
    with pkeyutl -verify -inkey "$alg.mine.pem" -in msg.bin -sigfile "$alg.ref.sig"
  printf 'x' >>msg.tampered; cat msg.bin >>msg.tampered
  refuses "$alg: a signature over other bytes is refused under the cnf" \
    with pkeyutl -verify -inkey "$alg.mine.pem" -in msg.tampered -sigfile "$alg.ref.sig"
  rm -f msg.tampered
done

# --- SLH-DSA: a SHAKE set and a SHA-2 set -------------------------------------------
SEED48=$(printf '%02x' $(seq 1 48))
for alg in SLH-DSA-SHAKE-128f SLH-DSA-SHA2-128f; do
  require_from_35 signature-algorithms "$alg" || continue
  with genpkey -algorithm "$alg" -pkeyopt hexseed:$SEED48 -out "$alg.mine.pem" 2>/dev/null
  plain genpkey -algorithm "$alg" -pkeyopt hexseed:$SEED48 -out "$alg.ref.pem" 2>/dev/null
  check "$alg: genpkey under the cnf equals the runtime's key" cmp -s "$alg.mine.pem" "$alg.ref.pem"
  with pkeyutl -sign -inkey "$alg.mine.pem" -in msg.bin -pkeyopt deterministic:1 \
    -out "$alg.mine.sig" 2>"$alg.sign.err"
  plain pkeyutl -sign -inkey "$alg.ref.pem" -in msg.bin -pkeyopt deterministic:1 \
    -out "$alg.ref.sig" 2>/dev/null
  check "$alg: deterministic signature equals the runtime's" cmp -s "$alg.mine.sig" "$alg.ref.sig"
  case $alg in
    *SHAKE*) check "  ... with armaccel's SHAKE-256" served "$alg.sign.err" SHAKE-256 ;;
    *SHA2*) check "  ... with armaccel's SHA2-256" served "$alg.sign.err" SHA2-256 ;;
  esac
  check "$alg: verify under the cnf" \
    with pkeyutl -verify -inkey "$alg.mine.pem" -in msg.bin -sigfile "$alg.ref.sig"
done

# --- ML-KEM keys made by the default provider ---------------------------------------
for alg in ML-KEM-512 ML-KEM-768 ML-KEM-1024; do
  require_from_35 kem-algorithms "$alg" || continue
  plain genpkey -algorithm "$alg" -out "$alg.pem" 2>/dev/null
  plain pkey -in "$alg.pem" -pubout -out "$alg.pub.pem" 2>/dev/null
  with pkey -in "$alg.pem" -outform DER -out "$alg.der" 2>/dev/null
  plain pkey -in "$alg.pem" -outform DER -out "$alg.ref.der" 2>/dev/null
  check "$alg: the runtime's key read and written under the cnf" cmp -s "$alg.der" "$alg.ref.der"
  with pkey -in "$alg.pem" -pubout -out "$alg.pub2.pem" 2>/dev/null
  check "$alg: its public key under the cnf" cmp -s "$alg.pub.pem" "$alg.pub2.pem"
  with pkeyutl -encap -pubin -inkey "$alg.pub.pem" -out "$alg.ct" -secret "$alg.ss1" 2>"$alg.enc.err"
  plain pkeyutl -decap -inkey "$alg.pem" -in "$alg.ct" -secret "$alg.ss2" 2>/dev/null
  check "$alg: encapsulated under the cnf, decapsulated by the runtime: same secret" \
    bash -c "test -s $alg.ss1 && cmp -s $alg.ss1 $alg.ss2"
  check "  ... the encapsulation on armaccel" served "$alg.enc.err" "ML-KEM encapsulate"
  plain pkeyutl -encap -pubin -inkey "$alg.pub.pem" -out "$alg.ct2" -secret "$alg.ss3" 2>/dev/null
  with pkeyutl -decap -inkey "$alg.der" -keyform DER -in "$alg.ct2" -secret "$alg.ss4" 2>"$alg.dec.err"
  check "$alg: encapsulated by the runtime, decapsulated under the cnf: same secret" \
    bash -c "test -s $alg.ss3 && cmp -s $alg.ss3 $alg.ss4"
  check "  ... the decapsulation on armaccel" served "$alg.dec.err" "ML-KEM decapsulate"
done

# --- KMAC, HKDF, TLS1-PRF, PBKDF2 ---------------------------------------------------
KEY=404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f
for m in "KMAC-128" "KMAC-256" "KMAC-128 -macopt xof:1 -macopt size:100" \
         "KMAC-256 -macopt custom:armaccel -macopt size:33"; do
  read -r -a args <<<"$m"
  mine=$(with mac -macopt "hexkey:$KEY" "${args[@]:1}" -in msg.bin "${args[0]}" 2>mac.err)
  ref=$(plain mac -macopt "hexkey:$KEY" "${args[@]:1}" -in msg.bin "${args[0]}" 2>/dev/null)
  check "mac $m under the cnf equals the runtime's (${mine:0:16}...)" test -n "$mine" -a "$mine" = "$ref"
  check "  ... on armaccel's KECCAK-KMAC" grep -q "^armaccel: KECCAK-KMAC-${args[0]#KMAC-} on" mac.err
done
for k in "HKDF -kdfopt digest:SHA2-256 -kdfopt hexkey:$KEY -kdfopt salt:salt -kdfopt info:label" \
         "HKDF -kdfopt digest:SHA3-256 -kdfopt hexkey:$KEY -kdfopt salt:pepper" \
         "TLS1-PRF -kdfopt digest:SHA2-256 -kdfopt hexsecret:$KEY -kdfopt seed:seed" \
         "TLS1-PRF -kdfopt digest:SHA2-384 -kdfopt hexsecret:$KEY -kdfopt seed:seed" \
         "PBKDF2 -kdfopt digest:SHA2-256 -kdfopt pass:password -kdfopt salt:saltsalt -kdfopt iter:2000" \
         "PBKDF2 -kdfopt digest:SHA2-512 -kdfopt pass:password -kdfopt salt:saltsalt -kdfopt iter:1000"; do
  read -r -a args <<<"$k"
  mine=$(with kdf -keylen 48 "${args[@]:1}" "${args[0]}" 2>kdf.err)
  ref=$(plain kdf -keylen 48 "${args[@]:1}" "${args[0]}" 2>/dev/null)
  digest=$(echo "$k" | sed -E 's/.*digest:([^ ]+).*/\1/')
  check "kdf ${args[0]} ($digest) under the cnf equals the runtime's" test -n "$mine" -a "$mine" = "$ref"
  check "  ... over armaccel's $digest" grep -qE "^armaccel: (HMAC on .*|$digest on)" kdf.err
done

# --- EVP_DigestSqueeze in pieces ------------------------------------------------------
OPENSSL_CONF=$PWD/armaccel.cnf "${PIECES[@]}" >pieces.txt 2>pieces.err
rc=$?
if [ $rc = 2 ] && [ "$minor" -lt 303 ]; then
  skip "EVP_DigestSqueeze: not in OpenSSL $release"
else
  check "EVP_DigestSqueeze: SHAKE-128 in pieces of 1, 7, 136, 1000 on armaccel" \
    grep -qE "^SHAKE-128 .* equal one long output +\[armaccel\]" pieces.txt
  check "EVP_DigestSqueeze: SHAKE-256 in pieces of 1, 7, 136, 1000 on armaccel" \
    grep -qE "^SHAKE-256 .* equal one long output +\[armaccel\]" pieces.txt
fi

# --- openssl speed over the KEMs and signatures armaccel's code runs ------------------
if [ "$minor" -ge 305 ]; then
  with speed -seconds 1 ML-KEM-768 X25519MLKEM768 >speed-kem.txt 2>speed-kem.err
  check "speed ML-KEM-768 X25519MLKEM768 under the cnf reports both" \
    bash -c "grep -qE '^ +ML-KEM-768 ' speed-kem.txt && grep -qE '^ +X25519MLKEM768 ' speed-kem.txt"
  check "  ... with armaccel's KEM" served speed-kem.err "ML-KEM encapsulate"
  with speed -seconds 1 ML-DSA-65 SLH-DSA-SHAKE-128f SLH-DSA-SHA2-128f >speed-sig.txt 2>speed-sig.err
  check "speed ML-DSA-65 SLH-DSA-SHAKE-128f SLH-DSA-SHA2-128f under the cnf reports all" \
    bash -c "grep -qE '^ +ML-DSA-65 ' speed-sig.txt && grep -qE '^ +SLH-DSA-SHAKE-128f ' speed-sig.txt && grep -qE '^ +SLH-DSA-SHA2-128f ' speed-sig.txt"
  check "  ... over armaccel's SHAKE-256 and SHA2-256" \
    bash -c "grep -q '^armaccel: SHAKE-256 on' speed-sig.err && grep -q '^armaccel: SHA2-256 on' speed-sig.err"
else
  skip "speed over KEM and signature algorithms: not in OpenSSL $release"
fi

# --- TLS 1.3 between the runtime's own s_server and s_client, default groups ----------
plain req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout key.pem -out cert.pem \
  -days 2 -subj /CN=localhost >/dev/null 2>&1
head -c 1048576 /dev/urandom | base64 -w 8190 >up.txt
perl -ne 'chomp; print scalar reverse($_), "\n"' up.txt >down.expect
echo CLOSE >>up.txt
if start_rev_server server.out server.err with s_server -cert cert.pem -key key.pem; then
  with s_client -connect "127.0.0.1:$server_port" -brief -ign_eof <up.txt >client.out 2>client.err
  wait "$server_pid" 2>/dev/null
  brief_data client.out client.data
  check "TLS 1.3, the runtime's default groups: 1 MiB each way intact" cmp -s client.data down.expect
  if [ "$minor" -ge 305 ]; then
    check "  ... over X25519MLKEM768 (the runtime's first default group)" \
      grep -q "X25519MLKEM768" client.err
    check "  ... whose KEM ran on armaccel at both ends" \
      bash -c "grep -q '^armaccel: X25519MLKEM768 encapsulate on' server.err && grep -q '^armaccel: X25519MLKEM768 decapsulate on' client.err"
  fi
else
  fail "TLS 1.3 default groups: s_server did not start"
fi

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
