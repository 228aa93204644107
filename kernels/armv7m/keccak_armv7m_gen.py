#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes keccak_armv7m.S: Keccak-f[1600] (FIPS 202 section 3) for ARMv7-M
on a bit-interleaved state, with every rotation folded into the barrel
shifter of the next instruction ("lazy rotation").

    python3 keccak_armv7m_gen.py [ROUNDS_PER_LOOP [OUTPUT]]

writes to OUTPUT, or to standard output without it.  The build runs it
(kernels/CMakeLists.txt, ARMv7-M targets) with 4 rounds per loop; the
assembly is not kept in the tree.

The generator tracks, for every 32-bit word it keeps, a pending right
rotation p: the register or memory word w stands for ror(w, p).  Words are
combined with `op rd, rn, rm, ror #k` so the pending rotations never cost an
instruction, except where the state must be back in plain form: at the end
of each loop body of ROUNDS_PER_LOOP rounds (the loop needs the same
representation every iteration).
"""
import sys

R = int(sys.argv[1]) if len(sys.argv) > 1 else 4
if len(sys.argv) > 2:
    sys.stdout = open(sys.argv[2], "w")
assert 24 % R == 0 and R % 2 == 0

# rho offsets r[x + 5y] (FIPS 202 section 3.2.2, Table 2).
RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39,
       41, 45, 15, 21, 8, 18, 2, 61, 56, 14]

# Stack frame (bytes from sp): Y, the second state buffer (50 words, word
# 2w+h = lane w half h); D[x][h] (theta's column effect, 10 words); C_e
# spill (5 words); the round-constant pointer; the loop count.
Y_OFF, D_OFF, CE_OFF, RCP_OFF, CNT_OFF, FRAME = 0, 200, 240, 260, 264, 268
# D words kept in registers instead of the frame.
D_CACHED = {(0, 0): "r12", (0, 1): "lr"}
B = ["r0", "r1", "r2", "r3", "r4"]
T = "r5"
ACC = ["r6", "r7", "r8", "r9", "r10"]
XBASE = "r11"

out = []


def emit(s):
    out.append("\t" + s)


def sh(k):
    k %= 32
    return "" if k == 0 else f", ror #{k}"


def word(buf, lane, h):
    """Address of lane's half h in buffer 'X' (the caller's state, r11) or 'Y'."""
    if buf == "X":
        return f"[{XBASE}, #{8 * lane + 4 * h}]"
    return f"[sp, #{Y_OFF + 8 * lane + 4 * h}]"


def d_addr(x, h):
    return f"[sp, #{D_OFF + 8 * x + 4 * h}]"


def gen_d(ce, pce, co, pco):
    """theta's D (section 3.2.1): D[x] = C[x-1] ^ rot(C[x+1], 1); in
    interleaved halves D_e[x] = C_e[x-1] ^ rotl32(C_o[x+1], 1) and
    D_o[x] = C_o[x-1] ^ C_e[x+1].  Returns D's pending rotations."""
    q = {}
    for x in range(5):
        for h in range(2):
            if h == 0:
                a, pa, b, pb = ce[(x - 1) % 5], pce[(x - 1) % 5], co[(x + 1) % 5], pco[(x + 1) % 5]
                k = pb - 1 - pa  # rotl by 1 = one less right rotation
            else:
                a, pa, b, pb = co[(x - 1) % 5], pco[(x - 1) % 5], ce[(x + 1) % 5], pce[(x + 1) % 5]
                k = pb - pa
            dst = D_CACHED.get((x, h), T)
            emit(f"eor {dst}, {a}, {b}{sh(k)}")
            if dst == T:
                emit(f"str {T}, {d_addr(x, h)}")
            q[(x, h)] = pa % 32
    return q


