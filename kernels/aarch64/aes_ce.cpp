// SPDX-License-Identifier: Apache-2.0
// AES, AArch64 crypto-extension lane "aes-ce" (FIPS 197; modes SP 800-38A).
//
// AESE/AESMC and AESD/AESIMC through arm_neon.h intrinsics.  Eight blocks
// are kept in flight for ECB, CBC decryption and CTR so the AES unit's
// latency is hidden; CBC encryption is sequential by definition.  The key
// schedule uses AESE with a zero round key as SubWord (each column of the
// duplicated word is the same, so ShiftRows has no effect).  Decryption uses
// the equivalent inverse cipher (FIPS 197 §5.3.5).
//
// Built with per-file -march=armv8-a+crypto: everything here is internal
// except the lane table (docs/architecture.md, extension-flag hazard).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "aes_ce_impl.h"
#include "api/aes.h"

namespace armaccel {
namespace {

constexpr std::uint32_t kLaneTag = 0x41434531;  // "ACE1"

// SubWord of a little-endian-loaded word w (FIPS 197 §5.2).
inline std::uint32_t sub_word(std::uint32_t w) {
  const uint8x16_t v = vreinterpretq_u8_u32(vdupq_n_u32(w));
  return vgetq_lane_u32(vreinterpretq_u32_u8(vaeseq_u8(v, vdupq_n_u8(0))), 0);
}

inline std::uint32_t ror32(std::uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

inline std::uint32_t load32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// KeyExpansion (§5.2) for Nk-word keys straight into rk->bytes: the last Nk
// words live in registers (fully unrolled), so no secret temporary is left
// in memory.  Words are little-endian loads of the key bytes, so RotWord is
// a rotation right by 8 and Rcon goes in the low byte.
template <unsigned Nk>
void expand_encrypt(AesRoundKeys* rk, const std::uint8_t* key) {
  constexpr unsigned kNr = Nk + 6;
  constexpr unsigned kTotal = 4 * (kNr + 1);
  std::uint32_t w[Nk];
#pragma GCC unroll 8
  for (unsigned j = 0; j < Nk; ++j) w[j] = load32(key + 4 * j);
  std::memcpy(rk->bytes, key, 4 * Nk);
  std::uint32_t rcon = 1;
#pragma GCC unroll 16
  for (unsigned i = Nk; i < kTotal; i += Nk) {
    w[0] ^= ror32(sub_word(w[Nk - 1]), 8) ^ rcon;
    rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
#pragma GCC unroll 8
    for (unsigned j = 1; j < Nk; ++j) {
      // AES-256 applies SubWord once more in the middle (i mod Nk == 4).
      w[j] ^= (Nk > 6 && j == 4) ? sub_word(w[j - 1]) : w[j - 1];
    }
    const unsigned n = kTotal - i < Nk ? kTotal - i : Nk;
    std::memcpy(rk->bytes + 4 * i, w, 4 * n);
  }
  rk->rounds = kNr;
  rk->lane_tag = kLaneTag;
}

bool expand_encrypt_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  switch (key_len) {
    case 16:
      expand_encrypt<4>(rk, key);
      return true;
    case 24:
      expand_encrypt<6>(rk, key);
      return true;
    case 32:
      expand_encrypt<8>(rk, key);
      return true;
    default:
      return false;
  }
}

// Equivalent inverse cipher key schedule (§5.3.5), converted in place:
// round keys in reverse order, InvMixColumns applied to the inner ones.
bool expand_decrypt_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  if (!expand_encrypt_key(rk, key, key_len)) return false;
  const unsigned nr = rk->rounds;
  std::uint8_t* k = rk->bytes;
  unsigned i = 0, j = nr;
  for (; i < j; ++i, --j) {
    const uint8x16_t a = vld1q_u8(k + 16 * i);
    const uint8x16_t b = vld1q_u8(k + 16 * j);
    vst1q_u8(k + 16 * i, i == 0 ? b : vaesimcq_u8(b));
    vst1q_u8(k + 16 * j, j == nr ? a : vaesimcq_u8(a));
  }
  if (i == j) vst1q_u8(k + 16 * i, vaesimcq_u8(vld1q_u8(k + 16 * i)));
  return true;
}

template <int Nr>
void ecb_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks) {
  const Keys<Nr> ks(rk);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    load8(in, b);
    crypt_n<true, 8>(b, ks);
    store8(out, b);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) vst1q_u8(out, encrypt1(vld1q_u8(in), ks));
}

template <int Nr>
void ecb_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks) {
  const Keys<Nr> ks(rk);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    load8(in, b);
    crypt_n<false, 8>(b, ks);
    store8(out, b);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) vst1q_u8(out, decrypt1(vld1q_u8(in), ks));
}

