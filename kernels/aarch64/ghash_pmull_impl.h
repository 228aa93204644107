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

#include "../ghash.h"

namespace armaccel {
namespace {

constexpr int kGhashPowers = 8;
// Byte offsets in GhashKey: powers H'^1..H'^8, then four middle-operand pairs
// {mid(H'^(2j+1)), mid(H'^(2j+2))}.
constexpr std::size_t kPowersOffset = 0;
constexpr std::size_t kMiddleOffset = 16 * kGhashPowers;
static_assert(kMiddleOffset + 16 * kGhashPowers / 2 <= sizeof(GhashKey));

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

struct GhashPowers {
  uint64x2_t p[kGhashPowers];        // H'^(k+1), {hi, lo}
  uint64x2_t mid[kGhashPowers / 2];  // {mid(H'^(2j+1)), mid(H'^(2j+2))}
  explicit GhashPowers(const GhashKey* key, int count = kGhashPowers) {
    for (int k = 0; k < count; ++k)
      p[k] = vreinterpretq_u64_u8(vld1q_u8(key->bytes + kPowersOffset + 16 * k));
    for (int j = 0; j < (count + 1) / 2; ++j)
      mid[j] = vreinterpretq_u64_u8(vld1q_u8(key->bytes + kMiddleOffset + 16 * j));
  }
};

// acc += d * H^power (power 1..8), unreduced.
inline void mul_acc(GhashAcc& acc, uint64x2_t d, const GhashPowers& keys, int power) {
  const uint64x2_t k = keys.p[power - 1];
  acc.hh = veorq_u64(acc.hh, pmull_lane0(d, k));
  acc.ll = veorq_u64(acc.ll, pmull_lane1(d, k));
  const uint64x2_t dx = veorq_u64(d, vextq_u64(d, d, 1));  // hi ^ lo in both lanes
  const uint64x2_t pair = keys.mid[(power - 1) / 2];
  acc.mid = veorq_u64(acc.mid, ((power - 1) & 1) ? pmull_lane1(dx, pair) : pmull_lane0(dx, pair));
}

// Reduces an accumulated 256-bit product to {hi, lo}.  The product is
// z3:z2:z1:z0 (64-bit words); its low 128 bits are cleared by adding
// z0 * c * x^64 + z0 * x^128, then z1 * c * x^128 + z1 * x^192, where
// c = 0xC200000000000000 (ghash.h).
inline uint64x2_t reduce(const GhashAcc& acc) {
  const uint64x2_t zero = vdupq_n_u64(0);
  const uint64x2_t c = vdupq_n_u64(0xC200000000000000ull);
  const uint64x2_t mid = veorq_u64(acc.mid, veorq_u64(acc.hh, acc.ll));
  const uint64x2_t z01 = veorq_u64(acc.ll, vextq_u64(zero, mid, 1));  // {z0, z1}
  const uint64x2_t z23 = veorq_u64(acc.hh, vextq_u64(mid, zero, 1));  // {z2, z3}
  // {z1, z2} ^= {t0, t1 ^ z0}, t = z0 * c
  const uint64x2_t t = veorq_u64(pmull_lane0(z01, c), vextq_u64(zero, z01, 1));
  const uint64x2_t z12 = veorq_u64(vextq_u64(z01, z23, 1), t);
  // {z2, z3} ^= {u0, u1 ^ z1}, u = z1 * c
  const uint64x2_t u = veorq_u64(pmull_lane0(z12, c), vextq_u64(zero, z12, 1));
  const uint64x2_t r = veorq_u64(vzip2q_u64(z12, z23), u);  // {z2, z3} ^ u = {lo, hi}
  return vextq_u64(r, r, 1);
}

// x = (x ^ d[0]) * H^n + d[1] * H^(n-1) + ... + d[n-1] * H, 1 <= n <= 8.
inline uint64x2_t absorb(uint64x2_t x, const uint64x2_t* d, int n, const GhashPowers& keys) {
  GhashAcc acc;
  mul_acc(acc, veorq_u64(x, d[0]), keys, n);
  for (int i = 1; i < n; ++i) mul_acc(acc, d[i], keys, n - i);
  return reduce(acc);
}

}  // namespace
}  // namespace armaccel
