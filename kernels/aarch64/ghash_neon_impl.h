// SPDX-License-Identifier: Apache-2.0
// GHASH on Advanced SIMD without PMULL on 64-bit lanes (SP 800-38D §6.4):
// the primitives of the lane "ghash-neon" (ghash_neon.cpp).  Anonymous
// namespace: each including file has its own copy.
//
// Representation.  SP 800-38D numbers the bits of a block from the left:
// bit j of byte k (bit 7 = 0x80) is the coefficient of x^(8k + 7 - j).  RBIT
// on every byte turns a loaded block into the natural little-endian form:
// bit j of register byte k is the coefficient of x^(8k + j), so lane 0 of
// the 64-bit lanes holds x^0..x^63 ("lo") and lane 1 x^64..x^127 ("hi").
// Products are then plain carry-less products, reduced modulo
// x^128 + x^7 + x^2 + x + 1 (no x^-1 adjustment of H as in the reflected
// form of ghash.h).
//
// 64x64-bit carry-less products from PMULL.8B (eight 8x8 -> 16-bit
// products, byte k of one operand with byte k of the other, the result in
// 16-bit lane k, i.e. at bit 16k, where the product of two bytes at 8k
// belongs).  With rot_d(v) = v with its bytes rotated within each 64-bit
// half (byte k takes byte (k + d) mod 8), the products of bytes a_i, b_j
// of the two operands are grouped by i - j:
//   S_0 = a * b                          i - j = 0
//   S_d = rot_d(a) * b + a * rot_d(b)    i - j in {d, d - 8, -d, 8 - d}, d = 1..3
//   S_4 = a * rot_4(b)                   i - j in {4, -4}
// (eight PMULLs per 64x64 product).  In S_d (d >= 1), 16-bit lanes 0..7-d
// belong d bytes higher, lanes 8-d..7 (the top 2d bytes) 8-d bytes lower.
// Both moves are linear and the same for every product, so the S_d are
// summed over all blocks of one reduction and placed once (place()).
// 128x128 products use Karatsuba: lo*lo and hi*hi of one block from the low
// and high halves of the same registers (PMULL / PMULL2), the middle terms
// (lo ^ hi) of two blocks packed into one register.
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "aarch64/ghash_key_layout.h"
#include "api/ghash.h"

