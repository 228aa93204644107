// SPDX-License-Identifier: Apache-2.0
// The AES mode loops of the AArch64 lanes (SP 800-38A ECB, CBC, CTR;
// SP 800-38B/C CBC-MAC chaining; SP 800-38E / IEEE 1619 XTS on whole
// blocks), written once over a lane's block functions.  A lane supplies a
// Blocks class (aes_ce.cpp: the AES instructions; aes_neon.cpp: vector
// permutes) with
//   static constexpr int kWidth        blocks kept in flight by the
//                                      parallel modes (ECB, CBC decryption,
//                                      CTR, XTS)
//   void encrypt(uint8x16_t (&b)[kWidth]) const, decrypt(...) const
//   uint8x16_t encrypt1(uint8x16_t) const, decrypt1(uint8x16_t) const
//   Chain, Chain cbc_start(uint8x16_t iv) const,
//   uint8x16_t cbc_step(Chain&, uint8x16_t p) const    c = E(p ^ chain),
//   uint8x16_t cbc_value(const Chain&) const           the chaining block,
// so a lane can keep the CBC chain in whatever form makes its dependency
// chain shortest.  Latency work belongs here: the counters of a batch and
// the XTS tweaks of the next batch are computed independently of each
// other, off the block chains.
//
// Everything is in an anonymous namespace: each lane file (built with its
// own -march flags) gets its own internal copy (docs/architecture.md,
// extension-flag hazard).
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "api/aes.h"
#include "util/always_inline.h"
#include "util/value_barrier.h"

