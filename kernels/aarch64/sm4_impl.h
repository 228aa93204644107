// SPDX-License-Identifier: Apache-2.0
// Pieces shared by the AArch64 SM4 lane files (sm4_ce.cpp, sm4_neon.cpp):
// counter blocks kept as big-endian 64-bit halves, and the two XTS tweak
// rules as small tweak-state types.  Unnamed namespace: each lane file,
// built with its own flags, gets its own copy (as keccak_impl.h).
#pragma once

#include <arm_neon.h>

#include <cstdint>

#include "util/always_inline.h"
#include "util/value_barrier.h"

namespace armaccel {
namespace {

// A 16-byte block as two big-endian 64-bit halves, and back.
ARMACCEL_ALWAYS_INLINE void load_halves(const std::uint8_t b[16], std::uint64_t& hi,
                                        std::uint64_t& lo) {
  hi = lo = 0;
  for (int i = 0; i < 8; ++i) {
    hi = (hi << 8) | b[i];
    lo = (lo << 8) | b[8 + i];
  }
}
ARMACCEL_ALWAYS_INLINE void store_halves(std::uint8_t b[16], std::uint64_t hi, std::uint64_t lo) {
  for (int i = 0; i < 8; ++i) {
    b[7 - i] = static_cast<std::uint8_t>(hi >> (8 * i));
    b[15 - i] = static_cast<std::uint8_t>(lo >> (8 * i));
  }
}
ARMACCEL_ALWAYS_INLINE uint8x16_t halves_block(std::uint64_t hi, std::uint64_t lo) {
  return vrev64q_u8(vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(hi), vcreate_u64(lo))));
}

// The counter block plus one: as a 128-bit big-endian integer (Wide), or
// with only its last 32 bits counting (GCM's inc32).  No branch: the carry
// is an add of the comparison's outcome (the counter may be secret, a
// CTR-DRBG's state).
template <bool Wide>
ARMACCEL_ALWAYS_INLINE void counter_next(std::uint64_t& hi, std::uint64_t& lo) {
  if constexpr (Wide) {
    lo = value_barrier(lo + 1);  // not the loop's induction variable (value_barrier.h)
    hi += lo == 0 ? 1 : 0;
  } else {
    lo = (lo & 0xffffffff00000000ull) | ((lo + 1) & 0xffffffffull);
  }
}

// IEEE 1619 §5.2: T * alpha with the tweak a little-endian 128-bit value,
// a left shift with the carry out of bit 127 folded back as 0x87.
struct IeeeTweak {
  uint8x16_t t;
  explicit IeeeTweak(const std::uint8_t b[16]) : t(vld1q_u8(b)) {}
  ARMACCEL_ALWAYS_INLINE uint8x16_t current() const { return t; }
  ARMACCEL_ALWAYS_INLINE void next() {
    const int64x2_t v = vreinterpretq_s64_u8(t);
    const int64x2_t carries = vshrq_n_s64(v, 63);  // all ones where the top bit was set
    const int64x2_t fold = vcombine_s64(vcreate_s64(0x87), vcreate_s64(1));
    const int64x2_t moved = vandq_s64(vextq_s64(carries, carries, 1), fold);
    t = vreinterpretq_u8_s64(veorq_s64(vshlq_n_s64(v, 1), moved));
  }
  void store(std::uint8_t b[16]) const { vst1q_u8(b, t); }
};

// GB/T 17964-2021: the tweak a big-endian value in GCM's bit order, T *
// alpha a right shift by one with 0xE1 folded into the first byte when the
// last bit was set.
struct GbTweak {
  std::uint64_t hi, lo;
  explicit GbTweak(const std::uint8_t b[16]) { load_halves(b, hi, lo); }
  ARMACCEL_ALWAYS_INLINE uint8x16_t current() const { return halves_block(hi, lo); }
  ARMACCEL_ALWAYS_INLINE void next() {
    const std::uint64_t fold = (0 - (lo & 1)) & 0xe100000000000000ull;
    lo = (lo >> 1) | (hi << 63);
    hi = (hi >> 1) ^ fold;
  }
  void store(std::uint8_t b[16]) const { store_halves(b, hi, lo); }
};

}  // namespace
}  // namespace armaccel
