// SPDX-License-Identifier: Apache-2.0
// mlkem_neon.cpp's vector arithmetic (Barrett multiplication, the
// butterflies, reductions), NTT (Algorithm 9), inverse NTT (Algorithm 10),
// MultiplyNTTs (Algorithm 11) and the rej_uniform loop (Algorithm 7);
// bounds and constant-time notes are in mlkem_neon.cpp's header comment and
// at each section.  Unnamed namespace, included by mlkem_neon.cpp only
// (built with that lane file's flags).
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "api/mlkem_kernel.h"
#include "mlkem/mlkem_zetas.h"
#include "util/always_inline.h"
#include "util/unroll.h"

namespace armaccel {
namespace {

constexpr int kQ = 3329;
constexpr int kInv128 = 3303;       // 128^-1 mod q
constexpr int kBarrett = 20159;     // round(2^26 / q)
constexpr int kBarrett32 = 645084;  // round(2^31 / q)

// zetas[i] = zeta^BitRev7(i) (Algorithm 9/10).
constexpr int zeta(int i) {
  return static_cast<int>(mlkem::zetas::zeta(static_cast<unsigned>(i)));
}

// b' = round(b 2^15 / q) for b in [0, q): the SQRDMULH twin of b.
constexpr std::int16_t twist(int b) {
  return static_cast<std::int16_t>((b * 65536 + kQ) / (2 * kQ));
}

// Constant vectors come in pairs: 8 constants b, then their twins b'.
struct Pair {
  std::int16_t b[8];
  std::int16_t t[8];
};

constexpr Pair make_pair(const int (&b)[8]) {
  Pair p{};
  for (int l = 0; l < 8; ++l) {
    p.b[l] = static_cast<std::int16_t>(b[l]);
    p.t[l] = twist(b[l]);
  }
  return p;
}

struct Tables {
  // Forward NTT, layers len = 128, 64, 32 (zetas[1..7] in lanes 0..6).
  Pair fwd_top;
  // Forward NTT, layers len = 16 .. 2, one row per 32-coefficient chunk c:
  // [0] lanes 0-2: zetas[8 + c], zetas[16 + 2c], zetas[17 + 2c];
  // [1], [2]: len 4 for coefficients 0-15 / 16-31 of the chunk in the
  //   TRN layout (zetas[32 + 4c + 2h] x4, zetas[33 + 4c + 2h] x4);
  // [3], [4]: len 2 likewise (zetas[64 + 8c + 4h + k] twice each, k = 0..3).
  Pair fwd[8][5];
  // Inverse NTT, layers len = 2 .. 16, per chunk c: [0], [1] len 2 for
  // coefficients 0-15 / 16-31 (zetas[127 - 8c - 4h - k] twice each);
  // [2], [3] len 4 (zetas[63 - 4c - 2h] x4, zetas[62 - 4c - 2h] x4);
  // [4] lanes 0-2: zetas[31 - 2c], zetas[30 - 2c], zetas[15 - c].
  Pair inv[8][5];
  // Inverse NTT, layers len = 32, 64, 128 and the factor 128^-1: lanes
  // zetas[7], [6], [5], [4], [3], [2], zetas[1] 128^-1, 128^-1.
  Pair inv_top;
  // MultiplyNTTs: gamma_i = zeta^(2 BitRev7(i) + 1) for pairs 8r .. 8r+7.
  Pair gammas[16];
};

constexpr Tables make_tables() {
  Tables t{};
  {
    const int b[8] = {zeta(1), zeta(2), zeta(3), zeta(4), zeta(5), zeta(6), zeta(7), 0};
    t.fwd_top = make_pair(b);
  }
  for (int c = 0; c < 8; ++c) {
    const int l0[8] = {zeta(8 + c), zeta(16 + 2 * c), zeta(17 + 2 * c), 0, 0, 0, 0, 0};
    t.fwd[c][0] = make_pair(l0);
    for (int h = 0; h < 2; ++h) {
      int l4[8], l2[8];
      for (int l = 0; l < 8; ++l) {
        l4[l] = zeta(32 + 4 * c + 2 * h + l / 4);
        l2[l] = zeta(64 + 8 * c + 4 * h + l / 2);
      }
      t.fwd[c][1 + h] = make_pair(l4);
      t.fwd[c][3 + h] = make_pair(l2);
    }
    for (int h = 0; h < 2; ++h) {
      int l2[8], l4[8];
      for (int l = 0; l < 8; ++l) {
        l2[l] = zeta(127 - 8 * c - 4 * h - l / 2);
        l4[l] = zeta(63 - 4 * c - 2 * h - l / 4);
      }
      t.inv[c][h] = make_pair(l2);
      t.inv[c][2 + h] = make_pair(l4);
    }
    const int l8[8] = {zeta(31 - 2 * c), zeta(30 - 2 * c), zeta(15 - c), 0, 0, 0, 0, 0};
    t.inv[c][4] = make_pair(l8);
  }
  {
    const int b[8] = {zeta(7), zeta(6), zeta(5), zeta(4), zeta(3), zeta(2), zeta(1) * kInv128 % kQ,
                      kInv128};
    t.inv_top = make_pair(b);
  }
  for (int r = 0; r < 16; ++r) {
    int g[8];
    for (int l = 0; l < 8; ++l) g[l] = static_cast<int>(mlkem::zetas::gamma(8 * r + l));
    t.gammas[r] = make_pair(g);
  }
  return t;
}

constexpr Tables kTables = make_tables();

// ---------------------------------------------------------------------------
// Arithmetic on vectors of eight int16 coefficients.

struct Consts {
  int16x8_t b, t;  // constants and their twins
};

ARMACCEL_ALWAYS_INLINE Consts load_pair(const Pair& p) {
  const int16x8x2_t v = vld1q_s16_x2(p.b);
  return {v.val[0], v.val[1]};
}

// a b mod q in (-q, q), b the lane L of c (Barrett multiplication).
template <int L>
ARMACCEL_ALWAYS_INLINE int16x8_t mul_lane(int16x8_t a, Consts c) {
  const int16x8_t t = vqrdmulhq_laneq_s16(a, c.t, L);
  const int16x8_t p = vmulq_laneq_s16(a, c.b, L);
  return vmlsq_s16(p, t, vdupq_n_s16(kQ));
}

// a b mod q in (-q, q), lane by lane.
ARMACCEL_ALWAYS_INLINE int16x8_t mul_vec(int16x8_t a, Consts c) {
  const int16x8_t t = vqrdmulhq_s16(a, c.t);
  const int16x8_t p = vmulq_s16(a, c.b);
  return vmlsq_s16(p, t, vdupq_n_s16(kQ));
}

// Cooley-Tukey butterfly (Algorithm 9, steps 7-9): a + zeta b, a - zeta b.
template <int L>
ARMACCEL_ALWAYS_INLINE void ct_lane(int16x8_t& a, int16x8_t& b, Consts c) {
  const int16x8_t t = mul_lane<L>(b, c);
  b = vsubq_s16(a, t);
  a = vaddq_s16(a, t);
}
ARMACCEL_ALWAYS_INLINE void ct_vec(int16x8_t& a, int16x8_t& b, Consts c) {
  const int16x8_t t = mul_vec(b, c);
  b = vsubq_s16(a, t);
  a = vaddq_s16(a, t);
}

// Gentleman-Sande butterfly (Algorithm 10, steps 7-9): a + b, zeta (b - a).
template <int L>
ARMACCEL_ALWAYS_INLINE void gs_lane(int16x8_t& a, int16x8_t& b, Consts c) {
  const int16x8_t d = vsubq_s16(b, a);
  a = vaddq_s16(a, b);
  b = mul_lane<L>(d, c);
}
ARMACCEL_ALWAYS_INLINE void gs_vec(int16x8_t& a, int16x8_t& b, Consts c) {
  const int16x8_t d = vsubq_s16(b, a);
  a = vaddq_s16(a, b);
  b = mul_vec(d, c);
}

// Centred Barrett reduction of any int16 x: |r| <= 1664.
ARMACCEL_ALWAYS_INLINE int16x8_t reduce(int16x8_t x) {
  const int16x8_t t = vrshrq_n_s16(vqdmulhq_n_s16(x, kBarrett), 11);
  return vmlsq_s16(x, t, vdupq_n_s16(kQ));
}

// (-q, q) -> [0, q).
ARMACCEL_ALWAYS_INLINE int16x8_t canonical(int16x8_t r) {
  const uint16x8_t u = vreinterpretq_u16_s16(r);
  return vreinterpretq_s16_u16(vminq_u16(u, vaddq_u16(u, vdupq_n_u16(kQ))));
}

// |x| < 8q -> [0, q): t = round(10 x / 2^15) is within 0.62 of x / q.
ARMACCEL_ALWAYS_INLINE int16x8_t canonical_from_8q(int16x8_t x) {
  const int16x8_t t = vqrdmulhq_n_s16(x, 10);
  return canonical(vmlsq_s16(x, t, vdupq_n_s16(kQ)));
}

// TRN1/TRN2 on 64-bit and 32-bit elements of int16 vectors.
ARMACCEL_ALWAYS_INLINE int16x8_t trn1_64(int16x8_t a, int16x8_t b) {
  return vreinterpretq_s16_s64(vtrn1q_s64(vreinterpretq_s64_s16(a), vreinterpretq_s64_s16(b)));
}
ARMACCEL_ALWAYS_INLINE int16x8_t trn2_64(int16x8_t a, int16x8_t b) {
  return vreinterpretq_s16_s64(vtrn2q_s64(vreinterpretq_s64_s16(a), vreinterpretq_s64_s16(b)));
}
ARMACCEL_ALWAYS_INLINE int16x8_t trn1_32(int16x8_t a, int16x8_t b) {
  return vreinterpretq_s16_s32(vtrn1q_s32(vreinterpretq_s32_s16(a), vreinterpretq_s32_s16(b)));
}
ARMACCEL_ALWAYS_INLINE int16x8_t trn2_32(int16x8_t a, int16x8_t b) {
  return vreinterpretq_s16_s32(vtrn2q_s32(vreinterpretq_s32_s16(a), vreinterpretq_s32_s16(b)));
}

std::int16_t* coeffs(mlkem::Poly* f) {
  return reinterpret_cast<std::int16_t*>(f->c);
}
const std::int16_t* coeffs(const mlkem::Poly* f) {
  return reinterpret_cast<const std::int16_t*>(f->c);
}

// Column block j at p = f + 8j: the eight vectors at coefficients
// 8j + 32m, m = 0..7 (layers len = 128, 64, 32 pair whole vectors there).
ARMACCEL_ALWAYS_INLINE void load_column_block(const std::int16_t* p, int16x8_t (&v)[8]) {
  unroll<8>([&](auto m) { v[m] = vld1q_s16(p + 32 * m); });
}
ARMACCEL_ALWAYS_INLINE void store_column_block(std::int16_t* p, const int16x8_t (&v)[8]) {
  unroll<8>([&](auto m) { vst1q_s16(p + 32 * m, v[m]); });
}

// The NTT's layers len = 16 .. 2 (layouts at ntt below) and its final
// reduction on the N chunks at p (32 coefficients each) with their
// constants t[0..N-1], step by step across the chunks: each chunk's layers
// are one chain of dependent multiplications, and side by side the chains
// fill the vector pipes.
template <int N>
ARMACCEL_ALWAYS_INLINE void ntt_chunks(std::int16_t* p, const Pair (*t)[5]) {
  int16x8_t v0[N], v1[N], v2[N], v3[N];
  unroll<N>([&](auto k) {
    const int16x8x4_t v = vld1q_s16_x4(p + 32 * k);
    v0[k] = v.val[0], v1[k] = v.val[1], v2[k] = v.val[2], v3[k] = v.val[3];
  });
  unroll<N>([&](auto k) {
    const Consts z = load_pair(t[k][0]);
    ct_lane<0>(v0[k], v2[k], z);  // len 16
    ct_lane<0>(v1[k], v3[k], z);
  });
  unroll<N>([&](auto k) {
    const Consts z = load_pair(t[k][0]);
    ct_lane<1>(v0[k], v1[k], z);  // len 8
    ct_lane<2>(v2[k], v3[k], z);
  });
  int16x8_t a0[N], b0[N], a1[N], b1[N];
  unroll<N>([&](auto k) {  // len 4
    a0[k] = trn1_64(v0[k], v1[k]), b0[k] = trn2_64(v0[k], v1[k]);
    a1[k] = trn1_64(v2[k], v3[k]), b1[k] = trn2_64(v2[k], v3[k]);
    ct_vec(a0[k], b0[k], load_pair(t[k][1]));
    ct_vec(a1[k], b1[k], load_pair(t[k][2]));
  });
  unroll<N>([&](auto k) {  // len 2
    int16x8_t x0 = trn1_32(a0[k], b0[k]), y0 = trn2_32(a0[k], b0[k]);
    int16x8_t x1 = trn1_32(a1[k], b1[k]), y1 = trn2_32(a1[k], b1[k]);
    ct_vec(x0, y0, load_pair(t[k][3]));
    ct_vec(x1, y1, load_pair(t[k][4]));
    a0[k] = x0, b0[k] = y0, a1[k] = x1, b1[k] = y1;
  });
  unroll<N>([&](auto k) {
    int32x4x2_t lo, hi;
    lo.val[0] = vreinterpretq_s32_s16(canonical_from_8q(a0[k]));
    lo.val[1] = vreinterpretq_s32_s16(canonical_from_8q(b0[k]));
    hi.val[0] = vreinterpretq_s32_s16(canonical_from_8q(a1[k]));
    hi.val[1] = vreinterpretq_s32_s16(canonical_from_8q(b1[k]));
    vst2q_s32(reinterpret_cast<std::int32_t*>(p + 32 * k), lo);
    vst2q_s32(reinterpret_cast<std::int32_t*>(p + 32 * k + 16), hi);
  });
}

// ---------------------------------------------------------------------------
// NTT (Algorithm 9).  Bounds: canonical input, |t| < q per layer, so after
// layer k every |c| < (k + 1) q, at most 8q after the seventh.
//
// Layers len = 128, 64, 32 run on four column blocks: block j holds the
// eight vectors at coefficients 8j + 32m (m = 0..7), so every butterfly
// pairs whole vectors.  Layers len = 16 .. 2 run per 32-coefficient chunk
// (four vectors v0..v3): len 16 pairs (v0, v2), (v1, v3), len 8 (v0, v1),
// (v2, v3); for len 4, TRN on 64-bit halves makes a = c0-3 | c8-11 and
// b = c4-7 | c12-15; for len 2, TRN on 32-bit pairs makes c0c1 c4c5 c8c9
// c12c13 and c2c3 c6c7 c10c11 c14c15, which ST2 on 32-bit elements writes
// back in natural order.
void ntt(mlkem::Poly* poly) {
  std::int16_t* f = coeffs(poly);
  {
    const Consts z = load_pair(kTables.fwd_top);
    for (int j = 0; j < 4; ++j) {
      std::int16_t* p = f + 8 * j;
      int16x8_t v[8];
      load_column_block(p, v);
      ct_lane<0>(v[0], v[4], z);
      ct_lane<0>(v[1], v[5], z);
      ct_lane<0>(v[2], v[6], z);
      ct_lane<0>(v[3], v[7], z);
      ct_lane<1>(v[0], v[2], z);
      ct_lane<1>(v[1], v[3], z);
      ct_lane<2>(v[4], v[6], z);
      ct_lane<2>(v[5], v[7], z);
      ct_lane<3>(v[0], v[1], z);
      ct_lane<4>(v[2], v[3], z);
      ct_lane<5>(v[4], v[5], z);
      ct_lane<6>(v[6], v[7], z);
      store_column_block(p, v);
    }
  }
  for (int c = 0; c < 8; c += 2) ntt_chunks<2>(f + 32 * c, &kTables.fwd[c]);
}

// ---------------------------------------------------------------------------
// Inverse NTT (Algorithm 10, with 128^-1).  Bounds: canonical input; the
// sums at most double per layer (products are < q), so after len = 8 every
// |c| < 8q; all are then Barrett-reduced (<= 1664), and after the four
// remaining layers the sums are below 16 * 1664 < 2^15.  The last layer
// multiplies both outputs by 128^-1 (the b side by zetas[1] 128^-1), so
// every result is in (-q, q) and only needs making canonical.
//
// Layers len = 2 .. 16 per 32-coefficient chunk, the forward layouts in
// reverse (LD2 on 32-bit elements, TRN), then len = 32, 64, 128 on the
// four column blocks.
void inv_ntt(mlkem::Poly* poly) {
  std::int16_t* f = coeffs(poly);
  for (int c = 0; c < 8; ++c) {
    std::int16_t* p = f + 32 * c;
    const Pair* t = kTables.inv[c];
    const int32x4x2_t lo = vld2q_s32(reinterpret_cast<const std::int32_t*>(p));
    const int32x4x2_t hi = vld2q_s32(reinterpret_cast<const std::int32_t*>(p + 16));
    int16x8_t x0 = vreinterpretq_s16_s32(lo.val[0]), y0 = vreinterpretq_s16_s32(lo.val[1]);
    int16x8_t x1 = vreinterpretq_s16_s32(hi.val[0]), y1 = vreinterpretq_s16_s32(hi.val[1]);
    gs_vec(x0, y0, load_pair(t[0]));  // len 2
    gs_vec(x1, y1, load_pair(t[1]));
    int16x8_t a0 = trn1_32(x0, y0), b0 = trn2_32(x0, y0);  // len 4
    int16x8_t a1 = trn1_32(x1, y1), b1 = trn2_32(x1, y1);
    gs_vec(a0, b0, load_pair(t[2]));
    gs_vec(a1, b1, load_pair(t[3]));
    int16x8_t v0 = trn1_64(a0, b0), v1 = trn2_64(a0, b0);  // len 8
    int16x8_t v2 = trn1_64(a1, b1), v3 = trn2_64(a1, b1);
    const Consts z = load_pair(t[4]);
    gs_lane<0>(v0, v1, z);
    gs_lane<1>(v2, v3, z);
    int16x8x4_t out;
    out.val[0] = reduce(v0);
    out.val[1] = reduce(v1);
    out.val[2] = reduce(v2);
    out.val[3] = reduce(v3);
    gs_lane<2>(out.val[0], out.val[2], z);  // len 16
    gs_lane<2>(out.val[1], out.val[3], z);
    vst1q_s16_x4(p, out);
  }
  const Consts z = load_pair(kTables.inv_top);
  for (int j = 0; j < 4; ++j) {
    std::int16_t* p = f + 8 * j;
    int16x8_t v[8];
    load_column_block(p, v);
    gs_lane<0>(v[0], v[1], z);  // len 32
    gs_lane<1>(v[2], v[3], z);
    gs_lane<2>(v[4], v[5], z);
    gs_lane<3>(v[6], v[7], z);
    gs_lane<4>(v[0], v[2], z);  // len 64
    gs_lane<4>(v[1], v[3], z);
    gs_lane<5>(v[4], v[6], z);
    gs_lane<5>(v[5], v[7], z);
    for (int m = 0; m < 4; ++m) {  // len 128 with 128^-1
      const int16x8_t d = vsubq_s16(v[m + 4], v[m]);
      v[m] = canonical(mul_lane<7>(vaddq_s16(v[m], v[m + 4]), z));
      v[m + 4] = canonical(mul_lane<6>(d, z));
    }
    store_column_block(p, v);
  }
}

// ---------------------------------------------------------------------------
// MultiplyNTTs (Algorithm 11) with BaseCaseMultiply (Algorithm 12) on
// sixteen coefficients (eight pairs) a step: LD2 splits even (a0, b0) and
// odd (a1, b1) coefficients, a1 gamma is a Barrett multiplication (< q),
// c0 = a0 b0 + (a1 gamma) b1 and c1 = a0 b1 + a1 b0 are 32-bit sums
// (|c| < 2 q^2, plus h < q when accumulating), reduced by 32-bit Barrett:
// t = SQRDMULH(c, round(2^31 / q)) = round(c / q) within 0.003, so
// |c - t q| <= 1674 and the low halves (UZP1) are the centred result.
ARMACCEL_ALWAYS_INLINE int16x8_t reduce32(int32x4_t lo, int32x4_t hi) {
  const int32x4_t q = vdupq_n_s32(kQ);
  lo = vmlsq_s32(lo, vqrdmulhq_n_s32(lo, kBarrett32), q);
  hi = vmlsq_s32(hi, vqrdmulhq_n_s32(hi, kBarrett32), q);
  return canonical(vuzp1q_s16(vreinterpretq_s16_s32(lo), vreinterpretq_s16_s32(hi)));
}

template <bool Accumulate>
void multiply_ntts_impl(mlkem::Poly* hp, const mlkem::Poly* fp, const mlkem::Poly* gp) {
  std::int16_t* h = coeffs(hp);
  const std::int16_t* f = coeffs(fp);
  const std::int16_t* g = coeffs(gp);
  for (int r = 0; r < 16; ++r) {
    const int16x8x2_t a = vld2q_s16(f + 16 * r);
    const int16x8x2_t b = vld2q_s16(g + 16 * r);
    const int16x8_t a0 = a.val[0], a1 = a.val[1], b0 = b.val[0], b1 = b.val[1];
    const int16x8_t a1g = mul_vec(a1, load_pair(kTables.gammas[r]));
    int32x4_t c0l = vmlal_s16(vmull_s16(vget_low_s16(a0), vget_low_s16(b0)), vget_low_s16(a1g),
                              vget_low_s16(b1));
    int32x4_t c0h = vmlal_high_s16(vmull_high_s16(a0, b0), a1g, b1);
    int32x4_t c1l = vmlal_s16(vmull_s16(vget_low_s16(a0), vget_low_s16(b1)), vget_low_s16(a1),
                              vget_low_s16(b0));
    int32x4_t c1h = vmlal_high_s16(vmull_high_s16(a0, b1), a1, b0);
    if constexpr (Accumulate) {
      const int16x8x2_t acc = vld2q_s16(h + 16 * r);
      c0l = vaddw_s16(c0l, vget_low_s16(acc.val[0]));
      c0h = vaddw_high_s16(c0h, acc.val[0]);
      c1l = vaddw_s16(c1l, vget_low_s16(acc.val[1]));
      c1h = vaddw_high_s16(c1h, acc.val[1]);
    }
    int16x8x2_t out;
    out.val[0] = reduce32(c0l, c0h);
    out.val[1] = reduce32(c1l, c1h);
    vst2q_s16(h + 16 * r, out);
  }
}

void multiply_ntts(mlkem::Poly* h, const mlkem::Poly* f, const mlkem::Poly* g, bool accumulate) {
  if (accumulate) {
    multiply_ntts_impl<true>(h, f, g);
  } else {
    multiply_ntts_impl<false>(h, f, g);
  }
}

// The sum of N products (N <= 4) before one reduction: each product adds
// |c| < 2 q^2 to a 32-bit lane, so |c| < 8 q^2 + q < 2^27, where
// round(2^31 / q) is within 0.3 / q of 2^31 / q and t = round(c / q) is
// within 0.013: |c - t q| <= 1707, the centred result as before.
template <int N, bool Accumulate>
void multiply_ntts_sum_impl(mlkem::Poly* hp, const mlkem::Poly* const* fp,
                            const mlkem::Poly* const* gp) {
  std::int16_t* h = coeffs(hp);
  for (int r = 0; r < 16; ++r) {
    int32x4_t c0l = vdupq_n_s32(0), c0h = c0l, c1l = c0l, c1h = c0l;
    if constexpr (Accumulate) {
      const int16x8x2_t acc = vld2q_s16(h + 16 * r);
      c0l = vmovl_s16(vget_low_s16(acc.val[0]));
      c0h = vmovl_high_s16(acc.val[0]);
      c1l = vmovl_s16(vget_low_s16(acc.val[1]));
      c1h = vmovl_high_s16(acc.val[1]);
    }
    const Consts gamma = load_pair(kTables.gammas[r]);
    unroll<N>([&](auto j) {
      const int16x8x2_t a = vld2q_s16(coeffs(fp[j]) + 16 * r);
      const int16x8x2_t b = vld2q_s16(coeffs(gp[j]) + 16 * r);
      const int16x8_t a0 = a.val[0], a1 = a.val[1], b0 = b.val[0], b1 = b.val[1];
      const int16x8_t a1g = mul_vec(a1, gamma);
      c0l = vmlal_s16(vmlal_s16(c0l, vget_low_s16(a0), vget_low_s16(b0)), vget_low_s16(a1g),
                      vget_low_s16(b1));
      c0h = vmlal_high_s16(vmlal_high_s16(c0h, a0, b0), a1g, b1);
      c1l = vmlal_s16(vmlal_s16(c1l, vget_low_s16(a0), vget_low_s16(b1)), vget_low_s16(a1),
                      vget_low_s16(b0));
      c1h = vmlal_high_s16(vmlal_high_s16(c1h, a0, b1), a1, b0);
    });
    int16x8x2_t out;
    out.val[0] = reduce32(c0l, c0h);
    out.val[1] = reduce32(c1l, c1h);
    vst2q_s16(h + 16 * r, out);
  }
}

template <int N>
void multiply_ntts_sum_n(mlkem::Poly* h, const mlkem::Poly* const* f, const mlkem::Poly* const* g,
                         bool accumulate) {
  if (accumulate) {
    multiply_ntts_sum_impl<N, true>(h, f, g);
  } else {
    multiply_ntts_sum_impl<N, false>(h, f, g);
  }
}

void multiply_ntts_sum(mlkem::Poly* h, const mlkem::Poly* const* f, const mlkem::Poly* const* g,
                       unsigned n, bool accumulate) {
  switch (n) {
    case 1:
      return multiply_ntts_sum_n<1>(h, f, g, accumulate);
    case 2:
      return multiply_ntts_sum_n<2>(h, f, g, accumulate);
    case 3:
      return multiply_ntts_sum_n<3>(h, f, g, accumulate);
    default:
      return multiply_ntts_sum_n<4>(h, f, g, accumulate);
  }
}

// ---------------------------------------------------------------------------
// Rejection sampling (Algorithm 7, steps 5-16), sixteen candidates from 24
// bytes a step: TBL gathers the byte pairs (3i, 3i+1) and (3i+1, 3i+2) into
// 16-bit lanes, USHL by 0 / -4 and an AND with 0xfff make d1, d2; the lanes
// below q form an 8-bit mask, and a table indexed by it (public data) gives
// the TBL pattern that packs the accepted lanes to the front, and their
// number.  The last candidates (fewer than 16 still wanted, or fewer than
// 24 bytes left) go one by one.
struct RejEntry {
  std::uint8_t idx[16];  // byte pattern for TBL: accepted lanes first
};

struct RejTables {
  RejEntry e[256];
  std::uint8_t count[256];
};

constexpr RejTables make_rej_tables() {
  RejTables t{};
  for (int m = 0; m < 256; ++m) {
    int n = 0;
    for (int l = 0; l < 8; ++l) {
      if ((m >> l) & 1) {
        t.e[m].idx[2 * n] = static_cast<std::uint8_t>(2 * l);
        t.e[m].idx[2 * n + 1] = static_cast<std::uint8_t>(2 * l + 1);
        ++n;
      }
    }
    for (int k = 2 * n; k < 16; ++k) t.e[m].idx[k] = 0xff;
    t.count[m] = static_cast<std::uint8_t>(n);
  }
  return t;
}

constexpr RejTables kRej = make_rej_tables();

constexpr std::uint8_t kGatherLo[16] = {0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11};
constexpr std::uint8_t kGatherHi[16] = {4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15};
constexpr std::int16_t kShifts[8] = {0, -4, 0, -4, 0, -4, 0, -4};
constexpr std::uint16_t kBits[8] = {1, 2, 4, 8, 16, 32, 64, 128};

ARMACCEL_ALWAYS_INLINE unsigned pack(std::uint16_t* out, uint16x8_t d, uint16x8_t bits) {
  const uint16x8_t q = vdupq_n_u16(kQ);
  const unsigned m = vaddvq_u16(vandq_u16(vcltq_u16(d, q), bits));
  const uint8x16_t idx = vld1q_u8(kRej.e[m].idx);
  vst1q_u16(out, vreinterpretq_u16_u8(vqtbl1q_u8(vreinterpretq_u8_u16(d), idx)));
  return kRej.count[m];
}

unsigned rej_uniform(std::uint16_t* out, unsigned room, const std::uint8_t* buf, std::size_t len) {
  unsigned n = 0;
  std::size_t pos = 0;
  if (room >= 16 && len >= 24) {
    const uint8x16_t glo = vld1q_u8(kGatherLo), ghi = vld1q_u8(kGatherHi);
    const int16x8_t shifts = vld1q_s16(kShifts);
    const uint16x8_t bits = vld1q_u16(kBits), mask = vdupq_n_u16(0xfff);
    while (room - n >= 16 && len - pos >= 24) {
      const uint8x16_t r0 = vld1q_u8(buf + pos), r1 = vld1q_u8(buf + pos + 8);
      const uint16x8_t d0 =
          vandq_u16(vshlq_u16(vreinterpretq_u16_u8(vqtbl1q_u8(r0, glo)), shifts), mask);
      const uint16x8_t d1 =
          vandq_u16(vshlq_u16(vreinterpretq_u16_u8(vqtbl1q_u8(r1, ghi)), shifts), mask);
      n += pack(out + n, d0, bits);
      n += pack(out + n, d1, bits);
      pos += 24;
    }
  }
  for (; pos + 3 <= len && n < room; pos += 3) {
    const unsigned d1 = buf[pos] | ((buf[pos + 1] & 0x0fu) << 8);
    const unsigned d2 = (buf[pos + 1] >> 4) | (unsigned{buf[pos + 2]} << 4);
    if (d1 < static_cast<unsigned>(kQ)) out[n++] = static_cast<std::uint16_t>(d1);
    if (d2 < static_cast<unsigned>(kQ) && n < room) out[n++] = static_cast<std::uint16_t>(d2);
  }
  return n;
}

}  // namespace
}  // namespace armaccel