def round_body(j, src, dst, pend, q, last):
    """One round (section 3.3: iota o chi o pi o rho o theta, theta's D
    already computed) from buffer src into dst, then the next round's D.
    pend[(lane, h)]: pending rotations of src.  Returns (new pend, new q)."""
    npend = {}
    pc = {}
    for h in range(2):
        emit(f"@ round {j}, {'even' if h == 0 else 'odd'} halves")
        pacc = [None] * 5
        for yo in range(5):
            pb = [0] * 5
            for xo in range(5):
                # pi (section 3.2.3): output (xo, yo) comes from (x, y) with
                # xo = y, yo = 2x + 3y.
                y = xo
                x = ((yo - 3 * y) * 3) % 5
                lane = x + 5 * y
                r = RHO[lane]
                # rho (section 3.2.2) on interleaved halves: rotl64 by 2k
                # rotates both halves by k; by 2k+1 swaps them, the new
                # even half rotated by k+1 and the new odd half by k.
                if r % 2 == 0:
                    hs, k = h, r // 2
                elif h == 0:
                    hs, k = 1, (r + 1) // 2
                else:
                    hs, k = 0, (r - 1) // 2
                m = pend[(lane, hs)]
                emit(f"ldr {B[xo]}, {word(src, lane, hs)}")
                dq = q[(x, hs)]
                if (x, hs) in D_CACHED:
                    emit(f"eor {B[xo]}, {B[xo]}, {D_CACHED[(x, hs)]}{sh(dq - m)}")
                else:
                    emit(f"ldr {T}, {d_addr(x, hs)}")
                    emit(f"eor {B[xo]}, {B[xo]}, {T}{sh(dq - m)}")
                pb[xo] = (m - k) % 32
            # chi (section 3.2.4): out[x] = B[x] ^ (~B[x+1] & B[x+2]).
            for xo in [1, 2, 3, 4, 0]:
                p0, p1, p2 = pb[xo], pb[(xo + 1) % 5], pb[(xo + 2) % 5]
                b0, b1, b2 = B[xo], B[(xo + 1) % 5], B[(xo + 2) % 5]
                rd = ACC[xo] if yo == 0 else T
                emit(f"bic {rd}, {b2}, {b1}{sh(p1 - p2)}")  # pending p2
                if last and p0 != 0 and p2 == 0:
                    emit(f"eor {rd}, {rd}, {b0}{sh(p0 - p2)}")
                    po = p2
                else:
                    emit(f"eor {rd}, {b0}, {rd}{sh(p2 - p0)}")
                    po = p0
                if last and po != 0:
                    emit(f"ror {rd}, {rd}, #{po}")
                    po = 0
                if xo == 0 and yo == 0:
                    # iota (section 3.2.5); lane 0 never rotates, so its
                    # pending rotation is always 0.  B[3] is free here.
                    assert po == 0
                    emit(f"ldr {B[3]}, [sp, #{RCP_OFF}]")
                    emit(f"ldr {B[3]}, [{B[3]}, #{8 * j + 4 * h}]")
                    emit(f"eor {rd}, {rd}, {B[3]}")
                olane = xo + 5 * yo
                emit(f"str {rd}, {word(dst, olane, h)}")
                npend[(olane, h)] = po
                # theta's column parities C[x] (section 3.2.1) for the next
                # round, accumulated as the outputs appear.
                if yo == 0:
                    pacc[xo] = po
                else:
                    emit(f"eor {ACC[xo]}, {ACC[xo]}, {T}{sh(po - pacc[xo])}")
        if h == 0:
            for x in range(5):
                emit(f"str {ACC[x]}, [sp, #{CE_OFF + 4 * x}]")
            pce = pacc
        else:
            pco = pacc
    emit(f"@ round {j}: theta's D for the next round")
    for x in range(5):
        emit(f"ldr {B[x]}, [sp, #{CE_OFF + 4 * x}]")
    nq = gen_d(B, pce, ACC, pco)
    return npend, nq


