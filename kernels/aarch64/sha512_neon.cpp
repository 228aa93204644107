// SPDX-License-Identifier: Apache-2.0
// SHA-512 compression function for AArch64 cores without the SHA-512
// instructions, lane "sha512-neon" (FIPS 180-4 §6.4.2).
//
// The 80 rounds run in general-purpose registers (sha2_rounds_impl.h); the
// message schedule (§6.4.2 step 1) runs beside them in NEON, two words
// W[t], W[t+1] per vector, and stores W[t] + K[t] to a stack buffer that
// the rounds read.  ROTR8 in σ0 is a byte permutation (TBL with its index
// vector in a register).  No memory lookups, no data-dependent branches or
// addresses.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "aarch64/sha2_rounds_impl.h"
#include "api/sha2.h"
#include "util/always_inline.h"

namespace armaccel {
namespace {

using W = std::uint64_t;

// TBL indices rotating each 64-bit lane right by one byte.
alignas(16) constexpr std::uint8_t kRotr8[16] = {1, 2,  3,  4,  5,  6,  7,  0,
                                                 9, 10, 11, 12, 13, 14, 15, 8};

inline uint64x2_t load_be(const std::uint8_t* p) {
  return vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p)));
}

template <int N>
inline uint64x2_t rotr(uint64x2_t x) {
  return vsliq_n_u64(vshrq_n_u64(x, N), x, 64 - N);
}

// σ0(x) = ROTR1(x) ^ ROTR8(x) ^ SHR7(x) (4.12), both lanes.
inline uint64x2_t small_sigma0(uint64x2_t x, uint8x16_t rotr8) {
  const uint64x2_t r8 = vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(x), rotr8));
  return veorq_u64(veorq_u64(rotr<1>(x), r8), vshrq_n_u64(x, 7));
}

// σ1(x) = ROTR19(x) ^ ROTR61(x) ^ SHR6(x) (4.13), both lanes.
inline uint64x2_t small_sigma1(uint64x2_t x) {
  return veorq_u64(veorq_u64(rotr<19>(x), rotr<61>(x)), vshrq_n_u64(x, 6));
}

// W[t+16], W[t+17] from x[i] = W[t+2i], W[t+2i+1] (§6.4.2 step 1): the
// σ1 inputs W[t+14], W[t+15] are both older than the words produced.
inline uint64x2_t next_words(const uint64x2_t (&x)[8], int i, uint8x16_t rotr8) {
  const uint64x2_t x0 = x[i & 7], x1 = x[(i + 1) & 7];
  const uint64x2_t x4 = x[(i + 4) & 7], x5 = x[(i + 5) & 7], x7 = x[(i + 7) & 7];
  const uint64x2_t s = vaddq_u64(x0, small_sigma0(vextq_u64(x0, x1, 1), rotr8));
  return vaddq_u64(vaddq_u64(s, vextq_u64(x4, x5, 1)), small_sigma1(x7));
}

// The message schedule, two words W[t], W[t+1] per vector.  Its stores use
// the multi-register ST1 (vst1q_u64_x4): with plain vector stores GCC
// forwards the words to the rounds one lane move at a time instead of
// loading them.
struct Schedule {
  uint8x16_t rotr8;  // kRotr8
  uint64x2_t m[8];   // W[2i], W[2i+1] of the last sixteen words

  ARMACCEL_ALWAYS_INLINE void first16(const std::uint8_t* block, W wk[16]) {
#pragma GCC unroll 2
    for (int half = 0; half < 2; ++half) {
      uint64x2x4_t out;
      const uint64x2x4_t k = vld1q_u64_x4(kSha512K + 8 * half);
#pragma GCC unroll 4
      for (int j = 0; j < 4; ++j) {
        const int i = 4 * half + j;
        m[i] = load_be(block + 16 * i);
        out.val[j] = vaddq_u64(m[i], k.val[j]);
      }
      vst1q_u64_x4(wk + 8 * half, out);
    }
  }

  // Words 16 + 8g .. 23 + 8g.
  ARMACCEL_ALWAYS_INLINE void next8(int g, W wk[8]) {
    uint64x2x4_t out;
    const uint64x2x4_t k = vld1q_u64_x4(kSha512K + 16 + 8 * g);
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) {
      const int i = 4 * g + j;
      m[i & 7] = next_words(m, i, rotr8);
      out.val[j] = vaddq_u64(m[i & 7], k.val[j]);
    }
    vst1q_u64_x4(wk, out);
  }
};

void compress(W state[8], const std::uint8_t* data, std::size_t blocks) {
  Schedule schedule{vld1q_u8(kRotr8), {}};
  compress_blocks<W, 80, kSha512BlockBytes>(state, data, blocks, schedule);
}

}  // namespace

extern const Sha512Kernel kSha512Neon;
const Sha512Kernel kSha512Neon = {
    .lane = "sha512-neon", .required = kFeatAsimd, .compress = compress};

}  // namespace armaccel
