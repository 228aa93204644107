// SPDX-License-Identifier: Apache-2.0
// An X25519 key as the provider holds it (RFC 7748 section 6.1): the
// 32-byte private key (the scalar before clamping, as RFC 7748 and
// OpenSSL store it) and the 32-byte public key, the u-coordinate
// X25519(private, 9).  Shared by the key management, the key exchange and
// the encoders/decoders; every X25519 operation runs on the instance's
// X25519 lane (kernels/api/x25519.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include <openssl/core.h>

#include "prov_ctx.h"

namespace armaccel::prov {

inline constexpr std::size_t kX25519KeyBytes = 32;
inline constexpr int kX25519Bits = 253;          // OpenSSL's X25519_BITS
inline constexpr int kX25519SecurityBits = 128;  // RFC 7748 section 1

struct X25519Key {
  ProvCtx* prov;
  bool has_pub;
  bool has_priv;
  std::uint8_t pub[kX25519KeyBytes];
  std::uint8_t priv[kX25519KeyBytes];
};

// Allocates an empty key (no material) or nullptr (with the error raised).
X25519Key* x25519_key_new(ProvCtx* prov);
// Wipes (OPENSSL_cleanse) and frees; nullptr is fine.
void x25519_key_free(X25519Key* key);
// A copy of the parts `selection` names (OSSL_KEYMGMT_SELECT_*).
X25519Key* x25519_key_dup(const X25519Key* key, int selection);

// Key material setters.  `len` must be 32 (otherwise they fail without an
// error, as OpenSSL's import does, the key unchanged).
//  - set_private: the private key; with `pub` null, the public key is
//    computed from it (the fixed-base method), else `pub` (32 bytes) is
//    taken as given, as OpenSSL's import does (validate checks the pair).
//  - set_public: the public key alone (any private key is dropped).
bool x25519_key_set_private(X25519Key* key, const std::uint8_t* priv, std::size_t len,
                            const std::uint8_t* pub);
bool x25519_key_set_public(X25519Key* key, const std::uint8_t* pub, std::size_t len);

// Imports "priv" (when `selection` has OSSL_KEYMGMT_SELECT_PRIVATE_KEY)
// and/or "pub" (octet strings, 32 bytes), as the default provider does: a
// private key without "pub" gets its public key computed, one with "pub"
// takes it as given.  Failures leave no reason of armaccel's, as the
// default provider's leave none: only what the running libcrypto's
// OSSL_PARAM_get_octet_string raises for a parameter of the wrong type, a
// null buffer or (for "pub", read into 57 bytes as OpenSSL does) a longer
// value.
bool x25519_key_import(X25519Key* key, int selection, const OSSL_PARAM params[]);

// A random key pair: 32 bytes from armaccel's entropy source, clamped as
// RFC 7748 section 5 decodes a scalar (as OpenSSL stores generated keys).
bool x25519_key_generate(X25519Key* key);

// Whether the public key is X25519(private, 9) (OpenSSL's pairwise check).
bool x25519_key_pair_matches(const X25519Key& key);

// The name of the lane the key's operations run on.
const char* x25519_lane(const ProvCtx* prov);

}  // namespace armaccel::prov