namespace armaccel {
namespace {
namespace aes_modes {

template <class Blocks>
inline void load_batch(const std::uint8_t* p, uint8x16_t (&b)[Blocks::kWidth]) {
  for (int i = 0; i < Blocks::kWidth; ++i) b[i] = vld1q_u8(p + 16 * i);
}

template <class Blocks>
inline void store_batch(std::uint8_t* p, const uint8x16_t (&b)[Blocks::kWidth]) {
  for (int i = 0; i < Blocks::kWidth; ++i) vst1q_u8(p + 16 * i, b[i]);
}

// One block through the cipher or its inverse (only the one asked for is
// instantiated: a lane's Blocks may hold one direction's tables).
template <bool Encrypt, class Blocks>
inline uint8x16_t crypt1(const Blocks& bl, uint8x16_t x) {
  if constexpr (Encrypt) {
    return bl.encrypt1(x);
  } else {
    return bl.decrypt1(x);
  }
}

template <class Blocks, bool Encrypt>
void ecb(const Blocks& bl, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  constexpr int W = Blocks::kWidth;
  for (; blocks >= W; blocks -= W, in += 16 * W, out += 16 * W) {
    uint8x16_t b[W];
    load_batch<Blocks>(in, b);
    if constexpr (Encrypt) {
      bl.encrypt(b);
    } else {
      bl.decrypt(b);
    }
    store_batch<Blocks>(out, b);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16)
    vst1q_u8(out, crypt1<Encrypt>(bl, vld1q_u8(in)));
}

// CBC encryption (SP 800-38A §6.2), sequential by definition: the chain in
// the lane's own form.  Two blocks per LD1/ST1, four per loop pass: in this
// shape GCC keeps the chain from one AESE to the next without a register
// move (with four blocks per LD1/ST1 it put one on the chain, about 1.5 %
// more estimated cycles on Cortex-A72 and Neoverse N1/V1/V2).
template <class Blocks>
void cbc_encrypt(const Blocks& bl, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
                 std::uint8_t iv[16]) {
  typename Blocks::Chain chain = bl.cbc_start(vld1q_u8(iv));
  if (std::size_t quads = blocks / 4) {
    do {
      for (int half = 0; half < 2; ++half) {
        const uint8x16x2_t p = vld1q_u8_x2(in);
        in += 32;
        uint8x16x2_t c;
        c.val[0] = bl.cbc_step(chain, p.val[0]);
        c.val[1] = bl.cbc_step(chain, p.val[1]);
        vst1q_u8_x2(out, c);
        out += 32;
      }
    } while (--quads != 0);
  }
  for (std::size_t rest = blocks % 4; rest != 0; --rest, in += 16, out += 16)
    vst1q_u8(out, bl.cbc_step(chain, vld1q_u8(in)));
  vst1q_u8(iv, bl.cbc_value(chain));
}

// CBC-MAC chaining (SP 800-38B §6.2, SP 800-38C §6.1): the same chain,
// without the output.
template <class Blocks>
void cbc_mac(const Blocks& bl, const std::uint8_t* in, std::size_t blocks, std::uint8_t mac[16]) {
  typename Blocks::Chain chain = bl.cbc_start(vld1q_u8(mac));
  if (std::size_t pairs = blocks / 2) {
    do {
      const uint8x16x2_t p = vld1q_u8_x2(in);
      in += 32;
      bl.cbc_step(chain, p.val[0]);
      bl.cbc_step(chain, p.val[1]);
    } while (--pairs != 0);
  }
  if (blocks & 1) bl.cbc_step(chain, vld1q_u8(in));
  vst1q_u8(mac, bl.cbc_value(chain));
}

template <class Blocks>
void cbc_decrypt(const Blocks& bl, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
                 std::uint8_t iv[16]) {
  constexpr int W = Blocks::kWidth;
  uint8x16_t chain = vld1q_u8(iv);
  static_assert(W % 2 == 0, "the chaining blocks are reloaded in pairs");
  for (; blocks >= W; blocks -= W, in += 16 * W, out += 16 * W) {
    // The ciphertext twice: b goes through the cipher in place, c is the
    // chaining value of the next block.  Loaded again (LD1 of two
    // registers, which compilers do not merge with the first loads) rather
    // than copied: a load has pipes of its own, a copy takes a vector pipe
    // from the AES instructions (and GCC 12 adds register shuffles).  Both
    // loads come before the stores, so in place works.
    uint8x16_t b[W], c[W];
    load_batch<Blocks>(in, b);
    for (int i = 0; i < W; i += 2) {
      const uint8x16x2_t pair = vld1q_u8_x2(in + 16 * i);
      c[i] = pair.val[0];
      c[i + 1] = pair.val[1];
    }
    bl.decrypt(b);
    b[0] = veorq_u8(b[0], chain);
    for (int i = 1; i < W; ++i) b[i] = veorq_u8(b[i], c[i - 1]);
    chain = c[W - 1];
    store_batch<Blocks>(out, b);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t c = vld1q_u8(in);
    vst1q_u8(out, veorq_u8(bl.decrypt1(c), chain));
    chain = c;
  }
  vst1q_u8(iv, chain);
}

// The counter block as a native (high, low) pair of 64-bit halves.  The
// counter may be secret (OpenSSL's CTR-DRBG runs its secret state V
// through AES-*-CTR), so no branch depends on it: the carry out of the low
// half is an add of the comparison's outcome (CINC).
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
  void next() { advance(1); }
  void advance(std::uint64_t n) {
    lo = value_barrier(lo + n);  // not the loop's induction variable (value_barrier.h)
    hi += lo < n ? 1 : 0;
  }
};

// Counter blocks c + 2j and c + 2j + 1 (big-endian) into b[0] and b[1],
// from the low halves lo2 = (lo, lo) and high halves hi2 = (hi, hi) of c:
// the two low halves are added in one vector, and the carry out of each
// (the sum below the addend: all ones) is subtracted from its high half.
// No branch and no table: the same instructions whatever the counter.
template <unsigned J>
inline void counter_pair(uint64x2_t lo2, uint64x2_t hi2, uint8x16_t* b) {
  const uint64x2_t add = vcombine_u64(vcreate_u64(2 * J), vcreate_u64(2 * J + 1));
  const uint64x2_t lo = vaddq_u64(lo2, add);
  const uint64x2_t hi = vsubq_u64(hi2, vcltq_u64(lo, add));
  // Lane inserts, not ZIP1/ZIP2: GCC emits ZIP for those, which cost more
  // estimated cycles on Cortex-A72 (scripts/icount/cycles.sh).
  b[0] = vrev64q_u8(vreinterpretq_u8_u64(vcopyq_laneq_u64(hi, 1, lo, 0)));  // (hi[0], lo[0])
  b[1] = vrev64q_u8(vreinterpretq_u8_u64(vcopyq_laneq_u64(lo, 0, hi, 1)));  // (hi[1], lo[1])
}

template <int W, unsigned... J>
inline void counter_batch(const Counter128& c, uint8x16_t (&b)[W],
                          std::integer_sequence<unsigned, J...>) {
  const uint64x2_t lo2 = vdupq_n_u64(c.lo), hi2 = vdupq_n_u64(c.hi);
  (counter_pair<J>(lo2, hi2, b + 2 * J), ...);
}

// CTR over the whole 128-bit counter block (SP 800-38A §6.5, OpenSSL's
// AES-CTR).  A batch's counters are the batch's first plus 0, 1, ...: each
// one independent of the others, two to a vector.
template <class Blocks>
void ctr(const Blocks& bl, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
         std::uint8_t counter[16]) {
  constexpr int W = Blocks::kWidth;
  static_assert(W % 2 == 0, "the counters are made in pairs");
  Counter128 ctr(counter);
  for (; blocks >= W; blocks -= W, in += 16 * W, out += 16 * W) {
    uint8x16_t b[W];
    counter_batch<W>(ctr, b, std::make_integer_sequence<unsigned, W / 2>());
    ctr.advance(W);
    bl.encrypt(b);
    uint8x16_t m[W];
    load_batch<Blocks>(in, m);
    for (int i = 0; i < W; ++i) b[i] = veorq_u8(m[i], b[i]);
    store_batch<Blocks>(out, b);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    vst1q_u8(out, veorq_u8(vld1q_u8(in), bl.encrypt1(ctr.block())));
    ctr.next();
  }
  vst1q_u8(counter, ctr.block());
}

// GCM's inc32 counter (SP 800-38D §6.5): the block is kept with each
// 32-bit word byte-reversed, so adding {0, 0, 0, i} is an increment of the
// last word modulo 2^32 and the other 96 bits never change.
template <class Blocks>
void ctr32(const Blocks& bl, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
           std::uint8_t counter[16]) {
  constexpr int W = Blocks::kWidth;
  uint32x4_t ctr = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(counter)));
  for (; blocks >= W; blocks -= W, in += 16 * W, out += 16 * W) {
    uint8x16_t b[W];
    for (int i = 0; i < W; ++i) {
      const uint32x4_t add = vsetq_lane_u32(static_cast<std::uint32_t>(i), vdupq_n_u32(0), 3);
      b[i] = vrev32q_u8(vreinterpretq_u8_u32(vaddq_u32(ctr, add)));
    }
    ctr = vaddq_u32(ctr, vsetq_lane_u32(W, vdupq_n_u32(0), 3));
    bl.encrypt(b);
    uint8x16_t m[W];
    load_batch<Blocks>(in, m);
    for (int i = 0; i < W; ++i) b[i] = veorq_u8(m[i], b[i]);
    store_batch<Blocks>(out, b);
  }
  const uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    vst1q_u8(out, veorq_u8(vld1q_u8(in), bl.encrypt1(vrev32q_u8(vreinterpretq_u8_u32(ctr)))));
    ctr = vaddq_u32(ctr, one);
  }
  vst1q_u8(counter, vrev32q_u8(vreinterpretq_u8_u32(ctr)));
}

