// SPDX-License-Identifier: Apache-2.0
// DER writing and reading of ML-KEM keys (formats in mlkem_der.h).  The
// structures are small and fixed, so they are written and parsed by hand
// (strict DER: definite, minimal lengths; nothing left over).
#include "mlkem_der.h"

#include <openssl/crypto.h>

#include <cstring>

#include "der_util.h"

namespace armaccel::prov {

namespace {

// id-alg-ml-kem-512/768/1024 ::= { joint-iso-itu-t(2) country(16) us(840)
// organization(1) gov(101) csor(3) nistAlgorithm(4) kems(4) 1/2/3 }: the
// nine content octets of the OBJECT IDENTIFIER, the last one per size.
constexpr std::uint8_t kOidPrefix[8] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04};
constexpr std::size_t kOidBytes = 9;

struct Oid {
  std::uint8_t bytes[kOidBytes];
};
Oid oid_of(const mlkem::Params& p) {
  Oid oid;
  std::memcpy(oid.bytes, kOidPrefix, sizeof kOidPrefix);
  oid.bytes[kOidBytes - 1] = static_cast<std::uint8_t>(p.k - 1);  // k = 2, 3, 4 -> arcs 1, 2, 3
  return oid;
}

using der::header_bytes;
using der::kTagBitString;
using der::kTagInteger;
using der::kTagOctetString;
using der::kTagPublicKey;
using der::kTagSequence;
using der::outer_sequence;
using der::Reader;
using der::skip_attributes;
using der::whole_bytes_bit_string;
using der::Writer;

constexpr std::uint8_t kTagSeedImplicit = 0x80;  // [0] IMPLICIT OCTET STRING

const char* const kFormNames[kMlkemPrivFormCount] = {
    "seed-priv", "priv-only", "oqskeypair", "seed-only", "bare-priv", "bare-seed",
};

// ---- writing ---------------------------------------------------------------

// AlgorithmIdentifier { id-alg-ml-kem-N } (parameters absent): 13 bytes.
constexpr std::size_t kAlgIdBytes = 2 + 2 + kOidBytes;
void write_alg_id(Writer& w, const mlkem::Params& p) {
  const Oid oid = oid_of(p);
  der::write_alg_id(w, oid.bytes, kOidBytes);
}

// Contents of the "both" SEQUENCE: the seed and dk OCTET STRINGs.
std::size_t both_bytes(const mlkem::Params& p) {
  return header_bytes(kMlkemSeedBytes) + kMlkemSeedBytes + header_bytes(p.dk_bytes) + p.dk_bytes;
}

// Length of the contents of the privateKey OCTET STRING for `form`.
std::size_t private_key_bytes(const mlkem::Params& p, MlkemPrivForm form) {
  switch (form) {
    case MlkemPrivForm::kSeedPriv:
      return header_bytes(both_bytes(p)) + both_bytes(p);
    case MlkemPrivForm::kPrivOnly:
      return header_bytes(p.dk_bytes) + p.dk_bytes;
    case MlkemPrivForm::kOqsKeypair:
      return header_bytes(p.dk_bytes + p.ek_bytes) + p.dk_bytes + p.ek_bytes;
    case MlkemPrivForm::kSeedOnly:
      return header_bytes(kMlkemSeedBytes) + kMlkemSeedBytes;
    case MlkemPrivForm::kBarePriv:
      return p.dk_bytes;
    case MlkemPrivForm::kBareSeed:
      return kMlkemSeedBytes;
  }
  return 0;
}

void write_private_key(Writer& w, const MlkemKey& key, MlkemPrivForm form) {
  const mlkem::Params& p = *key.params;
  switch (form) {
    case MlkemPrivForm::kSeedPriv:
      w.header(kTagSequence, both_bytes(p));
      w.header(kTagOctetString, kMlkemSeedBytes);
      w.bytes(key.seed, kMlkemSeedBytes);
      w.header(kTagOctetString, p.dk_bytes);
      w.bytes(key.dk, p.dk_bytes);
      return;
    case MlkemPrivForm::kPrivOnly:
      w.header(kTagOctetString, p.dk_bytes);
      w.bytes(key.dk, p.dk_bytes);
      return;
    case MlkemPrivForm::kOqsKeypair:
      w.header(kTagOctetString, p.dk_bytes + p.ek_bytes);
      w.bytes(key.dk, p.dk_bytes);
      w.bytes(key.ek, p.ek_bytes);
      return;
    case MlkemPrivForm::kSeedOnly:
      w.header(kTagSeedImplicit, kMlkemSeedBytes);
      w.bytes(key.seed, kMlkemSeedBytes);
      return;
    case MlkemPrivForm::kBarePriv:
      w.bytes(key.dk, p.dk_bytes);
      return;
    case MlkemPrivForm::kBareSeed:
      w.bytes(key.seed, kMlkemSeedBytes);
      return;
  }
}

// ---- reading ---------------------------------------------------------------

// Reads an AlgorithmIdentifier: kNotMine unless its OID is this parameter
// set's; then kMalformed if parameters are present.
MlkemDecoded::Status read_alg_id(Reader& r, const mlkem::Params& p, MlkemDecoded* out) {
  const Oid oid = oid_of(p);
  switch (der::read_alg_id(r, oid.bytes, kOidBytes)) {
    case der::AlgId::kOther:
      return MlkemDecoded::kNotMine;
    case der::AlgId::kMineWithParameters:
      out->reason = kErrUnexpectedKeyParameters;
      return MlkemDecoded::kMalformed;
    case der::AlgId::kMine:
      break;
  }
  return MlkemDecoded::kKey;
}

MlkemDecoded malformed(Reason reason) {
  MlkemDecoded d;
  d.status = MlkemDecoded::kMalformed;
  d.reason = reason;
  return d;
}

// Matches the privateKey contents against one form; on a match fills the
// pieces and returns true.
bool match_form(const mlkem::Params& p, MlkemPrivForm form, Reader key, MlkemDecoded* out) {
  if (key.n != private_key_bytes(p, form)) return false;
  Reader inner, part;
  switch (form) {
    case MlkemPrivForm::kSeedPriv:
      if (!key.element(kTagSequence, &inner) || !inner.element(kTagOctetString, &part) ||
          part.n != kMlkemSeedBytes)
        return false;
      out->seed = part.p;
      if (!inner.element(kTagOctetString, &part) || part.n != p.dk_bytes || inner.n != 0)
        return false;
      out->priv = part.p;
      return true;
    case MlkemPrivForm::kPrivOnly:
      if (!key.element(kTagOctetString, &part) || part.n != p.dk_bytes) return false;
      out->priv = part.p;
      return true;
    case MlkemPrivForm::kOqsKeypair:
      if (!key.element(kTagOctetString, &part) || part.n != p.dk_bytes + p.ek_bytes) return false;
      out->priv = part.p;
      out->pub = part.p + p.dk_bytes;
      return true;
    case MlkemPrivForm::kSeedOnly:
      if (!key.element(kTagSeedImplicit, &part) || part.n != kMlkemSeedBytes) return false;
      out->seed = part.p;
      return true;
    case MlkemPrivForm::kBarePriv:
      out->priv = key.p;
      return true;
    case MlkemPrivForm::kBareSeed:
      out->seed = key.p;
      return true;
  }
  return false;
}

}  // namespace