def main():
    print(f"""@ SPDX-License-Identifier: Apache-2.0
@ Generated by keccak_armv7m_gen.py {R} (do not edit; edit the generator).
@
@ Keccak-f[1600] (FIPS 202 section 3.3/3.4: 24 rounds of Rnd) for ARMv7-M
@ and ARMv7E-M (Cortex-M3/M4/M7), Thumb-2, integer registers only (runs on
@ soft-float builds), no data-dependent branch or address.
@
@   void armaccel_keccak_armv7m_f1600(uint32_t s[50]);
@
@ s is the state in bit-interleaved form: s[2w] holds the even bits of
@ lane w (bit 2i of the lane in bit i), s[2w+1] the odd bits, so a 64-bit
@ rotation is two 32-bit rotations (section 3.2.2's rho, theta's rot by 1).
@ Every rotation is folded into the shifted operand of the next eor/bic:
@ the generator tracks each word's pending right rotation, and only the
@ last round of each {R}-round loop body puts the words back in plain form.
@ The round constants come from armaccel_keccak_armv7m_rc (48 words:
@ RC[i] even half, odd half; keccak_armv7m.cpp).
@
@ Registers in a round: r0-r4 the five lanes of one plane after theta/rho/pi
@ (B), r5 scratch, r6-r10 the column parities C of the next round, r11 the
@ caller's state, r12/lr two words of theta's D; the rest of D, the second
@ state buffer and the loop state live in a {FRAME}-byte stack frame.
	.syntax unified
	.thumb
	.text
	.align 2
	.global armaccel_keccak_armv7m_f1600
	.hidden armaccel_keccak_armv7m_f1600
	.type armaccel_keccak_armv7m_f1600, %function
	.thumb_func
armaccel_keccak_armv7m_f1600:
	push {{r4-r11, lr}}
	sub sp, sp, #{FRAME}
	mov {XBASE}, r0
	movw r0, #:lower16:armaccel_keccak_armv7m_rc
	movt r0, #:upper16:armaccel_keccak_armv7m_rc
	str r0, [sp, #{RCP_OFF}]
	movs r0, #{24 // R}
	str r0, [sp, #{CNT_OFF}]
	@ theta's C and D for round 0 (section 3.2.1), from the plain state""")
    for x in range(5):
        emit(f"ldr {B[x]}, {word('X', x, 0)}")
        for y in range(1, 5):
            emit(f"ldr {T}, {word('X', x + 5 * y, 0)}")
            emit(f"eor {B[x]}, {B[x]}, {T}")
        emit(f"ldr {ACC[x]}, {word('X', x, 1)}")
        for y in range(1, 5):
            emit(f"ldr {T}, {word('X', x + 5 * y, 1)}")
            emit(f"eor {ACC[x]}, {ACC[x]}, {T}")
    q0 = gen_d(B, [0] * 5, ACC, [0] * 5)
    print("\n".join(out))
    out.clear()
    print(f"1:\t@ {R} rounds per iteration, {24 // R} iterations")
    pend = {(lane, h): 0 for lane in range(25) for h in range(2)}
    q = q0
    for j in range(R):
        src, dst = ("X", "Y") if j % 2 == 0 else ("Y", "X")
        pend, q = round_body(j, src, dst, pend, q, j == R - 1)
    assert all(v == 0 for v in pend.values())
    assert q == q0
    emit(f"ldr r0, [sp, #{RCP_OFF}]")
    emit(f"adds r0, r0, #{8 * R}")
    emit(f"str r0, [sp, #{RCP_OFF}]")
    emit(f"ldr r0, [sp, #{CNT_OFF}]")
    emit("subs r0, r0, #1")
    emit(f"str r0, [sp, #{CNT_OFF}]")
    emit("bne 1b")
    emit(f"add sp, sp, #{FRAME}")
    emit("pop {r4-r11, pc}")
    print("\n".join(out))
    print("\t.size armaccel_keccak_armv7m_f1600, . - armaccel_keccak_armv7m_f1600")
    conversions()
    print('\t.section .note.GNU-stack,"",%progbits')


# Delta swaps gathering a 32-bit word's even bits into bits 0..15 and its
# odd bits into 16..31 (the Keccak team's bit interleaving, as in
# keccak_armv7m.cpp's unshuffle); every mask is a Thumb-2 modified
# immediate.  Shuffling runs them in the reverse order.
UNSHUFFLE = [(0x22222222, 1), (0x0C0C0C0C, 2), (0x00F000F0, 4), (0x0000FF00, 8)]


def delta_swaps(steps):
    """Both halves of a lane, lo in r3 and hi in r12 (temporaries r4, r5),
    the two dependency chains alternated (Cortex-M7 issues two at once):
    t = (x ^ x >> s) & mask; x ^= t ^ t << s.  Four instructions a swap."""
    for mask, s in steps:
        for x, t in (("r3", "r4"), ("r12", "r5")):
            emit(f"eor {t}, {x}, {x}, lsr #{s}")
        for x, t in (("r3", "r4"), ("r12", "r5")):
            emit(f"and {t}, {t}, #0x{mask:08X}")
        for x, t in (("r3", "r4"), ("r12", "r5")):
            emit(f"eor {x}, {x}, {t}")
        for x, t in (("r3", "r4"), ("r12", "r5")):
            emit(f"eor {x}, {x}, {t}, lsl #{s}")


def function(name, proto, doc):
    print(f"""
@ {proto}
@
{doc}
	.align 2
	.global {name}
	.hidden {name}
	.type {name}, %function
	.thumb_func
{name}:""")


