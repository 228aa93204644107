// SPDX-License-Identifier: Apache-2.0
// The x25519-neon lane: X25519 (RFC 7748 §5) with two field operations at
// a time in NEON, in the radix-2^25.5 limbs of curve25519/fe25519_radix25.h
// (ten limbs of 26 and 25 bits, unsigned, the same bounds).
//
// A pair of field elements (A | B) is five vectors; vector k holds limbs
// 2k and 2k + 1 of both: [A_2k, B_2k, A_2k+1, B_2k+1].  UMLAL multiplies
// the low halves (limb 2k of A and of B) and UMLAL2 the high halves (limb
// 2k + 1), each two 32x32->64-bit products into one 64-bit accumulator per
// element, so a pair of products costs 100 multiply-accumulates and no
// carry chain.  The products of an even and an odd limb take the other
// factor with its halves swapped (EXT).  Each ladder step (§5) is arranged
// on the pairs (x2 | x3) and (z2 | z3), so the conditional swap is a swap
// of lanes and (A | C), (B | D) are plain sums and differences, as four
// paired operations and one on the integer unit:
//   (AA | BB)       = (A | B)^2
//   (DA | CB)       = (D | B) * (A | C)   and beside it, in scalar code,
//   z2              = E * (AA + a24 E)    E = AA - BB (Radix25's product)
//   (x3 | t)        = (DA + CB | DA - CB)^2
//   (x2 | z3)       = (AA | t) * (BB | x1)
// with DA +- CB formed across the lanes of one pair.  The ladder's nine
// field operations do not pair up; the odd one on the integer multiplier
// (UMADDL), interleaved with a pair product, costs fewer cycles than a
// half-empty pair.  Inversions run in scalar code (divsteps,
// curve25519/fe25519_safegcd.h); public_and_shared's two as one.
#include <arm_neon.h>

#include <cstdint>
#include <cstring>
#include <utility>

#include "api/x25519.h"
#include "curve25519/fe25519_radix25.h"
#include "curve25519/x25519_base.h"
#include "curve25519/x25519_ladder.h"
#include "util/always_inline.h"
#include "util/wipe.h"

