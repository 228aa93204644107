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
  // pairs): h = f x g, or h += f x g with accumulate.
  void (*multiply_ntts)(mlkem::Poly* h, const mlkem::Poly* f, const mlkem::Poly* g,
                        bool accumulate);
};

extern const MlkemKernel kMlkemPortable;

}  // namespace armaccel
