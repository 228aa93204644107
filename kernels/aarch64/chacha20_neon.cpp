// SPDX-License-Identifier: Apache-2.0
// ChaCha20, AArch64 lanes "chacha20-neon*" (RFC 8439 §2.1-2.4) on Advanced
// SIMD.  Four blocks per iteration, "vertically": vector register w holds
// state word w of blocks 0..3 (lane i = block i), so a quarter round is the
// scalar one on whole vectors and the diagonal rounds need no lane
// rotations.  Rotations by 16 and 8 are byte permutations (REV32 on
// halfwords, TBL); by 12 and 7 a shift plus a shift-right-insert.  After the
// rounds a 4x4 transpose per group of four words turns the columns back
// into blocks.  Fewer than four remaining blocks run one at a time with the
// state's rows in four registers (rows rotated with EXT for the diagonal
// rounds).
//
// Lanes "chacha20-neon-ooo" and "chacha20-neon-ooo-gpr", for out-of-order
// cores (kernels/cpu/lane_table.cpp: the lanes' core fits), run six blocks per iteration:
// the four vertical ones with two more beside them (see Blocks below), and
// scalar blocks for the tail.
//
// Advanced SIMD is part of the base AArch64 architecture: no extension
// flags; lane-file rules apply all the same (only the table is exported).
#include <arm_neon.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/chacha20.h"
#include "api/core_variant.h"
#include "util/always_inline.h"

static_assert(std::endian::native == std::endian::little,
              "the vector loads and stores assume little-endian lanes");

namespace armaccel {

namespace {

ARMACCEL_ALWAYS_INLINE uint32x4_t rotl16(uint32x4_t v) {
  return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(v)));
}

// Byte k of the result is byte kRotl8[k] of the input: each little-endian
// word (b0 b1 b2 b3) becomes (b3 b0 b1 b2), i.e. rotated left by 8 bits.
constexpr std::uint8_t kRotl8[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

ARMACCEL_ALWAYS_INLINE uint32x4_t rotl8(uint32x4_t v, uint8x16_t rot8) {
  return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), rot8));
}

template <int N>
ARMACCEL_ALWAYS_INLINE uint32x4_t rotl(uint32x4_t v) {
  return vsriq_n_u32(vshlq_n_u32(v, N), v, 32 - N);
}

// §2.1 on four vectors: the quarter round of four blocks (vertical), or
// of the four columns or diagonals of one block (horizontal).
ARMACCEL_ALWAYS_INLINE void quarter_round(uint32x4_t& a, uint32x4_t& b, uint32x4_t& c,
                                          uint32x4_t& d, uint8x16_t rot8) {
  a = vaddq_u32(a, b);
  d = rotl16(veorq_u32(d, a));
  c = vaddq_u32(c, d);
  b = rotl<12>(veorq_u32(b, c));
  a = vaddq_u32(a, b);
  d = rotl8(veorq_u32(d, a), rot8);
  c = vaddq_u32(c, d);
  b = rotl<7>(veorq_u32(b, c));
}

// Words w..w+3 of blocks 0..3 (x[w + k] lane i = word w + k of block i)
// transposed and XORed into bytes 4w.. of each block.
ARMACCEL_ALWAYS_INLINE void transpose_xor(uint32x4_t x0, uint32x4_t x1, uint32x4_t x2,
                                          uint32x4_t x3, std::uint8_t* out,
                                          const std::uint8_t* in) {
  const uint32x4_t t0 = vtrn1q_u32(x0, x1), t1 = vtrn2q_u32(x0, x1);
  const uint32x4_t t2 = vtrn1q_u32(x2, x3), t3 = vtrn2q_u32(x2, x3);
  const uint64x2_t u0 = vreinterpretq_u64_u32(t0), u1 = vreinterpretq_u64_u32(t1);
  const uint64x2_t u2 = vreinterpretq_u64_u32(t2), u3 = vreinterpretq_u64_u32(t3);
  const uint8x16_t b0 = vreinterpretq_u8_u64(vtrn1q_u64(u0, u2));
  const uint8x16_t b1 = vreinterpretq_u8_u64(vtrn1q_u64(u1, u3));
  const uint8x16_t b2 = vreinterpretq_u8_u64(vtrn2q_u64(u0, u2));
  const uint8x16_t b3 = vreinterpretq_u8_u64(vtrn2q_u64(u1, u3));
  vst1q_u8(out + 0, veorq_u8(vld1q_u8(in + 0), b0));
  vst1q_u8(out + 64, veorq_u8(vld1q_u8(in + 64), b1));
  vst1q_u8(out + 128, veorq_u8(vld1q_u8(in + 128), b2));
  vst1q_u8(out + 192, veorq_u8(vld1q_u8(in + 192), b3));
}

