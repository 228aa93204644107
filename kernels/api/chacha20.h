// SPDX-License-Identifier: Apache-2.0
// ChaCha20 kernels (RFC 8439 §2.3-2.4), one table per lane.
//
// The state is the 16-word matrix of §2.3: the constants "expand 32-byte k",
// the key as eight little-endian words, then four words that OpenSSL calls
// the IV: word 12 is the block counter, words 13..15 the nonce.  OpenSSL's
// "ChaCha20" treats words 12..13 as one 64-bit little-endian counter (a
// carry out of word 12 runs into word 13); RFC 8439's AEAD uses a 32-bit
// counter, which is the same thing for any message shorter than 256 GiB.
// The kernels implement the carrying counter, so both are served.
//
// Kernels take whole 64-byte blocks and carry the counter in and out, so
// any split of a stream into calls gives the same keystream.  Partial
// blocks live in the mode code (keystream of one block into a buffer).
// Constant time: only additions, XORs and fixed rotations.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cpu/cpu_features.h"

namespace armaccel {

inline constexpr std::size_t kChachaBlockBytes = 64;
inline constexpr std::size_t kChachaKeyBytes = 32;
inline constexpr std::size_t kChachaIvBytes = 16;  // counter word then 12-byte nonce

// The "expand 32-byte k" constants, state words 0..3 (§2.3).
inline constexpr std::uint32_t kChachaConstants[4] = {0x61707865u, 0x3320646eu, 0x79622d32u,
                                                      0x6b206574u};

struct ChachaKernel {
  const char* lane;      // "chacha20-neon", "chacha20-portable"
  CpuFeatures required;  // features the lane's instructions need

  // out = in XOR keystream for `blocks` 64-byte blocks (§2.4): block j uses
  // the state with counter words 12..13 = iv[0..1] + j as a 64-bit
  // little-endian number and nonce words 13..15 = iv[1..3] otherwise
  // (OpenSSL's carry).  key[8] are state words 4..11; iv[4] are words
  // 12..15 and are advanced by `blocks` on return.  in == out is allowed;
  // any other overlap is not.  No alignment required.
  void (*xor_blocks)(const std::uint32_t key[8], std::uint32_t iv[4], std::uint8_t* out,
                     const std::uint8_t* in, std::size_t blocks);
};

// The portable lane: the oracle for the others.
extern const ChachaKernel kChachaPortable;

}  // namespace armaccel
