// SPDX-License-Identifier: Apache-2.0
// AES kernel interface (FIPS 197), one table per lane.
//
// A lane expands a key into AesRoundKeys in its own private layout (byte
// round keys for the crypto-extension lane, bit-sliced planes for the
// portable lane), so a key schedule must only be used with the lane that
// made it.  Kernels take whole 16-byte blocks and carry the chaining value
// (CBC IV, CTR counter block) in and out, so splitting a message into
// several calls gives the same bytes as one call.  Padding, partial blocks
// and buffering live in the mode code above (provider/dispatch).
//
// Common contract of the block functions:
//   - `blocks` is a count of 16-byte blocks; 0 is allowed and does nothing;
//   - `in == out` (in place) is allowed; other overlap is not;
//   - no alignment is required of in, out or the chaining value;
//   - constant time with respect to keys and data.
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

struct AesKernel {
  const char* lane;      // e.g. "aes-ce", "aes-portable"
  CpuFeatures required;  // features the lane's instructions need

  // KeyExpansion (FIPS 197 §5.2) for encryption, and for the inverse cipher
  // (§5.3).  key_bytes must be 16, 24 or 32; otherwise returns false and
  // leaves `rk` unspecified.
  SetKeyFn<AesRoundKeys> set_encrypt_key;
  SetKeyFn<AesRoundKeys> set_decrypt_key;

  // ECB (SP 800-38A §6.1): each block independently, with an encryption or
  // a decryption schedule respectively.
  BlocksFn<AesRoundKeys> ecb_encrypt;
  BlocksFn<AesRoundKeys> ecb_decrypt;

  // CBC (SP 800-38A §6.2).  iv[16] holds the chaining value in and the last
  // ciphertext block out.
  ChainedFn<AesRoundKeys> cbc_encrypt;  // iv[16]
  ChainedFn<AesRoundKeys> cbc_decrypt;  // iv[16]

  // CTR (SP 800-38A §6.5) with the whole 16-byte counter block taken as one
  // 128-bit big-endian integer, incremented once per block and wrapping
  // modulo 2^128 (OpenSSL's AES-*-CTR).  counter[16] is advanced by
  // `blocks`.  Encryption schedule.
  ChainedFn<AesRoundKeys> ctr_encrypt;  // counter[16]

  // GCTR as GCM uses it (SP 800-38D §6.5, inc32): only the last 32 bits of
  // the counter block are incremented, big-endian, modulo 2^32; the first 96
  // bits never change.  counter[16] is advanced by `blocks`.  Encryption
  // schedule.
  ChainedFn<AesRoundKeys> ctr32_encrypt;  // counter[16]

  // CBC-MAC chaining (SP 800-38B §6.2, SP 800-38C §6.1): for each block,
  // mac = E(mac ^ block).  No output is written.  Encryption schedule.
  CbcMacFn<AesRoundKeys> cbc_mac;

  // XTS-AES on whole blocks (IEEE 1619 §5.3.1, SP 800-38E):
  // out_j = E_K1(in_j ^ T) ^ T (decryption: D_K1), then T = T * alpha in
  // GF(2^128) with the tweak as a little-endian 128-bit value.  tweak[16] is
  // the encrypted tweak (E_K2(i) for the data unit) in, and the tweak for
  // the next block out, so a data unit can be processed in any number of
  // calls.  Ciphertext stealing lives in the mode code (xts_driver.h).
  // The schedule is the data key's: encryption schedule for xts_encrypt,
  // decryption schedule for xts_decrypt.
  ChainedFn<AesRoundKeys> xts_encrypt;  // tweak[16]
  ChainedFn<AesRoundKeys> xts_decrypt;  // tweak[16]
};

// The portable, constant-time (bit-sliced, no table lookups) lane; always
// built, the oracle every other lane is tested against.
extern const AesKernel kAesPortable;

}  // namespace armaccel
