// SPDX-License-Identifier: Apache-2.0
// SHA-256 compression function, AArch64 crypto-extension lanes "sha256-ce"
// and "sha256-ce-ooo" (FIPS 180-4 §6.2.2).
//
// Four rounds per SHA256H/SHA256H2 pair, on the state split into ABCD and
// EFGH vectors; SHA256SU0/SHA256SU1 compute four message-schedule words at a
// time (W[t..t+3] from W[t-16..t-1]).
//
// Built with per-file -march=armv8-a+crypto: everything here is internal
// except the lane table (docs/architecture.md, extension-flag hazard).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "api/core_variant.h"
#include "api/sha2.h"

namespace armaccel {
namespace {

inline uint32x4_t load_words(const std::uint8_t* p) {
  return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

// W[t+16 .. t+19] from W[t .. t+15], held as four vectors w0..w3.
inline uint32x4_t next_words(uint32x4_t w0, uint32x4_t w1, uint32x4_t w2, uint32x4_t w3) {
  return vsha256su1q_u32(vsha256su0q_u32(w0, w1), w2, w3);
}

// sha256-ce: the fewest instructions, for in-order cores and the reference
// CPU.  SHA256H overwrites ABCD and SHA256H2 needs the ABCD it started from,
// so each step keeps a plain copy; GCC gives the copy to SHA256H, which puts
// a move on the ABCD recurrence (the chain every round waits on) but needs
// no other move.  The 16 steps are unrolled with the round constants in
// registers.
void compress_unrolled(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
  uint32x4_t abcd = vld1q_u32(state);
  uint32x4_t efgh = vld1q_u32(state + 4);
  for (; blocks > 0; --blocks, data += kSha256BlockBytes) {
    const uint32x4_t abcd_in = abcd;
    const uint32x4_t efgh_in = efgh;
    uint32x4_t m[4];
    for (int i = 0; i < 4; ++i) m[i] = load_words(data + 16 * i);
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) {
      const uint32x4_t wk = vaddq_u32(m[g & 3], vld1q_u32(kSha256K + 4 * g));
      if (g < 12) m[g & 3] = next_words(m[g & 3], m[(g + 1) & 3], m[(g + 2) & 3], m[(g + 3) & 3]);
      const uint32x4_t abcd_prev = abcd;
      abcd = vsha256hq_u32(abcd, efgh, wk);
      efgh = vsha256h2q_u32(efgh, abcd_prev, wk);
    }
    abcd = vaddq_u32(abcd, abcd_in);
    efgh = vaddq_u32(efgh, efgh_in);
  }
  vst1q_u32(state, abcd);
  vst1q_u32(state + 4, efgh);
}

// One step of sha256-ce-ooo: the ABCD copy is an EOR with a zero vector, an
// operation of its own, so SHA256H works on ABCD in place and the copy runs
// beside it.  The zero comes from SHA256SU0, which compilers do not fold.
inline void step_ooo(uint32x4_t& abcd, uint32x4_t& efgh, uint32x4_t wk, uint32x4_t zero) {
  const uint32x4_t abcd_prev = veorq_u32(abcd, zero);
  abcd = vsha256hq_u32(abcd, efgh, wk);
  efgh = vsha256h2q_u32(efgh, abcd_prev, wk);
}

// sha256-ce-ooo: fewer cycles on out-of-order cores.  Nothing but SHA256H,
// SHA256H2 and the ABCD copy sits on the state recurrence: the state copies
// for the final addition are EORs with zero too, and the rounds run as a
// loop of four steps with the round constants loaded in it.  Fully unrolled,
// GCC 12 keeps all 16 constants in registers and then moves ABCD and EFGH
// between registers on the recurrence (five moves a block: 86 against 83
// estimated cycles a block on neoverse-v1, llvm-mca); the four-step loop
// leaves it none.  About 24 more instructions a block than sha256-ce.
void compress_rolled(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
  const uint32x4_t zero = vsha256su0q_u32(vdupq_n_u32(0), vdupq_n_u32(0));
  uint32x4_t abcd = vld1q_u32(state);
  uint32x4_t efgh = vld1q_u32(state + 4);
  for (; blocks > 0; --blocks, data += kSha256BlockBytes) {
    const uint32x4_t abcd_in = veorq_u32(abcd, zero);
    const uint32x4_t efgh_in = veorq_u32(efgh, zero);
    uint32x4_t m0 = load_words(data);
    uint32x4_t m1 = load_words(data + 16);
    uint32x4_t m2 = load_words(data + 32);
    uint32x4_t m3 = load_words(data + 48);
    const std::uint32_t* k = kSha256K;
    // Rounds 0..47, which also compute W[16..63].
#pragma GCC unroll 1
    for (int r = 0; r < 3; ++r, k += 16) {
      uint32x4_t wk = vaddq_u32(m0, vld1q_u32(k));
      m0 = next_words(m0, m1, m2, m3);
      step_ooo(abcd, efgh, wk, zero);
      wk = vaddq_u32(m1, vld1q_u32(k + 4));
      m1 = next_words(m1, m2, m3, m0);
      step_ooo(abcd, efgh, wk, zero);
      wk = vaddq_u32(m2, vld1q_u32(k + 8));
      m2 = next_words(m2, m3, m0, m1);
      step_ooo(abcd, efgh, wk, zero);
      wk = vaddq_u32(m3, vld1q_u32(k + 12));
      m3 = next_words(m3, m0, m1, m2);
      step_ooo(abcd, efgh, wk, zero);
    }
    // Rounds 48..63.
    step_ooo(abcd, efgh, vaddq_u32(m0, vld1q_u32(k)), zero);
    step_ooo(abcd, efgh, vaddq_u32(m1, vld1q_u32(k + 4)), zero);
    step_ooo(abcd, efgh, vaddq_u32(m2, vld1q_u32(k + 8)), zero);
    step_ooo(abcd, efgh, vaddq_u32(m3, vld1q_u32(k + 12)), zero);
    abcd = vaddq_u32(abcd, abcd_in);
    efgh = vaddq_u32(efgh, efgh_in);
  }
  vst1q_u32(state, abcd);
  vst1q_u32(state + 4, efgh);
}

}  // namespace

extern const Sha256Kernel kSha256Ce;
extern const Sha256Kernel kSha256CeOoo;
constexpr Sha256Kernel kSha256Ce = {
    .lane = "sha256-ce", .required = kFeatAsimd | kFeatSha2, .compress = compress_unrolled};
// The variant for out-of-order cores (cpu/lane_table.cpp): the copy of ABCD
// taken off the SHA256H recurrence.
constexpr Sha256Kernel kSha256CeOoo =
    core_variant(kSha256Ce, "sha256-ce-ooo", [](Sha256Kernel& k) { k.compress = compress_rolled; });

}  // namespace armaccel
