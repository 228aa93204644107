// SPDX-License-Identifier: Apache-2.0
// Bit-sliced AES (FIPS 197) over eight blocks in NEON registers, for
// AArch64 cores without the AES instructions, in the modes whose blocks are
// independent: ECB, CBC decryption, CTR and XTS (SP 800-38A, SP 800-38D
// §6.5, SP 800-38E / IEEE 1619).  The construction is Käsper and Schwabe's
// ("Faster and timing-attack resistant AES-GCM", CHES 2009).
//
// State layout: the eight blocks of a batch become eight 128-bit bit
// planes; plane i holds bit i of all 128 state bytes, and bit b of each
// byte belongs to block b.  Which state byte each plane byte holds changes
// from round to round (see BsLayouts).  SubBytes is a Boolean circuit
// (aes_bitsliced_sbox_impl.h), ShiftRows only a change of that layout,
// MixColumns byte gathers (TBL) and XORs.  A batch of fewer than eight
// blocks is padded with zero blocks.
//
// Round keys: the byte round keys of FIPS 197 §5.2 are spread into bit
// planes on the stack at every call (the layout the caller keeps stays the
// plain one), with the S-box constant 0x63 folded in (see the S-box file),
// and wiped before return.
//
// Constant time: no branch or memory index depends on keys or data; the
// only branches are on the block count and the number of rounds.
//
// Header-only; meant to be included by exactly one lane file, everything
// lives in an anonymous namespace.
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "aes_bitsliced_sbox_impl.h"
#include "util/always_inline.h"
#include "util/wipe.h"

