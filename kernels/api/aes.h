// SPDX-License-Identifier: Apache-2.0
// AES kernel interface (FIPS 197), one table per lane.
//
// The table is BlockCipherKernel's (block_fns.h), where the contracts of
// the block functions are.  A lane expands a key into AesRoundKeys in its
// own private layout (byte round keys for the crypto-extension lane,
// bit-sliced planes for the portable lane).
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/block_fns.h"
#include "cpu/cpu_features.h"

namespace armaccel {

inline constexpr std::size_t kAesBlockBytes = 16;

// Expanded key schedule; layout private to the lane that produced it.  480
// bytes hold the largest layout: 15 round keys of AES-256 as 16 bytes each
// (crypto-extension lane: bytes[0, 240)), as eight 16-bit bit planes each
// (portable lane: bytes[0, 240)), or twice (NEON lane "aes-neon":
// bytes[0, 240) the FIPS 197 round keys, round key i at 16 i in the order
// XORed into the state, for an encryption and a decryption schedule alike;
// bytes[240, 480) the same rounds in the vector-permute form that lane adds
// them, for encryption or for the equivalent inverse cipher respectively).
// Kept small on purpose: it lives in every cipher context.
struct AesRoundKeys {
  alignas(16) std::uint8_t bytes[480];
  std::uint32_t rounds;    // Nr: 10, 12 or 14 (FIPS 197 Table 3)
  std::uint32_t lane_tag;  // set by the lane that made it
};

// set_encrypt_key is KeyExpansion (FIPS 197 §5.2), set_decrypt_key the
// same for the inverse cipher (§5.3); key_bytes must be 16, 24 or 32.
struct AesKernel : BlockCipherKernel<AesRoundKeys> {};

// The portable, constant-time (bit-sliced, no table lookups) lane; always
// built, the oracle every other lane is tested against.
extern const AesKernel kAesPortable;

}  // namespace armaccel