namespace armaccel {
namespace {

// Key layout (ghash_key_layout.h): H^1..H^8 in the natural form, then four
// pairs {mid(H^(2j+2)), mid(H^(2j+1))}, mid(V) = V.lo ^ V.hi.

inline uint8x16_t load_natural(const std::uint8_t* p) {
  return vrbitq_u8(vld1q_u8(p));
}
inline void store_natural(std::uint8_t* p, uint8x16_t v) {
  vst1q_u8(p, vrbitq_u8(v));
}

inline uint8x16_t xor16(uint8x16_t a, uint8x16_t b) {
  return veorq_u8(a, b);
}

// PMULL.8B on the low halves and PMULL2.16B on the high halves: eight
// 16-bit products of corresponding bytes.
inline uint8x16_t pmull8_lo(uint8x16_t a, uint8x16_t b) {
  return vreinterpretq_u8_p16(
      vmull_p8(vget_low_p8(vreinterpretq_p8_u8(a)), vget_low_p8(vreinterpretq_p8_u8(b))));
}
inline uint8x16_t pmull8_hi(uint8x16_t a, uint8x16_t b) {
  return vreinterpretq_u8_p16(vmull_high_p8(vreinterpretq_p8_u8(a), vreinterpretq_p8_u8(b)));
}
template <bool High>
inline uint8x16_t pmull8(uint8x16_t a, uint8x16_t b) {
  return High ? pmull8_hi(a, b) : pmull8_lo(a, b);
}

// TBL indices rotating the bytes within each 64-bit half by d = 1..4.
struct Rotations {
  uint8x16_t by[4];
  Rotations() {
    alignas(16) static constexpr std::uint8_t kIndex[4][16] = {
        {1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8},
        {2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9},
        {3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10},
        {4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11}};
    for (int d = 0; d < 4; ++d) by[d] = vld1q_u8(kIndex[d]);
  }
};

// An operand with its rotations rot_1..rot_R (TBL): R = 3 on the data side
// (rot_d(a) for S_1..S_3), 4 on the key side (rot_d(b) for S_1..S_4).
template <int R>
struct Rotated {
  uint8x16_t v;
  uint8x16_t r[R];
  Rotated() = default;
  Rotated(uint8x16_t value, const Rotations& rot) : v(value) {
    [&]<int... D>(std::integer_sequence<int, D...>) {
      ((r[D] = vqtbl1q_u8(v, rot.by[D])), ...);
    }
    (std::make_integer_sequence<int, R>{});
  }
};
using KeyOperand = Rotated<4>;
using DataOperand = Rotated<3>;

// Unplaced sums S_0..S_4 of 64x64-bit products (see the top of the file).
struct Diagonals {
  uint8x16_t s[5] = {vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0)};
};

// acc += a * b for the low (High = false) or high 64-bit halves, unplaced.
template <bool High>
inline void mul_acc(Diagonals& acc, const DataOperand& a, const KeyOperand& b) {
  acc.s[0] = xor16(acc.s[0], pmull8<High>(a.v, b.v));
  acc.s[1] = xor16(acc.s[1], xor16(pmull8<High>(a.r[0], b.v), pmull8<High>(a.v, b.r[0])));
  acc.s[2] = xor16(acc.s[2], xor16(pmull8<High>(a.r[1], b.v), pmull8<High>(a.v, b.r[1])));
  acc.s[3] = xor16(acc.s[3], xor16(pmull8<High>(a.r[2], b.v), pmull8<High>(a.v, b.r[2])));
  acc.s[4] = xor16(acc.s[4], pmull8<High>(a.v, b.r[3]));
}

// Sum of the S_d moved into place: the 128-bit product.  With R = rotate
// the register up by one byte (EXT #15), S_d is placed by R^d applied to
// Y_d = S_d with its top 2d bytes moved down by 8 (xored into the low half,
// cleared in the high half); Horner's rule shares the rotations:
//   S_0 ^ R(Y_1 ^ R(Y_2 ^ R(Y_3 ^ R(Y_4)))).
inline uint8x16_t place(const Diagonals& acc) {
  const auto rot1 = [](uint8x16_t v) { return vextq_u8(v, v, 15); };
  const auto high_to_both = [](uint8x16_t v) {
    return vreinterpretq_u8_u64(vdupq_laneq_u64(vreinterpretq_u64_u8(v), 1));
  };
  // Top 2d bytes of each 64-bit half, d = 1..3.
  const uint8x16_t m1 = vreinterpretq_u8_u64(vdupq_n_u64(0xFFFF000000000000ull));
  const uint8x16_t m2 = vreinterpretq_u8_u64(vdupq_n_u64(0xFFFFFFFF00000000ull));
  const uint8x16_t m3 = vreinterpretq_u8_u64(vdupq_n_u64(0xFFFFFFFFFFFF0000ull));
  const uint8x16_t y4 = xor16(acc.s[4], high_to_both(acc.s[4]));  // {lo ^ hi, 0}
  const uint8x16_t y3 = xor16(acc.s[3], vandq_u8(high_to_both(acc.s[3]), m3));
  const uint8x16_t y2 = xor16(acc.s[2], vandq_u8(high_to_both(acc.s[2]), m2));
  const uint8x16_t y1 = xor16(acc.s[1], vandq_u8(high_to_both(acc.s[1]), m1));
  uint8x16_t t = rot1(xor16(y3, rot1(y4)));
  t = rot1(xor16(y2, t));
  t = rot1(xor16(y1, t));
  return xor16(acc.s[0], t);
}

// (lo + hi * x^128) mod x^128 + x^7 + x^2 + x + 1, hi of degree <= 126.
// hi * 0x87 by bytes: q_k = hi_k * 0x87 (16 bits) belongs at 8k, so the
// low bytes of all q_k (UZP1) go to byte k and the high bytes (UZP2) to
// byte k + 1; the top one, q_15's high byte (degree <= 5), reaches x^128
// and is folded once more: it lands at byte 0 by the rotation, times 1, and
// times 0x86 by one more PMULL, giving times 0x87.
inline uint8x16_t reduce(uint8x16_t lo, uint8x16_t hi) {
  const uint8x16_t r = vdupq_n_u8(0x87);
  const uint8x16_t q0 = pmull8_lo(hi, r), q1 = pmull8_hi(hi, r);
  const uint8x16_t low_bytes = vuzp1q_u8(q0, q1), high_bytes = vuzp2q_u8(q0, q1);
  const uint8x16_t up = vextq_u8(high_bytes, high_bytes, 15);
  const uint8x16_t top = pmull8_lo(up, vcombine_u8(vcreate_u8(0x86), vcreate_u8(0)));
  return xor16(xor16(lo, low_bytes), xor16(up, top));
}

// The reduced product from the placed sums of the three Karatsuba parts:
// l = sum lo*lo, h = sum hi*hi, m = sum (lo^hi)*(lo^hi); the 256-bit sum is
// l + (m + l + h) x^64 + h x^128.
inline uint8x16_t finish(uint8x16_t l, uint8x16_t h, uint8x16_t m) {
  m = xor16(m, xor16(l, h));
  const uint8x16_t zero = vdupq_n_u8(0);
  return reduce(xor16(l, vextq_u8(zero, m, 8)), xor16(h, vextq_u8(m, zero, 8)));
}

// {a.lo ^ a.hi, b.lo ^ b.hi}: the Karatsuba middle operands of two values.
inline uint8x16_t middles(uint8x16_t a, uint8x16_t b) {
  const uint64x2_t a64 = vreinterpretq_u64_u8(a), b64 = vreinterpretq_u64_u8(b);
  return vreinterpretq_u8_u64(veorq_u64(vtrn1q_u64(a64, b64), vtrn2q_u64(a64, b64)));
}

// a * b, reduced (natural form).
inline uint8x16_t multiply(uint8x16_t a, uint8x16_t b, const Rotations& rot) {
  Diagonals ll, hh, mid;
  const DataOperand da(a, rot);
  const KeyOperand kb(b, rot);
  mul_acc<false>(ll, da, kb);
  mul_acc<true>(hh, da, kb);
  mul_acc<false>(mid, DataOperand(middles(a, a), rot), KeyOperand(middles(b, b), rot));
  return finish(place(ll), place(hh), place(mid));
}

// a^2, reduced: the cross terms of a square cancel, so each byte squares
// into its own 16-bit lane.
inline uint8x16_t square(uint8x16_t a) {
  return reduce(pmull8_lo(a, a), pmull8_hi(a, a));
}

// The key's twelve vectors (powers, then middle pairs; index 0..11) with
// their rotations, by TBL at each use.  (A stack table of the rotated
// vectors, filled once per call, saved only about 3% on long runs: five
// loads replace one load and four TBLs.)
static_assert(kPowersOffset == 0 && kMiddleOffset == 16 * kGhashPowers);
struct KeyOnTheFly {
  const std::uint8_t* key;
  const Rotations& rot;
  KeyOperand operator()(std::size_t index) const {
    return KeyOperand(vld1q_u8(key + 16 * index), rot);
  }
};

// x = (x ^ X_0) * H^n + X_1 * H^(n-1) + ... + X_(n-1) * H, 1 <= n <= 8,
// blocks X_i at data (16 bytes each), one reduction; block i takes H^(n-i).
// Key(k) gives the key vector k (0..7: H^(k+1), 8..11: middle pairs) with
// its rotations.
//
// The middle terms are summed and placed first, then lo*lo and hi*hi, one
// block per loop iteration: at most ten sums live at a time, which GCC keeps
// in registers (fully unrolled, its scheduler interleaves all blocks and
// spills).  The middle operands come two blocks at a time from LD2 on the
// raw blocks b, a (b first): {b.lo, a.lo} ^ {b.hi, a.hi} = {mid(b), mid(a)}
// (RBIT commutes with xor), the order of the key's pair
// {mid(H^(2j+2)), mid(H^(2j+1))}.  For odd n, block 0 (H^n, n = 2j+1) goes
// alone against the high half of pair j.
template <class Key>
inline uint8x16_t absorb(uint8x16_t x, const std::uint8_t* data, std::size_t n, const Key& key,
                         const Rotations& rot) {
  const uint8x16_t zero = vdupq_n_u8(0);
  Diagonals mid;
  const std::uint8_t* p = data;
  std::size_t left = n;
  uint8x16_t xm = vextq_u8(xor16(x, vextq_u8(x, x, 8)), zero, 8);  // {mid(x), 0}
  if (n & 1) {
    const uint8x16_t a = xor16(load_natural(p), x);
    const DataOperand da(xor16(a, vextq_u8(a, a, 8)), rot);  // mid(a) in both halves
    mul_acc<true>(mid, da, key(kGhashPowers + (n - 1) / 2));
    xm = zero;
    p += 16;
    left -= 1;
  }
  for (; left > 0; left -= 2, p += 32) {
    const uint64x2x2_t v = vld2q_u64(reinterpret_cast<const std::uint64_t*>(p));
    const uint8x16_t m = vrbitq_u8(vreinterpretq_u8_u64(veorq_u64(v.val[0], v.val[1])));
    const DataOperand dm(xor16(m, xm), rot);
    xm = zero;
    const auto km = key(kGhashPowers + (left - 2) / 2);
    mul_acc<false>(mid, dm, km);
    mul_acc<true>(mid, dm, km);
  }
  const uint8x16_t m = place(mid);
  Diagonals ll, hh;
  uint8x16_t carry = x;
  for (std::size_t i = 0; i < n; ++i) {
    const DataOperand da(xor16(load_natural(data + 16 * i), carry), rot);
    carry = zero;
    const auto k = key(n - 1 - i);
    mul_acc<false>(ll, da, k);
    mul_acc<true>(hh, da, k);
  }
  return finish(place(ll), place(hh), m);
}

}  // namespace
}  // namespace armaccel