namespace armaccel {

namespace {

using fe25519::Radix25;

// Two field elements (A | B); see the file comment for the layout.
struct Fe2 {
  uint32x4_t v[5];
};

// The two lanes of a pair into it and out of it (ten limbs each).
Fe2 join(const Radix25::Elem& a, const Radix25::Elem& b) {
  Fe2 r;
  for (int k = 0; k < 5; ++k) {
    const std::uint32_t lanes[4] = {a.v[2 * k], b.v[2 * k], a.v[2 * k + 1], b.v[2 * k + 1]};
    r.v[k] = vld1q_u32(lanes);
  }
  return r;
}
// (a | B of f): lane A's limbs replaced by a's.
ARMACCEL_ALWAYS_INLINE Fe2 with_lane_a(const Fe2& f, const Radix25::Elem& a) {
  Fe2 r;
  for (int k = 0; k < 5; ++k)
    r.v[k] = vsetq_lane_u32(a.v[2 * k + 1], vsetq_lane_u32(a.v[2 * k], f.v[k], 0), 2);
  return r;
}
Radix25::Elem lane_a(const Fe2& f) {
  Radix25::Elem r;
  for (int k = 0; k < 5; ++k) {
    std::uint32_t lanes[4];
    vst1q_u32(lanes, f.v[k]);
    r.v[2 * k] = lanes[0];
    r.v[2 * k + 1] = lanes[2];
  }
  return r;
}

// The multiplicand's forms a pair product reads.
struct Factor {
  uint32x4_t g[5], gs[5], g19[5], g19s[5];  // gs: halves swapped; *19 for wrapped limbs
};
Factor factor(const Fe2& b) {
  Factor p;
  for (int k = 0; k < 5; ++k) {
    p.g[k] = b.v[k];
    p.gs[k] = vextq_u32(b.v[k], b.v[k], 2);
    p.g19[k] = vmulq_n_u32(b.v[k], 19);
    p.g19s[k] = vextq_u32(p.g19[k], p.g19[k], 2);
  }
  return p;
}

// h[n] += the product of limb I of f and limb J of g, at limb (I + J) mod
// 10: doubled when I and J are both odd (f2 holds the odd limbs doubled),
// times 19 past limb 9.  Limb 0's products come first and set h.
template <int I, int J>
ARMACCEL_ALWAYS_INLINE void mac(uint64x2_t (&h)[10], const Fe2& f, const Fe2& f2, const Factor& p) {
  constexpr int n = (I + J) % 10;
  constexpr bool wrap = I + J >= 10, odd_i = I & 1, odd_j = J & 1;
  const uint32x4_t& a = odd_i && odd_j ? f2.v[I / 2] : f.v[I / 2];
  const uint32x4_t& b =
      odd_i == odd_j ? (wrap ? p.g19[J / 2] : p.g[J / 2]) : (wrap ? p.g19s[J / 2] : p.gs[J / 2]);
  if constexpr (I == 0)
    h[n] = vmull_u32(vget_low_u32(a), vget_low_u32(b));
  else if constexpr (odd_i)
    h[n] = vmlal_high_u32(h[n], a, b);
  else
    h[n] = vmlal_u32(h[n], vget_low_u32(a), vget_low_u32(b));
}

template <int I, int... J>
ARMACCEL_ALWAYS_INLINE void mac_row(uint64x2_t (&h)[10], const Fe2& f, const Fe2& f2,
                                    const Factor& p, std::integer_sequence<int, J...>) {
  (mac<I, J>(h, f, f2, p), ...);
}
template <int... I>
ARMACCEL_ALWAYS_INLINE void mac_all(uint64x2_t (&h)[10], const Fe2& f, const Fe2& f2,
                                    const Factor& p, std::integer_sequence<int, I...>) {
  (mac_row<I>(h, f, f2, p, std::make_integer_sequence<int, 10>{}), ...);
}

// The squaring's products: limb I times limb J >= I, twice when J > I (fd,
// fd2: f doubled, with its odd limbs doubled again).  Limb 0's products
// (J = 0..9) come first and set h.
template <int I, int J>
ARMACCEL_ALWAYS_INLINE void sqr_mac(uint64x2_t (&h)[10], const Fe2& f, const Fe2& f2, const Fe2& fd,
                                    const Fe2& fd2, const Factor& p) {
  if constexpr (J < I) {
    return;
  } else if constexpr (J == I) {
    mac<I, J>(h, f, f2, p);
  } else {
    mac<I, J>(h, fd, fd2, p);
  }
}
template <int I, int... J>
ARMACCEL_ALWAYS_INLINE void sqr_row(uint64x2_t (&h)[10], const Fe2& f, const Fe2& f2, const Fe2& fd,
                                    const Fe2& fd2, const Factor& p,
                                    std::integer_sequence<int, J...>) {
  (sqr_mac<I, J>(h, f, f2, fd, fd2, p), ...);
}
template <int... I>
ARMACCEL_ALWAYS_INLINE void sqr_all(uint64x2_t (&h)[10], const Fe2& f, const Fe2& f2, const Fe2& fd,
                                    const Fe2& fd2, const Factor& p,
                                    std::integer_sequence<int, I...>) {
  (sqr_row<I>(h, f, f2, fd, fd2, p, std::make_integer_sequence<int, 10>{}), ...);
}

// Carries the 64-bit limbs of a product into a carried pair: two chains
// (from limbs 0 and 5) side by side, limb 9's carry folded into limb 0
// times 19 (2^255 = 19 mod p).  Limbs 1 and 6 may end over their width
// (by less than 2^17 and 2^12), as Radix25's bounds allow.
ARMACCEL_ALWAYS_INLINE Fe2 carry(uint64x2_t (&h)[10]) {
  const uint64x2_t m26 = vdupq_n_u64((1u << 26) - 1), m25 = vdupq_n_u64((1u << 25) - 1);
  const auto step = [&](int i) {
    if (i & 1) {
      h[i + 1] = vsraq_n_u64(h[i + 1], h[i], 25);
      h[i] = vandq_u64(h[i], m25);
    } else {
      h[i + 1] = vsraq_n_u64(h[i + 1], h[i], 26);
      h[i] = vandq_u64(h[i], m26);
    }
  };
  step(0);
  step(5);
  step(1);
  step(6);
  step(2);
  step(7);
  step(3);
  step(8);
  step(4);
  const uint64x2_t top = vshrq_n_u64(h[9], 25);  // h0 += 19 * top
  h[9] = vandq_u64(h[9], m25);
  h[0] = vaddq_u64(h[0], vaddq_u64(top, vaddq_u64(vshlq_n_u64(top, 1), vshlq_n_u64(top, 4))));
  step(5);
  step(0);
  Fe2 r;
  for (int k = 0; k < 5; ++k) r.v[k] = vmovn_high_u64(vmovn_u64(h[2 * k]), h[2 * k + 1]);
  return r;
}

// (A1 * A2 | B1 * B2).
ARMACCEL_ALWAYS_INLINE Fe2 mul_inline(const Fe2& f, const Fe2& g) {
  const int32x4_t odd_doubled = {0, 0, 1, 1};
  Fe2 f2;
  for (int k = 0; k < 5; ++k) f2.v[k] = vshlq_u32(f.v[k], odd_doubled);
  const Factor p = factor(g);
  uint64x2_t h[10];
  mac_all(h, f, f2, p, std::make_integer_sequence<int, 10>{});
  return carry(h);
}
Fe2 mul(const Fe2& f, const Fe2& g) {
  return mul_inline(f, g);
}

// (A^2 | B^2): 55 products instead of 100.
ARMACCEL_ALWAYS_INLINE Fe2 sqr_inline(const Fe2& f) {
  const int32x4_t odd_doubled = {0, 0, 1, 1}, doubled = {1, 1, 1, 1}, odd_quadrupled = {1, 1, 2, 2};
  Fe2 f2, fd, fd2;
  for (int k = 0; k < 5; ++k) {
    f2.v[k] = vshlq_u32(f.v[k], odd_doubled);
    fd.v[k] = vshlq_u32(f.v[k], doubled);
    fd2.v[k] = vshlq_u32(f.v[k], odd_quadrupled);
  }
  const Factor p = factor(f);
  uint64x2_t h[10];
  sqr_all(h, f, f2, fd, fd2, p, std::make_integer_sequence<int, 10>{});
  return carry(h);
}
Fe2 sqr(const Fe2& f) {
  return sqr_inline(f);
}

Fe2 add(const Fe2& a, const Fe2& b) {
  Fe2 r;
  for (int k = 0; k < 5; ++k) r.v[k] = vaddq_u32(a.v[k], b.v[k]);
  return r;
}

// 2p's limbs for a - b + 2p (Radix25::sub).
const uint32x4_t kTwoP0 = {(1u << 27) - 38, (1u << 27) - 38, (1u << 26) - 2, (1u << 26) - 2};
const uint32x4_t kTwoP = {(1u << 27) - 2, (1u << 27) - 2, (1u << 26) - 2, (1u << 26) - 2};

Fe2 sub(const Fe2& a, const Fe2& b) {
  Fe2 r;
  for (int k = 0; k < 5; ++k)
    r.v[k] = vsubq_u32(vaddq_u32(a.v[k], k == 0 ? kTwoP0 : kTwoP), b.v[k]);
  return r;
}

// (B | A).
Fe2 swap_lanes(const Fe2& a) {
  Fe2 r;
  for (int k = 0; k < 5; ++k) r.v[k] = vrev64q_u32(a.v[k]);
  return r;
}

// (A of a | B of b).
const uint32x4_t kLaneA = {~0u, 0, ~0u, 0};
Fe2 pick(const Fe2& a, const Fe2& b) {
  Fe2 r;
  for (int k = 0; k < 5; ++k) r.v[k] = vbslq_u32(kLaneA, a.v[k], b.v[k]);
  return r;
}

// (A of a | A of b) and (B of a | B of b): TRN1 and TRN2, one permute
// each where a blend would be a swap and a BSL.
Fe2 lanes_a(const Fe2& a, const Fe2& b) {
  Fe2 r;
  for (int k = 0; k < 5; ++k) r.v[k] = vtrn1q_u32(a.v[k], b.v[k]);
  return r;
}
Fe2 lanes_b(const Fe2& a, const Fe2& b) {
  Fe2 r;
  for (int k = 0; k < 5; ++k) r.v[k] = vtrn2q_u32(a.v[k], b.v[k]);
  return r;
}

// (B - A | A + B) of (A | B): a sum and a difference, the difference's sign
// free where only its square is used.
Fe2 difference_sum(const Fe2& a) {
  const Fe2 s = swap_lanes(a);
  return lanes_a(sub(s, a), add(a, s));
}

// The ladder's scalar work beside a pair product (RFC 7748 §5): returns
// (DA | CB) = (D | B) * (A | C) from the NEON unit and sets, on the integer
// unit, z2 = E * (AA + a24 E) with E = AA - BB, from aabb = (AA | BB).
// The ladder's nine field operations leave one product without a partner;
// done here, in the same block as a pair product, it runs on the
// multiplier the NEON code leaves idle instead of in a half-empty pair.
ARMACCEL_ALWAYS_INLINE Fe2 mul_beside_z2(const Fe2& db, const Fe2& ac, const Fe2& aabb,
                                         Radix25::Elem& z2) {
  Radix25::Elem aa, e, f;
  std::uint64_t h[10];
  // Limb i of AA and of BB come out together as one 64-bit word
  // (AA_i + 2^32 BB_i): E_i = AA_i - BB_i + 2p_i from its halves (as
  // Radix25::sub).
  const auto limb = [&](int i, std::uint64_t ab) {
    aa.v[i] = static_cast<std::uint32_t>(ab);
    e.v[i] = static_cast<std::uint32_t>(ab - (ab >> 32)) + Radix25::kTwoP[i];
    h[i] = std::uint64_t{121665} * e.v[i];
  };
  for (int k = 0; k < 5; ++k) {
    const uint64x2_t ab = vreinterpretq_u64_u32(aabb.v[k]);
    limb(2 * k, vgetq_lane_u64(ab, 0));
    limb(2 * k + 1, vgetq_lane_u64(ab, 1));
  }
  Radix25::carry(f, h);    // a24 E
  Radix25::add(f, f, aa);  // F = AA + a24 E
  Radix25::mul(z2, e, f);
  return mul_inline(db, ac);
}

// Swaps the lanes of a and of b where mask is all ones: (x2 | x3) and
// (z2 | z3) become (x3 | x2) and (z3 | z2).
void cswap_lanes(Fe2& a, Fe2& b, std::uint32_t mask) {
  const uint32x4_t m = vdupq_n_u32(mask);
  for (int k = 0; k < 5; ++k) {
    a.v[k] = vbslq_u32(m, vrev64q_u32(a.v[k]), a.v[k]);
    b.v[k] = vbslq_u32(m, vrev64q_u32(b.v[k]), b.v[k]);
  }
}

// The ladder of RFC 7748 §5 up to its projective result u = x2 / z2.
void ladder(Radix25::Elem& x2, Radix25::Elem& z2, const std::uint8_t scalar[32],
            const std::uint8_t u[32]) {
  struct State {
    std::uint8_t k[32];
    Radix25::Elem u, one, zero;
  } s;
  x25519::clamp(s.k, scalar);
  Radix25::from_bytes(s.u, u);
  Radix25::one(s.one);
  Radix25::zero(s.zero);
  // In registers for the loop (they hold no more than each step's
  // temporaries do).
  const Fe2 x1 = join(s.u, s.u);
  Fe2 x = join(s.one, s.u);     // (x2 | x3)
  Fe2 z = join(s.zero, s.one);  // (z2 | z3)
  std::uint32_t swap = 0;
  for (int t = 254; t >= 0; --t) {
    const std::uint32_t bit = (s.k[t >> 3] >> (t & 7)) & 1;
    swap ^= bit;
    cswap_lanes(x, z, 0 - swap);
    swap = bit;
    const Fe2 ac = add(x, z);               // (A | C)
    const Fe2 bd = sub(x, z);               // (B | D)
    const Fe2 aabb = sqr(lanes_a(ac, bd));  // (AA | BB)
    Radix25::Elem z2s;
    const Fe2 dacb = mul_beside_z2(swap_lanes(bd), ac, aabb, z2s);  // (DA | CB); z2
    const Fe2 tx3 = sqr_inline(difference_sum(dacb));  // (t = (DA - CB)^2 | x3 = (DA + CB)^2)
    const Fe2 r1 = mul(lanes_a(aabb, tx3), lanes_b(aabb, x1));  // (x2 = AA BB | z3 = x1 t)
    x = pick(r1, tx3);                                          // (x2 | x3)
    z = with_lane_a(r1, z2s);                                   // (z2 | z3)
  }
  cswap_lanes(x, z, 0 - swap);
  x2 = lane_a(x);
  z2 = lane_a(z);
  wipe(&s, sizeof s);
}

// out = num / den, canonical, on the integer unit (the divsteps of
// fe25519_safegcd.h are scalar code).
void divide_one(std::uint8_t out[32], const Radix25::Elem& num, const Radix25::Elem& den) {
  Radix25::Elem q[2];
  x25519::invert<Radix25>(q[0], den, wipe);
  Radix25::mul(q[1], num, q[0]);
  Radix25::to_bytes(out, q[1]);
  wipe(q, sizeof q);
}

void scalarmult(std::uint8_t out[32], const std::uint8_t scalar[32], const std::uint8_t u[32]) {
  Radix25::Elem r[2];
  ladder(r[0], r[1], scalar, u);
  divide_one(out, r[0], r[1]);
  wipe(r, sizeof r);
}

// A weak reduction of both elements (Radix25::reduce).
Fe2 reduce(const Fe2& a) {
  uint64x2_t h[10];
  for (int k = 0; k < 5; ++k) {
    h[2 * k] = vmovl_u32(vget_low_u32(a.v[k]));
    h[2 * k + 1] = vmovl_high_u32(a.v[k]);
  }
  return carry(h);
}

// (X | Y), (Z | T) doubled (x25519::double_point's formulas, its -E, -F,
// -G, -H in lane A): two pair squarings and two pair products.
void double_pair(Fe2& xy, Fe2& zt) {
  const Fe2 yx = swap_lanes(xy);
  const Fe2 ab = sqr(xy);                                  // (X^2 | Y^2)
  const Fe2 szz = sqr(pick(add(xy, yx), swap_lanes(zt)));  // ((X + Y)^2 | Z^2)
  const Fe2 ba = swap_lanes(ab);
  const Fe2 hn = reduce(add(ab, ba));               // A + B
  const Fe2 g2 = reduce(sub(ab, ba));               // A - B
  const Fe2 c = swap_lanes(reduce(add(szz, szz)));  // 2 Z^2 in lane A
  const Fe2 f2 = add(g2, c);                        // A - B + 2 Z^2
  const Fe2 e2 = sub(hn, szz);                      // A + B - (X + Y)^2
  xy = mul(lanes_a(e2, g2), lanes_a(f2, hn));       // (E F | G H)
  zt = mul(lanes_a(f2, e2), lanes_a(g2, hn));       // (F G | E H)
}

// Public keys by the fixed-base method of x25519_base.h with its mixed
// additions as pair operations: the point as (X | Y) and (Z | T), an entry
// as (y - x | y + x) and (2 d x y | 2), so one addition is four pair
// products: (A | B) = (Y - X | Y + X) (y - x | y + x), (C | D) = (T | Z)
// (2 d x y | 2), then (X3 | Y3) = (E | H) (F | G) and (Z3 | T3) = (F | E)
// (G | H).  The four doublings are pair operations too (double_pair).

// x25519::select with the eight entries scanned sixteen bytes at a time
// (BSL under a mask that is all ones for the wanted entry only).
void select_entry(x25519::Precomp<Radix25>& r, int row, std::int8_t e) {
  const x25519::DigitParts d = x25519::digit_parts(e);
  uint8x16_t acc[6];
  for (auto& a : acc) a = vdupq_n_u8(0);
  acc[0] = vsetq_lane_u8(1, acc[0], 0);  // y + x = 1
  acc[2] = vsetq_lane_u8(1, acc[2], 0);  // y - x = 1
  const auto* table = reinterpret_cast<const std::uint8_t*>(curve25519::kBaseTable[row]);
  for (std::uint32_t j = 1; j <= 8; ++j) {
    const uint8x16_t mask = vreinterpretq_u8_u64(vdupq_n_u64(x25519::take_mask(d.magnitude, j)));
    const std::uint8_t* entry = table + (j - 1) * sizeof(curve25519::BasePrecomp);
    for (int w = 0; w < 6; ++w) acc[w] = vbslq_u8(mask, vld1q_u8(entry + 16 * w), acc[w]);
  }
  std::uint8_t bytes[96];
  for (int w = 0; w < 6; ++w) vst1q_u8(bytes + 16 * w, acc[w]);
  x25519::decode_entry<Radix25>(r, bytes, d.negative);
}

void add_entry(Fe2& xy, Fe2& zt, const x25519::Precomp<Radix25>& q, const Radix25::Elem& two) {
  const Fe2 yx = swap_lanes(xy);
  const Fe2 ab = mul(lanes_a(sub(yx, xy), add(xy, yx)), join(q.ymx, q.ypx));  // (A | B)
  const Fe2 cd = mul(swap_lanes(zt), join(q.xy2d, two));                      // (C | D)
  const Fe2 ba = swap_lanes(ab), dc = swap_lanes(cd);
  const Fe2 eh = lanes_a(sub(ba, ab), add(ab, ba));  // (E | H) = (B - A | A + B)
  const Fe2 fg = lanes_a(sub(dc, cd), add(cd, dc));  // (F | G) = (D - C | C + D)
  xy = mul(eh, fg);                                  // (E F | H G)
  zt = mul(lanes_a(fg, eh), lanes_b(fg, eh));        // (F G | E H)
}

// The fixed-base method up to its projective result u = num / den.
void base(Radix25::Elem& num, Radix25::Elem& den, const std::uint8_t scalar[32]) {
  struct State {
    std::uint8_t k[32];
    std::int8_t e[64];
    Radix25::Elem zero, one, two;
    x25519::Precomp<Radix25> q;
    Fe2 xy, zt;
  } s;
  x25519::clamp(s.k, scalar);
  x25519::signed_digits(s.e, s.k);
  Radix25::zero(s.zero);
  Radix25::one(s.one);
  Radix25::add(s.two, s.one, s.one);
  s.xy = join(s.zero, s.one);  // the neutral element (0 : 1 : 1 : 0)
  s.zt = join(s.one, s.zero);
  for (int i = 1; i < 64; i += 2) {
    select_entry(s.q, i / 2, s.e[i]);
    add_entry(s.xy, s.zt, s.q, s.two);
  }
  for (int i = 0; i < 4; ++i) double_pair(s.xy, s.zt);
  for (int i = 0; i < 64; i += 2) {
    select_entry(s.q, i / 2, s.e[i]);
    add_entry(s.xy, s.zt, s.q, s.two);
  }
  // u = (Z + Y) / (Z - Y).
  const Fe2 zy = pick(s.zt, s.xy);  // (Z | Y)
  const Fe2 yz = swap_lanes(zy);
  num = lane_a(add(zy, yz));
  den = lane_a(swap_lanes(sub(yz, zy)));  // lane B of (Y - Z | Z - Y)
  Radix25::reduce(den, den);
  wipe(&s, sizeof s);
}

void scalarmult_base(std::uint8_t out[32], const std::uint8_t scalar[32]) {
  Radix25::Elem r[2];
  base(r[0], r[1], scalar);
  divide_one(out, r[0], r[1]);
  wipe(r, sizeof r);
}

// shared = num_a / den_a and pub = num_b / den_b, canonical, with one
// inversion (Montgomery's trick: 1 / (den_a den_b), then times den_b and
// den_a).  den_b, a public key's denominator, is never 0 (a clamped scalar
// times the base point is a point of order l, and only the neutral element
// has Z = Y).  den_a is 0 exactly for a low-order peer: it is taken as 1,
// and the shared secret, RFC 7748's 0 there, is masked to zero.
void divide_two(std::uint8_t shared[32], std::uint8_t pub[32], const Radix25::Elem& num_a,
                const Radix25::Elem& den_a, const Radix25::Elem& num_b,
                const Radix25::Elem& den_b) {
  struct State {
    std::uint8_t b[32];
    Radix25::Elem a, t;
  } s;
  Radix25::to_bytes(s.b, den_a);
  std::uint32_t bits = 0;
  for (const std::uint8_t byte : s.b) bits |= byte;
  const std::uint8_t zero = static_cast<std::uint8_t>(((bits - 1) >> 8) & 1);  // 1 when den_a = 0
  s.b[0] |= zero;
  Radix25::from_bytes(s.a, s.b);  // den_a, or 1 in place of 0
  Radix25::mul(s.t, s.a, den_b);
  x25519::invert<Radix25>(s.t, s.t, wipe);
  Radix25::mul(s.a, s.a, s.t);  // 1 / den_b
  Radix25::mul(s.a, s.a, num_b);
  Radix25::to_bytes(pub, s.a);
  Radix25::mul(s.t, s.t, den_b);  // 1 / den_a
  Radix25::mul(s.t, s.t, num_a);
  Radix25::to_bytes(shared, s.t);
  const auto keep = static_cast<std::uint8_t>(zero - 1);  // 0 when den_a = 0
  for (int i = 0; i < 32; ++i) shared[i] &= keep;
  wipe(&s, sizeof s);
}

// The public key and the shared secret of one key pair with one inversion
// for both.
void public_and_shared(std::uint8_t pub[32], std::uint8_t shared[32], const std::uint8_t scalar[32],
                       const std::uint8_t peer[32]) {
  Radix25::Elem r[4];
  ladder(r[0], r[1], scalar, peer);
  base(r[2], r[3], scalar);
  divide_two(shared, pub, r[0], r[1], r[2], r[3]);
  wipe(r, sizeof r);
}

}  // namespace

extern const X25519Kernel kX25519Neon;
const X25519Kernel kX25519Neon = {"x25519-neon", kFeatAsimd, scalarmult, scalarmult_base,
                                  public_and_shared};

}  // namespace armaccel
