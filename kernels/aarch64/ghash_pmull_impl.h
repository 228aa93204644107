// SPDX-License-Identifier: Apache-2.0
// GHASH with PMULL/PMULL2 (SP 800-38D §6.4), primitives shared by the
// AArch64 lane files built with -march=armv8-a+crypto (ghash_pmull.cpp,
// gcm_ce.cpp).  Anonymous namespace: each including file has its own copy.
//
// Representation (ghash.h): a block is the 128-bit big-endian integer V; in
// a register it is {hi, lo} (lane 0 = the first eight bytes, after REV64).
// The key holds H'^k = H^k * x^-1 for k = 1..8, same lane order, and the
// Karatsuba middle operands (hi ^ lo of each power) packed two per vector.
// A product is accumulated unreduced in three 128-bit parts (hi*hi, lo*lo,
// middle); one reduction then serves any number of accumulated products.
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "aarch64/ghash_key_layout.h"
#include "api/ghash.h"

namespace armaccel {
namespace {

// Key layout (ghash_key_layout.h): powers H'^1..H'^8, then four
// middle-operand pairs {mid(H'^(2j+1)), mid(H'^(2j+2))}.

inline uint64x2_t load_block(const std::uint8_t* p) {
  return vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p)));
}

inline void store_block(std::uint8_t* p, uint64x2_t v) {
  vst1q_u8(p, vrev64q_u8(vreinterpretq_u8_u64(v)));
}

// Lane-0 x lane-0 and lane-1 x lane-1 carry-less 64x64 -> 128 products.
inline uint64x2_t pmull_lane0(uint64x2_t a, uint64x2_t b) {
  return vreinterpretq_u64_p128(vmull_p64(vgetq_lane_p64(vreinterpretq_p64_u64(a), 0),
                                          vgetq_lane_p64(vreinterpretq_p64_u64(b), 0)));
}

inline uint64x2_t pmull_lane1(uint64x2_t a, uint64x2_t b) {
  return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

struct GhashAcc {
  uint64x2_t hh = vdupq_n_u64(0);   // sum of hi * hi
  uint64x2_t ll = vdupq_n_u64(0);   // sum of lo * lo
  uint64x2_t mid = vdupq_n_u64(0);  // sum of (hi ^ lo) * (hi ^ lo)
};

// The first Count powers (and their middle operands) in registers.  Indices
// are compile-time constants throughout (template parameters), so the
// compiler keeps these in registers instead of a stack copy.
template <int Count = kGhashPowers>
struct GhashPowers {
  uint64x2_t p[Count];              // H'^(k+1), {hi, lo}
  uint64x2_t mid[(Count + 1) / 2];  // {mid(H'^(2j+1)), mid(H'^(2j+2))}
  GhashPowers() = default;
  explicit GhashPowers(const GhashKey* key) {
    // (A function, not the intrinsic, inside the pack expansion: Clang's
    // vld1q_u8 is a macro.)
    const auto load = [](const std::uint8_t* at) { return vreinterpretq_u64_u8(vld1q_u8(at)); };
    [&]<int... K>(std::integer_sequence<int, K...>) {
      ((p[K] = load(key->bytes + kPowersOffset + 16 * K)), ...);
    }
    (std::make_integer_sequence<int, Count>{});
    [&]<int... J>(std::integer_sequence<int, J...>) {
      ((mid[J] = load(key->bytes + kMiddleOffset + 16 * J)), ...);
    }
    (std::make_integer_sequence<int, (Count + 1) / 2>{});
  }
};

// acc += d * H^Power (Power 1..Count), unreduced.
template <int Power, int Count>
inline void mul_acc(GhashAcc& acc, uint64x2_t d, const GhashPowers<Count>& keys) {
  static_assert(Power >= 1 && Power <= Count);
  const uint64x2_t k = keys.p[Power - 1];
  acc.hh = veorq_u64(acc.hh, pmull_lane0(d, k));
  acc.ll = veorq_u64(acc.ll, pmull_lane1(d, k));
  const uint64x2_t dx = veorq_u64(d, vextq_u64(d, d, 1));  // hi ^ lo in both lanes
  const uint64x2_t pair = keys.mid[(Power - 1) / 2];
  acc.mid = veorq_u64(acc.mid, ((Power - 1) & 1) ? pmull_lane1(dx, pair) : pmull_lane0(dx, pair));
}

// Reduces an accumulated 256-bit product to {hi, lo}.  The products are
// in PMULL's lane order {low word, high word}: L = ll (bits 0..127), M =
// the Karatsuba middle (bits 64..191), H = hh (bits 128..255); z0, z1 are
// the two low words.  They are cleared by adding z0 * c * x^64 + z0 * x^128,
// then z1' * c * x^128 + z1' * x^192, where c = 0xC200000000000000
// (ghash.h) and z1' = z1 after the first step.  Folded as
//   X = swap(L) ^ z0*c ^ M = {z1', z0 ^ (z0*c).hi ^ M.hi}
//   result = swap(X) ^ z1'*c ^ H,
// two PMULLs and no zero register.
inline uint64x2_t reduce(const GhashAcc& acc) {
  const uint64x2_t c = vdupq_n_u64(0xC200000000000000ull);
  const uint64x2_t m = veorq_u64(acc.mid, veorq_u64(acc.hh, acc.ll));
  const uint64x2_t x =
      veorq_u64(veorq_u64(vextq_u64(acc.ll, acc.ll, 1), pmull_lane0(acc.ll, c)), m);
  const uint64x2_t r =
      veorq_u64(veorq_u64(vextq_u64(x, x, 1), pmull_lane0(x, c)), acc.hh);  // {lo, hi}
  return vextq_u64(r, r, 1);
}

// x = (x ^ d[0]) * H^N + d[1] * H^(N-1) + ... + d[N-1] * H, 1 <= N <= Count.
// XLast: the product with x enters the sums last, so the recurrence from
// one call to the next passes one XOR per sum rather than N (gcm-ce-ooo,
// for out-of-order cores); otherwise block order, which GCC allocates with
// the fewest instructions.
template <int N, int Count, bool XLast = false>
inline uint64x2_t absorb(uint64x2_t x, const uint64x2_t* d, const GhashPowers<Count>& keys) {
  GhashAcc acc;
  if constexpr (XLast) {
    [&]<int... I>(std::integer_sequence<int, I...>) {
      (mul_acc<N - 1 - I>(acc, d[I + 1], keys), ...);
    }
    (std::make_integer_sequence<int, N - 1>{});
    mul_acc<N>(acc, veorq_u64(x, d[0]), keys);
  } else {
    [&]<int... I>(std::integer_sequence<int, I...>) {
      (mul_acc<N - I>(acc, I == 0 ? veorq_u64(x, d[0]) : d[I], keys), ...);
    }
    (std::make_integer_sequence<int, N>{});
  }
  return reduce(acc);
}

}  // namespace
}  // namespace armaccel
