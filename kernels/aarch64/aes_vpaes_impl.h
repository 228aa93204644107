// SPDX-License-Identifier: Apache-2.0
// Vector-permute AES (FIPS 197) for AArch64 cores without the AES
// instructions: the S-box as GF(2^4) arithmetic on the state's nibbles,
// every lookup a TBL on a 16-byte table held in a NEON register, so there is
// no secret-dependent memory index or branch (M. Hamburg, "Accelerating AES
// with vector permute instructions", CHES 2009).  The tables and the
// algebra behind them come from aes_vpaes_tables.py, which also checks the
// data flow below against a plain AES.
//
// Round keys (AesRoundKeys::bytes, aes-neon layout):
//   [0, 16 (Nr + 1))        the FIPS 197 round keys, round key i at 16 i;
//   [240, 240 + 16 (Nr + 1)) the same rounds in the form this code adds them
//                            (vpaes_encrypt_schedule / vpaes_decrypt_schedule).
// Everything is in an anonymous namespace: internal to the including lane.
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "aes_vpaes_tables.h"
#include "api/aes.h"
#include "util/always_inline.h"

namespace armaccel {
namespace {

inline constexpr std::size_t kVpaesKeyOffset = 240;

inline uint8x16_t vp_ld(const std::uint8_t (&t)[16]) {
  return vld1q_u8(t);
}

// The inversion core: tower-form bytes x -> (io, jo), whose output-table
// lookups sum to a linear image of x^-1 (aes_vpaes_tables.py).  12
// instructions, 5 of them TBL.
struct VpCore {
  uint8x16_t mask, inv, inva;
  VpCore() : mask(vdupq_n_u8(0x0f)), inv(vp_ld(kVpaes.inv)), inva(vp_ld(kVpaes.inva)) {}
  ARMACCEL_ALWAYS_INLINE void invert(uint8x16_t x, uint8x16_t* io, uint8x16_t* jo) const {
    const uint8x16_t i = vshrq_n_u8(x, 4);
    const uint8x16_t k = vandq_u8(x, mask);
    const uint8x16_t ak = vqtbl1q_u8(inva, k);
    const uint8x16_t j = veorq_u8(i, k);
    const uint8x16_t iak = veorq_u8(vqtbl1q_u8(inv, i), ak);
    const uint8x16_t jak = veorq_u8(vqtbl1q_u8(inv, j), ak);
    *io = veorq_u8(vqtbl1q_u8(inv, iak), j);
    *jo = veorq_u8(vqtbl1q_u8(inv, jak), i);
  }
  // A GF(2)-linear byte map given by its images of the low and high nibble.
  ARMACCEL_ALWAYS_INLINE uint8x16_t linear(uint8x16_t x, uint8x16_t lo, uint8x16_t hi) const {
    return veorq_u8(vqtbl1q_u8(lo, vandq_u8(x, mask)), vqtbl1q_u8(hi, vshrq_n_u8(x, 4)));
  }
};

ARMACCEL_ALWAYS_INLINE uint8x16_t vp_out(uint8x16_t u, uint8x16_t t, uint8x16_t io, uint8x16_t jo) {
  return veorq_u8(vqtbl1q_u8(u, io), vqtbl1q_u8(t, jo));
}

// Encryption tables for Nr rounds, loaded into registers once per call.
template <int Nr>
struct VpEnc : VpCore {
  uint8x16_t ipt_lo, ipt_hi, sb1_u, sb1_t, sb2_u, sb2_t, sbo_u, sbo_t, fix;
  uint8x16_t fwd[4], bwd[4];
  VpEnc()
      : ipt_lo(vp_ld(kVpaes.ipt_lo)),
        ipt_hi(vp_ld(kVpaes.ipt_hi)),
        sb1_u(vp_ld(kVpaes.sb1_u)),
        sb1_t(vp_ld(kVpaes.sb1_t)),
        sb2_u(vp_ld(kVpaes.sb2_u)),
        sb2_t(vp_ld(kVpaes.sb2_t)),
        sbo_u(vp_ld(kVpaes.sbo_u)),
        sbo_t(vp_ld(kVpaes.sbo_t)),
        fix(vp_ld(kVpaes.sr_fix[Nr % 4])) {
    for (int n = 0; n < 4; ++n) {
      fwd[n] = vp_ld(kVpaes.mc_fwd[n]);
      bwd[n] = vp_ld(kVpaes.mc_bwd[n]);
    }
  }
};

// Decryption tables for Nr rounds.
template <int Nr>
struct VpDec : VpCore {
  uint8x16_t dipt_lo, dipt_hi, d9_u, d9_t, dd_u, dd_t, db_u, db_t, de_u, de_t, dso_u, dso_t, fix;
  uint8x16_t rot[4];
  VpDec()
      : dipt_lo(vp_ld(kVpaes.dipt_lo)),
        dipt_hi(vp_ld(kVpaes.dipt_hi)),
        d9_u(vp_ld(kVpaes.dsb9_u)),
        d9_t(vp_ld(kVpaes.dsb9_t)),
        dd_u(vp_ld(kVpaes.dsbd_u)),
        dd_t(vp_ld(kVpaes.dsbd_t)),
        db_u(vp_ld(kVpaes.dsbb_u)),
        db_t(vp_ld(kVpaes.dsbb_t)),
        de_u(vp_ld(kVpaes.dsbe_u)),
        de_t(vp_ld(kVpaes.dsbe_t)),
        dso_u(vp_ld(kVpaes.dsbo_u)),
        dso_t(vp_ld(kVpaes.dsbo_t)),
        fix(vp_ld(kVpaes.sr_fix[(4 - Nr % 4) % 4])) {
    for (int n = 0; n < 4; ++n) rot[n] = vp_ld(kVpaes.imc_rot[n]);
  }
};

// Cipher (FIPS 197 §5.1) on N blocks at once, round by round so their
// lookup chains interleave.  ks: the vpaes-form encryption schedule.
template <int Nr, int N>
ARMACCEL_ALWAYS_INLINE void vp_encrypt(uint8x16_t (&b)[N], const VpEnc<Nr>& t,
                                       const std::uint8_t* ks) {
  const uint8x16_t k0 = vld1q_u8(ks);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) b[i] = t.linear(veorq_u8(b[i], k0), t.ipt_lo, t.ipt_hi);
#pragma GCC unroll 16
  for (int r = 0; r < Nr - 1; ++r) {
    const int layout = r % 4;
    const uint8x16_t key = vld1q_u8(ks + 16 * (r + 1));
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) {
      uint8x16_t io, jo;
      t.invert(b[i], &io, &jo);
      const uint8x16_t a = vp_out(t.sb1_u, t.sb1_t, io, jo);   // S(x) - 0x63
      const uint8x16_t a2 = vp_out(t.sb2_u, t.sb2_t, io, jo);  // 2 (S(x) - 0x63)
      // MixColumns(ShiftRows(.)) = 2A + 3B + C + D with B, C, D the column
      // rotations by one, two, three rows in the current layout.
      const uint8x16_t ab = veorq_u8(a2, vqtbl1q_u8(a, t.fwd[layout]));    // 2A + B
      const uint8x16_t abd = veorq_u8(ab, vqtbl1q_u8(a, t.bwd[layout]));   // 2A + B + D
      b[i] = veorq_u8(veorq_u8(abd, vqtbl1q_u8(ab, t.fwd[layout])), key);  // + 2B + C
    }
  }
  const uint8x16_t kl = vld1q_u8(ks + 16 * Nr);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    uint8x16_t io, jo;
    t.invert(b[i], &io, &jo);
    b[i] = veorq_u8(vp_out(t.sbo_u, t.sbo_t, io, jo), kl);
    if constexpr (Nr % 4 != 0) b[i] = vqtbl1q_u8(b[i], t.fix);
  }
}