namespace armaccel {
namespace {

// One round's key as bit planes (k[j]: plane j) in the layout of the state
// it meets, with that layout's column rotations by one and two rows.
struct BsRound {
  BsVec k[8];
  BsVec rot[2];
};

struct BsRoundKeys {
  BsRound r[15];
  unsigned rounds;
};

// Logical state order (row-major: byte 4r + c is row r, column c) <->
// input block order (column-major), either way.
alignas(16) constexpr std::uint8_t kBsTranspose[16] = {0, 4, 8,  12, 1, 5, 9,  13,
                                                       2, 6, 10, 14, 3, 7, 11, 15};
// ShiftRows (§5.1.2) on the logical state as a gather (TBL) index: row r
// rotated left by r bytes.  Its inverse is InvShiftRows (§5.3.1).
//
// ShiftRows is never executed.  The state stays where it is and the cipher
// tracks where each byte went: in layout m (m = 0..3), plane byte k holds
// logical state byte P_m(T(k)), P_m the m-th power of the gather above and
// T = kBsTranspose.  Layout 0 is the input block order, so blocks are
// bit-sliced as loaded.  Encryption round r leaves layout -r mod 4, round r
// of the inverse cipher layout r mod 4.  The row rotations of MixColumns, the round keys
// and the final return to block order are then gathers built for each
// layout; a rotation costs one TBL in place of one EXT, so the eight TBLs
// of ShiftRows per round are saved.
constexpr std::uint8_t kBsShiftRows[16] = {0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14};

// The gathers of one layout.
struct BsLayout {
  // rot[n]: rotate every column by n + 1 rows (logical byte (r, c) takes
  // byte (r + n + 1, c)).
  alignas(16) std::uint8_t rot[2][16];
  // key: input-order round key bytes -> this layout.
  alignas(16) std::uint8_t key[16];
  // out: this layout -> input (block) byte order.
  alignas(16) std::uint8_t out[16];
};

struct BsLayouts {
  BsLayout m[4];
};

constexpr BsLayouts bs_make_layouts() {
  std::uint8_t pow[4][16] = {};  // pow[m] = P_m
  for (int k = 0; k < 16; ++k) pow[0][k] = static_cast<std::uint8_t>(k);
  for (int m = 1; m < 4; ++m)
    for (int k = 0; k < 16; ++k) pow[m][k] = kBsShiftRows[pow[m - 1][k]];
  BsLayouts t = {};
  for (int m = 0; m < 4; ++m) {
    // Layout m as a gather from the logical state: P_m after the input
    // order (the blocks are bit-sliced as loaded, so layout 0 is the input
    // order), and its inverse.
    std::uint8_t p[16] = {}, p_inv[16] = {};
    for (int k = 0; k < 16; ++k) {
      p[k] = pow[m][kBsTranspose[k]];
      p_inv[k] = kBsTranspose[pow[(4 - m) & 3][k]];
    }
    for (int k = 0; k < 16; ++k) {
      t.m[m].rot[0][k] = p_inv[(p[k] + 4) & 15];
      t.m[m].rot[1][k] = p_inv[(p[k] + 8) & 15];
      t.m[m].key[k] = kBsTranspose[p[k]];
      t.m[m].out[k] = p_inv[kBsTranspose[k]];
    }
  }
  return t;
}

alignas(16) constexpr BsLayouts kBsLayouts = bs_make_layouts();

// One step of the 8x8 bit-matrix transpose (delta swap): exchanges the
// bits of lo selected by ~mask with the bits of hi selected by mask, N
// places apart (mask = 0x55 for N = 1, 0x33 for N = 2).  Shift and bit
// select: BIT/BIF take the shifted copy as destination, so no moves.
template <int N>
ARMACCEL_ALWAYS_INLINE void bs_swap_bits(BsVec& lo, BsVec& hi, BsVec mask) {
  const BsVec new_lo = vbslq_u8(mask, lo, vshlq_n_u8(hi, N));
  hi = vbslq_u8(mask, vshrq_n_u8(lo, N), hi);
  lo = new_lo;
}

// The N = 4 step: shift and insert (SLI / SRI) does it without a mask.
ARMACCEL_ALWAYS_INLINE void bs_swap_nibbles(BsVec& lo, BsVec& hi) {
  const BsVec new_lo = vsliq_n_u8(lo, hi, 4);
  hi = vsriq_n_u8(hi, lo, 4);
  lo = new_lo;
}

// Transposes, for every byte position, the 8x8 bit matrix (register,
// bit): afterwards x[j] bit b = old x[b] bit j.  An involution.
ARMACCEL_ALWAYS_INLINE void bs_transpose_bits(BsVec x[8]) {
  const BsVec m1 = vdupq_n_u8(0x55), m2 = vdupq_n_u8(0x33);
  bs_swap_bits<1>(x[0], x[1], m1);
  bs_swap_bits<1>(x[2], x[3], m1);
  bs_swap_bits<1>(x[4], x[5], m1);
  bs_swap_bits<1>(x[6], x[7], m1);
  bs_swap_bits<2>(x[0], x[2], m2);
  bs_swap_bits<2>(x[1], x[3], m2);
  bs_swap_bits<2>(x[4], x[6], m2);
  bs_swap_bits<2>(x[5], x[7], m2);
  bs_swap_nibbles(x[0], x[4]);
  bs_swap_nibbles(x[1], x[5]);
  bs_swap_nibbles(x[2], x[6]);
  bs_swap_nibbles(x[3], x[7]);
}

// Eight blocks (x[b] = block b) -> eight bit planes in layout 0, and
// back from layout `layout`.
ARMACCEL_ALWAYS_INLINE void bs_blocks_to_planes(BsVec x[8]) {
  bs_transpose_bits(x);
}

ARMACCEL_ALWAYS_INLINE void bs_planes_to_blocks(BsVec x[8], unsigned layout) {
  const BsVec tr = vld1q_u8(kBsLayouts.m[layout].out);
  bs_transpose_bits(x);
#pragma GCC unroll 8
  for (int b = 0; b < 8; ++b) x[b] = vqtbl1q_u8(x[b], tr);
}

ARMACCEL_ALWAYS_INLINE void bs_add_round_key(BsVec x[8], const BsVec k[8]) {
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) x[j] = bs_x(x[j], k[j]);
}

// MixColumns (§5.1.3): b_r = 2(a_r ^ a_{r+1}) ^ a_{r+1} ^ a_{r+2} ^ a_{r+3},
// rows taken mod 4; rot1 / rot2 rotate the columns by one / two rows in the
// state's layout.
ARMACCEL_ALWAYS_INLINE void bs_mix_columns(BsVec x[8], BsVec rot1, BsVec rot2) {
  BsVec r1[8], t[8];
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) {
    r1[j] = vqtbl1q_u8(x[j], rot1);
    t[j] = bs_x(x[j], r1[j]);
  }
  // 2t (xtime, modulo x^8 + x^4 + x^3 + x + 1) plane by plane.
  const BsVec two_t[8] = {
      t[7], bs_x(t[0], t[7]), t[1], bs_x(t[2], t[7]), bs_x(t[3], t[7]), t[4], t[5], t[6]};
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) x[j] = bs_x(bs_x(two_t[j], r1[j]), vqtbl1q_u8(t[j], rot2));
}