// The column and diagonal rounds of one block whose rows are a, b, c, d.
ARMACCEL_ALWAYS_INLINE void double_round_rows(uint32x4_t& a, uint32x4_t& b, uint32x4_t& c,
                                              uint32x4_t& d, uint8x16_t rot8) {
  quarter_round(a, b, c, d, rot8);  // columns
  // Rotate rows 1..3 left by 1..3 words: the diagonals become columns.
  b = vextq_u32(b, b, 1);
  c = vextq_u32(c, c, 2);
  d = vextq_u32(d, d, 3);
  quarter_round(a, b, c, d, rot8);  // diagonals
  b = vextq_u32(b, b, 3);
  c = vextq_u32(c, c, 2);
  d = vextq_u32(d, d, 1);
}

// One block with the state's rows in four registers: constants, key,
// key, then the counter and nonce words iv[0..3] (§2.3).
struct RowBlock {
  uint32x4_t s[4];  // the initial state, for the feed-forward
  uint32x4_t a, b, c, d;
  RowBlock(const std::uint32_t key[8], const std::uint32_t iv[4])
      : s{vld1q_u32(kChachaConstants), vld1q_u32(key), vld1q_u32(key + 4), vld1q_u32(iv)},
        a(s[0]),
        b(s[1]),
        c(s[2]),
        d(s[3]) {}
  ARMACCEL_ALWAYS_INLINE void double_round(uint8x16_t rot8) { double_round_rows(a, b, c, d, rot8); }
  // Feed-forward and out = in XOR keystream, 64 bytes.
  ARMACCEL_ALWAYS_INLINE void xor_out(std::uint8_t* out, const std::uint8_t* in) const {
    const uint32x4_t x[4] = {a, b, c, d};
    for (int i = 0; i < 4; ++i)
      vst1q_u8(out + 16 * i,
               veorq_u8(vld1q_u8(in + 16 * i), vreinterpretq_u8_u32(vaddq_u32(x[i], s[i]))));
  }
};

// One block in rows.
ARMACCEL_ALWAYS_INLINE void one_block(const std::uint32_t key[8], const std::uint32_t iv[4],
                                      std::uint8_t* out, const std::uint8_t* in, uint8x16_t rot8) {
  RowBlock r(key, iv);
  for (int i = 0; i < 10; ++i) r.double_round(rot8);
  r.xor_out(out, in);
}

// One block in general-purpose registers (scalar ChaCha20, §2.3), counter
// words 12..13 = ctr.  Rotations are single RORs here.
struct ScalarBlock {
  std::uint32_t x[16];
  std::uint32_t in_state[16];
  ScalarBlock(const std::uint32_t key[8], const std::uint32_t iv[4], std::uint64_t ctr) {
    for (int i = 0; i < 4; ++i) in_state[i] = kChachaConstants[i];
    for (int i = 0; i < 8; ++i) in_state[4 + i] = key[i];
    in_state[12] = static_cast<std::uint32_t>(ctr);
    in_state[13] = static_cast<std::uint32_t>(ctr >> 32);
    in_state[14] = iv[2];
    in_state[15] = iv[3];
    for (int i = 0; i < 16; ++i) x[i] = in_state[i];
  }
  ARMACCEL_ALWAYS_INLINE void quarter_round(int a, int b, int c, int d) {
    x[a] += x[b];
    x[d] = std::rotl(x[d] ^ x[a], 16);
    x[c] += x[d];
    x[b] = std::rotl(x[b] ^ x[c], 12);
    x[a] += x[b];
    x[d] = std::rotl(x[d] ^ x[a], 8);
    x[c] += x[d];
    x[b] = std::rotl(x[b] ^ x[c], 7);
  }
  // Feed-forward and out = in XOR keystream, 64 bytes.
  ARMACCEL_ALWAYS_INLINE void xor_out(std::uint8_t* out, const std::uint8_t* in) {
    for (int i = 0; i < 16; i += 2) {
      const std::uint64_t ks =
          (std::uint64_t{x[i + 1] + in_state[i + 1]} << 32) | std::uint32_t(x[i] + in_state[i]);
      std::uint64_t w;
      std::memcpy(&w, in + 4 * i, 8);
      w ^= ks;
      std::memcpy(out + 4 * i, &w, 8);
    }
  }
};

