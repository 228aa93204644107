// SPDX-License-Identifier: Apache-2.0
// ML-KEM polynomial arithmetic (FIPS 203 §4.3), portable and constant
// time: polynomials of Z_q[X]/(X^256 + 1), q = 3329, as 256 coefficients in
// [0, q).  Reductions are multiply-and-shift (Barrett), never a division
// instruction, and nothing branches on or indexes by a coefficient
// (KyberSlash-class leaks).
//
// This is the portable lane (kMlkemPortable in mlkem_kernel.h) and the
// reference the others are tested against.  Every function below is
// exported under a stable name so that another lane's table (NEON,
// ARMv7E-M) can use it for an entry the lane does not implement itself.
#pragma once

#include <cstddef>
#include <cstdint>

namespace armaccel::mlkem {

inline constexpr int kN = 256;
inline constexpr std::uint16_t kQ = 3329;

struct Poly {
  std::uint16_t c[kN];  // coefficients in [0, q)
};

// a mod q for a < 2^30, in constant time.
std::uint16_t reduce(std::uint32_t a);

// NTT (Algorithm 9) and its inverse (Algorithm 10, including the factor
// 128^-1 = 3303), in place.
void ntt(Poly* f);
void inv_ntt(Poly* f);

// h = f x g in the NTT domain (MultiplyNTTs, Algorithm 11); with
// accumulate, h += f x g.
void multiply_ntts(Poly* h, const Poly* f, const Poly* g, bool accumulate);

void add(Poly* r, const Poly* a, const Poly* b);  // r = a + b
void sub(Poly* r, const Poly* a, const Poly* b);  // r = a - b

// Compress_d / Decompress_d (§4.2.1) on every coefficient, 1 <= d <= 11.
void compress(Poly* f, unsigned d);
void decompress(Poly* f, unsigned d);

// ByteEncode_d / ByteDecode_d (Algorithms 5, 6): 32 * d bytes.  Decoding
// with d = 12 reduces modulo q (as the standard specifies); encode_12 of a
// decoded value equals the input exactly when every coefficient was < q.
void byte_encode(std::uint8_t* out, const Poly* f, unsigned d);
void byte_decode(Poly* f, const std::uint8_t* in, unsigned d);

// The fused forms the kernel table uses (MlkemKernel::compress_encode /
// decode_decompress), 1 <= d <= 12, 32 * d bytes:
//   compress_encode:   out = ByteEncode_d(Compress_d(f)) for d <= 11,
//                      ByteEncode_12(f) for d = 12 (no compression);
//   decode_decompress: f = Decompress_d(ByteDecode_d(in)) for d <= 11,
//                      ByteDecode_12(in) (mod q) for d = 12.
// Bit-identical to the separate steps, without a temporary polynomial.
void compress_encode(std::uint8_t* out, const Poly* f, unsigned d);
void decode_decompress(Poly* f, const std::uint8_t* in, unsigned d);

// SampleNTT's rejection-sampling loop (Algorithm 7, steps 5-16) over len
// bytes (a multiple of 3): appends the 12-bit candidates below q to out,
// at most room of them; returns the number appended.  Public input.
unsigned rej_uniform(std::uint16_t* out, unsigned room, const std::uint8_t* buf, std::size_t len);

// SamplePolyCBD_eta (Algorithm 8) from 64 * eta bytes, eta 2 or 3.
void sample_cbd(Poly* f, const std::uint8_t* bytes, unsigned eta);

}  // namespace armaccel::mlkem
