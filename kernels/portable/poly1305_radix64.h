// SPDX-License-Identifier: Apache-2.0
// Poly1305 arithmetic in radix 2^64 (RFC 8439 §2.5), shared by the
// portable lane and the AArch64 lane's scalar head and tail: the 130-bit
// accumulator h in three 64-bit limbs (h2 holds the top few bits), the
// clamped r in two, and 64x64->128-bit products.  Because clamping clears
// the low two bits of r1, h1*r1*2^128 = h1*(r1/4)*2^130 = 5*h1*(r1/4)
// (mod p = 2^130 - 5), so the product folds with s1 = r1 + r1/4 and needs
// no separate reduction multiply.  After each block h is only partially
// reduced (h2 <= 4, h < 2p); reduce_full() reduces it completely.
// Multiplications and carries only: nothing branches on or indexes by r,
// s, h or the message.
//
// Everything here has internal linkage (an unnamed namespace), so lane
// files built with other target flags each get their own copy and the
// one-definition rule cannot pick a copy built for the wrong target.
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/poly1305.h"
#include "util/bytes.h"

#if defined(_MSC_VER) && !defined(__clang__) && (defined(_M_X64) || defined(_M_ARM64))
#include <intrin.h>
#endif

namespace armaccel::poly1305_radix64 {
namespace {

// An unsigned 128-bit value as two limbs.
struct U128 {
  std::uint64_t lo, hi;
};

inline U128 mul64(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__)
  const unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  return {static_cast<std::uint64_t>(p), static_cast<std::uint64_t>(p >> 64)};
#elif defined(_MSC_VER) && defined(_M_X64)
  U128 r;
  r.lo = _umul128(a, b, &r.hi);
  return r;
#elif defined(_MSC_VER) && defined(_M_ARM64)
  return {a * b, __umulh(a, b)};
#else
  // Schoolbook on 32-bit halves.
  const std::uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  return {(mid << 32) | (p00 & 0xffffffffu), p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32)};
#endif
}

inline U128 add(U128 a, U128 b) {
  const std::uint64_t lo = a.lo + b.lo;
  return {lo, a.hi + b.hi + (lo < b.lo)};
}

// Adds b to a in place and returns the carry out (0 or 1).
inline std::uint64_t add_carry(std::uint64_t& a, std::uint64_t b) {
  a += b;
  return a < b;
}

// A value h0 + h1*2^64 + h2*2^128 (h2 small, see the bounds above).
struct H {
  std::uint64_t h0, h1, h2;
};

// The clamped r (§2.5.1) and s1 = r1 + r1/4.
struct R {
  std::uint64_t r0, r1, s1;
};

inline R clamp(const std::uint8_t r[16]) {
  R k;
  k.r0 = bytes::load_le64(r) & 0x0ffffffc0fffffffull;
  k.r1 = bytes::load_le64(r + 8) & 0x0ffffffc0ffffffcull;
  k.s1 = k.r1 + (k.r1 >> 2);
  return k;
}

// h = h * r, partially reduced.  Needs h2 <= 7 (so h2*s1 and h2*r0 fit 64
// bits); leaves h2 <= 4 and h < 2p.
inline void mul_r(H& h, const R& k) {
  const U128 d0 = add(mul64(h.h0, k.r0), mul64(h.h1, k.s1));
  U128 d1 = add(add(mul64(h.h0, k.r1), mul64(h.h1, k.r0)), U128{h.h2 * k.s1, 0});
  std::uint64_t d2 = h.h2 * k.r0;
  d1 = add(d1, U128{d0.hi, 0});
  d2 += d1.hi;
  h.h0 = d0.lo;
  h.h1 = d1.lo;
  // The bits from 2^130 up, times 5, go back to the bottom.
  const std::uint64_t c = (d2 >> 2) + (d2 & ~std::uint64_t{3});
  h.h2 = d2 & 3;
  const std::uint64_t k0 = add_carry(h.h0, c);
  h.h2 += add_carry(h.h1, k0);
}

// For each 16-byte block m: h = (h + m + pad_bit*2^128) * r (§2.5.1).
inline void absorb(H& h, const R& k, const std::uint8_t* data, std::size_t blocks,
                   std::uint32_t pad_bit) {
  for (; blocks > 0; --blocks, data += 16) {
    const std::uint64_t c0 = add_carry(h.h0, bytes::load_le64(data));
    std::uint64_t c1 = add_carry(h.h1, bytes::load_le64(data + 8));
    c1 += add_carry(h.h1, c0);
    h.h2 += c1 + pad_bit;
    mul_r(h, k);
  }
}

// h mod p for a partially reduced h (h < 2p): g = h + 5 reaches 2^130
// exactly when h >= p, and then h mod p = g - 2^130.  Selected without a
// branch.  The result has h2 <= 3.
inline H reduce_full(const H& h) {
  H g = h;
  const std::uint64_t c0 = add_carry(g.h0, 5);
  const std::uint64_t c1 = add_carry(g.h1, c0);
  g.h2 += c1;
  const std::uint64_t take_g = 0 - (g.h2 >> 2);  // all ones or zero (g2 <= 7)
  return {(g.h0 & take_g) | (h.h0 & ~take_g), (g.h1 & take_g) | (h.h1 & ~take_g),
          ((g.h2 & 3) & take_g) | (h.h2 & ~take_g)};
}

// tag = (h mod p) + s mod 2^128, little-endian (§2.5.1).
inline void tag(const H& h, const std::uint8_t s[16], std::uint8_t out[16]) {
  H t = reduce_full(h);
  const std::uint64_t c = add_carry(t.h0, bytes::load_le64(s));
  t.h1 += bytes::load_le64(s + 8) + c;
  bytes::store_le64(out, t.h0);
  bytes::store_le64(out + 8, t.h1);
}

// Poly1305Kernel::finish for a lane whose state S (at the start of the
// Poly1305State) holds the accumulator as S::h.
template <class S>
void finish(const Poly1305State* st, const std::uint8_t s[16], std::uint8_t out[16]) {
  tag(read_bytes<S>(*st).h, s, out);
}

}  // namespace
}  // namespace armaccel::poly1305_radix64
