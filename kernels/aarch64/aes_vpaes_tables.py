#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Derives the vector-permute AES tables of the aes-neon lane and writes
aes_vpaes_tables.h (run: python3 aes_vpaes_tables.py > aes_vpaes_tables.h).

Construction (M. Hamburg, "Accelerating AES with vector permute
instructions", CHES 2009), worked out here from the field arithmetic:

  * GF(2^8) is the AES field GF(2)[x]/(x^8 + x^4 + x^3 + x + 1) (FIPS 197
    section 4.2).  F = GF(2^4) is its subfield {y : y^16 = y}; t is an element
    outside F with t^16 = t + 1, so zeta = t^2 + t lies in F, and every byte
    value is x = e(i) + e(k) t with i, k nibbles and e() a fixed GF(2)-basis
    encoding of F.  The state is kept as bytes (i << 4) | k ("tower form").
  * With j = i ^ k, conj(x) = x^16 = e(j) + e(k) t, N = x conj(x) lies in F,
    and with a = 1/zeta:
        io = j + 1/(1/i + a/k) = N / (i + zeta k)
        jo = i + 1/(1/j + a/k) = N / (j + zeta k)
        1/x = (zeta + t)/io + (1 + zeta + t)/jo,
    so inversion is five 16-entry lookups (1/n and a/n, 1/0 held as 0x80,
    which TBL turns into 0) and the S-box output is a sum of two lookups.
  * SubBytes' affine map, MixColumns' multiples and the conversion to the
    next round's form are GF(2)-linear, so they fold into the output
    tables; ShiftRows is never applied: the state's byte layout drifts by
    one ShiftRows per round and the column rotations are conjugated by it
    (four variants, by round number mod 4), undone once at the end.

The script checks the construction against a plain AES (FIPS 197 appendix
C.1-C.3 vectors, encryption and decryption) before printing anything.  It
prints the field-arithmetic tables; the TBL index vectors of the layouts
(PHI, MC_FWD, MC_BWD, IMC_ROT below) are byte positions, which the header
computes from the same definitions (aes_vpaes_layout.h).
"""

import sys

POLY = 0x11B


def mul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        if a & 0x100:
            a ^= POLY
        b >>= 1
    return r


def power(a, n):
    r = 1
    for _ in range(n):
        r = mul(r, a)
    return r


def inverse(a):
    return power(a, 254) if a else 0


def rotl8(b, n):
    return ((b << n) | (b >> (8 - n))) & 0xFF


def affine_linear(b):  # FIPS 197 (5.1) without the constant 0x63
    return b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^ rotl8(b, 4)


AFFINE_LINEAR_INV = {affine_linear(b): b for b in range(256)}
assert len(AFFINE_LINEAR_INV) == 256

SBOX = [affine_linear(inverse(b)) ^ 0x63 for b in range(256)]
INV_SBOX = [0] * 256
for _b in range(256):
    INV_SBOX[SBOX[_b]] = _b

# --- The tower: F = GF(16) inside GF(256), t, zeta, nibble encoding. ---
SUBFIELD = [y for y in range(256) if power(y, 16) == y]
assert len(SUBFIELD) == 16
GEN = next(g for g in SUBFIELD if g > 1 and all(power(g, n) != 1 for n in (1, 3, 5)))
BASIS = [power(GEN, n) for n in range(4)]  # polynomial basis 1, g, g^2, g^3 of F


def e(n):  # nibble -> element of F
    r = 0
    for b in range(4):
        if n >> b & 1:
            r ^= BASIS[b]
    return r


NIBBLE = {e(n): n for n in range(16)}
assert len(NIBBLE) == 16 and set(NIBBLE) == set(SUBFIELD)
T = next(x for x in range(256) if x not in NIBBLE and power(x, 16) == x ^ 1)
ZETA = mul(T, T) ^ T
assert ZETA in NIBBLE
A_CONST = inverse(ZETA)

TOWER = {}  # field element -> tower byte
for _i in range(16):
    for _k in range(16):
        TOWER[e(_i) ^ mul(e(_k), T)] = (_i << 4) | _k
assert len(TOWER) == 256
FROM_TOWER = {v: k for k, v in TOWER.items()}


def tower(x):
    return TOWER[x]


def nib_table(f):  # 1/0 and a/0 are "infinity": 0x80, which TBL maps to 0
    return [0x80 if n == 0 else NIBBLE[f(e(n))] for n in range(16)]


INV = nib_table(inverse)
INVA = nib_table(lambda y: mul(A_CONST, inverse(y)))


def u(n):  # (zeta + t) / io
    return mul(ZETA ^ T, inverse(e(n)))


def v(n):  # (1 + zeta + t) / jo
    return mul(1 ^ ZETA ^ T, inverse(e(n)))


def lookup(table, idx):  # TBL: indices >= 16 give 0
    return table[idx] if idx < 16 else 0


def core(x):  # tower byte -> (io, jo)
    i, k = x >> 4, x & 15
    ak = lookup(INVA, k)
    j = i ^ k
    iak = lookup(INV, i) ^ ak
    jak = lookup(INV, j) ^ ak
    return lookup(INV, iak) ^ j, lookup(INV, jak) ^ i


def out_tables(f):  # f: field element -> byte; tables on io and jo
    return [f(u(n)) for n in range(16)], [f(v(n)) for n in range(16)]


for _x in range(256):
    _io, _jo = core(tower(_x))
    _y = 0
    if _io < 16:
        _y ^= u(_io)
    if _jo < 16:
        _y ^= v(_jo)
    assert _y == inverse(_x), _x


def dec_form(s):  # linear part of the decryption state form
    return tower(AFFINE_LINEAR_INV[s])


TABLES = {
    "inv": INV,
    "inva": INVA,
    # Encryption: standard byte -> tower form (nibble-wise, linear).
    "ipt_lo": [tower(n) for n in range(16)],
    "ipt_hi": [tower(n << 4) for n in range(16)],
}
TABLES["sb1_u"], TABLES["sb1_t"] = out_tables(lambda y: tower(affine_linear(y)))
TABLES["sb2_u"], TABLES["sb2_t"] = out_tables(lambda y: tower(mul(2, affine_linear(y))))
TABLES["sbo_u"], TABLES["sbo_t"] = out_tables(affine_linear)
TABLES["dipt_lo"] = [dec_form(n) for n in range(16)]
TABLES["dipt_hi"] = [dec_form(n << 4) for n in range(16)]
for _m, _name in ((9, "dsb9"), (13, "dsbd"), (11, "dsbb"), (14, "dsbe")):
    TABLES[_name + "_u"], TABLES[_name + "_t"] = out_tables(
        lambda y, m=_m: dec_form(mul(m, y)))
TABLES["dsbo_u"], TABLES["dsbo_t"] = out_tables(lambda y: y)
ENC_CONST = tower(0x63)  # SubBytes' constant, in tower form
DEC_CONST = tower(AFFINE_LINEAR_INV[0x63])  # InvSubBytes' constant (0x05)


def idx(r, c):
    return 4 * (c % 4) + r % 4


# Encryption layout after n rounds: logical (r, c) at physical (r, c + n r).
def phi(n):
    return [idx(q % 4, q // 4 + n * (q % 4)) for q in range(16)]


PHI = [phi(n) for n in range(4)]  # TBL index: standard order from layout n


def inverse_perm(p):
    r = [0] * 16
    for a, b in enumerate(p):
        r[b] = a
    return r


def rotation(n, dr, dc):  # TBL index: at layout-n position of (r, d), (r+dr, d+dc)
    out = [0] * 16
    for r in range(4):
        for d in range(4):
            out[idx(r, d + n * r)] = idx(r + dr, d + dc + n * (r + dr))
    return out


MC_FWD = [rotation(n, 1, 1) for n in range(4)]
MC_BWD = [rotation(n, 3, 3) for n in range(4)]
# Decryption layout after n rounds: (r, c) at (r, c - n r), i.e. phi(-n).
IMC_ROT = [rotation(-n % 4, 1, -1) for n in range(4)]


# --- Simulation of the kernels' data flow, checked against plain AES. ---
def tbl(table, index):
    return [table[i] if i < 16 else 0 for i in index]


def xor(a, b):
    return [x ^ y for x, y in zip(a, b)]


def split(state):
    return [b >> 4 for b in state], [b & 15 for b in state]


def core_vec(x):
    i, k = split(x)
    ak = tbl(TABLES["inva"], k)
    j = xor(i, k)
    iak = xor(tbl(TABLES["inv"], i), ak)
    jak = xor(tbl(TABLES["inv"], j), ak)
    return xor(tbl(TABLES["inv"], iak), j), xor(tbl(TABLES["inv"], jak), i)


def lookup2(name, io, jo):
    return xor(tbl(TABLES[name + "_u"], io), tbl(TABLES[name + "_t"], jo))


def form(state, lo, hi):
    h, l_ = split(state)
    return xor(tbl(TABLES[lo], l_), tbl(TABLES[hi], h))


def key_expansion(key):
    nk = len(key) // 4
    nr = nk + 6
    w = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        tmp = list(w[i - 1])
        if i % nk == 0:
            tmp = [SBOX[b] for b in tmp[1:] + tmp[:1]]
            tmp[0] ^= rcon
            rcon = mul(rcon, 2)
        elif nk > 6 and i % nk == 4:
            tmp = [SBOX[b] for b in tmp]
        w.append([a ^ b for a, b in zip(w[i - nk], tmp)])
    return [sum(w[4 * r:4 * r + 4], []) for r in range(nr + 1)], nr


def inv_mix_columns(s):
    out = []
    for c in range(4):
        col = s[4 * c:4 * c + 4]
        out += [mul(14, col[r]) ^ mul(11, col[(r + 1) % 4]) ^ mul(13, col[(r + 2) % 4])
                ^ mul(9, col[(r + 3) % 4]) for r in range(4)]
    return out


def to_layout(state, n):
    return tbl(state, inverse_perm(PHI[n % 4]))


def encrypt(key, block):
    rks, nr = key_expansion(key)
    x = form(xor(block, rks[0]), "ipt_lo", "ipt_hi")
    for n in range(1, nr):
        io, jo = core_vec(x)
        a = lookup2("sb1", io, jo)
        a2 = lookup2("sb2", io, jo)
        fwd, bwd = MC_FWD[(n - 1) % 4], MC_BWD[(n - 1) % 4]
        t = xor(a2, tbl(a, fwd))
        x = xor(xor(t, tbl(a, bwd)), tbl(t, fwd))
        x = xor(x, to_layout([tower(b) ^ ENC_CONST for b in rks[n]], n))
    io, jo = core_vec(x)
    y = xor(lookup2("sbo", io, jo), to_layout([b ^ 0x63 for b in rks[nr]], nr))
    return tbl(y, PHI[nr % 4])


def decrypt(key, block):
    rks, nr = key_expansion(key)
    x = xor(form(block, "dipt_lo", "dipt_hi"), [dec_form(b) ^ DEC_CONST for b in rks[nr]])
    for n in range(1, nr):
        io, jo = core_vec(x)
        rot = IMC_ROT[(n - 1) % 4]
        x = lookup2("dsb9", io, jo)
        x = xor(tbl(x, rot), lookup2("dsbd", io, jo))
        x = xor(tbl(x, rot), lookup2("dsbb", io, jo))
        x = xor(tbl(x, rot), lookup2("dsbe", io, jo))
        dk = [dec_form(b) ^ DEC_CONST for b in inv_mix_columns(rks[nr - n])]
        x = xor(x, to_layout(dk, -n))
    io, jo = core_vec(x)
    y = xor(lookup2("dsbo", io, jo), to_layout(rks[0], -nr))
    return tbl(y, PHI[-nr % 4])


PT = bytes.fromhex("00112233445566778899aabbccddeeff")
for _key, _ct in (("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
                  ("000102030405060708090a0b0c0d0e0f1011121314151617",
                   "dda97ca4864cdfe06eaf70a0ec0d7191"),
                  ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
                   "8ea2b7ca516745bfeafc49904b496089")):
    _k = bytes.fromhex(_key)
    assert bytes(encrypt(_k, list(PT))).hex() == _ct, _key
    assert bytes(decrypt(_k, list(bytes.fromhex(_ct)))) == PT, _key


def emit(out):
    def row(values):
        return "{" + ", ".join("0x%02x" % b for b in values) + "}"

    out.write("// SPDX-License-Identifier: Apache-2.0\n")
    out.write("// Generated by aes_vpaes_tables.py (same folder) from the field arithmetic;\n"
              "// do not edit.  Tower: g = 0x%02x generates GF(16), t = 0x%02x, zeta = 0x%02x\n"
              "// (elements of the FIPS 197 field, polynomial basis).\n" % (GEN, T, ZETA))
    out.write("#pragma once\n\n#include <cstdint>\n\n#include \"aes_vpaes_layout.h\"\n\n"
              "namespace armaccel {\nnamespace {\n\n")
    out.write("struct VpaesTables {\n")
    for name in TABLES:
        out.write("  std::uint8_t %s[16];\n" % name)
    for name in ("sr_fix", "mc_fwd", "mc_bwd", "imc_rot"):
        out.write("  std::uint8_t %s[4][16];\n" % name)
    out.write("};\n\n")
    out.write("// SubBytes' and InvSubBytes' constants in the forms the round keys carry.\n")
    out.write("constexpr std::uint8_t kVpaesEncConst = 0x%02x;\n" % ENC_CONST)
    out.write("constexpr std::uint8_t kVpaesDecConst = 0x%02x;\n\n" % DEC_CONST)
    out.write("// clang-format off\nalignas(16) constexpr VpaesTables kVpaes = [] {\n")
    out.write("  VpaesTables t = {\n")
    for name, values in TABLES.items():
        out.write("      .%s = %s,\n" % (name, row(values)))
    out.write("      .sr_fix = {}, .mc_fwd = {}, .mc_bwd = {}, .imc_rot = {},  // below\n")
    out.write("  };\n")
    # The TBL index vectors (PHI, MC_FWD, MC_BWD, IMC_ROT above) are
    # computed in C++ from the same definitions.
    out.write("  // The TBL index vectors, from their definitions (aes_vpaes_layout.h).\n")
    out.write("  vpaes_layout::to_standard(t.sr_fix);\n")
    out.write("  vpaes_layout::rotations(t.mc_fwd, 1, 1, 1);\n")
    out.write("  vpaes_layout::rotations(t.mc_bwd, 3, 3, 1);\n")
    out.write("  vpaes_layout::rotations(t.imc_rot, 1, -1, -1);\n")
    out.write("  return t;\n}();\n// clang-format on\n\n")
    out.write("}  // namespace\n}  // namespace armaccel\n")


if __name__ == "__main__":
    emit(sys.stdout)
