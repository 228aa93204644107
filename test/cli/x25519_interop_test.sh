#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# armaccel's X25519 beside the runtime's own (every OpenSSL 3 has X25519
# under the same name, OID and TLS group):
#   - keys made by either provider with `genpkey -algorithm X25519`, in PEM
#     and DER, read by the other (`pkey`: the same public key), and
#     `pkeyutl -derive` on each side with the other side's public key: the
#     same shared secret;
#   - a low-order peer key refused by armaccel's key exchange;
#   - TLS 1.3 on group X25519 (and X25519MLKEM768 where the runtime has it)
#     against a peer with the default provider alone, both roles, and
#     against OpenSSL 4.0's openssl (OPENSSL4_CMD, natively) in both roles.
# "armaccel's side" is the runtime's openssl with armaccel and default
# loaded and ?provider=armaccel (as openssl.cnf.example sets it); the
# runtime's side has the default provider alone.  ARMACCEL_TRACE shows what
# armaccel did.
#
# Environment (set by CTest): OPENSSL_CMD, MODULE_DIR, WORK_DIR,
# ARMACCEL_EXPECT_RUNTIME (see cli_test.sh), OPENSSL4_CMD (optional).
set -uo pipefail

read -r -a OSSL <<<"$OPENSSL_CMD"
# shellcheck source=check_lib.sh
source "$(dirname "$0")/check_lib.sh"

fresh_work_dir
expect_runtime "${OSSL[@]}"
write_armaccel_cnf "$MODULE_DIR" arm.cnf
printf 'openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n[provider_sect]\ndefault = default_sect\n[default_sect]\nactivate = 1\n' >def.cnf
arm() { OPENSSL_CONF=$PWD/arm.cnf ARMACCEL_TRACE=1 "${OSSL[@]}" "$@"; }
def() { OPENSSL_CONF=$PWD/def.cnf "${OSSL[@]}" "$@"; }
served() { grep -q "^armaccel: $2" "$1"; }  # served FILE WHAT
label() { if [ "$1" = arm ]; then echo armaccel; else echo "the runtime"; fi; }

# --- keys made by one provider, read and used by the other ----------------------------
for maker in def arm; do
  reader=arm; [ $maker = arm ] && reader=def
  $maker genpkey -algorithm X25519 -out "$maker.pem" 2>"$maker.gen.err"
  $maker pkey -in "$maker.pem" -outform DER -out "$maker.der" 2>/dev/null
  $maker pkey -in "$maker.pem" -pubout -out "$maker.pub.pem" 2>"$maker.pub.err"
  what="X25519 key by $(label $maker)"
  if [ $maker = arm ]; then
    check "$what: generated and written on armaccel" \
      bash -c "grep -q '^armaccel: X25519 key generation' $maker.gen.err && grep -q '^armaccel: X25519 key encoded' $maker.gen.err"
  fi
  check "$what: a 48-byte PrivateKeyInfo (RFC 8410)" test "$(wc -c <"$maker.der")" -eq 48
  for enc in PEM DER; do
    key="$maker.${enc,,}"
    $reader pkey -inform "$enc" -in "$key" -pubout -out "$maker.$enc.pub2.pem" 2>/dev/null
    check "$what ($enc): read by $(label $reader): same public key" \
      cmp -s "$maker.pub.pem" "$maker.$enc.pub2.pem"
  done
done
# Each side derives with its own key and the other side's public key.
arm pkeyutl -derive -inkey arm.pem -peerkey def.pub.pem -out arm.ss 2>arm.derive.err
def pkeyutl -derive -inkey def.pem -peerkey arm.pub.pem -out def.ss 2>/dev/null
check "pkeyutl -derive: armaccel and the runtime agree (32 bytes)" \
  bash -c "test \$(wc -c <arm.ss) -eq 32 && cmp -s arm.ss def.ss"
check "  ... armaccel's side ran the key exchange on armaccel" served arm.derive.err "X25519 key exchange"
# The runtime's key file, used on armaccel's side (decoded there).
arm pkeyutl -derive -inkey def.der -keyform DER -peerkey arm.pub.pem -out arm2.ss 2>/dev/null
check "pkeyutl -derive on armaccel with the runtime's DER key file: same secret" cmp -s arm2.ss def.ss

# A low-order peer: the public key u = 0 (RFC 7748 section 6.1's all-zero check).
printf '302a300506032b656e032100%064d' 0 | xxd -r -p >zero.der
arm pkey -pubin -inform DER -in zero.der -out zero.pub.pem 2>/dev/null
refuses "pkeyutl -derive with a low-order peer key is refused on armaccel" \
  arm pkeyutl -derive -inkey arm.pem -peerkey zero.pub.pem -out zero.ss
arm pkeyutl -derive -inkey arm.pem -peerkey zero.pub.pem -out zero.ss 2>zero.err
check "  ... by armaccel, with the default provider's reason" \
  bash -c "grep -q '^armaccel: X25519 key exchange' zero.err && grep -q 'Provider routines.*failed during derivation' zero.err"

# --- TLS 1.3 ---------------------------------------------------------------------------
tls_prepare def
side_arm() { OPENSSL_CONF=$PWD/arm.cnf ARMACCEL_TRACE=1 exec "${OSSL[@]}" "$@"; }
side_def() { OPENSSL_CONF=$PWD/def.cnf exec "${OSSL[@]}" "$@"; }
groups=(X25519)
# X25519MLKEM768 where the runtime's default provider has it (3.5 onwards).
"${OSSL[@]}" list -kem-algorithms -provider default 2>/dev/null | grep -q X25519MLKEM768 &&
  groups+=(X25519MLKEM768)
for group in "${groups[@]}"; do
  trace="X25519 key exchange"; [ "$group" = X25519MLKEM768 ] && trace="X25519MLKEM768 encapsulate"
  tls_handshake "TLS 1.3 $group: armaccel server, runtime client" "$group" side_arm side_def
  check "  ... the server's key exchange on armaccel" served server.err "$trace"
  trace="X25519 key exchange"; [ "$group" = X25519MLKEM768 ] && trace="X25519MLKEM768 decapsulate"
  tls_handshake "TLS 1.3 $group: runtime server, armaccel client" "$group" side_def side_arm
  check "  ... the client's key exchange on armaccel" served client.err "$trace"
done
if [ -n "${OPENSSL4_CMD:-}" ]; then
  read -r -a OSSL4 <<<"$OPENSSL4_CMD"
  side_v4() { OPENSSL_CONF=$PWD/def.cnf exec "${OSSL4[@]}" "$@"; }
  check "OpenSSL 4.0's openssl runs" bash -c "$OPENSSL4_CMD version | grep -q '^OpenSSL 4\.'"
  for group in "${groups[@]}"; do
    tls_handshake "TLS 1.3 $group: armaccel server, OpenSSL 4.0 client" "$group" side_arm side_v4
    check "  ... armaccel served the server's key exchange" grep -q "^armaccel: X25519" server.err
    tls_handshake "TLS 1.3 $group: OpenSSL 4.0 server, armaccel client" "$group" side_v4 side_arm
    check "  ... armaccel served the client's key exchange" grep -q "^armaccel: X25519" client.err
  done
fi

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