// XTS on whole blocks (SP 800-38E, IEEE 1619 §5.3.2 / §5.4.2 without
// ciphertext stealing): out_j = E(in_j ^ T_j) ^ T_j, T_{j+1} = T_j * alpha,
// T a little-endian 128-bit value in GF(2^128) (IEEE 1619 §5.2).  Two ways
// to make the tweaks, chosen per lane (a lane table per way, picked by core
// class: kernels/cpu/core_class.h):
enum class XtsTweaks {
  // In vector registers, fewest instructions: per batch of eight, the
  // tweaks of blocks 0 and 4 are carried (T * alpha^8 each, three
  // instructions) and the rest doubled from them.  For in-order cores and
  // cores armaccel has no figures for.
  kVector,
  // In general-purpose registers, a batch ahead: the serial doubling runs
  // on the integer pipes, which the block work leaves idle, and each tweak
  // enters a vector register on its own.  More instructions, fewer cycles on
  // out-of-order cores whose vector pipes AES keeps busy.
  kGeneralRegisters,
};

// T * alpha: shift left by one bit, bit 127 folded back as 0x87.
// (The constants are set in constructors: clang's vcreate is a statement
// expression, which a default member initializer may not hold.)
struct XtsAlpha {
  uint64x2_t fold;
  XtsAlpha() : fold(vcombine_u64(vcreate_u64(0x87), vcreate_u64(1))) {}
  uint8x16_t operator()(uint8x16_t t) const {
    const uint64x2_t v = vreinterpretq_u64_u8(t);
    const uint64x2_t msb = vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(v), 63));
    return vreinterpretq_u8_u64(
        veorq_u64(vaddq_u64(v, v), vandq_u64(vextq_u64(msb, msb, 1), fold)));
  }
};

