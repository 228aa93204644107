// SPDX-License-Identifier: Apache-2.0
// An ML-KEM key as the provider holds it (FIPS 203): the parameter set,
// the encapsulation key ek, the decapsulation key dk and, when the key was
// generated or imported from one, the 64-byte seed d || z.  Shared by the
// key management, the KEM, the encoders/decoders and the hybrid TLS group.
#pragma once

#include <cstddef>
#include <cstdint>

#include "mlkem/mlkem.h"
#include "prov_ctx.h"

namespace armaccel::prov {

inline constexpr std::size_t kMlkemSeedBytes = 64;     // d || z
inline constexpr std::size_t kMlkemMaxEkBytes = 1568;  // ML-KEM-1024
inline constexpr std::size_t kMlkemMaxDkBytes = 3168;  // ML-KEM-1024
inline constexpr std::size_t kMlkemMaxCtBytes = 1568;  // ML-KEM-1024

struct MlkemKey {
  ProvCtx* prov;
  const mlkem::Params* params;
  bool has_pub;
  bool has_priv;
  bool has_seed;
  std::uint8_t seed[kMlkemSeedBytes];
  std::uint8_t ek[kMlkemMaxEkBytes];
  std::uint8_t dk[kMlkemMaxDkBytes];  // ek and H(ek) inside, as FIPS 203 lays it out
};

// The parameter set of an algorithm name ("ML-KEM-768", the OID, ...);
// nullptr if none.
const mlkem::Params* mlkem_params_by_bits(unsigned bits);  // 512, 768, 1024

// True when a TLS group or algorithm name ("MLKEM768", "ML-KEM-768", any
// case) names the parameter set with `bits`.
bool mlkem_group_matches(const char* name, unsigned bits);

// Allocates an empty key (no material) or nullptr.
MlkemKey* mlkem_key_new(ProvCtx* prov, const mlkem::Params* params);
// Wipes (OPENSSL_cleanse) and frees; nullptr is fine.
void mlkem_key_free(MlkemKey* key);
MlkemKey* mlkem_key_dup(const MlkemKey* key, int selection);

// The kernels of the key's provider instance.
mlkem::Kernels mlkem_kernels(const MlkemKey* key);

// Key material setters; each checks its input the way FIPS 203 asks and
// raises an armaccel error (invalid key / length) on failure, leaving the
// key unchanged.
//  - from_seed: ML-KEM.KeyGen_internal(d, z); keeps the seed (unless the
//    provider's ml-kem.retain_seed is off).
//  - set_public: ek_bytes, §7.2 modulus check.
//  - set_private: dk_bytes, §7.3 hash check, the modulus check of the ek
//    inside and a pairwise consistency check (one encapsulation to the ek
//    must decapsulate to the same key); also sets the public key.
bool mlkem_key_from_seed(MlkemKey* key, const std::uint8_t seed[kMlkemSeedBytes]);
bool mlkem_key_set_public(MlkemKey* key, const std::uint8_t* ek, std::size_t len);
bool mlkem_key_set_private(MlkemKey* key, const std::uint8_t* dk, std::size_t len);

// Random key generation: 64 bytes of randomness as the seed.
bool mlkem_key_generate(MlkemKey* key);

// Imports material in the precedence OpenSSL 3.5 uses: seed (if given, and
// preferred or the only private form), else priv, else pub; with both
// seed and priv, the key derived from the seed must equal priv; with pub as
// well, it must equal the key's ek.  Any of the three may be nullptr.
bool mlkem_key_import(MlkemKey* key, const std::uint8_t* seed, std::size_t seed_len,
                      const std::uint8_t* priv, std::size_t priv_len, const std::uint8_t* pub,
                      std::size_t pub_len);

}  // namespace armaccel::prov
