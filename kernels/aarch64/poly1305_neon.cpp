// SPDX-License-Identifier: Apache-2.0
// Poly1305, AArch64 lanes "poly1305-neon" and "poly1305-neon-ooo" (RFC 8439
// §2.5) on Advanced SIMD:
// four blocks per multiplication step.
//
// Runs of at least kNeonMinBlocks blocks are absorbed in radix 2^26 (five
// 26-bit limbs per value, 32x32->64-bit multiply-accumulates, UMLAL) with
// two accumulators, one per 64-bit vector lane: lane a takes blocks 0, 2,
// 4, ... and lane b blocks 1, 3, 5, ...  One iteration loads four blocks
// m0..m3 (LD4 leaves word k of block i in lane i of vector k) and computes
//   H = (H + (m0, m1)) * (r^4, r^4) + (m2, m3) * (r^2, r^2)
// with a single carry pass; the last iteration multiplies by (r^4, r^3)
// and (r^2, r^1) instead, so that the two lanes sum to Horner's result.
// The powers r^1..r^4 are computed in radix 2^64, fully reduced, the first
// time a run is long enough, and kept in the state.  Shorter runs, the
// tail of a run (fewer than four blocks) and everything between calls stay
// in radix 2^64 with one block per multiplication (poly1305_radix64.h),
// so the state's accumulator always has the portable lane's form.
//
// Bounds: after a carry pass each limb is below 2^26 + 2^10 (only limbs 1
// and 4 can exceed 2^26); adding a message limb keeps it below 2^27.01, so
// every product is below 2^55.5 (the reduction factor 5 times a limb of r
// is below 2^28.4) and ten products sum below 2^59: no 64-bit lane
// overflows.  Constant time: multiplications, shifts and masks only.
//
// Advanced SIMD is part of the base AArch64 architecture: no extension
// flags; lane-file rules apply all the same (only the table is exported).

// GCC's first scheduling pass hoists the message loads and limb splits
// above the multiplies and runs out of vector registers (about ten spills
// per iteration); source order fits in the 32.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-schedule-insns")
#endif

#include <arm_neon.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "api/core_variant.h"
#include "api/poly1305.h"
#include "portable/poly1305_radix64.h"
#include "util/always_inline.h"
#include "util/unroll.h"
#include "util/wipe.h"

static_assert(std::endian::native == std::endian::little,
              "LD4 of message words assumes little-endian lanes");

