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
// raises what OpenSSL 3.5's ML-KEM key management raises on failure
// (PROV_R_INVALID_KEY), leaving the key unchanged.
//  - from_seed: ML-KEM.KeyGen_internal(d, z); keeps the seed (unless the
//    provider's ml-kem.retain_seed is off).
//  - set_public: ek_bytes (another length fails without an error), the
//    §7.2 modulus check.
//  - set_private: dk_bytes (likewise), the §7.3 hash check, the modulus
//    check of the ek inside, s-hat's encoding, and a pairwise consistency
//    check (one encapsulation to the ek must decapsulate to the same key);
//    also sets the public key.  `decoded`: the key comes from a decoder,
//    and a dk that does not parse is reported twice, as OpenSSL's key
//    management does when it loads a decoded key.
bool mlkem_key_from_seed(MlkemKey* key, const std::uint8_t seed[kMlkemSeedBytes]);
bool mlkem_key_set_public(MlkemKey* key, const std::uint8_t* ek, std::size_t len);
bool mlkem_key_set_private(MlkemKey* key, const std::uint8_t* dk, std::size_t len,
                           bool decoded = false);

// Random key generation: 64 bytes of randomness as the seed.
bool mlkem_key_generate(MlkemKey* key);

// Imports key material as OpenSSL 3.5's ML-KEM key management does (a
// piece is absent when null or empty), with its reasons:
//  - a seed other than 64 bytes: PROV_R_INVALID_SEED_LENGTH; priv or pub
//    of another length: PROV_R_INVALID_KEY_LENGTH; none of the three:
//    PROV_R_MISSING_KEY;
//  - pub and priv: pub must be the ek inside priv;
//  - the seed is used if given and preferred (ml-kem.prefer_seed) or the
//    only private form; the expanded key given beside it must be the one
//    it makes (its z first);
//  - else priv (set_private), else pub (set_public).
// armaccel is stricter in two places (docs/behaviour.md): a pub given with
// a seed alone must be the seed's ek, and with ml-kem.prefer_seed off the
// z of a seed given beside priv must be priv's (OpenSSL ignores both).
bool mlkem_key_import(MlkemKey* key, const std::uint8_t* seed, std::size_t seed_len,
                      const std::uint8_t* priv, std::size_t priv_len, const std::uint8_t* pub,
                      std::size_t pub_len, bool decoded = false);

}  // namespace armaccel::prov
