// SPDX-License-Identifier: Apache-2.0
// ML-KEM keys for the allocation tests: made from a fixed seed, and read
// back as bytes (ek || dk) to compare one key with another.
#pragma once

#include <string>

#include "ossl_ptr.h"
#include "sweep.h"

namespace armaccel::alloc_test {

// A key pair of `alg` (ML-KEM-512/768/1024) from the 64-byte seed
// pattern(64, salt), through armaccel's key generation.
bool mlkem_keygen(const char* alg, unsigned salt, PkeyPtr& key);

// "pub" then "priv" (when the key has it); false if "pub" is missing.
bool key_bytes(const EVP_PKEY* key, Bytes& out);

// One encapsulation with armaccel: ciphertext and shared secret; with
// `ikme`, deterministic.
bool encapsulate(EVP_PKEY* pub, const Bytes* ikme, Bytes& ct, Bytes& secret);
bool decapsulate(EVP_PKEY* priv, const Bytes& ct, Bytes& secret);

}  // namespace armaccel::alloc_test
