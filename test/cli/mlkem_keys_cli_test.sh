#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ML-KEM-512/768/1024 keys through the real `openssl` binary with armaccel:
# genpkey, pkey -text/-text_pub, -pubout, -outform DER, reading PEM and DER
# back, encrypted PKCS#8 (pkey -aes-256-cbc, pkcs8 -topk8 -v2), and the
# IETF LAMPS document's example keys (draft-ietf-lamps-kyber-certificates
# appendix C: the seed-form private keys with seed 000102...3f give the
# document's public keys byte for byte).  Malformed keys must be refused.
#
# Environment (set by CTest):
#   OPENSSL_CMD   the openssl command under test (may start with qemu-aarch64 ...)
#   MODULE_DIR    directory holding armaccel.so
#   WORK_DIR      scratch directory
set -uo pipefail

read -r -a OSSL <<<"$OPENSSL_CMD"
PROV=(-provider-path "$MODULE_DIR" -provider armaccel -provider default)
# shellcheck source=check_lib.sh
source "$(dirname "$0")/check_lib.sh"
ossl() { "${OSSL[@]}" "$@"; }

fresh_work_dir
expect_runtime "${OSSL[@]}"

# Debian unstable's arm64 OpenSSL 3.6 under qemu-aarch64 reads no encrypted
# key through OSSL_STORE (`pkey -passin` prompts on the console whatever
# -passin says), with or without armaccel; there the key is decrypted by
# `pkcs8` and then read by `pkey`.  Decided once, without armaccel.
"${OSSL[@]}" genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out store-probe.pem 2>/dev/null
"${OSSL[@]}" pkey -in store-probe.pem -aes-128-cbc -passout pass:probe -out store-probe.enc.pem 2>/dev/null
if "${OSSL[@]}" pkey -in store-probe.enc.pem -passin pass:probe -noout 2>/dev/null; then
  store_decrypts=1
else
  store_decrypts=0
  echo "note - this openssl cannot read encrypted keys through OSSL_STORE itself; pkcs8 decrypts"
fi
read_encrypted() {  # read_encrypted FORM FILE PASS: the pkey command (quoted) printing the key
  local args
  args="pkey $(printf '%q ' "${PROV[@]}") -inform $1 -in $2 -passin pass:$3"
  if [ "$store_decrypts" = 0 ]; then
    args="pkcs8 $(printf '%q ' "${PROV[@]}") -inform $1 -in $2 -passin pass:$3 | $(printf '%q ' "${OSSL[@]}") pkey $(printf '%q ' "${PROV[@]}")"
  fi
  echo "$args"
}

# Flips bits of byte OFFSET (negative: from the end) of FILE into OUT.
patch_byte() {  # patch_byte FILE OFFSET XOR OUT
  local size off old
  size=$(stat -c %s "$1")
  off=$2
  [ "$off" -lt 0 ] && off=$((size + off))
  cp "$1" "$4"
  old=$(od -An -tu1 -j "$off" -N1 "$1" | tr -d ' ')
  printf "\\$(printf '%03o' $((old ^ $3)))" |
    dd of="$4" bs=1 seek="$off" conv=notrunc status=none
}