// InvMixColumns (§5.3.3) as MixColumns after multiplying each column by
// {04}x^2 + {05}: a ^= 4 (a ^ a rotated by two rows).
ARMACCEL_ALWAYS_INLINE void bs_inv_mix_columns(BsVec x[8], BsVec rot1, BsVec rot2) {
  BsVec u[8];
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) u[j] = bs_x(x[j], vqtbl1q_u8(x[j], rot2));
  const BsVec u67 = bs_x(u[6], u[7]);
  x[0] = bs_x(x[0], u[6]);
  x[1] = bs_x(x[1], u67);
  x[2] = bs_x(x[2], bs_x(u[0], u[7]));
  x[3] = bs_x(x[3], bs_x(u[1], u[6]));
  x[4] = bs_x(x[4], bs_x(u[2], u67));
  x[5] = bs_x(x[5], bs_x(u[3], u[7]));
  x[6] = bs_x(x[6], u[4]);
  x[7] = bs_x(x[7], u[5]);
  bs_mix_columns(x, rot1, rot2);
}

// One byte round key k (input order) -> bit planes in `layout`: plane j
// byte i is all-ones where bit j of the key byte there is set.
ARMACCEL_ALWAYS_INLINE void bs_spread_round_key(BsRound* r, BsVec k, const BsLayout& layout) {
  k = vqtbl1q_u8(k, vld1q_u8(layout.key));
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) r->k[j] = vtstq_u8(k, vdupq_n_u8(std::uint8_t(1u << j)));
  r->rot[0] = vld1q_u8(layout.rot[0]);
  r->rot[1] = vld1q_u8(layout.rot[1]);
}

// Spreads the byte round keys rk[0 .. 16*(rounds+1)) into bit planes, each
// in the layout of the state it meets (which differs between the cipher and
// the inverse cipher), with 0x63 added to round keys 1..rounds (the S-box
// constant).  Costs about 24 instructions a round key, plus the wipe.
inline void bs_load_round_keys(BsRoundKeys* ks, const std::uint8_t* rk, unsigned rounds,
                               bool inverse) {
  ks->rounds = rounds;
  // Round key i meets layout -i mod 4 in the cipher and rounds - i mod 4
  // in the inverse cipher: either way one less than key i - 1's.
  unsigned layout = inverse ? rounds & 3 : 0;
  bs_spread_round_key(&ks->r[0], vld1q_u8(rk), kBsLayouts.m[layout]);
  const BsVec affine = vdupq_n_u8(0x63);
  for (unsigned i = 1; i <= rounds; ++i) {
    layout = (layout + 3) & 3;
    bs_spread_round_key(&ks->r[i], bs_x(vld1q_u8(rk + 16 * i), affine), kBsLayouts.m[layout]);
  }
}

inline void bs_wipe_round_keys(BsRoundKeys* ks) {
  wipe(ks->r, sizeof ks->r[0] * (ks->rounds + 1));
}

// The cipher (§5.1) on eight blocks, in place; keys from
// bs_load_round_keys(..., false).
ARMACCEL_ALWAYS_INLINE void bs_encrypt8(const BsRoundKeys& ks, BsVec blocks[8]) {
  BsVec x[8];
#pragma GCC unroll 8
  for (int b = 0; b < 8; ++b) x[b] = blocks[b];
  bs_blocks_to_planes(x);
  bs_add_round_key(x, ks.r[0].k);
  const BsRound* const last = ks.r + ks.rounds;
  for (const BsRound* p = ks.r + 1; p != last; ++p) {
    bs_sbox_linear(x);  // ShiftRows: a change of layout
    bs_mix_columns(x, p->rot[0], p->rot[1]);
    bs_add_round_key(x, p->k);
  }
  bs_sbox_linear(x);
  bs_add_round_key(x, last->k);
  bs_planes_to_blocks(x, (0u - ks.rounds) & 3);
#pragma GCC unroll 8
  for (int b = 0; b < 8; ++b) blocks[b] = x[b];
}

