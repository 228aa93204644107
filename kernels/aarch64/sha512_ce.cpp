// SPDX-License-Identifier: Apache-2.0
// SHA-512 compression function, AArch64 SHA512-extension lane "sha512-ce"
// (FIPS 180-4 §6.4.2).
//
// Two rounds per SHA512H/SHA512H2 pair.  The state lives in four vectors of
// two words, ab = {a, b}, cd, ef, gh (lane 0 first).  One double round:
//   T   = SHA512H(gh + swap(K+W), {f, g}, {d, e})   -> the two T1 values
//   ef' = cd + T                                    -> {e'', e'}
//   ab' = SHA512H2(T, cd, ab)                       -> {a'', a'}
// after which (ab, cd, ef, gh) = (ab', ab, ef', ef).  SHA512SU0/SHA512SU1
// extend the schedule two words at a time.
//
// Built with per-file -march=armv8.2-a+sha3 (GCC puts the SHA-512 intrinsics
// under +sha3, which also allows EOR3 for plain XORs): everything here is
// internal except the lane table (docs/architecture.md, extension-flag hazard).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "api/sha2.h"

namespace armaccel {
namespace {

struct State {
  uint64x2_t ab, cd, ef, gh;
};

// Two rounds with kw = {K[t] + W[t], K[t+1] + W[t+1]}.
inline void double_round(State& s, uint64x2_t kw) {
  const uint64x2_t sum = vaddq_u64(s.gh, vextq_u64(kw, kw, 1));
  const uint64x2_t fg = vextq_u64(s.ef, s.gh, 1);
  const uint64x2_t de = vextq_u64(s.cd, s.ef, 1);
  const uint64x2_t t1 = vsha512hq_u64(sum, fg, de);
  const uint64x2_t ef = vaddq_u64(s.cd, t1);
  const uint64x2_t ab = vsha512h2q_u64(t1, s.cd, s.ab);
  s.gh = s.ef;
  s.ef = ef;
  s.cd = s.ab;
  s.ab = ab;
}

// One 128-byte block: rounds 0..79 fully unrolled.
inline void process_block(State& s, const std::uint8_t* data) {
  const State in = s;
  uint64x2_t m[8];
  for (int i = 0; i < 8; ++i) m[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(data + 16 * i)));
#pragma GCC unroll 40
  for (int i = 0; i < 40; ++i) {
    const uint64x2_t kw = vaddq_u64(m[i & 7], vld1q_u64(kSha512K + 2 * i));
    if (i < 32) {
      // W[2i+16], W[2i+17] replace W[2i], W[2i+1].
      m[i & 7] = vsha512su1q_u64(vsha512su0q_u64(m[i & 7], m[(i + 1) & 7]), m[(i + 7) & 7],
                                 vextq_u64(m[(i + 4) & 7], m[(i + 5) & 7], 1));
    }
    double_round(s, kw);
  }
  s.ab = vaddq_u64(s.ab, in.ab);
  s.cd = vaddq_u64(s.cd, in.cd);
  s.ef = vaddq_u64(s.ef, in.ef);
  s.gh = vaddq_u64(s.gh, in.gh);
}

State load_state(const std::uint64_t state[8]) {
  return {vld1q_u64(state), vld1q_u64(state + 2), vld1q_u64(state + 4), vld1q_u64(state + 6)};
}

void store_state(std::uint64_t state[8], const State& s) {
  vst1q_u64(state, s.ab);
  vst1q_u64(state + 2, s.cd);
  vst1q_u64(state + 4, s.ef);
  vst1q_u64(state + 6, s.gh);
}

// Many blocks: GCC keeps the round constants across the loop (copying them
// once per call), the cheapest per block.
void compress_many(std::uint64_t state[8], const std::uint8_t* data, std::size_t blocks) {
  State s = load_state(state);
  for (; blocks > 0; --blocks, data += kSha512BlockBytes) process_block(s, data);
  store_state(state, s);
}

// One block (the padding block, short messages): no loop, so no per-call
// copy of the constants.
void compress_one(std::uint64_t state[8], const std::uint8_t* data) {
  State s = load_state(state);
  process_block(s, data);
  store_state(state, s);
}

void compress(std::uint64_t state[8], const std::uint8_t* data, std::size_t blocks) {
  if (blocks == 1) {
    compress_one(state, data);
  } else if (blocks != 0) {
    compress_many(state, data, blocks);
  }
}

}  // namespace

extern const Sha512Kernel kSha512Ce;
const Sha512Kernel kSha512Ce = {
    .lane = "sha512-ce", .required = kFeatAsimd | kFeatSha512, .compress = compress};

}  // namespace armaccel
