#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# armaccel's ML-KEM beside the runtime's own (OpenSSL 3.5+ has ML-KEM under
# the same names, OIDs, TLS group names and code points):
#   - keys made by either provider, in each private-key form (seed-priv,
#     seed-only, priv-only) and in PEM and DER, read by the other (the same
#     public key) and used by it: the other encapsulates to the maker's
#     public key and decapsulates the maker's ciphertexts with the key file;
#   - armaccel's TLS groups against a peer with only the default provider,
#     both roles: X25519MLKEM768, MLKEM768, MLKEM1024;
#   - both providers in one process, without a property query (OpenSSL
#     picks; the log says who served) and with ?provider=armaccel (armaccel
#     serves the ML-KEM work).
# "armaccel's side" is the runtime's openssl with armaccel and default
# loaded and ?provider=armaccel (as openssl.cnf.example sets it); "the
# runtime's side" has the default provider alone.  ARMACCEL_TRACE shows
# what armaccel did.  Under qemu (QEMU_CPU set) only ML-KEM-768 goes
# through every form.
#
# Environment (set by CTest): OPENSSL_CMD, MODULE_DIR, WORK_DIR,
# ARMACCEL_EXPECT_RUNTIME (see cli_test.sh).
set -uo pipefail

read -r -a OSSL <<<"$OPENSSL_CMD"
# shellcheck source=check_lib.sh
source "$(dirname "$0")/check_lib.sh"

fresh_work_dir
expect_runtime "${OSSL[@]}"

cnf_both() {  # cnf_both FILE FORMS PREFERENCE: armaccel + default, armaccel's output forms
  cat >"$1" <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
alg_section = algorithm_sect
[algorithm_sect]
default_properties = $3
[provider_sect]
armaccel = armaccel_sect
default = default_sect
[armaccel_sect]
module = $MODULE_DIR/armaccel.so
activate = 1
ml-kem.output_formats = $2
[default_sect]
activate = 1
EOF
}
cnf_default() {  # cnf_default FILE FORMS: the default provider alone, its output forms
  cat >"$1" <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
default = default_sect
[default_sect]
activate = 1
ml-kem.output_formats = $2
EOF
}
forms=(seed-priv seed-only priv-only)
for f in "${forms[@]}"; do
  cnf_both "arm-$f.cnf" "$f" "?provider=armaccel"
  cnf_default "def-$f.cnf" "$f"
done
arm() { OPENSSL_CONF=$PWD/arm-${FORM:-seed-priv}.cnf ARMACCEL_TRACE=1 "${OSSL[@]}" "$@"; }
def() { OPENSSL_CONF=$PWD/def-${FORM:-seed-priv}.cnf "${OSSL[@]}" "$@"; }
served() { grep -q "^armaccel: $2" "$1"; }  # served FILE WHAT

algs=(ML-KEM-512 ML-KEM-768 ML-KEM-1024)
[ -n "${QEMU_CPU:-}" ] && algs=(ML-KEM-768)

# --- keys made by one provider, read and used by the other ----------------------------
for alg in "${algs[@]}"; do
  for maker in def arm; do
    reader=arm; [ $maker = arm ] && reader=def
    label() { if [ "$1" = arm ]; then echo armaccel; else echo "the runtime"; fi; }
    for FORM in "${forms[@]}"; do
      export FORM
      base="$alg.$maker.$FORM"
      $maker genpkey -algorithm "$alg" -out "$base.pem" 2>"$base.gen.err"
      $maker pkey -in "$base.pem" -outform DER -out "$base.der" 2>/dev/null
      $maker pkey -in "$base.pem" -pubout -out "$base.pub.pem" 2>/dev/null
      what="$alg $FORM key by $(label $maker)"
      if [ $maker = arm ]; then
        check "$what: generated on armaccel" served "$base.gen.err" "$alg key generation"
      fi
      k=$(( ${alg#ML-KEM-} / 256 )); dk=$((768 * k + 96))
      case $FORM in
        seed-only) size=86 ;;
        priv-only) size=$((28 + dk)) ;;
        seed-priv) size=$((98 + dk)) ;;
      esac
      check "$what: written in that form ($size bytes of DER)" \
        test "$(wc -c <"$base.der" 2>/dev/null || echo 0)" -eq "$size"
      for enc in PEM DER; do
        key="$base.${enc,,}"
        $reader pkey -inform "$enc" -in "$key" -pubout -out "$base.$enc.pub2.pem" 2>"$base.$enc.read.err"
        check "$what ($enc): read by $(label $reader): same public key" \
          cmp -s "$base.pub.pem" "$base.$enc.pub2.pem"
        if [ $reader = arm ]; then
          check "  ... decoded by armaccel" served "$base.$enc.read.err" "$alg private key decoded"
        fi
        # The maker encapsulates, the reader decapsulates with the key file.
        $maker pkeyutl -encap -pubin -inkey "$base.pub.pem" -out "$base.$enc.ct" \
          -secret "$base.$enc.ss1" 2>/dev/null
        $reader pkeyutl -decap -keyform "$enc" -inkey "$key" -in "$base.$enc.ct" \
          -secret "$base.$enc.ss2" 2>"$base.$enc.dec.err"
        check "$what ($enc): maker encapsulates, reader decapsulates: same secret" \
          bash -c "test -s $base.$enc.ss1 && cmp -s $base.$enc.ss1 $base.$enc.ss2"
        if [ $reader = arm ]; then
          check "  ... decapsulated by armaccel" served "$base.$enc.dec.err" "ML-KEM decapsulate"
        fi
      done
      # The reader encapsulates to the maker's public key; the maker decapsulates.
      $reader pkeyutl -encap -pubin -inkey "$base.pub.pem" -out "$base.ct" -secret "$base.ss3" \
        2>"$base.enc.err"
      $maker pkeyutl -decap -inkey "$base.pem" -in "$base.ct" -secret "$base.ss4" 2>/dev/null
      check "$what: reader encapsulates, maker decapsulates: same secret" \
        bash -c "test -s $base.ss3 && cmp -s $base.ss3 $base.ss4"
      if [ $reader = arm ]; then
        check "  ... encapsulated by armaccel" served "$base.enc.err" "ML-KEM encapsulate"
      fi
    done
  done
