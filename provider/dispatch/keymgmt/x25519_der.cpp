// SPDX-License-Identifier: Apache-2.0
// DER writing and reading of X25519 keys (formats in x25519_der.h).
#include "x25519_der.h"

#include <cstring>

#include "der_util.h"

namespace armaccel::prov {

namespace {

// id-X25519 ::= { 1 3 101 110 }: the OBJECT IDENTIFIER's content octets.
constexpr std::uint8_t kOid[] = {0x2b, 0x65, 0x6e};

X25519Decoded malformed(Reason reason) {
  X25519Decoded d;
  d.status = X25519Decoded::kMalformed;
  d.reason = reason;
  return d;
}

// Reads the AlgorithmIdentifier into out->status (kNotMine, kKey or
// kMalformed for parameters present; RFC 8410 section 3 says absent).
void read_alg_id(der::Reader& r, X25519Decoded* out) {
  switch (der::read_alg_id(r, kOid, sizeof kOid)) {
    case der::AlgId::kOther:
      out->status = X25519Decoded::kNotMine;
      return;
    case der::AlgId::kMineWithParameters:
      *out = malformed(kErrUnexpectedKeyParameters);
      return;
    case der::AlgId::kMine:
      out->status = X25519Decoded::kKey;
      return;
  }
}

// A BIT STRING holding a 32-byte public key.
X25519Decoded read_public(der::Reader bits, X25519Decoded out) {
  std::size_t len;
  if (!der::whole_bytes_bit_string(bits, &out.pub, &len)) return malformed(kErrBadEncoding);
  if (len != kX25519KeyBytes) return malformed(kErrInvalidKeyLength);
  return out;
}

}  // namespace

bool x25519_spki_encode(const X25519Key& key, std::uint8_t out[kX25519SpkiBytes]) {
  if (!key.has_pub) return false;
  der::Writer w{out, kX25519SpkiBytes};
  w.header(der::kTagSequence, 4 + sizeof kOid + 3 + kX25519KeyBytes);
  der::write_alg_id(w, kOid, sizeof kOid);
  w.header(der::kTagBitString, 1 + kX25519KeyBytes);
  w.byte(0);  // no unused bits
  w.bytes(key.pub, kX25519KeyBytes);
  return w.ok && w.len == kX25519SpkiBytes;
}

bool x25519_pkcs8_encode(const X25519Key& key, std::uint8_t out[kX25519Pkcs8Bytes]) {
  if (!key.has_priv) return false;
  der::Writer w{out, kX25519Pkcs8Bytes};
  w.header(der::kTagSequence, 3 + 4 + sizeof kOid + 4 + kX25519KeyBytes);
  w.header(der::kTagInteger, 1);
  w.byte(0);  // version v1 (0): no publicKey field
  der::write_alg_id(w, kOid, sizeof kOid);
  w.header(der::kTagOctetString, 2 + kX25519KeyBytes);
  w.header(der::kTagOctetString, kX25519KeyBytes);
  w.bytes(key.priv, kX25519KeyBytes);
  return w.ok && w.len == kX25519Pkcs8Bytes;
}

X25519Decoded x25519_spki_decode(const std::uint8_t* der, std::size_t len) {
  X25519Decoded out;
  der::Reader body, bits;
  bool whole;
  if (!der::outer_sequence(der, len, &body, &whole)) return out;
  read_alg_id(body, &out);
  if (out.status != X25519Decoded::kKey) return out;
  // From here on the input names X25519: defects are errors.
  if (!whole || !body.element(der::kTagBitString, &bits) || body.n != 0)
    return malformed(kErrBadEncoding);
  return read_public(bits, out);
}

X25519Decoded x25519_pkcs8_decode(const std::uint8_t* der, std::size_t len) {
  X25519Decoded out;
  der::Reader body, version, key, priv, bits;
  bool whole;
  if (!der::outer_sequence(der, len, &body, &whole) || !body.element(der::kTagInteger, &version))
    return out;
  read_alg_id(body, &out);
  if (out.status != X25519Decoded::kKey) return out;
  // v1 (0) or v2 (1, OneAsymmetricKey with an optional publicKey).
  if (version.n != 1 || version.p[0] > 1) return malformed(kErrBadEncoding);
  if (!whole || !body.element(der::kTagOctetString, &key)) return malformed(kErrBadEncoding);
  if (!key.element(der::kTagOctetString, &priv) || key.n != 0) return malformed(kErrBadEncoding);
  if (priv.n != kX25519KeyBytes) return malformed(kErrInvalidKeyLength);
  out.priv = priv.p;
  if (!der::skip_attributes(body)) return malformed(kErrBadEncoding);
  if (version.p[0] == 1 && body.peek(der::kTagPublicKey)) {
    if (!body.element(der::kTagPublicKey, &bits)) return malformed(kErrBadEncoding);
    out = read_public(bits, out);
    if (out.status != X25519Decoded::kKey) return out;
  }
  if (body.n != 0) return malformed(kErrBadEncoding);
  return out;
}

}  // namespace armaccel::prov
