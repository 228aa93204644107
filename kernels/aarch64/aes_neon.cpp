// SPDX-License-Identifier: Apache-2.0
// AES, AArch64 NEON lane "aes-neon" for cores without the AES instructions
// (FIPS 197; modes SP 800-38A, SP 800-38B/C chaining, SP 800-38E).
//
// Vector-permute AES (aes_vpaes_impl.h): constant time, every lookup a TBL
// on tables held in registers.  The parallel modes (ECB, CBC decryption,
// CTR, XTS) run two blocks at once so the two lookup chains hide each
// other's latency, and long runs go to the bit-sliced eight-block code
// (aes_bitsliced_impl.h, Käsper-Schwabe), which reads the standard round
// keys; CBC encryption and CBC-MAC are sequential by definition.
//
// Key layout: bytes[0, 240) the FIPS 197 round keys (round key i at 16 i,
// in the order XORed into the state, for encryption and decryption
// schedules alike); bytes[240, 480) the vpaes-form encryption or decryption
// schedule.
//
// Built with per-file -march=armv8-a: everything here is internal except
// the lane table.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "aes_bitsliced_impl.h"
#include "aes_vpaes_impl.h"
#include "api/aes.h"
#include "util/always_inline.h"

namespace armaccel {
namespace {

constexpr std::uint32_t kLaneTag = 0x414e4531;  // "ANE1"

// Runs of at least this many blocks go to the bit-sliced code
// (aes_bitsliced_impl.h) in whole batches of eight, the rest to vpaes: the
// bit-sliced code costs fewer instructions per block but spreads the round
// keys into bit planes at every call.  Measured crossovers (qemu instruction
// counts, AES-128 through EVP, cortex-a72): the cipher from 24 blocks, the
// inverse cipher from 16.
constexpr std::size_t kBitslicedMinEncrypt = 24;
constexpr std::size_t kBitslicedMinDecrypt = 16;

template <bool Encrypt>
inline std::size_t bitsliced_part(std::size_t blocks) {
  return blocks >= (Encrypt ? kBitslicedMinEncrypt : kBitslicedMinDecrypt)
             ? blocks & ~std::size_t{7}
             : 0;
}

inline std::uint32_t sub_word(std::uint32_t w) {  // SubWord (FIPS 197 §5.2)
  return vgetq_lane_u32(vreinterpretq_u32_u8(vp_sub_bytes(vreinterpretq_u8_u32(vdupq_n_u32(w)))),
                        0);
}

inline std::uint32_t ror32(std::uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

inline std::uint32_t load32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// KeyExpansion (§5.2) for Nk-word keys straight into rk->bytes[0..): the
// last Nk words live in registers.  Words are little-endian loads of the key
// bytes, so RotWord is a rotation right by 8 and Rcon goes in the low byte.
template <unsigned Nk>
void expand_standard(AesRoundKeys* rk, const std::uint8_t* key) {
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
    for (unsigned j = 1; j < Nk; ++j) w[j] ^= (Nk > 6 && j == 4) ? sub_word(w[j - 1]) : w[j - 1];
    const unsigned n = kTotal - i < Nk ? kTotal - i : Nk;
#pragma GCC unroll 8
    for (unsigned j = 0; j < n; ++j) std::memcpy(rk->bytes + 4 * (i + j), &w[j], 4);
  }
  rk->rounds = kNr;
  rk->lane_tag = kLaneTag;
}

bool expand_standard_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  switch (key_len) {
    case 16:
      expand_standard<4>(rk, key);
      return true;
    case 24:
      expand_standard<6>(rk, key);
      return true;
    case 32:
      expand_standard<8>(rk, key);
      return true;
    default:
      return false;
  }
}

bool set_encrypt_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  if (!expand_standard_key(rk, key, key_len)) return false;
  switch (rk->rounds) {
    case 10:
      vpaes_encrypt_schedule<10>(rk);
      break;
    case 12:
      vpaes_encrypt_schedule<12>(rk);
      break;
    default:
      vpaes_encrypt_schedule<14>(rk);
  }
  return true;
}

bool set_decrypt_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  if (!expand_standard_key(rk, key, key_len)) return false;
  switch (rk->rounds) {
    case 10:
      vpaes_decrypt_schedule<10>(rk);
      break;
    case 12:
      vpaes_decrypt_schedule<12>(rk);
      break;
    default:
      vpaes_decrypt_schedule<14>(rk);
  }
  return true;
}

