// Fused AES-GCM, AArch64 lane "gcm-ce" (SP 800-38D §7.1-7.2): AESE/AESMC
// counter mode and PMULL GHASH in one loop, four blocks per iteration.  When
// encrypting, the ciphertext of the previous iteration is hashed while the
// current counter blocks go through AES (no dependency between the two), so
// both units are busy; when decrypting the input is hashed directly.
//
// Built with per-file -march=armv8-a+crypto: everything here is internal
// except the lane table (architecture.md, extension-flag hazard).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "../gcm.h"
#include "aes_ce_impl.h"
#include "ghash_pmull_impl.h"

namespace armaccel {

extern const AesKernel kAesCe;
extern const GhashKernel kGhashPmull;

namespace {

template <int Nr, bool Encrypt>
void gcm_n(const AesRoundKeys* rk, const GhashKey* hkey, const std::uint8_t* in, std::uint8_t* out,
           std::size_t blocks, std::uint8_t counter[16], std::uint8_t xi[16]) {
  const Keys<Nr> ks(rk);
  const GhashPowers keys(hkey, 4);
  uint32x4_t ctr = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(counter)));
  const uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
  uint64x2_t x = load_block(xi);
  uint64x2_t pending[4];  // ciphertext of the previous iteration (encryption)
  bool have_pending = false;
  for (; blocks >= 4; blocks -= 4, in += 64, out += 64) {
    uint8x16_t b[4];
    for (int i = 0; i < 4; ++i) {
      b[i] = vrev32q_u8(vreinterpretq_u8_u32(ctr));
      ctr = vaddq_u32(ctr, one);
    }
    uint8x16_t m[4];
    for (int i = 0; i < 4; ++i) m[i] = vld1q_u8(in + 16 * i);
    if (Encrypt) {
      if (have_pending) x = absorb(x, pending, 4, keys);
    } else {
      uint64x2_t d[4];
      for (int i = 0; i < 4; ++i) d[i] = vreinterpretq_u64_u8(vrev64q_u8(m[i]));
      x = absorb(x, d, 4, keys);
    }
    encrypt4(b, ks);
    for (int i = 0; i < 4; ++i) {
      b[i] = veorq_u8(m[i], b[i]);
      vst1q_u8(out + 16 * i, b[i]);
      if (Encrypt) pending[i] = vreinterpretq_u64_u8(vrev64q_u8(b[i]));
    }
    have_pending = Encrypt;
  }
  if (Encrypt && have_pending) x = absorb(x, pending, 4, keys);
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t m = vld1q_u8(in);
    const uint8x16_t c = veorq_u8(m, encrypt1(vrev32q_u8(vreinterpretq_u8_u32(ctr)), ks));
    ctr = vaddq_u32(ctr, one);
    vst1q_u8(out, c);
    const uint64x2_t d = vreinterpretq_u64_u8(vrev64q_u8(Encrypt ? c : m));
    x = absorb(x, &d, 1, keys);
  }
  vst1q_u8(counter, vrev32q_u8(vreinterpretq_u8_u32(ctr)));
  store_block(xi, x);
}

template <bool Encrypt>
void gcm(const AesRoundKeys* rk, const GhashKey* hkey, const std::uint8_t* in, std::uint8_t* out,
         std::size_t blocks, std::uint8_t counter[16], std::uint8_t xi[16]) {
  switch (rk->rounds) {
    case 10:
      return gcm_n<10, Encrypt>(rk, hkey, in, out, blocks, counter, xi);
    case 12:
      return gcm_n<12, Encrypt>(rk, hkey, in, out, blocks, counter, xi);
    default:
      return gcm_n<14, Encrypt>(rk, hkey, in, out, blocks, counter, xi);
  }
}

void encrypt(const AesRoundKeys* rk, const GhashKey* hkey, const std::uint8_t* in,
             std::uint8_t* out, std::size_t blocks, std::uint8_t counter[16], std::uint8_t xi[16]) {
  gcm<true>(rk, hkey, in, out, blocks, counter, xi);
}

void decrypt(const AesRoundKeys* rk, const GhashKey* hkey, const std::uint8_t* in,
             std::uint8_t* out, std::size_t blocks, std::uint8_t counter[16], std::uint8_t xi[16]) {
  gcm<false>(rk, hkey, in, out, blocks, counter, xi);
}

}  // namespace

extern const GcmKernel kGcmCe;
const GcmKernel kGcmCe = {
    "gcm-ce", kFeatAsimd | kFeatAes | kFeatPmull, &kAesCe, &kGhashPmull, encrypt, decrypt,
};

}  // namespace armaccel