def halves(lo, hi, a, b):
    """lo = a bits 0..15 | b bits 0..15 << 16, hi = a bits 16..31 | b bits
    16..31 << 16: PKHBT/PKHTB on ARMv7E-M, BFI on plain ARMv7-M."""
    return f"""#if defined(__ARM_FEATURE_DSP)
\tpkhbt {lo}, {a}, {b}, lsl #16
\tpkhtb {hi}, {b}, {a}, asr #16
#else
\tlsr {hi}, {a}, #16
\tlsr {lo}, {b}, #16
\tbfi {hi}, {lo}, #16, #16
\tmov {lo}, {a}
\tbfi {lo}, {b}, #16, #16
#endif"""


def conversions():
    """The conversions between standard lanes (little-endian bytes, FIPS
    202 Appendix B.1) and interleaved words: about 40 instructions a lane
    (one or two loads, 32 for the delta swaps, two to pack, one or two
    stores, the loop)."""
    out.clear()
    # Packing the halves (r3 = lo, r12 = hi after unshuffling) into e = lo
    # bits 0..15 | hi bits 0..15 << 16 (r4) and o = lo bits 16..31 | hi bits
    # 16..31 << 16 (r5); the inverse is the same operation: lo = e bits
    # 0..15 | o bits 0..15 << 16 (r3), hi = e bits 16..31 | o bits 16..31 <<
    # 16 (r12), from e in r4 and o in r5.
    pack = halves("r4", "r5", "r3", "r12")
    unpack = halves("r3", "r12", "r4", "r5")
    for xor in (False, True):
        name = "armaccel_keccak_armv7m_interleave" + ("_xor" if xor else "")
        if xor:
            doc = ("@ For w < lanes (at least 1): lane w = in[8w..8w+7] little-endian (any\n"
                   "@ alignment: ldr), s[2w], s[2w+1] ^= its even and odd bits.")
        else:
            doc = ("@ For w < lanes (at least 1): lane w = in[8w..8w+7] little-endian (in\n"
                   "@ 4-byte aligned: ldrd), s[2w], s[2w+1] = its even and odd bits.")
        function(name, f"void {name}(uint32_t* s, const uint8_t* in, size_t lanes);", doc)
        emit("push {r4, r5}")
        print("\n".join(out))
        out.clear()
        print("1:")
        if xor:
            emit("ldr r3, [r1], #4")
            emit("ldr r12, [r1], #4")
        else:
            emit("ldrd r3, r12, [r1], #8")
        delta_swaps(UNSHUFFLE)
        print("\n".join(out))
        out.clear()
        print(pack)
        if xor:
            emit("ldrd r3, r12, [r0]")
            emit("eor r4, r4, r3")
            emit("eor r5, r5, r12")
        emit("strd r4, r5, [r0], #8")
        emit("subs r2, r2, #1")
        emit("bne 1b")
        emit("pop {r4, r5}")
        emit("bx lr")
        print("\n".join(out))
        out.clear()
        print(f"\t.size {name}, . - {name}")
    # Two stores: to out at any alignment (str), to 4-byte aligned out
    # (strd).
    for suffix, args, doc, regs in (
            ("", "uint8_t* out, const uint32_t* s, size_t lanes",
             "out[8w..8w+7] = lane w little-endian (any alignment: str)", "r4, r5"),
            ("_aligned", "uint8_t* out, const uint32_t* s, size_t lanes",
             "out[8w..8w+7] = lane w little-endian (out\n@ 4-byte aligned: strd)", "r4, r5")):
        name = "armaccel_keccak_armv7m_deinterleave" + suffix
        function(name, f"void {name}({args});",
                 f"@ For w < lanes (at least 1): {doc},\n"
                 "@ rebuilt from its even and odd bits s[2w], s[2w+1].")
        emit(f"push {{{regs}}}")
        print("\n".join(out))
        out.clear()
        print("1:")
        emit("ldrd r4, r5, [r1], #8")
        print("\n".join(out))
        out.clear()
        print(unpack)
        delta_swaps(UNSHUFFLE[::-1])
        if suffix == "_aligned":
            emit("strd r3, r12, [r0], #8")
        else:
            emit("str r3, [r0], #4")
            emit("str r12, [r0], #4")
        emit("subs r2, r2, #1")
        emit("bne 1b")
        emit(f"pop {{{regs}}}")
        emit("bx lr")
        print("\n".join(out))
        out.clear()
        print(f"\t.size {name}, . - {name}")

main()
