// SPDX-License-Identifier: Apache-2.0
// The powers of zeta = 17 the ML-KEM NTTs use (FIPS 203 §4.3), for building
// each lane's twiddle tables at compile time.  Everything here is
// constexpr and meant for constant evaluation only (so lane files may
// include it without exporting anything).
#pragma once

#include <cstdint>

namespace armaccel::mlkem::zetas {

inline constexpr std::uint32_t kQ = 3329;
inline constexpr std::uint32_t kZeta = 17;      // a primitive 256th root of unity mod q
inline constexpr std::uint32_t kInv128 = 3303;  // 128^-1 mod q (Algorithm 10's factor)

// BitRev7(i): the 7-bit reversal of i < 128 (§4.3).
constexpr unsigned bit_rev7(unsigned i) {
  unsigned r = 0;
  for (int b = 0; b < 7; ++b) r |= ((i >> b) & 1u) << (6 - b);
  return r;
}

// base^e mod q.
constexpr std::uint32_t pow_mod(std::uint32_t base, unsigned e) {
  std::uint32_t r = 1;
  for (unsigned i = 0; i < e; ++i) r = r * base % kQ;
  return r;
}

// zeta^BitRev7(i), the NTT's twiddle zeta_i (Algorithms 9, 10), in [0, q).
constexpr std::uint32_t zeta(unsigned i) {
  return pow_mod(kZeta, bit_rev7(i));
}

// zeta^(2 BitRev7(i) + 1), BaseCaseMultiply's gamma_i (Algorithm 11), in [0, q).
constexpr std::uint32_t gamma(unsigned i) {
  return pow_mod(kZeta, 2 * bit_rev7(i) + 1);
}

}  // namespace armaccel::mlkem::zetas