// T * alpha^8 in three instructions: T one byte up is the byte rotation r
// (EXT) with its top byte h, now in byte 0, replaced by h * 0x87 over GF(2);
// that is r ^ h * 0x86, and PMULL.8B of r's low half by {0x86, 0, ...}
// multiplies byte 0 alone (plain Advanced SIMD, no crypto extension).
struct XtsAlpha8 {
  poly8x8_t fold;
  XtsAlpha8() : fold(vreinterpret_p8_u64(vcreate_u64(0x86))) {}
  uint8x16_t operator()(uint8x16_t t) const {
    const uint8x16_t r = vextq_u8(t, t, 15);
    return veorq_u8(r, vreinterpretq_u8_p16(vmull_p8(vreinterpret_p8_u8(vget_low_u8(r)), fold)));
  }
};

// The tweak in two general-purpose registers, lo = bytes 0..7, hi = bytes
// 8..15.
struct XtsTweak {
  std::uint64_t lo = 0, hi = 0;
  XtsTweak() = default;
  explicit XtsTweak(uint8x16_t t)
      : lo(vgetq_lane_u64(vreinterpretq_u64_u8(t), 0)),
        hi(vgetq_lane_u64(vreinterpretq_u64_u8(t), 1)) {}
  uint8x16_t vec() const {
    return vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(lo), vcreate_u64(hi)));
  }
  // The tweak XORed with a constant block {klo, khi} on its way in.
  uint8x16_t vec_xor(std::uint64_t klo, std::uint64_t khi) const {
    return vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(lo ^ klo), vcreate_u64(hi ^ khi)));
  }
  // T = T * alpha (an arithmetic shift makes the fold mask: no branch on
  // the tweak).
  void times_alpha() {
    const std::uint64_t fold =
        static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) >> 63) & 0x87;
    hi = (hi << 1) | (lo >> 63);
    lo = (lo << 1) ^ fold;
  }
};

template <bool Encrypt, class Blocks>
inline void crypt_batch(const Blocks& bl, uint8x16_t (&b)[Blocks::kWidth]) {
  if constexpr (Encrypt) {
    bl.encrypt(b);
  } else {
    bl.decrypt(b);
  }
}

// Whole batches with vector tweaks; returns the tweak of the next block.
template <class Blocks, bool Encrypt>
uint8x16_t xts_batches_vector(const Blocks& bl, const std::uint8_t*& in, std::uint8_t*& out,
                              std::size_t& blocks, uint8x16_t t) {
  constexpr int W = Blocks::kWidth;
  constexpr int kRun = W == 8 ? 4 : W;  // tweaks doubled from one carried tweak
  const XtsAlpha alpha;
  const XtsAlpha8 alpha8;
  uint8x16_t carried[W / kRun];
  for (int c = 0; c < W / kRun; ++c) {
    carried[c] = t;
    for (int j = 0; j < kRun; ++j) t = alpha(t);
  }
  for (; blocks >= W; blocks -= W, in += 16 * W, out += 16 * W) {
    uint8x16_t tw[W], b[W];
    for (int c = 0; c < W / kRun; ++c) {
      tw[c * kRun] = carried[c];
      // The next batch's carried tweak, early: nothing waits on it here.
      if constexpr (W == 8) carried[c] = alpha8(carried[c]);
      for (int j = 1; j < kRun; ++j) tw[c * kRun + j] = alpha(tw[c * kRun + j - 1]);
    }
    if constexpr (W != 8) carried[0] = alpha(tw[W - 1]);
    load_batch<Blocks>(in, b);
    for (int i = 0; i < W; ++i) b[i] = veorq_u8(b[i], tw[i]);
    crypt_batch<Encrypt>(bl, b);
    for (int i = 0; i < W; ++i) b[i] = veorq_u8(b[i], tw[i]);
    store_batch<Blocks>(out, b);
  }
  return carried[0];
}

