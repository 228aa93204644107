// SPDX-License-Identifier: Apache-2.0
// SHA-256 compression function, AArch64 crypto-extension lane "sha256-ce"
// (FIPS 180-4 §6.2.2).
//
// Four rounds per SHA256H/SHA256H2 pair, on the state split into ABCD and
// EFGH vectors; SHA256SU0/SHA256SU1 compute four message-schedule words at a
// time (W[t..t+3] from W[t-16..t-1]).
//
// Built with per-file -march=armv8-a+crypto: everything here is internal
// except the lane table (docs/architecture.md, extension-flag hazard).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "api/sha2.h"

namespace armaccel {
namespace {

void compress(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
  uint32x4_t abcd = vld1q_u32(state);
  uint32x4_t efgh = vld1q_u32(state + 4);
  for (; blocks > 0; --blocks, data += kSha256BlockBytes) {
    const uint32x4_t abcd_in = abcd;
    const uint32x4_t efgh_in = efgh;
    uint32x4_t m[4];
    for (int i = 0; i < 4; ++i) m[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(data + 16 * i)));
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) {
      const uint32x4_t wk = vaddq_u32(m[g & 3], vld1q_u32(kSha256K + 4 * g));
      if (g < 12) {
        // W[4g+16 .. 4g+19] replaces W[4g .. 4g+3].
        m[g & 3] = vsha256su1q_u32(vsha256su0q_u32(m[g & 3], m[(g + 1) & 3]), m[(g + 2) & 3],
                                   m[(g + 3) & 3]);
      }
      const uint32x4_t abcd_prev = abcd;
      abcd = vsha256hq_u32(abcd, efgh, wk);
      efgh = vsha256h2q_u32(efgh, abcd_prev, wk);
    }
    abcd = vaddq_u32(abcd, abcd_in);
    efgh = vaddq_u32(efgh, efgh_in);
  }
  vst1q_u32(state, abcd);
  vst1q_u32(state + 4, efgh);
}

}  // namespace

extern const Sha256Kernel kSha256Ce;
const Sha256Kernel kSha256Ce = {
    .lane = "sha256-ce", .required = kFeatAsimd | kFeatSha2, .compress = compress};

}  // namespace armaccel
