// SPDX-License-Identifier: Apache-2.0
// GHASH, AArch64 lane "ghash-neon" (SP 800-38D §6.4) for cores without
// PMULL on 64-bit lanes: carry-less products from the 8-bit polynomial
// multiply (PMULL.8B) every AArch64 core has, eight blocks per reduction
// with the powers H^1..H^8 kept in the key (ghash_neon_impl.h).
//
// Constant time: multiplications, byte rotations by fixed TBL indices held
// in registers, shifts and masks; no branch or address depends on H, the
// accumulator or the data (only on the public block count).
//
// Advanced SIMD is part of the base AArch64 architecture: no extension
// flags; lane-file rules apply all the same (only the table is exported).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "api/ghash.h"
#include "ghash_neon_impl.h"

namespace armaccel {
namespace {

// H^1..H^8: squares (two PMULLs and a reduction each) where they serve,
// three full products for H^3, H^5, H^7.  Fills all 192 bytes.
void init(GhashKey* key, const std::uint8_t h[16]) {
  const Rotations rot;
  uint8x16_t p[kGhashPowers];  // p[k] = H^(k+1), natural form
  p[0] = load_natural(h);
  p[1] = square(p[0]);
  p[3] = square(p[1]);
  p[2] = multiply(p[1], p[0], rot);
  p[4] = multiply(p[3], p[0], rot);
  p[5] = square(p[2]);
  p[6] = multiply(p[3], p[2], rot);
  p[7] = square(p[3]);
  for (int k = 0; k < kGhashPowers; ++k) vst1q_u8(key->bytes + kPowersOffset + 16 * k, p[k]);
  for (int j = 0; j < kGhashPowers / 2; ++j)
    vst1q_u8(key->bytes + kMiddleOffset + 16 * j, middles(p[2 * j + 1], p[2 * j]));
}

void update(const GhashKey* key, std::uint8_t xi[16], const std::uint8_t* data,
            std::size_t blocks) {
  const Rotations rot;
  uint8x16_t x = load_natural(xi);
  const KeyOnTheFly k = {key->bytes, rot};
  for (; blocks >= 8; blocks -= 8, data += 128) x = absorb(x, data, 8, k, rot);
  if (blocks > 0) x = absorb(x, data, blocks, k, rot);
  store_natural(xi, x);
}

}  // namespace

extern const GhashKernel kGhashNeon;
const GhashKernel kGhashNeon = {
    .lane = "ghash-neon", .required = kFeatAsimd, .init = init, .update = update};

}  // namespace armaccel
