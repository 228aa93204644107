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

ARMACCEL_ALWAYS_INLINE uint32x4_t rotl1(uint32x4_t t) {
  return vsriq_n_u32(vshlq_n_u32(t, 1), t, 31);
}

// One round with the message words in lane I of w (W_j) and wp (W'_j).
template <int I, bool Late>
ARMACCEL_ALWAYS_INLINE void round(uint32x4_t& abcd, uint32x4_t& efgh, uint32x4_t& t, uint32x4_t w,
                                  uint32x4_t wp) {
  const uint32x4_t ss1 = vsm3ss1q_u32(abcd, efgh, t);
  t = rotl1(t);
  if constexpr (Late) {
    abcd = vsm3tt1bq_u32(abcd, ss1, wp, I);
    efgh = vsm3tt2bq_u32(efgh, ss1, w, I);
  } else {
    abcd = vsm3tt1aq_u32(abcd, ss1, wp, I);
    efgh = vsm3tt2aq_u32(efgh, ss1, w, I);
  }
}

// Four rounds on W_{4q..4q+3} (in s[0]); when Expand, the next four
// message words W_{4q+16..4q+19} are made into s[4] meanwhile.
template <bool Late, bool Expand>
ARMACCEL_ALWAYS_INLINE void quad(uint32x4_t& abcd, uint32x4_t& efgh, uint32x4_t& t,
                                 uint32x4_t s[5]) {
  uint32x4_t w13 = s[0], w10 = s[0];
  if constexpr (Expand) {
    s[4] = vextq_u32(s[1], s[2], 3);  // W_{j+7..j+10}: the W_{j-9} terms
    w13 = vextq_u32(s[0], s[1], 3);   // W_{j+3..j+6}: the W_{j-13} terms
    w10 = vextq_u32(s[2], s[3], 2);   // W_{j+10..j+13}: the W_{j-6} terms
    s[4] = vsm3partw1q_u32(s[4], s[0], s[3]);
  }
  const uint32x4_t wp = veorq_u32(s[0], s[1]);
  round<0, Late>(abcd, efgh, t, s[0], wp);
  round<1, Late>(abcd, efgh, t, s[0], wp);
  round<2, Late>(abcd, efgh, t, s[0], wp);
  round<3, Late>(abcd, efgh, t, s[0], wp);
  if constexpr (Expand) s[4] = vsm3partw2q_u32(s[4], w10, w13);
  s[0] = s[1];
  s[1] = s[2];
  s[2] = s[3];
  s[3] = s[4];
}

void compress(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
  uint32x4_t abcd = reverse_lanes(vld1q_u32(state));
  uint32x4_t efgh = reverse_lanes(vld1q_u32(state + 4));
  // T_j <<< j in lane 3: 0x79cc4519 from round 0, 0x7a879d8a <<< 16 from 16.
  const uint32x4_t t_early = vsetq_lane_u32(0x79cc4519u, vdupq_n_u32(0), 3);
  const uint32x4_t t_late = vsetq_lane_u32(0x9d8a7a87u, vdupq_n_u32(0), 3);
  for (; blocks > 0; --blocks, data += kSm3BlockBytes) {
    const uint32x4_t abcd0 = abcd, efgh0 = efgh;
    uint32x4_t s[5];
    for (int i = 0; i < 4; ++i) s[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(data + 16 * i)));
    s[4] = s[3];
    uint32x4_t t = t_early;
    // Rounds 0..15: FF and GG are XOR (the A instructions).
    quad<false, true>(abcd, efgh, t, s);
    quad<false, true>(abcd, efgh, t, s);
    quad<false, true>(abcd, efgh, t, s);
    quad<false, true>(abcd, efgh, t, s);
    t = t_late;
    // Rounds 16..63; W_16..W_67 are made up to the quad of rounds 48..51.
    for (int q = 4; q < 13; ++q) quad<true, true>(abcd, efgh, t, s);
    quad<true, false>(abcd, efgh, t, s);
    quad<true, false>(abcd, efgh, t, s);
    quad<true, false>(abcd, efgh, t, s);
    abcd = veorq_u32(abcd, abcd0);
    efgh = veorq_u32(efgh, efgh0);
  }
  vst1q_u32(state, reverse_lanes(abcd));
  vst1q_u32(state + 4, reverse_lanes(efgh));
}

}  // namespace

extern const Sm3Kernel kSm3Ce;
const Sm3Kernel kSm3Ce = {
    .lane = "sm3-ce", .required = kFeatAsimd | kFeatSm3, .compress = compress};

}  // namespace armaccel
