// SPDX-License-Identifier: Apache-2.0
// The library contexts of the allocation tests: one with armaccel (and the
// default provider beside it, for random numbers and what armaccel lacks),
// one with only the default provider (the reference).  Made in main before
// any sweep, freed at its end.
#pragma once

#include <openssl/types.h>

namespace armaccel::alloc_test {

bool make_contexts();
void free_contexts();
OSSL_LIB_CTX* armaccel_ctx();
OSSL_LIB_CTX* oracle_ctx();

// The property query every fetch of armaccel's algorithms uses.
inline constexpr char kArmaccel[] = "provider=armaccel";

}  // namespace armaccel::alloc_test
