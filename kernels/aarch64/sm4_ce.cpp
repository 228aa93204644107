// SPDX-License-Identifier: Apache-2.0
// SM4, AArch64 lane "sm4-ce" on the ARMv8.2 SM4 instructions
// (GB/T 32907-2016).  SM4EKEY makes four round keys from the previous four
// and four CK constants; SM4E runs four rounds on a block held as four
// 32-bit lanes (X0..X3, each word big-endian in memory, so REV32 on load
// and store).  Eight SM4E per block; independent blocks (ECB, CBC
// decryption, CTR, XTS) go eight at a time so the instructions overlap.
// The round keys are the standard's rk_0..31 as 32-bit values, the layout
// of the portable lane.
#include <arm_neon.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/sm4.h"
#include "sm4_impl.h"
#include "util/always_inline.h"
#include "util/value_barrier.h"
#include "util/wipe.h"

static_assert(std::endian::native == std::endian::little,
              "the vector loads and stores assume little-endian lanes");

namespace armaccel {

namespace {

bool expand(Sm4RoundKeys* out, const std::uint8_t* key, std::size_t key_bytes, bool reverse) {
  if (key_bytes != kSm4KeyBytes) return false;
  uint32x4_t k = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(key)));
  k = veorq_u32(k, vld1q_u32(kSm4Fk));
  alignas(16) std::uint32_t rk[32];
  for (int i = 0; i < 8; ++i) {
    k = vsm4ekeyq_u32(k, vld1q_u32(kSm4Ck.v + 4 * i));
    vst1q_u32(rk + 4 * i, k);
  }
  for (int i = 0; i < 32; ++i) out->rk[i] = rk[reverse ? 31 - i : i];
  wipe(rk, sizeof rk);
  return true;
}

// The X32..X35 lanes back to memory order with R's reversal: (X35, X34,
// X33, X32), each big-endian, is the whole register byte-reversed, one TBL
// with the index from reversal_index() (loaded once per call).
ARMACCEL_ALWAYS_INLINE uint8x16_t reversal_index() {
  return vcombine_u8(vcreate_u8(0x08090a0b0c0d0e0full), vcreate_u8(0x0001020304050607ull));
}

// What a call loads once: the round keys as eight vectors of four, and the
// index of the output's byte reversal.  The compiler copies the keys to
// the stack; the destructor wipes that copy when the call ends.
struct Keys {
  uint32x4_t k[8];
  uint8x16_t reversal;

  ARMACCEL_ALWAYS_INLINE explicit Keys(const Sm4RoundKeys* rk) : reversal(reversal_index()) {
    for (int i = 0; i < 8; ++i) k[i] = vld1q_u32(rk->rk + 4 * i);
  }
  Keys(const Keys&) = delete;
  Keys& operator=(const Keys&) = delete;
  ~Keys() { wipe(k, sizeof k); }
};
ARMACCEL_ALWAYS_INLINE uint8x16_t finish_block(uint32x4_t x, uint8x16_t reversal) {
  return vqtbl1q_u8(vreinterpretq_u8_u32(x), reversal);
}
// A block's bytes as X0..X3 in the lanes (each word big-endian in memory).
ARMACCEL_ALWAYS_INLINE uint32x4_t start_block(uint8x16_t b) {
  return vreinterpretq_u32_u8(vrev32q_u8(b));
}

ARMACCEL_ALWAYS_INLINE uint32x4_t rounds(uint32x4_t x, const Keys& keys) {
  for (int i = 0; i < 8; ++i) x = vsm4eq_u32(x, keys.k[i]);
  return x;
}

ARMACCEL_ALWAYS_INLINE uint8x16_t crypt(uint8x16_t block_bytes, const Keys& keys) {
  return finish_block(rounds(start_block(block_bytes), keys), keys.reversal);
}