inline const std::uint8_t* vp_keys(const AesRoundKeys* rk) {
  return rk->bytes + kVpaesKeyOffset;
}

template <int Nr>
ARMACCEL_ALWAYS_INLINE uint8x16_t encrypt1(uint8x16_t x, const VpEnc<Nr>& t,
                                           const std::uint8_t* ks) {
  uint8x16_t b[1] = {x};
  vp_encrypt<Nr, 1>(b, t, ks);
  return b[0];
}

template <int Nr>
ARMACCEL_ALWAYS_INLINE uint8x16_t decrypt1(uint8x16_t x, const VpDec<Nr>& t,
                                           const std::uint8_t* ks) {
  uint8x16_t b[1] = {x};
  vp_decrypt<Nr, 1>(b, t, ks);
  return b[0];
}

template <int Nr>
void ecb_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks) {
  const VpEnc<Nr> t;
  const std::uint8_t* ks = vp_keys(rk);
  for (; blocks >= 2; blocks -= 2, in += 32, out += 32) {
    uint8x16_t b[2] = {vld1q_u8(in), vld1q_u8(in + 16)};
    vp_encrypt<Nr, 2>(b, t, ks);
    vst1q_u8(out, b[0]);
    vst1q_u8(out + 16, b[1]);
  }
  if (blocks) vst1q_u8(out, encrypt1(vld1q_u8(in), t, ks));
}

template <int Nr>
void ecb_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks) {
  const VpDec<Nr> t;
  const std::uint8_t* ks = vp_keys(rk);
  for (; blocks >= 2; blocks -= 2, in += 32, out += 32) {
    uint8x16_t b[2] = {vld1q_u8(in), vld1q_u8(in + 16)};
    vp_decrypt<Nr, 2>(b, t, ks);
    vst1q_u8(out, b[0]);
    vst1q_u8(out + 16, b[1]);
  }
  if (blocks) vst1q_u8(out, decrypt1(vld1q_u8(in), t, ks));
}

template <int Nr>
void cbc_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t iv[16]) {
  const VpEnc<Nr> t;
  const std::uint8_t* ks = vp_keys(rk);
  uint8x16_t chain = vld1q_u8(iv);
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    chain = encrypt1(veorq_u8(vld1q_u8(in), chain), t, ks);
    vst1q_u8(out, chain);
  }
  vst1q_u8(iv, chain);
}

template <int Nr>
void cbc_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t iv[16]) {
  const VpDec<Nr> t;
  const std::uint8_t* ks = vp_keys(rk);
  uint8x16_t chain = vld1q_u8(iv);
  for (; blocks >= 2; blocks -= 2, in += 32, out += 32) {
    const uint8x16_t c0 = vld1q_u8(in), c1 = vld1q_u8(in + 16);
    uint8x16_t b[2] = {c0, c1};
    vp_decrypt<Nr, 2>(b, t, ks);
    vst1q_u8(out, veorq_u8(b[0], chain));
    vst1q_u8(out + 16, veorq_u8(b[1], c0));
    chain = c1;
  }
  if (blocks) {
    const uint8x16_t c = vld1q_u8(in);
    vst1q_u8(out, veorq_u8(decrypt1(c, t, ks), chain));
    chain = c;
  }
  vst1q_u8(iv, chain);
}

// The counter block as a native (high, low) pair of 64-bit halves (the
// counter is public, so its carry may branch).
struct Counter128 {
  std::uint64_t hi;
  std::uint64_t lo;
  explicit Counter128(const std::uint8_t c[16]) {
    const uint64x2_t v = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(c)));
    hi = vgetq_lane_u64(v, 0);
    lo = vgetq_lane_u64(v, 1);
  }
  uint64x2_t native() const { return vcombine_u64(vcreate_u64(hi), vcreate_u64(lo)); }
  uint8x16_t block() const { return vrev64q_u8(vreinterpretq_u8_u64(native())); }  // big-endian
  void next() {
    lo += 1;
    hi += (lo == 0) ? 1 : 0;
  }
};

