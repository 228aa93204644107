// SPDX-License-Identifier: Apache-2.0
// The AES S-box and its inverse (FIPS 197 §5.1.1, §5.3.2) as Boolean
// circuits over eight bit planes held in NEON registers, for the bit-sliced
// AES of aes_bitsliced_impl.h.  Each of the 128 bit positions of a plane is
// an independent S-box evaluation; plane i holds bit i (plane 7 the most
// significant bit) of every evaluated byte.
//
// Sources (J. Boyar and R. Peralta): the forward S-box is the 115-gate
// circuit of "A new combinational logic minimization technique with
// applications to cryptology" (SEA 2010); the inverse S-box is the circuit
// of "A depth-16 circuit for the AES S-box" (IFIP SEC 2012, eprint
// 2011/332), whose top linear layer undoes the affine map, then a GF(2^8)
// inversion through GF(2^4) (the non-linear middle, 34 ANDs), then a bottom
// linear layer.
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

// Non-linear middle of the depth-16 circuit: inversion in GF(2^8) in
// tower-field form.
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

// x[i] = bit plane i; in place.  SubBytes without the constant 0x63: the
// 115-gate forward circuit (23 + 30 + 30 XOR, 32 AND) of Boyar and Peralta,
// SEA 2010, with its four closing XNORs as XORs.
ARMACCEL_ALWAYS_INLINE void bs_sbox_linear(BsVec x[8]) {
  const BsVec x0 = x[7], x1 = x[6], x2 = x[5], x3 = x[4];
  const BsVec x4 = x[3], x5 = x[2], x6 = x[1], x7 = x[0];
  const BsVec y14 = bs_x(x3, x5);
  const BsVec y13 = bs_x(x0, x6);
  const BsVec y9 = bs_x(x0, x3);
  const BsVec y8 = bs_x(x0, x5);
  const BsVec t0 = bs_x(x1, x2);
  const BsVec y1 = bs_x(t0, x7);
  const BsVec y4 = bs_x(y1, x3);
  const BsVec y12 = bs_x(y13, y14);
  const BsVec y2 = bs_x(y1, x0);
  const BsVec y5 = bs_x(y1, x6);
  const BsVec y3 = bs_x(y5, y8);
  const BsVec t1 = bs_x(x4, y12);
  const BsVec y15 = bs_x(t1, x5);
  const BsVec y20 = bs_x(t1, x1);
  const BsVec y6 = bs_x(y15, x7);
  const BsVec y10 = bs_x(y15, t0);
  const BsVec y11 = bs_x(y20, y9);
  const BsVec y7 = bs_x(x7, y11);
  const BsVec y17 = bs_x(y10, y11);
  const BsVec y19 = bs_x(y10, y8);
  const BsVec y16 = bs_x(t0, y11);
  const BsVec y21 = bs_x(y13, y16);
  const BsVec y18 = bs_x(x0, y16);
  const BsVec t2 = bs_a(y12, y15);
  const BsVec t3 = bs_a(y3, y6);
  const BsVec t4 = bs_x(t3, t2);
  const BsVec t5 = bs_a(y4, x7);
  const BsVec t6 = bs_x(t5, t2);
  const BsVec t7 = bs_a(y13, y16);
  const BsVec t8 = bs_a(y5, y1);
  const BsVec t9 = bs_x(t8, t7);
  const BsVec t10 = bs_a(y2, y7);
  const BsVec t11 = bs_x(t10, t7);
  const BsVec t12 = bs_a(y9, y11);
  const BsVec t13 = bs_a(y14, y17);
  const BsVec t14 = bs_x(t13, t12);
  const BsVec t15 = bs_a(y8, y10);
  const BsVec t16 = bs_x(t15, t12);
  const BsVec t17 = bs_x(t4, t14);
  const BsVec t18 = bs_x(t6, t16);
  const BsVec t19 = bs_x(t9, t14);
  const BsVec t20 = bs_x(t11, t16);
  const BsVec t21 = bs_x(t17, y20);
  const BsVec t22 = bs_x(t18, y19);
  const BsVec t23 = bs_x(t19, y21);
  const BsVec t24 = bs_x(t20, y18);
  const BsVec t25 = bs_x(t21, t22);
  const BsVec t26 = bs_a(t21, t23);
  const BsVec t27 = bs_x(t24, t26);
  const BsVec t28 = bs_a(t25, t27);
  const BsVec t29 = bs_x(t28, t22);
  const BsVec t30 = bs_x(t23, t24);
  const BsVec t31 = bs_x(t22, t26);
  const BsVec t32 = bs_a(t31, t30);
  const BsVec t33 = bs_x(t32, t24);
  const BsVec t34 = bs_x(t23, t33);
  const BsVec t35 = bs_x(t27, t33);
  const BsVec t36 = bs_a(t24, t35);
  const BsVec t37 = bs_x(t36, t34);
  const BsVec t38 = bs_x(t27, t36);
  const BsVec t39 = bs_a(t29, t38);
  const BsVec t40 = bs_x(t25, t39);
  const BsVec t41 = bs_x(t40, t37);
  const BsVec t42 = bs_x(t29, t33);
  const BsVec t43 = bs_x(t29, t40);
  const BsVec t44 = bs_x(t33, t37);
  const BsVec t45 = bs_x(t42, t41);
  const BsVec z0 = bs_a(t44, y15);
  const BsVec z1 = bs_a(t37, y6);
  const BsVec z2 = bs_a(t33, x7);
  const BsVec z3 = bs_a(t43, y16);
  const BsVec z4 = bs_a(t40, y1);
  const BsVec z5 = bs_a(t29, y7);
  const BsVec z6 = bs_a(t42, y11);
  const BsVec z7 = bs_a(t45, y17);
  const BsVec z8 = bs_a(t41, y10);
  const BsVec z9 = bs_a(t44, y12);
  const BsVec z10 = bs_a(t37, y3);
  const BsVec z11 = bs_a(t33, y4);
  const BsVec z12 = bs_a(t43, y13);
  const BsVec z13 = bs_a(t40, y5);
  const BsVec z14 = bs_a(t29, y2);
  const BsVec z15 = bs_a(t42, y9);
  const BsVec z16 = bs_a(t45, y14);
  const BsVec z17 = bs_a(t41, y8);
  const BsVec t46 = bs_x(z15, z16);
  const BsVec t47 = bs_x(z10, z11);
  const BsVec t48 = bs_x(z5, z13);
  const BsVec t49 = bs_x(z9, z10);
  const BsVec t50 = bs_x(z2, z12);
  const BsVec t51 = bs_x(z2, z5);
  const BsVec t52 = bs_x(z7, z8);
  const BsVec t53 = bs_x(z0, z3);
  const BsVec t54 = bs_x(z6, z7);
  const BsVec t55 = bs_x(z16, z17);
  const BsVec t56 = bs_x(z12, t48);
  const BsVec t57 = bs_x(t50, t53);
  const BsVec t58 = bs_x(z4, t46);
  const BsVec t59 = bs_x(z3, t54);
  const BsVec t60 = bs_x(t46, t57);
  const BsVec t61 = bs_x(z14, t57);
  const BsVec t62 = bs_x(t52, t58);
  const BsVec t63 = bs_x(t49, t58);
  const BsVec t64 = bs_x(z4, t59);
  const BsVec t65 = bs_x(t61, t62);
  const BsVec t66 = bs_x(z1, t63);
  const BsVec s0 = bs_x(t59, t63);
  const BsVec s6 = bs_x(t56, t62);
  const BsVec s7 = bs_x(t48, t60);
  const BsVec t67 = bs_x(t64, t65);
  const BsVec s3 = bs_x(t53, t66);
  const BsVec s4 = bs_x(t51, t66);
  const BsVec s5 = bs_x(t47, t65);
  const BsVec s1 = bs_x(t64, s3);
  const BsVec s2 = bs_x(t55, t67);
  x[7] = s0;
  x[6] = s1;
  x[5] = s2;
  x[4] = s3;
  x[3] = s4;
  x[2] = s5;
  x[1] = s6;
  x[0] = s7;
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
