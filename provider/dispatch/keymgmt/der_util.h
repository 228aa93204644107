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

// Writes AlgorithmIdentifier { oid } with the parameters absent:
// 4 + oid_len bytes.
inline void write_alg_id(Writer& w, const std::uint8_t* oid, std::size_t oid_len) {
  w.header(kTagSequence, 2 + oid_len);
  w.header(kTagOid, oid_len);
  w.bytes(oid, oid_len);
}

}  // namespace armaccel::prov::der