template <int Nr>
void ctr_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t counter[16]) {
  const VpEnc<Nr> t;
  const std::uint8_t* ks = vp_keys(rk);
  Counter128 ctr(counter);
  const uint64x2_t one = vcombine_u64(vcreate_u64(0), vcreate_u64(1));
  for (; blocks >= 2; blocks -= 2, in += 32, out += 32) {
    uint8x16_t b[2];
    if (ctr.lo <= ~std::uint64_t{0} - 2) {
      // No carry out of the low half within these two blocks: count in a
      // vector register, natively ordered.
      uint64x2_t n = ctr.native();
      b[0] = vrev64q_u8(vreinterpretq_u8_u64(n));
      n = vaddq_u64(n, one);
      b[1] = vrev64q_u8(vreinterpretq_u8_u64(n));
      ctr.lo += 2;
    } else {
      b[0] = ctr.block();
      ctr.next();
      b[1] = ctr.block();
      ctr.next();
    }
    vp_encrypt<Nr, 2>(b, t, ks);
    vst1q_u8(out, veorq_u8(vld1q_u8(in), b[0]));
    vst1q_u8(out + 16, veorq_u8(vld1q_u8(in + 16), b[1]));
  }
  if (blocks) {
    vst1q_u8(out, veorq_u8(vld1q_u8(in), encrypt1(ctr.block(), t, ks)));
    ctr.next();
  }
  vst1q_u8(counter, ctr.block());
}

// GCM's inc32 counter: the block is kept with each 32-bit word byte-reversed,
// so adding {0, 0, 0, 1} increments the last word modulo 2^32 only.
template <int Nr>
void ctr32_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                     std::size_t blocks, std::uint8_t counter[16]) {
  const VpEnc<Nr> t;
  const std::uint8_t* ks = vp_keys(rk);
  uint32x4_t ctr = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(counter)));
  const uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
  for (; blocks >= 2; blocks -= 2, in += 32, out += 32) {
    uint8x16_t b[2];
    b[0] = vrev32q_u8(vreinterpretq_u8_u32(ctr));
    ctr = vaddq_u32(ctr, one);
    b[1] = vrev32q_u8(vreinterpretq_u8_u32(ctr));
    ctr = vaddq_u32(ctr, one);
    vp_encrypt<Nr, 2>(b, t, ks);
    vst1q_u8(out, veorq_u8(vld1q_u8(in), b[0]));
    vst1q_u8(out + 16, veorq_u8(vld1q_u8(in + 16), b[1]));
  }
  if (blocks) {
    const uint8x16_t k = encrypt1(vrev32q_u8(vreinterpretq_u8_u32(ctr)), t, ks);
    vst1q_u8(out, veorq_u8(vld1q_u8(in), k));
    ctr = vaddq_u32(ctr, one);
  }
  vst1q_u8(counter, vrev32q_u8(vreinterpretq_u8_u32(ctr)));
}

template <int Nr>
void cbc_mac_n(const AesRoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
               std::uint8_t mac[16]) {
  const VpEnc<Nr> t;
  const std::uint8_t* ks = vp_keys(rk);
  uint8x16_t chain = vld1q_u8(mac);
  for (; blocks > 0; --blocks, in += 16) chain = encrypt1(veorq_u8(vld1q_u8(in), chain), t, ks);
  vst1q_u8(mac, chain);
}

// T * alpha on the little-endian 128-bit tweak held as {lo, hi}: shift both
// halves left, carry bit 63 of lo into hi, fold bit 127 back as 0x87.
inline uint64x2_t xts_double(uint64x2_t t, uint64x2_t fold) {
  const uint64x2_t msb = vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(t), 63));
  return veorq_u64(vaddq_u64(t, t), vandq_u64(vextq_u64(msb, msb, 1), fold));
}

