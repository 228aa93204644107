// SPDX-License-Identifier: Apache-2.0
// SM4 kernel interface (GB/T 32907-2016), one table per lane.
//
// The table is BlockCipherKernel's (block_fns.h), as AesKernel's is, so
// the mode templates of provider/dispatch (ECB/CBC/CTR, GCM, CCM, XTS)
// serve SM4 unchanged; block_fns.h gives the contracts of the block
// functions.  A lane expands a 128-bit key into Sm4RoundKeys (the 32 round
// keys rk_0..31 of §7.3, in the lane's own order and layout), so a
// schedule must only be used with the lane that made it.
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

// set_encrypt_key is the key expansion (§7.3), set_decrypt_key the same
// round keys in reverse order (§7.2); key_bytes must be 16.  The mode
// entries apply SP 800-38A to 38E and IEEE 1619 to SM4; SM4 adds XTS with
// GB/T 17964-2021's tweak update.
struct Sm4Kernel : BlockCipherKernel<Sm4RoundKeys> {
  // XTS as xts_encrypt / xts_decrypt, with GB/T 17964-2021's tweak update:
  // the tweak a big-endian 128-bit value in GCM's bit order, T = T * alpha
  // as a right shift by one with 0xE1 folded into the first byte when bit 0
  // of the last byte was set.
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