// CBC encryption: the IV/previous ciphertext is XORed into the plaintext,
// which then enters AESE (whose own XOR adds round key 0).
template <int Nr>
void cbc_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t iv[16]) {
  const Keys<Nr> ks(rk);
  uint8x16_t chain = vld1q_u8(iv);
  // Four blocks per iteration: one LD1/ST1 each way, less loop overhead.
  for (; blocks >= 4; blocks -= 4, in += 64, out += 64) {
    const uint8x16x4_t p = vld1q_u8_x4(in);
    uint8x16x4_t c;
    for (int i = 0; i < 4; ++i) c.val[i] = chain = encrypt1(veorq_u8(p.val[i], chain), ks);
    vst1q_u8_x4(out, c);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    chain = encrypt1(veorq_u8(vld1q_u8(in), chain), ks);
    vst1q_u8(out, chain);
  }
  vst1q_u8(iv, chain);
}

template <int Nr>
void cbc_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t iv[16]) {
  const Keys<Nr> ks(rk);
  uint8x16_t chain = vld1q_u8(iv);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t c[8], b[8];
    load8(in, c);
    for (int i = 0; i < 8; ++i) b[i] = c[i];
    crypt_n<false, 8>(b, ks);
    b[0] = veorq_u8(b[0], chain);
    for (int i = 1; i < 8; ++i) b[i] = veorq_u8(b[i], c[i - 1]);
    chain = c[7];
    store8(out, b);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t c = vld1q_u8(in);
    vst1q_u8(out, veorq_u8(decrypt1(c, ks), chain));
    chain = c;
  }
  vst1q_u8(iv, chain);
}

// The counter block as a native (high, low) pair of 64-bit halves.
struct Counter128 {
  std::uint64_t hi;
  std::uint64_t lo;
};

Counter128 load_counter(const std::uint8_t c[16]) {
  const uint64x2_t v = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(c)));
  return {vgetq_lane_u64(v, 0), vgetq_lane_u64(v, 1)};
}

// Counter block bytes (big-endian hi || lo) from native halves.
inline uint8x16_t counter_block(uint64x2_t native) {
  return vrev64q_u8(vreinterpretq_u8_u64(native));
}

inline uint64x2_t native_counter(Counter128 c) {
  return vcombine_u64(vcreate_u64(c.hi), vcreate_u64(c.lo));
}

template <int Nr>
void ctr_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t counter[16]) {
  const Keys<Nr> ks(rk);
  Counter128 ctr = load_counter(counter);
  const uint64x2_t one = vcombine_u64(vcreate_u64(0), vcreate_u64(1));
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    if (ctr.lo <= ~std::uint64_t{0} - 8) {
      // No carry out of the low half within these eight blocks.
      uint64x2_t n = native_counter(ctr);
      for (int i = 0; i < 8; ++i) {
        b[i] = counter_block(n);
        n = vaddq_u64(n, one);
      }
      ctr.lo += 8;
    } else {
      for (int i = 0; i < 8; ++i) {
        b[i] = counter_block(native_counter(ctr));
        ctr.lo += 1;
        ctr.hi += (ctr.lo == 0) ? 1 : 0;
      }
    }
    crypt_n<true, 8>(b, ks);
    uint8x16_t m[8];
    load8(in, m);
    for (int i = 0; i < 8; ++i) b[i] = veorq_u8(m[i], b[i]);
    store8(out, b);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t k = encrypt1(counter_block(native_counter(ctr)), ks);
    vst1q_u8(out, veorq_u8(vld1q_u8(in), k));
    ctr.lo += 1;
    ctr.hi += (ctr.lo == 0) ? 1 : 0;
  }
  vst1q_u8(counter, counter_block(native_counter(ctr)));
}

// GCM's inc32 counter: the block is kept with each 32-bit word byte-reversed
// (vrev32q), so adding {0, 0, 0, i} is an increment of the last word
// modulo 2^32 and the other 96 bits never change.
template <int Nr>
void ctr32_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                     std::size_t blocks, std::uint8_t counter[16]) {
  const Keys<Nr> ks(rk);
  uint32x4_t ctr = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(counter)));
  const uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int i = 0; i < 8; ++i) {
      b[i] = vrev32q_u8(vreinterpretq_u8_u32(ctr));
      ctr = vaddq_u32(ctr, one);
    }
    crypt_n<true, 8>(b, ks);
    uint8x16_t m[8];
    load8(in, m);
    for (int i = 0; i < 8; ++i) b[i] = veorq_u8(m[i], b[i]);
    store8(out, b);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t k = encrypt1(vrev32q_u8(vreinterpretq_u8_u32(ctr)), ks);
    vst1q_u8(out, veorq_u8(vld1q_u8(in), k));
    ctr = vaddq_u32(ctr, one);
  }
  vst1q_u8(counter, vrev32q_u8(vreinterpretq_u8_u32(ctr)));
}

