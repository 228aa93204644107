// SPDX-License-Identifier: Apache-2.0
// Encoders and decoders of X25519 keys (x25519_codecs.cpp), in RFC 8410's
// forms (x25519_der.h), as OpenSSL's default provider offers them:
//
//   encoders  output=der|pem, structure=SubjectPublicKeyInfo
//             output=der|pem, structure=PrivateKeyInfo (encrypted when
//                             the caller set a cipher)
//             output=der|pem, structure=EncryptedPrivateKeyInfo
//             output=text     "X25519 Private-Key:" / "X25519 Public-Key:",
//                             "priv:", "pub:"
//   decoders  input=der, structure=SubjectPublicKeyInfo / PrivateKeyInfo
//
// Null-terminated algorithm lists, for the provider's tables.
#pragma once

#include <openssl/core.h>

namespace armaccel::prov {

const OSSL_ALGORITHM* x25519_encoder_algorithms();
const OSSL_ALGORITHM* x25519_decoder_algorithms();

}  // namespace armaccel::prov
