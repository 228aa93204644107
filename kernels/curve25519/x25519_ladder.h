// SPDX-License-Identifier: Apache-2.0
// The X25519 function (RFC 7748 §5) over any representation of the field
// GF(2^255 - 19): the Montgomery ladder with masked conditional swaps, then
// one inversion (Bernstein-Yang divsteps).  Each lane supplies its field
// as a type F with these static members (all constant time, outputs may
// alias inputs):
//   F::Elem                           an element, in the lane's limbs
//   F::from_bytes(Elem&, const u8[32]) decodeUCoordinate: top bit masked,
//                                     values >= p accepted
//   F::to_bytes(u8[32], const Elem&)  the canonical encoding (fully reduced)
//   F::one(Elem&), F::zero(Elem&)
//   F::add(Elem&, a, b), F::sub(Elem&, a, b), F::mul(Elem&, a, b),
//   F::sqr(Elem&, a), F::mul_a24(Elem&, a)   a * 121665 ((A - 2) / 4)
//   F::cswap(Elem&, Elem&, u64 mask)  swaps when mask is all ones, not when 0
// Header-only so each lane instantiates it with its own code-generation
// flags.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "curve25519/fe25519_safegcd.h"

// Internal linkage: lane files built with their own flags include it too.
namespace armaccel {
namespace {
namespace x25519 {

// RFC 7748 §5 decodeScalar25519.
inline void clamp(std::uint8_t k[32], const std::uint8_t scalar[32]) {
  std::memcpy(k, scalar, 32);
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
}

// out = z^-1 (0 for z = 0): z canonical (F::to_bytes), inverted by
// Bernstein and Yang's divsteps (fe25519_safegcd.h), read back.  Secrets
// on the stack are wiped with `wipe`.
template <class F>
void invert(typename F::Elem& out, const typename F::Elem& z, void (*wipe)(void*, std::size_t)) {
  std::uint8_t b[32];
  F::to_bytes(b, z);
  fe25519::invert_mod_p(b, b, wipe);
  F::from_bytes(out, b);
  wipe(b, sizeof b);
}

// out[32] = num / den (0 for den = 0), canonical: the affine u of a
// projective (num : den).  Leaves den^-1 in den and the quotient in num.
template <class F>
void divide_to_bytes(std::uint8_t out[32], typename F::Elem& num, typename F::Elem& den,
                     void (*wipe)(void*, std::size_t)) {
  invert<F>(den, den, wipe);
  F::mul(num, num, den);
  F::to_bytes(out, num);
}

// out[32] = X25519(scalar, u) (RFC 7748 §5).  `wipe` clears the secrets
// on the stack (the caller's freestanding wipe).
template <class F>
void scalarmult(std::uint8_t out[32], const std::uint8_t scalar[32], const std::uint8_t u[32],
                void (*wipe)(void*, std::size_t)) {
  using E = typename F::Elem;
  struct State {
    std::uint8_t k[32];
    E x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb;
  } s;
  clamp(s.k, scalar);
  F::from_bytes(s.x1, u);
  F::one(s.x2);
  F::zero(s.z2);
  s.x3 = s.x1;
  F::one(s.z3);
  std::uint64_t swap = 0;
  for (int t = 254; t >= 0; --t) {
    const std::uint64_t bit = (s.k[t >> 3] >> (t & 7)) & 1;
    swap ^= bit;
    F::cswap(s.x2, s.x3, 0 - swap);
    F::cswap(s.z2, s.z3, 0 - swap);
    swap = bit;
    F::add(s.a, s.x2, s.z2);   // A = x2 + z2
    F::sqr(s.aa, s.a);         // AA = A^2
    F::sub(s.b, s.x2, s.z2);   // B = x2 - z2
    F::sqr(s.bb, s.b);         // BB = B^2
    F::sub(s.e, s.aa, s.bb);   // E = AA - BB
    F::add(s.c, s.x3, s.z3);   // C = x3 + z3
    F::sub(s.d, s.x3, s.z3);   // D = x3 - z3
    F::mul(s.da, s.d, s.a);    // DA = D * A
    F::mul(s.cb, s.c, s.b);    // CB = C * B
    F::add(s.x3, s.da, s.cb);  // x3 = (DA + CB)^2
    F::sqr(s.x3, s.x3);
    F::sub(s.z3, s.da, s.cb);  // z3 = x1 * (DA - CB)^2
    F::sqr(s.z3, s.z3);
    F::mul(s.z3, s.z3, s.x1);
    F::mul(s.x2, s.aa, s.bb);  // x2 = AA * BB
    F::mul_a24(s.z2, s.e);     // z2 = E * (AA + a24 * E)
    F::add(s.z2, s.z2, s.aa);
    F::mul(s.z2, s.z2, s.e);
  }
  F::cswap(s.x2, s.x3, 0 - swap);
  F::cswap(s.z2, s.z3, 0 - swap);
  divide_to_bytes<F>(out, s.x2, s.z2, wipe);  // u = x2 / z2
  wipe(&s, sizeof s);
}

}  // namespace x25519
}  // namespace
}  // namespace armaccel
