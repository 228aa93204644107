// SPDX-License-Identifier: Apache-2.0
// ML-KEM coding, sampling and coefficient-wise entries for ARMv7E-M
// (Cortex-M4/M7), Thumb-2 with the DSP instructions; no FPU registers, no
// stack beyond the saved registers.  C-callable (AAPCS):
//
//   void armaccel_mlkem_armv7m_add(uint16_t r[256], const uint16_t a[256],
//                                  const uint16_t b[256]);     r = a + b mod q
//   void armaccel_mlkem_armv7m_sub(...same...);                 r = a - b mod q
//   unsigned armaccel_mlkem_armv7m_rej_uniform(uint16_t* out, unsigned room,
//                                  const uint8_t* buf, size_t len);  Alg. 7 5-16
//   void armaccel_mlkem_armv7m_cbd2(uint16_t f[256], const uint8_t b[128]);  Alg. 8
//   void armaccel_mlkem_armv7m_cbd3(uint16_t f[256], const uint8_t b[192]);  Alg. 8
//   void armaccel_mlkem_armv7m_cenc<d>(uint8_t out[32 d], const uint16_t f[256]);
//        ByteEncode_d(Compress_d(f)) (Alg. 5, §4.2.1), d = 1, 4, 5, 10, 11;
//        d = 12: ByteEncode_12(f)
//   void armaccel_mlkem_armv7m_ddec<d>(uint16_t f[256], const uint8_t in[32 d]);
//        Decompress_d(ByteDecode_d(in)) (Alg. 6, §4.2.1); d = 12:
//        ByteDecode_12 reduced mod q
//
// Coefficients in and out are canonical [0, q), q = 3329; byte buffers may
// have any alignment (word loads/stores only, never ldm/stm/ldrd, which
// ARMv7-M allows unaligned).  r may alias a or b (every word of a and b is
// read before the same word of r is written).
//
// Compress_d(x) = round(2^d x / q) mod 2^d = floor((x K + C) / 2^S) mod 2^d
// for every x in [0, q) (checked exhaustively on the host and by
// mlkem_arith_diff): d = 4: K = 315, C = 32738, S = 16; d = 5: K = 630,
// C = 32709, S = 16; d = 10: K = 161271, C = 262020, S = 19; d = 11:
// K = 161271, C = 130948, S = 18 (x K + C < 2^30).  d = 1: the bit is 1
// exactly for 833 <= x <= 2496, i.e. x - 833 < 1664 unsigned.
// Decompress_d(y) = (q y + 2^(d-1)) >> d, y < 2^d.
//
// Constant time: except rej_uniform (its input is public, derived from
// rho) nothing branches on or indexes by a coefficient or a data byte.

  .syntax unified
  .thumb
  .text

  .equ kQ, 3329

.macro fn name
  .global \name
  .type \name, %function
  .thumb_func
  .align 2
\name:
.endm

// The loop's end: back to 1b while cursor != lr, then restores regs and
// returns; ends the function's symbol.
.macro loop_return cursor, name, regs
  cmp \cursor, lr
  bne 1b
  pop {\regs, pc}
  .size \name, . - \name
.endm

// ---------------------------------------------------------------------------
// add / sub: one word = two coefficients (uint16 lanes).  add: s = a + b
// (< 2q, no lane overflow), t = s - q lane-wise with GE = (s >= q), pick t
// where GE.  sub: d = a - b with GE = (a >= b), e = a + q - b (a + q as a
// plain 32-bit add: each lane < 2q, no carry between lanes), pick d where GE.
// 4 words (8 coefficients) per iteration.

.macro add_word a, b, t, qq
  uadd16 \a, \a, \b
  usub16 \t, \a, \qq
  sel \a, \t, \a
.endm

.macro sub_word a, b, t, qq
  add \t, \a, \qq
  usub16 \t, \t, \b
  usub16 \a, \a, \b
  sel \a, \a, \t
.endm

// r = word(a, b) over the 128 words; the loop body keeps a in r3, r5, r7,
// r9 and b in r4, r6, r8, r10.
.macro ld_ab a, b
  ldr \a, [r1], #4
  ldr \b, [r2], #4
.endm

.macro add_sub_fn name, word
fn \name
  push {r4-r11, lr}
  movw r12, #kQ
  movt r12, #kQ               // q in both lanes
  add lr, r1, #512
1:
  ld_ab r3, r4
  ld_ab r5, r6
  ld_ab r7, r8
  ld_ab r9, r10
  \word r3, r4, r11, r12
  \word r5, r6, r11, r12
  \word r7, r8, r11, r12
  \word r9, r10, r11, r12
  .irp a, r3, r5, r7, r9
    str \a, [r0], #4
  .endr
  loop_return r1, \name, "r4-r11"
