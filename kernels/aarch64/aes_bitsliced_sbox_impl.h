// The AES S-box and its inverse (FIPS 197 §5.1.1, §5.3.2) as Boolean
// circuits over eight bit planes held in NEON registers, for the bit-sliced
// AES of aes_bitsliced_impl.h.  Each of the 128 bit positions of a plane is
// an independent S-box evaluation; plane i holds bit i (plane 7 the most
// significant bit) of every evaluated byte.
//
// Source: J. Boyar and R. Peralta, "A depth-16 circuit for the AES S-box"
// (IFIP SEC 2012, eprint 2011/332), and "A new combinational logic
// minimization technique with applications to cryptology" (SEA 2010): a
// shared non-linear middle (GF(2^8) inversion through GF(2^4), 32 ANDs)
// between a top and a bottom linear layer.  The forward top and bottom
// layers are those of the 113-gate circuit; the inverse top (which undoes
// the affine map) and bottom layers are those published for the inverse.
//
// The published circuits end (forward) or begin (inverse) with XNORs that
// add the affine constant 0x63.  These functions leave them out:
//   bs_sbox_linear(x)     = SubBytes(x) ^ 0x63
//   bs_inv_sbox_linear(x) = InvSubBytes(x ^ 0x63)
// The cipher adds 0x63 into its round keys instead (MixColumns and
// InvMixColumns map a column of four equal bytes c to itself), so the
// constant costs nothing per round.
//
// Constant time: only XOR and AND on whole registers.
#pragma once

#include <arm_neon.h>

#include "util/always_inline.h"

