// SPDX-License-Identifier: Apache-2.0
// Keccak-f[1600], AArch64 lane "keccak-neon" for cores without the SHA3
// instructions (FIPS 202 §3.2).  permute_x2 runs two states in the two
// halves of Advanced SIMD registers: XOR chains for theta, shift-and-insert
// pairs for the rotations, BIC + EOR for chi.  One state is better served
// by general-purpose registers (AArch64's rotated-operand EOR/BIC), so
// permute and absorb are keccak_scalar_impl.h's deferred-rotation code;
// permute_x4 runs the vector pair beside two such states
// (keccak_hybrid_impl.h).
//
// Advanced SIMD is part of the base AArch64 architecture; this file needs
// no extension flags, but follows the lane-file rules (only the table is
// exported).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "api/core_variant.h"
#include "api/keccak.h"
#include "keccak_hybrid_impl.h"
#include "keccak_impl.h"
#include "keccak_scalar_impl.h"
#include "portable/keccak_permute_each.h"

namespace armaccel {

namespace {

// rol(v, N) as a shift left and a shift-right-insert.
template <int N>
ARMACCEL_ALWAYS_INLINE uint64x2_t rol(uint64x2_t v) {
  if constexpr (N == 0) {
    return v;
  } else {
    return vsriq_n_u64(vshlq_n_u64(v, N), v, 64 - N);
  }
}

// The lane's steps (keccak_impl.h's T) on plain Advanced SIMD: theta's C
// and D by EOR (rol by SHL + SRI), rho as EOR then rol, chi by BIC + EOR.
struct Steps {
  template <int... X>
  static ARMACCEL_ALWAYS_INLINE void columns(const uint64x2_t s[25], uint64x2_t c[5],
                                             std::integer_sequence<int, X...>) {
    ((c[X] = veorq_u64(veorq_u64(veorq_u64(s[X], s[X + 5]), veorq_u64(s[X + 10], s[X + 15])),
                       s[X + 20])),
     ...);
  }
  template <int... I>
  static ARMACCEL_ALWAYS_INLINE void chi(uint64x2_t s[25], const uint64x2_t b[25],
                                         std::integer_sequence<int, I...>) {
    // a ^ (~b & c) = a ^ BIC(c, b)
    ((s[I] = veorq_u64(b[I],
                       vbicq_u64(b[I / 5 * 5 + (I % 5 + 2) % 5], b[I / 5 * 5 + (I % 5 + 1) % 5]))),
     ...);
  }
  static ARMACCEL_ALWAYS_INLINE uint64x2_t d(uint64x2_t left, uint64x2_t right) {
    return veorq_u64(left, rol<1>(right));
  }
  template <int I>
  static ARMACCEL_ALWAYS_INLINE uint64x2_t rho(uint64x2_t a, uint64x2_t d) {
    return rol<kKeccakRho[I]>(veorq_u64(a, d));
  }
};

// Four states as two vector pairs, one after the other (keccak-neon-vec).
void permute_x4_vector(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes],
                       std::uint64_t c[kKeccakLanes], std::uint64_t d[kKeccakLanes]) {
  permute_two<Steps>(a, b);
  permute_two<Steps>(c, d);
}

}  // namespace

extern const KeccakKernel kKeccakNeon;
// No lane-form sponge: nothing to convert; ML-KEM batches streams
// (permute_x4, permute_x2).
// clang-format off
constexpr KeccakKernel kKeccakNeon = {
    .lane = "keccak-neon", .required = kFeatAsimd, .permute = scalar::permute,
    .absorb = scalar::absorb, .permute_x2 = permute_two<Steps>, .permute_x4 = hybrid::permute_x4<Steps>,
    .sponge_start = nullptr,
    .sponge_squeeze = nullptr};
// clang-format on

// For cores whose logical instructions with a rotated operand take their
// one multi-cycle pipe (the Cortex-A72): every state in vector registers,
// one state in the low halves, four as two pairs.
extern const KeccakKernel kKeccakNeonVec;
constexpr KeccakKernel kKeccakNeonVec =
    core_variant(kKeccakNeon, "keccak-neon-vec", [](KeccakKernel& k) {
      k.permute = permute_one<Steps>;
      k.absorb = absorb_one<Steps>;
      k.permute_x4 = permute_x4_vector;
    });

// For cores with more integer than vector pipes to spare (Neoverse N1, V2):
// two states as two general-register permutations, not a vector pair.
extern const KeccakKernel kKeccakNeonGpr;
constexpr KeccakKernel kKeccakNeonGpr =
    core_variant(kKeccakNeon, "keccak-neon-gpr",
                 [](KeccakKernel& k) { k.permute_x2 = permute_each_x2<scalar::permute>; });

}  // namespace armaccel