for bits in 512 768 1024; do
  alg=ML-KEM-$bits
  case $bits in 512) k=2 ;; 768) k=3 ;; 1024) k=4 ;; esac
  ek=$((384 * k + 32)); dk=$((768 * k + 96))

  check "$alg: genpkey" ossl genpkey "${PROV[@]}" -algorithm "$alg" -out "$bits.pem"
  check "$alg: PEM is PKCS#8" grep -q -- "-----BEGIN PRIVATE KEY-----" "$bits.pem"
  ossl pkey "${PROV[@]}" -in "$bits.pem" -text -noout >"$bits.txt" 2>&1
  check "$alg: pkey -text heading" grep -qx "$alg Private-Key:" "$bits.txt"
  check "$alg: pkey -text has seed, dk and ek" \
    bash -c "grep -qx 'seed:' $bits.txt && grep -qx 'dk:' $bits.txt && grep -qx 'ek:' $bits.txt"
  # 64 + dk + ek bytes at 15 a line.
  lines=$(( (64 + 14) / 15 + (dk + 14) / 15 + (ek + 14) / 15 ))
  check "$alg: pkey -text has $lines hex lines" \
    test "$(grep -c '^    [0-9a-f][0-9a-f]' "$bits.txt")" -eq "$lines"

  check "$alg: pkey -pubout" ossl pkey "${PROV[@]}" -in "$bits.pem" -pubout -out "$bits.pub.pem"
  check "$alg: public PEM" grep -q -- "-----BEGIN PUBLIC KEY-----" "$bits.pub.pem"
  ossl pkey "${PROV[@]}" -pubin -in "$bits.pub.pem" -text_pub -noout >"$bits.pub.txt" 2>&1
  check "$alg: pkey -text_pub heading" grep -qx "$alg Public-Key:" "$bits.pub.txt"
  check "$alg: -text_pub has no private parts" bash -c "! grep -q -e seed: -e dk: $bits.pub.txt"

  check "$alg: pkey -outform DER" \
    ossl pkey "${PROV[@]}" -in "$bits.pem" -outform DER -out "$bits.der"
  # seed-priv: SEQUENCE { 0, AlgorithmIdentifier, OCTET STRING { SEQUENCE {
  # OCTET STRING seed, OCTET STRING dk } } } = 24 + 6 + 64 + 4 + dk bytes.
  check "$alg: DER private key is $((98 + dk)) bytes (seed-priv)" \
    test "$(wc -c <"$bits.der")" -eq $((98 + dk))
  check "$alg: DER read back equals the PEM" \
    bash -c "$(printf '%q ' "${OSSL[@]}") pkey $(printf '%q ' "${PROV[@]}") -inform DER -in $bits.der | cmp -s - $bits.pem"
  check "$alg: pkey -pubout -outform DER" \
    ossl pkey "${PROV[@]}" -in "$bits.der" -inform DER -pubout -outform DER -out "$bits.pub.der"
  check "$alg: DER public key is $((22 + ek)) bytes" \
    test "$(wc -c <"$bits.pub.der")" -eq $((22 + ek))
  check "$alg: DER public key read back equals the PEM" \
    bash -c "$(printf '%q ' "${OSSL[@]}") pkey $(printf '%q ' "${PROV[@]}") -pubin -inform DER -in $bits.pub.der | cmp -s - $bits.pub.pem"

  # Encrypted PKCS#8 both ways.
  check "$alg: pkey -aes-256-cbc" ossl pkey "${PROV[@]}" -in "$bits.pem" -aes-256-cbc \
    -passout pass:secret -out "$bits.enc.pem"
  check "$alg: encrypted PEM" grep -q -- "-----BEGIN ENCRYPTED PRIVATE KEY-----" "$bits.enc.pem"
  check "$alg: encrypted key read back" \
    bash -c "$(printf '%q ' "${OSSL[@]}") $(read_encrypted PEM "$bits.enc.pem" secret) | cmp -s - $bits.pem"
  refuses "$alg: wrong passphrase refused" \
    bash -c "$(printf '%q ' "${OSSL[@]}") $(read_encrypted PEM "$bits.enc.pem" wrong) -noout"
  check "$alg: pkcs8 -topk8 -v2 aes-128-cbc DER" ossl pkcs8 "${PROV[@]}" -topk8 -in "$bits.pem" \
    -v2 aes-128-cbc -passout pass:other -outform DER -out "$bits.enc.der"
  check "$alg: encrypted DER read back" \
    bash -c "$(printf '%q ' "${OSSL[@]}") $(read_encrypted DER "$bits.enc.der" other) | cmp -s - $bits.pem"

  # Malformed keys.
  # A seed that is not the expanded key's (first seed byte at offset 30).
  patch_byte "$bits.der" 30 0x01 "$bits.mismatch.der"
  refuses "$alg: seed/expanded mismatch refused" \
    ossl pkey "${PROV[@]}" -inform DER -in "$bits.mismatch.der" -noout
  # H(ek) inside dk (dk starts at 98; H at 768k + 32).
  patch_byte "$bits.der" $((98 + 768 * k + 32)) 0x01 "$bits.hash.der"
  refuses "$alg: bad H(ek) refused" ossl pkey "${PROV[@]}" -inform DER -in "$bits.hash.der" -noout
  # A coefficient >= q in the public key (ek starts at 22): 12 bits all ones.
  # byte 22 becomes 0xff and byte 23's low nibble 0xf: coefficient 0 = 4095
  old22=$(od -An -tu1 -j 22 -N1 "$bits.pub.der" | tr -d ' ')
  old23=$(od -An -tu1 -j 23 -N1 "$bits.pub.der" | tr -d ' ')
  patch_byte "$bits.pub.der" 22 $((old22 ^ 0xff)) "$bits.q1.der"
  patch_byte "$bits.q1.der" 23 $(((old23 | 0x0f) ^ old23)) "$bits.q.der"
  refuses "$alg: public key coefficient >= q refused" \
    ossl pkey "${PROV[@]}" -pubin -inform DER -in "$bits.q.der" -noout
  head -c $((22 + ek - 1)) "$bits.pub.der" >"$bits.short.der"
  refuses "$alg: truncated public key refused" \
    ossl pkey "${PROV[@]}" -pubin -inform DER -in "$bits.short.der" -noout
  head -n 8 "$bits.pem" >"$bits.trunc.pem"; echo "-----END PRIVATE KEY-----" >>"$bits.trunc.pem"
  refuses "$alg: truncated PEM refused" ossl pkey "${PROV[@]}" -in "$bits.trunc.pem" -noout