// The inverse cipher (§5.3) on eight blocks, in place; keys from
// bs_load_round_keys(..., true).
ARMACCEL_ALWAYS_INLINE void bs_decrypt8(const BsRoundKeys& ks, BsVec blocks[8]) {
  BsVec x[8];
#pragma GCC unroll 8
  for (int b = 0; b < 8; ++b) x[b] = blocks[b];
  bs_blocks_to_planes(x);
  bs_add_round_key(x, ks.r[ks.rounds].k);
  for (const BsRound* p = ks.r + ks.rounds - 1; p != ks.r; --p) {
    bs_inv_sbox_linear(x);  // InvShiftRows: a change of layout
    bs_add_round_key(x, p->k);
    bs_inv_mix_columns(x, p->rot[0], p->rot[1]);
  }
  bs_inv_sbox_linear(x);
  bs_add_round_key(x, ks.r[0].k);
  bs_planes_to_blocks(x, ks.rounds & 3);
#pragma GCC unroll 8
  for (int b = 0; b < 8; ++b) blocks[b] = x[b];
}

// Loads n <= 8 blocks (the rest zero) / stores the first n of eight.
ARMACCEL_ALWAYS_INLINE void bs_load_blocks(BsVec x[8], const std::uint8_t* in, std::size_t n) {
  if (n == 8) {
#pragma GCC unroll 8
    for (int b = 0; b < 8; ++b) x[b] = vld1q_u8(in + 16 * b);
    return;
  }
  alignas(16) std::uint8_t buf[128] = {};
  std::memcpy(buf, in, 16 * n);
#pragma GCC unroll 8
  for (int b = 0; b < 8; ++b) x[b] = vld1q_u8(buf + 16 * b);
}

ARMACCEL_ALWAYS_INLINE void bs_store_blocks(std::uint8_t* out, const BsVec x[8], std::size_t n) {
  if (n == 8) {
#pragma GCC unroll 8
    for (int b = 0; b < 8; ++b) vst1q_u8(out + 16 * b, x[b]);
    return;
  }
  alignas(16) std::uint8_t buf[128];
#pragma GCC unroll 8
  for (int b = 0; b < 8; ++b) vst1q_u8(buf + 16 * b, x[b]);
  std::memcpy(out, buf, 16 * n);
}

// SubWord (§5.2) of a little-endian-loaded word, through the same circuit.
inline std::uint32_t bs_sub_word(std::uint32_t w) {
  const BsVec v = vreinterpretq_u8_u32(vdupq_n_u32(w));
  BsVec x[8];
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) x[j] = vtstq_u8(v, vdupq_n_u8(std::uint8_t(1u << j)));
  bs_sbox_linear(x);
  BsVec s = vdupq_n_u8(0x63);
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) s = bs_x(s, bs_a(x[j], vdupq_n_u8(std::uint8_t(1u << j))));
  return vgetq_lane_u32(vreinterpretq_u32_u8(s), 0);
}

// KeyExpansion (FIPS 197 §5.2).  key: key_bytes = 16, 24 or 32 bytes.
// rk[0 .. 16*(Nr+1)): the Nr+1 round keys, round key i at rk + 16*i in the
// byte order it is XORed into the state (that of an input block).  Returns
// Nr (10, 12 or 14), or 0 (rk untouched) if key_bytes is not a key size.
// Constant time: SubWord is the bit-sliced circuit.
inline unsigned bs_expand_key(const std::uint8_t* key, std::size_t key_bytes,
                              std::uint8_t rk[240]) {
  if (key_bytes != 16 && key_bytes != 24 && key_bytes != 32) return 0;
  const unsigned nk = static_cast<unsigned>(key_bytes / 4);
  const unsigned nr = nk + 6;
  const unsigned total = 4 * (nr + 1);
  std::uint32_t w[60];
  std::memcpy(w, key, key_bytes);  // little-endian words: byte 0 lowest
  std::uint32_t rcon = 1;
  for (unsigned i = nk; i < total; ++i) {
    std::uint32_t t = w[i - 1];
    if (i % nk == 0) {
      t = bs_sub_word((t >> 8) | (t << 24)) ^ rcon;  // RotWord, SubWord, Rcon
      rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
    } else if (nk == 8 && i % nk == 4) {
      t = bs_sub_word(t);
    }
    w[i] = w[i - nk] ^ t;
  }
  std::memcpy(rk, w, 4 * total);
  wipe(w, sizeof w);
  return nr;
}

