// SPDX-License-Identifier: Apache-2.0
// GHASH kernels (NIST SP 800-38D §6.4), one table per lane.
//
// A lane precomputes from the hash subkey H = E_K(0^128) whatever it needs
// (powers of H for aggregated reduction) into a GhashKey in its own private
// layout.  `update` absorbs whole 16-byte blocks into the accumulator Xi,
// carried in and out, so any split of the data into calls gives the same Xi.
// Padding of partial blocks and the length block live in the GCM driver.
//
// Both lanes work in the spec's bit-reflected representation: a block is
// read as a 128-bit big-endian integer V, where the coefficient of x^i is
// bit 127 - i.  The key holds H' = H * x^-1 (V shifted left by one, folding
// the carry as 0xC2000...0001), so the plain carry-less product of V_X and
// V_H' is the 256-bit reflected product of X*H without a shift; it is
// reduced modulo x^128 + x^7 + x^2 + x + 1 by clearing its low 128 bits with
// two multiplications by c = 0xC200000000000000 (bits 57, 62, 63).
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/lane_bytes.h"
#include "cpu/cpu_features.h"

namespace armaccel {

// Lane-private precomputed key material (H' and its powers).
using GhashKey = LaneBytes<192, struct GhashKeyTag>;

struct GhashKernel {
  const char* lane;      // "ghash-pmull", "ghash-portable"
  CpuFeatures required;  // features the lane's instructions need
  // Prepares `key` from the hash subkey h[16] (E_K(0^128), spec byte order).
  void (*init)(GhashKey* key, const std::uint8_t h[16]);
  // Xi = (Xi ^ X_j) * H for each of `blocks` blocks X_j of `data` (no
  // alignment required).  xi[16] in and out, spec byte order.
  void (*update)(const GhashKey* key, std::uint8_t xi[16], const std::uint8_t* data,
                 std::size_t blocks);
};

// The portable, constant-time lane (integer multiplies on operands with
// 3-bit holes, no tables); the oracle for the other lanes.
extern const GhashKernel kGhashPortable;

}  // namespace armaccel
