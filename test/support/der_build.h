// SPDX-License-Identifier: Apache-2.0
// DER built by hand for tests that need encodings no encoder writes
// (malformed keys, other CHOICEs): X.690 definite-length headers, one TLV,
// and concatenation.  Lengths up to 65535 octets (the long form's one and
// two length octets), which every key the tests build fits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "test_support.h"

namespace armaccel::test::der {

// Appends tag and the length octets of `len` content octets (X.690 8.1.3).
inline void put_header(Bytes& out, std::uint8_t tag, std::size_t len) {
  out.push_back(tag);
  if (len < 0x80) {
    out.push_back(static_cast<std::uint8_t>(len));
  } else if (len < 0x100) {
    out.push_back(0x81);
    out.push_back(static_cast<std::uint8_t>(len));
  } else {
    out.push_back(0x82);
    out.push_back(static_cast<std::uint8_t>(len >> 8));
    out.push_back(static_cast<std::uint8_t>(len));
  }
}

// One TLV: tag, length, content.
inline Bytes tlv(std::uint8_t tag, const Bytes& content) {
  Bytes out;
  put_header(out, tag, content.size());
  out.insert(out.end(), content.begin(), content.end());
  return out;
}

// The parts one after another.
inline Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

}  // namespace armaccel::test::der