// The column and diagonal rounds of one scalar block.
ARMACCEL_ALWAYS_INLINE void double_round(ScalarBlock& s) {
  s.quarter_round(0, 4, 8, 12);
  s.quarter_round(1, 5, 9, 13);
  s.quarter_round(2, 6, 10, 14);
  s.quarter_round(3, 7, 11, 15);
  s.quarter_round(0, 5, 10, 15);
  s.quarter_round(1, 6, 11, 12);
  s.quarter_round(2, 7, 8, 13);
  s.quarter_round(3, 4, 9, 14);
}

// The column and diagonal rounds of the four NEON blocks.
ARMACCEL_ALWAYS_INLINE void double_round(uint32x4_t x[16], uint8x16_t rot8) {
  quarter_round(x[0], x[4], x[8], x[12], rot8);  // columns
  quarter_round(x[1], x[5], x[9], x[13], rot8);
  quarter_round(x[2], x[6], x[10], x[14], rot8);
  quarter_round(x[3], x[7], x[11], x[15], rot8);
  quarter_round(x[0], x[5], x[10], x[15], rot8);  // diagonals
  quarter_round(x[1], x[6], x[11], x[12], rot8);
  quarter_round(x[2], x[7], x[8], x[13], rot8);
  quarter_round(x[3], x[4], x[9], x[14], rot8);
}

// The state of four blocks with counters ctr .. ctr+3 (64-bit over words
// 12..13), word w of block i in lane i of x[w]; lo and hi are the counter
// words, kept for the feed-forward.
ARMACCEL_ALWAYS_INLINE void load_columns(uint32x4_t x[16], uint32x4_t& lo, uint32x4_t& hi,
                                         const std::uint32_t key[8], const std::uint32_t iv[4]) {
  const uint32x4_t lo0 = vdupq_n_u32(iv[0]);
  const std::uint32_t steps[4] = {0, 1, 2, 3};
  lo = vaddq_u32(lo0, vld1q_u32(steps));
  // A lane whose low word wrapped carries one into word 13 (mask = -1).
  hi = vsubq_u32(vdupq_n_u32(iv[1]), vcltq_u32(lo, lo0));
  for (int i = 0; i < 4; ++i) x[i] = vdupq_n_u32(kChachaConstants[i]);
  for (int i = 0; i < 8; ++i) x[4 + i] = vdupq_n_u32(key[i]);
  x[12] = lo;
  x[13] = hi;
  x[14] = vdupq_n_u32(iv[2]);
  x[15] = vdupq_n_u32(iv[3]);
}

// Feed-forward (§2.3) of the four blocks and out[256] = in XOR keystream,
// one group of four words at a time.
ARMACCEL_ALWAYS_INLINE void columns_out(uint32x4_t x[16], uint32x4_t lo, uint32x4_t hi,
                                        const std::uint32_t key[8], const std::uint32_t iv[4],
                                        std::uint8_t* out, const std::uint8_t* in) {
  for (int i = 0; i < 4; ++i) x[i] = vaddq_u32(x[i], vdupq_n_u32(kChachaConstants[i]));
  transpose_xor(x[0], x[1], x[2], x[3], out, in);
  for (int i = 0; i < 4; ++i) x[4 + i] = vaddq_u32(x[4 + i], vdupq_n_u32(key[i]));
  transpose_xor(x[4], x[5], x[6], x[7], out + 16, in + 16);
  for (int i = 0; i < 4; ++i) x[8 + i] = vaddq_u32(x[8 + i], vdupq_n_u32(key[4 + i]));
  transpose_xor(x[8], x[9], x[10], x[11], out + 32, in + 32);
  x[12] = vaddq_u32(x[12], lo);
  x[13] = vaddq_u32(x[13], hi);
  x[14] = vaddq_u32(x[14], vdupq_n_u32(iv[2]));
  x[15] = vaddq_u32(x[15], vdupq_n_u32(iv[3]));
  transpose_xor(x[12], x[13], x[14], x[15], out + 48, in + 48);
}

