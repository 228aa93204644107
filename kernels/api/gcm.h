// SPDX-License-Identifier: Apache-2.0
// Fused GCM kernels (SP 800-38D §7.1-7.2, steps GCTR and GHASH over the
// ciphertext): one pass over whole blocks that encrypts with the inc32
// counter and absorbs the ciphertext into Xi, so a CPU can keep its AES and
// carry-less-multiply units busy at once.  A lane here is only used together
// with the AES and GHASH lanes whose schedule and key layouts it reads
// (its required features are a superset of theirs, so selection keeps them
// together); without a fused lane the GCM driver composes ctr32_encrypt and
// GHASH update.
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/aes.h"
#include "api/ghash.h"
#include "cpu/cpu_features.h"

namespace armaccel {

// The type of a fused GCM entry over a block cipher's schedule (rk, hkey,
// in, out, blocks, counter[16], xi[16]; see GcmKernel::encrypt).
template <class Schedule>
using GcmFusedFn = void (*)(const Schedule* rk, const GhashKey* hkey, const std::uint8_t* in,
                            std::uint8_t* out, std::size_t blocks, std::uint8_t counter[16],
                            std::uint8_t xi[16]);

struct GcmKernel {
  const char* lane;          // "gcm-ce"
  CpuFeatures required;      // AES and carry-less multiply
  const AesKernel* aes;      // the AES lane whose schedule it reads
  const GhashKernel* ghash;  // the GHASH lane whose key it reads
  // Encryption: out_j = in_j ^ E_K(counter), counter = inc32(counter), and
  // Xi = (Xi ^ out_j) * H, for `blocks` whole blocks.  Decryption: the same
  // keystream, with Xi absorbing in_j.  counter[16] and xi[16] in and out;
  // in == out allowed.
  GcmFusedFn<AesRoundKeys> encrypt;
  GcmFusedFn<AesRoundKeys> decrypt;
};

}  // namespace armaccel
