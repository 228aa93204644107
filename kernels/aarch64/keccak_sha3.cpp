// Keccak-f[1600], AArch64 lane "keccak-sha3": the ARMv8.2 SHA3 instructions
// (FIPS 202 §3.2).  Each of the 25 lanes lives in one vector register; per
// round theta's column parities are two EOR3 each, its D values one RAX1
// each, theta + rho (+ pi, by register choice) one XAR per lane, chi one
// BCAX per lane.  The two 64-bit halves of every register are independent
// states, so permuting two states (permute_x2) costs what one does; one
// state uses the low half.
//
// Built with per-file -march=armv8.2-a+sha3: everything here is internal
// except the lane table (architecture.md, extension-flag hazard).
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
#include "keccak_impl.h"

namespace armaccel {

namespace {

// rol(a ^ d, rho) as XAR's rotate right by 64 - rho.
template <int I>
ARMACCEL_ALWAYS_INLINE uint64x2_t theta_rho(uint64x2_t a, uint64x2_t d) {
  constexpr int kRight = static_cast<int>((64 - kKeccakRho[I]) & 63);
  return vxarq_u64(a, d, kRight);
}

// The steps over all lanes as fold expressions over constant indices (no
// loops, no lambdas): the compiler keeps every lane in a register.
template <int... X>
ARMACCEL_ALWAYS_INLINE void theta_columns(const uint64x2_t s[25], uint64x2_t c[5],
                                          std::integer_sequence<int, X...>) {
  ((c[X] = veor3q_u64(veor3q_u64(s[X], s[X + 5], s[X + 10]), s[X + 15], s[X + 20])), ...);
}

// theta's D[x] = C[x-1] ^ rol(C[x+1], 1) applied with rho and pi to the
// five lanes of column x (b[pi(x + 5y)] = rol(s[x + 5y] ^ D[x], rho)).
template <int X, int... Y>
ARMACCEL_ALWAYS_INLINE void theta_rho_pi_column(const uint64x2_t s[25], uint64x2_t d,
                                                uint64x2_t b[25],
                                                std::integer_sequence<int, Y...>) {
  ((b[keccak_pi_target(X + 5 * Y)] = theta_rho<X + 5 * Y>(s[X + 5 * Y], d)), ...);
}

// Columns in the order 1, 3, 0, 2, 4: each D is used as soon as it is
// made and each C retires after its second use, so the live values stay
// within the 32 vector registers.
ARMACCEL_ALWAYS_INLINE void theta_rho_pi(const uint64x2_t s[25], const uint64x2_t c[5],
                                         uint64x2_t b[25]) {
  constexpr auto kRows = std::make_integer_sequence<int, 5>{};
  theta_rho_pi_column<1>(s, vrax1q_u64(c[0], c[2]), b, kRows);
  theta_rho_pi_column<3>(s, vrax1q_u64(c[2], c[4]), b, kRows);
  theta_rho_pi_column<0>(s, vrax1q_u64(c[4], c[1]), b, kRows);
  theta_rho_pi_column<2>(s, vrax1q_u64(c[1], c[3]), b, kRows);
  theta_rho_pi_column<4>(s, vrax1q_u64(c[3], c[0]), b, kRows);
}

template <int... I>
ARMACCEL_ALWAYS_INLINE void chi(uint64x2_t s[25], const uint64x2_t b[25],
                                std::integer_sequence<int, I...>) {
  ((s[I] = vbcaxq_u64(b[I], b[I / 5 * 5 + (I % 5 + 2) % 5], b[I / 5 * 5 + (I % 5 + 1) % 5])), ...);
}

// One round (§3.3: Rnd = iota(chi(pi(rho(theta(A))))), ir = R).
template <int R>
ARMACCEL_ALWAYS_INLINE void round(uint64x2_t s[25]) {
  uint64x2_t c[5], b[25];
  theta_columns(s, c, std::make_integer_sequence<int, 5>{});
  theta_rho_pi(s, c, b);
  chi(s, b, std::make_integer_sequence<int, 25>{});
  s[0] = veorq_u64(s[0], round_constant(R));
}

// All 24 rounds unrolled: every state index is a constant, so the state
// stays in registers and the compiler renames instead of moving.
template <int... R>
ARMACCEL_ALWAYS_INLINE void rounds(uint64x2_t s[25], std::integer_sequence<int, R...>) {
  (round<R>(s), ...);
}

ARMACCEL_ALWAYS_INLINE void rounds(uint64x2_t s[25]) {
  rounds(s, std::make_integer_sequence<int, 24>{});
}

void permute(std::uint64_t a[kKeccakLanes]) {
  uint64x2_t s[25];
  load_one(s, a, kAllLanes);
  rounds(s);
  store_one(a, s, kAllLanes);
}

void permute_x2(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes]) {
  uint64x2_t s[25];
  load_two(s, a, b, kAllLanes);
  rounds(s);
  store_two(a, b, s, kAllLanes);
}

// Message words XORed into the low halves (little-endian loads: AArch64
// Linux, macOS and Windows are little-endian).
template <int... W>
ARMACCEL_ALWAYS_INLINE void xor_block(uint64x2_t s[25], const std::uint8_t* data,
                                      std::integer_sequence<int, W...>) {
  ((s[W] = veorq_u64(s[W], load_word(data + 8 * W))), ...);
}

// The state stays in registers across blocks.  Words is the rate in
// 64-bit words, a template parameter so every state index is a constant.
template <int Words>
void absorb_words(std::uint64_t a[kKeccakLanes], const std::uint8_t* data, std::size_t blocks) {
  uint64x2_t s[25];
  load_one(s, a, kAllLanes);
  for (; blocks > 0; --blocks, data += 8 * Words) {
    xor_block(s, data, std::make_integer_sequence<int, Words>{});
    rounds(s);
  }
  store_one(a, s, kAllLanes);
}

void absorb(std::uint64_t a[kKeccakLanes], const std::uint8_t* data, std::size_t blocks,
            std::size_t rate) {
  if (!keccak_visit_rate(rate, [&]<int Words>() { absorb_words<Words>(a, data, blocks); }))
    keccak_absorb_portable(a, data, blocks, rate);
}

}  // namespace

extern const KeccakKernel kKeccakSha3;
// .squeeze = nullptr: nothing to convert; ML-KEM pairs streams (permute_x2).
// clang-format off
const KeccakKernel kKeccakSha3 = {
    .lane = "keccak-sha3", .required = kFeatAsimd | kFeatSha3, .permute = permute, .absorb = absorb,
    .permute_x2 = permute_x2, .squeeze = nullptr};
// clang-format on

}  // namespace armaccel
