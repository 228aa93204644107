// SPDX-License-Identifier: Apache-2.0
// Bit-sliced AES building blocks for the portable lane (aes_portable.cpp).
//
// A bit-sliced state keeps bit b of many bytes in one machine word ("plane"
// b), so the S-box becomes a fixed Boolean circuit evaluated on whole words:
// no table, no secret-dependent index or branch.  The circuit is the
// 113-gate S-box of Boyar and Peralta ("A depth-16 circuit for the AES
// S-box", 2011): a linear top layer, a shared GF(2^4)-tower inversion core
// and a linear bottom layer.  The inverse S-box is computed as
// IA(S(IA(x))), where IA is the inverse of the S-box's affine map
// (FIPS 197 §5.3.2), which saves a second circuit.
//
// Portable-only header (inline templates): not for extension-flag lane files.
#pragma once

#include <cstdint>

namespace armaccel::aes_bitslice {

// Applies the AES S-box (FIPS 197 §5.1.1) to every byte slot of the planes
// q[0..7] (q[b] holds bit b, b = 0 least significant).  W is any unsigned
// integer type; each bit position of W is an independent byte.
template <class W>
void sub_bytes(W q[8]) {
  // Inputs: U0 is the most significant bit.
  const W u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
  const W u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];

  // Top linear layer.
  const W t1 = u0 ^ u3, t2 = u0 ^ u5, t3 = u0 ^ u6, t4 = u3 ^ u5, t5 = u4 ^ u6;
  const W t6 = t1 ^ t5, t7 = u1 ^ u2, t8 = u7 ^ t6, t9 = u7 ^ t7, t10 = t6 ^ t7;
  const W t11 = u1 ^ u5, t12 = u2 ^ u5, t13 = t3 ^ t4, t14 = t6 ^ t11, t15 = t5 ^ t11;
  const W t16 = t5 ^ t12, t17 = t9 ^ t16, t18 = u3 ^ u7, t19 = t7 ^ t18, t20 = t1 ^ t19;
  const W t21 = u6 ^ u7, t22 = t7 ^ t21, t23 = t2 ^ t22, t24 = t2 ^ t10, t25 = t20 ^ t17;
  const W t26 = t3 ^ t16, t27 = t1 ^ t12;

  // Non-linear core (inversion in the tower field).
  const W m1 = t13 & t6, m2 = t23 & t8, m3 = t14 ^ m1, m4 = t19 & u7, m5 = m4 ^ m1;
  const W m6 = t3 & t16, m7 = t22 & t9, m8 = t26 ^ m6, m9 = t20 & t17, m10 = m9 ^ m6;
  const W m11 = t1 & t15, m12 = t4 & t27, m13 = m12 ^ m11, m14 = t2 & t10, m15 = m14 ^ m11;
  const W m16 = m3 ^ m2, m17 = m5 ^ t24, m18 = m8 ^ m7, m19 = m10 ^ m15, m20 = m16 ^ m13;
  const W m21 = m17 ^ m15, m22 = m18 ^ m13, m23 = m19 ^ t25, m24 = m22 ^ m23, m25 = m22 & m20;
  const W m26 = m21 ^ m25, m27 = m20 ^ m21, m28 = m23 ^ m25, m29 = m28 & m27, m30 = m26 & m24;
  const W m31 = m20 & m23, m32 = m27 & m31, m33 = m27 ^ m25, m34 = m21 & m22, m35 = m24 & m34;
  const W m36 = m24 ^ m25, m37 = m21 ^ m29, m38 = m32 ^ m33, m39 = m23 ^ m30, m40 = m35 ^ m36;
  const W m41 = m38 ^ m40, m42 = m37 ^ m39, m43 = m37 ^ m38, m44 = m39 ^ m40, m45 = m42 ^ m41;
  const W m46 = m44 & t6, m47 = m40 & t8, m48 = m39 & u7, m49 = m43 & t16, m50 = m38 & t9;
  const W m51 = m37 & t17, m52 = m42 & t15, m53 = m45 & t27, m54 = m41 & t10, m55 = m44 & t13;
  const W m56 = m40 & t23, m57 = m39 & t19, m58 = m43 & t3, m59 = m38 & t22, m60 = m37 & t20;
  const W m61 = m42 & t1, m62 = m45 & t4, m63 = m41 & t2;

  // Bottom linear layer (with the affine constant folded into XNORs).
  const W l0 = m61 ^ m62, l1 = m50 ^ m56, l2 = m46 ^ m48, l3 = m47 ^ m55, l4 = m54 ^ m58;
  const W l5 = m49 ^ m61, l6 = m62 ^ l5, l7 = m46 ^ l3, l8 = m51 ^ m59, l9 = m52 ^ m53;
  const W l10 = m53 ^ l4, l11 = m60 ^ l2, l12 = m48 ^ m51, l13 = m50 ^ l0, l14 = m52 ^ m61;
  const W l15 = m55 ^ l1, l16 = m56 ^ l0, l17 = m57 ^ l1, l18 = m58 ^ l8, l19 = m63 ^ l4;
  const W l20 = l0 ^ l1, l21 = l1 ^ l7, l22 = l3 ^ l12, l23 = l18 ^ l2, l24 = l15 ^ l9;
  const W l25 = l6 ^ l10, l26 = l7 ^ l9, l27 = l8 ^ l10, l28 = l11 ^ l14, l29 = l11 ^ l17;

  q[7] = l6 ^ l24;                      // S0
  q[6] = static_cast<W>(~(l16 ^ l26));  // S1
  q[5] = static_cast<W>(~(l19 ^ l28));  // S2
  q[4] = l6 ^ l21;                      // S3
  q[3] = l20 ^ l22;                     // S4
  q[2] = l25 ^ l29;                     // S5
  q[1] = static_cast<W>(~(l13 ^ l27));  // S6
  q[0] = static_cast<W>(~(l6 ^ l23));   // S7
}

// The inverse of the S-box's affine map (FIPS 197 §5.3.2):
// b_i = b'_{i+2} ^ b'_{i+5} ^ b'_{i+7} ^ d_i with d = 0x05, indices mod 8.
template <class W>
void inverse_affine(W q[8]) {
  W r[8];
  for (int i = 0; i < 8; ++i) r[i] = q[(i + 2) & 7] ^ q[(i + 5) & 7] ^ q[(i + 7) & 7];
  r[0] = static_cast<W>(~r[0]);
  r[2] = static_cast<W>(~r[2]);
  for (int i = 0; i < 8; ++i) q[i] = r[i];
}

// InvSubBytes (FIPS 197 §5.3.2): S^-1(y) = IA(S(IA(y))).
template <class W>
void inv_sub_bytes(W q[8]) {
  inverse_affine(q);
  sub_bytes(q);
  inverse_affine(q);
}

// Multiplies every byte slot by x in GF(2^8) mod x^8 + x^4 + x^3 + x + 1
// (FIPS 197 §4.2.1, xtime), writing to out (may alias in).
template <class W>
void xtime(const W in[8], W out[8]) {
  const W hi = in[7];
  out[7] = in[6];
  out[6] = in[5];
  out[5] = in[4];
  out[4] = in[3] ^ hi;
  out[3] = in[2] ^ hi;
  out[2] = in[1];
  out[1] = in[0] ^ hi;
  out[0] = hi;
}

}  // namespace armaccel::aes_bitslice