namespace armaccel {
namespace {

using BsVec = uint8x16_t;

ARMACCEL_ALWAYS_INLINE BsVec bs_x(BsVec a, BsVec b) {
  return veorq_u8(a, b);
}
ARMACCEL_ALWAYS_INLINE BsVec bs_a(BsVec a, BsVec b) {
  return vandq_u8(a, b);
}

// The values of the top linear layer that the non-linear middle reads.
struct BsSboxTop {
  BsVec t1, t2, t3, t4, t6, t8, t9, t10, t13, t14, t15, t16, t17, t19, t20, t22, t23, t24, t25, t26,
      t27, d;
};

// The 18 products the bottom linear layer reads.
struct BsSboxProducts {
  BsVec m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63;
};

// Shared non-linear middle: inversion in GF(2^8) in tower-field form.
ARMACCEL_ALWAYS_INLINE BsSboxProducts bs_sbox_middle(const BsSboxTop& t) {
  const BsVec m1 = bs_a(t.t13, t.t6);
  const BsVec m2 = bs_a(t.t23, t.t8);
  const BsVec m3 = bs_x(t.t14, m1);
  const BsVec m4 = bs_a(t.t19, t.d);
  const BsVec m5 = bs_x(m4, m1);
  const BsVec m6 = bs_a(t.t3, t.t16);
  const BsVec m7 = bs_a(t.t22, t.t9);
  const BsVec m8 = bs_x(t.t26, m6);
  const BsVec m9 = bs_a(t.t20, t.t17);
  const BsVec m10 = bs_x(m9, m6);
  const BsVec m11 = bs_a(t.t1, t.t15);
  const BsVec m12 = bs_a(t.t4, t.t27);
  const BsVec m13 = bs_x(m12, m11);
  const BsVec m14 = bs_a(t.t2, t.t10);
  const BsVec m15 = bs_x(m14, m11);
  const BsVec m16 = bs_x(m3, m2);
  const BsVec m17 = bs_x(m5, t.t24);
  const BsVec m18 = bs_x(m8, m7);
  const BsVec m19 = bs_x(m10, m15);
  const BsVec m20 = bs_x(m16, m13);
  const BsVec m21 = bs_x(m17, m15);
  const BsVec m22 = bs_x(m18, m13);
  const BsVec m23 = bs_x(m19, t.t25);
  const BsVec m24 = bs_x(m22, m23);
  const BsVec m25 = bs_a(m22, m20);
  const BsVec m26 = bs_x(m21, m25);
  const BsVec m27 = bs_x(m20, m21);
  const BsVec m28 = bs_x(m23, m25);
  const BsVec m29 = bs_a(m28, m27);
  const BsVec m30 = bs_a(m26, m24);
  const BsVec m31 = bs_a(m20, m23);
  const BsVec m32 = bs_a(m27, m31);
  const BsVec m33 = bs_x(m27, m25);
  const BsVec m34 = bs_a(m21, m22);
  const BsVec m35 = bs_a(m24, m34);
  const BsVec m36 = bs_x(m24, m25);
  const BsVec m37 = bs_x(m21, m29);
  const BsVec m38 = bs_x(m32, m33);
  const BsVec m39 = bs_x(m23, m30);
  const BsVec m40 = bs_x(m35, m36);
  const BsVec m41 = bs_x(m38, m40);
  const BsVec m42 = bs_x(m37, m39);
  const BsVec m43 = bs_x(m37, m38);
  const BsVec m44 = bs_x(m39, m40);
  const BsVec m45 = bs_x(m42, m41);
  BsSboxProducts p;
  p.m46 = bs_a(m44, t.t6);
  p.m47 = bs_a(m40, t.t8);
  p.m48 = bs_a(m39, t.d);
  p.m49 = bs_a(m43, t.t16);
  p.m50 = bs_a(m38, t.t9);
  p.m51 = bs_a(m37, t.t17);
  p.m52 = bs_a(m42, t.t15);
  p.m53 = bs_a(m45, t.t27);
  p.m54 = bs_a(m41, t.t10);
  p.m55 = bs_a(m44, t.t13);
  p.m56 = bs_a(m40, t.t23);
  p.m57 = bs_a(m39, t.t19);
  p.m58 = bs_a(m43, t.t3);
  p.m59 = bs_a(m38, t.t22);
  p.m60 = bs_a(m37, t.t20);
  p.m61 = bs_a(m42, t.t1);
  p.m62 = bs_a(m45, t.t4);
  p.m63 = bs_a(m41, t.t2);
  return p;
}

// x[i] = bit plane i; in place.  SubBytes without the constant 0x63.
ARMACCEL_ALWAYS_INLINE void bs_sbox_linear(BsVec x[8]) {
  const BsVec u0 = x[7], u1 = x[6], u2 = x[5], u3 = x[4];
  const BsVec u4 = x[3], u5 = x[2], u6 = x[1], u7 = x[0];
  BsSboxTop t;
  t.t1 = bs_x(u0, u3);
  t.t2 = bs_x(u0, u5);
  t.t3 = bs_x(u0, u6);
  t.t4 = bs_x(u3, u5);
  const BsVec t5 = bs_x(u4, u6);
  t.t6 = bs_x(t.t1, t5);
  const BsVec t7 = bs_x(u1, u2);
  t.t8 = bs_x(u7, t.t6);
  t.t9 = bs_x(u7, t7);
  t.t10 = bs_x(t.t6, t7);
  const BsVec t11 = bs_x(u1, u5);
  const BsVec t12 = bs_x(u2, u5);
  t.t13 = bs_x(t.t3, t.t4);
  t.t14 = bs_x(t.t6, t11);
  t.t15 = bs_x(t5, t11);
  t.t16 = bs_x(t5, t12);
  t.t17 = bs_x(t.t9, t.t16);
  const BsVec t18 = bs_x(u3, u7);
  t.t19 = bs_x(t7, t18);
  t.t20 = bs_x(t.t1, t.t19);
  const BsVec t21 = bs_x(u6, u7);
  t.t22 = bs_x(t7, t21);
  t.t23 = bs_x(t.t2, t.t22);
  t.t24 = bs_x(t.t2, t.t10);
  t.t25 = bs_x(t.t20, t.t17);
  t.t26 = bs_x(t.t3, t.t16);
  t.t27 = bs_x(t.t1, t12);
  t.d = u7;
  const BsSboxProducts m = bs_sbox_middle(t);
  const BsVec l0 = bs_x(m.m61, m.m62);
  const BsVec l1 = bs_x(m.m50, m.m56);
  const BsVec l2 = bs_x(m.m46, m.m48);
  const BsVec l3 = bs_x(m.m47, m.m55);
  const BsVec l4 = bs_x(m.m54, m.m58);
  const BsVec l5 = bs_x(m.m49, m.m61);
  const BsVec l6 = bs_x(m.m62, l5);
  const BsVec l7 = bs_x(m.m46, l3);
  const BsVec l8 = bs_x(m.m51, m.m59);
  const BsVec l9 = bs_x(m.m52, m.m53);
  const BsVec l10 = bs_x(m.m53, l4);
  const BsVec l11 = bs_x(m.m60, l2);
  const BsVec l12 = bs_x(m.m48, m.m51);
  const BsVec l13 = bs_x(m.m50, l0);
  const BsVec l14 = bs_x(m.m52, m.m61);
  const BsVec l15 = bs_x(m.m55, l1);
  const BsVec l16 = bs_x(m.m56, l0);
  const BsVec l17 = bs_x(m.m57, l1);
  const BsVec l18 = bs_x(m.m58, l8);
  const BsVec l19 = bs_x(m.m63, l4);
  const BsVec l20 = bs_x(l0, l1);
  const BsVec l21 = bs_x(l1, l7);
  const BsVec l22 = bs_x(l3, l12);
  const BsVec l23 = bs_x(l18, l2);
  const BsVec l24 = bs_x(l15, l9);
  const BsVec l25 = bs_x(l6, l10);
  const BsVec l26 = bs_x(l7, l9);
  const BsVec l27 = bs_x(l8, l10);
  const BsVec l28 = bs_x(l11, l14);
  const BsVec l29 = bs_x(l11, l17);
  x[7] = bs_x(l6, l24);
  x[6] = bs_x(l16, l26);
  x[5] = bs_x(l19, l28);
  x[4] = bs_x(l6, l21);
  x[3] = bs_x(l20, l22);
  x[2] = bs_x(l25, l29);
  x[1] = bs_x(l13, l27);
  x[0] = bs_x(l6, l23);
}

// x[i] = bit plane i; in place.  InvSubBytes of x ^ 0x63.
ARMACCEL_ALWAYS_INLINE void bs_inv_sbox_linear(BsVec x[8]) {
  const BsVec u0 = x[7], u1 = x[6], u2 = x[5], u3 = x[4];
  const BsVec u4 = x[3], u5 = x[2], u6 = x[1], u7 = x[0];
  BsSboxTop t;
  t.t23 = bs_x(u0, u3);
  t.t22 = bs_x(u1, u3);
  t.t2 = bs_x(u0, u1);
  t.t1 = bs_x(u3, u4);
  t.t24 = bs_x(u4, u7);
  const BsVec r5 = bs_x(u6, u7);
  t.t8 = bs_x(u1, t.t23);
  t.t19 = bs_x(t.t22, r5);
  t.t9 = bs_x(u7, t.t1);
  t.t10 = bs_x(t.t2, t.t24);
  t.t13 = bs_x(t.t2, r5);
  t.t3 = bs_x(t.t1, r5);
  t.t25 = bs_x(u2, t.t1);
  const BsVec r13 = bs_x(u1, u6);
  t.t17 = bs_x(u2, t.t19);
  t.t20 = bs_x(t.t24, r13);
  t.t4 = bs_x(u4, t.t8);
  const BsVec r17 = bs_x(u2, u5);
  const BsVec r18 = bs_x(u5, u6);
  const BsVec r19 = bs_x(u2, u4);
  t.d = bs_x(u0, r17);
  t.t6 = bs_x(t.t22, r17);
  t.t16 = bs_x(r13, r19);
  t.t27 = bs_x(t.t1, r18);
  t.t15 = bs_x(t.t10, t.t27);
  t.t14 = bs_x(t.t10, r18);
  t.t26 = bs_x(t.t3, t.t16);
  const BsSboxProducts m = bs_sbox_middle(t);
  const BsVec p0 = bs_x(m.m52, m.m61);
  const BsVec p1 = bs_x(m.m58, m.m59);
  const BsVec p2 = bs_x(m.m54, m.m62);
  const BsVec p3 = bs_x(m.m47, m.m50);
  const BsVec p4 = bs_x(m.m48, m.m56);
  const BsVec p5 = bs_x(m.m46, m.m51);
  const BsVec p6 = bs_x(m.m49, m.m60);
  const BsVec p7 = bs_x(p0, p1);
  const BsVec p8 = bs_x(m.m50, m.m53);
  const BsVec p9 = bs_x(m.m55, m.m63);
  const BsVec p10 = bs_x(m.m57, p4);
  const BsVec p11 = bs_x(p0, p3);
  const BsVec p12 = bs_x(m.m46, m.m48);
  const BsVec p13 = bs_x(m.m49, m.m51);
  const BsVec p14 = bs_x(m.m49, m.m62);
  const BsVec p15 = bs_x(m.m54, m.m59);
  const BsVec p16 = bs_x(m.m57, m.m61);
  const BsVec p17 = bs_x(m.m58, p2);
  const BsVec p18 = bs_x(m.m63, p5);
  const BsVec p19 = bs_x(p2, p3);
  const BsVec p20 = bs_x(p4, p6);
  const BsVec p22 = bs_x(p2, p7);
  const BsVec p23 = bs_x(p7, p8);
  const BsVec p24 = bs_x(p5, p7);
  const BsVec p25 = bs_x(p6, p10);
  const BsVec p26 = bs_x(p9, p11);
  const BsVec p27 = bs_x(p10, p18);
  const BsVec p28 = bs_x(p11, p25);
  const BsVec p29 = bs_x(p15, p20);
  x[7] = bs_x(p13, p22);
  x[6] = bs_x(p26, p29);
  x[5] = bs_x(p17, p28);
  x[4] = bs_x(p12, p22);
  x[3] = bs_x(p23, p27);
  x[2] = bs_x(p19, p24);
  x[1] = bs_x(p14, p23);
  x[0] = bs_x(p9, p16);
}

}  // namespace
}  // namespace armaccel