// Whole batches with general-purpose-register tweaks.  A lane with folded
// rounds (Blocks::crypt_folded: first key k[0] ^ k[Nr], no final
// AddRoundKey) gets each tweak as T ^ k[Nr], XORed in on the integer side.
template <class Blocks, bool Encrypt>
uint8x16_t xts_batches_gpr(const Blocks& bl, const std::uint8_t*& in, std::uint8_t*& out,
                           std::size_t& blocks, uint8x16_t t0) {
  constexpr int W = Blocks::kWidth;
  constexpr bool kFolded = requires(uint8x16_t(&b)[W]) {
    bl.template crypt_folded<Encrypt>(b);
  };
  std::uint64_t klo = 0, khi = 0;
  if constexpr (kFolded) {
    klo = vgetq_lane_u64(vreinterpretq_u64_u8(bl.last_key()), 0);
    khi = vgetq_lane_u64(vreinterpretq_u64_u8(bl.last_key()), 1);
  }
  XtsTweak batch[W];
  batch[0] = XtsTweak(t0);
  for (int i = 1; i < W; ++i) {
    batch[i] = batch[i - 1];
    batch[i].times_alpha();
  }
  for (; blocks >= W; blocks -= W, in += 16 * W, out += 16 * W) {
    uint8x16_t tw[W], b[W];
    load_batch<Blocks>(in, b);
    for (int i = 0; i < W; ++i) {
      tw[i] = batch[i].vec_xor(klo, khi);
      b[i] = veorq_u8(b[i], tw[i]);
    }
    if constexpr (kFolded) {
      bl.template crypt_folded<Encrypt>(b);
    } else {
      crypt_batch<Encrypt>(bl, b);
    }
    // The next batch's tweaks, doubled while this one is in AES.
    batch[0] = batch[W - 1];
    batch[0].times_alpha();
    for (int i = 1; i < W; ++i) {
      batch[i] = batch[i - 1];
      batch[i].times_alpha();
    }
    for (int i = 0; i < W; ++i) b[i] = veorq_u8(b[i], tw[i]);
    store_batch<Blocks>(out, b);
  }
  return batch[0].vec();
}

template <class Blocks, bool Encrypt, XtsTweaks Tweaks>
void xts(const Blocks& bl, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
         std::uint8_t tweak[16]) {
  uint8x16_t t = vld1q_u8(tweak);
  if (blocks >= Blocks::kWidth) {
    if constexpr (Tweaks == XtsTweaks::kVector) {
      t = xts_batches_vector<Blocks, Encrypt>(bl, in, out, blocks, t);
    } else {
      t = xts_batches_gpr<Blocks, Encrypt>(bl, in, out, blocks, t);
    }
  }
  // The rest, one block at a time, from the tweak the next block wants.
  const XtsAlpha alpha;
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    vst1q_u8(out, veorq_u8(crypt1<Encrypt>(bl, veorq_u8(vld1q_u8(in), t)), t));
    t = alpha(t);
  }
  vst1q_u8(tweak, t);
}

}  // namespace aes_modes

inline std::uint32_t ror32(std::uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

inline std::uint32_t load32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// KeyExpansion (§5.2) for Nk-word keys straight into rk->bytes[0, 16 (Nr +
// 1)), with the lane's SubWord sub_word(w); sets rk->rounds = Nr = Nk + 6
// and rk->lane_tag = kLaneTag.  The last Nk words live in registers (fully
// unrolled), so no secret temporary is left in memory.  Words are
// little-endian loads of the key bytes, so RotWord is a rotation right by 8
// and Rcon goes in the low byte.
template <unsigned Nk, auto sub_word, std::uint32_t kLaneTag>
void expand_key_nk(AesRoundKeys* rk, const std::uint8_t* key) {
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
#pragma GCC unroll 8
    for (unsigned j = 0; j < n; ++j) std::memcpy(rk->bytes + 4 * (i + j), &w[j], 4);
  }
  rk->rounds = kNr;
  rk->lane_tag = kLaneTag;
}

