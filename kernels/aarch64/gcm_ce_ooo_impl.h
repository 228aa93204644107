// SPDX-License-Identifier: Apache-2.0
// The loop of AES-GCM's variant for out-of-order cores, "gcm-ce-ooo" (SP
// 800-38D §7.1-7.2; its lane table is in gcm_ce.cpp, the only file that
// includes this): gcm-ce's loop with eight blocks per iteration, the GHASH
// accumulator's product last in each sum (only it carries from one
// iteration to the next), and a short record's four blocks through AES
// together and hashed with one reduction.  More instructions than gcm-ce;
// fewer cycles on the cores of the core table.  Anonymous namespace, in
// its own (gcm_ooo) beside gcm-ce's loop: internal to the lane file.
#pragma once

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "aes_ce_impl.h"
#include "api/gcm.h"
#include "ghash_pmull_impl.h"
#include "util/always_inline.h"

namespace armaccel {
namespace {
namespace gcm_ooo {

// K counter blocks from ctr (host-order 32-bit lanes; inc32 on lane 3),
// advancing ctr by K.  One constant, chained adds.
template <int K>
inline void next_counters(uint32x4_t& ctr, uint32x4_t one, uint8x16_t b[K]) {
  uint32x4_t c = ctr;
  for (int i = 0; i < K; ++i) {
    b[i] = vrev32q_u8(vreinterpretq_u8_u32(c));
    c = vaddq_u32(c, one);
  }
  ctr = c;
}

template <int K>
inline void rev64_blocks(const uint8x16_t c[K], uint64x2_t d[K]) {
  for (int i = 0; i < K; ++i) d[i] = vreinterpretq_u64_u8(vrev64q_u8(c[i]));
}

// The running state of one call, by reference.
struct GcmRun {
  const std::uint8_t*& in;
  std::uint8_t*& out;
  std::size_t& blocks;
  uint32x4_t& ctr;
  const uint32x4_t one;
  uint64x2_t& x;
};

// The next K counter blocks through AES, XORed into the next K input
// blocks and stored as ciphertext c (the caller advances the run);
// between the counters and AES, `between()` (the previous group's GHASH,
// so the two units overlap).
template <int Nr, int K, class Between = void (*)()>
ARMACCEL_ALWAYS_INLINE void encrypt_group(
    const Keys<Nr>& ks, GcmRun& run, uint8x16_t (&c)[K], Between between = [] {}) {
  next_counters<K>(run.ctr, run.one, c);
  between();
  crypt_n<true, K>(c, ks);
  for (int i = 0; i < K; ++i) {
    c[i] = veorq_u8(c[i], vld1q_u8(run.in + 16 * i));
    vst1q_u8(run.out + 16 * i, c[i]);
  }
}

// One block at a time (the tail).
template <int Nr, bool Encrypt, int Count>
ARMACCEL_ALWAYS_INLINE void gcm_blocks(const Keys<Nr>& ks, const GhashPowers<Count>& keys,
                                       GcmRun& run) {
  for (; run.blocks > 0; --run.blocks, run.in += 16, run.out += 16) {
    const uint8x16_t m = vld1q_u8(run.in);
    const uint8x16_t c = veorq_u8(m, encrypt1(vrev32q_u8(vreinterpretq_u8_u32(run.ctr)), ks));
    run.ctr = vaddq_u32(run.ctr, run.one);
    vst1q_u8(run.out, c);
    const uint64x2_t d = vreinterpretq_u64_u8(vrev64q_u8(Encrypt ? c : m));
    run.x = absorb<1, Count, true>(run.x, &d, keys);
  }
}

// Whole groups of K blocks.  Encryption: with at least two groups, the
// ciphertext of the previous group is hashed while the current counter
// blocks go through AES; a single group is encrypted, then hashed.
// Decryption: the input is hashed directly.
template <int Nr, bool Encrypt, int K, int Count>
ARMACCEL_ALWAYS_INLINE void gcm_groups(const Keys<Nr>& ks, const GhashPowers<Count>& keys,
                                       GcmRun& run) {
  constexpr std::size_t kBytes = 16 * K;
  if constexpr (Encrypt) {
    if (run.blocks < 2 * K) {
      if (run.blocks < K) return;
      // One group (a short record): its blocks through AES together, then
      // hashed together, one reduction rather than K.
      uint8x16_t c[K];
      uint64x2_t d[K];
      encrypt_group<Nr, K>(ks, run, c);
      rev64_blocks<K>(c, d);
      run.x = absorb<K, Count, true>(run.x, d, keys);
      run.in += kBytes;
      run.out += kBytes;
      run.blocks -= K;
      return;
    }
    uint8x16_t c[K];
    encrypt_group<Nr, K>(ks, run, c);
    run.in += kBytes;
    run.out += kBytes;
    run.blocks -= K;
    for (; run.blocks >= K; run.blocks -= K, run.in += kBytes, run.out += kBytes) {
      uint64x2_t d[K];
      rev64_blocks<K>(c, d);
      run.x = absorb<K, Count, true>(run.x, d, keys);
      encrypt_group<Nr, K>(ks, run, c);
    }
    uint64x2_t d[K];
    rev64_blocks<K>(c, d);
    run.x = absorb<K, Count, true>(run.x, d, keys);
  } else {
    for (; run.blocks >= K; run.blocks -= K, run.in += kBytes, run.out += kBytes) {
      uint8x16_t b[K], m[K];
      uint64x2_t d[K];
      for (int i = 0; i < K; ++i) m[i] = vld1q_u8(run.in + 16 * i);
      rev64_blocks<K>(m, d);
      next_counters<K>(run.ctr, run.one, b);
      run.x = absorb<K, Count, true>(run.x, d, keys);
      crypt_n<true, K>(b, ks);
      for (int i = 0; i < K; ++i) vst1q_u8(run.out + 16 * i, veorq_u8(m[i], b[i]));
    }
  }
}

// The whole call: groups of K blocks (K = 8: gcm-ce-ooo), then of four,
// then single blocks.
template <int Nr, bool Encrypt, int K>
void gcm_n(const AesRoundKeys* rk, const GhashKey* hkey, const std::uint8_t* in, std::uint8_t* out,
           std::size_t blocks, std::uint8_t counter[16], std::uint8_t xi[16]) {
  const Keys<Nr> ks(rk);
  const GhashPowers<K> keys(hkey);
  uint32x4_t ctr = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(counter)));
  uint64x2_t x = load_block(xi);
  GcmRun run{in, out, blocks, ctr, vsetq_lane_u32(1, vdupq_n_u32(0), 3), x};
  if constexpr (K > 4) gcm_groups<Nr, Encrypt, K>(ks, keys, run);
  gcm_groups<Nr, Encrypt, 4>(ks, keys, run);
  gcm_blocks<Nr, Encrypt>(ks, keys, run);
  vst1q_u8(counter, vrev32q_u8(vreinterpretq_u8_u32(ctr)));
  store_block(xi, x);
}

}  // namespace gcm_ooo
}  // namespace
}  // namespace armaccel