// Eight independent blocks (X0..X3 in the lanes) through the rounds
// together, then to bytes.
ARMACCEL_ALWAYS_INLINE void rounds8(const uint32x4_t in[8], uint8x16_t b[8], const Keys& keys) {
  uint32x4_t x[8];
  for (int j = 0; j < 8; ++j) x[j] = in[j];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) x[j] = vsm4eq_u32(x[j], keys.k[i]);
  for (int j = 0; j < 8; ++j) b[j] = finish_block(x[j], keys.reversal);
}
ARMACCEL_ALWAYS_INLINE void crypt8(uint8x16_t b[8], const Keys& keys) {
  uint32x4_t x[8];
  for (int j = 0; j < 8; ++j) x[j] = start_block(b[j]);
  rounds8(x, b, keys);
}

void ecb(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  const Keys keys(rk);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int j = 0; j < 8; ++j) b[j] = vld1q_u8(in + 16 * j);
    crypt8(b, keys);
    for (int j = 0; j < 8; ++j) vst1q_u8(out + 16 * j, b[j]);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) vst1q_u8(out, crypt(vld1q_u8(in), keys));
}

// A chain (each block waits for the one before), so four blocks to a loop
// pass only to spend fewer instructions on the loop.
void cbc_encrypt(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  const Keys keys(rk);
  uint8x16_t c = vld1q_u8(iv);
  for (; blocks >= 4; blocks -= 4, in += 64, out += 64) {
    for (int j = 0; j < 4; ++j) {
      c = crypt(veorq_u8(c, vld1q_u8(in + 16 * j)), keys);
      vst1q_u8(out + 16 * j, c);
    }
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    c = crypt(veorq_u8(c, vld1q_u8(in)), keys);
    vst1q_u8(out, c);
  }
  vst1q_u8(iv, c);
}

void cbc_decrypt(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  const Keys keys(rk);
  uint8x16_t prev = vld1q_u8(iv);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t ct[8], b[8];
    for (int j = 0; j < 8; ++j) b[j] = ct[j] = vld1q_u8(in + 16 * j);
    crypt8(b, keys);
    vst1q_u8(out, veorq_u8(b[0], prev));
    for (int j = 1; j < 8; ++j) vst1q_u8(out + 16 * j, veorq_u8(b[j], ct[j - 1]));
    prev = ct[7];
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t ct = vld1q_u8(in);
    vst1q_u8(out, veorq_u8(crypt(ct, keys), prev));
    prev = ct;
  }
  vst1q_u8(iv, prev);
}

// Counter blocks c + 2j and c + 2j + 1 as X0..X3 (the rounds' input form)
// into x[0] and x[1], from the low halves lo2 = (lo, lo) and high halves
// hi2 = (hi, hi) of c: the two low halves are added in one vector, and the
// carry out of each (the sum below the addend: all ones) is subtracted from
// its high half.  No branch: the counter may be secret (a CTR-DRBG's state).
template <unsigned J>
ARMACCEL_ALWAYS_INLINE void counter_pair(uint64x2_t lo2, uint64x2_t hi2, uint32x4_t* x) {
  const uint64x2_t add = vcombine_u64(vcreate_u64(2 * J), vcreate_u64(2 * J + 1));
  const uint64x2_t lo = vaddq_u64(lo2, add);
  const uint64x2_t hi = vsubq_u64(hi2, vcltq_u64(lo, add));
  x[0] = vrev64q_u32(vreinterpretq_u32_u64(vzip1q_u64(hi, lo)));
  x[1] = vrev64q_u32(vreinterpretq_u32_u64(vzip2q_u64(hi, lo)));
}

