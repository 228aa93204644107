// SPDX-License-Identifier: Apache-2.0
// Poly1305 kernels (RFC 8439 §2.5), one table per lane.
//
// The one-time key is (r, s), 16 bytes each.  A lane keeps the clamped r,
// whatever it precomputes from it (powers of r for several blocks per
// multiplication step) and the accumulator h in a Poly1305State, in its own
// private layout.  `blocks` absorbs whole 16-byte blocks with h carried in
// the state, so any split of the message into calls gives the same tag; the
// mode code pads the last partial block (append 0x01, zero-fill, no 2^128
// bit: pad_bit = 0).  Constant time: no branch or index on r, s, h or data.
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/lane_bytes.h"
#include "cpu/cpu_features.h"

namespace armaccel {

inline constexpr std::size_t kPoly1305BlockBytes = 16;
inline constexpr std::size_t kPoly1305KeyBytes = 32;
inline constexpr std::size_t kPoly1305TagBytes = 16;

// Lane-private: clamped r, its precomputed powers and the accumulator h.
using Poly1305State = LaneBytes<192, struct Poly1305StateTag>;

struct Poly1305Kernel {
  const char* lane;      // "poly1305-neon", "poly1305-portable"
  CpuFeatures required;  // features the lane's instructions need

  // Clamps r[16] (little-endian, §2.5.1 clamp) into st and sets h = 0.
  void (*init)(Poly1305State* st, const std::uint8_t r[16]);

  // For each of `blocks` 16-byte blocks m of data (no alignment required):
  // h = (h + m + pad_bit * 2^128) * r mod 2^130 - 5 (§2.5.1).  pad_bit is
  // 1 for whole message blocks and 0 for the final block the mode code
  // padded itself.
  void (*blocks)(Poly1305State* st, const std::uint8_t* data, std::size_t blocks,
                 std::uint32_t pad_bit);

  // tag = (h mod 2^130 - 5) + s mod 2^128, little-endian (§2.5.1).  The
  // state is left as it was (the mode code wipes it).
  void (*finish)(const Poly1305State* st, const std::uint8_t s[16], std::uint8_t tag[16]);
};

// The portable lane (64-bit limbs, 64x64->128-bit products): the oracle
// for the others.
extern const Poly1305Kernel kPoly1305Portable;

}  // namespace armaccel