template <int Nr, bool Encrypt>
void xts_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
           std::uint8_t tweak[16]) {
  using Tables = std::conditional_t<Encrypt, VpEnc<Nr>, VpDec<Nr>>;
  const Tables t;
  const std::uint8_t* ks = vp_keys(rk);
  const uint64x2_t fold = vcombine_u64(vcreate_u64(0x87), vcreate_u64(1));
  uint64x2_t tw = vreinterpretq_u64_u8(vld1q_u8(tweak));
  for (; blocks >= 2; blocks -= 2, in += 32, out += 32) {
    const uint8x16_t t0 = vreinterpretq_u8_u64(tw);
    tw = xts_double(tw, fold);
    const uint8x16_t t1 = vreinterpretq_u8_u64(tw);
    tw = xts_double(tw, fold);
    uint8x16_t b[2] = {veorq_u8(vld1q_u8(in), t0), veorq_u8(vld1q_u8(in + 16), t1)};
    if constexpr (Encrypt) {
      vp_encrypt<Nr, 2>(b, t, ks);
    } else {
      vp_decrypt<Nr, 2>(b, t, ks);
    }
    vst1q_u8(out, veorq_u8(b[0], t0));
    vst1q_u8(out + 16, veorq_u8(b[1], t1));
  }
  if (blocks) {
    const uint8x16_t t0 = vreinterpretq_u8_u64(tw);
    uint8x16_t b[1] = {veorq_u8(vld1q_u8(in), t0)};
    if constexpr (Encrypt) {
      vp_encrypt<Nr, 1>(b, t, ks);
    } else {
      vp_decrypt<Nr, 1>(b, t, ks);
    }
    vst1q_u8(out, veorq_u8(b[0], t0));
    tw = xts_double(tw, fold);
  }
  vst1q_u8(tweak, vreinterpretq_u8_u64(tw));
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
  if (const std::size_t n = bitsliced_part<true>(blocks)) {
    bs_ecb_encrypt(rk->bytes, rk->rounds, in, out, n);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  ARMACCEL_AES_BY_ROUNDS(ecb_encrypt_n, rk, in, out, blocks)
}
void ecb_decrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks) {
  if (const std::size_t n = bitsliced_part<false>(blocks)) {
    bs_ecb_decrypt(rk->bytes, rk->rounds, in, out, n);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  ARMACCEL_AES_BY_ROUNDS(ecb_decrypt_n, rk, in, out, blocks)
}
void cbc_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  ARMACCEL_AES_BY_ROUNDS(cbc_encrypt_n, rk, in, out, blocks, iv)
}
void cbc_decrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  if (const std::size_t n = bitsliced_part<false>(blocks)) {
    bs_cbc_decrypt(rk->bytes, rk->rounds, in, out, n, iv);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  ARMACCEL_AES_BY_ROUNDS(cbc_decrypt_n, rk, in, out, blocks, iv)
}
void ctr_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t counter[16]) {
  if (const std::size_t n = bitsliced_part<true>(blocks)) {
    bs_ctr_encrypt(rk->bytes, rk->rounds, in, out, n, counter);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  ARMACCEL_AES_BY_ROUNDS(ctr_encrypt_n, rk, in, out, blocks, counter)
}
void ctr32_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t counter[16]) {
  if (const std::size_t n = bitsliced_part<true>(blocks)) {
    bs_ctr32_encrypt(rk->bytes, rk->rounds, in, out, n, counter);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  ARMACCEL_AES_BY_ROUNDS(ctr32_encrypt_n, rk, in, out, blocks, counter)
}
void cbc_mac(const AesRoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
             std::uint8_t mac[16]) {
  ARMACCEL_AES_BY_ROUNDS(cbc_mac_n, rk, in, blocks, mac)
}
void xts_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t tweak[16]) {
  if (const std::size_t n = bitsliced_part<true>(blocks)) {
    bs_xts_encrypt(rk->bytes, rk->rounds, in, out, n, tweak);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  ARMACCEL_AES_BY_ROUNDS(xts_encrypt_n, rk, in, out, blocks, tweak)
}
void xts_decrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t tweak[16]) {
  if (const std::size_t n = bitsliced_part<false>(blocks)) {
    bs_xts_decrypt(rk->bytes, rk->rounds, in, out, n, tweak);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  ARMACCEL_AES_BY_ROUNDS(xts_decrypt_n, rk, in, out, blocks, tweak)
}

#undef ARMACCEL_AES_BY_ROUNDS

}  // namespace

extern const AesKernel kAesNeon;
// clang-format off
const AesKernel kAesNeon = {
    .lane = "aes-neon", .required = kFeatAsimd, .set_encrypt_key = set_encrypt_key,
    .set_decrypt_key = set_decrypt_key, .ecb_encrypt = ecb_encrypt, .ecb_decrypt = ecb_decrypt,
    .cbc_encrypt = cbc_encrypt, .cbc_decrypt = cbc_decrypt, .ctr_encrypt = ctr_encrypt,
    .ctr32_encrypt = ctr32_encrypt, .cbc_mac = cbc_mac, .xts_encrypt = xts_encrypt,
    .xts_decrypt = xts_decrypt};
// clang-format on

}  // namespace armaccel
