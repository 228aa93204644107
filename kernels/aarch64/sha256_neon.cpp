// SPDX-License-Identifier: Apache-2.0
// SHA-256 compression function for AArch64 cores without the SHA-2
// instructions, lane "sha256-neon" (FIPS 180-4 §6.2.2).
//
// The 64 rounds run in general-purpose registers (sha2_rounds_impl.h); the
// message schedule (§6.2.2 step 1) runs beside them in NEON, four words
// W[t..t+3] per vector, and stores W[t] + K[t] to a stack buffer that the
// rounds read two words at a time.  No table lookups, no data-dependent
// branches or addresses.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "aarch64/sha2_rounds_impl.h"
#include "api/sha2.h"
#include "util/always_inline.h"

namespace armaccel {
namespace {

using W = std::uint32_t;

inline uint32x4_t load_be(const std::uint8_t* p) {
  return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

// σ0(x) = ROTR7(x) ^ ROTR18(x) ^ SHR3(x) (4.6), four lanes.
inline uint32x4_t small_sigma0(uint32x4_t x) {
  const uint32x4_t r7 = vsliq_n_u32(vshrq_n_u32(x, 7), x, 25);
  const uint32x4_t r18 = vsliq_n_u32(vshrq_n_u32(x, 18), x, 14);
  return veorq_u32(veorq_u32(r7, r18), vshrq_n_u32(x, 3));
}

// σ1 (4.7) of two words given as d = {x0, x0, x1, x1}: a 64-bit lane holding
// a word twice shifted right by n has the word rotated by n in its low half.
// Returns {σ1(x0), σ1(x1)} still in the low halves of the 64-bit lanes.
inline uint64x2_t small_sigma1_doubled(uint32x4_t d) {
  const uint64x2_t d64 = vreinterpretq_u64_u32(d);
  const uint64x2_t r = veorq_u64(vshrq_n_u64(d64, 17), vshrq_n_u64(d64, 19));
  return veorq_u64(r, vreinterpretq_u64_u32(vshrq_n_u32(d, 10)));
}

// W[t+16 .. t+19] from x0 = W[t..t+3], x1 = W[t+4..], x2 = W[t+8..],
// x3 = W[t+12..t+15] (6.2.2 step 1, t + 16 >= 16).  W[t+18] and W[t+19]
// need σ1 of W[t+16] and W[t+17], hence two halves.
inline uint32x4_t next_words(uint32x4_t x0, uint32x4_t x1, uint32x4_t x2, uint32x4_t x3) {
  const uint32x4_t s =
      vaddq_u32(vaddq_u32(x0, small_sigma0(vextq_u32(x0, x1, 1))), vextq_u32(x2, x3, 1));
  const uint32x2_t lo = vmovn_u64(small_sigma1_doubled(vzip2q_u32(x3, x3)));
  const uint32x4_t s_lo = vaddq_u32(s, vcombine_u32(lo, vdup_n_u32(0)));  // W[t+16], W[t+17]
  const uint32x4_t sig = vmovn_high_u64(lo, small_sigma1_doubled(vzip1q_u32(s_lo, s_lo)));
  return vaddq_u32(s, sig);
}

// The message schedule, four words W[t..t+3] per vector.  Its stores use
// the multi-register ST1 (vst1q_u32_x2/_x4): with plain vector stores GCC
// forwards the words to the rounds one lane move at a time instead of
// loading them.
struct Schedule {
  uint32x4_t m[4];  // W[4i .. 4i+3] of the last sixteen words

  ARMACCEL_ALWAYS_INLINE void first16(const std::uint8_t* block, W wk[16]) {
    uint32x4x4_t first;
    for (int i = 0; i < 4; ++i) {
      m[i] = load_be(block + 16 * i);
      first.val[i] = vaddq_u32(m[i], vld1q_u32(kSha256K + 4 * i));
    }
    vst1q_u32_x4(wk, first);
  }

  // Words 16 + 8g .. 23 + 8g.
  ARMACCEL_ALWAYS_INLINE void next8(int g, W wk[8]) {
    uint32x4x2_t out;
#pragma GCC unroll 2
    for (int j = 0; j < 2; ++j) {
      const int i = 2 * g + j;
      m[i & 3] = next_words(m[i & 3], m[(i + 1) & 3], m[(i + 2) & 3], m[(i + 3) & 3]);
      out.val[j] = vaddq_u32(m[i & 3], vld1q_u32(kSha256K + 16 + 4 * i));
    }
    vst1q_u32_x2(wk, out);
  }
};

void compress(W state[8], const std::uint8_t* data, std::size_t blocks) {
  Schedule schedule;
  compress_blocks<W, 64, kSha256BlockBytes>(state, data, blocks, schedule);
}

}  // namespace

extern const Sha256Kernel kSha256Neon;
const Sha256Kernel kSha256Neon = {
    .lane = "sha256-neon", .required = kFeatAsimd, .compress = compress};

}  // namespace armaccel
