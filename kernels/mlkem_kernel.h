// ML-KEM arithmetic kernels (FIPS 203 §4.3), one table per lane.  The
// portable lane (mlkem_poly.h) is the reference every other lane is tested
// against; the AArch64 NEON and ARMv7E-M lanes plug in behind this table.
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

#include "cpu_features.h"
#include "mlkem_poly.h"

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
};

extern const MlkemKernel kMlkemPortable;

}  // namespace armaccel
