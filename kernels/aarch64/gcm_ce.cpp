// SPDX-License-Identifier: Apache-2.0
// Fused AES-GCM, AArch64 lane "gcm-ce" (SP 800-38D §7.1-7.2): AESE/AESMC
// counter mode and PMULL GHASH in one loop, four blocks per iteration.  When
// encrypting, the ciphertext of the previous iteration is hashed while the
// current counter blocks go through AES (no dependency between the two), so
// both units are busy; when decrypting the input is hashed directly.
//
// Its variant for out-of-order cores, "gcm-ce-ooo", runs the loop of
// gcm_ce_ooo_impl.h.
//
// Built with per-file -march=armv8-a+crypto: everything here is internal
// except the lane tables (docs/architecture.md, extension-flag hazard).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "aes_by_rounds.h"
#include "aes_ce_impl.h"
#include "api/core_variant.h"
#include "api/gcm.h"
#include "gcm_ce_ooo_impl.h"
#include "ghash_pmull_impl.h"

namespace armaccel {

extern const AesKernel kAesCe;
extern const GhashKernel kGhashPmull;

namespace {

// Four counter blocks from ctr (host-order 32-bit lanes; inc32 on lane 3),
// advancing ctr by four.  One constant, chained adds.
inline void next_counters(uint32x4_t& ctr, uint32x4_t one, uint8x16_t b[4]) {
  uint32x4_t c = ctr;
  for (int i = 0; i < 4; ++i) {
    b[i] = vrev32q_u8(vreinterpretq_u8_u32(c));
    c = vaddq_u32(c, one);
  }
  ctr = c;
}

inline void rev64x4(const uint8x16_t c[4], uint64x2_t d[4]) {
  for (int i = 0; i < 4; ++i) d[i] = vreinterpretq_u64_u8(vrev64q_u8(c[i]));
}

// One block at a time (the tail, and messages under eight blocks).
template <int Nr, bool Encrypt>
void gcm_blocks(const Keys<Nr>& ks, const GhashPowers<4>& keys, const std::uint8_t* in,
                std::uint8_t* out, std::size_t blocks, uint32x4_t& ctr, uint32x4_t one,
                uint64x2_t& x) {
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t m = vld1q_u8(in);
    const uint8x16_t c = veorq_u8(m, encrypt1(vrev32q_u8(vreinterpretq_u8_u32(ctr)), ks));
    ctr = vaddq_u32(ctr, one);
    vst1q_u8(out, c);
    const uint64x2_t d = vreinterpretq_u64_u8(vrev64q_u8(Encrypt ? c : m));
    x = absorb<1>(x, &d, keys);
  }
}

// Whole blocks, four per iteration.  Encryption: the ciphertext of the
// previous iteration is hashed while the current counter blocks go through
// AES.  Decryption: the input is hashed directly.
template <int Nr, bool Encrypt>
void gcm_n(const AesRoundKeys* rk, const GhashKey* hkey, const std::uint8_t* in, std::uint8_t* out,
           std::size_t blocks, std::uint8_t counter[16], std::uint8_t xi[16]) {
  const Keys<Nr> ks(rk);
  const GhashPowers<4> keys(hkey);
  uint32x4_t ctr = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(counter)));
  const uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
  uint64x2_t x = load_block(xi);
  if constexpr (Encrypt) {
    if (blocks >= 8) {
      uint8x16_t c[4];
      next_counters(ctr, one, c);
      crypt_n<true, 4>(c, ks);
      for (int i = 0; i < 4; ++i) {
        c[i] = veorq_u8(c[i], vld1q_u8(in + 16 * i));
        vst1q_u8(out + 16 * i, c[i]);
      }
      in += 64;
      out += 64;
      blocks -= 4;
      for (; blocks >= 4; blocks -= 4, in += 64, out += 64) {
        uint64x2_t d[4];
        rev64x4(c, d);
        next_counters(ctr, one, c);
        x = absorb<4>(x, d, keys);
        crypt_n<true, 4>(c, ks);
        for (int i = 0; i < 4; ++i) {
          c[i] = veorq_u8(c[i], vld1q_u8(in + 16 * i));
          vst1q_u8(out + 16 * i, c[i]);
        }
      }
      uint64x2_t d[4];
      rev64x4(c, d);
      x = absorb<4>(x, d, keys);
    }
  } else {
    for (; blocks >= 4; blocks -= 4, in += 64, out += 64) {
      uint8x16_t b[4], m[4];
      uint64x2_t d[4];
      for (int i = 0; i < 4; ++i) m[i] = vld1q_u8(in + 16 * i);
      rev64x4(m, d);
      next_counters(ctr, one, b);
      x = absorb<4>(x, d, keys);
      crypt_n<true, 4>(b, ks);
      for (int i = 0; i < 4; ++i) vst1q_u8(out + 16 * i, veorq_u8(m[i], b[i]));
    }
  }
  gcm_blocks<Nr, Encrypt>(ks, keys, in, out, blocks, ctr, one, x);
  vst1q_u8(counter, vrev32q_u8(vreinterpretq_u8_u32(ctr)));
  store_block(xi, x);
}

}  // namespace

extern const GcmKernel kGcmCe;
extern const GcmKernel kGcmCeOoo;
// clang-format off
constexpr GcmKernel kGcmCe = {
    .lane = "gcm-ce", .required = kFeatAsimd | kFeatAes | kFeatPmull, .aes = &kAesCe,
    .ghash = &kGhashPmull, .encrypt = ARMACCEL_BY_ROUNDS(gcm_n, true),
    .decrypt = ARMACCEL_BY_ROUNDS(gcm_n, false)};
// clang-format on
// The variant for out-of-order cores (cpu/lane_table.cpp): eight blocks
// per iteration (gcm_ce_ooo_impl.h).
constexpr GcmKernel kGcmCeOoo = core_variant(kGcmCe, "gcm-ce-ooo", [](GcmKernel& k) {
  k.encrypt = ARMACCEL_BY_ROUNDS(gcm_ooo::gcm_n, true, 8);
  k.decrypt = ARMACCEL_BY_ROUNDS(gcm_ooo::gcm_n, false, 8);
});

}  // namespace armaccel
