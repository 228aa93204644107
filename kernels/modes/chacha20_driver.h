// SPDX-License-Identifier: Apache-2.0
// A ChaCha20 keystream over a kernel (RFC 8439 §2.4): data in any number of
// calls of any length, with the unused keystream of a partial block kept
// for the next call, so every split gives the bytes of one call.  Plain
// data: a context copy is a memcpy.
//
// Portable-only header (inline functions): not for extension-flag lane files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/chacha20.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {

struct ChachaStream {
  std::uint32_t key[8];                       // state words 4..11
  std::uint32_t iv[4];                        // words 12..15 of the next keystream block
  std::uint8_t keystream[kChachaBlockBytes];  // the current block's keystream
  std::uint32_t left;                         // unused bytes at the end of keystream
};

// key[32] as eight little-endian words.  Discards buffered keystream.
inline void chacha_stream_set_key(ChachaStream* s, const std::uint8_t key[kChachaKeyBytes]) {
  for (int i = 0; i < 8; ++i) s->key[i] = bytes::load_le32(key + 4 * i);
  s->left = 0;
}

// iv[16]: OpenSSL's ChaCha20 IV, the block counter (little-endian) then
// the 12-byte nonce.  Discards buffered keystream.
inline void chacha_stream_set_iv(ChachaStream* s, const std::uint8_t iv[kChachaIvBytes]) {
  for (int i = 0; i < 4; ++i) s->iv[i] = bytes::load_le32(iv + 4 * i);
  s->left = 0;
}

// out = in XOR the next len keystream bytes.  in == out allowed; other
// overlap not.
inline void chacha_stream_xor(const ChachaKernel* k, ChachaStream* s, std::uint8_t* out,
                              const std::uint8_t* in, std::size_t len) {
  if (s->left != 0) {
    const std::size_t take = len < s->left ? len : s->left;
    const std::uint8_t* ks = s->keystream + kChachaBlockBytes - s->left;
    for (std::size_t i = 0; i < take; ++i) out[i] = in[i] ^ ks[i];
    s->left -= static_cast<std::uint32_t>(take);
    in += take;
    out += take;
    len -= take;
  }
  const std::size_t blocks = len / kChachaBlockBytes;
  if (blocks != 0) {
    k->xor_blocks(s->key, s->iv, out, in, blocks);
    in += blocks * kChachaBlockBytes;
    out += blocks * kChachaBlockBytes;
    len -= blocks * kChachaBlockBytes;
  }
  if (len != 0) {
    std::memset(s->keystream, 0, sizeof s->keystream);
    k->xor_blocks(s->key, s->iv, s->keystream, s->keystream, 1);
    for (std::size_t i = 0; i < len; ++i) out[i] = in[i] ^ s->keystream[i];
    s->left = static_cast<std::uint32_t>(kChachaBlockBytes - len);
  }
}

inline void chacha_stream_wipe(ChachaStream* s) {
  wipe(s, sizeof *s);
}

}  // namespace armaccel
