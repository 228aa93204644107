// SPDX-License-Identifier: Apache-2.0
// CMAC driver (NIST SP 800-38B): subkeys K1/K2 (§6.1), the message in any
// number of calls of any length, and the MAC (§6.2), for a block cipher of
// B = 8 or 16 bytes.  The CBC-MAC chaining itself is a `Chain` supplied by
// the caller, so the same driver runs on a lane's cbc_mac kernel or on any
// other implementation of the cipher:
//
//   void Chain::reset();                     // chaining value := 0^B
//   void Chain::absorb(const uint8_t* in, size_t blocks, uint8_t mac[B]);
//                                            // mac := E(mac ^ block) each
//
// `mac` is only read by the driver after absorb (an implementation may keep
// its chaining value elsewhere and copy it out).  The last block of the
// message is held back until the end, since it is masked with K1 or K2.
// Constant time with respect to key and data (the subkey shifts use masks).
//
// Portable-only header (inline templates): not for extension-flag lane files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {

template <std::size_t B>
struct CmacState {
  static_assert(B == 8 || B == 16, "SP 800-38B defines CMAC for 64- and 128-bit blocks");
  std::uint8_t k1[B];
  std::uint8_t k2[B];
  std::uint8_t mac[B];   // chaining value after the absorbed blocks
  std::uint8_t last[B];  // the held-back (final or partial) block
  std::size_t last_len;  // 0..B
};

// x := x * u in GF(2^b) (§5.3: left shift, conditional XOR of R_b), branch-free.
template <std::size_t B>
void cmac_double(const std::uint8_t in[B], std::uint8_t out[B]) {
  constexpr std::uint8_t kRb = B == 16 ? 0x87 : 0x1b;
  const std::uint8_t mask = static_cast<std::uint8_t>(0 - (in[0] >> 7));
  for (std::size_t i = 0; i + 1 < B; ++i)
    out[i] = static_cast<std::uint8_t>(in[i] << 1 | in[i + 1] >> 7);
  out[B - 1] = static_cast<std::uint8_t>(in[B - 1] << 1 ^ (mask & kRb));
}

// Derives K1 and K2 from L = E_K(0^B) (§6.1) and starts a message.  The
// chain must already hold the key.
template <std::size_t B, class Chain>
void cmac_init(CmacState<B>* s, Chain& chain) {
  std::uint8_t l[B] = {};
  chain.reset();
  std::uint8_t zero[B] = {};
  chain.absorb(zero, 1, l);
  cmac_double<B>(l, s->k1);
  cmac_double<B>(s->k1, s->k2);
  wipe(l, sizeof l);
  chain.reset();
  std::memset(s->mac, 0, B);
  s->last_len = 0;
}

// Starts another message with the same subkeys.
template <std::size_t B, class Chain>
void cmac_restart(CmacState<B>* s, Chain& chain) {
  chain.reset();
  std::memset(s->mac, 0, B);
  wipe(s->last, B);
  s->last_len = 0;
}

// Absorbs every block that is followed by more data; keeps the rest
// (1..B bytes once any data has arrived).
template <std::size_t B, class Chain>
void cmac_update(CmacState<B>* s, Chain& chain, const std::uint8_t* in, std::size_t len) {
  if (len == 0) return;
  if (s->last_len != 0) {
    bytes::top_up(s->last, s->last_len, B, in, len);
    if (len == 0) return;
    chain.absorb(s->last, 1, s->mac);  // full, and more follows
    s->last_len = 0;
  }
  // Keep at least one byte (up to a whole block) back for the end.
  const std::size_t blocks = (len - 1) / B;
  chain.absorb(in, blocks, s->mac);
  in += blocks * B;
  len -= blocks * B;
  std::memcpy(s->last, in, len);
  s->last_len = len;
}

// The B-byte MAC T (§6.2 steps 3-6); the state needs cmac_restart before
// further use.
template <std::size_t B, class Chain>
void cmac_final(CmacState<B>* s, Chain& chain, std::uint8_t mac[B]) {
  std::uint8_t m[B];
  if (s->last_len == B) {
    for (std::size_t i = 0; i < B; ++i) m[i] = static_cast<std::uint8_t>(s->last[i] ^ s->k1[i]);
  } else {
    std::memcpy(m, s->last, s->last_len);
    m[s->last_len] = 0x80;
    for (std::size_t i = s->last_len + 1; i < B; ++i) m[i] = 0;
    for (std::size_t i = 0; i < B; ++i) m[i] ^= s->k2[i];
  }
  chain.absorb(m, 1, s->mac);
  std::memcpy(mac, s->mac, B);
  wipe(m, sizeof m);
}

}  // namespace armaccel
