// SPDX-License-Identifier: Apache-2.0
// X25519 with the base point 9 (RFC 7748 §6.1: a public key from a private
// key) by a fixed-base method on the birationally equivalent twisted
// Edwards curve edwards25519 (RFC 7748 §4.1): the clamped scalar in 64
// signed radix-16 digits in [-8, 8], the precomputed multiples of
// base_table.h added in extended coordinates (Hisil-Wong-Carter-Dawson
// 2008: mixed addition, and doubling for a = -1), the odd digits first and
// their sum multiplied by 16, then u = (Z + Y) / (Z - Y).  Constant time:
// each digit's table entry is chosen by scanning all eight with masks, and
// a negative digit negates it by a masked swap.
//
// Over any field F of x25519_ladder.h, which also provides
//   F::reduce(Elem&, const Elem&)  a weak reduction (carried bounds), so
//                                  results of add and sub can be combined.
// Header-only, internal linkage, for each lane to instantiate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "curve25519/base_table.h"
#include "curve25519/x25519_ladder.h"

namespace armaccel {
namespace {
namespace x25519 {

// The clamped scalar k (32 bytes, little-endian, k[31] <= 127) as 64
// signed digits e[i] in [-8, 8] with k = sum e[i] 16^i.
inline void signed_digits(std::int8_t e[64], const std::uint8_t k[32]) {
  for (int i = 0; i < 32; ++i) {
    e[2 * i] = static_cast<std::int8_t>(k[i] & 15);
    e[2 * i + 1] = static_cast<std::int8_t>(k[i] >> 4);
  }
  int carry = 0;
  for (int i = 0; i < 63; ++i) {
    int v = e[i] + carry;
    carry = (v + 8) >> 4;  // arithmetic shift: v in [0, 16]
    e[i] = static_cast<std::int8_t>(v - (carry << 4));
  }
  e[63] = static_cast<std::int8_t>(e[63] + carry);
}

template <class F>
struct Extended {  // (X : Y : Z : T), x = X/Z, y = Y/Z, x y = T/Z
  typename F::Elem x, y, z, t;
};

template <class F>
struct Precomp {  // (y + x, y - x, 2 d x y) of an affine point
  typename F::Elem ypx, ymx, xy2d;
};

// A digit e in [-8, 8] as its sign (1 when negative) and |e|, without a
// branch.
struct DigitParts {
  std::uint32_t negative, magnitude;
};
inline DigitParts digit_parts(std::int8_t e) {
  const auto digit = static_cast<std::uint32_t>(static_cast<std::int32_t>(e));
  const std::uint32_t negative = digit >> 31;
  return {negative, (digit ^ (0 - negative)) + negative};
}

// All ones when magnitude == j, else 0.
inline std::uint64_t take_mask(std::uint32_t magnitude, std::uint32_t j) {
  return 0 - ((static_cast<std::uint64_t>(magnitude ^ j) - 1) >> 63);
}

// The chosen entry's 96 bytes into r, negated (masked) for a negative
// digit: -P = (y - x, y + x, -2 d x y).
template <class F>
void decode_entry(Precomp<F>& r, const std::uint8_t bytes[96], std::uint32_t negative) {
  F::from_bytes(r.ypx, bytes);
  F::from_bytes(r.ymx, bytes + 32);
  F::from_bytes(r.xy2d, bytes + 64);
  typename F::Elem zero, neg;
  F::zero(zero);
  F::sub(neg, zero, r.xy2d);
  F::reduce(neg, neg);
  const std::uint64_t flip = 0 - static_cast<std::uint64_t>(negative);
  F::cswap(r.ypx, r.ymx, flip);
  F::cswap(r.xy2d, neg, flip);
}

// Table row i's entry for digit e (|e| <= 8; 0: the neutral element
// (1, 1, 0)), found without an index on e.
template <class F>
void select(Precomp<F>& r, int row, std::int8_t e) {
  const DigitParts d = digit_parts(e);
  std::uint64_t words[12] = {};
  words[0] = 1;  // y + x = 1
  words[4] = 1;  // y - x = 1
  for (std::uint32_t j = 1; j <= 8; ++j) {
    const std::uint64_t take = take_mask(d.magnitude, j);
    std::uint64_t entry[12];
    std::memcpy(entry, &curve25519::kBaseTable[row][j - 1], sizeof entry);
    for (int w = 0; w < 12; ++w) words[w] = (words[w] & ~take) | (entry[w] & take);
  }
  std::uint8_t bytes[96];
  std::memcpy(bytes, words, sizeof bytes);
  decode_entry<F>(r, bytes, d.negative);
}

// p = p + q (mixed addition, "madd-2008-hwcd-3" for a = -1).
template <class F>
void add_precomp(Extended<F>& p, const Precomp<F>& q) {
  typename F::Elem a, b, c, d, e, f, g, h, s;
  F::sub(s, p.y, p.x);
  F::mul(a, s, q.ymx);  // A = (Y - X)(y - x)
  F::add(s, p.y, p.x);
  F::mul(b, s, q.ypx);     // B = (Y + X)(y + x)
  F::mul(c, p.t, q.xy2d);  // C = T 2dxy
  F::add(d, p.z, p.z);
  F::reduce(d, d);  // D = 2Z
  F::sub(e, b, a);  // E = B - A
  F::sub(f, d, c);  // F = D - C
  F::add(g, d, c);  // G = D + C
  F::add(h, b, a);  // H = B + A
  F::mul(p.x, e, f);
  F::mul(p.y, g, h);
  F::mul(p.z, f, g);
  F::mul(p.t, e, h);
}

// p = 2p ("dbl-2008-hwcd" for a = -1, with E, F and G of opposite sign so
// every intermediate stays within the field's bounds).
template <class F>
void double_point(Extended<F>& p) {
  typename F::Elem a, b, zz, s, hn, g2, c, f2, e2;
  F::sqr(a, p.x);  // A = X^2
  F::sqr(b, p.y);  // B = Y^2
  F::sqr(zz, p.z);
  F::add(s, p.x, p.y);
  F::sqr(s, s);  // (X + Y)^2
  F::add(hn, a, b);
  F::reduce(hn, hn);  // -H = A + B
  F::sub(g2, a, b);
  F::reduce(g2, g2);  // -G = A - B
  F::add(c, zz, zz);
  F::reduce(c, c);      // C = 2 Z^2
  F::add(f2, g2, c);    // -F = -G + C
  F::sub(e2, hn, s);    // -E = A + B - (X + Y)^2
  F::mul(p.x, e2, f2);  // E F
  F::mul(p.y, g2, hn);  // G H
  F::mul(p.t, e2, hn);  // E H
  F::mul(p.z, f2, g2);  // F G
}

// out[32] = X25519(scalar, 9).
template <class F>
void scalarmult_base(std::uint8_t out[32], const std::uint8_t scalar[32],
                     void (*wipe)(void*, std::size_t)) {
  struct State {
    std::uint8_t k[32];
    std::int8_t e[64];
    Extended<F> p;
    Precomp<F> q;
    typename F::Elem num, den;
  } s;
  clamp(s.k, scalar);
  signed_digits(s.e, s.k);
  F::zero(s.p.x);
  F::one(s.p.y);
  F::one(s.p.z);
  F::zero(s.p.t);
  for (int i = 1; i < 64; i += 2) {
    select<F>(s.q, i / 2, s.e[i]);
    add_precomp<F>(s.p, s.q);
  }
  for (int i = 0; i < 4; ++i) double_point<F>(s.p);
  for (int i = 0; i < 64; i += 2) {
    select<F>(s.q, i / 2, s.e[i]);
    add_precomp<F>(s.p, s.q);
  }
  // u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y).
  F::add(s.num, s.p.z, s.p.y);
  F::sub(s.den, s.p.z, s.p.y);
  F::reduce(s.den, s.den);
  divide_to_bytes<F>(out, s.num, s.den, wipe);
  wipe(&s, sizeof s);
}

}  // namespace x25519
}  // namespace
}  // namespace armaccel
