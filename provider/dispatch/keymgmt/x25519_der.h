// SPDX-License-Identifier: Apache-2.0
// DER forms of X25519 keys (RFC 8410, "Algorithm Identifiers for Ed25519,
// Ed448, X25519, and X448 for Use in the Internet X.509 Public Key
// Infrastructure"), as OpenSSL writes and reads them:
//
//   SubjectPublicKeyInfo ::= SEQUENCE {            -- RFC 8410 section 4
//     algorithm        AlgorithmIdentifier { id-X25519 (1.3.101.110),
//                                            parameters ABSENT },
//     subjectPublicKey BIT STRING }                -- the 32-byte u, no unused bits
//
//   OneAsymmetricKey ::= SEQUENCE {                -- RFC 8410 section 7, RFC 5958
//     version              INTEGER (0 | 1),
//     privateKeyAlgorithm  AlgorithmIdentifier { id-X25519, ABSENT },
//     privateKey           OCTET STRING (CONTAINING CurvePrivateKey),
//     attributes       [0] IMPLICIT SET OPTIONAL,        -- checked, skipped
//     publicKey        [1] IMPLICIT BIT STRING OPTIONAL } -- v1 (1) only
//   CurvePrivateKey ::= OCTET STRING                -- the 32-byte private key
//
// Written: the 44-byte SubjectPublicKeyInfo and the 48-byte version-0
// PrivateKeyInfo.
#pragma once

#include <cstddef>
#include <cstdint>

#include "errors.h"
#include "x25519_key.h"

namespace armaccel::prov {

inline constexpr std::size_t kX25519SpkiBytes = 44;
inline constexpr std::size_t kX25519Pkcs8Bytes = 48;

// The key's encodings; false when it lacks the key they hold.
bool x25519_spki_encode(const X25519Key& key, std::uint8_t out[kX25519SpkiBytes]);
bool x25519_pkcs8_encode(const X25519Key& key, std::uint8_t out[kX25519Pkcs8Bytes]);

// The outcome of looking at DER input: not X25519 (another algorithm or
// nothing recognisable: the decoder leaves it to others), an X25519 key
// (the pieces point into the input; pub is null when a PrivateKeyInfo
// has no publicKey), or id-X25519 in a structure that is wrong (`reason`).
struct X25519Decoded {
  enum Status { kNotMine, kKey, kMalformed } status = kNotMine;
  Reason reason = kErrBadEncoding;
  const std::uint8_t* priv = nullptr;  // 32 bytes
  const std::uint8_t* pub = nullptr;   // 32 bytes
};

X25519Decoded x25519_spki_decode(const std::uint8_t* der, std::size_t len);
X25519Decoded x25519_pkcs8_decode(const std::uint8_t* der, std::size_t len);

}  // namespace armaccel::prov
