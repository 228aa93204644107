// SPDX-License-Identifier: Apache-2.0
// Inversion modulo p = 2^255 - 19 by Bernstein and Yang's divsteps ("Fast
// constant-time gcd computation and modular inversion", TCHES 2019, §8 and
// §11), in batches of 30 on the low 32 bits of f and g, each batch's
// transition matrix then applied to the full values.
//
// Numbers are signed, in nine limbs of 30 bits (limbs 0..7 in [0, 2^30)
// and a signed top limb), so every product is 32x32->64 bits and the same
// code serves 32-bit cores.  The state keeps d x = f and e x = g (mod p)
// from f = p, g = x, d = 0, e = 1; each batch divides by 2^30, and d, e by
// adding the multiple of p that makes their low limb zero, which keeps
// them in (-2p, p).  The divsteps are the paper's variant with delta
// starting at 1/2 (§§ 8, 11; its "hddivsteps"), which reach g = 0 within
// 590 steps for inputs below 2^256 (the bound computed for this variant by
// the safegcd-bounds analysis that libsecp256k1 documents for its
// modinv32); 20 batches (600) always run.  Then f = +-1 (gcd(p, x) for x != 0) and x^-1 = f d;
// for x = 0, d stays 0, the RFC 7748 convention 0^(p - 2) = 0.  Constant
// time: every decision is a mask, the batch count fixed.
#pragma once

#include <cstddef>
#include <cstdint>

#include "util/bytes.h"

