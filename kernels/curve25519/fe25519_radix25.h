// SPDX-License-Identifier: Apache-2.0
// GF(2^255 - 19) in ten unsigned limbs of alternately 26 and 25 bits
// (radix 2^25.5): limb i holds bits ceil(25.5 i) up, so a product of
// limbs i and j lands on limb i + j, doubled when i and j are both odd, and
// a product past limb 9 wraps to limb i + j - 10 times 19 (2^255 = 19 mod
// p).  32x32->64-bit products only, so the same code serves 32-bit cores.
//
// Bounds.  A "carried" element has limbs below 2^26 (even) and 2^25
// (odd), except limb 1, which mul/sqr's final carry (limb 9's excess times
// 19 into limb 0, then limb 0's carry) may leave up to 2^17 over (about
// 1,700 over seen in tests; x25519-neon's carry may also leave limb 6 up
// to 2^12 over); add gives limbs below 2^27 / 2^26, sub (a +
// 2p - b, so nothing goes negative) below 3 * 2^26 / 3 * 2^25, each plus
// that excess.  mul and sqr take any of these: every factor, doubled or
// times 19, fits in 32 bits (19 * (3 * 2^26 + 2^18) < 2^32), and a limb of
// the product (its column plus 19 times the column 10 above, at most 10 +
// 9 * 19 products below 9.1 * 2^52) stays below 2^63.  add and sub take
// carried inputs; their results feed only mul and sqr.  That is the only
// way the ladder (curve25519/x25519_ladder.h) uses them.
#pragma once

#include <cstdint>
#include <cstring>
#include <utility>

#include "util/always_inline.h"
#include "util/bytes.h"

// Internal linkage: lane files built with their own flags include it too.
namespace armaccel {
namespace {
namespace fe25519 {

struct Radix25 {
  struct Elem {
    std::uint32_t v[10];
  };

  static constexpr std::uint32_t kMask26 = (1u << 26) - 1;
  static constexpr std::uint32_t kMask25 = (1u << 25) - 1;
  static constexpr int width(int i) { return (i & 1) ? 25 : 26; }

  static void zero(Elem& r) { std::memset(r.v, 0, sizeof r.v); }
  static void one(Elem& r) {
    zero(r);
    r.v[0] = 1;
  }

  // decodeUCoordinate (RFC 7748 §5): the low 255 bits, little-endian.
  static void from_bytes(Elem& r, const std::uint8_t in[32]) {
    std::uint64_t w[4];
    for (int i = 0; i < 4; ++i) w[i] = bytes::load_le64(in + 8 * i);
    w[3] &= 0x7fffffffffffffffULL;
    int start = 0;
    for (int i = 0; i < 10; ++i) {
      const int word = start >> 6, off = start & 63, n = width(i);
      std::uint64_t bits = w[word] >> off;
      if (off + n > 64) bits |= w[word + 1] << (64 - off);
      r.v[i] = static_cast<std::uint32_t>(bits) & ((1u << n) - 1);
      start += n;
    }
  }

  // Carries a product's 64-bit limbs into r, as a carried element.
  ARMACCEL_ALWAYS_INLINE static void carry(Elem& r, std::uint64_t h[10]) {
    for (int i = 0; i < 9; ++i) {
      const int n = width(i);
      h[i + 1] += h[i] >> n;
      h[i] &= (std::uint64_t{1} << n) - 1;
    }
    h[0] += 19 * (h[9] >> 25);  // 2^255 = 19
    h[9] &= kMask25;
    h[1] += h[0] >> 26;
    h[0] &= kMask26;
    for (int i = 0; i < 10; ++i) r.v[i] = static_cast<std::uint32_t>(h[i]);
  }

  // A weak reduction: any element of these bounds (an add or sub result)
  // back to a carried one.
  static void reduce(Elem& r, const Elem& a) {
    std::uint64_t h[10];
    for (int i = 0; i < 10; ++i) h[i] = a.v[i];
    carry(r, h);
  }

  // Carries limbs 0..8 into their successors.
  static void ripple(std::uint64_t h[10]) {
    for (int i = 0; i < 9; ++i) {
      const int n = width(i);
      h[i + 1] += h[i] >> n;
      h[i] &= (std::uint64_t{1} << n) - 1;
    }
  }

  // The canonical encoding: the value reduced below p.
  static void to_bytes(std::uint8_t out[32], const Elem& a) {
    std::uint64_t h[10];
    for (int i = 0; i < 10; ++i) h[i] = a.v[i];
    // Every limb within its width and the value below 2^255: one ripple,
    // the bits past 2^255 folded back times 19, and a second ripple (the
    // value after a fold is small, so the second cannot pass 2^255).
    ripple(h);
    h[0] += 19 * (h[9] >> 25);
    h[9] &= kMask25;
    ripple(h);
    // q = 1 exactly when value >= p, that is when value + 19 >= 2^255.
    std::uint64_t q = (h[0] + 19) >> 26;
    for (int i = 1; i < 10; ++i) q = (h[i] + q) >> width(i);
    h[0] += 19 * q;  // value + 19q - q 2^255: the bit at 255 is dropped below
    ripple(h);
    h[9] &= kMask25;
    std::uint64_t w[4] = {};
    int start = 0;
    for (int i = 0; i < 10; ++i) {
      const int word = start >> 6, off = start & 63;
      w[word] |= h[i] << off;
      if (off + width(i) > 64) w[word + 1] |= h[i] >> (64 - off);
      start += width(i);
    }
    for (int i = 0; i < 4; ++i) bytes::store_le64(out + 8 * i, w[i]);
  }

