// SPDX-License-Identifier: Apache-2.0
// ML-KEM NTT, inverse NTT and MultiplyNTTs for ARMv7E-M (Cortex-M4/M7),
// Thumb-2 with the DSP instructions; no FPU registers.  C-callable (AAPCS):
//
//   void armaccel_mlkem_armv7m_ntt(uint16_t f[256]);          FIPS 203 Alg. 9
//   void armaccel_mlkem_armv7m_inv_ntt(uint16_t f[256]);      Alg. 10 (x 128^-1)
//   void armaccel_mlkem_armv7m_basemul(uint16_t h[256], const uint16_t f[256],
//                                      const uint16_t g[256]);   Alg. 11/12
//   void armaccel_mlkem_armv7m_basemul_acc(...same...);          h += f x g
//
// Every entry takes and returns canonical coefficients [0, q), q = 3329.
// Inside, a 32-bit register holds two coefficients as signed 16-bit halves
// (coefficient 2i in the bottom, 2i+1 in the top, as a little-endian word
// load gives them); canonical inputs are already valid int16, so there is
// no conversion on entry.  Word loads/stores only (ldr/str, never ldm/ldrd),
// which ARMv7-M allows at any halfword alignment.
//
// Reductions (bounds checked exhaustively on the host over all int16 /
// all |x| < 2^25 inputs):
//  * Montgomery, R = 2^16: for |T| < 2^15 q, m = T (-q^-1) mod^± 2^16,
//    (T + m q) / 2^16 = T 2^-16 mod q, |result| < |T| / 2^16 + q / 2.
//    A twiddle z is kept as z 2^16 mod^± q (|.| <= 1664), so a product
//    a * z' of |a| < 2^15 comes back as a z mod q in (-q, q) (< 2497).
//  * Barrett (barrett macro), any int16 x -> [0, q): quot = top half of
//    ((1290168 x) >> 16) + 1, x - quot q.  1290168 = round(2^32 / q).
//  * Barrett on 32 bits (basemul), |x| < 2^25: x - round(x 1290168 / 2^32) q
//    lies in [-1679, 1679].
//  * canon: (-q, q) -> [0, q) by +q and a lane-wise conditional -q (SEL).
// Constant time: no branch or address depends on a coefficient.

  .syntax unified
  .thumb
  .text

  .equ kQ, 3329
  .equ kQinvNeg, 3327          // -q^-1 mod 2^16
  .equ kBarrettV, 1290168      // round(2^32 / q)

// qq = (-q^-1 mod 2^16) << 16 | q, the Montgomery constant pair.
.macro load_qq reg
  movw \reg, #kQ
  movt \reg, #kQinvNeg
.endm

// dst = x z (Montgomery) on both halves of x, z half zs (b or t) of
// register z: the products go to lo and hi, s is scratch (dst may be x,
// lo or s).  Each half comes back in (-q, q) for |x| < 2^15.
.macro mont_mul dst, x, z, zs, lo, hi, s, qq
  smulb\zs \lo, \x, \z
  smult\zs \hi, \x, \z
  smulbt \s, \lo, \qq
  smlabb \lo, \s, \qq, \lo
  smulbt \s, \hi, \qq
  smlabb \hi, \s, \qq, \hi
  pkhtb \dst, \hi, \lo, asr #16
.endm

// Cooley-Tukey butterfly on two packed pairs (Alg. 9 steps 7-9, twice):
// t = z a1 (Montgomery), a1 = a0 - t, a0 = a0 + t.  z is half zs (b or t)
// of register z.  |t| < q, so each layer grows |a| by less than q.
.macro ct_bfly a0, a1, z, zs, t0, t1, qq
  mont_mul \t0, \a1, \z, \zs, \t0, \t1, \a1, \qq
  usub16 \a1, \a0, \t0
  uadd16 \a0, \a0, \t0
.endm

// Gentleman-Sande butterfly (Alg. 10 steps 8-10, twice): a0 = a0 + a1,
// a1 = z (a1 - a0) (Montgomery, result in (-q, q)).
.macro gs_bfly a0, a1, z, zs, t0, t1, qq
  usub16 \t0, \a1, \a0
  uadd16 \a0, \a0, \a1
  mont_mul \a1, \t0, \z, \zs, \a1, \t1, \t0, \qq
