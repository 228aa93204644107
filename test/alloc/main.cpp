// SPDX-License-Identifier: Apache-2.0
// The failing-allocation suite's entry point: OpenSSL's allocator must be
// replaced before libcrypto allocates anything, so this main installs the
// hooks first, then makes the library contexts and runs the tests.
#include <gtest/gtest.h>
#include <openssl/err.h>

#include <cstdio>

#include "alloc_hooks.h"
#include "contexts.h"

int main(int argc, char** argv) {
  using namespace armaccel::alloc_test;
  if (!install()) {
    std::fprintf(stderr, "CRYPTO_set_mem_functions refused: libcrypto allocated already\n");
    return 1;
  }
  // The thread's error queue exists before any sweep (its first use
  // allocates it, which no operation should be charged for).
  ERR_clear_error();
  if (!make_contexts()) {
    ERR_print_errors_fp(stderr);
    std::fprintf(stderr, "armaccel or the default provider did not load\n");
    free_contexts();
    return 1;
  }
  ::testing::InitGoogleTest(&argc, argv);
  const int rc = RUN_ALL_TESTS();
  free_contexts();
  return rc;
}