// CTR.  GCM's inc32 (not Wide): the counter block kept as X0..X3, the next
// one a vector add to X3, its last 32 bits.  The 128-bit increment (Wide):
// each batch's counters made from its first, two to a vector
// (counter_pair), the counter itself in general-purpose registers with its
// carry added (CINC); no branch depends on the counter.
template <bool Wide>
void ctr(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
         std::uint8_t counter[16]) {
  const Keys keys(rk);
  if constexpr (!Wide) {
    uint32x4_t x = start_block(vld1q_u8(counter));
    const uint32x4_t one = vcombine_u32(vcreate_u32(0), vcreate_u32(std::uint64_t{1} << 32));
    for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
      uint32x4_t cb[8];
      uint8x16_t b[8];
      for (int j = 0; j < 8; ++j) {
        cb[j] = x;
        x = vaddq_u32(x, one);
      }
      rounds8(cb, b, keys);
      for (int j = 0; j < 8; ++j) vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), b[j]));
    }
    for (; blocks > 0; --blocks, in += 16, out += 16) {
      vst1q_u8(out, veorq_u8(vld1q_u8(in), finish_block(rounds(x, keys), keys.reversal)));
      x = vaddq_u32(x, one);
    }
    vst1q_u8(counter, vrev32q_u8(vreinterpretq_u8_u32(x)));
  } else {
    std::uint64_t hi = 0, lo = 0;
    load_halves(counter, hi, lo);
    for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
      const uint64x2_t lo2 = vdupq_n_u64(lo), hi2 = vdupq_n_u64(hi);
      uint32x4_t cb[8];
      counter_pair<0>(lo2, hi2, cb);
      counter_pair<1>(lo2, hi2, cb + 2);
      counter_pair<2>(lo2, hi2, cb + 4);
      counter_pair<3>(lo2, hi2, cb + 6);
      lo = value_barrier(lo + 8);  // not the loop's induction variable (value_barrier.h)
      hi += lo < 8 ? 1 : 0;
      uint8x16_t b[8];
      rounds8(cb, b, keys);
      for (int j = 0; j < 8; ++j) vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), b[j]));
    }
    for (; blocks > 0; --blocks, in += 16, out += 16) {
      vst1q_u8(out, veorq_u8(vld1q_u8(in), crypt(halves_block(hi, lo), keys)));
      counter_next<Wide>(hi, lo);
    }
    store_halves(counter, hi, lo);
  }
}

void cbc_mac(const Sm4RoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
             std::uint8_t mac[16]) {
  const Keys keys(rk);
  uint8x16_t m = vld1q_u8(mac);
  for (; blocks > 0; --blocks, in += 16) m = crypt(veorq_u8(m, vld1q_u8(in)), keys);
  vst1q_u8(mac, m);
}

// XTS on whole blocks, eight at a time, with either tweak rule
// (sm4_impl.h).
template <class Tweak>
void xts(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
         std::uint8_t tweak[16]) {
  const Keys keys(rk);
  Tweak t(tweak);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8], tw[8];
    for (int j = 0; j < 8; ++j) {
      tw[j] = t.current();
      b[j] = veorq_u8(vld1q_u8(in + 16 * j), tw[j]);
      t.next();
    }
    crypt8(b, keys);
    for (int j = 0; j < 8; ++j) vst1q_u8(out + 16 * j, veorq_u8(b[j], tw[j]));
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t tv = t.current();
    vst1q_u8(out, veorq_u8(crypt(veorq_u8(vld1q_u8(in), tv), keys), tv));
    t.next();
  }
  t.store(tweak);
}

}  // namespace

extern const Sm4Kernel kSm4Ce;
// clang-format off
const Sm4Kernel kSm4Ce = {
    {.lane = "sm4-ce", .required = kFeatAsimd | kFeatSm4,
     .set_encrypt_key = sm4_set_key<expand, false>, .set_decrypt_key = sm4_set_key<expand, true>,
     .ecb_encrypt = ecb, .ecb_decrypt = ecb, .cbc_encrypt = cbc_encrypt, .cbc_decrypt = cbc_decrypt,
     .ctr_encrypt = ctr<true>, .ctr32_encrypt = ctr<false>, .cbc_mac = cbc_mac,
     .xts_encrypt = xts<IeeeTweak>, .xts_decrypt = xts<IeeeTweak>},
    /*xts_gb_encrypt=*/xts<GbTweak>, /*xts_gb_decrypt=*/xts<GbTweak>};
// clang-format on

}  // namespace armaccel
