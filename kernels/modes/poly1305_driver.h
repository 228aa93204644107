// SPDX-License-Identifier: Apache-2.0
// Poly1305 over a kernel (RFC 8439 §2.5): a message in any number of calls
// of any length (partial blocks buffered), the final partial block padded
// with 0x01 and zeros, and the AEAD's zero padding to a block boundary
// (§2.8).  Plain data: a context copy is a memcpy.
//
// Portable-only header (inline functions): not for extension-flag lane files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/poly1305.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {

struct Poly1305Mac {
  Poly1305State state;                    // the lane's r, powers of r and h
  std::uint8_t s[16];                     // the key's second half
  std::uint8_t buf[kPoly1305BlockBytes];  // pending partial block
  std::size_t buf_len;
};

// key[32] = r || s, a one-time key (§2.5, §2.6).
inline void poly1305_start(const Poly1305Kernel* k, Poly1305Mac* m,
                           const std::uint8_t key[kPoly1305KeyBytes]) {
  k->init(&m->state, key);
  std::memcpy(m->s, key + 16, 16);
  m->buf_len = 0;
}

inline void poly1305_update(const Poly1305Kernel* k, Poly1305Mac* m, const std::uint8_t* in,
                            std::size_t len) {
  if (len == 0) return;
  if (m->buf_len != 0) {
    bytes::top_up(m->buf, m->buf_len, kPoly1305BlockBytes, in, len);
    if (m->buf_len < kPoly1305BlockBytes) return;
    k->blocks(&m->state, m->buf, 1, 1);
    m->buf_len = 0;
  }
  const std::size_t blocks = len / kPoly1305BlockBytes;
  if (blocks != 0) k->blocks(&m->state, in, blocks, 1);
  in += blocks * kPoly1305BlockBytes;
  len -= blocks * kPoly1305BlockBytes;
  std::memcpy(m->buf, in, len);
  m->buf_len = len;
}

// Zero-fills a pending partial block to 16 bytes and absorbs it as a whole
// block (the AEAD's pad16, §2.8).
inline void poly1305_pad16(const Poly1305Kernel* k, Poly1305Mac* m) {
  if (m->buf_len == 0) return;
  std::memset(m->buf + m->buf_len, 0, kPoly1305BlockBytes - m->buf_len);
  k->blocks(&m->state, m->buf, 1, 1);
  m->buf_len = 0;
}

// The tag (§2.5.1: a final partial block gets 0x01 then zeros and no 2^128
// bit).  Leaves the accumulator as it was before the final partial block.
inline void poly1305_final(const Poly1305Kernel* k, const Poly1305Mac* m,
                           std::uint8_t tag[kPoly1305TagBytes]) {
  if (m->buf_len == 0) {
    k->finish(&m->state, m->s, tag);
    return;
  }
  Poly1305State st = m->state;
  std::uint8_t last[kPoly1305BlockBytes] = {};
  std::memcpy(last, m->buf, m->buf_len);
  last[m->buf_len] = 1;
  k->blocks(&st, last, 1, 0);
  k->finish(&st, m->s, tag);
  wipe(&st, sizeof st);
  wipe(last, sizeof last);
}

inline void poly1305_wipe(Poly1305Mac* m) {
  wipe(m, sizeof *m);
}

}  // namespace armaccel
