// Keccak-f[1600], AArch64 lane "keccak-neon" for cores without the SHA3
// instructions (FIPS 202 §3.2).  permute_x2 runs two states in the two
// halves of Advanced SIMD registers: XOR chains for theta, shift-and-insert
// pairs for the rotations, BIC + EOR for chi.  One state is better served
// by the scalar code (AArch64's rotated-operand EOR/BIC), so permute and
// absorb are the portable lane's functions.
//
// Advanced SIMD is part of the base AArch64 architecture; this file needs
// no extension flags, but follows the lane-file rules (only the table is
// exported).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "api/keccak.h"
#include "keccak_impl.h"

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

template <int X, int... Y>
ARMACCEL_ALWAYS_INLINE void theta_rho_pi_column(const uint64x2_t s[25], uint64x2_t d,
                                                uint64x2_t b[25],
                                                std::integer_sequence<int, Y...>) {
  ((b[keccak_pi_target(X + 5 * Y)] = rol<kKeccakRho[X + 5 * Y]>(veorq_u64(s[X + 5 * Y], d))), ...);
}

template <int... X>
ARMACCEL_ALWAYS_INLINE void theta_columns(const uint64x2_t s[25], uint64x2_t c[5],
                                          std::integer_sequence<int, X...>) {
  ((c[X] = veorq_u64(veorq_u64(veorq_u64(s[X], s[X + 5]), veorq_u64(s[X + 10], s[X + 15])),
                     s[X + 20])),
   ...);
}

template <int... I>
ARMACCEL_ALWAYS_INLINE void chi(uint64x2_t s[25], const uint64x2_t b[25],
                                std::integer_sequence<int, I...>) {
  // a ^ (~b & c) = a ^ BIC(c, b)
  ((s[I] =
        veorq_u64(b[I], vbicq_u64(b[I / 5 * 5 + (I % 5 + 2) % 5], b[I / 5 * 5 + (I % 5 + 1) % 5]))),
   ...);
}

ARMACCEL_ALWAYS_INLINE uint64x2_t theta_d(uint64x2_t left, uint64x2_t right) {
  return veorq_u64(left, rol<1>(right));
}

template <int R>
ARMACCEL_ALWAYS_INLINE void round(uint64x2_t s[25]) {
  uint64x2_t c[5], b[25];
  theta_columns(s, c, std::make_integer_sequence<int, 5>{});
  constexpr auto kRows = std::make_integer_sequence<int, 5>{};
  theta_rho_pi_column<1>(s, theta_d(c[0], c[2]), b, kRows);
  theta_rho_pi_column<3>(s, theta_d(c[2], c[4]), b, kRows);
  theta_rho_pi_column<0>(s, theta_d(c[4], c[1]), b, kRows);
  theta_rho_pi_column<2>(s, theta_d(c[1], c[3]), b, kRows);
  theta_rho_pi_column<4>(s, theta_d(c[3], c[0]), b, kRows);
  chi(s, b, std::make_integer_sequence<int, 25>{});
  s[0] = veorq_u64(s[0], round_constant(R));
}

template <int... R>
ARMACCEL_ALWAYS_INLINE void rounds(uint64x2_t s[25], std::integer_sequence<int, R...>) {
  (round<R>(s), ...);
}

void permute_x2(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes]) {
  uint64x2_t s[25];
  load_two(s, a, b, kAllLanes);
  rounds(s, std::make_integer_sequence<int, 24>{});
  store_two(a, b, s, kAllLanes);
}

}  // namespace

extern const KeccakKernel kKeccakNeon;
// .squeeze = nullptr: nothing to convert; ML-KEM pairs streams (permute_x2).
// clang-format off
const KeccakKernel kKeccakNeon = {
    .lane = "keccak-neon", .required = kFeatAsimd, .permute = keccak_permute_portable,
    .absorb = keccak_absorb_portable, .permute_x2 = permute_x2, .squeeze = nullptr};
// clang-format on

}  // namespace armaccel
