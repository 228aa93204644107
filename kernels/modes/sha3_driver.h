// SPDX-License-Identifier: Apache-2.0
// The sponge construction (FIPS 202 §4) over a Keccak-f[1600] kernel: the
// message in any number of calls of any length, the pad10*1 padding with
// the domain bits of each function (SHA-3: 01, SHAKE: 1111, Keccak: none,
// KECCAK-KMAC (cSHAKE): 00), and output squeezed in any number of calls.
// Plain data, so a context copy is a memcpy.
//
// Portable-only header (inline functions): not for extension-flag lane files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/keccak.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {

// The first padding byte: the domain-separation suffix bits followed by
// the first 1 of pad10*1 (§6.1-6.3, B.2; Keccak's original padding has no
// suffix; cSHAKE (SP 800-185 §3.3) uses 00).
inline constexpr std::uint8_t kSha3Pad = 0x06;
inline constexpr std::uint8_t kShakePad = 0x1f;
inline constexpr std::uint8_t kKeccakPad = 0x01;
inline constexpr std::uint8_t kCshakePad = 0x04;

inline constexpr std::size_t kSpongeMaxRate = 168;  // SHAKE128

struct SpongeState {
  std::uint64_t a[kKeccakLanes];
  std::uint8_t buf[kSpongeMaxRate];  // absorbing: pending input; squeezing: output block
  std::size_t buf_len;               // absorbing: bytes in buf; squeezing: bytes used
  std::size_t rate;                  // bytes: 200 - 2 * security (c = 2 * output bits)
  std::uint8_t pad;
  bool squeezing;
  bool block_read;  // squeezing: the state's current output block is in buf
};

// rate in bytes (a multiple of 8, at most kSpongeMaxRate).
inline void sponge_init(SpongeState* s, std::size_t rate, std::uint8_t pad) {
  std::memset(s->a, 0, sizeof s->a);  // (buf holds nothing until buf_len says so)
  s->buf_len = 0;
  s->rate = rate;
  s->pad = pad;
  s->squeezing = false;
  s->block_read = false;
}

// Absorbs len bytes; false once squeezing has begun.
inline bool sponge_absorb(const KeccakKernel* k, SpongeState* s, const std::uint8_t* in,
                          std::size_t len) {
  if (s->squeezing) return false;
  if (len == 0) return true;
  if (s->buf_len != 0) {
    bytes::top_up(s->buf, s->buf_len, s->rate, in, len);
    if (s->buf_len < s->rate) return true;
    k->absorb(s->a, s->buf, 1, s->rate);
    s->buf_len = 0;
  }
  const std::size_t blocks = len / s->rate;
  if (blocks != 0) {
    k->absorb(s->a, in, blocks, s->rate);
    in += blocks * s->rate;
    len -= blocks * s->rate;
  }
  if (len != 0) std::memcpy(s->buf, in, len);
  s->buf_len = len;
  return true;
}

// Squeezes len bytes; the first call pads and absorbs the last block.
inline void sponge_squeeze(const KeccakKernel* k, SpongeState* s, std::uint8_t* out,
                           std::size_t len) {
  if (!s->squeezing) {
    std::memset(s->buf + s->buf_len, 0, s->rate - s->buf_len);
    s->buf[s->buf_len] ^= s->pad;
    s->buf[s->rate - 1] ^= 0x80;
    k->absorb(s->a, s->buf, 1, s->rate);
    s->squeezing = true;
    s->buf_len = s->rate;  // nothing in buf yet
  }
  while (len != 0) {
    if (s->buf_len == s->rate) {
      // Permute only when another block is really wanted.
      if (s->block_read) k->permute(s->a);
      for (std::size_t w = 0; w < s->rate / 8; ++w) bytes::store_le64(s->buf + 8 * w, s->a[w]);
      s->block_read = true;
      s->buf_len = 0;
    }
    const std::size_t take = len < s->rate - s->buf_len ? len : s->rate - s->buf_len;
    std::memcpy(out, s->buf + s->buf_len, take);
    s->buf_len += take;
    out += take;
    len -= take;
  }
}

// Clears the state and the buffered bytes (for keyed uses such as HMAC).
inline void sponge_wipe(SpongeState* s) {
  wipe(s->a, sizeof s->a);
  wipe(s->buf, s->rate);
}

}  // namespace armaccel
