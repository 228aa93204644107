// SPDX-License-Identifier: Apache-2.0
// mlkem_neon.cpp's coding entries on unsigned lanes: Compress_d +
// ByteEncode_d (Algorithm 5, §4.2.1), ByteDecode_d + Decompress_d
// (Algorithm 6) for d = 1, 4, 5, 10, 11, 12 and SamplePolyCBD (Algorithm
// 8, eta = 2, 3); other d fall back to the portable functions.  Constant
// time: no branch or table index depends on a coefficient or data byte
// (the TBL shuffles are public).  Unnamed namespace, included by
// mlkem_neon.cpp only, after mlkem_neon_arith.h.
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "api/mlkem_kernel.h"
#include "mlkem_neon_arith.h"
#include "util/always_inline.h"
#include "util/unroll.h"

namespace armaccel {
namespace {

ARMACCEL_ALWAYS_INLINE uint8x16_t u8(uint16x8_t x) {
  return vreinterpretq_u8_u16(x);
}
ARMACCEL_ALWAYS_INLINE uint16x8_t u16(uint8x16_t x) {
  return vreinterpretq_u16_u8(x);
}

// [0, 2q) -> [0, q) on uint16 lanes: x - q wraps to a huge value when x < q.
ARMACCEL_ALWAYS_INLINE uint16x8_t csub_u16(uint16x8_t x) {
  return vminq_u16(x, vsubq_u16(x, vdupq_n_u16(kQ)));
}

// ---------------------------------------------------------------------------
// Compress_d (§4.2.1): round(2^d x / q) mod 2^d for x in [0, q), eight
// coefficients (uint16) a vector, by multiplication and shifts:
// round(2^d x / q) = floor((x K + C) / 2^S) for every x in [0, q) with
//   d = 4:  K = 315,    C = 32738,  S = 16
//   d = 5:  K = 630,    C = 32709,  S = 16
//   d = 10: K = 161271, C = 262020, S = 19
//   d = 11: K = 161271, C = 130948, S = 18
// (K ~ 2^(S+d) / q; C in the middle of the interval of offsets that works
// for all 3329 inputs, found by exhaustive search; the tests check every
// x for every d).  S = 16: UMLAL (16 x 16 + 32 bits, x K + C < 2^21) and
// the high halves (UZP2).  d = 10, 11: K = 2^17 + 30199, so
// floor((x K + C) / 2^S) = floor((floor((30199 x + C) / 2^16) + 2 x)
// / 2^(S-16)), in 32 then 16 bits.  The result can be 2^d (x near q): the
// packers keep only its low d bits, which is the mod 2^d.
template <unsigned D>
ARMACCEL_ALWAYS_INLINE uint16x8_t compress(uint16x8_t x) {
  static_assert(D == 4 || D == 5 || D == 10 || D == 11);
  constexpr std::uint16_t kK = D == 4 ? 315 : D == 5 ? 630 : 30199;
  const uint32x4_t c = vdupq_n_u32(D == 4 ? 32738 : D == 5 ? 32709 : D == 10 ? 262020 : 130948);
  const uint32x4_t lo = vmlal_n_u16(c, vget_low_u16(x), kK);
  const uint32x4_t hi = vmlal_high_n_u16(c, x, kK);
  const uint16x8_t t = vuzp2q_u16(vreinterpretq_u16_u32(lo), vreinterpretq_u16_u32(hi));
  if constexpr (D == 4 || D == 5) {
    return t;
  } else {
    return vshrq_n_u16(vmlaq_n_u16(t, x, 2), D == 10 ? 3 : 2);
  }
}

// Compress_1: round(2 x / q) mod 2 is 1 exactly for 833 <= x <= 2496
// (q/4 = 832.25, 3q/4 = 2496.75): x - 833 < 1664 unsigned, as a lane mask.
ARMACCEL_ALWAYS_INLINE uint16x8_t compress1_mask(uint16x8_t x) {
  return vcltq_u16(vsubq_u16(x, vdupq_n_u16(833)), vdupq_n_u16(1664));
}

// Decompress_d (§4.2.1): round(q y / 2^d) for y < 2^d, given y 2^(15-d)
// (< 2^15): SQRDMULH by q gives (2 y 2^(15-d) q + 2^15) >> 16 =
// floor(q y / 2^d + 1/2).
ARMACCEL_ALWAYS_INLINE uint16x8_t decompress_scaled(uint16x8_t y_scaled) {
  return vreinterpretq_u16_s16(vqrdmulhq_n_s16(vreinterpretq_s16_u16(y_scaled), kQ));
}

// ---------------------------------------------------------------------------
// Bit packing (ByteEncode_d, Algorithm 5: coefficient i at stream bits
// d i .. d i + d - 1, little-endian).  join: on lanes of 2W bits holding
// two fields in their W-bit halves, SLI puts the upper field right above
// the low B bits of the lower one (and drops the lower one's bits above
// B, so a compressed value 2^d loses its stray bit).  split is the
// inverse for decoding (the fields keep garbage above their width, masked
// at the end).
template <int B>
ARMACCEL_ALWAYS_INLINE uint16x8_t join16(uint16x8_t x) {
  return vsliq_n_u16(x, vshrq_n_u16(x, 8), B);
}
template <int B>
ARMACCEL_ALWAYS_INLINE uint32x4_t join32(uint32x4_t x) {
  return vsliq_n_u32(x, vshrq_n_u32(x, 16), B);
}
template <int B>
ARMACCEL_ALWAYS_INLINE uint64x2_t join64(uint64x2_t x) {
  return vsliq_n_u64(x, vshrq_n_u64(x, 32), B);
}
template <int B>
ARMACCEL_ALWAYS_INLINE uint64x2_t split64(uint64x2_t x) {
  return vsliq_n_u64(x, vshrq_n_u64(x, B), 32);
}
template <int B>
ARMACCEL_ALWAYS_INLINE uint32x4_t split32(uint32x4_t x) {
  return vsliq_n_u32(x, vshrq_n_u32(x, B), 16);
}
template <int B>
ARMACCEL_ALWAYS_INLINE uint16x8_t split16(uint16x8_t x) {
  return vsliq_n_u16(x, vshrq_n_u16(x, B), 8);
}

// Between vectors of packed fields and the byte stream, M stream bytes
// per vector, in periods of lcm(16, M) bytes (whole vectors and whole
// 16-byte chunks).  In a vector the M bytes sit at:
//   M = 10: bytes 0-4 and 8-12 (5 bytes in each 64-bit lane; d = 5 with
//           16 coefficients a vector, d = 10 with 8);
//   M = 11: bytes 0-10 (d = 11, 8 coefficients);
//   M = 12: bytes 0-2, 4-6, 8-10, 12-14 (3 bytes in each 32-bit lane,
//           SamplePolyCBD_3, 16 coefficients).
// Packing gathers each output chunk from at most three consecutive
// vectors (TBL, 3 registers), unpacking each vector from at most two
// consecutive input chunks (TBL, 2 registers; unused lanes get 0).  The
// indices are public constants.
constexpr int gcd(int a, int b) {
  return b == 0 ? a : gcd(b, a % b);
}
constexpr int period_bytes(int m) {
  return 16 / gcd(16, m) * m;
}
constexpr int pack_base(int m, int chunk) {  // first source vector of a chunk
  const int v = 16 * chunk / m, last = period_bytes(m) / m - 3;
  return v < last ? v : last;
}
constexpr int unpack_base(int m, int vec) {  // first source chunk of a vector
  const int c = m * vec / 16, last = period_bytes(m) / 16 - 2;
  return c < last ? c : last;
}
constexpr int pack_position(int m, int k) {  // stream byte k of a vector -> vector byte
  return m == 10 && k >= 5 ? k + 3 : k;
}
// Vector byte p <- stream byte of the vector (-1: none).  M = 11 decoding
// reads bytes 0-5 into lane 0 and 5-10 into lane 1 (then shifted by 4).
constexpr int unpack_source(int m, int p) {
  if (m == 12) return p % 4 < 3 ? p / 4 * 3 + p % 4 : -1;
  if (p <= (m == 10 ? 4 : 5)) return p;
  return p >= 8 && p - 3 < m ? p - 3 : -1;
}

template <int N>
struct Shuffles {
  std::uint8_t idx[N][16];
};

template <int M>
constexpr Shuffles<period_bytes(M) / 16> make_pack() {
  Shuffles<period_bytes(M) / 16> s{};
  for (int c = 0; c < period_bytes(M) / 16; ++c) {
    for (int i = 0; i < 16; ++i) {
      const int o = 16 * c + i;
      s.idx[c][i] =
          static_cast<std::uint8_t>(16 * (o / M - pack_base(M, c)) + pack_position(M, o % M));
    }
  }
  return s;
}

template <int M>
constexpr Shuffles<period_bytes(M) / M> make_unpack() {
  Shuffles<period_bytes(M) / M> s{};
  for (int j = 0; j < period_bytes(M) / M; ++j) {
    for (int p = 0; p < 16; ++p) {
      const int k = unpack_source(M, p);
      s.idx[j][p] = static_cast<std::uint8_t>(k < 0 ? 0xff : M * j + k - 16 * unpack_base(M, j));
    }
  }
  return s;
}

constexpr Shuffles<5> kPack10 = make_pack<10>();
constexpr Shuffles<11> kPack11 = make_pack<11>();
constexpr Shuffles<8> kUnpack10 = make_unpack<10>();
constexpr Shuffles<16> kUnpack11 = make_unpack<11>();
constexpr Shuffles<4> kUnpack12 = make_unpack<12>();

// out = the stream of `vectors` packed vectors make(j) (M bytes each).
template <int M, typename Make>
ARMACCEL_ALWAYS_INLINE void pack_stream(std::uint8_t* out, int vectors,
                                        const Shuffles<period_bytes(M) / 16>& sh, Make&& make) {
  constexpr int kV = period_bytes(M) / M, kC = period_bytes(M) / 16;
  for (int p = 0; p < vectors / kV; ++p, out += 16 * kC) {
    uint8x16_t v[kV];
    unroll<kV>([&](auto j) { v[j] = make(kV * p + j); });
    unroll<kC>([&](auto c) {
      constexpr int b = pack_base(M, c);
      const uint8x16x3_t t = {{v[b], v[b + 1], v[b + 2]}};
      vst1q_u8(out + 16 * c, vqtbl3q_u8(t, vld1q_u8(sh.idx[c])));
    });
  }
}

// use(j, vector j of the stream in its packed layout), `vectors` of them.
template <int M, typename Use>
ARMACCEL_ALWAYS_INLINE void unpack_stream(const std::uint8_t* in, int vectors,
                                          const Shuffles<period_bytes(M) / M>& sh, Use&& use) {
  constexpr int kV = period_bytes(M) / M, kC = period_bytes(M) / 16;
  for (int p = 0; p < vectors / kV; ++p, in += 16 * kC) {
    uint8x16_t ch[kC];
    unroll<kC>([&](auto c) { ch[c] = vld1q_u8(in + 16 * c); });
    unroll<kV>([&](auto j) {
      constexpr int b = unpack_base(M, j);
      const uint8x16x2_t t = {{ch[b], ch[b + 1]}};
      use(kV * p + j, vqtbl2q_u8(t, vld1q_u8(sh.idx[j])));
    });
  }
}

// ---------------------------------------------------------------------------
// ByteEncode_d(Compress_d(f)).

// d = 1: Compress_1 masks narrowed to bytes and ANDed with the bit weights
// 1, 2, .., 128 (coefficient 8k + j -> bit j of byte k); three levels of
// pairwise byte additions (ADDP, disjoint bits so sums are ORs) then sum
// each run of 8 bytes: 16 vectors of 16 coefficients -> 32 bytes.
constexpr std::uint8_t kBitWeights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};

void encode1(std::uint8_t* out, const mlkem::Poly* f) {
  const uint8x16_t w = vld1q_u8(kBitWeights);
  uint8x16_t v[16];
  unroll<16>([&](auto i) {
    const uint16x8_t m0 = compress1_mask(vld1q_u16(f->c + 16 * i));
    const uint16x8_t m1 = compress1_mask(vld1q_u16(f->c + 16 * i + 8));
    v[i] = vandq_u8(vuzp1q_u8(u8(m0), u8(m1)), w);
  });
  unroll<8>([&](auto i) { v[i] = vpaddq_u8(v[2 * i], v[2 * i + 1]); });
  unroll<4>([&](auto i) { v[i] = vpaddq_u8(v[2 * i], v[2 * i + 1]); });
  unroll<2>([&](auto i) { v[i] = vpaddq_u8(v[2 * i], v[2 * i + 1]); });
  vst1q_u8(out, v[0]);
  vst1q_u8(out + 16, v[1]);
}

// d = 4: 32 coefficients -> 16 bytes: narrow to bytes (UZP1), join the
// byte pairs into one byte each (low nibble first), narrow again.
void encode4(std::uint8_t* out, const mlkem::Poly* f) {
  for (int g = 0; g < 8; ++g) {
    const uint16x8x4_t x = vld1q_u16_x4(f->c + 32 * g);
    const uint8x16_t n0 = vuzp1q_u8(u8(compress<4>(x.val[0])), u8(compress<4>(x.val[1])));
    const uint8x16_t n1 = vuzp1q_u8(u8(compress<4>(x.val[2])), u8(compress<4>(x.val[3])));
    vst1q_u8(out + 16 * g, vuzp1q_u8(u8(join16<4>(u16(n0))), u8(join16<4>(u16(n1)))));
  }
}

// d = 5: 16 coefficients a vector, narrowed to bytes, joined into 40-bit
// fields in each 64-bit lane (5 + 5 stream bytes, M = 10).
void encode5(std::uint8_t* out, const mlkem::Poly* f) {
  pack_stream<10>(out, 16, kPack10, [&](int j) {
    const uint16x8x2_t x = vld1q_u16_x2(f->c + 16 * j);
    const uint8x16_t n = vuzp1q_u8(u8(compress<5>(x.val[0])), u8(compress<5>(x.val[1])));
    const uint32x4_t a = vreinterpretq_u32_u16(join16<5>(u16(n)));
    const uint64x2_t b = vreinterpretq_u64_u32(join32<10>(a));
    return vreinterpretq_u8_u64(join64<20>(b));
  });
}

// d = 10: 8 coefficients a vector joined into 40-bit fields (M = 10).
void encode10(std::uint8_t* out, const mlkem::Poly* f) {
  pack_stream<10>(out, 32, kPack10, [&](int j) {
    const uint32x4_t a = vreinterpretq_u32_u16(compress<10>(vld1q_u16(f->c + 8 * j)));
    const uint64x2_t b = vreinterpretq_u64_u32(join32<10>(a));
    return vreinterpretq_u8_u64(join64<20>(b));
  });
}

// d = 11: 8 coefficients a vector as two 44-bit fields, then lane 0 takes
// the low 20 bits of lane 1 on top (SLI from the swapped vector) and lane
// 1 keeps its bits 20-43 (shift by 20): 8 + 3 stream bytes (M = 11).
constexpr std::int64_t kShift11[2] = {0, -20};

void encode11(std::uint8_t* out, const mlkem::Poly* f) {
  const int64x2_t shift = vld1q_s64(kShift11);
  pack_stream<11>(out, 32, kPack11, [&](int j) {
    const uint32x4_t a = vreinterpretq_u32_u16(compress<11>(vld1q_u16(f->c + 8 * j)));
    const uint64x2_t b = join64<22>(vreinterpretq_u64_u32(join32<11>(a)));
    const uint64x2_t c = vsliq_n_u64(b, vextq_u64(b, b, 1), 44);
    return vreinterpretq_u8_u64(vshlq_u64(c, shift));
  });
}

// d = 12, no compression: LD2 splits 16 pairs (a, b), ST3 writes the
// three bytes a0-7, a8-11 | b0-3 << 4, b4-11 of each.
void encode12(std::uint8_t* out, const mlkem::Poly* f) {
  for (int g = 0; g < 8; ++g) {
    const uint16x8x2_t x = vld2q_u16(f->c + 32 * g);
    const uint16x8x2_t y = vld2q_u16(f->c + 32 * g + 16);
    uint8x16x3_t o;
    o.val[0] = vuzp1q_u8(u8(x.val[0]), u8(y.val[0]));
    o.val[1] = vuzp1q_u8(u8(vsliq_n_u16(vshrq_n_u16(x.val[0], 8), x.val[1], 4)),
                         u8(vsliq_n_u16(vshrq_n_u16(y.val[0], 8), y.val[1], 4)));
    o.val[2] = vshrn_high_n_u16(vshrn_n_u16(x.val[1], 4), y.val[1], 4);
    vst3q_u8(out + 48 * g, o);
  }
}

// ---------------------------------------------------------------------------
// Decompress_d(ByteDecode_d(in)).

// d = 1: byte pair L of a 16-byte load duplicated into every 16-bit lane,
// CMTST against bit weights 1 .. 2^15 gives the 16 coefficient masks, AND
// with Decompress_1(1) = 1665.
constexpr std::uint16_t kBitWeights16[16] = {1,   2,   4,    8,    16,   32,   64,    128,
                                             256, 512, 1024, 2048, 4096, 8192, 16384, 32768};

void decode1(mlkem::Poly* f, const std::uint8_t* in) {
  const uint16x8x2_t w = vld1q_u16_x2(kBitWeights16);
  const uint16x8_t half = vdupq_n_u16((kQ + 1) / 2);
  for (int h = 0; h < 2; ++h) {
    const uint16x8_t b = u16(vld1q_u8(in + 16 * h));
    unroll<8>([&](auto l) {
      const uint16x8_t v = vdupq_laneq_u16(b, l);
      uint16x8x2_t r;
      r.val[0] = vandq_u16(vtstq_u16(v, w.val[0]), half);
      r.val[1] = vandq_u16(vtstq_u16(v, w.val[1]), half);
      vst1q_u16_x2(f->c + 128 * h + 16 * l, r);
    });
  }
}

// d = 4: the nibbles of 16 bytes as (y << 3) in bytes, interleaved (ZIP)
// into coefficient order and widened into the upper byte (y << 11).
void decode4(mlkem::Poly* f, const std::uint8_t* in) {
  const uint8x16_t m = vdupq_n_u8(0x78);
  for (int g = 0; g < 8; ++g) {
    const uint8x16_t b = vld1q_u8(in + 16 * g);
    const uint8x16_t e = vandq_u8(vshlq_n_u8(b, 3), m), o = vandq_u8(vshrq_n_u8(b, 1), m);
    const uint8x16_t h0 = vzip1q_u8(e, o), h1 = vzip2q_u8(e, o);
    uint16x8x4_t r;
    r.val[0] = decompress_scaled(vshll_n_u8(vget_low_u8(h0), 8));
    r.val[1] = decompress_scaled(vshll_high_n_u8(h0, 8));
    r.val[2] = decompress_scaled(vshll_n_u8(vget_low_u8(h1), 8));
    r.val[3] = decompress_scaled(vshll_high_n_u8(h1, 8));
    vst1q_u16_x4(f->c + 32 * g, r);
  }
}

// d = 5: 16 coefficients a vector: 40-bit fields split down to bytes
// (garbage above bit 5), SHL 3 drops it, USHLL 7 widens to y << 10.
void decode5(mlkem::Poly* f, const std::uint8_t* in) {
  unpack_stream<10>(in, 16, kUnpack10, [&](int j, uint8x16_t x) {
    const uint64x2_t a = split64<20>(vreinterpretq_u64_u8(x));
    const uint32x4_t b = split32<10>(vreinterpretq_u32_u64(a));
    const uint8x16_t c = vshlq_n_u8(u8(split16<5>(vreinterpretq_u16_u32(b))), 3);
    uint16x8x2_t r;
    r.val[0] = decompress_scaled(vshll_n_u8(vget_low_u8(c), 7));
    r.val[1] = decompress_scaled(vshll_high_n_u8(c, 7));
    vst1q_u16_x2(f->c + 16 * j, r);
  });
}

// d = 10: 8 coefficients a vector from two 40-bit fields.
void decode10(mlkem::Poly* f, const std::uint8_t* in) {
  const uint16x8_t m = vdupq_n_u16(0x3ff);
  unpack_stream<10>(in, 32, kUnpack10, [&](int j, uint8x16_t x) {
    const uint64x2_t a = split64<20>(vreinterpretq_u64_u8(x));
    const uint16x8_t b = vreinterpretq_u16_u32(split32<10>(vreinterpretq_u32_u64(a)));
    vst1q_u16(f->c + 8 * j, decompress_scaled(vshlq_n_u16(vandq_u16(b, m), 5)));
  });
}

// d = 11: lane 0 holds stream bits 0-47, lane 1 bits 40-87 shifted right
// by 4 (bits 44-87), then as d = 10.
constexpr std::int64_t kShiftDown4[2] = {0, -4};

void decode11(mlkem::Poly* f, const std::uint8_t* in) {
  const uint16x8_t m = vdupq_n_u16(0x7ff);
  const int64x2_t shift = vld1q_s64(kShiftDown4);
  unpack_stream<11>(in, 32, kUnpack11, [&](int j, uint8x16_t x) {
    const uint64x2_t a = split64<22>(vshlq_u64(vreinterpretq_u64_u8(x), shift));
    const uint16x8_t b = vreinterpretq_u16_u32(split32<11>(vreinterpretq_u32_u64(a)));
    vst1q_u16(f->c + 8 * j, decompress_scaled(vshlq_n_u16(vandq_u16(b, m), 4)));
  });
}

// d = 12: LD3 splits 16 three-byte groups; ZIP of bytes (0, 1) and (1, 2)
// gives a = b0 | b1 << 8 (masked to 12 bits) and b = (b1 | b2 << 8) >> 4;
// each reduced mod q (one conditional subtraction: < 4096 < 2q).
void decode12(mlkem::Poly* f, const std::uint8_t* in) {
  const uint16x8_t m = vdupq_n_u16(0xfff);
  for (int g = 0; g < 8; ++g) {
    const uint8x16x3_t b = vld3q_u8(in + 48 * g);
    uint16x8x2_t lo, hi;
    lo.val[0] = csub_u16(vandq_u16(u16(vzip1q_u8(b.val[0], b.val[1])), m));
    hi.val[0] = csub_u16(vandq_u16(u16(vzip2q_u8(b.val[0], b.val[1])), m));
    lo.val[1] = csub_u16(vshrq_n_u16(u16(vzip1q_u8(b.val[1], b.val[2])), 4));
    hi.val[1] = csub_u16(vshrq_n_u16(u16(vzip2q_u8(b.val[1], b.val[2])), 4));
    vst2q_u16(f->c + 32 * g, lo);
    vst2q_u16(f->c + 32 * g + 16, hi);
  }
}

// Both coding entries by width (kCodingWidths order); other d, not used by
// ML-KEM, go to the portable entries.
constexpr void (*kEncode[6])(std::uint8_t*, const mlkem::Poly*) = {encode1,  encode4,  encode5,
                                                                   encode10, encode11, encode12};
constexpr void (*kDecode[6])(mlkem::Poly*, const std::uint8_t*) = {decode1,  decode4,  decode5,
                                                                   decode10, decode11, decode12};

void compress_encode(std::uint8_t* out, const mlkem::Poly* f, unsigned d) {
  by_coding_width(
      d, [&](auto i) { kEncode[i](out, f); }, [&] { mlkem::compress_encode(out, f, d); });
}
void decode_decompress(mlkem::Poly* f, const std::uint8_t* in, unsigned d) {
  by_coding_width(
      d, [&](auto i) { kDecode[i](f, in); }, [&] { mlkem::decode_decompress(f, in, d); });
}

// ---------------------------------------------------------------------------
// SamplePolyCBD_eta (Algorithm 8), constant time (bit arithmetic only).

// eta = 2: byte k holds coefficients 2k (low nibble) and 2k+1 (high), each
// nibble x0 x1 y0 y1 (bit order).  b - ((b >> 1) & 0x55) sums bit pairs,
// (s & 0x33 | 0x44) - ((s >> 2) & 0x33) gives 4 + x - y in [2, 6] per
// nibble without borrows; widened onto q - 4 and reduced once, ST2
// interleaves the low and high nibbles' coefficients.
void cbd2(mlkem::Poly* f, const std::uint8_t* bytes) {
  const uint8x16_t m55 = vdupq_n_u8(0x55), m33 = vdupq_n_u8(0x33), four = vdupq_n_u8(0x44);
  const uint8x16_t low = vdupq_n_u8(0x0f);
  const uint16x8_t base = vdupq_n_u16(kQ - 4);
  for (int g = 0; g < 8; ++g) {
    const uint8x16_t b = vld1q_u8(bytes + 16 * g);
    const uint8x16_t s = vsubq_u8(b, vandq_u8(vshrq_n_u8(b, 1), m55));
    const uint8x16_t d =
        vsubq_u8(vorrq_u8(vandq_u8(s, m33), four), vandq_u8(vshrq_n_u8(s, 2), m33));
    const uint8x16_t e = vandq_u8(d, low), o = vshrq_n_u8(d, 4);
    uint16x8x2_t lo, hi;
    lo.val[0] = csub_u16(vaddw_u8(base, vget_low_u8(e)));
    lo.val[1] = csub_u16(vaddw_u8(base, vget_low_u8(o)));
    hi.val[0] = csub_u16(vaddw_high_u8(base, e));
    hi.val[1] = csub_u16(vaddw_high_u8(base, o));
    vst2q_u16(f->c + 32 * g, lo);
    vst2q_u16(f->c + 32 * g + 16, hi);
  }
}

// eta = 3: 3 bytes = 4 coefficients of 6 bits (x at bit 6i, y at 6i + 3),
// four groups a vector in 32-bit lanes (TBL, M = 12).  The 3-bit field
// sums (masks 0x249249 << 0, 1, 2, shifted onto bit 0 of each field),
// split to one coefficient a byte (x in bits 0-2, y in bits 3-5, garbage
// above), x - y in [-3, 3] widened signed and made canonical.
void cbd3(mlkem::Poly* f, const std::uint8_t* bytes) {
  const uint32x4_t m0 = vdupq_n_u32(0x249249), m1 = vdupq_n_u32(0x249249u << 1),
                   m2 = vdupq_n_u32(0x249249u << 2);
  const uint8x16_t seven = vdupq_n_u8(7);
  const uint16x8_t q = vdupq_n_u16(kQ);
  unpack_stream<12>(bytes, 16, kUnpack12, [&](int j, uint8x16_t x) {
    const uint32x4_t w = vreinterpretq_u32_u8(x);
    uint32x4_t s = vsraq_n_u32(vandq_u32(w, m0), vandq_u32(w, m1), 1);
    s = vsraq_n_u32(s, vandq_u32(w, m2), 2);
    const uint16x8_t t = vreinterpretq_u16_u32(split32<12>(s));
    const uint8x16_t u = u8(split16<6>(t));
    const int8x16_t d =
        vreinterpretq_s8_u8(vsubq_u8(vandq_u8(u, seven), vshrq_n_u8(vshlq_n_u8(u, 2), 5)));
    const uint16x8_t lo = vreinterpretq_u16_s16(vmovl_s8(vget_low_s8(d)));
    const uint16x8_t hi = vreinterpretq_u16_s16(vmovl_high_s8(d));
    uint16x8x2_t r;
    r.val[0] = vminq_u16(lo, vaddq_u16(lo, q));  // negative: huge; + q wraps to the answer
    r.val[1] = vminq_u16(hi, vaddq_u16(hi, q));
    vst1q_u16_x2(f->c + 16 * j, r);
  });
}

void sample_cbd(mlkem::Poly* f, const std::uint8_t* bytes, unsigned eta) {
  if (eta == 2) {
    cbd2(f, bytes);
  } else {
    cbd3(f, bytes);
  }
}

}  // namespace
}  // namespace armaccel
