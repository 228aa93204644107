// SPDX-License-Identifier: Apache-2.0
// Keccak-f[1600] pieces shared by the AArch64 lane files (keccak_sha3.cpp,
// keccak_neon.cpp): loads and stores of a state whose 25 lanes sit in 25 vector
// registers (one state in the low halves, or two states side by side).
// Anonymous namespace: each including file has its own copy, so nothing
// built with extension flags is shared (docs/architecture.md).
//
// The state is indexed only by compile-time constants (fold expressions
// over integer sequences) so the compiler keeps it in registers.  Clang's
// arm_neon.h defines many intrinsics as macros, which cannot take a pack
// expansion, so the folds call the small functions below.
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "api/keccak.h"
#include "util/always_inline.h"

namespace armaccel {
namespace {

constexpr auto kAllLanes = std::make_integer_sequence<int, 25>{};

ARMACCEL_ALWAYS_INLINE uint64x2_t load_dup(const std::uint64_t* p) {
  return vld1q_dup_u64(p);  // LD1R: one instruction a lane
}
ARMACCEL_ALWAYS_INLINE void store_low(std::uint64_t* p, uint64x2_t v) {
  vst1_u64(p, vget_low_u64(v));
}
ARMACCEL_ALWAYS_INLINE uint64x2_t pair(std::uint64_t lo, std::uint64_t hi) {
  return vcombine_u64(vcreate_u64(lo), vcreate_u64(hi));
}
ARMACCEL_ALWAYS_INLINE std::uint64_t low(uint64x2_t v) {
  return vgetq_lane_u64(v, 0);
}
ARMACCEL_ALWAYS_INLINE std::uint64_t high(uint64x2_t v) {
  return vgetq_lane_u64(v, 1);
}
// A little-endian message word into the low half (AArch64 Linux, macOS and
// Windows are little-endian).
ARMACCEL_ALWAYS_INLINE uint64x2_t load_word(const std::uint8_t* p) {
  return vcombine_u64(vld1_u64(reinterpret_cast<const std::uint64_t*>(p)), vcreate_u64(0));
}

// One state in the low halves, or two states (a low, b high).
template <int... I>
ARMACCEL_ALWAYS_INLINE void load_one(uint64x2_t s[25], const std::uint64_t a[25],
                                     std::integer_sequence<int, I...>) {
  ((s[I] = load_dup(a + I)), ...);
}
template <int... I>
ARMACCEL_ALWAYS_INLINE void store_one(std::uint64_t a[25], const uint64x2_t s[25],
                                      std::integer_sequence<int, I...>) {
  (store_low(a + I, s[I]), ...);
}
template <int... I>
ARMACCEL_ALWAYS_INLINE void load_two(uint64x2_t s[25], const std::uint64_t a[25],
                                     const std::uint64_t b[25], std::integer_sequence<int, I...>) {
  ((s[I] = pair(a[I], b[I])), ...);
}
template <int... I>
ARMACCEL_ALWAYS_INLINE void store_two(std::uint64_t a[25], std::uint64_t b[25],
                                      const uint64x2_t s[25], std::integer_sequence<int, I...>) {
  ((a[I] = low(s[I]), b[I] = high(s[I])), ...);
}

// theta's D[x] = C[x-1] ^ rol(C[x+1], 1) applied with rho and pi to the
// five lanes of column x (b[pi(x + 5y)] = rol(s[x + 5y] ^ D[x], rho)), for
// the columns in the order 1, 3, 0, 2, 4: each D is used as soon as it is
// made and each C retires after its second use, so the live values stay
// within the 32 vector registers.  T is the lane's choice of instructions:
// T::d(C[x-1], C[x+1]) = D[x], T::rho<i>(a, d) = rol(a ^ d, rho[i]).
template <class T, int X, int... Y>
ARMACCEL_ALWAYS_INLINE void theta_rho_pi_column(const uint64x2_t s[25], uint64x2_t d,
                                                uint64x2_t b[25],
                                                std::integer_sequence<int, Y...>) {
  ((b[keccak_pi_target(X + 5 * Y)] = T::template rho<X + 5 * Y>(s[X + 5 * Y], d)), ...);
}
template <class T>
ARMACCEL_ALWAYS_INLINE void theta_rho_pi(const uint64x2_t s[25], const uint64x2_t c[5],
                                         uint64x2_t b[25]) {
  constexpr auto kRows = std::make_integer_sequence<int, 5>{};
  theta_rho_pi_column<T, 1>(s, T::d(c[0], c[2]), b, kRows);
  theta_rho_pi_column<T, 3>(s, T::d(c[2], c[4]), b, kRows);
  theta_rho_pi_column<T, 0>(s, T::d(c[4], c[1]), b, kRows);
  theta_rho_pi_column<T, 2>(s, T::d(c[1], c[3]), b, kRows);
  theta_rho_pi_column<T, 4>(s, T::d(c[3], c[0]), b, kRows);
}

// One round (§3.3: Rnd = iota(chi(pi(rho(theta(A))))), ir = R), and all
// 24 unrolled: every state index is a constant, so the state stays in
// registers and the compiler renames instead of moving.  T also supplies
// theta's column parities T::columns and T::chi.
// round_at takes iota's constant from *rc (a round counted at run time).
template <class T>
ARMACCEL_ALWAYS_INLINE void round_at(uint64x2_t s[25], const std::uint64_t* rc) {
  uint64x2_t c[5], b[25];
  T::columns(s, c, std::make_integer_sequence<int, 5>{});
  theta_rho_pi<T>(s, c, b);
  T::chi(s, b, std::make_integer_sequence<int, 25>{});
  s[0] = veorq_u64(s[0], vld1q_dup_u64(rc));
}
template <class T, int R>
ARMACCEL_ALWAYS_INLINE void round(uint64x2_t s[25]) {
  round_at<T>(s, kKeccakRoundConstants + R);
}
template <class T, int... R>
ARMACCEL_ALWAYS_INLINE void rounds(uint64x2_t s[25], std::integer_sequence<int, R...>) {
  (round<T, R>(s), ...);
}

// One state in the low halves (the high halves idle): Keccak-f[1600] in
// place, and the sponge's absorbing loop with the state kept in registers
// across blocks; shapes as KeccakKernel's permute and absorb (api/keccak.h).
template <class T>
void permute_one(std::uint64_t a[kKeccakLanes]) {
  uint64x2_t s[25];
  load_one(s, a, kAllLanes);
  rounds<T>(s, std::make_integer_sequence<int, 24>{});
  store_one(a, s, kAllLanes);
}
// Two states, a in the low halves and b in the high: Keccak-f[1600] on
// each in place; shapes as KeccakKernel's permute_x2.
template <class T>
void permute_two(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes]) {
  uint64x2_t s[25];
  load_two(s, a, b, kAllLanes);
  rounds<T>(s, std::make_integer_sequence<int, 24>{});
  store_two(a, b, s, kAllLanes);
}
// Message words XORed into the low halves (little-endian loads: AArch64
// Linux, macOS and Windows are little-endian).
template <int... W>
ARMACCEL_ALWAYS_INLINE void xor_block(uint64x2_t s[25], const std::uint8_t* data,
                                      std::integer_sequence<int, W...>) {
  ((s[W] = veorq_u64(s[W], load_word(data + 8 * W))), ...);
}
// Words is the rate in 64-bit words, a template parameter so every state
// index is a constant.
template <class T, int Words>
void absorb_words_one(std::uint64_t a[kKeccakLanes], const std::uint8_t* data, std::size_t blocks) {
  uint64x2_t s[25];
  load_one(s, a, kAllLanes);
  for (; blocks > 0; --blocks, data += 8 * Words) {
    xor_block(s, data, std::make_integer_sequence<int, Words>{});
    rounds<T>(s, std::make_integer_sequence<int, 24>{});
  }
  store_one(a, s, kAllLanes);
}
template <class T>
void absorb_one(std::uint64_t a[kKeccakLanes], const std::uint8_t* data, std::size_t blocks,
                std::size_t rate) {
  if (!keccak_visit_rate(rate, [&]<int Words>() { absorb_words_one<T, Words>(a, data, blocks); }))
    keccak_absorb_portable(a, data, blocks, rate);
}

}  // namespace
}  // namespace armaccel
