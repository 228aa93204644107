// SPDX-License-Identifier: Apache-2.0
// Writing and reading the small, fixed DER structures of keys
// (SubjectPublicKeyInfo, RFC 5280 4.1.2.7; PrivateKeyInfo /
// OneAsymmetricKey, RFC 5958 2) by hand: strict DER (definite, minimal
// lengths, ITU-T X.690 10.1), lengths below 2^24.  Used by mlkem_der.cpp
// and x25519_der.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace armaccel::prov::der {

inline constexpr std::uint8_t kTagInteger = 0x02;
inline constexpr std::uint8_t kTagBitString = 0x03;
inline constexpr std::uint8_t kTagOctetString = 0x04;
inline constexpr std::uint8_t kTagOid = 0x06;
inline constexpr std::uint8_t kTagSequence = 0x30;
inline constexpr std::uint8_t kTagSet = 0x31;
inline constexpr std::uint8_t kTagAttributes = 0xa0;  // [0] IMPLICIT SET (constructed)
inline constexpr std::uint8_t kTagPublicKey = 0x81;   // [1] IMPLICIT BIT STRING

// Bytes of a tag and a length field for contents of `len` bytes.
inline std::size_t header_bytes(std::size_t len) {
  return len < 0x80 ? 2 : len < 0x100 ? 3 : len < 0x10000 ? 4 : 5;
}

// Appends to a fixed buffer; `ok` turns false (and stays) when it is full.
struct Writer {
  std::uint8_t* p;
  std::size_t cap;
  std::size_t len = 0;
  bool ok = true;

  void bytes(const std::uint8_t* data, std::size_t n) {
    if (!ok || cap - len < n) {
      ok = false;
      return;
    }
    std::memcpy(p + len, data, n);
    len += n;
  }
  void byte(std::uint8_t b) { bytes(&b, 1); }
  void header(std::uint8_t tag, std::size_t n) {
    byte(tag);
    if (n < 0x80) {
      byte(static_cast<std::uint8_t>(n));
      return;
    }
    const std::size_t count = header_bytes(n) - 2;
    byte(static_cast<std::uint8_t>(0x80 | count));
    for (std::size_t i = count; i-- > 0;) byte(static_cast<std::uint8_t>(n >> (8 * i)));
  }
};

// Reads elements from the front of a byte range.
struct Reader {
  const std::uint8_t* p;
  std::size_t n;

  // Reads a tag and a DER length; the contents may run past the input
  // (`*len` is the announced length).
  bool header(std::uint8_t tag, std::size_t* len) {
    if (n < 2 || p[0] != tag) return false;
    std::size_t used = 2, value = p[1];
    if (value >= 0x80) {
      const std::size_t count = value & 0x7f;
      if (count == 0 || count > 3 || n < 2 + count || p[2] == 0) return false;
      value = 0;
      for (std::size_t i = 0; i < count; ++i) value = value << 8 | p[2 + i];
      if (value < 0x80 || header_bytes(value) != 2 + count) return false;  // not minimal
      used += count;
    }
    p += used;
    n -= used;
    *len = value;
    return true;
  }
  // A whole element with its contents inside the input.
  bool element(std::uint8_t tag, Reader* contents) {
    const Reader saved = *this;
    std::size_t len;
    if (!header(tag, &len) || len > n) {
      *this = saved;
      return false;
    }
    *contents = {p, len};
    p += len;
    n -= len;
    return true;
  }
  bool peek(std::uint8_t tag) const { return n > 0 && p[0] == tag; }
};

// Reads a SEQUENCE's header and gives its contents (cut at the end of the
// input if it claims more); `*whole` says whether all of it is there.
// Bytes after it are not looked at, as OpenSSL's d2i functions (and so
// the default provider's decoders) leave them.
inline bool outer_sequence(const std::uint8_t* der, std::size_t len, Reader* body, bool* whole) {
  Reader r{der, len};
  std::size_t announced;
  if (!r.header(kTagSequence, &announced)) return false;
  *whole = announced <= r.n;
  *body = {r.p, announced < r.n ? announced : r.n};
  return true;
}

// Reads a BIT STRING's contents with no unused bits; false otherwise.
inline bool whole_bytes_bit_string(Reader bits, const std::uint8_t** data, std::size_t* len) {
  if (bits.n < 1 || bits.p[0] != 0) return false;
  *data = bits.p + 1;
  *len = bits.n - 1;
  return true;
}