.endm

add_sub_fn armaccel_mlkem_armv7m_add, add_word
add_sub_fn armaccel_mlkem_armv7m_sub, sub_word

// ---------------------------------------------------------------------------
// rej_uniform: the candidates are the consecutive 12-bit fields of the
// byte stream read little-endian (d1 = bits 0-11 of a triple, d2 = bits
// 12-23).  Fast loop: 12 bytes (three word loads, eight candidates) while
// at least 12 bytes and 8 free slots remain, every candidate < q stored by
// an IT-predicated post-incrementing strh; then one triple at a time,
// checking room after each store.  Public input: branches are fine.
// r0 out cursor, r1 out end, r2 buf cursor, r3 buf end, r11 out start,
// r12 q.

.macro rej_try v
  cmp \v, r12
  it lo
  strhlo \v, [r0], #2
.endm

// Candidate bits pos .. pos + 11 (assembly-time) of r4, r5, r6 into r7:
// ubfx within a word, lsr alone at a word's top, lsr + bfi across two.
.macro rej_field
  .if pos < 32
    rej_bits r4, r5
  .elseif pos < 64
    rej_bits r5, r6
  .else
    rej_bits r6, r6
  .endif
  .set pos, pos + 12
.endm
.macro rej_bits w, w2
  .set off, pos % 32
  .if off + 12 < 32
    ubfx r7, \w, #off, #12
  .else
    lsr r7, \w, #off
    .if off + 12 > 32
      bfi r7, \w2, #(32 - off), #(off - 20)
    .endif
  .endif
.endm

fn armaccel_mlkem_armv7m_rej_uniform
  push {r4-r11, lr}
  mov r11, r0
  add r1, r0, r1, lsl #1
  add r3, r2, r3
  movw r12, #kQ
1:
  sub r4, r3, r2
  cmp r4, #12
  blo 2f
  sub r4, r1, r0
  cmp r4, #16
  blo 2f
  ldr r4, [r2], #4             // bytes 0-3
  ldr r5, [r2], #4             // bytes 4-7
  ldr r6, [r2], #4             // bytes 8-11
  .set pos, 0
  .rept 8
    rej_field
    rej_try r7
  .endr
  b 1b
2:
  sub r4, r3, r2
  cmp r4, #3
  blo 4f
  cmp r0, r1
  bhs 4f
  ldrb r4, [r2], #1
  ldrb r5, [r2], #1
  ldrb r6, [r2], #1
  bfi r4, r5, #8, #4           // d1 = C0 + 256 (C1 mod 16)
  lsr r5, r5, #4
  orr r5, r5, r6, lsl #4       // d2 = floor(C1 / 16) + 16 C2
  cmp r4, r12
  bhs 3f
  strh r4, [r0], #2
  cmp r0, r1
  bhs 4f
3:
  rej_try r5
  b 2b
4:
  sub r0, r0, r11
  lsr r0, r0, #1
  pop {r4-r11, pc}
  .size armaccel_mlkem_armv7m_rej_uniform, . - armaccel_mlkem_armv7m_rej_uniform

// ---------------------------------------------------------------------------
// SamplePolyCBD_2 (Alg. 8, eta = 2): 4 bytes -> 8 coefficients.  Summing
// bit pairs gives nibble j = x_j + 4 y_j (x, y in [0, 2]); w = x + 3 - y
// in [1, 5] is formed nibble-wise without borrows (X + 0x33.. - Y); the
// nibbles are spread to uint16 lanes (uxtb16 + pkh) and x - y mod q =
// w - 3, or w + q - 3 where w < 3 (usub16's GE, then sel).
// r12 = (q - 3) in both lanes, r11 = 3 in both lanes.

.macro cbd2_fix o, t
  uadd16 \t, \o, r12
  usub16 \o, \o, r11
  sel \o, \o, \t
.endm

// The entry of a CBD function: saves r4-r11 and lr, loads cbd2_fix's
// constants.
.macro cbd_fn name
fn \name
  push {r4-r11, lr}
  movw r12, #(kQ - 3)
  movt r12, #(kQ - 3)
  mov r11, #0x00030003
.endm

cbd_fn armaccel_mlkem_armv7m_cbd2
  add lr, r1, #128