template <int Nr>
void cbc_mac_n(const AesRoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
               std::uint8_t mac[16]) {
  const Keys<Nr> ks(rk);
  uint8x16_t chain = vld1q_u8(mac);
  for (; blocks >= 4; blocks -= 4, in += 64) {
    const uint8x16x4_t p = vld1q_u8_x4(in);
    for (int i = 0; i < 4; ++i) chain = encrypt1(veorq_u8(p.val[i], chain), ks);
  }
  for (; blocks > 0; --blocks, in += 16) chain = encrypt1(veorq_u8(vld1q_u8(in), chain), ks);
  vst1q_u8(mac, chain);
}

// T * alpha on the little-endian 128-bit tweak held as {lo, hi}: shift
// both halves left, carry bit 63 of lo into hi, fold bit 127 back as 0x87.
inline uint64x2_t xts_double(uint64x2_t t, uint64x2_t fold) {
  const uint64x2_t msb = vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(t), 63));
  return veorq_u64(vaddq_u64(t, t), vandq_u64(vextq_u64(msb, msb, 1), fold));
}

template <int Nr, bool Encrypt>
void xts_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
           std::uint8_t tweak[16]) {
  const Keys<Nr> ks(rk);
  const uint64x2_t fold = vcombine_u64(vcreate_u64(0x87), vcreate_u64(1));
  uint64x2_t t = vreinterpretq_u64_u8(vld1q_u8(tweak));
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t tw[8], b[8];
    load8(in, b);
    for (int i = 0; i < 8; ++i) {
      tw[i] = vreinterpretq_u8_u64(t);
      t = xts_double(t, fold);
      b[i] = veorq_u8(b[i], tw[i]);
    }
    if (Encrypt) {
      crypt_n<true, 8>(b, ks);
    } else {
      crypt_n<false, 8>(b, ks);
    }
    for (int i = 0; i < 8; ++i) b[i] = veorq_u8(b[i], tw[i]);
    store8(out, b);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t tw = vreinterpretq_u8_u64(t);
    const uint8x16_t x = veorq_u8(vld1q_u8(in), tw);
    vst1q_u8(out, veorq_u8(Encrypt ? encrypt1(x, ks) : decrypt1(x, ks), tw));
    t = xts_double(t, fold);
  }
  vst1q_u8(tweak, vreinterpretq_u8_u64(t));
}

template <int Nr>
void xts_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t tweak[16]) {
  xts_n<Nr, true>(rk, in, out, blocks, tweak);
}

template <int Nr>
void xts_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t tweak[16]) {
  xts_n<Nr, false>(rk, in, out, blocks, tweak);
}

// Dispatch on the round count recorded in the schedule.
#define ARMACCEL_AES_BY_ROUNDS(fn, ...) \
  switch (rk->rounds) {                 \
    case 10:                            \
      return fn<10>(__VA_ARGS__);       \
    case 12:                            \
      return fn<12>(__VA_ARGS__);       \
    default:                            \
      return fn<14>(__VA_ARGS__);       \
  }

void ecb_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks) {
  ARMACCEL_AES_BY_ROUNDS(ecb_encrypt_n, rk, in, out, blocks)
}
void ecb_decrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks) {
  ARMACCEL_AES_BY_ROUNDS(ecb_decrypt_n, rk, in, out, blocks)
}
void cbc_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  ARMACCEL_AES_BY_ROUNDS(cbc_encrypt_n, rk, in, out, blocks, iv)
}
void cbc_decrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  ARMACCEL_AES_BY_ROUNDS(cbc_decrypt_n, rk, in, out, blocks, iv)
}
void ctr_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t counter[16]) {
  ARMACCEL_AES_BY_ROUNDS(ctr_encrypt_n, rk, in, out, blocks, counter)
}

void ctr32_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t counter[16]) {
  ARMACCEL_AES_BY_ROUNDS(ctr32_encrypt_n, rk, in, out, blocks, counter)
}
void cbc_mac(const AesRoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
             std::uint8_t mac[16]) {
  ARMACCEL_AES_BY_ROUNDS(cbc_mac_n, rk, in, blocks, mac)
}
void xts_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t tweak[16]) {
  ARMACCEL_AES_BY_ROUNDS(xts_encrypt_n, rk, in, out, blocks, tweak)
}
void xts_decrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t tweak[16]) {
  ARMACCEL_AES_BY_ROUNDS(xts_decrypt_n, rk, in, out, blocks, tweak)
}

#undef ARMACCEL_AES_BY_ROUNDS

}  // namespace

extern const AesKernel kAesCe;
// clang-format off
const AesKernel kAesCe = {
    .lane = "aes-ce", .required = kFeatAsimd | kFeatAes, .set_encrypt_key = expand_encrypt_key,
    .set_decrypt_key = expand_decrypt_key, .ecb_encrypt = ecb_encrypt, .ecb_decrypt = ecb_decrypt,
    .cbc_encrypt = cbc_encrypt, .cbc_decrypt = cbc_decrypt, .ctr_encrypt = ctr_encrypt,
    .ctr32_encrypt = ctr32_encrypt, .cbc_mac = cbc_mac, .xts_encrypt = xts_encrypt,
    .xts_decrypt = xts_decrypt};
// clang-format on

}  // namespace armaccel