// ECB (SP 800-38A §6.1) encryption / decryption of `blocks` 16-byte blocks
// with the byte round keys rk of bs_expand_key (the encryption keys serve
// both: decryption runs the inverse cipher with them in reverse).  In place
// allowed; no alignment needed.
template <bool Decrypt>
inline void bs_ecb(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                   std::uint8_t* out, std::size_t blocks) {
  if (blocks == 0) return;
  BsRoundKeys ks;
  bs_load_round_keys(&ks, rk, rounds, Decrypt);
  while (blocks != 0) {
    const std::size_t n = blocks < 8 ? blocks : 8;
    BsVec x[8];
    bs_load_blocks(x, in, n);
    if constexpr (Decrypt) {
      bs_decrypt8(ks, x);
    } else {
      bs_encrypt8(ks, x);
    }
    bs_store_blocks(out, x, n);
    in += 16 * n, out += 16 * n, blocks -= n;
  }
  bs_wipe_round_keys(&ks);
}

inline void bs_ecb_encrypt(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks) {
  bs_ecb<false>(rk, rounds, in, out, blocks);
}

inline void bs_ecb_decrypt(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks) {
  bs_ecb<true>(rk, rounds, in, out, blocks);
}

// CBC decryption (SP 800-38A §6.2).  iv[16]: the chaining value in, the
// last ciphertext block out.  Encryption round keys.
inline void bs_cbc_decrypt(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks, std::uint8_t iv[16]) {
  if (blocks == 0) return;
  BsRoundKeys ks;
  bs_load_round_keys(&ks, rk, rounds, true);
  BsVec chain = vld1q_u8(iv);
  while (blocks != 0) {
    const std::size_t n = blocks < 8 ? blocks : 8;
    BsVec c[8], x[8];
    bs_load_blocks(c, in, n);
#pragma GCC unroll 8
    for (int b = 0; b < 8; ++b) x[b] = c[b];
    bs_decrypt8(ks, x);
    x[0] = bs_x(x[0], chain);
#pragma GCC unroll 8
    for (int b = 1; b < 8; ++b) x[b] = bs_x(x[b], c[b - 1]);
    chain = c[n - 1];
    bs_store_blocks(out, x, n);
    in += 16 * n, out += 16 * n, blocks -= n;
  }
  vst1q_u8(iv, chain);
  bs_wipe_round_keys(&ks);
}

// The counter modes' batch: the key stream E(x[0..7]) XORed onto n blocks
// of in, into out.
ARMACCEL_ALWAYS_INLINE void bs_xor_key_stream(const BsRoundKeys& ks, BsVec x[8],
                                              const std::uint8_t* in, std::uint8_t* out,
                                              std::size_t n) {
  BsVec d[8];
  bs_load_blocks(d, in, n);
  bs_encrypt8(ks, x);
#pragma GCC unroll 8
  for (int b = 0; b < 8; ++b) x[b] = bs_x(x[b], d[b]);
  bs_store_blocks(out, x, n);
}

// CTR (SP 800-38A §6.5), the whole counter block one 128-bit big-endian
// integer wrapping modulo 2^128.  counter[16] is advanced by `blocks`.
// Encryption round keys.
inline void bs_ctr_encrypt(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks, std::uint8_t counter[16]) {
  if (blocks == 0) return;
  BsRoundKeys ks;
  bs_load_round_keys(&ks, rk, rounds, false);
  // Lane 0: the high 64 bits, lane 1: the low 64 bits, as integers.
  uint64x2_t ctr[9];
  ctr[0] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(counter)));
  const uint64x2_t one = vcombine_u64(vcreate_u64(0), vcreate_u64(1));
  const uint64x2_t zero = vdupq_n_u64(0);
  while (blocks != 0) {
    const std::size_t n = blocks < 8 ? blocks : 8;
    BsVec x[8];
#pragma GCC unroll 8
    for (int b = 0; b < 8; ++b) {
      x[b] = vrev64q_u8(vreinterpretq_u8_u64(ctr[b]));
      const uint64x2_t next = vaddq_u64(ctr[b], one);
      // Carry out of the low half (it wrapped to 0): subtracting all-ones
      // from the high half adds 1.
      ctr[b + 1] = vsubq_u64(next, vextq_u64(vceqq_u64(next, zero), zero, 1));
    }
    bs_xor_key_stream(ks, x, in, out, n);
    in += 16 * n, out += 16 * n, blocks -= n;
    ctr[0] = ctr[n];
  }
  vst1q_u8(counter, vrev64q_u8(vreinterpretq_u8_u64(ctr[0])));
  bs_wipe_round_keys(&ks);
}

