// SPDX-License-Identifier: Apache-2.0
// Keccak-f[1600], AArch64 lane "keccak-sha3": the ARMv8.2 SHA3 instructions
// (FIPS 202 §3.2).  Each of the 25 lanes lives in one vector register; per
// round theta's column parities are two EOR3 each, its D values one RAX1
// each, theta + rho (+ pi, by register choice) one XAR per lane, chi one
// BCAX per lane.  The two 64-bit halves of every register are independent
// states, so permuting two states (permute_x2) costs what one does; one
// state uses the low half.  permute_x4 runs that pair beside two states in
// general-purpose registers (keccak_hybrid_impl.h).
//
// Built with per-file -march=armv8.2-a+sha3: everything here is internal
// except the lane table (docs/architecture.md, extension-flag hazard).
#include <arm_neon.h>

// GCC's first scheduling pass interleaves rounds and pushes the live state
// past the 32 vector registers (about 10 spills a round); without it the
// source order, which keeps the pressure within bounds, is what gets
// allocated.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-schedule-insns")
#endif

#include <cstddef>
#include <cstdint>
#include <utility>

#include "api/keccak.h"
#include "keccak_hybrid_impl.h"
#include "keccak_impl.h"

namespace armaccel {

namespace {

// The lane's steps (keccak_impl.h's T): theta's C by EOR3, D by RAX1
// (C[x-1] ^ rol(C[x+1], 1)), rol(a ^ d, rho) as XAR's rotate right by
// 64 - rho, chi by BCAX.
struct Steps {
  // The steps over all lanes as fold expressions over constant indices (no
  // loops, no lambdas): the compiler keeps every lane in a register.
  template <int... X>
  static ARMACCEL_ALWAYS_INLINE void columns(const uint64x2_t s[25], uint64x2_t c[5],
                                             std::integer_sequence<int, X...>) {
    ((c[X] = veor3q_u64(veor3q_u64(s[X], s[X + 5], s[X + 10]), s[X + 15], s[X + 20])), ...);
  }
  template <int... I>
  static ARMACCEL_ALWAYS_INLINE void chi(uint64x2_t s[25], const uint64x2_t b[25],
                                         std::integer_sequence<int, I...>) {
    ((s[I] = vbcaxq_u64(b[I], b[I / 5 * 5 + (I % 5 + 2) % 5], b[I / 5 * 5 + (I % 5 + 1) % 5])),
     ...);
  }
  static ARMACCEL_ALWAYS_INLINE uint64x2_t d(uint64x2_t left, uint64x2_t right) {
    return vrax1q_u64(left, right);
  }
  template <int I>
  static ARMACCEL_ALWAYS_INLINE uint64x2_t rho(uint64x2_t a, uint64x2_t d) {
    constexpr int kRight = static_cast<int>((64 - kKeccakRho[I]) & 63);
    return vxarq_u64(a, d, kRight);
  }
};

}  // namespace

extern const KeccakKernel kKeccakSha3;
// No lane-form sponge: nothing to convert; ML-KEM batches streams
// (permute_x4, permute_x2).
// clang-format off
const KeccakKernel kKeccakSha3 = {
    .lane = "keccak-sha3", .required = kFeatAsimd | kFeatSha3, .permute = permute_one<Steps>, .absorb = absorb_one<Steps>,
    .permute_x2 = permute_two<Steps>, .permute_x4 = hybrid::permute_x4<Steps>, .sponge_start = nullptr,
    .sponge_squeeze = nullptr};
// clang-format on

}  // namespace armaccel