1:
  ldr r2, [r1], #4
  and r3, r2, #0x55555555
  and r2, r2, #0xAAAAAAAA
  add r3, r3, r2, lsr #1       // nibble j: x_j | y_j << 2
  and r4, r3, #0x33333333      // x_j
  and r5, r3, #0xCCCCCCCC      // y_j << 2
  add r4, r4, #0x33333333
  sub r4, r4, r5, lsr #2       // nibble j: w_j = x_j + 3 - y_j
  and r5, r4, #0x0F0F0F0F      // bytes: w0 w2 w4 w6
  lsr r6, r4, #4
  and r6, r6, #0x0F0F0F0F      // bytes: w1 w3 w5 w7
  uxtb16 r7, r5                // [w0, w4]
  uxtb16 r8, r5, ror #8        // [w2, w6]
  uxtb16 r9, r6                // [w1, w5]
  uxtb16 r10, r6, ror #8       // [w3, w7]
  pkhbt r2, r7, r9, lsl #16    // [w0, w1]
  pkhbt r3, r8, r10, lsl #16   // [w2, w3]
  pkhtb r4, r9, r7, asr #16    // [w4, w5]
  pkhtb r5, r10, r8, asr #16   // [w6, w7]
  cbd2_fix r2, r6
  cbd2_fix r3, r6
  cbd2_fix r4, r6
  cbd2_fix r5, r6
  str r2, [r0], #4
  str r3, [r0], #4
  str r4, [r0], #4
  str r5, [r0], #4
  loop_return r1, armaccel_mlkem_armv7m_cbd2, "r4-r11"

// SamplePolyCBD_3 (Alg. 8, eta = 3): 3 bytes t (24 bits) -> 4 coefficients.
// Summing bit triples (t & M) + (t >> 1 & M) + (t >> 2 & M), M = 0x249249,
// gives 6-bit field j = x_j + 8 y_j (x, y in [0, 3]); w = x + 3 - y in
// [0, 6] is formed field-wise without borrows (X + 0x0c30c3 - Y); each
// pair of 3-bit fields goes to uint16 lanes (ubfx + orr) and w - 3 mod q as
// for eta = 2.  6 bytes per iteration: group 0 from a word load (the mask
// drops its fourth byte), group 1 from ldrb + ldrh (never past the 192
// bytes).  r10 = M, r9 = 0x1c71c7 (the x fields), r8 = 0x0c30c3.

.macro cbd3_group t
  and r3, \t, r10
  and r4, r10, \t, lsr #1
  add r3, r3, r4
  and r4, r10, \t, lsr #2
  add r3, r3, r4               // field j: x_j | y_j << 3
  and r4, r3, r9               // x_j
  and r5, r9, r3, lsr #3       // y_j
  add r4, r4, r8
  sub r4, r4, r5               // field j: w_j = x_j + 3 - y_j
  ubfx r5, r4, #0, #3
  ubfx r6, r4, #6, #3
  orr r5, r5, r6, lsl #16      // [w0, w1]
  ubfx r6, r4, #12, #3
  lsr r7, r4, #18
  orr r6, r6, r7, lsl #16      // [w2, w3]
  cbd2_fix r5, r7
  cbd2_fix r6, r7
  str r5, [r0], #4
  str r6, [r0], #4
.endm

cbd_fn armaccel_mlkem_armv7m_cbd3
  movw r10, #0x9249
  movt r10, #0x24
  movw r9, #0x71c7
  movt r9, #0x1c
  movw r8, #0x30c3
  movt r8, #0x0c
  add lr, r1, #192