.endm

// x (two int16) -> [0, q) each.  v = 1290168, one = 1.
.macro barrett x, v, one, t0, t1, qq
  smlawb \t0, \v, \x, \one
  smlawt \t1, \v, \x, \one
  smultb \t0, \t0, \qq
  smultb \t1, \t1, \qq
  pkhbt \t0, \t0, \t1, lsl #16
  usub16 \x, \x, \t0
.endm

// x (two values in (-q, q)) -> [0, q).  q2 = q << 16 | q.
.macro canon x, t, q2
  sadd16 \x, \x, \q2
  usub16 \t, \x, \q2
  sel \x, \t, \x
.endm

// op (ldr or str) on the packed words at r0 + k * stride (k = 0..7) in
// r1..r8, from register r<from> on.
.macro words op, stride, from=1
  .irp k, 1, 2, 3, 4, 5, 6, 7, 8
    .if \k >= \from
      \op r\k, [r0, #((\k - 1) * \stride)]
    .endif
  .endr
.endm
.macro load8 stride
  words ldr, \stride
.endm
.macro store8 stride
  words str, \stride
.endm

// An exported function's symbol.
.macro fn name
  .global \name
  .hidden \name
  .type \name, %function
  .thumb_func
\name:
.endm

// The entry of a transform: saves r4-r11 and lr, opens a frame-byte stack
// frame with f (r0) at [sp, #4], r9 = qq, r14 = the twiddle table.
.macro fn_enter name, frame, table
fn \name
  push {r4-r11, lr}
  sub sp, #\frame
  load_qq r9
  movw r14, #:lower16:\table
  movt r14, #:upper16:\table
  str r0, [sp, #4]              // f
.endm

// The last loop's end (back to `loop` while r0 != r7), then frees the
// frame-byte stack frame, returns and ends the function's symbol.
.macro fn_return name, frame, loop
  cmp r0, r7
  bne \loop
  add sp, #\frame
  pop {r4-r11, pc}
  .size \name, . - \name
.endm

// kind (ct or gs) butterflies on the register pairs given, with twiddle
// half zs of r12 (temporaries r10, r11; qq in r9).
.macro bflys kind, zs, pairs:vararg
  .irp p, \pairs
    \kind\()_bfly \p, r12, \zs, r10, r11, r9
  .endr
.endm

// Three merged CT layers on the eight words r1..r8 (positions 0..7; the
// layers pair positions 4 apart, then 2, then 1).  Twiddles: 8 halfwords
// at r14 = {z0, z1, z2, z3, z4, z5, z6, pad}: z0 for the first layer,
// z1 z2 for the second, z3..z6 for the third.
.macro ntt3
  ldr r12, [r14]
  bflys ct, b, "r1, r5", "r2, r6", "r3, r7", "r4, r8"
  bflys ct, t, "r1, r3", "r2, r4"
  ldr r12, [r14, #4]
  bflys ct, b, "r5, r7", "r6, r8"
  bflys ct, t, "r1, r2"
  ldr r12, [r14, #8]
  bflys ct, b, "r3, r4"
  bflys ct, t, "r5, r6"
  ldr r12, [r14, #12]
  bflys ct, b, "r7, r8"
.endm

// Three merged GS layers on r1..r8 (pairs 1 apart, then 2, then 4);
// twiddles at r14 = {z0..z3 first layer, z4 z5 second, z6 third, pad}.
// Inputs |a| <= q give |a| <= 8q at position 0, 4q at 1 and < q at 4..7
// (Montgomery outputs); see invntt3_reduce_store for the exact bounds.
.macro invntt3
  ldr r12, [r14]
  bflys gs, b, "r1, r2"
  bflys gs, t, "r3, r4"
  ldr r12, [r14, #4]
  bflys gs, b, "r5, r6"
  bflys gs, t, "r7, r8"
  ldr r12, [r14, #8]
  bflys gs, b, "r1, r3", "r2, r4"
  bflys gs, t, "r5, r7", "r6, r8"
  ldr r12, [r14, #12]
  bflys gs, b, "r1, r5", "r2, r6", "r3, r7", "r4, r8"
.endm

// Stores positions nred..7 as they are and positions 0..nred-1 Barrett-
// reduced to [0, q) (nred = 1 or 2).  Worst-case bounds (|T + m q| / 2^16
// <= (|a| 1664 + 2^15 q) / 2^16 per Montgomery product, propagated per
// position): pass 1 from [0, q) gives |a| <= 8q, 4q, 4006, 3516, 2341,
// 1851, 1767, 1754 at positions 0..7, so with positions 0, 1 reduced the
// sums of pass 2 stay within 8 * 4006 = 32048 < 2^15; pass 2 then gives at
// most 7472 outside position 0, which is reduced, so pass 3's a0 +- a1
// stay below 2^15.
.macro invntt3_reduce_store stride, nred
  words str, \stride, (\nred + 1)
  movw r5, #(kBarrettV & 0xffff)
  movt r5, #(kBarrettV >> 16)
  movs r6, #1
  barrett r1, r5, r6, r10, r11, r9
  str r1, [r0]
  .if \nred == 2
  barrett r2, r5, r6, r10, r11, r9
  str r2, [r0, #\stride]
  .endif
.endm

// ---------------------------------------------------------------------------
// Forward NTT (Algorithm 9), layers 1-3 | 4-6 | 7 (len 128..32 | 16..4 | 2).
// Twiddle table armaccel_mlkem_armv7m_ntt_zetas (int16, Montgomery form):
// [0..7] layers 1-3; [8 + 8b ..] layers 4-6 of 32-coefficient block b;
// [72 + i] layer 7, group i.  |a| < (layers done + 1) q < 8q throughout.
fn_enter armaccel_mlkem_armv7m_ntt, 8, armaccel_mlkem_armv7m_ntt_zetas
  add r12, r0, #64
  str r12, [sp]                 // end of pass 1: 16 word columns
  // Pass 1: layers 1-3 on words k + 16 m (m = 0..7), k = 0..15.
1:
  load8 64
  ntt3
  store8 64
  add r0, #4
  ldr r12, [sp]
  cmp r0, r12
  bne 1b
  // Pass 2: layers 4-6; block b = 16 words, columns k = 0, 1: words
  // 16 b + k + 2 m.
  ldr r0, [sp, #4]
  add r14, #16
  add r12, r0, #512
  str r12, [sp]
2:
  load8 8
  ntt3
  store8 8
  add r0, #4
  load8 8
  ntt3
  store8 8
  add r0, #60
  add r14, #16
  ldr r12, [sp]
  cmp r0, r12
  bne 2b
  // Pass 3: layer 7 on word pairs (2i, 2i+1), two groups per iteration,
  // then Barrett to [0, q).
  ldr r0, [sp, #4]
  add r7, r0, #512
  movw r5, #(kBarrettV & 0xffff)
  movt r5, #(kBarrettV >> 16)
  movs r6, #1
3:
  ldr r12, [r14], #4
  ldr r1, [r0]
  ldr r2, [r0, #4]
  ldr r3, [r0, #8]
  ldr r4, [r0, #12]
  ct_bfly r1, r2, r12, b, r10, r11, r9
  ct_bfly r3, r4, r12, t, r10, r11, r9
  .irp x, r1, r2, r3, r4
    barrett \x, r5, r6, r10, r11, r9
  .endr
  str r2, [r0, #4]
  str r3, [r0, #8]
  str r4, [r0, #12]
  str r1, [r0], #16
  fn_return armaccel_mlkem_armv7m_ntt, 8, 3b

// ---------------------------------------------------------------------------
// Inverse NTT (Algorithm 10), layers len 2-8 | 16-64 | 128 with 128^-1.
// Table armaccel_mlkem_armv7m_inv_zetas (int16, Montgomery form):
// [8 b ..] pass 1 block b (16 coefficients); [128 + 8 c ..] pass 2 half c;
// [144] = 128^-1, [145] = zeta_1 128^-1 (both times 2^16 mod^± q).
fn_enter armaccel_mlkem_armv7m_inv_ntt, 16, armaccel_mlkem_armv7m_inv_zetas
  add r12, r0, #512
  str r12, [sp]
  // Pass 1: blocks of 8 consecutive words; inputs canonical.
1:
  load8 4
  invntt3
  invntt3_reduce_store 4, 2
  add r0, #32
  add r14, #16
  ldr r12, [sp]
  cmp r0, r12
  bne 1b
  // Pass 2: two halves of 64 words; columns k = 0..7: words 64 c + k + 8 m.
  ldr r0, [sp, #4]
  add r12, r0, #512
  str r12, [sp]                 // end of the halves
2:
  add r12, r0, #32
  str r12, [sp, #8]             // end of this half's columns
3:
  load8 32
  invntt3
  invntt3_reduce_store 32, 1
  add r0, #4
  ldr r12, [sp, #8]
  cmp r0, r12
  bne 3b
  add r0, #224
  add r14, #16
  ldr r12, [sp]
  cmp r0, r12
  bne 2b
  // Pass 3: layer len 128 (words w, w + 64) with the factor 128^-1 on
  // both outputs: a0 = F (a0 + a1), a1 = zeta_1 F (a1 - a0); |a0 +- a1| <
  // 2q in, (-q, q) out, then canon.
  ldr r0, [sp, #4]
  ldr r12, [r14]                // F bottom, zeta_1 F top
  add r7, r0, #256
  movw r5, #kQ
  movt r5, #kQ                  // q2
4:
  ldr r1, [r0]
  ldr r3, [r0, #256]
  usub16 r10, r3, r1
  uadd16 r1, r1, r3
  mont_mul r1, r1, r12, b, r3, r11, r1, r9
  mont_mul r3, r10, r12, t, r3, r11, r10, r9
  canon r1, r10, r5
  canon r3, r10, r5
  str r3, [r0, #256]
  str r1, [r0], #4
  fn_return armaccel_mlkem_armv7m_inv_ntt, 16, 4b

// ---------------------------------------------------------------------------
// MultiplyNTTs (Algorithm 11): for pair i, with a = (a0, a1) from f,
// b = (b0, b1) from g and gamma_i = zeta^(2 BitRev7(i) + 1) (mod^± q, from
// armaccel_mlkem_armv7m_gammas, two per word):
//   c0 = a0 b0 + gamma_i [a1 b1 mod^± q],  c1 = a0 b1 + a1 b0   (Alg. 12)
// (|c0| < q^2 + 1679 * 1664, c1 < 2 q^2, plus q with accumulate: all
// < 2^25), each Barrett-reduced on 32 bits to [-1679, 1679], packed, canon.
// r0 h, r1 f, r2 g, r3 gammas, r4 v, r5 q, r6 q2, r7 end of h.
.macro basemul_pair zsel, acc
  ldr r8, [r1], #4              // a
  ldr r9, [r2], #4              // b
  smultt r12, r8, r9            // a1 b1
  smmulr r11, r12, r4
  mls r12, r11, r5, r12         // a1 b1 mod^± q
  smulbb r11, r8, r9            // a0 b0
  smlab\zsel r11, r12, r10, r11 // + gamma [a1 b1]
  smuadx r12, r8, r9            // a0 b1 + a1 b0
  .if \acc
  ldr r8, [r0]
  uxtah r11, r11, r8            // + h0
  add r12, r12, r8, lsr #16     // + h1
  .endif
  smmulr r8, r11, r4
  mls r11, r8, r5, r11
  smmulr r8, r12, r4
  mls r12, r8, r5, r12
  pkhbt r11, r11, r12, lsl #16
  canon r11, r12, r6
  str r11, [r0], #4
.endm

.macro basemul_body acc
  push {r4-r11, lr}
  movw r3, #:lower16:armaccel_mlkem_armv7m_gammas
  movt r3, #:upper16:armaccel_mlkem_armv7m_gammas
  movw r4, #(kBarrettV & 0xffff)
  movt r4, #(kBarrettV >> 16)
  movw r5, #kQ
  movw r6, #kQ
  movt r6, #kQ
  add r7, r0, #512
1:
  ldr r10, [r3], #4
  basemul_pair b, \acc
  basemul_pair t, \acc
  cmp r0, r7
  bne 1b
  pop {r4-r11, pc}
.endm

fn armaccel_mlkem_armv7m_basemul
  basemul_body 0
  .size armaccel_mlkem_armv7m_basemul, . - armaccel_mlkem_armv7m_basemul

fn armaccel_mlkem_armv7m_basemul_acc
  basemul_body 1
  .size armaccel_mlkem_armv7m_basemul_acc, . - armaccel_mlkem_armv7m_basemul_acc

  .section .note.GNU-stack, "", %progbits
