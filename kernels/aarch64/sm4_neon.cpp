// SPDX-License-Identifier: Apache-2.0
// SM4, AArch64 lane "sm4-neon" on Advanced SIMD, for cores without the SM4
// instructions (GB/T 32907-2016).
//
// Four blocks per group, "vertically": vector k holds word X_k of the four
// blocks (LD4 de-interleaves them, REV32 makes the big-endian words
// numbers), so a round is the scalar round on whole vectors.  The S-box is
// the standard's 256-byte table held in sixteen registers and read with
// TBL/TBX, 64 entries at a time: the index is the data byte, but TBL reads
// registers, not memory, and its timing does not depend on the index (it
// is among the data-independent-timing instructions of FEAT_DIT).  The
// linear transform uses L(B) = B ^ (B <<< 24) ^ ((B ^ (B <<< 8) ^
// (B <<< 16)) <<< 2), the byte rotations as permutations.  Two groups (eight
// blocks) go through the rounds together where there are enough blocks.
// A block that must go alone (CBC encryption, CBC-MAC, ECB of one block as
// OFB and CFB use it) keeps its four words in general registers and sends
// only the S-box step through a vector register (see crypt_one).
// The round keys are the standard's rk_0..31 as 32-bit values, the layout
// of the other SM4 lanes.
#include <arm_neon.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "api/sm4.h"
#include "sm4_impl.h"
#include "util/always_inline.h"
#include "util/batch.h"
#include "util/wipe.h"

static_assert(std::endian::native == std::endian::little,
              "the vector loads and stores assume little-endian lanes");

namespace armaccel {

namespace {

// The S-box (GB/T 32907-2016 §6.2).
alignas(16) constexpr std::uint8_t kSbox[256] = {
    0xd6, 0x90, 0xe9, 0xfe, 0xcc, 0xe1, 0x3d, 0xb7, 0x16, 0xb6, 0x14, 0xc2, 0x28, 0xfb, 0x2c, 0x05,
    0x2b, 0x67, 0x9a, 0x76, 0x2a, 0xbe, 0x04, 0xc3, 0xaa, 0x44, 0x13, 0x26, 0x49, 0x86, 0x06, 0x99,
    0x9c, 0x42, 0x50, 0xf4, 0x91, 0xef, 0x98, 0x7a, 0x33, 0x54, 0x0b, 0x43, 0xed, 0xcf, 0xac, 0x62,
    0xe4, 0xb3, 0x1c, 0xa9, 0xc9, 0x08, 0xe8, 0x95, 0x80, 0xdf, 0x94, 0xfa, 0x75, 0x8f, 0x3f, 0xa6,
    0x47, 0x07, 0xa7, 0xfc, 0xf3, 0x73, 0x17, 0xba, 0x83, 0x59, 0x3c, 0x19, 0xe6, 0x85, 0x4f, 0xa8,
    0x68, 0x6b, 0x81, 0xb2, 0x71, 0x64, 0xda, 0x8b, 0xf8, 0xeb, 0x0f, 0x4b, 0x70, 0x56, 0x9d, 0x35,
    0x1e, 0x24, 0x0e, 0x5e, 0x63, 0x58, 0xd1, 0xa2, 0x25, 0x22, 0x7c, 0x3b, 0x01, 0x21, 0x78, 0x87,
    0xd4, 0x00, 0x46, 0x57, 0x9f, 0xd3, 0x27, 0x52, 0x4c, 0x36, 0x02, 0xe7, 0xa0, 0xc4, 0xc8, 0x9e,
    0xea, 0xbf, 0x8a, 0xd2, 0x40, 0xc7, 0x38, 0xb5, 0xa3, 0xf7, 0xf2, 0xce, 0xf9, 0x61, 0x15, 0xa1,
    0xe0, 0xae, 0x5d, 0xa4, 0x9b, 0x34, 0x1a, 0x55, 0xad, 0x93, 0x32, 0x30, 0xf5, 0x8c, 0xb1, 0xe3,
    0x1d, 0xf6, 0xe2, 0x2e, 0x82, 0x66, 0xca, 0x60, 0xc0, 0x29, 0x23, 0xab, 0x0d, 0x53, 0x4e, 0x6f,
    0xd5, 0xdb, 0x37, 0x45, 0xde, 0xfd, 0x8e, 0x2f, 0x03, 0xff, 0x6a, 0x72, 0x6d, 0x6c, 0x5b, 0x51,
    0x8d, 0x1b, 0xaf, 0x92, 0xbb, 0xdd, 0xbc, 0x7f, 0x11, 0xd9, 0x5c, 0x41, 0x1f, 0x10, 0x5a, 0xd8,
    0x0a, 0xc1, 0x31, 0x88, 0xa5, 0xcd, 0x7b, 0xbd, 0x2d, 0x74, 0xd0, 0x12, 0xb8, 0xe5, 0xb4, 0xb0,
    0x89, 0x69, 0x97, 0x4a, 0x0c, 0x96, 0x77, 0x7e, 0x65, 0xb9, 0xf1, 0x09, 0xc5, 0x6e, 0xc6, 0x84,
    0x18, 0xf0, 0x7d, 0xec, 0x3a, 0xdc, 0x4d, 0x20, 0x79, 0xee, 0x5f, 0x3e, 0xd7, 0xcb, 0x39, 0x48,
};

// Byte k of the result is byte kRotl8[k] of the input: each little-endian
// word rotated left by 8 bits (kRotl24: by 24).
alignas(16) constexpr std::uint8_t kRotl8[16] = {3,  0, 1, 2,  7,  4,  5,  6,
                                                 11, 8, 9, 10, 15, 12, 13, 14};
alignas(16) constexpr std::uint8_t kRotl24[16] = {1, 2,  3,  0, 5,  6,  7,  4,
                                                  9, 10, 11, 8, 13, 14, 15, 12};

struct Tables {
  uint8x16x4_t sbox[4];
  uint8x16_t rotl8, rotl24;
};

ARMACCEL_ALWAYS_INLINE Tables load_tables() {
  Tables t;
  for (int i = 0; i < 4; ++i) t.sbox[i] = vld1q_u8_x4(kSbox + 64 * i);
  t.rotl8 = vld1q_u8(kRotl8);
  t.rotl24 = vld1q_u8(kRotl24);
  return t;
}

// tau (§6.2) on every byte.
ARMACCEL_ALWAYS_INLINE uint8x16_t tau(uint8x16_t x, const Tables& t) {
  const uint8x16_t step = vdupq_n_u8(64);
  uint8x16_t r = vqtbl4q_u8(t.sbox[0], x);
  x = vsubq_u8(x, step);
  r = vqtbx4q_u8(r, t.sbox[1], x);
  x = vsubq_u8(x, step);
  r = vqtbx4q_u8(r, t.sbox[2], x);
  x = vsubq_u8(x, step);
  return vqtbx4q_u8(r, t.sbox[3], x);
}

ARMACCEL_ALWAYS_INLINE uint32x4_t permute(uint32x4_t v, uint8x16_t p) {
  return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), p));
}

