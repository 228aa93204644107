// SPDX-License-Identifier: Apache-2.0
// SM3, AArch64 lane "sm3-ce" on the ARMv8.2 SM3 instructions
// (GB/T 32905-2016 §5).
//
// The working variables sit in two vectors, (D, C, B, A) and (H, G, F, E)
// (lane 3 = A and E).  A round is SM3SS1 (SS1 from A, E and T_j <<< j, all
// in lane 3), SM3TT1A/B (the new A..D; A: XOR for rounds 0..15, B:
// majority) and SM3TT2A/B (the new E..H; choice after round 15), with W'_j
// and W_j taken from a lane of the message vectors.  The message expansion
// makes four words at a time with SM3PARTW1 (the P1 part) and SM3PARTW2
// (the rest, and the fix-up of the word that depends on the first).
#include <arm_neon.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "api/sm3.h"
#include "util/always_inline.h"

static_assert(std::endian::native == std::endian::little,
              "the vector loads and stores assume little-endian lanes");

namespace armaccel {

namespace {

// (x0, x1, x2, x3) -> (x3, x2, x1, x0)
ARMACCEL_ALWAYS_INLINE uint32x4_t reverse_lanes(uint32x4_t v) {
  const uint32x4_t r = vrev64q_u32(v);
  return vextq_u32(r, r, 2);
}

// Round J (lane I of its quad) with the message words in lane I of w (W_j)
// and wp (W'_j); t holds the quad's four T_j <<< j in lanes 0..3 (SM3SS1
// reads lane 3: EXT brings lane I there).
template <int J, int I>
ARMACCEL_ALWAYS_INLINE void round(uint32x4_t& abcd, uint32x4_t& efgh, uint32x4_t t, uint32x4_t w,
                                  uint32x4_t wp) {
  const uint32x4_t tj = I == 3 ? t : vextq_u32(t, t, (I + 1) % 4);
  const uint32x4_t ss1 = vsm3ss1q_u32(abcd, efgh, tj);
  if constexpr (J >= 16) {
    abcd = vsm3tt1bq_u32(abcd, ss1, wp, I);
    efgh = vsm3tt2bq_u32(efgh, ss1, w, I);
  } else {
    abcd = vsm3tt1aq_u32(abcd, ss1, wp, I);
    efgh = vsm3tt2aq_u32(efgh, ss1, w, I);
  }
}

// The message words of the next four rounds and the twelve after them:
// w[0] = W_{j..j+3}, ..., w[3] = W_{j+12..j+15}.  Named vectors, not an
// array, so that they stay in registers.
struct Window {
  uint32x4_t w0, w1, w2, w3;
};

// Rounds 4Q..4Q+3 on W_{4Q..4Q+3} (w.w0); up to rounds 48..51 the message
// words W_{4Q+16..4Q+19} are made meanwhile; the window moves on by four
// words.
template <int Q>
ARMACCEL_ALWAYS_INLINE void quad(uint32x4_t& abcd, uint32x4_t& efgh, Window& w,
                                 const std::uint32_t* t_quads) {
  constexpr bool Expand = Q < 13;
  uint32x4_t next = w.w3, w13 = w.w0, w10 = w.w0;
  if constexpr (Expand) {
    next = vextq_u32(w.w1, w.w2, 3);  // W_{j+7..j+10}: the W_{j-9} terms
    w13 = vextq_u32(w.w0, w.w1, 3);   // W_{j+3..j+6}: the W_{j-13} terms
    w10 = vextq_u32(w.w2, w.w3, 2);   // W_{j+10..j+13}: the W_{j-6} terms
    next = vsm3partw1q_u32(next, w.w0, w.w3);
  }
  const uint32x4_t wp = veorq_u32(w.w0, w.w1);
  const uint32x4_t t = vld1q_u32(t_quads + 4 * Q);
  round<4 * Q + 0, 0>(abcd, efgh, t, w.w0, wp);
  round<4 * Q + 1, 1>(abcd, efgh, t, w.w0, wp);
  round<4 * Q + 2, 2>(abcd, efgh, t, w.w0, wp);
  round<4 * Q + 3, 3>(abcd, efgh, t, w.w0, wp);
  if constexpr (Expand) next = vsm3partw2q_u32(next, w10, w13);
  w = Window{w.w1, w.w2, w.w3, next};
}

// Four big-endian message words.
ARMACCEL_ALWAYS_INLINE uint32x4_t load_words(const std::uint8_t* p) {
  return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

template <int... Q>
ARMACCEL_ALWAYS_INLINE void rounds(uint32x4_t& abcd, uint32x4_t& efgh, Window& w,
                                   const std::uint32_t* t_quads, std::integer_sequence<int, Q...>) {
  (quad<Q>(abcd, efgh, w, t_quads), ...);
}

// The chaining value V in the lane order of the rounds.
struct Chaining {
  uint32x4_t abcd, efgh;
};

// CF on one block.
ARMACCEL_ALWAYS_INLINE Chaining block(Chaining v, const std::uint8_t* data) {
  const std::uint32_t* t_quads = kSm3RoundConstants.t;
  Window w{load_words(data), load_words(data + 16), load_words(data + 32), load_words(data + 48)};
  uint32x4_t abcd = v.abcd, efgh = v.efgh;
  // The 64 rounds, unrolled: 0..15 with FF and GG XOR (the A
  // instructions), then majority and choice (B).
  rounds(abcd, efgh, w, t_quads, std::make_integer_sequence<int, 16>{});
  return Chaining{veorq_u32(abcd, v.abcd), veorq_u32(efgh, v.efgh)};
}

// Two ways over the blocks.  In a loop the compiler hoists the round
// constants (loop-invariant) out of it, one vector per round, and keeps
// them on the stack: one load a round, about 350 instructions a block, but
// about 200 before the first.  Out of line, one block per call, they are
// loaded as each quad needs them: about 375 a block and nothing before, so
// a short message (one or two blocks per call) takes this way.
constexpr std::size_t kLoopFromBlocks = 8;

ARMACCEL_NOINLINE Chaining one_block(Chaining v, const std::uint8_t* data) {
  return block(v, data);
}

ARMACCEL_NOINLINE Chaining many_blocks(Chaining v, const std::uint8_t* data, std::size_t blocks) {
  for (; blocks > 0; --blocks, data += kSm3BlockBytes) v = block(v, data);
  return v;
}

void compress(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
  Chaining v{reverse_lanes(vld1q_u32(state)), reverse_lanes(vld1q_u32(state + 4))};
  if (blocks >= kLoopFromBlocks) {
    v = many_blocks(v, data, blocks);
  } else {
    for (; blocks > 0; --blocks, data += kSm3BlockBytes) v = one_block(v, data);
  }
  vst1q_u32(state, reverse_lanes(v.abcd));
  vst1q_u32(state + 4, reverse_lanes(v.efgh));
}

}  // namespace

extern const Sm3Kernel kSm3Ce;
const Sm3Kernel kSm3Ce = {
    .lane = "sm3-ce", .required = kFeatAsimd | kFeatSm3, .compress = compress};

}  // namespace armaccel