// Internal linkage: lane files built with their own flags include it too.
namespace armaccel {
namespace {
namespace fe25519 {
namespace safegcd {

struct Signed30 {
  std::int32_t v[9];
};

inline constexpr std::int32_t kM30 = (1 << 30) - 1;
inline constexpr Signed30 kP = {{0x3FFFFFED, kM30, kM30, kM30, kM30, kM30, kM30, kM30, 0x7FFF}};

// a^-1 mod 2^30 for odd a (Newton's iteration, each step doubling the
// correct low bits from 3).
constexpr std::uint32_t inverse_mod_2_30(std::uint32_t a) {
  std::uint32_t x = a;
  for (int i = 0; i < 4; ++i) x *= 2 - a * x;
  return x & kM30;
}
inline constexpr std::uint32_t kPInv30 = inverse_mod_2_30(0x3FFFFFED);
static_assert((kPInv30 * 0x3FFFFFEDu & kM30) == 1);

// A batch's transition matrix: 2^30 (f', g') = (u f + v g, q f + r g).
struct Matrix {
  std::int32_t u, v, q, r;
};

// 30 half-delta divsteps on f and g's low 30 bits (enough: step i reads
// bit 0 of g_i, which depends on the low i + 1 bits of f and g); returns
// zeta.  With delta = -(zeta + 1/2): when delta > 0 (zeta < 0) and g is
// odd, (delta, f, g) -> (1 - delta, g, (g - f) / 2); else (1 + delta, f,
// (g + (g mod 2) f) / 2).  The matrix rows follow f and g scaled by 2^i,
// so they stay integers.
inline std::int32_t divsteps(std::int32_t zeta, std::uint32_t f, std::uint32_t g, Matrix& m) {
  std::uint32_t u = 1, v = 0, q = 0, r = 1;
  for (int i = 0; i < 30; ++i) {
    const std::uint32_t odd = 0u - (g & 1);
    const std::uint32_t swap = odd & static_cast<std::uint32_t>(zeta >> 31);  // delta > 0
    // zeta - 1, or -zeta - 2 = ~zeta - 1 on a swap (delta + 1, 1 - delta)
    zeta = static_cast<std::int32_t>(static_cast<std::uint32_t>(zeta) ^ swap) - 1;
    // -f (with its row) where swapping, added to g where g is odd; the old
    // g becomes f where swapping.
    const std::uint32_t x = (f ^ swap) - swap, y = (u ^ swap) - swap, z = (v ^ swap) - swap;
    g += x & odd;
    q += y & odd;
    r += z & odd;
    f += g & swap;
    u += q & swap;
    v += r & swap;
    g >>= 1;
    u <<= 1;
    v <<= 1;
  }
  m = {static_cast<std::int32_t>(u), static_cast<std::int32_t>(v), static_cast<std::int32_t>(q),
       static_cast<std::int32_t>(r)};
  return zeta;
}

// (a, b) = (m (a, b) + p (ka, kb)) / 2^30, limb by limb; the low 30 bits
// of both sums are zero (by the divsteps for f and g, by ka and kb's choice
// for d and e).
inline void apply(Signed30& a, Signed30& b, const Matrix& m, std::int32_t ka, std::int32_t kb) {
  std::int64_t ca = 0, cb = 0;
  for (int i = 0; i < 9; ++i) {
    ca += std::int64_t{m.u} * a.v[i] + std::int64_t{m.v} * b.v[i] + std::int64_t{kP.v[i]} * ka;
    cb += std::int64_t{m.q} * a.v[i] + std::int64_t{m.r} * b.v[i] + std::int64_t{kP.v[i]} * kb;
    if (i > 0) {
      a.v[i - 1] = static_cast<std::int32_t>(ca & kM30);
      b.v[i - 1] = static_cast<std::int32_t>(cb & kM30);
    }
    ca >>= 30;
    cb >>= 30;
  }
  a.v[8] = static_cast<std::int32_t>(ca);
  b.v[8] = static_cast<std::int32_t>(cb);
}

// (f, g) = m (f, g) / 2^30, exactly.
inline void update_fg(Signed30& f, Signed30& g, const Matrix& m) {
  apply(f, g, m, 0, 0);
}

// (d, e) = (m (d, e) + p (md, me)) / 2^30 with md, me chosen to make the
// division exact; d and e stay in (-2p, p) (p added where d or e was
// negative).
inline void update_de(Signed30& d, Signed30& e, const Matrix& m) {
  const std::int32_t sd = d.v[8] >> 31, se = e.v[8] >> 31;  // -1 when negative
  std::int32_t md = (m.u & sd) + (m.v & se);
  std::int32_t me = (m.q & sd) + (m.r & se);
  const std::int64_t cd = std::int64_t{m.u} * d.v[0] + std::int64_t{m.v} * e.v[0];
  const std::int64_t ce = std::int64_t{m.q} * d.v[0] + std::int64_t{m.r} * e.v[0];
  md -= static_cast<std::int32_t>(
      (kPInv30 * static_cast<std::uint32_t>(cd) + static_cast<std::uint32_t>(md)) & kM30);
  me -= static_cast<std::int32_t>(
      (kPInv30 * static_cast<std::uint32_t>(ce) + static_cast<std::uint32_t>(me)) & kM30);
  apply(d, e, m, md, me);
}

// Limbs 0..7 back into [0, 2^30), the carries into the signed top limb.
inline void carry(Signed30& a) {
  for (int i = 0; i < 8; ++i) {
    a.v[i + 1] += a.v[i] >> 30;
    a.v[i] &= kM30;
  }
}

// a + (p where mask is all ones), a - (p where mask is all ones).
inline void add_p(Signed30& a, std::int32_t mask) {
  for (int i = 0; i < 9; ++i) a.v[i] += kP.v[i] & mask;
  carry(a);
}
inline void sub_p(Signed30& a, std::int32_t mask) {
  for (int i = 0; i < 9; ++i) a.v[i] -= kP.v[i] & mask;
  carry(a);
}

}  // namespace safegcd

// out[32] = in^-1 mod p (0 for 0), both canonical 32-byte little-endian
// encodings; in must be below p.  The state is wiped with `wipe`.
inline void invert_mod_p(std::uint8_t out[32], const std::uint8_t in[32],
                         void (*wipe)(void*, std::size_t)) {
  using namespace safegcd;
  struct State {
    std::uint64_t w[4];
    Signed30 f, g, d, e;
    Matrix m;
  } s;
  for (int i = 0; i < 4; ++i) s.w[i] = bytes::load_le64(in + 8 * i);
  for (int i = 0; i < 9; ++i) {  // limb i: bits 30 i .. 30 i + 29
    const int word = 30 * i / 64, off = 30 * i % 64;
    std::uint64_t bits = s.w[word] >> off;
    if (off > 34 && word < 3) bits |= s.w[word + 1] << (64 - off);
    s.g.v[i] = static_cast<std::int32_t>(bits & kM30);
  }
  s.f = kP;
  s.d = {};
  s.e = {};
  s.e.v[0] = 1;
  std::int32_t zeta = -1;  // delta = 1/2
  for (int batch = 0; batch < 20; ++batch) {
    zeta = divsteps(zeta, static_cast<std::uint32_t>(s.f.v[0]),
                    static_cast<std::uint32_t>(s.g.v[0]), s.m);
    update_de(s.d, s.e, s.m);
    update_fg(s.f, s.g, s.m);
  }
  // x^-1 = f d with f = +-1: d negated when f is negative, into (-p, 2p),
  // then into [0, p).
  const std::int32_t negative = s.f.v[8] >> 31;
  for (int i = 0; i < 9; ++i) s.d.v[i] = (s.d.v[i] ^ negative) - negative;
  carry(s.d);
  add_p(s.d, s.d.v[8] >> 31);
  add_p(s.d, s.d.v[8] >> 31);
  sub_p(s.d, -1);
  add_p(s.d, s.d.v[8] >> 31);  // d was below p: p back
  for (int i = 0; i < 4; ++i) s.w[i] = 0;
  for (int i = 0; i < 9; ++i) {
    const int word = 30 * i / 64, off = 30 * i % 64;
    const auto limb = static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.d.v[i]));
    s.w[word] |= limb << off;
    if (off > 34 && word < 3) s.w[word + 1] |= limb >> (64 - off);
  }
  for (int i = 0; i < 4; ++i) bytes::store_le64(out + 8 * i, s.w[i]);
  wipe(&s, sizeof s);
}

}  // namespace fe25519
}  // namespace
}  // namespace armaccel
