// SPDX-License-Identifier: Apache-2.0
// Keccak-f[1600] on one state in 64-bit general-purpose registers (FIPS 202
// §3.2-3.3), for the AArch64 lanes without the SHA3 instructions
// (keccak_neon.cpp's permute and absorb).  Scalar C++ only: the speed comes
// from AArch64's logical instructions taking a rotated second operand
// (EOR/AND/ORR/BIC/ORN Xd, Xn, Xm, ROR #k), which the compiler emits for
// `x ^ ror(y, k)`, `x & ~ror(y, k)` and the like.
//
// Deferred rotations: a lane is held as a register v and a compile-time
// offset p, standing for rol(v, p).  rho then costs nothing (it only adds to
// the offsets), and every XOR, AND or OR of two held values is one
// instruction: the result keeps the first operand's offset and the second
// operand is rotated by the difference inside the instruction.  Lanes may
// also be held complemented (a compile-time flag, as in lane
// complementing), which lets chi pick AND/ORR/BIC/ORN so that every rotation
// folds (chi_term).  Offsets and flags depend only on the round number, so
// with the 24 rounds unrolled every one is a constant (kSchedule).  Lane 0
// never has an offset (pi fixes it, rho[0] = 0), so iota needs no rotated
// constant; after 24 rounds one ROR (or MVN with ROR) per lane puts the
// state back (settle).  A round is theta's 20 + 5 + 25 XORs, chi's 25
// AND/ORR/BIC/ORN + 25 XORs and iota's load and XOR, plus what the register
// allocator spills (25 lanes, 5 parities and D need 31 registers: GCC 12
// spills some 8 instructions a round).
//
// Constant time: no branch or memory index depends on the state or data.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "api/keccak.h"
#include "portable/keccak_absorb_impl.h"
#include "util/always_inline.h"
#include "util/bytes.h"

// GCC 12's first scheduling pass and its XOR reassociation undo the plan
// below (the scheduler raises register pressure into spills, reassociation
// pairs two rotated operands, which costs a separate ROR), so this code is
// built without them.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-schedule-insns", "no-tree-reassoc")
#endif

