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

struct Keys {
  uint32x4_t k[8];
};

ARMACCEL_ALWAYS_INLINE Keys load_keys(const Sm4RoundKeys* rk) {
  Keys keys;
  for (int i = 0; i < 8; ++i) keys.k[i] = vld1q_u32(rk->rk + 4 * i);
  return keys;
}

// The X32..X35 lanes back to memory order with R's reversal.
ARMACCEL_ALWAYS_INLINE uint8x16_t finish_block(uint32x4_t x) {
  const uint32x4_t r = vrev64q_u32(x);                          // (X1, X0, X3, X2)
  return vrev32q_u8(vreinterpretq_u8_u32(vextq_u32(r, r, 2)));  // (X3, X2, X1, X0)
}

ARMACCEL_ALWAYS_INLINE uint32x4_t rounds(uint32x4_t x, const Keys& keys) {
  for (int i = 0; i < 8; ++i) x = vsm4eq_u32(x, keys.k[i]);
  return x;
}

ARMACCEL_ALWAYS_INLINE uint8x16_t crypt(uint8x16_t block_bytes, const Keys& keys) {
  const uint32x4_t x = vreinterpretq_u32_u8(vrev32q_u8(block_bytes));
  return finish_block(rounds(x, keys));
}

// Eight independent blocks through the rounds together.
ARMACCEL_ALWAYS_INLINE void crypt8(uint8x16_t b[8], const Keys& keys) {
  uint32x4_t x[8];
  for (int j = 0; j < 8; ++j) x[j] = vreinterpretq_u32_u8(vrev32q_u8(b[j]));
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) x[j] = vsm4eq_u32(x[j], keys.k[i]);
  for (int j = 0; j < 8; ++j) b[j] = finish_block(x[j]);
}

void ecb(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  Keys keys = load_keys(rk);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int j = 0; j < 8; ++j) b[j] = vld1q_u8(in + 16 * j);
    crypt8(b, keys);
    for (int j = 0; j < 8; ++j) vst1q_u8(out + 16 * j, b[j]);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) vst1q_u8(out, crypt(vld1q_u8(in), keys));
  wipe(&keys, sizeof keys);  // the round keys the compiler copied to the stack
}

void cbc_encrypt(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  Keys keys = load_keys(rk);
  uint8x16_t c = vld1q_u8(iv);
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    c = crypt(veorq_u8(c, vld1q_u8(in)), keys);
    vst1q_u8(out, c);
  }
  vst1q_u8(iv, c);
  wipe(&keys, sizeof keys);  // the round keys the compiler copied to the stack
}

void cbc_decrypt(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  Keys keys = load_keys(rk);
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
  wipe(&keys, sizeof keys);  // the round keys the compiler copied to the stack
}

template <bool Wide>
void ctr(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
         std::uint8_t counter[16]) {
  Keys keys = load_keys(rk);
  std::uint64_t hi = 0, lo = 0;
  load_halves(counter, hi, lo);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int j = 0; j < 8; ++j) {
      b[j] = halves_block(hi, lo);
      counter_next<Wide>(hi, lo);
    }
    crypt8(b, keys);
    for (int j = 0; j < 8; ++j) vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), b[j]));
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    vst1q_u8(out, veorq_u8(vld1q_u8(in), crypt(halves_block(hi, lo), keys)));
    counter_next<Wide>(hi, lo);
  }
  store_halves(counter, hi, lo);
  wipe(&keys, sizeof keys);  // the round keys the compiler copied to the stack
}

void cbc_mac(const Sm4RoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
             std::uint8_t mac[16]) {
  Keys keys = load_keys(rk);
  uint8x16_t m = vld1q_u8(mac);
  for (; blocks > 0; --blocks, in += 16) m = crypt(veorq_u8(m, vld1q_u8(in)), keys);
  vst1q_u8(mac, m);
  wipe(&keys, sizeof keys);  // the round keys the compiler copied to the stack
}

// XTS on whole blocks, eight at a time, with either tweak rule
// (sm4_impl.h).
template <class Tweak>
void xts(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
         std::uint8_t tweak[16]) {
  Keys keys = load_keys(rk);
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
  wipe(&keys, sizeof keys);  // the round keys the compiler copied to the stack
}

}  // namespace

extern const Sm4Kernel kSm4Ce;
// clang-format off
const Sm4Kernel kSm4Ce = {
    .lane = "sm4-ce", .required = kFeatAsimd | kFeatSm4,
    .set_encrypt_key = sm4_set_key<expand, false>, .set_decrypt_key = sm4_set_key<expand, true>,
    .ecb_encrypt = ecb, .ecb_decrypt = ecb, .cbc_encrypt = cbc_encrypt, .cbc_decrypt = cbc_decrypt,
    .ctr_encrypt = ctr<true>, .ctr32_encrypt = ctr<false>, .cbc_mac = cbc_mac,
    .xts_encrypt = xts<IeeeTweak>, .xts_decrypt = xts<IeeeTweak>, .xts_gb_encrypt = xts<GbTweak>,
    .xts_gb_decrypt = xts<GbTweak>};
// clang-format on

}  // namespace armaccel