// expand_key_nk for a key of key_len bytes (16, 24 or 32); false for any
// other length.
template <auto sub_word, std::uint32_t kLaneTag>
ARMACCEL_ALWAYS_INLINE bool expand_key(AesRoundKeys* rk, const std::uint8_t* key,
                                       std::size_t key_len) {
  switch (key_len) {
    case 16:
      expand_key_nk<4, sub_word, kLaneTag>(rk, key);
      return true;
    case 24:
      expand_key_nk<6, sub_word, kLaneTag>(rk, key);
      return true;
    case 32:
      expand_key_nk<8, sub_word, kLaneTag>(rk, key);
      return true;
    default:
      return false;
  }
}

namespace aes_modes {

// The lane's Blocks class for Nr rounds (10, 12 or 14: FIPS 197 Table 3),
// for the cipher (Decrypt false) or its inverse: each lane file defines
//   template <int Nr, bool Decrypt> struct aes_modes::LaneBlocks {
//     using type = ...;
//   };
// before it names the entries below.
template <int Nr, bool Decrypt>
struct LaneBlocks;

template <int Nr, bool Decrypt>
using LaneBlocksT = typename LaneBlocks<Nr, Decrypt>::type;

}  // namespace aes_modes

// The lane-table entries for one round count Nr, over the lane's Blocks
// (aes_modes::LaneBlocks); the lane picks the instance from
// AesRoundKeys::rounds.  Out of line, so that each mode loop is compiled
// once per round count and not into its dispatcher.
template <int Nr>
ARMACCEL_NOINLINE void ecb_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in,
                                     std::uint8_t* out, std::size_t blocks) {
  using B = aes_modes::LaneBlocksT<Nr, false>;
  aes_modes::ecb<B, true>(B(rk), in, out, blocks);
}
template <int Nr>
ARMACCEL_NOINLINE void ecb_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in,
                                     std::uint8_t* out, std::size_t blocks) {
  using B = aes_modes::LaneBlocksT<Nr, true>;
  aes_modes::ecb<B, false>(B(rk), in, out, blocks);
}
template <int Nr>
ARMACCEL_NOINLINE void cbc_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in,
                                     std::uint8_t* out, std::size_t blocks, std::uint8_t iv[16]) {
  using B = aes_modes::LaneBlocksT<Nr, false>;
  aes_modes::cbc_encrypt(B(rk), in, out, blocks, iv);
}
template <int Nr>
ARMACCEL_NOINLINE void cbc_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in,
                                     std::uint8_t* out, std::size_t blocks, std::uint8_t iv[16]) {
  using B = aes_modes::LaneBlocksT<Nr, true>;
  aes_modes::cbc_decrypt(B(rk), in, out, blocks, iv);
}
template <int Nr>
ARMACCEL_NOINLINE void ctr_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in,
                                     std::uint8_t* out, std::size_t blocks,
                                     std::uint8_t counter[16]) {
  using B = aes_modes::LaneBlocksT<Nr, false>;
  aes_modes::ctr(B(rk), in, out, blocks, counter);
}
template <int Nr>
ARMACCEL_NOINLINE void ctr32_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in,
                                       std::uint8_t* out, std::size_t blocks,
                                       std::uint8_t counter[16]) {
  using B = aes_modes::LaneBlocksT<Nr, false>;
  aes_modes::ctr32(B(rk), in, out, blocks, counter);
}
template <int Nr>
ARMACCEL_NOINLINE void cbc_mac_n(const AesRoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
                                 std::uint8_t mac[16]) {
  using B = aes_modes::LaneBlocksT<Nr, false>;
  aes_modes::cbc_mac(B(rk), in, blocks, mac);
}
template <int Nr, aes_modes::XtsTweaks Tweaks = aes_modes::XtsTweaks::kVector>
ARMACCEL_NOINLINE void xts_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in,
                                     std::uint8_t* out, std::size_t blocks,
                                     std::uint8_t tweak[16]) {
  using B = aes_modes::LaneBlocksT<Nr, false>;
  aes_modes::xts<B, true, Tweaks>(B(rk), in, out, blocks, tweak);
}
template <int Nr, aes_modes::XtsTweaks Tweaks = aes_modes::XtsTweaks::kVector>
ARMACCEL_NOINLINE void xts_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in,
                                     std::uint8_t* out, std::size_t blocks,
                                     std::uint8_t tweak[16]) {
  using B = aes_modes::LaneBlocksT<Nr, true>;
  aes_modes::xts<B, false, Tweaks>(B(rk), in, out, blocks, tweak);
}

}  // namespace
}  // namespace armaccel
