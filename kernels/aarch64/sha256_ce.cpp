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

#include "api/sha2.h"

namespace armaccel {
namespace {

// SHA256H overwrites ABCD, and SHA256H2 needs the ABCD it started from, so
// each step keeps a copy.  How it is made is the difference between the two
// lanes:
// - kMove (sha256-ce): a plain copy.  GCC gives the copy to SHA256H, which
//   puts a move on the ABCD recurrence (the chain every round waits on), but
//   no other move is needed: the fewest instructions, which is what in-order
//   cores run on.
// - kEorZero (sha256-ce-ooo): the copy is an EOR with a zero vector, an
//   operation of its own, so SHA256H works on ABCD in place and the copy
//   runs beside it.  GCC then adds a few moves elsewhere (about 8 more
//   instructions a block), fewer cycles on out-of-order cores.  The zero
//   comes from SHA256SU0, which compilers do not fold, so it stays an EOR.
enum class AbcdCopy { kMove, kEorZero };

template <AbcdCopy Copy>
void compress(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
  const uint32x4_t zero = vsha256su0q_u32(vdupq_n_u32(0), vdupq_n_u32(0));
  uint32x4_t abcd = vld1q_u32(state);
  uint32x4_t efgh = vld1q_u32(state + 4);
  for (; blocks > 0; --blocks, data += kSha256BlockBytes) {
    const uint32x4_t abcd_in = abcd;
    const uint32x4_t efgh_in = efgh;
    uint32x4_t m[4];
    for (int i = 0; i < 4; ++i) m[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(data + 16 * i)));
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) {
      const uint32x4_t wk = vaddq_u32(m[g & 3], vld1q_u32(kSha256K + 4 * g));
      if (g < 12) {
        // W[4g+16 .. 4g+19] replaces W[4g .. 4g+3].
        m[g & 3] = vsha256su1q_u32(vsha256su0q_u32(m[g & 3], m[(g + 1) & 3]), m[(g + 2) & 3],
                                   m[(g + 3) & 3]);
      }
      const uint32x4_t abcd_prev = Copy == AbcdCopy::kEorZero ? veorq_u32(abcd, zero) : abcd;
      abcd = vsha256hq_u32(abcd, efgh, wk);
      efgh = vsha256h2q_u32(efgh, abcd_prev, wk);
    }
    abcd = vaddq_u32(abcd, abcd_in);
    efgh = vaddq_u32(efgh, efgh_in);
  }
  vst1q_u32(state, abcd);
  vst1q_u32(state + 4, efgh);
}

}  // namespace

extern const Sha256Kernel kSha256Ce;
const Sha256Kernel kSha256Ce = {
    .lane = "sha256-ce", .required = kFeatAsimd | kFeatSha2, .compress = compress<AbcdCopy::kMove>};
extern const Sha256Kernel kSha256CeOoo;
const Sha256Kernel kSha256CeOoo = {.lane = "sha256-ce-ooo",
                                   .required = kFeatAsimd | kFeatSha2,
                                   .compress = compress<AbcdCopy::kEorZero>};

}  // namespace armaccel