  static void add(Elem& r, const Elem& a, const Elem& b) {
    for (int i = 0; i < 10; ++i) r.v[i] = a.v[i] + b.v[i];
  }

  // a - b + 2p, limb by limb (2p's limbs: 2^27 - 38, then 2^26 - 2 and
  // 2^27 - 2 alternately), so no limb goes below zero.
  static constexpr std::uint32_t kTwoP[10] = {
      (kMask26 - 18) << 1, kMask25 << 1, kMask26 << 1, kMask25 << 1, kMask26 << 1,
      kMask25 << 1,        kMask26 << 1, kMask25 << 1, kMask26 << 1, kMask25 << 1};
  static void sub(Elem& r, const Elem& a, const Elem& b) {
    for (int i = 0; i < 10; ++i) r.v[i] = a.v[i] + kTwoP[i] - b.v[i];
  }

  // r = a * b, column by column: limb n of the product is the column
  // i + j = n plus 19 times the column i + j = n + 10 (2^255 = 19).  Every
  // factor is held in 32 bits (a doubled odd limb is below 3 * 2^26 plus
  // the excess above), so each partial product is one 32x32->64-bit multiply-accumulate
  // (UMADDL, UMLAL); a column at a time keeps one sum live beside the
  // factors.
  ARMACCEL_ALWAYS_INLINE static void mul(Elem& r, const Elem& a, const Elem& b) {
    std::uint64_t h[10];
    columns(h, a.v, b.v, std::make_integer_sequence<int, 10>{});
    carry(r, h);
  }

  // r = a^2: the 55 products a_i a_j with i <= j, the others counted by
  // doubling (factors again below 2^32: at most 4 a_i for an odd limb).
  ARMACCEL_ALWAYS_INLINE static void sqr(Elem& r, const Elem& a) {
    std::uint64_t h[10] = {};
    sqr_rows(h, a.v, std::make_integer_sequence<int, 10>{});
    carry(r, h);
  }

  // The term a_i b_j of a product (doubled when i and j are both odd); 0
  // outside the limbs.
  template <int I, int J>
  ARMACCEL_ALWAYS_INLINE static std::uint64_t term(const std::uint32_t (&a)[10],
                                                   const std::uint32_t (&b)[10]) {
    if constexpr (J < 0 || J > 9) {
      return 0;
    } else {
      constexpr std::uint32_t k = (I & 1) && (J & 1) ? 2 : 1;
      return std::uint64_t{k * a[I]} * b[J];
    }
  }
  template <int I, int J>
  ARMACCEL_ALWAYS_INLINE static void sqr_term(std::uint64_t (&h)[10],
                                              const std::uint32_t (&a)[10]) {
    if constexpr (J >= I) {
      constexpr std::uint32_t k = ((I & 1) && (J & 1) ? 2 : 1) * (J > I ? 2 : 1);
      const std::uint32_t y = (I + J < 10 ? 1 : 19) * a[J];  // below 2^32, as in mul
      h[(I + J) % 10] += std::uint64_t{k * a[I]} * y;
    }
  }
  // A square row by row (i), each term added to its limb (i + j) mod 10,
  // times 19 past limb 9 (for a square, rows schedule better than columns).
  template <int I, int... J>
  ARMACCEL_ALWAYS_INLINE static void sqr_row(std::uint64_t (&h)[10], const std::uint32_t (&a)[10],
                                             std::integer_sequence<int, J...>) {
    (sqr_term<I, J>(h, a), ...);
  }
  template <int... I>
  ARMACCEL_ALWAYS_INLINE static void sqr_rows(std::uint64_t (&h)[10], const std::uint32_t (&a)[10],
                                              std::integer_sequence<int, I...>) {
    (sqr_row<I>(h, a, std::make_integer_sequence<int, 10>{}), ...);
  }

  // The column i + j = N, written out (short fixed loops, unrolled).
  template <int N, int... I>
  ARMACCEL_ALWAYS_INLINE static std::uint64_t column(const std::uint32_t (&a)[10],
                                                     const std::uint32_t (&b)[10],
                                                     std::integer_sequence<int, I...>) {
    return (term<I, N - I>(a, b) + ...);
  }
  template <int... N>
  ARMACCEL_ALWAYS_INLINE static void columns(std::uint64_t (&h)[10], const std::uint32_t (&a)[10],
                                             const std::uint32_t (&b)[10],
                                             std::integer_sequence<int, N...>) {
    constexpr auto kLimbs = std::make_integer_sequence<int, 10>{};
    ((h[N] = column<N>(a, b, kLimbs) + 19 * column<N + 10>(a, b, kLimbs)), ...);
  }

  static void mul_a24(Elem& r, const Elem& a) {
    std::uint64_t h[10];
    for (int i = 0; i < 10; ++i) h[i] = std::uint64_t{121665} * a.v[i];
    carry(r, h);
  }

  static void cswap(Elem& a, Elem& b, std::uint64_t mask) {
    const auto m = static_cast<std::uint32_t>(mask);
    for (int i = 0; i < 10; ++i) {
      const std::uint32_t t = m & (a.v[i] ^ b.v[i]);
      a.v[i] ^= t;
      b.v[i] ^= t;
    }
  }
};

}  // namespace fe25519
}  // namespace
}  // namespace armaccel
