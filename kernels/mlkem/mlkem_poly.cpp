// SPDX-License-Identifier: Apache-2.0
// ML-KEM polynomial arithmetic, portable (FIPS 203 §4.2-4.3).
#include "mlkem/mlkem_poly.h"

#include "api/mlkem_kernel.h"
#include "mlkem/mlkem_zetas.h"
#include "util/wipe.h"

namespace armaccel::mlkem {

namespace {

struct Tables {
  std::uint16_t zetas[128];   // zeta^BitRev7(i)
  std::uint16_t gammas[128];  // zeta^(2 BitRev7(i) + 1)
};

constexpr Tables make_tables() {
  Tables t{};
  for (unsigned i = 0; i < 128; ++i) {
    t.zetas[i] = static_cast<std::uint16_t>(zetas::zeta(i));
    t.gammas[i] = static_cast<std::uint16_t>(zetas::gamma(i));
  }
  return t;
}

constexpr Tables kTables = make_tables();

// x - q if x >= q, for x < 2q, without a branch.
inline std::uint16_t csub(std::uint32_t x) {
  std::int32_t s = static_cast<std::int32_t>(x) - kQ;
  s += kQ & (s >> 31);
  return static_cast<std::uint16_t>(s);
}

inline std::uint16_t add_mod(std::uint16_t a, std::uint16_t b) {
  return csub(std::uint32_t{a} + b);
}
inline std::uint16_t sub_mod(std::uint16_t a, std::uint16_t b) {
  return csub(std::uint32_t{a} + kQ - b);
}
inline std::uint16_t mul_mod(std::uint16_t a, std::uint16_t b) {
  return reduce(std::uint32_t{a} * b);
}

}  // namespace

std::uint16_t reduce(std::uint32_t a) {
  // floor(2^32 / q) = 1290167; for a < 2^30 the quotient estimate is at most
  // one short, so one conditional subtraction finishes.
  const std::uint32_t t = static_cast<std::uint32_t>((std::uint64_t{a} * 1290167u) >> 32);
  return csub(a - t * kQ);
}

void ntt(Poly* f) {
  unsigned i = 1;
  for (int len = 128; len >= 2; len /= 2) {
    for (int start = 0; start < kN; start += 2 * len) {
      const std::uint16_t zeta = kTables.zetas[i++];
      for (int j = start; j < start + len; ++j) {
        const std::uint16_t t = mul_mod(zeta, f->c[j + len]);
        f->c[j + len] = sub_mod(f->c[j], t);
        f->c[j] = add_mod(f->c[j], t);
      }
    }
  }
}

void inv_ntt(Poly* f) {
  unsigned i = 127;
  for (int len = 2; len <= 128; len *= 2) {
    for (int start = 0; start < kN; start += 2 * len) {
      const std::uint16_t zeta = kTables.zetas[i--];
      for (int j = start; j < start + len; ++j) {
        const std::uint16_t t = f->c[j];
        f->c[j] = add_mod(t, f->c[j + len]);
        f->c[j + len] = mul_mod(zeta, sub_mod(f->c[j + len], t));
      }
    }
  }
  for (std::uint16_t& x : f->c) x = mul_mod(x, 3303);  // 128^-1 mod q
}

void multiply_ntts(Poly* h, const Poly* f, const Poly* g, bool accumulate) {
  for (int i = 0; i < 128; ++i) {
    const std::uint16_t a0 = f->c[2 * i], a1 = f->c[2 * i + 1];
    const std::uint16_t b0 = g->c[2 * i], b1 = g->c[2 * i + 1];
    // BaseCaseMultiply (Algorithm 12) with gamma = zeta^(2 BitRev7(i) + 1).
    std::uint16_t c0 = add_mod(mul_mod(a0, b0), mul_mod(mul_mod(a1, b1), kTables.gammas[i]));
    std::uint16_t c1 = add_mod(mul_mod(a0, b1), mul_mod(a1, b0));
    if (accumulate) {
      c0 = add_mod(c0, h->c[2 * i]);
      c1 = add_mod(c1, h->c[2 * i + 1]);
    }
    h->c[2 * i] = c0;
    h->c[2 * i + 1] = c1;
  }
}

void add(Poly* r, const Poly* a, const Poly* b) {
  for (int i = 0; i < kN; ++i) r->c[i] = add_mod(a->c[i], b->c[i]);
}

void sub(Poly* r, const Poly* a, const Poly* b) {
  for (int i = 0; i < kN; ++i) r->c[i] = sub_mod(a->c[i], b->c[i]);
}

namespace {

// Compress_d(x) = round(2^d x / q) mod 2^d (§4.2.1) for x in [0, q):
// round(2^d x / q) = floor((x 2^(d+1) + q) / 2q); 2q = 6658 and
// floor(2^32 / 6658) = 645083, the estimate at most one short.
inline std::uint16_t compress_one(std::uint32_t x, unsigned d) {
  const std::uint32_t n = (x << (d + 1)) + kQ;
  std::uint32_t t = static_cast<std::uint32_t>((std::uint64_t{n} * 645083u) >> 32);
  const std::uint32_t r = n - t * 6658u;
  t += (6657u - r) >> 31;  // +1 when r >= 6658
  return static_cast<std::uint16_t>(t & ((1u << d) - 1));
}

// Decompress_d(y) = round(q y / 2^d) for y < 2^d.
inline std::uint16_t decompress_one(std::uint32_t y, unsigned d) {
  return static_cast<std::uint16_t>((y * kQ + (1u << (d - 1))) >> d);
}

}  // namespace

void compress(Poly* f, unsigned d) {
  for (std::uint16_t& x : f->c) x = compress_one(x, d);
}

void decompress(Poly* f, unsigned d) {
  for (std::uint16_t& y : f->c) y = decompress_one(y, d);
}

namespace {

// ByteEncode_D / ByteDecode_D on groups of 8 coefficients = D bytes (bit
// 8g D + D j + b of the output is bit b of coefficient 8g + j), with D a
// compile-time constant so the bit positions are too: each group is 8 * D
// bits in two 64-bit words, straight-line code without a loop per bit.
template <unsigned D>
void encode_d(std::uint8_t* out, const std::uint16_t* c, int groups) {
  for (int g = 0; g < groups; ++g, out += D) {
    std::uint64_t w[2] = {0, 0};
#pragma GCC unroll 8
    for (unsigned j = 0; j < 8; ++j) {
      const std::uint64_t v = c[8 * g + j];
      const unsigned pos = D * j;
      w[pos / 64] |= v << (pos % 64);
      if (pos % 64 + D > 64) w[1] |= v >> (64 - pos % 64);
    }
#pragma GCC unroll 12
    for (unsigned b = 0; b < D; ++b) out[b] = static_cast<std::uint8_t>(w[b / 8] >> (8 * (b % 8)));
  }
}

template <unsigned D>
void decode_d(Poly* f, const std::uint8_t* in) {
  constexpr std::uint64_t kMask = (std::uint64_t{1} << D) - 1;
  for (int g = 0; g < kN / 8; ++g, in += D) {
    std::uint64_t w[2] = {0, 0};
#pragma GCC unroll 12
    for (unsigned b = 0; b < D; ++b) w[b / 8] |= std::uint64_t{in[b]} << (8 * (b % 8));
#pragma GCC unroll 8
    for (unsigned j = 0; j < 8; ++j) {
      const unsigned pos = D * j;
      std::uint64_t v = w[pos / 64] >> (pos % 64);
      if (pos % 64 + D > 64) v |= w[1] << (64 - pos % 64);
      v &= kMask;
      f->c[8 * g + j] = D == 12 ? csub(static_cast<std::uint32_t>(v))  // 12 bits: mod q
                                : static_cast<std::uint16_t>(v);
    }
  }
}

// encode_d<d> for a run-time d in 1..12 (12 for any other).
void encode_any(unsigned d, std::uint8_t* out, const std::uint16_t* c, int groups) {
  switch (d) {
    case 1:
      return encode_d<1>(out, c, groups);
    case 2:
      return encode_d<2>(out, c, groups);
    case 3:
      return encode_d<3>(out, c, groups);
    case 4:
      return encode_d<4>(out, c, groups);
    case 5:
      return encode_d<5>(out, c, groups);
    case 6:
      return encode_d<6>(out, c, groups);
    case 7:
      return encode_d<7>(out, c, groups);
    case 8:
      return encode_d<8>(out, c, groups);
    case 9:
      return encode_d<9>(out, c, groups);
    case 10:
      return encode_d<10>(out, c, groups);
    case 11:
      return encode_d<11>(out, c, groups);
    default:
      return encode_d<12>(out, c, groups);
  }
}

}  // namespace

void byte_encode(std::uint8_t* out, const Poly* f, unsigned d) {
  encode_any(d, out, f->c, kN / 8);
}

void byte_decode(Poly* f, const std::uint8_t* in, unsigned d) {
  switch (d) {
    case 1:
      return decode_d<1>(f, in);
    case 2:
      return decode_d<2>(f, in);
    case 3:
      return decode_d<3>(f, in);
    case 4:
      return decode_d<4>(f, in);
    case 5:
      return decode_d<5>(f, in);
    case 6:
      return decode_d<6>(f, in);
    case 7:
      return decode_d<7>(f, in);
    case 8:
      return decode_d<8>(f, in);
    case 9:
      return decode_d<9>(f, in);
    case 10:
      return decode_d<10>(f, in);
    case 11:
      return decode_d<11>(f, in);
    default:
      return decode_d<12>(f, in);
  }
}

// Compress_d then ByteEncode_d, 64 coefficients at a time through a small
// buffer (the compression loop vectorises where the compiler can; a
// per-coefficient compression inside the packing does not), wiped after:
// for d = 1 it holds the message.
void compress_encode(std::uint8_t* out, const Poly* f, unsigned d) {
  if (d >= 12) return encode_any(12, out, f->c, kN / 8);
  std::uint16_t t[64];
  for (int b = 0; b < kN / 64; ++b) {
    for (int i = 0; i < 64; ++i) t[i] = compress_one(f->c[64 * b + i], d);
    encode_any(d, out + 8 * d * b, t, 8);
  }
  wipe(t, sizeof t);
}

// ByteDecode_d then Decompress_d in place.
void decode_decompress(Poly* f, const std::uint8_t* in, unsigned d) {
  byte_decode(f, in, d);
  if (d < 12) decompress(f, d);
}

unsigned rej_uniform(std::uint16_t* out, unsigned room, const std::uint8_t* buf, std::size_t len) {
  unsigned n = 0;
  for (std::size_t b = 0; b + 3 <= len && n < room; b += 3) {
    const std::uint16_t d1 = static_cast<std::uint16_t>(buf[b] | ((buf[b + 1] & 0x0f) << 8));
    const std::uint16_t d2 = static_cast<std::uint16_t>((buf[b + 1] >> 4) | (buf[b + 2] << 4));
    if (d1 < kQ) out[n++] = d1;
    if (d2 < kQ && n < room) out[n++] = d2;
  }
  return n;
}

void sample_cbd(Poly* f, const std::uint8_t* bytes, unsigned eta) {
  // Bit 2 eta i + j (j < eta) of the input belongs to x of coefficient i,
  // bit 2 eta i + eta + j to y.  Summing each bit group in place (the
  // masked shifts below) gives every x and y as an eta-bit field of a
  // word: eta = 2 takes 4 bytes (8 coefficients, 2-bit sums), eta = 3
  // takes 3 bytes (4 coefficients, 3-bit sums).  No branch on the bits.
  if (eta == 2) {
    for (int g = 0; g < kN / 8; ++g) {
      const std::uint8_t* b = bytes + 4 * g;
      const std::uint32_t t = b[0] | (b[1] << 8) | (b[2] << 16) | (std::uint32_t{b[3]} << 24);
      const std::uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
      for (int j = 0; j < 8; ++j) {
        const std::uint32_t x = (d >> (4 * j)) & 3, y = (d >> (4 * j + 2)) & 3;
        f->c[8 * g + j] = csub(x + kQ - y);
      }
    }
  } else {
    for (int g = 0; g < kN / 4; ++g) {
      const std::uint8_t* b = bytes + 3 * g;
      const std::uint32_t t = b[0] | (b[1] << 8) | (std::uint32_t{b[2]} << 16);
      const std::uint32_t d = (t & 0x249249u) + ((t >> 1) & 0x249249u) + ((t >> 2) & 0x249249u);
      for (int j = 0; j < 4; ++j) {
        const std::uint32_t x = (d >> (6 * j)) & 7, y = (d >> (6 * j + 3)) & 7;
        f->c[4 * g + j] = csub(x + kQ - y);
      }
    }
  }
}

}  // namespace armaccel::mlkem

namespace armaccel {

// clang-format off
const MlkemKernel kMlkemPortable = {
    .lane = "mlkem-portable", .required = 0, .ntt = mlkem::ntt, .inv_ntt = mlkem::inv_ntt,
    .multiply_ntts = mlkem::multiply_ntts, .multiply_ntts_sum = nullptr,
    .rej_uniform = mlkem::rej_uniform,
    .compress_encode = mlkem::compress_encode, .decode_decompress = mlkem::decode_decompress,
    .sample_cbd = mlkem::sample_cbd, .add = mlkem::add, .sub = mlkem::sub};
// clang-format on

}  // namespace armaccel