namespace armaccel {

namespace {

namespace r64 = poly1305_radix64;

// Shorter runs are cheaper in radix 2^64: computing r^2..r^4 (once per
// key) and converting h to radix 2^26 and back costs about 300
// instructions, and the vector loop saves about 45 per four blocks.  Under
// qemu instruction counts (Poly1305 through EVP, -cpu max) the vector path
// breaks even at about 24 blocks (384 bytes: 3.92 vs 3.88 instructions
// per byte; 448 bytes: 3.60 vs 3.68).
constexpr std::size_t kNeonMinBlocks = 24;

constexpr std::uint32_t kMask26 = 0x3ffffff;

// The state's layout: Head at offset 0 (read and written with memcpy),
// then at kPowersOffset five vectors: vector i holds limb i (26 bits) of
// r^4, r^3, r^2, r^1, the last iteration's multipliers.
struct Head {
  r64::R r;
  r64::H h;
  std::uint64_t have_powers;  // 0 until the powers are filled in
};
constexpr std::size_t kPowersOffset = 64;
static_assert(sizeof(Head) <= kPowersOffset);
static_assert(kPowersOffset + 5 * 16 <= sizeof(Poly1305State::bytes));

// Splits a fully reduced value (h2 <= 3) into five 26-bit limbs.
void to_limbs(const r64::H& v, std::uint32_t limb[5]) {
  limb[0] = static_cast<std::uint32_t>(v.h0) & kMask26;
  limb[1] = static_cast<std::uint32_t>(v.h0 >> 26) & kMask26;
  limb[2] = static_cast<std::uint32_t>((v.h0 >> 52) | (v.h1 << 12)) & kMask26;
  limb[3] = static_cast<std::uint32_t>(v.h1 >> 14) & kMask26;
  limb[4] = static_cast<std::uint32_t>((v.h1 >> 40) | (v.h2 << 24));
}

void compute_powers(Head& head, std::uint8_t* powers) {
  std::uint32_t table[5][4];
  r64::H p{head.r.r0, head.r.r1, 0};  // r^1 (clamped r is below p)
  std::uint32_t limb[5];
  for (int k = 1; k <= 4; ++k) {
    if (k > 1) {
      r64::mul_r(p, head.r);
      p = r64::reduce_full(p);
    }
    to_limbs(p, limb);
    for (int i = 0; i < 5; ++i) table[i][4 - k] = limb[i];
  }
  std::memcpy(powers, table, sizeof table);
  wipe(table, sizeof table);
  wipe(limb, sizeof limb);
  head.have_powers = 1;
}

// One carry pass over five 64-bit-lane limbs; the carry out of limb 4 is
// multiplied by 5 (2^130 = 5 mod p) into limb 0.  Two chains interleaved.
ARMACCEL_ALWAYS_INLINE void carry(uint64x2_t d[5]) {
  const uint64x2_t mask = vdupq_n_u64(kMask26);
  uint64x2_t c0 = vshrq_n_u64(d[0], 26), c3 = vshrq_n_u64(d[3], 26);
  d[0] = vandq_u64(d[0], mask);
  d[3] = vandq_u64(d[3], mask);
  d[1] = vaddq_u64(d[1], c0);
  d[4] = vaddq_u64(d[4], c3);
  const uint64x2_t c1 = vshrq_n_u64(d[1], 26);
  const uint64x2_t c4 = vshrq_n_u64(d[4], 26);
  d[1] = vandq_u64(d[1], mask);
  d[4] = vandq_u64(d[4], mask);
  d[2] = vaddq_u64(d[2], c1);
  d[0] = vaddq_u64(d[0], vaddq_u64(c4, vshlq_n_u64(c4, 2)));
  const uint64x2_t c2 = vshrq_n_u64(d[2], 26);
  c0 = vshrq_n_u64(d[0], 26);
  d[2] = vandq_u64(d[2], mask);
  d[0] = vandq_u64(d[0], mask);
  d[3] = vaddq_u64(d[3], c2);
  d[1] = vaddq_u64(d[1], c0);
  c3 = vshrq_n_u64(d[3], 26);
  d[3] = vandq_u64(d[3], mask);
  d[4] = vaddq_u64(d[4], c3);
}

// Four 16-byte blocks into five 26-bit limbs: LD4 leaves word k of block i
// in lane i of vector k; limb 4 gets the pad bit (pad is 0 or 2^24).
ARMACCEL_ALWAYS_INLINE void split_limbs(const std::uint8_t* data, uint32x4_t pad, uint32x4_t m[5]) {
  const uint32x4x4_t w = vld4q_u32(reinterpret_cast<const std::uint32_t*>(data));
  const uint32x4_t mask = vdupq_n_u32(kMask26);
  m[0] = vandq_u32(w.val[0], mask);
  m[1] = vandq_u32(vsliq_n_u32(vshrq_n_u32(w.val[0], 26), w.val[1], 6), mask);
  m[2] = vandq_u32(vsliq_n_u32(vshrq_n_u32(w.val[1], 20), w.val[2], 12), mask);
  m[3] = vandq_u32(vsliq_n_u32(vshrq_n_u32(w.val[2], 14), w.val[3], 18), mask);
  m[4] = vsriq_n_u32(pad, w.val[3], 8);
}

// The schedule of a radix-2^26 product d = x * r mod p: for k = 0..4 and
// then i = 0..4, f(k, i, j) with j = (k - i) mod 5, all three constants.
// d[k] sums x[i] r[j] over i + j = k (i <= k: multiply by r[j]) and
// 5 x[i] r[j] over i + j = k + 5 (i > k: by s[j] = 5 r[j]), since 2^130 = 5
// mod p.  Unrolled in this order, which the source-order schedule keeps.
template <class F>
ARMACCEL_ALWAYS_INLINE void for_each_product(F&& f) {
  unroll<5>([&](auto k) {
    unroll<5>([&](auto i) { f(k, i, std::integral_constant<int, (k() - i() + 5) % 5>{}); });
  });
}

// H = (H + (m0, m1)) * (rl) + (m2, m3) * (rh), carried; rl/rh are the low
// and high halves of r[i] = (rl_a, rl_b, rh_a, rh_b), s[i] = 5 * r[i].
// poly1305-neon: H is added in first and both halves accumulate together,
// the fewest instructions (the registers hold everything but a few), for
// in-order cores; the recurrence runs through ten multiply-accumulates.
ARMACCEL_ALWAYS_INLINE void step4_in_order(uint64x2_t h[5], const std::uint8_t* data,
                                           uint32x4_t pad, const uint32x4_t r[5],
                                           const uint32x4_t s[5]) {
  uint32x4_t m[5];
  split_limbs(data, pad, m);
  // Add H into the low half (blocks 0 and 1); XTN zeroes the high half.
  for (int i = 0; i < 5; ++i) m[i] = vaddq_u32(m[i], vcombine_u32(vmovn_u64(h[i]), vdup_n_u32(0)));

  uint64x2_t d[5];
  for_each_product([&](auto k, auto i, auto j) {
    const uint32x4_t* v = i <= k ? r : s;
    if constexpr (i == 0) {
      d[k] = vmull_u32(vget_low_u32(m[0]), vget_low_u32(v[j]));
    } else {
      d[k] = vmlal_u32(d[k], vget_low_u32(m[i]), vget_low_u32(v[j]));
    }
    d[k] = vmlal_high_u32(d[k], m[i], v[j]);
  });
  carry(d);
  for (int i = 0; i < 5; ++i) h[i] = d[i];
}

// The same for poly1305-neon-ooo.  Only H carries from one step to the next, so the products of
// (m2, m3) start every sum and the products with H come last: the recurrence runs through five
// multiply-accumulates per limb, not ten.  H stays live across the first half, so GCC needs a few
// more moves and a reload (about three instructions per four blocks): fewer cycles on out-of-order
// cores.
ARMACCEL_ALWAYS_INLINE void step4_high_first(uint64x2_t h[5], const std::uint8_t* data,
                                             uint32x4_t pad, const uint32x4_t r[5],
                                             const uint32x4_t s[5]) {
  uint32x4_t m[5];
  split_limbs(data, pad, m);

  // First the high halves (blocks 2 and 3), independent of H.
  uint64x2_t d[5];
  for_each_product([&](auto k, auto i, auto j) {
    const uint32x4_t* v = i <= k ? r : s;
    if constexpr (i == 0) {
      d[k] = vmull_high_u32(m[0], v[j]);
    } else {
      d[k] = vmlal_high_u32(d[k], m[i], v[j]);
    }
  });
  // Then the low halves, H + (m0, m1): the part on the recurrence.
  uint32x2_t x[5];
  for (int i = 0; i < 5; ++i) x[i] = vadd_u32(vget_low_u32(m[i]), vmovn_u64(h[i]));
  for_each_product([&](auto k, auto i, auto j) {
    const uint32x4_t* v = i <= k ? r : s;
    d[k] = vmlal_u32(d[k], x[i], vget_low_u32(v[j]));
  });
  carry(d);
  for (int i = 0; i < 5; ++i) h[i] = d[i];
}

enum class Order { kInOrder, kHighFirst };

template <Order O>
ARMACCEL_ALWAYS_INLINE void step4(uint64x2_t h[5], const std::uint8_t* data, uint32x4_t pad,
                                  const uint32x4_t r[5], const uint32x4_t s[5]) {
  if constexpr (O == Order::kHighFirst)
    step4_high_first(h, data, pad, r, s);
  else
    step4_in_order(h, data, pad, r, s);
}

// Absorbs 4 * quads blocks (quads >= 1) into hv.
template <Order O>
void absorb_neon(r64::H& hv, const std::uint8_t* powers, const std::uint8_t* data,
                 std::size_t quads, std::uint32_t pad_bit) {
  // h in radix 2^26 in lane a, zero in lane b.
  const std::uint64_t hl[5] = {hv.h0 & kMask26, (hv.h0 >> 26) & kMask26,
                               ((hv.h0 >> 52) | (hv.h1 << 12)) & kMask26, (hv.h1 >> 14) & kMask26,
                               (hv.h1 >> 40) | (hv.h2 << 24)};
  uint64x2_t h[5];
  for (int i = 0; i < 5; ++i) h[i] = vsetq_lane_u64(hl[i], vdupq_n_u64(0), 0);

  const uint32x4_t pad = vdupq_n_u32(pad_bit << 24);
  uint32x4_t r[5], s5[5];
  for (int i = 0; i < 5; ++i) {
    const uint32x4_t last = vreinterpretq_u32_u8(vld1q_u8(powers + 16 * i));  // r^4..r^1
    r[i] = vtrn1q_u32(last, last);  // (r^4, r^4, r^2, r^2)
    s5[i] = vaddq_u32(r[i], vshlq_n_u32(r[i], 2));
  }
  for (; quads > 1; --quads, data += 64) step4<O>(h, data, pad, r, s5);
  for (int i = 0; i < 5; ++i) {
    r[i] = vreinterpretq_u32_u8(vld1q_u8(powers + 16 * i));
    s5[i] = vaddq_u32(r[i], vshlq_n_u32(r[i], 2));
  }
  step4<O>(h, data, pad, r, s5);

  // Sum the lanes and return to radix 2^64 (each limb is below 2^28 here).
  std::uint64_t l[5];
  for (int i = 0; i < 5; ++i) l[i] = vaddvq_u64(h[i]);
  r64::H out;
  out.h0 = l[0] + (l[1] << 26);
  std::uint64_t c = r64::add_carry(out.h0, l[2] << 52);
  out.h1 = (l[2] >> 12) + (l[3] << 14) + c;
  c = r64::add_carry(out.h1, l[4] << 40);
  out.h2 = (l[4] >> 24) + c;
  // Fold the bits from 2^130 up back to the bottom (times 5) so that
  // h2 <= 4, as the radix-2^64 code expects.
  const std::uint64_t fold = (out.h2 >> 2) * 5;
  out.h2 &= 3;
  c = r64::add_carry(out.h0, fold);
  c = r64::add_carry(out.h1, c);
  out.h2 += c;
  hv = out;
}

void init(Poly1305State* st, const std::uint8_t r[16]) {
  const Head head{r64::clamp(r), {0, 0, 0}, 0};
  write_bytes(*st, head);
}

template <Order O>
void blocks(Poly1305State* st, const std::uint8_t* data, std::size_t n, std::uint32_t pad_bit) {
  Head head = read_bytes<Head>(*st);
  if (n >= kNeonMinBlocks) {
    std::uint8_t* powers = st->bytes + kPowersOffset;
    if (head.have_powers == 0) compute_powers(head, powers);
    const std::size_t quads = n / 4;
    absorb_neon<O>(head.h, powers, data, quads, pad_bit);
    data += quads * 64;
    n -= quads * 4;
  }
  r64::absorb(head.h, head.r, data, n, pad_bit);
  write_bytes(*st, head);
}

}  // namespace

extern const Poly1305Kernel kPoly1305Neon;
extern const Poly1305Kernel kPoly1305NeonOoo;
constexpr Poly1305Kernel kPoly1305Neon = {.lane = "poly1305-neon",
                                          .required = kFeatAsimd,
                                          .init = init,
                                          .blocks = blocks<Order::kInOrder>,
                                          .finish = r64::finish<Head>};
// The variant for out-of-order cores (cpu/lane_table.cpp): the products of
// the next blocks first, those with the accumulator last.
constexpr Poly1305Kernel kPoly1305NeonOoo =
    core_variant(kPoly1305Neon, "poly1305-neon-ooo",
                 [](Poly1305Kernel& k) { k.blocks = blocks<Order::kHighFirst>; });

}  // namespace armaccel