const char* mlkem_priv_form_name(MlkemPrivForm form) {
  return kFormNames[static_cast<std::size_t>(form)];
}

bool mlkem_parse_formats(const char* text, MlkemFormList* out) {
  out->count = 0;
  bool seen[kMlkemPrivFormCount] = {};
  const char* s = text == nullptr ? "" : text;
  while (*s != '\0') {
    while (*s == ',' || *s == ' ' || *s == '\t') ++s;
    const char* start = s;
    while (*s != '\0' && *s != ',' && *s != ' ' && *s != '\t') ++s;
    const std::size_t n = static_cast<std::size_t>(s - start);
    if (n == 0) continue;
    std::size_t i = 0;
    while (i < kMlkemPrivFormCount &&
           !(std::strlen(kFormNames[i]) == n && OPENSSL_strncasecmp(kFormNames[i], start, n) == 0))
      ++i;
    if (i == kMlkemPrivFormCount) return false;
    if (!seen[i]) out->forms[out->count++] = static_cast<MlkemPrivForm>(i);
    seen[i] = true;
  }
  if (out->count == 0) {
    for (std::size_t i = 0; i < kMlkemPrivFormCount; ++i)
      out->forms[i] = static_cast<MlkemPrivForm>(i);
    out->count = kMlkemPrivFormCount;
  }
  return true;
}

bool mlkem_key_can_give(const MlkemKey& key, MlkemPrivForm form) {
  if (!key.has_priv) return false;
  switch (form) {
    case MlkemPrivForm::kSeedPriv:
    case MlkemPrivForm::kSeedOnly:
    case MlkemPrivForm::kBareSeed:
      return key.has_seed;
    case MlkemPrivForm::kOqsKeypair:
      return key.has_pub;
    default:
      return true;
  }
}

