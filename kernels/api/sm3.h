// SPDX-License-Identifier: Apache-2.0
// SM3 kernel interface (GB/T 32905-2016), one table per lane.
//
// SM3 is a Merkle-Damgard hash with SHA-256's shape: 64-byte blocks, eight
// 32-bit chaining words, the same padding (a 1 bit, zeros, the 64-bit
// big-endian bit length), so the SHA-2 driver (sha2_driver.h) runs it over
// this table.
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/sha2.h"
#include "cpu/cpu_features.h"

namespace armaccel {

inline constexpr std::size_t kSm3BlockBytes = 64;
inline constexpr std::size_t kSm3DigestBytes = 32;

struct Sm3Kernel {
  const char* lane;      // "sm3-ce", "sm3-portable"
  CpuFeatures required;  // features the lane's instructions need
  // The compression function CF (§5.3.2, with the message expansion of
  // §5.3.3) for `blocks` consecutive 64-byte blocks of `data` (no alignment
  // required).  state[8] = V (A..H) in and out.
  CompressFn<std::uint32_t> compress;
};

// The initial value IV (§4.1).
extern const std::uint32_t kSm3Iv[8];

// The round constants as the compression function uses them: t[j] =
// T_j <<< (j mod 32) (§4.2, §5.3.3), T_j = 0x79cc4519 for j < 16 and
// 0x7a879d8a from 16.  Defined apart from the lanes that load it, so that a
// compiler loads it as a table rather than as 64 literals.
struct Sm3RoundConstants {
  alignas(16) std::uint32_t t[64];
};
extern const Sm3RoundConstants kSm3RoundConstants;

// The portable lane: the oracle for the others.
extern const Sm3Kernel kSm3Portable;

}  // namespace armaccel
