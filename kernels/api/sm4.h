// SPDX-License-Identifier: Apache-2.0
// SM4 kernel interface (GB/T 32907-2016), one table per lane.
//
// The table has the shape of AesKernel (aes.h), so the mode templates of
// provider/dispatch (ECB/CBC/CTR, GCM, CCM, XTS) serve SM4 unchanged.  A
// lane expands a 128-bit key into Sm4RoundKeys (the 32 round keys rk_0..31
// of §7.3, in the lane's own order and layout), so a schedule must only be
// used with the lane that made it.
//
// Common contract of the block functions (as aes.h):
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

inline constexpr std::size_t kSm4BlockBytes = 16;
inline constexpr std::size_t kSm4KeyBytes = 16;

// The key schedule's constants (§7.3): FK, and CK_i whose byte j is
// (4i + j) * 7 mod 256.  Data only, with internal linkage (each file its
// own copy), so lane files still export nothing but their table.
constexpr std::uint32_t kSm4Fk[4] = {0xa3b1bac6u, 0x56aa3350u, 0x677d9197u, 0xb27022dcu};
struct Sm4CkTable {
  std::uint32_t v[32];
};
constexpr Sm4CkTable kSm4Ck = [] {
  Sm4CkTable t{};
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 4; ++j) t.v[i] = (t.v[i] << 8) | (((4 * i + j) * 7) & 0xff);
  return t;
}();

// Expanded key schedule (layout private to the lane that produced it).
struct Sm4RoundKeys {
  alignas(16) std::uint32_t rk[32];
};

struct Sm4Kernel {
  const char* lane;      // e.g. "sm4-ce", "sm4-portable"
  CpuFeatures required;  // features the lane's instructions need

  // Key expansion (§7.3) for encryption, and for decryption (the same
  // round keys in reverse order, §7.2).  key_bytes must be 16; otherwise
  // returns false and leaves `rk` unspecified.
  SetKeyFn<Sm4RoundKeys> set_encrypt_key;
  SetKeyFn<Sm4RoundKeys> set_decrypt_key;

  // ECB (SP 800-38A §6.1 applied to SM4): each block independently, with an
  // encryption or a decryption schedule respectively.
  BlocksFn<Sm4RoundKeys> ecb_encrypt;
  BlocksFn<Sm4RoundKeys> ecb_decrypt;

  // CBC (SP 800-38A §6.2).  iv[16] holds the chaining value in and the last
  // ciphertext block out.
  ChainedFn<Sm4RoundKeys> cbc_encrypt;  // iv[16]
  ChainedFn<Sm4RoundKeys> cbc_decrypt;  // iv[16]

  // CTR (SP 800-38A §6.5) with the whole counter block as one 128-bit
  // big-endian integer (OpenSSL's SM4-CTR); counter[16] advanced by
  // `blocks`.  Encryption schedule.
  ChainedFn<Sm4RoundKeys> ctr_encrypt;  // counter[16]

  // GCTR's inc32 counter (SP 800-38D §6.5: only the last 32 bits count,
  // big-endian, modulo 2^32), for GCM.  Encryption schedule.
  ChainedFn<Sm4RoundKeys> ctr32_encrypt;  // counter[16]

  // CBC-MAC chaining (SP 800-38B §6.2, SP 800-38C §6.1): mac = E(mac ^ block)
  // for each block.  Encryption schedule.
  CbcMacFn<Sm4RoundKeys> cbc_mac;

  // XTS on whole blocks with IEEE 1619's tweak update (T = T * alpha in
  // GF(2^128), the tweak a little-endian 128-bit value): out_j =
  // E_K1(in_j ^ T) ^ T (decryption: D_K1).  tweak[16] in and out as aes.h.
  ChainedFn<Sm4RoundKeys> xts_encrypt;  // tweak[16]
  ChainedFn<Sm4RoundKeys> xts_decrypt;  // tweak[16]

  // The same with GB/T 17964-2021's tweak update: the tweak a big-endian
  // 128-bit value in GCM's bit order, T = T * alpha as a right shift by
  // one with 0xE1 folded into the first byte when bit 0 of the last byte
  // was set.
  ChainedFn<Sm4RoundKeys> xts_gb_encrypt;  // tweak[16]
  ChainedFn<Sm4RoundKeys> xts_gb_decrypt;  // tweak[16]
};

// A lane's set_encrypt_key / set_decrypt_key from its key expansion
// expand(rk, key, key_bytes, reverse), reverse giving the round keys in
// decryption order.
using Sm4ExpandFn = bool (*)(Sm4RoundKeys* rk, const std::uint8_t* key, std::size_t key_bytes,
                             bool reverse);
template <Sm4ExpandFn Expand, bool Reverse>
bool sm4_set_key(Sm4RoundKeys* rk, const std::uint8_t* key, std::size_t key_bytes) {
  return Expand(rk, key, key_bytes, Reverse);
}

// The portable, constant-time (bit-sliced S-box, no table lookups) lane;
// always built, the oracle every other lane is tested against.
extern const Sm4Kernel kSm4Portable;

}  // namespace armaccel