bool mlkem_spki_encode(const MlkemKey& key, MlkemDer* out) {
  if (!key.has_pub) return false;
  const mlkem::Params& p = *key.params;
  const std::size_t bits = 1 + p.ek_bytes;
  Writer w{out->bytes, sizeof out->bytes};
  w.header(kTagSequence, kAlgIdBytes + header_bytes(bits) + bits);
  write_alg_id(w, p);
  w.header(kTagBitString, bits);
  w.byte(0);  // no unused bits
  w.bytes(key.ek, p.ek_bytes);
  out->len = w.len;
  return w.ok;
}

bool mlkem_pkcs8_encode(const MlkemKey& key, MlkemPrivForm form, MlkemDer* out) {
  if (!mlkem_key_can_give(key, form)) return false;
  const mlkem::Params& p = *key.params;
  const std::size_t priv = private_key_bytes(p, form);
  const std::size_t version = 3;
  Writer w{out->bytes, sizeof out->bytes};
  w.header(kTagSequence, version + kAlgIdBytes + header_bytes(priv) + priv);
  w.header(kTagInteger, 1);
  w.byte(0);  // version v1 (0): no publicKey field
  write_alg_id(w, p);
  w.header(kTagOctetString, priv);
  write_private_key(w, key, form);
  out->len = w.len;
  if (!w.ok) OPENSSL_cleanse(out->bytes, sizeof out->bytes);
  return w.ok;
}

MlkemDecoded mlkem_spki_decode(const mlkem::Params& p, const std::uint8_t* der, std::size_t len) {
  MlkemDecoded out;
  Reader body;
  bool whole;
  if (!outer_sequence(der, len, &body, &whole)) return out;
  out.status = read_alg_id(body, p, &out);
  if (out.status != MlkemDecoded::kKey) return out;
  // From here on the input names this parameter set: defects are errors.
  Reader bits;
  const std::uint8_t* ek;
  std::size_t ek_len;
  if (!whole || !body.element(kTagBitString, &bits) || body.n != 0 ||
      !whole_bytes_bit_string(bits, &ek, &ek_len))
    return malformed(kErrBadEncoding);
  if (ek_len != p.ek_bytes) return malformed(kErrInvalidKeyLength);
  out.pub = ek;
  return out;
}

MlkemDecoded mlkem_pkcs8_decode(const mlkem::Params& p, const MlkemFormList& allowed,
                                const std::uint8_t* der, std::size_t len) {
  MlkemDecoded out;
  Reader body, version;
  bool whole;
  if (!outer_sequence(der, len, &body, &whole) || !body.element(kTagInteger, &version)) return out;
  out.status = read_alg_id(body, p, &out);
  if (out.status != MlkemDecoded::kKey) return out;
  // v1 (0) or v2 (1, OneAsymmetricKey with an optional publicKey).
  if (version.n != 1 || version.p[0] > 1) return malformed(kErrBadEncoding);
  Reader key, pub_bits;
  if (!whole || !body.element(kTagOctetString, &key)) return malformed(kErrBadEncoding);
  if (!skip_attributes(body)) return malformed(kErrBadEncoding);
  const std::uint8_t* pub = nullptr;
  std::size_t pub_len = 0;
  if (version.p[0] == 1 && body.peek(kTagPublicKey)) {
    if (!body.element(kTagPublicKey, &pub_bits) ||
        !whole_bytes_bit_string(pub_bits, &pub, &pub_len))
      return malformed(kErrBadEncoding);
    if (pub_len != p.ek_bytes) return malformed(kErrInvalidKeyLength);
  }
  if (body.n != 0) return malformed(kErrBadEncoding);

  for (std::size_t i = 0; i < allowed.count; ++i) {
    MlkemDecoded found = out;
    if (match_form(p, allowed.forms[i], key, &found)) {
      if (pub != nullptr) {
        // A publicKey field and an oqskeypair's ek must agree.
        if (found.pub != nullptr && std::memcmp(found.pub, pub, p.ek_bytes) != 0)
          return malformed(kErrInvalidKey);
        found.pub = pub;
      }
      return found;
    }
  }
  // Not an enabled form: a disabled one, or no form at all.
  for (std::size_t i = 0; i < kMlkemPrivFormCount; ++i) {
    MlkemDecoded ignored;
    if (match_form(p, static_cast<MlkemPrivForm>(i), key, &ignored))
      return malformed(kErrNoMatchingFormat);
  }
  return malformed(key.peek(kTagOctetString) || key.peek(kTagSequence) || key.peek(kTagSeedImplicit)
                       ? kErrInvalidKeyLength
                       : kErrBadEncoding);
}

}  // namespace armaccel::prov