1:
  ldr r2, [r1]                 // bytes 0-3 (group 0 = bytes 0-2)
  cbd3_group r2
  ldrb r2, [r1, #3]
  ldrh r3, [r1, #4]
  orr r2, r2, r3, lsl #8       // group 1 = bytes 3-5
  cbd3_group r2
  add r1, r1, #6
  loop_return r1, armaccel_mlkem_armv7m_cbd3, "r4-r11"

// ---------------------------------------------------------------------------
// Compress_d + ByteEncode_d: coefficient j of a group of n lands at bit
// d j of the group's d n / 32 words; the positions are assembly-time
// constants, so each coefficient is ldrh, compress (mla + ubfx), orr into
// the word being built, and a str (plus the carried-over high bits) when a
// word fills.  r0 out, r1 f cursor, r2 K, r3 C, r4 word being built, r5
// coefficient, lr f end.

// The next coefficient into r, Compress_d-ed unless d = 12.
.macro cenc_coeff r, d, S
  ldrh \r, [r1], #2
  .if \d != 12
    mla \r, \r, r2, r3
    ubfx \r, \r, #\S, #\d
  .endif
.endm

.macro cenc_fn d, n, K, C, S
fn armaccel_mlkem_armv7m_cenc\d
  push {r4-r5, lr}
  add lr, r1, #512
.if \d != 12
  movw r2, #(\K & 0xffff)
  movt r2, #(\K >> 16)
  movw r3, #(\C & 0xffff)
  movt r3, #(\C >> 16)
.endif
1:
  .set pos, 0
  .rept \n
    .set off, pos % 32
    .if off == 0
      cenc_coeff r4, \d, \S
    .else
      cenc_coeff r5, \d, \S
      orr r4, r4, r5, lsl #off
    .endif
    .if off + \d >= 32
      str r4, [r0], #4
      .if off + \d > 32
        lsr r4, r5, #(32 - off)
      .endif
    .endif
    .set pos, pos + \d
  .endr
  loop_return r1, armaccel_mlkem_armv7m_cenc\d, "r4-r5"
.endm

cenc_fn 4, 16, 315, 32738, 16
cenc_fn 5, 32, 630, 32709, 16
cenc_fn 10, 16, 161271, 262020, 19
cenc_fn 11, 32, 161271, 130948, 18
cenc_fn 12, 16, 0, 0, 0

// d = 1 (the message, secret): for j = 31 down to 0, C = (x_j - 833 >=
// 1664 unsigned) = NOT bit j, shifted in at the bottom by adc; the word is
// complemented at the end.  r4 word, r5 coefficient.
fn armaccel_mlkem_armv7m_cenc1
  push {r4-r5, lr}
  add lr, r1, #512
1:
  .set j, 31
  .rept 32
    ldrh r5, [r1, #(2 * j)]
    subw r5, r5, #833
    cmp r5, #1664
    adc r4, r4, r4
    .set j, j - 1
  .endr
  mvn r4, r4
  str r4, [r0], #4
  add r1, r1, #64
  loop_return r1, armaccel_mlkem_armv7m_cenc1, "r4-r5"

// ---------------------------------------------------------------------------
// ByteDecode_d + Decompress_d: field j of a group of n is bits d j ..
// d j + d - 1 of the group's words, loaded (ldr at a constant offset)
// alternately into r4 / r5 when first touched; a field within one word is
// a ubfx, one straddling two is lsr + bfi.  Decompress: mla (q y +
// 2^(d-1)) and lsr.  d = 12: two fields are packed into one word (pkhbt)
// and reduced lane-wise (usub16 / sel); d = 1: sbfx (0 or -1) and 1665.
// r0 f cursor, r1 in cursor, r2 q (d = 12: q in both lanes; d = 1: 1665),
// r3 2^(d-1), r6 / r7 fields, lr f end.

// Field at bit `pos` (assembly-time) into \dst; words `loaded` and below
// are in r4 / r5 by parity.
.macro field dst, d
  .set fw, pos / 32
  .set off, pos % 32
  .if fw % 2 == 0
    field_from \dst, \d, r4, r5
  .else
    field_from \dst, \d, r5, r4
  .endif
  .set pos, pos + \d
.endm

// field's work with word fw in register w and word fw + 1 in w2.
.macro field_from dst, d, w, w2
  .if fw > loaded
    ldr \w, [r1, #(4 * fw)]
    .set loaded, fw
  .endif
  .if off + \d <= 32
    .if \d == 1
      sbfx \dst, \w, #off, #1
    .else
      ubfx \dst, \w, #off, #\d
    .endif
  .else
    ldr \w2, [r1, #(4 * fw + 4)]
    lsr \dst, \w, #off
    bfi \dst, \w2, #(32 - off), #(\d - 32 + off)
    .set loaded, fw + 1
  .endif
.endm

.macro ddec_fn d, n
fn armaccel_mlkem_armv7m_ddec\d
  push {r4-r7, lr}
  add lr, r0, #512
.if \d == 12
  movw r2, #kQ
  movt r2, #kQ
.elseif \d == 1
  movw r2, #1665               // Decompress_1(1) = (q + 1) / 2
.else
  movw r2, #kQ
  mov r3, #(1 << (\d - 1))
.endif
1:
  .set pos, 0
  .set loaded, -1
.if \d == 12
  .rept \n / 2
    field r6, 12
    field r7, 12
    pkhbt r6, r6, r7, lsl #16
    usub16 r7, r6, r2          // GE where the field >= q
    sel r6, r7, r6
    str r6, [r0], #4
  .endr
.elseif \d == 1
  .rept \n
    field r6, 1
    and r6, r6, r2
    strh r6, [r0], #2
  .endr
.else
  .rept \n
    field r6, \d
    mla r6, r6, r2, r3
    lsr r6, r6, #\d
    strh r6, [r0], #2
  .endr
.endif
  add r1, r1, #(\n * \d / 8)
  loop_return r0, armaccel_mlkem_armv7m_ddec\d, "r4-r7"
.endm

ddec_fn 1, 32
ddec_fn 4, 16
ddec_fn 5, 32
ddec_fn 10, 16
ddec_fn 11, 32
ddec_fn 12, 16