// Equivalent inverse cipher (FIPS 197 §5.3.5) on N blocks at once.  ks: the
// vpaes-form decryption schedule.
template <int Nr, int N>
ARMACCEL_ALWAYS_INLINE void vp_decrypt(uint8x16_t (&b)[N], const VpDec<Nr>& t,
                                       const std::uint8_t* ks) {
  const uint8x16_t k0 = vld1q_u8(ks);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) b[i] = veorq_u8(t.linear(b[i], t.dipt_lo, t.dipt_hi), k0);
#pragma GCC unroll 16
  for (int r = 0; r < Nr - 1; ++r) {
    const int layout = r % 4;
    const uint8x16_t key = vld1q_u8(ks + 16 * (r + 1));
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) {
      uint8x16_t io, jo;
      t.invert(b[i], &io, &jo);
      // InvMixColumns(InvShiftRows(y)) by Horner's rule on the rotation:
      // ((9y rot + 13y) rot + 11y) rot + 14y, each multiple already in the
      // next round's form.
      const uint8x16_t rot = t.rot[layout];
      uint8x16_t x = vp_out(t.d9_u, t.d9_t, io, jo);
      x = veorq_u8(vqtbl1q_u8(x, rot), vp_out(t.dd_u, t.dd_t, io, jo));
      x = veorq_u8(vqtbl1q_u8(x, rot), vp_out(t.db_u, t.db_t, io, jo));
      x = veorq_u8(vqtbl1q_u8(x, rot), vp_out(t.de_u, t.de_t, io, jo));
      b[i] = veorq_u8(x, key);
    }
  }
  const uint8x16_t kl = vld1q_u8(ks + 16 * Nr);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    uint8x16_t io, jo;
    t.invert(b[i], &io, &jo);
    b[i] = veorq_u8(vp_out(t.dso_u, t.dso_t, io, jo), kl);
    if constexpr (Nr % 4 != 0) b[i] = vqtbl1q_u8(b[i], t.fix);
  }
}

