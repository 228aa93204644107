// SPDX-License-Identifier: Apache-2.0
// ML-KEM arithmetic (FIPS 203 §4.3), AArch64 lane "mlkem-neon" on
// Advanced SIMD: eight coefficients a vector as signed 16-bit lanes.
//
// Multiplication by a constant b (a zeta, a gamma, 128^-1) is Barrett
// multiplication without a Montgomery domain: with b' = round(b 2^15 / q),
//   t = SQRDMULH(a, b') = round(a b' / 2^15) ~ a b / q,   r = a b - t q
// (MUL, SQRDMULH, MLS), and |r| < q (1/2 + |a| / 2^16) < q for any 16-bit a.
// Reductions are Barrett's: the centred representative of x (|r| <= 1664)
// from SQDMULH by round(2^26 / q) and a rounding shift by 11, or, for
// |x| < 8q, the cheaper SQRDMULH by 10 (|r| <= 2056).  A representative
// r in (-q, q) becomes canonical with UMIN(r, r + q) read as unsigned (a
// negative r is a huge unsigned number, r + q is then the answer).
//
// The coding entries (Compress_d + ByteEncode_d, ByteDecode_d +
// Decompress_d for d = 1, 4, 5, 10, 11, 12), SamplePolyCBD and add/sub
// work on unsigned lanes: Compress_d by multiply-and-shift constants
// (never a division), bit packing by SLI trees with public TBL shuffles,
// CBD by in-lane bit sums; see their sections in mlkem_neon_coding.h (the
// arithmetic, NTTs and rej_uniform are in mlkem_neon_arith.h).
//
// Shapes: the entries take and return Poly (256 uint16 coefficients in
// [0, q)), read here as int16.  Between entry and return the bounds at each
// section keep every lane inside int16 without further reductions.  Constant time:
// no branch or table index depends on a coefficient, except in
// rej_uniform, whose input is public (the XOF output of rho).
//
// Advanced SIMD is part of the base AArch64 architecture; this file needs
// no extension flags, but follows the lane-file rules (only the table is
// exported; the tables are internal constexpr data).

// The NTTs and MultiplyNTTs work in place: each step loads from and
// stores to the same coefficients.  GCC folds the pointer step into the
// step's last store (post-index write-back), so the next step's loads
// take their address from that store.  A core computes the write-back in
// the store's address micro-op, before its data, and loses nothing; LLVM's
// scheduling models (llvm-mca, the cycle estimates of docs/performance.md)
// issue the store whole, once its data is ready, and so chain every step
// behind the previous one (inv_ntt: 641 estimated cycles on neoverse-v2
// instead of 292, the same 1,124 instructions).  Separate pointer
// additions cost no instructions here and read the same on both.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-auto-inc-dec")
#endif

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "api/mlkem_kernel.h"
#include "mlkem_neon_arith.h"
#include "mlkem_neon_coding.h"
#include "util/always_inline.h"

namespace armaccel {

namespace {

// ---------------------------------------------------------------------------
// Coefficient-wise r = a + b, a - b mod q; 32 coefficients a step, loaded
// before the store, so r may alias a or b.
void add(mlkem::Poly* r, const mlkem::Poly* a, const mlkem::Poly* b) {
  for (int g = 0; g < 8; ++g) {
    const uint16x8x4_t x = vld1q_u16_x4(a->c + 32 * g), y = vld1q_u16_x4(b->c + 32 * g);
    uint16x8x4_t s;
    unroll<4>([&](auto i) { s.val[i] = csub_u16(vaddq_u16(x.val[i], y.val[i])); });
    vst1q_u16_x4(r->c + 32 * g, s);
  }
}

void sub(mlkem::Poly* r, const mlkem::Poly* a, const mlkem::Poly* b) {
  const uint16x8_t q = vdupq_n_u16(kQ);
  for (int g = 0; g < 8; ++g) {
    const uint16x8x4_t x = vld1q_u16_x4(a->c + 32 * g), y = vld1q_u16_x4(b->c + 32 * g);
    uint16x8x4_t s;
    unroll<4>([&](auto i) {
      const uint16x8_t t = vsubq_u16(x.val[i], y.val[i]);  // a < b: wraps, t + q is the answer
      s.val[i] = vminq_u16(t, vaddq_u16(t, q));
    });
    vst1q_u16_x4(r->c + 32 * g, s);
  }
}

}  // namespace

extern const MlkemKernel kMlkemNeon;
// clang-format off
const MlkemKernel kMlkemNeon = {
    .lane = "mlkem-neon", .required = kFeatAsimd, .ntt = ntt, .inv_ntt = inv_ntt,
    .multiply_ntts = multiply_ntts, .multiply_ntts_sum = multiply_ntts_sum,
    .rej_uniform = rej_uniform, .compress_encode = compress_encode,
    .decode_decompress = decode_decompress, .sample_cbd = sample_cbd, .add = add, .sub = sub};
// clang-format on

}  // namespace armaccel