// T (§6.2): L(tau(a)).
ARMACCEL_ALWAYS_INLINE uint32x4_t t_transform(uint32x4_t a, const Tables& t) {
  const uint32x4_t b = vreinterpretq_u32_u8(tau(vreinterpretq_u8_u32(a), t));
  const uint32x4_t r16 = vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(b)));
  const uint32x4_t y = veorq_u32(veorq_u32(b, permute(b, t.rotl8)), r16);
  const uint32x4_t y2 = vsriq_n_u32(vshlq_n_u32(y, 2), y, 30);
  return veorq_u32(veorq_u32(b, permute(b, t.rotl24)), y2);
}

ARMACCEL_ALWAYS_INLINE uint32x4_t swap_bytes(uint32x4_t v) {
  return vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(v)));
}

// One block on its own (CBC encryption, CBC-MAC: each block needs the one
// before): the words in general registers, tau through the vector table,
// L with EOR's rotated operand.  The 32 rounds are unrolled; the round keys
// are read as 64-bit pairs (rk_{2k} low, rk_{2k+1} high) and the high one
// is XORed in with a shifted operand (EOR ..., LSR #32), so a round's input
// is a 64-bit value whose upper half is junk: only its low 32 bits are used.
ARMACCEL_ALWAYS_INLINE std::uint32_t rotl32(std::uint32_t x, int n) {
  return (x << n) | (x >> (32 - n));
}

