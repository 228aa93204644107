// SPDX-License-Identifier: Apache-2.0
// GHASH, AArch64 lane "ghash-pmull" (SP 800-38D §6.4): eight blocks per
// reduction with precomputed powers H'^1..H'^8 (ghash_pmull_impl.h).
//
// Built with per-file -march=armv8-a+crypto: everything here is internal
// except the lane table (docs/architecture.md, extension-flag hazard).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/ghash.h"
#include "ghash_pmull_impl.h"

namespace armaccel {
namespace {

void init(GhashKey* key, const std::uint8_t h[16]) {
  // H' = H * x^-1: shift the 128-bit value left by one, fold the carry as
  // 0xC2000000000000000000000000000001.
  std::uint64_t hi = 0, lo = 0;
  for (int i = 0; i < 8; ++i) {
    hi = (hi << 8) | h[i];
    lo = (lo << 8) | h[8 + i];
  }
  const std::uint64_t carry = 0 - (hi >> 63);
  hi = ((hi << 1) | (lo >> 63)) ^ (carry & 0xC200000000000000ull);
  lo = (lo << 1) ^ (carry & 1);
  std::memset(key->bytes, 0, sizeof key->bytes);
  const uint64x2_t h1 = vcombine_u64(vcreate_u64(hi), vcreate_u64(lo));
  // H'^(k+1) = H'^k * H: multiplying by the key H' multiplies by H.
  GhashPowers<1> one;
  one.p[0] = h1;
  one.mid[0] = veorq_u64(h1, vextq_u64(h1, h1, 1));
  uint64x2_t power = h1;
  uint64x2_t mids[kGhashPowers];
  for (int k = 0; k < kGhashPowers; ++k) {
    if (k > 0) {
      GhashAcc acc;
      mul_acc<1>(acc, power, one);
      power = reduce(acc);
    }
    vst1q_u8(key->bytes + kPowersOffset + 16 * k, vreinterpretq_u8_u64(power));
    mids[k] = veorq_u64(power, vextq_u64(power, power, 1));
  }
  for (int j = 0; j < kGhashPowers / 2; ++j) {
    const uint64x2_t pair = vcombine_u64(vget_low_u64(mids[2 * j]), vget_low_u64(mids[2 * j + 1]));
    vst1q_u8(key->bytes + kMiddleOffset + 16 * j, vreinterpretq_u8_u64(pair));
  }
}

void update(const GhashKey* key, std::uint8_t xi[16], const std::uint8_t* data,
            std::size_t blocks) {
  const GhashPowers<> keys(key);
  uint64x2_t x = load_block(xi);
  for (; blocks >= 8; blocks -= 8, data += 128) {
    uint64x2_t d[8];
    for (int i = 0; i < 8; ++i) d[i] = load_block(data + 16 * i);
    x = absorb<8>(x, d, keys);
  }
  if (blocks > 0) {
    uint64x2_t d[8];
    for (std::size_t i = 0; i < blocks; ++i) d[i] = load_block(data + 16 * i);
    // The tail, 1..7 blocks, with one reduction.
    // clang-format off
    switch (blocks) {
      case 1: x = absorb<1>(x, d, keys); break;
      case 2: x = absorb<2>(x, d, keys); break;
      case 3: x = absorb<3>(x, d, keys); break;
      case 4: x = absorb<4>(x, d, keys); break;
      case 5: x = absorb<5>(x, d, keys); break;
      case 6: x = absorb<6>(x, d, keys); break;
      default:
        x = absorb<7>(x, d, keys);
    }
    // clang-format on
  }
  store_block(xi, x);
}

}  // namespace

extern const GhashKernel kGhashPmull;
const GhashKernel kGhashPmull = {
    .lane = "ghash-pmull", .required = kFeatAsimd | kFeatPmull, .init = init, .update = update};

}  // namespace armaccel
