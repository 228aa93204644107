// SPDX-License-Identifier: Apache-2.0
// SM3, AArch64 lane "sm3-scalar" for cores without the SM3 instructions
// (GB/T 32905-2016 §5), on the general-purpose registers.
//
// Per block, out of line: one vector load and REV32 give W_0..W_15, the
// message expansion (§5.3.2) makes W_16..W_67 in scalar code (the
// rotations fold into EOR's rotated operand: six instructions a word), and
// vector EORs and ZIP1/ZIP2 lay W_j and W'_j = W_j ^ W_{j+4} side by side, one
// 64-bit word per round.  Then the 64 rounds, fully unrolled, with the
// eight working variables in registers, renamed instead of moved (only A
// and E are new each round).  From round 16 on FF is (A & B) + (C & (A ^
// B)) and GG is (E & F) + (G & ~E) (BIC): the two terms never share a set
// bit, so their sum is their OR and folds into the sums TT1 and TT2.
// T_j <<< j comes from a constant table, two rounds' worth a load.  No
// branch or address depends on the message or the chaining value.
#include <arm_neon.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "api/sm3.h"
#include "util/always_inline.h"
#include "util/wipe.h"

static_assert(std::endian::native == std::endian::little,
              "the REV32 and the 64-bit loads of word pairs assume little-endian");