// x ^ L(tau(a)) for the low 32 bits of a (§6.2, §7.1).  DUP of the whole
// 64-bit value: lane 0 of the vector is the word, whatever the upper half.
ARMACCEL_ALWAYS_INLINE std::uint32_t round_update(std::uint32_t x, std::uint64_t a,
                                                  const Tables& t) {
  const uint8x16_t idx = vreinterpretq_u8_u64(vdupq_n_u64(a));
  const std::uint32_t b = vgetq_lane_u32(vreinterpretq_u32_u8(tau(idx, t)), 0);
  // L(B) = B ^ (B <<< 2) ^ (B <<< 10) ^ (B <<< 18) ^ (B <<< 24)
  //      = B ^ ((B ^ (Y <<< 10)) <<< 24), Y = B ^ ((B ^ (B <<< 8)) <<< 8):
  // five EORs, each with one rotated operand (nested so that no XOR chain
  // has two rotated terms for the compiler to pair).
  const std::uint32_t y = b ^ rotl32(b ^ rotl32(b, 8), 8);
  return (x ^ b) ^ rotl32(b ^ rotl32(y, 10), 24);
}

// Rounds 2k and 2k + 1 (X_{i+4} = X_i ^ T(X_{i+1} ^ X_{i+2} ^ X_{i+3} ^
// rk_i)), sharing X_{i+2} ^ X_{i+3}.  x[] is indexed mod 4.
template <int K>
ARMACCEL_ALWAYS_INLINE void round_pair(std::uint32_t (&x)[4], const std::uint32_t* rk,
                                       const Tables& t) {
  constexpr int p = (2 * K) % 4;
  std::uint64_t keys;  // rk_{2k} | rk_{2k+1} << 32, one 64-bit load
  std::memcpy(&keys, rk + 2 * K, sizeof keys);
  const std::uint64_t s = std::uint64_t{x[(p + 2) % 4]} ^ x[(p + 3) % 4];
  x[p] = round_update(x[p], (s ^ x[(p + 1) % 4]) ^ keys, t);
  x[(p + 1) % 4] = round_update(x[(p + 1) % 4], (s ^ x[p]) ^ (keys >> 32), t);
}

template <int... K>
ARMACCEL_ALWAYS_INLINE void all_rounds(std::uint32_t (&x)[4], const std::uint32_t* rk,
                                       const Tables& t, std::integer_sequence<int, K...>) {
  (round_pair<K>(x, rk, t), ...);
}

ARMACCEL_ALWAYS_INLINE uint8x16_t crypt_one(const std::uint32_t* rk, const Tables& t,
                                            uint8x16_t block) {
  const uint32x4_t words = swap_bytes(vreinterpretq_u32_u8(block));
  std::uint32_t x[4] = {vgetq_lane_u32(words, 0), vgetq_lane_u32(words, 1),
                        vgetq_lane_u32(words, 2), vgetq_lane_u32(words, 3)};
  all_rounds(x, rk, t, std::make_integer_sequence<int, 16>());
  // R: (X35, X34, X33, X32), big-endian.
  const uint32x4_t lo = vcombine_u32(vcreate_u32((std::uint64_t{x[2]} << 32) | x[3]),
                                     vcreate_u32((std::uint64_t{x[0]} << 32) | x[1]));
  return vreinterpretq_u8_u32(swap_bytes(lo));
}

// G groups of four blocks (64 * G bytes) through the 32 rounds.
template <int G>
ARMACCEL_ALWAYS_INLINE void crypt_groups(const std::uint32_t rk[32], const Tables& t,
                                         const std::uint8_t* in, std::uint8_t* out) {
  uint32x4_t x[G][4];
  for (int g = 0; g < G; ++g) {
    const uint32x4x4_t w = vld4q_u32(reinterpret_cast<const std::uint32_t*>(in + 64 * g));
    for (int k = 0; k < 4; ++k) x[g][k] = swap_bytes(w.val[k]);
  }
  for (int r = 0; r < 32; r += 4) {
    for (int i = 0; i < 4; ++i) {
      const uint32x4_t key = vdupq_n_u32(rk[r + i]);
      for (int g = 0; g < G; ++g) {
        const uint32x4_t a = veorq_u32(veorq_u32(x[g][(i + 1) % 4], x[g][(i + 2) % 4]),
                                       veorq_u32(x[g][(i + 3) % 4], key));
        x[g][i] = veorq_u32(x[g][i], t_transform(a, t));
      }
    }
  }
  // R: the words in reverse order (X35, X34, X33, X32).
  for (int g = 0; g < G; ++g) {
    uint32x4x4_t w;
    for (int k = 0; k < 4; ++k) w.val[k] = swap_bytes(x[g][3 - k]);
    vst4q_u32(reinterpret_cast<std::uint32_t*>(out + 64 * g), w);
  }
}

