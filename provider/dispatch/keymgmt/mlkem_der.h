// SPDX-License-Identifier: Apache-2.0
// DER forms of ML-KEM keys, as the IETF LAMPS document "Internet X.509
// Public Key Infrastructure -- Algorithm Identifiers for the Module-Lattice-
// Based Key-Encapsulation Mechanism (ML-KEM)" (draft-ietf-lamps-kyber-
// certificates, sections 4-6 and appendix C) defines them and OpenSSL 3.5
// writes and reads them:
//
//   SubjectPublicKeyInfo (RFC 5280 4.1.2.7) ::= SEQUENCE {
//     algorithm        AlgorithmIdentifier { id-alg-ml-kem-N, parameters ABSENT },
//     subjectPublicKey BIT STRING }           -- ek, no unused bits
//
//   PrivateKeyInfo / OneAsymmetricKey (RFC 5958 2) ::= SEQUENCE {
//     version              INTEGER (0 | 1),
//     privateKeyAlgorithm  AlgorithmIdentifier { id-alg-ml-kem-N, ABSENT },
//     privateKey           OCTET STRING (CONTAINING ML-KEM-N-PrivateKey),
//     attributes       [0] IMPLICIT SET OPTIONAL,     -- checked, skipped
//     publicKey        [1] IMPLICIT BIT STRING OPTIONAL -- v1 only; must be ek }
//
//   ML-KEM-N-PrivateKey ::= CHOICE {
//     seed         [0] IMPLICIT OCTET STRING (SIZE (64)),   -- d || z
//     expandedKey  OCTET STRING (SIZE (dk bytes)),
//     both         SEQUENCE { seed OCTET STRING (SIZE (64)),
//                             expandedKey OCTET STRING (SIZE (dk bytes)) } }
//
// OpenSSL 3.5 names the private-key forms "seed-priv" (both), "priv-only"
// (expandedKey), "seed-only" (seed), and reads three legacy ones:
// "oqskeypair" (an OCTET STRING holding dk || ek, oqs-provider's form),
// "bare-priv" (dk with no DER around it) and "bare-seed" (the 64 seed bytes
// alone).  The ml-kem.input_formats / ml-kem.output_formats settings list
// them by these names.
#pragma once

#include <cstddef>
#include <cstdint>

#include "errors.h"
#include "mlkem_key.h"

namespace armaccel::prov {

enum class MlkemPrivForm : std::uint8_t {
  kSeedPriv,
  kPrivOnly,
  kOqsKeypair,
  kSeedOnly,
  kBarePriv,
  kBareSeed,
};
inline constexpr std::size_t kMlkemPrivFormCount = 6;

const char* mlkem_priv_form_name(MlkemPrivForm form);

// Private-key forms in preference order.
struct MlkemFormList {
  MlkemPrivForm forms[kMlkemPrivFormCount];
  std::size_t count;
};

// Parses a format list ("seed-priv, priv-only"; names separated by commas
// and/or blanks, any case, each at most once).  An empty or null text gives
// every form in OpenSSL 3.5's default order (seed-priv, priv-only,
// oqskeypair, seed-only, bare-priv, bare-seed).  False for an unknown name.
bool mlkem_parse_formats(const char* text, MlkemFormList* out);

// Room for the largest encoding: the oqskeypair PKCS#8 of ML-KEM-1024
// (24 bytes of DER around 3168 + 1568 key bytes).
inline constexpr std::size_t kMlkemMaxDerBytes = 4800;

struct MlkemDer {
  std::uint8_t bytes[kMlkemMaxDerBytes];
  std::size_t len;
};

// The 22 + ek bytes of the key's SubjectPublicKeyInfo; false if it has no
// public key.
bool mlkem_spki_encode(const MlkemKey& key, MlkemDer* out);

// The key's PrivateKeyInfo (version 0, no attributes) with the private key
// in `form`; false if the key cannot give that form (no private key, or no
// seed for a form holding one).
bool mlkem_pkcs8_encode(const MlkemKey& key, MlkemPrivForm form, MlkemDer* out);

// True if the key has what `form` holds.
bool mlkem_key_can_give(const MlkemKey& key, MlkemPrivForm form);

// The outcome of looking at DER input: not for this parameter set (another
// algorithm, another ML-KEM size, or nothing recognisable -- the decoder
// then leaves it to others), this parameter set's key (the pieces below
// point into the input), or this parameter set's OID in a structure that is
// wrong (`reason` says how).
struct MlkemDecoded {
  enum Status { kNotMine, kKey, kMalformed } status = kNotMine;
  Reason reason = kErrBadEncoding;
  const std::uint8_t* seed = nullptr;  // 64 bytes
  const std::uint8_t* priv = nullptr;  // dk_bytes
  const std::uint8_t* pub = nullptr;   // ek_bytes
};

MlkemDecoded mlkem_spki_decode(const mlkem::Params& params, const std::uint8_t* der,
                               std::size_t len);
// Only forms listed in `allowed` are accepted (another known form gives
// kErrNoMatchingFormat).
MlkemDecoded mlkem_pkcs8_decode(const mlkem::Params& params, const MlkemFormList& allowed,
                                const std::uint8_t* der, std::size_t len);

}  // namespace armaccel::prov
