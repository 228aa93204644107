// SPDX-License-Identifier: Apache-2.0
// ML-KEM arithmetic kernels (FIPS 203 §4.2-4.3), one table per lane.  The
// portable lane (mlkem_poly.h) is the reference every other lane is tested
// against; the AArch64 NEON and ARMv7E-M lanes plug in behind this table.
// The portable entries are exported from mlkem_poly.h under stable names
// (mlkem::ntt, inv_ntt, multiply_ntts, rej_uniform, compress_encode,
// decode_decompress, sample_cbd, add, sub): a lane that does not implement
// an entry fills its slot with the portable function.
//
// Shapes: a polynomial is Poly (mlkem_poly.h), 256 uint16 coefficients.
// Every entry takes and returns coefficients in canonical form [0, q),
// q = 3329, so lanes can be mixed freely and compared bit for bit; a lane
// may use any internal representation (signed, Montgomery, lazily reduced)
// between entry and return.  Constant time: nothing branches on or indexes
// by a coefficient.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "cpu/cpu_features.h"
#include "mlkem/mlkem_poly.h"
#include "util/always_inline.h"

namespace armaccel {

struct MlkemKernel {
  const char* lane;      // "mlkem-neon", "mlkem-portable"
  CpuFeatures required;  // features the lane's instructions need

  // NTT (Algorithm 9) and inverse NTT (Algorithm 10, with the 128^-1
  // factor), in place.
  void (*ntt)(mlkem::Poly* f);
  void (*inv_ntt)(mlkem::Poly* f);

  // MultiplyNTTs (Algorithm 11, BaseCaseMultiply over the 128 degree-1
  // pairs): h = f x g, or h += f x g with accumulate.  h may be f or g.
  void (*multiply_ntts)(mlkem::Poly* h, const mlkem::Poly* f, const mlkem::Poly* g,
                        bool accumulate);

  // Optional (nullptr: multiply_ntts n times): h = sum of f[j] x g[j] over
  // j < n, or h += that sum with accumulate, for 1 <= n <= 4 (the matrix
  // row's entries a batch holds, Algorithm 14 step 19 and Algorithm 13
  // step 18); a lane may sum the products before reducing them once.  h
  // is none of the f[j], g[j].  Output canonical, equal to n calls of
  // multiply_ntts.
  void (*multiply_ntts_sum)(mlkem::Poly* h, const mlkem::Poly* const* f,
                            const mlkem::Poly* const* g, unsigned n, bool accumulate);

  // The rejection-sampling loop of SampleNTT (Algorithm 7, steps 5-16) over
  // `len` bytes of XOF output (len a multiple of 3): each 3 bytes C give
  // d1 = C0 + 256 (C1 mod 16) and d2 = floor(C1 / 16) + 16 C2, in that
  // order, and every candidate < q is appended to out (uint16, canonical)
  // until `room` coefficients have been written.  Returns how many were
  // written (<= room); the caller squeezes more while it falls short.
  // The input is public (derived from rho), so lanes may branch and index
  // tables by it -- this entry is the one exception to constant time.
  unsigned (*rej_uniform)(std::uint16_t* out, unsigned room, const std::uint8_t* buf,
                          std::size_t len);

  // out (32 d bytes) = ByteEncode_d(Compress_d(f)) (Algorithm 5 after
  // §4.2.1's Compress_d(x) = round(2^d x / q) mod 2^d): the ciphertext's
  // u (d = du = 10, 11) and v (d = dv = 4, 5), and the message (d = 1,
  // Algorithm 15 step 7).  d = 12 is ByteEncode_12(f) without compression
  // (t-hat and s-hat, Algorithm 13 steps 19-20).  Lanes must support d in
  // {1, 4, 5, 10, 11, 12}; the portable entry takes any 1 <= d <= 12.
  // Compress_d is exact rounding computed by multiplication and shifts
  // (or comparisons), never a division.
  void (*compress_encode)(std::uint8_t* out, const mlkem::Poly* f, unsigned d);

  // f = Decompress_d(ByteDecode_d(in)) (Algorithm 6, then §4.2.1's
  // Decompress_d(y) = round(q y / 2^d)) from 32 d bytes, for the same d;
  // d = 12 is ByteDecode_12 alone, which reduces every 12-bit value mod q
  // (values >= q occur only in malformed keys; FIPS 203 §7.2 checks for
  // them by re-encoding).  Output canonical.
  void (*decode_decompress)(mlkem::Poly* f, const std::uint8_t* in, unsigned d);

  // SamplePolyCBD_eta (Algorithm 8) from 64 eta bytes of PRF output, eta 2
  // or 3: coefficient i = (x - y) mod q with x, y the sums of eta
  // consecutive bits starting at bit 2 eta i and 2 eta i + eta.  Secret.
  void (*sample_cbd)(mlkem::Poly* f, const std::uint8_t* bytes, unsigned eta);

  // r = a + b and r = a - b mod q (coefficient-wise, §2.4); r may alias a
  // or b.
  void (*add)(mlkem::Poly* r, const mlkem::Poly* a, const mlkem::Poly* b);
  void (*sub)(mlkem::Poly* r, const mlkem::Poly* a, const mlkem::Poly* b);
};

extern const MlkemKernel kMlkemPortable;

// For lanes with one coding routine per width: the widths ML-KEM uses,
// d = 1 (the message), 4, 5, 10, 11 (du, dv) and 12 (keys), are
// kCodingWidths[i], i = 0..5; by_coding_width calls
// coded(std::integral_constant<int, i>{}) for d = kCodingWidths[i] and
// other() for any other d.
inline constexpr unsigned kCodingWidths[6] = {1, 4, 5, 10, 11, 12};

template <class Coded, class Other>
ARMACCEL_ALWAYS_INLINE void by_coding_width(unsigned d, Coded&& coded, Other&& other) {
  using I0 = std::integral_constant<int, 0>;
  using I1 = std::integral_constant<int, 1>;
  using I2 = std::integral_constant<int, 2>;
  using I3 = std::integral_constant<int, 3>;
  using I4 = std::integral_constant<int, 4>;
  using I5 = std::integral_constant<int, 5>;
  // clang-format off
  switch (d) {
    case kCodingWidths[0]: return coded(I0{});
    case kCodingWidths[1]: return coded(I1{});
    case kCodingWidths[2]: return coded(I2{});
    case kCodingWidths[3]: return coded(I3{});
    case kCodingWidths[4]: return coded(I4{});
    case kCodingWidths[5]: return coded(I5{});
    default: return other();
  }
  // clang-format on
}

}  // namespace armaccel