// SubBytes (FIPS 197 §5.1.1) of all 16 bytes, standard form in and out.
inline uint8x16_t vp_sub_bytes(uint8x16_t v) {
  const VpCore c;
  uint8x16_t io, jo;
  c.invert(c.linear(v, vp_ld(kVpaes.ipt_lo), vp_ld(kVpaes.ipt_hi)), &io, &jo);
  return veorq_u8(vp_out(vp_ld(kVpaes.sbo_u), vp_ld(kVpaes.sbo_t), io, jo), vdupq_n_u8(0x63));
}

// xtime (FIPS 197 §4.2.1) on every byte: multiplication by {02}.
inline uint8x16_t vp_xtime(uint8x16_t v) {
  const uint8x16_t carry = vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(v), 7));
  return veorq_u8(vshlq_n_u8(v, 1), vandq_u8(carry, vdupq_n_u8(0x1b)));
}

// InvMixColumns (FIPS 197 §5.3.3) of a standard-form round key.  With R
// the rotation of each column by one row and S = a + R a + R^2 a + R^3 a
// (every byte of a column holds its sum), row r of the result is
// 14 a_r + 11 a_{r+1} + 13 a_{r+2} + 9 a_{r+3}
//   = a_r + S + 2 ((a_r + a_{r+1}) + 2 ((a_r + a_{r+2}) + 2 S)),
// three xtimes by the linearity of multiplication by {02}.
inline uint8x16_t vp_inv_mix_columns(uint8x16_t a) {
  static constexpr std::uint8_t kRot1[16] = {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12};
  const uint8x16_t a1 = vqtbl1q_u8(a, vld1q_u8(kRot1));
  const uint8x16_t c = veorq_u8(a, vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(a))));
  const uint8x16_t c1 = veorq_u8(a1, vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(a1))));
  const uint8x16_t sum = veorq_u8(c, c1);
  const uint8x16_t t = vp_xtime(veorq_u8(veorq_u8(a, a1), vp_xtime(veorq_u8(c, vp_xtime(sum)))));
  return veorq_u8(veorq_u8(a, sum), t);
}

// Standard round key -> the byte layout after n rounds (layout n; decryption
// uses layout -n): TBL with the inverse of sr_fix[n].
inline uint8x16_t vp_to_layout(uint8x16_t v, int n) {
  return vqtbl1q_u8(v, vp_ld(kVpaes.sr_fix[(4 - n % 4) % 4]));
}

// bytes[240..): the encryption rounds in added form.  Round 0 standard (it
// is added before the change of form), rounds 1..Nr-1 in tower form with
// SubBytes' constant folded in, round Nr standard with 0x63 folded in; each
// in its round's byte layout.  Reads the standard schedule at bytes[0..).
template <int Nr>
inline void vpaes_encrypt_schedule(AesRoundKeys* rk) {
  constexpr int nr = Nr;
  const VpCore c;
  const uint8x16_t lo = vp_ld(kVpaes.ipt_lo), hi = vp_ld(kVpaes.ipt_hi);
  std::uint8_t* out = rk->bytes + kVpaesKeyOffset;
  vst1q_u8(out, vld1q_u8(rk->bytes));
#pragma GCC unroll 16
  for (int n = 1; n < nr; ++n) {
    const uint8x16_t k = c.linear(vld1q_u8(rk->bytes + 16 * n), lo, hi);
    vst1q_u8(out + 16 * n, vp_to_layout(veorq_u8(k, vdupq_n_u8(kVpaesEncConst)), n));
  }
  const uint8x16_t last = veorq_u8(vld1q_u8(rk->bytes + 16 * nr), vdupq_n_u8(0x63));
  vst1q_u8(out + 16 * nr, vp_to_layout(last, nr));
}

// bytes[240..): the equivalent inverse cipher's rounds in added form: round
// Nr's key in decryption form with InvSubBytes' constant folded in, then
// InvMixColumns of round keys Nr-1 .. 1 likewise, then round key 0 standard;
// each in its step's byte layout.  Reads the standard schedule at bytes[0..).
template <int Nr>
inline void vpaes_decrypt_schedule(AesRoundKeys* rk) {
  constexpr int nr = Nr;
  const VpCore c;
  const uint8x16_t lo = vp_ld(kVpaes.dipt_lo), hi = vp_ld(kVpaes.dipt_hi);
  const uint8x16_t dconst = vdupq_n_u8(kVpaesDecConst);
  std::uint8_t* out = rk->bytes + kVpaesKeyOffset;
  vst1q_u8(out, veorq_u8(c.linear(vld1q_u8(rk->bytes + 16 * nr), lo, hi), dconst));
#pragma GCC unroll 16
  for (int n = 1; n < nr; ++n) {
    const uint8x16_t k = vp_inv_mix_columns(vld1q_u8(rk->bytes + 16 * (nr - n)));
    vst1q_u8(out + 16 * n, vp_to_layout(veorq_u8(c.linear(k, lo, hi), dconst), 4 - n % 4));
  }
  vst1q_u8(out + 16 * nr, vp_to_layout(vld1q_u8(rk->bytes), 4 - nr % 4));
}

}  // namespace
}  // namespace armaccel
