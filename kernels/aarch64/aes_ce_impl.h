// SPDX-License-Identifier: Apache-2.0
// AES crypto-extension primitives shared by the AArch64 lane files built
// with -march=armv8-a+crypto (aes_ce.cpp, gcm_ce.cpp).  Everything is in an
// anonymous namespace: each including file gets its own internal copy, so no
// symbol built with extension flags is shared (docs/architecture.md).
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include <utility>

#include "api/aes.h"

namespace armaccel {
namespace {

// Calls f(std::integral_constant<int, I>{}) for I = 0 .. N-1, unrolled at
// compile time so every round-key index is a constant (the key array can
// then live in registers rather than as a stack copy).
template <int N, class F>
inline void unroll(F&& f) {
  [&]<int... I>(std::integer_sequence<int, I...>) {
    (f(std::integral_constant<int, I>{}), ...);
  }
  (std::make_integer_sequence<int, N>{});
}

template <int Nr>
struct Keys {
  uint8x16_t k[Nr + 1];
  explicit Keys(const AesRoundKeys* rk) {
    unroll<Nr + 1>([&](auto i) { k[i] = vld1q_u8(rk->bytes + 16 * i); });
  }
};

template <int Nr>
inline uint8x16_t encrypt1(uint8x16_t s, const Keys<Nr>& ks) {
  unroll<Nr - 1>([&](auto r) { s = vaesmcq_u8(vaeseq_u8(s, ks.k[r])); });
  return veorq_u8(vaeseq_u8(s, ks.k[Nr - 1]), ks.k[Nr]);
}

template <int Nr>
inline uint8x16_t decrypt1(uint8x16_t s, const Keys<Nr>& ks) {
  unroll<Nr - 1>([&](auto r) { s = vaesimcq_u8(vaesdq_u8(s, ks.k[r])); });
  return veorq_u8(vaesdq_u8(s, ks.k[Nr - 1]), ks.k[Nr]);
}

// N blocks (N <= 8) through all rounds, round by round so the N independent
// AESE/AESMC (AESD/AESIMC) chains interleave.
template <bool Encrypt, int N, int Nr>
inline void crypt_n(uint8x16_t b[N], const Keys<Nr>& ks) {
  unroll<Nr - 1>([&](auto r) {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) {
      b[i] = Encrypt ? vaesmcq_u8(vaeseq_u8(b[i], ks.k[r])) : vaesimcq_u8(vaesdq_u8(b[i], ks.k[r]));
    }
  });
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    b[i] =
        veorq_u8(Encrypt ? vaeseq_u8(b[i], ks.k[Nr - 1]) : vaesdq_u8(b[i], ks.k[Nr - 1]), ks.k[Nr]);
  }
}

// Eight blocks in and out.  Single-register loads: GCC pairs them into LDP/STP;
// four-register LD1/ST1 structures made it shuffle registers.
inline void load8(const std::uint8_t* p, uint8x16_t b[8]) {
  for (int i = 0; i < 8; ++i) b[i] = vld1q_u8(p + 16 * i);
}

inline void store8(std::uint8_t* p, const uint8x16_t b[8]) {
  for (int i = 0; i < 8; ++i) vst1q_u8(p + 16 * i, b[i]);
}

}  // namespace
}  // namespace armaccel