// Four blocks with counters ctr .. ctr+3 into out[256].
ARMACCEL_ALWAYS_INLINE void four_blocks(const std::uint32_t key[8], const std::uint32_t iv[4],
                                        std::uint8_t* out, const std::uint8_t* in,
                                        uint8x16_t rot8) {
  uint32x4_t x[16], lo, hi;
  load_columns(x, lo, hi, key, iv);
  for (int i = 0; i < 10; ++i) double_round(x, rot8);
  columns_out(x, lo, hi, key, iv, out, in);
}

// The two shapes of the -ooo lanes' six blocks per iteration, both four
// NEON blocks in columns (counters ctr .. ctr+3) with two more blocks whose
// rounds run beside them:
// - kRowAndScalar (chacha20-neon-ooo): one NEON block in rows (ctr+4) and
//   one scalar block (ctr+5).  The four-block rounds are four chains of
//   dependent vector operations; the row block adds a fifth chain, the
//   scalar block uses integer pipes the vector rounds leave idle.  Fits a
//   core that decodes three instructions a cycle (Cortex-A72).
// - kTwoScalar (chacha20-neon-ooo-gpr): two scalar blocks (ctr+4, ctr+5),
//   one after the other, each beside five of the ten NEON double rounds,
//   so one scalar state is live at a time.  More integer work, for a core
//   with three integer pipes and a wider front end (Neoverse N1).
enum class Blocks { kVector, kRowAndScalar, kTwoScalar };

// Five NEON double rounds beside one whole scalar block (counter ctr),
// whose keystream goes into out[64].
ARMACCEL_ALWAYS_INLINE void half_rounds_and_scalar_block(uint32x4_t x[16], uint8x16_t rot8,
                                                         const std::uint32_t key[8],
                                                         const std::uint32_t iv[4],
                                                         std::uint64_t ctr, std::uint8_t* out,
                                                         const std::uint8_t* in) {
  ScalarBlock s(key, iv, ctr);
  for (int i = 0; i < 5; ++i) {
    double_round(x, rot8);
    double_round(s);
    double_round(s);
  }
  s.xor_out(out, in);
}

// Ten NEON double rounds beside one block in rows (counter ctr) and one
// scalar block (ctr+1), whose keystreams go into out[128].
ARMACCEL_ALWAYS_INLINE void rounds_with_row_and_scalar_block(uint32x4_t x[16], uint8x16_t rot8,
                                                             const std::uint32_t key[8],
                                                             const std::uint32_t iv[4],
                                                             std::uint64_t ctr, std::uint8_t* out,
                                                             const std::uint8_t* in) {
  const std::uint32_t row_iv[4] = {static_cast<std::uint32_t>(ctr),
                                   static_cast<std::uint32_t>(ctr >> 32), iv[2], iv[3]};
  RowBlock r(key, row_iv);
  ScalarBlock s(key, iv, ctr + 1);
  for (int i = 0; i < 10; ++i) {
    double_round(x, rot8);
    r.double_round(rot8);
    double_round(s);
  }
  r.xor_out(out, in);
  s.xor_out(out + kChachaBlockBytes, in + kChachaBlockBytes);
}