// Any number of blocks: eight at a time, then four, then a last single
// block on its own (OFB and CFB come here one block at a time), or two or
// three padded to a group.
void crypt_blocks(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                  std::size_t blocks) {
  const Tables t = load_tables();
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) crypt_groups<2>(rk->rk, t, in, out);
  if (blocks >= 4) {
    crypt_groups<1>(rk->rk, t, in, out);
    blocks -= 4;
    in += 64;
    out += 64;
  }
  if (blocks == 1) {
    vst1q_u8(out, crypt_one(rk->rk, t, vld1q_u8(in)));
  } else if (blocks > 0) {
    std::uint8_t buf[64] = {};
    std::memcpy(buf, in, 16 * blocks);
    crypt_groups<1>(rk->rk, t, buf, buf);
    std::memcpy(out, buf, 16 * blocks);
    wipe(buf, sizeof buf);
  }
}

// x ^ L'(tau(a)) for the low 32 bits of a (§7.3), as round_update with
// L'(B) = B ^ (B <<< 13) ^ (B <<< 23) = B ^ ((B ^ (B <<< 10)) <<< 13).
ARMACCEL_ALWAYS_INLINE std::uint32_t key_update(std::uint32_t x, std::uint64_t a, const Tables& t) {
  const uint8x16_t idx = vreinterpretq_u8_u64(vdupq_n_u64(a));
  const std::uint32_t b = vgetq_lane_u32(vreinterpretq_u32_u8(tau(idx, t)), 0);
  return (x ^ b) ^ rotl32(b ^ rotl32(b, 10), 13);
}

// CK's address read through a volatile object, so the compiler loads the
// constants two per 64-bit load instead of building each from immediates.
const Sm4CkTable* const volatile kCkTable = &kSm4Ck;

// Key expansion rounds 2k and 2k + 1 (K_{i+4} = K_i ^ T'(K_{i+1} ^ K_{i+2}
// ^ K_{i+3} ^ CK_i), rk_i = K_{i+4}), shaped as round_pair; Reverse stores
// the round keys in decryption order.
template <int K, bool Reverse>
ARMACCEL_ALWAYS_INLINE void key_round_pair(std::uint32_t (&k)[4], const std::uint32_t* ck,
                                           const Tables& t, std::uint32_t* rk) {
  constexpr int p = (2 * K) % 4;
  std::uint64_t c;  // CK_{2k} | CK_{2k+1} << 32
  std::memcpy(&c, ck + 2 * K, sizeof c);
  const std::uint64_t s = std::uint64_t{k[(p + 2) % 4]} ^ k[(p + 3) % 4];
  k[p] = key_update(k[p], (s ^ k[(p + 1) % 4]) ^ c, t);
  k[(p + 1) % 4] = key_update(k[(p + 1) % 4], (s ^ k[p]) ^ (c >> 32), t);
  rk[Reverse ? 31 - 2 * K : 2 * K] = k[p];
  rk[Reverse ? 30 - 2 * K : 2 * K + 1] = k[(p + 1) % 4];
}

template <bool Reverse, int... K>
ARMACCEL_ALWAYS_INLINE void key_rounds(std::uint32_t (&k)[4], const std::uint32_t* ck,
                                       const Tables& t, std::uint32_t* rk,
                                       std::integer_sequence<int, K...>) {
  (key_round_pair<K, Reverse>(k, ck, t, rk), ...);
}

// The 32 round keys, unrolled, the key words in general registers only.
template <bool Reverse>
void expand_key(Sm4RoundKeys* out, const std::uint8_t* key) {
  const Tables t = load_tables();
  const uint32x4_t words = veorq_u32(swap_bytes(vreinterpretq_u32_u8(vld1q_u8(key))),
                                     vld1q_u32(kSm4Fk));  // K_0..K_3 = MK ^ FK
  std::uint32_t k[4] = {vgetq_lane_u32(words, 0), vgetq_lane_u32(words, 1),
                        vgetq_lane_u32(words, 2), vgetq_lane_u32(words, 3)};
  key_rounds<Reverse>(k, kCkTable->v, t, out->rk, std::make_integer_sequence<int, 16>());
}

bool expand(Sm4RoundKeys* out, const std::uint8_t* key, std::size_t key_bytes, bool reverse) {
  if (key_bytes != kSm4KeyBytes) return false;
  if (reverse) {
    expand_key<true>(out, key);
  } else {
    expand_key<false>(out, key);
  }
  return true;
}