// GCTR as GCM uses it (SP 800-38D §6.5): only the last 32 bits of the
// counter block are incremented (inc32, big-endian, modulo 2^32).
// counter[16] is advanced by `blocks`.  Encryption round keys.
inline void bs_ctr32_encrypt(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                             std::uint8_t* out, std::size_t blocks, std::uint8_t counter[16]) {
  if (blocks == 0) return;
  BsRoundKeys ks;
  bs_load_round_keys(&ks, rk, rounds, false);
  // Each 32-bit lane byte-reversed: lane 3 is the counter as an integer.
  uint32x4_t ctr = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(counter)));
  const uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
  while (blocks != 0) {
    const std::size_t n = blocks < 8 ? blocks : 8;
    BsVec x[8];
#pragma GCC unroll 8
    for (int b = 0; b < 8; ++b) {
      x[b] = vrev32q_u8(vreinterpretq_u8_u32(ctr));
      ctr = vaddq_u32(ctr, one);
    }
    // The counter after the blocks actually used.
    ctr = vsubq_u32(ctr, vsetq_lane_u32(static_cast<std::uint32_t>(8 - n), vdupq_n_u32(0), 3));
    bs_xor_key_stream(ks, x, in, out, n);
    in += 16 * n, out += 16 * n, blocks -= n;
  }
  vst1q_u8(counter, vrev32q_u8(vreinterpretq_u8_u32(ctr)));
  bs_wipe_round_keys(&ks);
}

// T * alpha in GF(2^128), the tweak a little-endian 128-bit value (IEEE
// 1619 §5.2): shift left by one, 0x87 into the low byte on carry out.
ARMACCEL_ALWAYS_INLINE uint64x2_t bs_xts_next(uint64x2_t t) {
  const uint64x2_t poly = vcombine_u64(vcreate_u64(0x87), vcreate_u64(1));
  uint64x2_t top = vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(t), 63));
  top = vextq_u64(top, top, 1);  // [high half's top bit, low half's top bit]
  return veorq_u64(vshlq_n_u64(t, 1), vandq_u64(top, poly));
}

// XTS-AES on whole blocks (IEEE 1619 §5.3.1, SP 800-38E): out_j =
// E(in_j ^ T) ^ T (decryption: the inverse cipher), then T = T * alpha.
// tweak[16]: the encrypted tweak in, the next block's tweak out.  rk: the
// data key's encryption round keys, for both directions.
template <bool Encrypt>
inline void bs_xts(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                   std::uint8_t* out, std::size_t blocks, std::uint8_t tweak[16]) {
  if (blocks == 0) return;
  BsRoundKeys ks;
  bs_load_round_keys(&ks, rk, rounds, !Encrypt);
  uint64x2_t t[9];
  t[0] = vreinterpretq_u64_u8(vld1q_u8(tweak));
  while (blocks != 0) {
    const std::size_t n = blocks < 8 ? blocks : 8;
    BsVec x[8];
    bs_load_blocks(x, in, n);
#pragma GCC unroll 8
    for (int b = 0; b < 8; ++b) {
      x[b] = bs_x(x[b], vreinterpretq_u8_u64(t[b]));
      t[b + 1] = bs_xts_next(t[b]);
    }
    if (Encrypt) {
      bs_encrypt8(ks, x);
    } else {
      bs_decrypt8(ks, x);
    }
#pragma GCC unroll 8
    for (int b = 0; b < 8; ++b) x[b] = bs_x(x[b], vreinterpretq_u8_u64(t[b]));
    bs_store_blocks(out, x, n);
    in += 16 * n, out += 16 * n, blocks -= n;
    t[0] = t[n];
  }
  vst1q_u8(tweak, vreinterpretq_u8_u64(t[0]));
  bs_wipe_round_keys(&ks);
}

// XTS-AES encryption / decryption as bs_xts above (decryption: the inverse
// cipher with the same encryption round keys).
inline void bs_xts_encrypt(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks, std::uint8_t tweak[16]) {
  bs_xts<true>(rk, rounds, in, out, blocks, tweak);
}

inline void bs_xts_decrypt(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                           std::uint8_t* out, std::size_t blocks, std::uint8_t tweak[16]) {
  bs_xts<false>(rk, rounds, in, out, blocks, tweak);
}

}  // namespace
}  // namespace armaccel