// Six blocks (counters ctr .. ctr+5) into out[384] in the shape Mode.
template <Blocks Mode>
void six_blocks(const std::uint32_t key[8], const std::uint32_t iv[4], std::uint8_t* out,
                const std::uint8_t* in, uint8x16_t rot8) {
  uint32x4_t x[16], lo, hi;
  load_columns(x, lo, hi, key, iv);
  const std::uint64_t ctr = (std::uint64_t{iv[1]} << 32) | iv[0];
  std::uint8_t* const out4 = out + 4 * kChachaBlockBytes;
  const std::uint8_t* const in4 = in + 4 * kChachaBlockBytes;
  if constexpr (Mode == Blocks::kRowAndScalar) {
    rounds_with_row_and_scalar_block(x, rot8, key, iv, ctr + 4, out4, in4);
  } else {
    half_rounds_and_scalar_block(x, rot8, key, iv, ctr + 4, out4, in4);
    half_rounds_and_scalar_block(x, rot8, key, iv, ctr + 5, out4 + kChachaBlockBytes,
                                 in4 + kChachaBlockBytes);
  }
  columns_out(x, lo, hi, key, iv, out, in);
}

// One block in general-purpose registers: a short chain per quarter round
// and four of them side by side, where the one-vector block is one long
// chain.
void scalar_block(const std::uint32_t key[8], const std::uint32_t iv[4], std::uint8_t* out,
                  const std::uint8_t* in) {
  ScalarBlock s(key, iv, (std::uint64_t{iv[1]} << 32) | iv[0]);
  for (int i = 0; i < 10; ++i) double_round(s);
  s.xor_out(out, in);
}

// Advances words 12..13 of iv by n as one 64-bit counter.
ARMACCEL_ALWAYS_INLINE void advance(std::uint32_t iv[4], std::uint32_t n) {
  const std::uint64_t ctr = ((std::uint64_t{iv[1]} << 32) | iv[0]) + n;
  iv[0] = static_cast<std::uint32_t>(ctr);
  iv[1] = static_cast<std::uint32_t>(ctr >> 32);
}

// The lanes' block loops:
// - kVector (chacha20-neon): four NEON blocks per iteration, a one-vector
//   block for the tail; the fewest instructions, for in-order cores.
// - kRowAndScalar, kTwoScalar (chacha20-neon-ooo, chacha20-neon-ooo-gpr):
//   six blocks per iteration (six_blocks), scalar blocks for the tail (as
//   OpenSSL below 192 bytes); more instructions, fewer cycles on
//   out-of-order cores.
template <Blocks Mode>
void xor_blocks(const std::uint32_t key[8], std::uint32_t iv[4], std::uint8_t* out,
                const std::uint8_t* in, std::size_t blocks) {
  const uint8x16_t rot8 = vld1q_u8(kRotl8);
  if constexpr (Mode != Blocks::kVector) {
    for (; blocks >= 6; blocks -= 6) {
      six_blocks<Mode>(key, iv, out, in, rot8);
      advance(iv, 6);
      in += 6 * kChachaBlockBytes;
      out += 6 * kChachaBlockBytes;
    }
  }
  for (; blocks >= 4; blocks -= 4) {
    four_blocks(key, iv, out, in, rot8);
    advance(iv, 4);
    in += 4 * kChachaBlockBytes;
    out += 4 * kChachaBlockBytes;
  }
  for (; blocks > 0; --blocks) {
    if constexpr (Mode != Blocks::kVector)
      scalar_block(key, iv, out, in);
    else
      one_block(key, iv, out, in, rot8);
    advance(iv, 1);
    in += kChachaBlockBytes;
    out += kChachaBlockBytes;
  }
}

}  // namespace

extern const ChachaKernel kChachaNeon;
extern const ChachaKernel kChachaNeonOoo;
extern const ChachaKernel kChachaNeonOooGpr;
constexpr ChachaKernel kChachaNeon = {
    .lane = "chacha20-neon", .required = kFeatAsimd, .xor_blocks = xor_blocks<Blocks::kVector>};
// The variants for out-of-order cores (cpu/lane_table.cpp): six blocks an
// iteration, the two beside the four NEON blocks in rows and scalar, or
// both scalar.
constexpr ChachaKernel kChachaNeonOoo =
    core_variant(kChachaNeon, "chacha20-neon-ooo",
                 [](ChachaKernel& k) { k.xor_blocks = xor_blocks<Blocks::kRowAndScalar>; });
constexpr ChachaKernel kChachaNeonOooGpr =
    core_variant(kChachaNeon, "chacha20-neon-ooo-gpr",
                 [](ChachaKernel& k) { k.xor_blocks = xor_blocks<Blocks::kTwoScalar>; });

}  // namespace armaccel