// An AlgorithmIdentifier read against one OID (its content octets).
enum class AlgId { kOther, kMine, kMineWithParameters };
inline AlgId read_alg_id(Reader& r, const std::uint8_t* oid, std::size_t oid_len) {
  Reader alg, found;
  if (!r.element(kTagSequence, &alg) || !alg.element(kTagOid, &found)) return AlgId::kOther;
  if (found.n != oid_len || std::memcmp(found.p, oid, oid_len) != 0) return AlgId::kOther;
  return alg.n != 0 ? AlgId::kMineWithParameters : AlgId::kMine;
}

// An OBJECT IDENTIFIER's contents as X.690 8.19 has them: at least one
// octet, the last without its top bit, no subidentifier starting 0x80.
inline bool valid_oid(Reader oid) {
  if (oid.n == 0 || (oid.p[oid.n - 1] & 0x80) != 0) return false;
  for (std::size_t i = 0; i < oid.n; ++i)
    if (oid.p[i] == 0x80 && (i == 0 || (oid.p[i - 1] & 0x80) == 0)) return false;
  return true;
}

// One attribute value (ANY) in DER: a SEQUENCE or SET, or a tag of another
// class, with any contents; or a universal primitive type with the rules
// X.690 gives its contents (what OpenSSL's d2i checks, and DER's minimal
// INTEGER and BIT STRING).  Other universal types are refused.
inline bool valid_any(Reader& r) {
  if (r.n == 0 || (r.p[0] & 0x1f) == 0x1f) return false;  // no high tag numbers
  const std::uint8_t tag = r.p[0];
  Reader v;
  if (!r.element(tag, &v)) return false;
  if (tag == kTagSequence || tag == kTagSet || (tag & 0xc0) != 0) return true;
  switch (tag) {
    case 0x01:  // BOOLEAN
      return v.n == 1;
    case kTagInteger:
    case 0x0a:  // ENUMERATED
      return v.n == 1 ||
             (v.n > 1 && !(v.p[0] == 0x00 && v.p[1] < 0x80) && !(v.p[0] == 0xff && v.p[1] >= 0x80));
    case kTagBitString:
      return v.n >= 1 && v.p[0] <= 7 && (v.n > 1 || v.p[0] == 0);
    case kTagOctetString:
      return true;
    case 0x05:  // NULL
      return v.n == 0;
    case kTagOid:
      return valid_oid(v);
    case 0x0c:  // UTF8String
    case 0x12:  // NumericString
    case 0x13:  // PrintableString
    case 0x14:  // T61String
    case 0x15:  // VideotexString
    case 0x16:  // IA5String
    case 0x17:  // UTCTime
    case 0x18:  // GeneralizedTime
    case 0x19:  // GraphicString
    case 0x1a:  // VisibleString
    case 0x1b:  // GeneralString
      return true;
    case 0x1c:  // UniversalString
      return v.n % 4 == 0;
    case 0x1e:  // BMPString
      return v.n % 2 == 0;
    default:
      return false;
  }
}

// Reads over the attributes of a PrivateKeyInfo / OneAsymmetricKey, if
// present (RFC 5958 2: [0] IMPLICIT SET OF Attribute; Attribute ::=
// SEQUENCE { attrType OBJECT IDENTIFIER, attrValues SET OF ANY }, RFC 5912).
// False when they are malformed: OpenSSL's d2i (and so the default
// provider's decoders) refuse such a key.
inline bool skip_attributes(Reader& body) {
  if (!body.peek(kTagAttributes)) return true;
  Reader set;
  if (!body.element(kTagAttributes, &set)) return false;
  while (set.n != 0) {
    Reader attr, type, values;
    if (!set.element(kTagSequence, &attr) || !attr.element(kTagOid, &type) || !valid_oid(type) ||
        !attr.element(kTagSet, &values) || attr.n != 0)
      return false;
    while (values.n != 0)
      if (!valid_any(values)) return false;
  }
  return true;
}

// Writes AlgorithmIdentifier { oid } with the parameters absent:
// 4 + oid_len bytes.
inline void write_alg_id(Writer& w, const std::uint8_t* oid, std::size_t oid_len) {
  w.header(kTagSequence, 2 + oid_len);
  w.header(kTagOid, oid_len);
  w.bytes(oid, oid_len);
}

}  // namespace armaccel::prov::der