namespace armaccel {

namespace {

// x <<< n for 0 < n < 32.
ARMACCEL_ALWAYS_INLINE constexpr std::uint32_t rotl(std::uint32_t x, int n) {
  return (x << n) | (x >> (32 - n));
}

// P0 and P1 (§4.4) as two EORs with a rotated operand each:
// x ^ (x <<< n) ^ (x <<< (n + 8)) = x ^ ((x ^ (x <<< 8)) <<< n).
ARMACCEL_ALWAYS_INLINE std::uint32_t p0(std::uint32_t x) {
  return x ^ rotl(x ^ rotl(x, 8), 9);
}
ARMACCEL_ALWAYS_INLINE std::uint32_t p1(std::uint32_t x) {
  return x ^ rotl(x ^ rotl(x, 8), 15);
}

// T_j <<< (j mod 32) (§4.2, §5.3.3), two rounds' constants a word: round
// 2k's in the low half of v[k], round 2k + 1's in the high half.
struct RoundConstants {
  std::uint64_t v[32];
};
constexpr RoundConstants kTj = [] {
  RoundConstants t{};
  for (int j = 0; j < 64; ++j) {
    const std::uint32_t tj = j < 16 ? 0x79cc4519u : 0x7a879d8au;
    const std::uint64_t rotated = j % 32 == 0 ? tj : rotl(tj, j % 32);
    t.v[j / 2] |= rotated << (32 * (j % 2));
  }
  return t;
}();

// The table's address, read once per call through a volatile object, so
// the compiler loads the constants (two per 64-bit load) instead of
// building each from two move-immediates.
const RoundConstants* const volatile kTjTable = &kTj;

// W_j for j = 16..67 (§5.3.2 b), in order, from the 16 words before each.
template <std::size_t... I>
ARMACCEL_ALWAYS_INLINE void expand(std::uint32_t w[68], std::index_sequence<I...>) {
  constexpr std::size_t k = 16;
  ((w[k + I] = p1(w[I] ^ w[I + 7] ^ rotl(w[I + 13], 15)) ^ rotl(w[I + 3], 7) ^ w[I + 10]), ...);
}

// W_j and W'_j = W_j ^ W_{j+4} side by side for j = 0..63, so a round
// reads both with one 64-bit load (W_j in the low half).
struct MessageSchedule {
  alignas(16) std::uint32_t w[68];       // W_0..W_67
  alignas(16) std::uint32_t pairs[128];  // W_0, W'_0, W_1, W'_1, ...
};

// A..D as 64-bit values of which only the low 32 bits count (see round),
// E..H as words.
struct WorkingVariables {
  std::uint64_t abcd[4];
  std::uint32_t efgh[4];
};

// Round j (§5.3.3).  tj has T_j <<< j in its low 32 bits (High = false)
// or in its high 32 bits; wp holds W_j (low) and W'_j (high).  TT1 is
// summed in 64-bit arithmetic into a 64-bit A..D variable whose upper half
// is never used, so W'_j is added straight from the high half (ADD ...,
// LSR #32).  Renaming: in round j, A sits in abcd[(4 - j % 4) % 4] and B,
// C, D follow it cyclically (E..H likewise in efgh), so the new A is
// written over D, the new E over H, and B, F are rotated in place.
template <int J, bool High>
ARMACCEL_ALWAYS_INLINE void round(WorkingVariables& v, std::uint64_t tj, std::uint64_t wp) {
  using u64 = std::uint64_t;
  using u32 = std::uint32_t;
  constexpr int r = (4 - J % 4) % 4;
  u64& a = v.abcd[r];
  u64& b = v.abcd[(r + 1) % 4];
  u64& c = v.abcd[(r + 2) % 4];
  u64& d = v.abcd[(r + 3) % 4];
  u32& e = v.efgh[r];
  u32& f = v.efgh[(r + 1) % 4];
  u32& g = v.efgh[(r + 2) % 4];
  u32& h = v.efgh[(r + 3) % 4];
  const u32 a12 = rotl(static_cast<u32>(a), 12);
  const u64 t = High ? tj >> 32 : tj;
  const u32 ss1 = rotl(static_cast<u32>(u64{a12} + e + t), 7);
  const u32 ss2 = ss1 ^ a12;
  u64 tt1;
  u32 tt2;
  if constexpr (J < 16) {
    tt1 = (a ^ b ^ c) + d + ss2;  // FF_j = X ^ Y ^ Z
    tt2 = (e ^ f ^ g) + h + ss1;  // GG_j = X ^ Y ^ Z
  } else {
    tt1 = (a & b) + (c & (a ^ b)) + d + ss2;  // majority
    tt2 = (e & f) + (g & ~e) + h + ss1;       // choice
  }
  d = tt1 + (wp >> 32);                // TT1
  h = p0(tt2 + static_cast<u32>(wp));  // P0(TT2)
  b = rotl(static_cast<u32>(b), 9);
  f = rotl(f, 19);
}

// Rounds 2k and 2k + 1.
template <int K>
ARMACCEL_ALWAYS_INLINE void round_pair(WorkingVariables& v, const std::uint32_t* pairs,
                                       const std::uint64_t* tj) {
  const std::uint64_t t = tj[K];
  std::uint64_t w0, w1;  // W_j | W'_j << 32 (little-endian), one 64-bit load each
  std::memcpy(&w0, pairs + 4 * K, sizeof w0);
  std::memcpy(&w1, pairs + 4 * K + 2, sizeof w1);
  round<2 * K, false>(v, t, w0);
  round<2 * K + 1, true>(v, t, w1);
}

template <int... K>
ARMACCEL_ALWAYS_INLINE void rounds(WorkingVariables& v, const std::uint32_t* pairs,
                                   const std::uint64_t* tj, std::integer_sequence<int, K...>) {
  (round_pair<K>(v, pairs, tj), ...);
}

// W_0..W_67 and W'_0..W'_63 of one block (§5.3.2): the block as big-endian
// words, the expansion, then the W' and the interleaving in vectors (ZIP).
// Out of line, so that the rounds read the words from the buffer rather
// than the compiler carrying them all in (spilled) registers.
ARMACCEL_NOINLINE void message_schedule(MessageSchedule* s, const std::uint8_t* block) {
  const uint8x16x4_t m = vld1q_u8_x4(block);
  vst1q_u32(s->w, vreinterpretq_u32_u8(vrev32q_u8(m.val[0])));
  vst1q_u32(s->w + 4, vreinterpretq_u32_u8(vrev32q_u8(m.val[1])));
  vst1q_u32(s->w + 8, vreinterpretq_u32_u8(vrev32q_u8(m.val[2])));
  vst1q_u32(s->w + 12, vreinterpretq_u32_u8(vrev32q_u8(m.val[3])));
  expand(s->w, std::make_index_sequence<52>());
  uint32x4_t next = vld1q_u32(s->w);
  for (int q = 0; q < 16; ++q) {
    const uint32x4_t cur = next;
    next = vld1q_u32(s->w + 4 * q + 4);
    const uint32x4_t wp = veorq_u32(cur, next);
    std::uint32_t* out = s->pairs + 8 * q;
    vst1q_u32(out, vzip1q_u32(cur, wp));
    vst1q_u32(out + 4, vzip2q_u32(cur, wp));
  }
}

void compress(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
  MessageSchedule s;
  const std::uint64_t* const tj = kTjTable->v;
  std::uint32_t v[8];
  for (int i = 0; i < 8; ++i) v[i] = state[i];
  for (; blocks > 0; --blocks, data += kSm3BlockBytes) {
    message_schedule(&s, data);
    WorkingVariables x;
    for (int i = 0; i < 4; ++i) x.abcd[i] = v[i];
    for (int i = 0; i < 4; ++i) x.efgh[i] = v[4 + i];
    rounds(x, s.pairs, tj, std::make_integer_sequence<int, 32>());
    // V_{i+1} = ABCDEFGH ^ V_i
    for (int i = 0; i < 4; ++i) v[i] ^= static_cast<std::uint32_t>(x.abcd[i]);
    for (int i = 0; i < 4; ++i) v[4 + i] ^= x.efgh[i];
  }
  for (int i = 0; i < 8; ++i) state[i] = v[i];
  wipe(&s, sizeof s);
}

}  // namespace

extern const Sm3Kernel kSm3Scalar;
const Sm3Kernel kSm3Scalar = {.lane = "sm3-scalar", .required = kFeatAsimd, .compress = compress};

}  // namespace armaccel