done
unset FORM

# --- armaccel's TLS groups against a peer with the default provider alone -------------
tls_prepare def
side_arm() { OPENSSL_CONF=$PWD/arm-seed-priv.cnf ARMACCEL_TRACE=1 exec "${OSSL[@]}" "$@"; }
side_both() { OPENSSL_CONF=$PWD/both.cnf ARMACCEL_TRACE=1 exec "${OSSL[@]}" "$@"; }
side_def() { OPENSSL_CONF=$PWD/def-seed-priv.cnf exec "${OSSL[@]}" "$@"; }
handshake() {  # handshake NAME GROUP SERVER CLIENT: SERVER/CLIENT are arm|def|both
  tls_handshake "$1" "$2" "side_$3" "side_$4"
}
for group in X25519MLKEM768 MLKEM768 MLKEM1024; do
  kem="ML-KEM"; [ $group = X25519MLKEM768 ] && kem=X25519MLKEM768
  handshake "TLS 1.3 $group: armaccel server, runtime client" "$group" arm def
  check "  ... the server encapsulated on armaccel" served server.err "$kem encapsulate"
  handshake "TLS 1.3 $group: runtime server, armaccel client" "$group" def arm
  check "  ... the client decapsulated on armaccel" served client.err "$kem decapsulate"
done

# --- both providers in one process, without and with ?provider=armaccel ----------------
cnf_both both.cnf seed-priv ""
sed -i '/^default_properties = $/d' both.cnf
both() { OPENSSL_CONF=$PWD/both.cnf ARMACCEL_TRACE=1 "${OSSL[@]}" "$@"; }
who() {  # who FILE: "armaccel" if the trace shows armaccel's ML-KEM work, else "default"
  if grep -qE "^armaccel: (ML-KEM|X25519MLKEM768)" "$1"; then echo armaccel; else echo default; fi
}
both genpkey -algorithm ML-KEM-768 -out both.pem 2>both.gen.err
check "both loaded, no property query: genpkey ML-KEM-768 works" test -s both.pem
both pkey -in both.pem -pubout -out both.pub.pem 2>both.read.err
check "  ... pkey reads it" test -s both.pub.pem
both pkeyutl -encap -pubin -inkey both.pub.pem -out both.ct -secret both.ss1 2>both.enc.err
both pkeyutl -decap -inkey both.pem -in both.ct -secret both.ss2 2>both.dec.err
check "  ... encapsulation and decapsulation agree" \
  bash -c "test -s both.ss1 && cmp -s both.ss1 both.ss2"
echo "note - both loaded, no property query: key generation by $(grep -q 'key generation' both.gen.err && echo armaccel || echo default)," \
  "reading by $(grep -q 'key decoded' both.read.err && echo armaccel || echo default)," \
  "encapsulation by $(who both.enc.err), decapsulation by $(who both.dec.err)"
handshake "TLS 1.3 X25519MLKEM768, both loaded at both ends, no property query" \
  X25519MLKEM768 both both
echo "note - both loaded, no property query: TLS server KEM by $(who server.err), client by $(who client.err)"
FORM=seed-priv arm genpkey -algorithm ML-KEM-768 -out pref.pem 2>pref.gen.err
FORM=seed-priv arm pkey -in pref.pem -pubout -out pref.pub.pem 2>pref.read.err
FORM=seed-priv arm pkeyutl -encap -pubin -inkey pref.pub.pem -out pref.ct -secret pref.ss1 2>pref.enc.err
FORM=seed-priv arm pkeyutl -decap -inkey pref.pem -in pref.ct -secret pref.ss2 2>pref.dec.err
check "both loaded, ?provider=armaccel: generation, reading, encapsulation, decapsulation on armaccel" \
  bash -c "grep -q 'ML-KEM-768 key generation' pref.gen.err && grep -q 'ML-KEM-768 private key decoded' pref.read.err && grep -q 'ML-KEM encapsulate' pref.enc.err && grep -q 'ML-KEM decapsulate' pref.dec.err && cmp -s pref.ss1 pref.ss2"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