namespace armaccel {
namespace {
namespace scalar {

// How the 25 lanes are held at the start of a round: lane i's register v
// stands for rol(v, off[i]), complemented when inv[i].
struct Held {
  unsigned off[25];
  bool inv[25];
};

// Rotate-right amount that brings a value held at offset `from` to offset
// `to`: rol(v, from) = rol(rotr(v, n), to) for n = shift(to, from).
constexpr unsigned shift(unsigned to, unsigned from) {
  return (to + 64 - from) % 64;
}

// One chi term t = ~b1 & b2 from held b1 (offset q1, complemented g1) and
// b2: the instruction, which operand is the register operand and how far
// the other one is rotated, and how t comes out held.  GCC 12 folds a
// rotation into AND/ORR/EOR for any amount but into BIC/ORN only when
// written as rotr by less than 32, so where the BIC's amount is 32 or
// more the complement ~t = b1 | ~b2 is taken instead by ORN from the other
// side (lane complementing: the inversions are tracked, not computed).
enum class ChiOp { kAnd, kOrr, kBic, kOrn };
struct ChiTerm {
  ChiOp op;
  bool b2_first;    // b2 is the unrotated operand (else b1)
  unsigned amount;  // rotr amount of the other operand
  unsigned off;     // t's offset (its first operand's)
  bool inv;         // t is held complemented
};
constexpr ChiTerm chi_term(unsigned q1, bool g1, unsigned q2, bool g2) {
  const unsigned to2 = shift(q2, q1), to1 = shift(q1, q2);
  if (g1 && !g2) return {ChiOp::kAnd, true, to2, q2, false};  // t = h2 & h1
  if (!g1 && g2) return {ChiOp::kOrr, true, to2, q2, true};   // ~t = h2 | h1
  if (!g1) {
    if (to2 < 32) return {ChiOp::kBic, true, to2, q2, false};  // t = h2 & ~h1
    return {ChiOp::kOrn, false, to1, q1, true};                // ~t = h1 | ~h2
  }
  if (to1 < 32) return {ChiOp::kBic, false, to1, q1, false};  // t = h1 & ~h2
  return {ChiOp::kOrn, true, to2, q2, true};                  // ~t = h2 | ~h1
}

constexpr int row_next(int i, int k) {
  return i / 5 * 5 + (i % 5 + k) % 5;
}

// theta's D[x] is held at the offset of C[x-1], i.e. of lane x-1 (row 0).
constexpr unsigned d_offset(const Held& h, int x) {
  return h.off[(x + 4) % 5];
}
// Lane i takes D[x] rotated by this much to come to its own offset...
constexpr unsigned d_shift(const Held& h, int i) {
  return shift(h.off[i], d_offset(h, i % 5));
}
// ... or it comes to D's offset instead (D EOR the lane rotated), which
// changes its offset from here on; ThetaPlan says which lanes do.
struct ThetaPlan {
  bool at_d[25];
};

// The lanes after theta, rho and pi (b[pi(i)] is lane i's register with
// D[x] folded in), held at round R + 1's offsets; then after chi.
constexpr Held held_after_theta(const Held& h, const ThetaPlan& plan) {
  bool column[5] = {}, d[5] = {};
  for (int i = 0; i < 25; ++i) column[i % 5] ^= h.inv[i];
  for (int x = 0; x < 5; ++x) d[x] = column[(x + 4) % 5] ^ column[(x + 1) % 5];
  Held b{};
  for (int i = 0; i < 25; ++i) {
    const unsigned off = plan.at_d[i] ? d_offset(h, i % 5) : h.off[i];
    b.off[keccak_pi_target(i)] = (off + kKeccakRho[i]) % 64;
    b.inv[keccak_pi_target(i)] = h.inv[i] ^ d[i % 5];
  }
  return b;
}

// chi terms whose BIC/ORN would need a rotation by exactly 32 (chi_term
// cannot avoid it: a separate ROR).
constexpr int chi_unfolded(const Held& b) {
  int n = 0;
  for (int i = 0; i < 25; ++i) {
    const int j = row_next(i, 1), k = row_next(i, 2);
    n += b.inv[j] == b.inv[k] && shift(b.off[k], b.off[j]) == 32;
  }
  return n;
}

// A lane goes to D's offset (never lane 0, whose offset iota relies on)
// when a lane above it in the column needs the same nonzero rotation of D
// (the compiler would rotate D once into a register for both: one
// instruction more), or when its new offset takes a chi term off a
// rotation by 32.
constexpr ThetaPlan theta_plan(const Held& h) {
  ThetaPlan plan{};
  for (int i = 1; i < 25; ++i) {
    const unsigned k = d_shift(h, i);
    for (int above = i % 5; above < i && k != 0; above += 5) {
      if (d_shift(h, above) == k) plan.at_d[i] = true;
    }
  }
  for (int i = 1; i < 25; ++i) {
    if (plan.at_d[i] || d_shift(h, i) == 0) continue;
    const int before = chi_unfolded(held_after_theta(h, plan));
    plan.at_d[i] = true;
    if (chi_unfolded(held_after_theta(h, plan)) >= before) plan.at_d[i] = false;
  }
  return plan;
}

constexpr Held held_after_chi(const Held& b) {
  Held s = b;
  for (int i = 0; i < 25; ++i) {
    const int j = row_next(i, 1), k = row_next(i, 2);
    s.inv[i] = b.inv[i] ^ chi_term(b.off[j], b.inv[j], b.off[k], b.inv[k]).inv;
  }
  return s;
}
// How the lanes are held before each round and after the last.
struct Schedule {
  Held before[25];
};
constexpr Schedule make_schedule() {
  Schedule sch{};
  for (int r = 0; r < 24; ++r) {
    const Held& h = sch.before[r];
    sch.before[r + 1] = held_after_chi(held_after_theta(h, theta_plan(h)));
  }
  return sch;
}
inline constexpr Schedule kSchedule = make_schedule();

template <int R>
inline constexpr Held kHeld = kSchedule.before[R];
template <int R>
inline constexpr ThetaPlan kPlan = theta_plan(kHeld<R>);
template <int R>
inline constexpr Held kHeldB = held_after_theta(kHeld<R>, kPlan<R>);

constexpr bool lane_0_never_offset() {
  for (const Held& h : kSchedule.before) {
    if (h.off[0] != 0) return false;
  }
  return true;
}
static_assert(lane_0_never_offset(), "iota's constant is XORed unrotated");

// rotr(x, n) for a constant n < 64, always inlined (std::rotr is an
// ordinary inline function, which GCC will not inline into a function
// built with other optimize options, such as keccak_hybrid_impl.h's in a
// file with options of its own).
ARMACCEL_ALWAYS_INLINE std::uint64_t ror(std::uint64_t x, unsigned n) {
  return (x >> n) | (x << ((64 - n) & 63));
}

// x ^ rotr(y, N): one EOR with a rotated operand.
template <unsigned N>
ARMACCEL_ALWAYS_INLINE std::uint64_t eor_ror(std::uint64_t x, std::uint64_t y) {
  return x ^ ror(y, N);
}

// theta's column parity C[x], held at the offset of lane x (row 0).
template <int R, int X>
ARMACCEL_ALWAYS_INLINE std::uint64_t column(const std::uint64_t s[25]) {
  constexpr const unsigned* p = kHeld<R>.off;
  std::uint64_t c = eor_ror<shift(p[X], p[X + 5])>(s[X], s[X + 5]);
  c = eor_ror<shift(p[X], p[X + 10])>(c, s[X + 10]);
  c = eor_ror<shift(p[X], p[X + 15])>(c, s[X + 15]);
  return eor_ror<shift(p[X], p[X + 20])>(c, s[X + 20]);
}
// D[x] = C[x-1] ^ rol(C[x+1], 1) (held as C[x-1]), applied to the five
// lanes of column x in place; rho and pi are then only renaming and
// offsets (kHeldB).
template <int R, int I>
ARMACCEL_ALWAYS_INLINE std::uint64_t theta_lane(std::uint64_t lane, std::uint64_t d) {
  constexpr Held h = kHeld<R>;
  if constexpr (kPlan<R>.at_d[I]) {
    return eor_ror<shift(d_offset(h, I % 5), h.off[I])>(d, lane);
  } else {
    return eor_ror<d_shift(h, I)>(lane, d);
  }
}
template <int R, int X, int... Y>
ARMACCEL_ALWAYS_INLINE void theta_column(std::uint64_t s[25], std::uint64_t c_left,
                                         std::uint64_t c_right, std::integer_sequence<int, Y...>) {
  constexpr const unsigned* p = kHeld<R>.off;
  constexpr unsigned left = p[(X + 4) % 5], right = p[(X + 1) % 5];
  const std::uint64_t d = eor_ror<shift(left, (right + 1) % 64)>(c_left, c_right);
  ((s[X + 5 * Y] = theta_lane<R, X + 5 * Y>(s[X + 5 * Y], d)), ...);
}

template <int... I>
ARMACCEL_ALWAYS_INLINE void rho_pi(std::uint64_t b[25], const std::uint64_t s[25],
                                   std::integer_sequence<int, I...>) {
  ((b[keccak_pi_target(I)] = s[I]), ...);
}

// chi's s[i] = b[i] ^ (~b[i+1] & b[i+2]) on held values: the term by one
// AND/ORR/BIC/ORN (chi_term), then one EOR; s[i] keeps b[i]'s offset.
template <int R, int I>
ARMACCEL_ALWAYS_INLINE std::uint64_t chi_lane(const std::uint64_t b[25]) {
  constexpr Held h = kHeldB<R>;
  constexpr int j = row_next(I, 1), k = row_next(I, 2);
  constexpr ChiTerm c = chi_term(h.off[j], h.inv[j], h.off[k], h.inv[k]);
  const std::uint64_t first = c.b2_first ? b[k] : b[j];
  const std::uint64_t other = ror(c.b2_first ? b[j] : b[k], c.amount);
  std::uint64_t t;
  if constexpr (c.op == ChiOp::kAnd) {
    t = first & other;
  } else if constexpr (c.op == ChiOp::kOrr) {
    t = first | other;
  } else if constexpr (c.op == ChiOp::kBic) {
    t = first & ~other;
  } else {
    t = first | ~other;
  }
  return eor_ror<shift(h.off[I], c.off)>(b[I], t);
}
template <int R, int... I>
ARMACCEL_ALWAYS_INLINE void chi(std::uint64_t s[25], const std::uint64_t b[25],
                                std::integer_sequence<int, I...>) {
  ((s[I] = chi_lane<R, I>(b)), ...);
}

// One round (§3.3: Rnd = iota(chi(pi(rho(theta(A)))))) on lanes held as
// kHeld<R>, leaving them held as kHeld<R + 1>.  The columns go in the
// order 1, 3, 0, 2, 4 so each parity retires after its second use.  iota
// needs no rotated or complemented constant: lane 0 has offset 0, and
// XOR commutes with complementing.
template <int R>
ARMACCEL_ALWAYS_INLINE void round(std::uint64_t s[25], const std::uint64_t* rc) {
  constexpr auto kRows = std::make_integer_sequence<int, 5>{};
  const std::uint64_t c0 = column<R, 0>(s), c1 = column<R, 1>(s), c2 = column<R, 2>(s),
                      c3 = column<R, 3>(s), c4 = column<R, 4>(s);
  theta_column<R, 1>(s, c0, c2, kRows);
  theta_column<R, 3>(s, c2, c4, kRows);
  theta_column<R, 0>(s, c4, c1, kRows);
  theta_column<R, 2>(s, c1, c3, kRows);
  theta_column<R, 4>(s, c3, c0, kRows);
  std::uint64_t b[25];
  rho_pi(b, s, std::make_integer_sequence<int, 25>{});
  // Rows from 4 down to 0: of the orders tried, the one GCC 12 spills
  // least with (some 100 instructions a permutation fewer than 0 up to 4).
  chi<R>(s, b,
         std::integer_sequence<int, 20, 21, 22, 23, 24, 15, 16, 17, 18, 19, 10, 11, 12, 13, 14, 5,
                               6, 7, 8, 9, 0, 1, 2, 3, 4>{});
  s[0] ^= rc[R];
}

// The lanes plain again (offset 0, not complemented) after the 24 rounds.
template <int... I>
ARMACCEL_ALWAYS_INLINE void settle(std::uint64_t s[25], std::integer_sequence<int, I...>) {
  constexpr Held h = kHeld<24>;
  ((s[I] = ror(s[I], shift(0, h.off[I])) ^ (h.inv[I] ? ~0ull : 0ull)), ...);
}

template <int... R>
ARMACCEL_ALWAYS_INLINE void permute_held(std::uint64_t s[25], const std::uint64_t* rc,
                                         std::integer_sequence<int, R...>) {
  (round<R>(s, rc), ...);
  settle(s, std::make_integer_sequence<int, 25>{});
}

// Keccak-f[1600] on 25 lanes the caller keeps in locals; rc is
// kKeccakRoundConstants.  absorb_words reads rc from a volatile for each
// block: GCC would otherwise hoist the 24 loads out of the absorbing loop
// and park the values on the stack, 48 instructions a call that a
// one-block call (every final block) pays in full.
ARMACCEL_ALWAYS_INLINE void permute_lanes(std::uint64_t s[25], const std::uint64_t* rc) {
  permute_held(s, rc, std::make_integer_sequence<int, 24>{});
}

// The state in and out lane by lane (LDP/STP straight from and to the
// caller's array; a memcpy would go through a stack copy).
constexpr auto kLanes = std::make_integer_sequence<int, 25>{};
template <int... I>
ARMACCEL_ALWAYS_INLINE void load_lanes(std::uint64_t s[25], const std::uint64_t a[25],
                                       std::integer_sequence<int, I...>) {
  ((s[I] = a[I]), ...);
}
template <int... I>
ARMACCEL_ALWAYS_INLINE void store_lanes(std::uint64_t a[25], const std::uint64_t s[25],
                                        std::integer_sequence<int, I...>) {
  ((a[I] = s[I]), ...);
}

// The absorbing loop for a rate of Words 64-bit words: the state stays in
// registers across blocks.
template <int Words>
void absorb_words(std::uint64_t a[kKeccakLanes], const std::uint8_t* data, std::size_t blocks) {
  const std::uint64_t* const volatile table = kKeccakRoundConstants;
  struct Permute {
    const std::uint64_t* const volatile* table;  // read again for each block
    ARMACCEL_ALWAYS_INLINE void operator()(std::uint64_t s[25]) const { permute_lanes(s, *table); }
  };
  keccak_absorb::absorb_words<Words>(a, data, blocks, Permute{&table});
}

// Keccak-f[1600] on one state in place (§3.3, §3.4); shapes as KeccakKernel's
// permute (api/keccak.h).  (Unused where a lane file takes only the
// hybrid's rounds, keccak_hybrid_impl.h.)
[[maybe_unused]] void permute(std::uint64_t a[kKeccakLanes]) {
  std::uint64_t s[25];
  load_lanes(s, a, kLanes);
  permute_lanes(s, kKeccakRoundConstants);
  store_lanes(a, s, kLanes);
}

// The sponge's absorbing loop (§4, Algorithm 8 step 6); shapes, units and
// rates as KeccakKernel's absorb (api/keccak.h): `blocks` blocks of `rate`
// bytes, any alignment, rate a multiple of 8 up to 192.  FIPS 202's and
// KMAC's rates (keccak_visit_rate's) get a loop of their own, reached by a
// plain switch (a tail call; keccak_visit_rate's lambda would not be inlined
// across the optimize pragma); any other rate goes block by block through
// permute.
[[maybe_unused]] void absorb(std::uint64_t a[kKeccakLanes], const std::uint8_t* data,
                             std::size_t blocks, std::size_t rate) {
  switch (rate) {
    case 72:
      return absorb_words<9>(a, data, blocks);
    case 104:
      return absorb_words<13>(a, data, blocks);
    case 136:
      return absorb_words<17>(a, data, blocks);
    case 144:
      return absorb_words<18>(a, data, blocks);
    case 168:
      return absorb_words<21>(a, data, blocks);
    default:
      break;
  }
  for (; blocks > 0; --blocks, data += rate) {
    for (std::size_t w = 0; w < rate / 8; ++w) a[w] ^= bytes::load_le64(data + 8 * w);
    permute(a);
  }
}

}  // namespace scalar
}  // namespace
}  // namespace armaccel

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif
