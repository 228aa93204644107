// SPDX-License-Identifier: Apache-2.0
// ML-KEM (FIPS 203, final): key generation, encapsulation and
// decapsulation with implicit rejection, and the key checks of §7.2-7.3,
// for ML-KEM-512/768/1024.  Freestanding: the hash functions run on a
// Keccak kernel (keccak.h) through the sponge driver (or the lane-form
// sponge where the lane has one), polynomials on the
// arithmetic lane (mlkem_kernel.h); no heap, and the matrix is produced
// row by row, never stored (about 4.4 KiB of stack per operation for any
// parameter set on a Cortex-M4, where entries and noise are sampled one
// polynomial at a time).  Constant time in the
// secrets: the only data-dependent branches are in the matrix sampling
// (public rho) and the final selection of the implicit-rejection key is a
// mask.
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/keccak.h"
#include "api/mlkem_kernel.h"

namespace armaccel::mlkem {

struct Params {
  const char* name;  // "ML-KEM-512", ...
  unsigned k, eta1, eta2, du, dv;
  std::size_t ek_bytes;  // 384k + 32
  std::size_t dk_bytes;  // 768k + 96
  std::size_t ct_bytes;  // 32 (du k + dv)
};

extern const Params kMlkem512;
extern const Params kMlkem768;
extern const Params kMlkem1024;

inline constexpr std::size_t kSharedSecretBytes = 32;
inline constexpr std::size_t kSeedBytes = 32;  // d, z and m each

// The lanes an operation runs on (from KernelSet::keccak and ::mlkem).
struct Kernels {
  const KeccakKernel* keccak;
  const MlkemKernel* arith;
};

// ML-KEM.KeyGen_internal (Algorithm 16): ek (ek_bytes) and dk (dk_bytes)
// from the seeds d and z.
void keygen(const Params& p, const Kernels& kern, const std::uint8_t d[32],
            const std::uint8_t z[32], std::uint8_t* ek, std::uint8_t* dk);

// ML-KEM.Encaps_internal (Algorithm 17) with the randomness m: ct
// (ct_bytes) and the shared secret K (32 bytes).  ek must have passed
// check_encapsulation_key.
void encaps(const Params& p, const Kernels& kern, const std::uint8_t* ek, const std::uint8_t m[32],
            std::uint8_t* ct, std::uint8_t ss[32]);

// ML-KEM.Decaps_internal (Algorithm 18): K, or the implicit-rejection key
// J(z || c) when the re-encryption differs.  dk must have passed
// check_decapsulation_key.
void decaps(const Params& p, const Kernels& kern, const std::uint8_t* dk, const std::uint8_t* ct,
            std::uint8_t ss[32]);

// §7.2 modulus check: every 12-bit coefficient of ek's t-hat is < q.
// Constant time (the provider also checks dk's secret s-hat with it); the
// verdict is declassified (ct_declassify.h).
bool check_encapsulation_key(const Params& p, const std::uint8_t* ek);

// §7.3 hash check: the H(ek) stored in dk equals H of the ek stored there.
bool check_decapsulation_key(const Params& p, const KeccakKernel* keccak, const std::uint8_t* dk);

}  // namespace armaccel::mlkem