done

# The LAMPS document's examples (appendix C.1.x.1 seed form, C.2 public keys
# for ML-KEM-512; all three public keys are checked in the provider tests).
cp "$SOURCE_DIR/test/vectors/lamps-mlkem/ml-kem-512-seed.priv.pem" draft512.pem
cp "$SOURCE_DIR/test/vectors/lamps-mlkem/ml-kem-512.pub.pem" draft512.pub.pem
check "LAMPS example: ML-KEM-512 seed key gives the document's public key" \
  bash -c "$(printf '%q ' "${OSSL[@]}") pkey $(printf '%q ' "${PROV[@]}") -in draft512.pem -pubout | cmp -s - draft512.pub.pem"
ossl pkey "${PROV[@]}" -in draft512.pem -text -noout >draft512.txt 2>&1
check "LAMPS example: text shows the seed 00:01:02..." \
  grep -qx "    00:01:02:03:04:05:06:07:08:09:0a:0b:0c:0d:0e:" draft512.txt
check "LAMPS example: text shows the expanded key 70:55:4f:d4..." \
  grep -qx "    70:55:4f:d4:36:34:4f:27:85:b1:b3:b1:ba:c1:84:" draft512.txt
check "LAMPS example: text shows ek 39:95:81:5e..." \
  grep -qx "    39:95:81:5e:59:7d:10:43:55:cf:29:aa:53:33:c9:" draft512.txt

# Config: ml-kem.output_formats = priv-only writes the expanded form.  The
# setting is armaccel's: OpenSSL 3.5+ has ML-KEM encoders of its own (which
# read their own section), so armaccel is preferred as in
# openssl.cnf.example.
cat >formats.cnf <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
alg_section = algorithm_sect
[algorithm_sect]
default_properties = ?provider=armaccel
[provider_sect]
armaccel = armaccel_sect
default = default_sect
[armaccel_sect]
module = $MODULE_DIR/armaccel.so
activate = 1
ml-kem.output_formats = priv-only
[default_sect]
activate = 1
EOF
OPENSSL_CONF=formats.cnf ossl pkey -in draft512.pem -outform DER -out draft512.priv.der 2>/dev/null
check "config ml-kem.output_formats = priv-only: $((24 + 4 + 1632)) bytes" \
  test "$(wc -c <draft512.priv.der 2>/dev/null || echo 0)" -eq $((24 + 4 + 1632))
check "  ... read back to the same key" \
  bash -c "$(printf '%q ' "${OSSL[@]}") pkey $(printf '%q ' "${PROV[@]}") -inform DER -in draft512.priv.der -pubout | cmp -s - draft512.pub.pem"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
