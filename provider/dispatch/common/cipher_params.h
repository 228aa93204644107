// SPDX-License-Identifier: Apache-2.0
// Algorithm-level cipher parameters (OSSL_FUNC_cipher_get_params), reported
// exactly as OpenSSL's default provider does for the same cipher so that
// EVP derives the same EVP_CIPH_* flags (docs/openssl-notes.md).
#pragma once

#include <openssl/core.h>

#include <cstddef>

namespace armaccel::prov {

struct CipherInfo {
  unsigned mode;            // EVP_CIPH_*_MODE
  std::size_t key_bytes;    // "keylen"
  std::size_t iv_bytes;     // "ivlen"
  std::size_t block_bytes;  // "blocksize": 16 for ECB/CBC, 1 for stream modes
  bool aead;                // "aead"
  bool custom_iv;           // "custom-iv"
};

// Answers mode, keylen, ivlen, blocksize, aead, custom-iv, cts, tls-multi,
// has-randkey and encrypt-then-mac (0: none of armaccel's ciphers is a
// stitched encrypt-then-MAC cipher).  Returns 0 (with an error queued) if a parameter cannot
// hold its value.
int get_cipher_params(OSSL_PARAM params[], const CipherInfo& info);

// The matching gettable list.
// The list for this provider instance's host (OpenSSL 3.6+ adds
// "encrypt-then-mac").
const OSSL_PARAM* cipher_gettable_params(const void* provctx);

}  // namespace armaccel::prov
