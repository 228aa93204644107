// SPDX-License-Identifier: Apache-2.0
// SHA-256 and SHA-512 compression-function kernels (FIPS 180-4), one table
// per lane.  A kernel processes whole message blocks and carries the
// intermediate hash value H in and out, so any split of a message into
// calls gives the same state.  Padding, length encoding and buffering live
// in the Merkle-Damgard driver (sha2_driver.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "cpu/cpu_features.h"

namespace armaccel {

inline constexpr std::size_t kSha256BlockBytes = 64;
inline constexpr std::size_t kSha512BlockBytes = 128;

// A Merkle-Damgard compression function over state[8] of Word: `blocks`
// consecutive blocks of `data` (no alignment required), state in and out.
template <class Word>
using CompressFn = void (*)(Word state[8], const std::uint8_t* data, std::size_t blocks);

struct Sha256Kernel {
  const char* lane;      // "sha256-ce", "sha256-portable"
  CpuFeatures required;  // features the lane's instructions need
  // FIPS 180-4 §6.2.2 steps 1-4 for `blocks` consecutive 64-byte blocks of
  // `data` (no alignment required).  state[8] = H0..H7 in and out.
  // SHA-224 uses the same function with its own initial H (§5.3.2).
  CompressFn<std::uint32_t> compress;
};

struct Sha512Kernel {
  const char* lane;  // "sha512-ce", "sha512-portable"
  CpuFeatures required;
  // FIPS 180-4 §6.4.2 steps 1-4 for `blocks` consecutive 128-byte blocks.
  // state[8] = H0..H7 in and out; SHA-384, SHA-512/224 and SHA-512/256 use
  // it with their own initial H (§5.3.4-5.3.6).
  CompressFn<std::uint64_t> compress;
};

// SHA-256 round constants K0..K63 (§4.2.2) and SHA-512 constants K0..K79
// (§4.2.3), shared by every lane.
extern const std::uint32_t kSha256K[64];
extern const std::uint64_t kSha512K[80];

extern const Sha256Kernel kSha256Portable;
extern const Sha512Kernel kSha512Portable;

}  // namespace armaccel