// One block with nothing else around it (OFB and CFB call ECB a block at
// a time): out of line, so that it carries none of crypt_blocks' register
// saving and table spilling.
ARMACCEL_NOINLINE void crypt_single(const Sm4RoundKeys* rk, const std::uint8_t* in,
                                    std::uint8_t* out) {
  const Tables t = load_tables();
  vst1q_u8(out, crypt_one(rk->rk, t, vld1q_u8(in)));
}

void ecb(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  if (blocks == 1) {
    crypt_single(rk, in, out);
  } else {
    crypt_blocks(rk, in, out, blocks);
  }
}

constexpr std::size_t kChunk = 32;  // blocks buffered per pass in the chained modes

void cbc_encrypt(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  const Tables t = load_tables();
  uint8x16_t c = vld1q_u8(iv);
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    c = crypt_one(rk->rk, t, veorq_u8(c, vld1q_u8(in)));
    vst1q_u8(out, c);
  }
  vst1q_u8(iv, c);
}

void cbc_decrypt(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  alignas(16) std::uint8_t ct[16 * kChunk];
  uint8x16_t prev = vld1q_u8(iv);
  while (blocks > 0) {
    const std::size_t n = blocks < kChunk ? blocks : kChunk;
    std::memcpy(ct, in, 16 * n);  // in place: keep the ciphertext for chaining
    crypt_blocks(rk, ct, out, n);
    for (std::size_t j = 0; j < n; ++j) {
      vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(out + 16 * j), prev));
      prev = vld1q_u8(ct + 16 * j);
    }
    advance_blocks(in, out, blocks, n);
  }
  vst1q_u8(iv, prev);
}

template <bool Wide>
void ctr(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
         std::uint8_t counter[16]) {
  alignas(16) std::uint8_t ks[16 * kChunk];
  std::uint64_t hi = 0, lo = 0;
  load_halves(counter, hi, lo);
  while (blocks > 0) {
    const std::size_t n = blocks < kChunk ? blocks : kChunk;
    for (std::size_t j = 0; j < n; ++j) {
      vst1q_u8(ks + 16 * j, halves_block(hi, lo));
      counter_next<Wide>(hi, lo);
    }
    crypt_blocks(rk, ks, ks, n);
    for (std::size_t j = 0; j < n; ++j)
      vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), vld1q_u8(ks + 16 * j)));
    advance_blocks(in, out, blocks, n);
  }
  store_halves(counter, hi, lo);
  wipe(ks, sizeof ks);
}

void cbc_mac(const Sm4RoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
             std::uint8_t mac[16]) {
  const Tables t = load_tables();
  uint8x16_t m = vld1q_u8(mac);
  for (; blocks > 0; --blocks, in += 16) m = crypt_one(rk->rk, t, veorq_u8(m, vld1q_u8(in)));
  vst1q_u8(mac, m);
}

// XTS on whole blocks with either tweak rule (sm4_impl.h): the tweaks of a
// chunk first, then the blocks through the rounds together.
template <class Tweak>
void xts(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
         std::uint8_t tweak[16]) {
  alignas(16) std::uint8_t tw[16 * kChunk];
  Tweak t(tweak);
  while (blocks > 0) {
    const std::size_t n = blocks < kChunk ? blocks : kChunk;
    for (std::size_t j = 0; j < n; ++j) {
      const uint8x16_t tv = t.current();
      vst1q_u8(tw + 16 * j, tv);
      vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), tv));
      t.next();
    }
    crypt_blocks(rk, out, out, n);
    for (std::size_t j = 0; j < n; ++j)
      vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(out + 16 * j), vld1q_u8(tw + 16 * j)));
    advance_blocks(in, out, blocks, n);
  }
  t.store(tweak);
  wipe(tw, sizeof tw);
}

}  // namespace

extern const Sm4Kernel kSm4Neon;
// clang-format off
const Sm4Kernel kSm4Neon = {
    {.lane = "sm4-neon", .required = kFeatAsimd, .set_encrypt_key = sm4_set_key<expand, false>,
     .set_decrypt_key = sm4_set_key<expand, true>, .ecb_encrypt = ecb, .ecb_decrypt = ecb,
     .cbc_encrypt = cbc_encrypt, .cbc_decrypt = cbc_decrypt, .ctr_encrypt = ctr<true>,
     .ctr32_encrypt = ctr<false>, .cbc_mac = cbc_mac, .xts_encrypt = xts<IeeeTweak>,
     .xts_decrypt = xts<IeeeTweak>},
    /*xts_gb_encrypt=*/xts<GbTweak>, /*xts_gb_decrypt=*/xts<GbTweak>};
// clang-format on

}  // namespace armaccel
