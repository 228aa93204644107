// SPDX-License-Identifier: Apache-2.0
// Keccak-f[1600] on four states at once (FIPS 202 §3.3) for the AArch64
// lanes: two states in the halves of 25 vector registers (keccak_impl.h's
// rounds, with the lane's steps T) and, beside them, the other two in
// general-purpose registers one after the other (keccak_scalar_impl.h),
// two scalar rounds to each vector round.  The vector rounds are bound by
// the vector pipes and the scalar rounds by the integer pipes, so a core
// that issues to both runs four permutations in about the time the
// vector pair alone takes.  The two kinds of round are written in turn;
// the out-of-order core (and the compiler's late scheduling pass) overlaps
// them.
//
// Include after keccak_impl.h and keccak_scalar_impl.h.  Anonymous
// namespace, as they are: each including lane file builds its own copy.
// Constant time: no branch or memory index depends on the states.
#pragma once

#include <arm_neon.h>

#include <cstdint>
#include <utility>

#include "api/keccak.h"
#include "keccak_impl.h"
#include "keccak_scalar_impl.h"
#include "util/always_inline.h"

// As keccak_scalar_impl.h: the scalar rounds are planned for GCC without its
// first scheduling pass and its XOR reassociation.  Loop distribution would
// split the loop below into a scalar loop and a vector loop (the two kinds
// of round share no data), which undoes the interleaving: 3,888 estimated
// cycles a call on neoverse-n1 with it, 2,351 without.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-tree-reassoc", "no-schedule-insns", "no-tree-loop-distribution")
#endif

namespace armaccel {
namespace {
namespace hybrid {

// Vector rounds vrc[0..11] (their iota constants) interleaved with the 24
// scalar rounds of x: scalar round 2i, vector round i, scalar round 2i + 1.
template <class T, int... I>
ARMACCEL_ALWAYS_INLINE void half(uint64x2_t v[25], std::uint64_t x[25], const std::uint64_t* vrc,
                                 const std::uint64_t* rc, std::integer_sequence<int, I...>) {
  ((scalar::round<2 * I>(x, rc), round_at<T>(v, vrc + I), scalar::round<2 * I + 1>(x, rc)), ...);
}

// Keccak-f[1600] on a and b (vector halves) and c, d (general registers),
// each in place; shapes as KeccakKernel's permute_x4 (api/keccak.h).  The
// vector pair's first 12 rounds run beside c's permutation, its last 12
// beside d's.  Not inlined: the lane table points at it, so the options
// above are what it is compiled with.
template <class T>
void permute_x4(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes],
                std::uint64_t c[kKeccakLanes], std::uint64_t d[kKeccakLanes]) {
  uint64x2_t v[25];
  load_two(v, a, b, kAllLanes);
  std::uint64_t* const scalar_states[2] = {c, d};
  for (int h = 0; h < 2; ++h) {
    std::uint64_t x[25];
    scalar::load_lanes(x, scalar_states[h], scalar::kLanes);
    half<T>(v, x, kKeccakRoundConstants + 12 * h, kKeccakRoundConstants,
            std::make_integer_sequence<int, 12>{});
    scalar::settle(x, scalar::kLanes);
    scalar::store_lanes(scalar_states[h], x, scalar::kLanes);
  }
  store_two(a, b, v, kAllLanes);
}

}  // namespace hybrid
}  // namespace
}  // namespace armaccel

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif
